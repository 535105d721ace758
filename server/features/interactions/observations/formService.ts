// Commands on a district's observation forms (issue 28), each in one transaction with its audit row.
// A form's questions live in versions: a form whose current version no observation was made with (drafts
// and deleted observations count) is rewritten in place; otherwise an edit writes version N+1 and moves the
// form to it, so every observation keeps the version it was made with. Items sent with an `id` (an item of
// the current version) keep that item's lineage across versions; new items start their own lineage.
// Old versions and their items are never changed, and a form is never deleted, only archived.
import { nowIso, type DB } from '../../../../db/connection';
import { lockDistrictWrites } from '../../../../db/locks';
import { FORM_MESSAGES } from '../../../../common/schemas/observationForms';
import { OBSERVATION_MESSAGES, type ObservationFormInput } from '../../../../common/schemas/observations';
import { conflict, type FieldErrors, notFound, validationError } from '../../../http/errors';
import { changedFields, type DistrictActor, recordAudit } from '../../../lib/audit';
import { FORM_NOT_FOUND } from './formPolicies';
import { type ItemConfig, parseItemConfig } from './formPresenter';
import {
  activeFramework, activeSkillIds, classroomObservationType, findActiveType, findFormRow, findNameClash, findVersion, itemsOfVersions,
  type ItemRow, lastVersion, versionHasObservations,
} from './formQueries';

const M = OBSERVATION_MESSAGES;

/** An item as it is stored: what the checks made of the body's item. */
interface ItemValues {
  id: number | null;
  section: string | null;
  label: string;
  kind: ObservationFormInput['items'][number]['kind'];
  required: number;
  config: string;
  skill_id: number | null;
}

interface Checked {
  typeId: number;
  items: ItemValues[];
}

const configOf = (item: ObservationFormInput['items'][number], defaultScale: number): ItemConfig =>
  item.kind === 'choice' ? { options: item.options, multiple: item.multiple }
    : item.kind === 'rating' ? { scale: item.scale ?? defaultScale } : {};

/**
 * The rules that need the district's rows, every broken one at once (422 naming each field): the name free
 * among the district's forms, the interaction type active, choice options, skills of the active framework,
 * item ids of the form's current version (each once). `current`: the form being edited.
 */
async function check(
  trx: DB, actor: DistrictActor, input: ObservationFormInput,
  current?: { id: number; interactionTypeId: number; items: ItemRow[] },
): Promise<Checked> {
  const districtId = actor.districtId;
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => { (errors[field] ??= []).push(message); };

  if (await findNameClash(trx, districtId, input.name, current?.id)) add('name', M.formNameTaken);

  let typeId: number | null = null;
  if (input.interaction_type_id !== null) {
    // The form's own type stays allowed after it was archived, so the form can still be edited.
    if (input.interaction_type_id === current?.interactionTypeId || (await findActiveType(trx, districtId, input.interaction_type_id))) {
      typeId = input.interaction_type_id;
    } else add('interaction_type_id', M.typeNotInDistrict);
  } else if (current) {
    typeId = current.interactionTypeId;
  } else {
    const fallback = await classroomObservationType(trx, districtId);
    if (fallback) typeId = fallback.id;
    else add('interaction_type_id', FORM_MESSAGES.typeNeeded);
  }

  const framework = await activeFramework(trx, districtId);
  const wantedSkills = input.items.map((i) => i.skill_id).filter((id): id is number => id !== null);
  const skills = framework ? await activeSkillIds(trx, districtId, framework.id, wantedSkills) : new Set<number>();
  const currentIds = new Set((current?.items ?? []).map((i) => i.id));
  const seenIds = new Set<number>();

  const items = input.items.map((item, n): ItemValues => {
    if (item.id !== null) {
      if (!currentIds.has(item.id)) add(`items.${n}.id`, M.itemNotOfForm);
      else if (seenIds.has(item.id)) add(`items.${n}.id`, FORM_MESSAGES.itemTwice);
      seenIds.add(item.id);
    }
    if (item.kind === 'choice') {
      const distinct = new Set(item.options.map((o) => o.toLowerCase()));
      if (distinct.size < item.options.length) add(`items.${n}.options`, M.optionTwice);
      else if (distinct.size < 2) add(`items.${n}.options`, M.optionsNeeded);
    }
    if (item.skill_id !== null && !skills.has(item.skill_id)) add(`items.${n}.skill_id`, M.skillNotFound);
    return {
      id: item.id, section: item.section, label: item.label, kind: item.kind, required: item.required ? 1 : 0,
      config: JSON.stringify(configOf(item, framework?.topLevel ?? 4)), skill_id: item.skill_id,
    };
  });
  if (Object.keys(errors).length > 0 || typeId === null) throw validationError(errors);
  return { typeId, items };
}

/** The item's row values at a position of a version. */
const itemRow = (districtId: number, versionId: number, item: ItemValues, position: number) => ({
  district_id: districtId, version_id: versionId, position, section: item.section, label: item.label, kind: item.kind,
  required: item.required, config: item.config, skill_id: item.skill_id,
});

/** Inserts an item; `lineage`: the lineage it continues, else its own id starts one. */
async function insertItem(trx: DB, districtId: number, versionId: number, item: ItemValues, position: number, lineage: number | null) {
  const { id } = await trx.insertInto('observation_form_items').values({ ...itemRow(districtId, versionId, item, position), lineage_id: lineage })
    .returning('id').executeTakeFirstOrThrow();
  if (lineage === null) await trx.updateTable('observation_form_items').set({ lineage_id: id }).where('id', '=', id).execute();
}

/** What an item is, for comparing an edit with the current version and for the audit row. */
const itemSummary = (item: { id: number | null; section: string | null; label: string; kind: string; required: number; config: string; skill_id: number | null }) => ({
  id: item.id, section: item.section, label: item.label, kind: item.kind, required: item.required === 1,
  config: parseItemConfig(item.config), skill_id: item.skill_id,
});

export async function createForm(db: DB, actor: DistrictActor, input: ObservationFormInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The name is unique among the district's forms: checked and written with the district's writes one at a time.
    await lockDistrictWrites(trx, actor.districtId);
    const { typeId, items } = await check(trx, actor, input);
    const now = nowIso();
    const { id } = await trx.insertInto('observation_forms').values({
      district_id: actor.districtId, interaction_type_id: typeId, builtin: 0, current_version_id: null, archived_at: null,
      created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const { id: versionId } = await trx.insertInto('observation_form_versions').values({
      district_id: actor.districtId, form_id: id, version: 1, name: input.name, description: input.description,
      created_by: actor.userId, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('observation_forms').set({ current_version_id: versionId }).where('id', '=', id).execute();
    for (const [n, item] of items.entries()) await insertItem(trx, actor.districtId, versionId, item, n + 1, null);
    await recordAudit(trx, actor, {
      action: 'observation_form.created', subjectType: 'observation_form', subjectId: id,
      details: { name: input.name, version: 1, interaction_type_id: typeId, items: items.length },
    });
    return id;
  });
}

/**
 * Edits a form: in place while its current version has no observations, else as version N+1. An edit that
 * changes nothing writes nothing; one that changes only the interaction type changes the form's row alone.
 */
export async function updateForm(db: DB, actor: DistrictActor, id: number, input: ObservationFormInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockDistrictWrites(trx, actor.districtId);
    const form = await findFormRow(trx, actor.districtId, id);
    if (!form || form.current_version_id === null) throw notFound(FORM_NOT_FOUND);
    const version = await findVersion(trx, actor.districtId, form.current_version_id);
    const currentItems = await itemsOfVersions(trx, actor.districtId, [version.id]);
    const { typeId, items } = await check(trx, actor, input, { id, interactionTypeId: form.interaction_type_id, items: currentItems });

    const before = { name: version.name, description: version.description, items: currentItems.map(itemSummary) };
    const after = { name: input.name, description: input.description, items: items.map(itemSummary) };
    const questionsChanged = JSON.stringify(before) !== JSON.stringify(after);
    if (!questionsChanged && typeId === form.interaction_type_id) return;

    const now = nowIso();
    let versionNumber = version.version;
    let newVersion = false;
    if (questionsChanged) {
      const lineageOf = new Map(currentItems.map((i) => [i.id, i.lineage_id ?? i.id]));
      if (await versionHasObservations(trx, actor.districtId, version.id)) {
        newVersion = true;
        versionNumber = (await lastVersion(trx, actor.districtId, id)) + 1;
        const { id: versionId } = await trx.insertInto('observation_form_versions').values({
          district_id: actor.districtId, form_id: id, version: versionNumber, name: input.name, description: input.description,
          created_by: actor.userId, created_at: now,
        }).returning('id').executeTakeFirstOrThrow();
        for (const [n, item] of items.entries()) {
          await insertItem(trx, actor.districtId, versionId, item, n + 1, item.id === null ? null : lineageOf.get(item.id)!);
        }
        await trx.updateTable('observation_forms').set({ current_version_id: versionId }).where('id', '=', id).execute();
      } else {
        await trx.updateTable('observation_form_versions').set({ name: input.name, description: input.description })
          .where('id', '=', version.id).execute();
        const kept = new Set(items.map((i) => i.id).filter((x): x is number => x !== null));
        const dropped = currentItems.filter((i) => !kept.has(i.id)).map((i) => i.id);
        if (dropped.length > 0) await trx.deleteFrom('observation_form_items').where('id', 'in', dropped).execute();
        for (const [n, item] of items.entries()) {
          if (item.id === null) await insertItem(trx, actor.districtId, version.id, item, n + 1, null);
          else {
            await trx.updateTable('observation_form_items').set(itemRow(actor.districtId, version.id, item, n + 1))
              .where('id', '=', item.id).execute();
          }
        }
      }
    }
    await trx.updateTable('observation_forms').set({ interaction_type_id: typeId, updated_at: now }).where('id', '=', id).execute();
    const changed: Record<string, unknown> = changedFields(
      { name: before.name, description: before.description, interaction_type_id: form.interaction_type_id },
      { name: after.name, description: after.description, interaction_type_id: typeId },
    );
    if (JSON.stringify(before.items) !== JSON.stringify(after.items)) {
      changed.items = { from: before.items.map(({ id: _id, ...rest }) => rest), to: after.items.map(({ id: _id, ...rest }) => rest) };
    }
    await recordAudit(trx, actor, {
      action: 'observation_form.updated', subjectType: 'observation_form', subjectId: id,
      details: { name: input.name, version: versionNumber, new_version: newVersion, ...changed },
    });
  });
}

/** Archives or restores a form (409 when it already is so); its versions and observations stay. */
export async function setFormArchived(db: DB, actor: DistrictActor, id: number, archived: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockDistrictWrites(trx, actor.districtId);
    const form = await findFormRow(trx, actor.districtId, id);
    if (!form || form.current_version_id === null) throw notFound(FORM_NOT_FOUND);
    if (archived && form.archived_at) throw conflict(M.formAlreadyArchived);
    if (!archived && !form.archived_at) throw conflict(M.formAlreadyActive);
    const now = nowIso();
    await trx.updateTable('observation_forms').set({ archived_at: archived ? now : null, updated_at: now }).where('id', '=', id).execute();
    const { name } = await findVersion(trx, actor.districtId, form.current_version_id);
    await recordAudit(trx, actor, {
      action: archived ? 'observation_form.archived' : 'observation_form.restored', subjectType: 'observation_form', subjectId: id,
      details: { name },
    });
  });
}
