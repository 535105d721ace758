// Commands on interaction types and their custom fields, for a district's own types and for the
// provider's defaults alike (the editor's owner says whose). Each runs in one transaction with its
// audit row: edits record { field: { from, to } } for what changed.
import { nowIso, type DB } from '../../../db/connection';
import { lockDistrictWrites, lockNamed } from '../../../db/locks';
import { INTERACTION_TYPE_MESSAGES, type FieldKind } from '../../../common/schemas/interactionTypes';
import { conflict, notFound, validationError } from '../../http/errors';
import { changedFields, recordAudit } from '../../lib/audit';
import type { TypeEditor } from './policies';
import { FIELD_NOT_FOUND, TYPE_NOT_FOUND } from './policies';
import { type FieldConfig, parseConfig } from './presenter';
import {
  type FieldRow, fieldHasValues, fieldOrder, findField, findNameClash, findType, nextFieldOrder, nextTypeOrder, type Owner, type TypeRow, typeOrder,
} from './queries';

export interface TypeInput {
  name: string;
  colour: string;
  default_minutes: number;
  counts_as_coaching: boolean;
}

export interface FieldInput {
  label: string;
  help_text: string | null;
  kind: string;
  required: boolean;
  options: string[];
  min: number | null;
  max: number | null;
  scale: number | null;
  labels: string[];
}

export type Direction = 'up' | 'down';

const M = INTERACTION_TYPE_MESSAGES;

function audit(db: DB, editor: TypeEditor, action: string, subjectType: 'interaction_type' | 'interaction_field', subjectId: number, details: Record<string, unknown>) {
  return recordAudit(db, editor.actor, {
    action, subjectType, subjectId, details: editor.owner === null ? { defaults: true, ...details } : details,
  });
}

/** `changedFields` with lists compared by value. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out = changedFields(before, after);
  for (const key of Object.keys(out)) if (JSON.stringify(before[key]) === JSON.stringify(after[key])) delete out[key];
  return out;
}

/**
 * A district's types and fields are written one at a time (db/locks.ts): names unique, the order, a
 * field's kind locked once it has values, all read before they are written. The provider's defaults
 * (owner null) take a named lock instead.
 */
async function lockTypes(trx: DB, editor: TypeEditor): Promise<void> {
  if (editor.owner === null) await lockNamed(trx, 'default interaction types');
  else await lockDistrictWrites(trx, editor.owner);
}

/** One write to the types or their fields: a transaction that first takes that lock. */
function typesWrite<T>(db: DB, editor: TypeEditor, write: (trx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockTypes(trx, editor);
    return write(trx);
  });
}

async function requireType(db: DB, owner: Owner, id: number): Promise<TypeRow> {
  const type = await findType(db, owner, id);
  if (!type) throw notFound(TYPE_NOT_FOUND);
  return type;
}

async function requireField(db: DB, owner: Owner, id: number): Promise<FieldRow> {
  const field = await findField(db, owner, id);
  if (!field) throw notFound(FIELD_NOT_FOUND);
  return field;
}

async function uniqueName(db: DB, owner: Owner, name: string, exceptId?: number): Promise<void> {
  if (await findNameClash(db, owner, name, exceptId)) throw validationError({ name: [M.nameTaken] });
}

const typeValues = (input: TypeInput) => ({
  name: input.name,
  colour: input.colour,
  default_minutes: input.default_minutes,
  counts_as_coaching: input.counts_as_coaching ? 1 : 0,
});

const typeAudit = (row: { name: string; colour: string; default_minutes: number; counts_as_coaching: number }) => ({
  name: row.name, colour: row.colour, default_minutes: row.default_minutes, counts_as_coaching: row.counts_as_coaching === 1,
});

export async function createType(db: DB, editor: TypeEditor, input: TypeInput): Promise<number> {
  return typesWrite(db, editor, async (trx) => {
    await uniqueName(trx, editor.owner, input.name);
    const now = nowIso();
    const { id } = await trx.insertInto('interaction_types').values({
      district_id: editor.owner, ...typeValues(input), sort_order: await nextTypeOrder(trx, editor.owner),
      archived_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, editor, 'interaction_type_created', 'interaction_type', id, typeAudit(typeValues(input)));
    return id;
  });
}

export async function updateType(db: DB, editor: TypeEditor, id: number, input: TypeInput): Promise<void> {
  await typesWrite(db, editor, async (trx) => {
    const before = await requireType(trx, editor.owner, id);
    await uniqueName(trx, editor.owner, input.name, id);
    const values = typeValues(input);
    const changed = changes(typeAudit(before), typeAudit(values));
    if (Object.keys(changed).length === 0) return;
    await trx.updateTable('interaction_types').set({ ...values, updated_at: nowIso() }).where('id', '=', id).execute();
    await audit(trx, editor, 'interaction_type_updated', 'interaction_type', id, changed);
  });
}

/** What archiving a type or a field reads (its archived state, the audit's details), refuses and writes. */
const ARCHIVABLE = {
  interaction_type: {
    table: 'interaction_types', alreadyArchived: M.alreadyArchived, alreadyActive: M.alreadyActive,
    read: async (db: DB, owner: Owner, id: number) => {
      const type = await requireType(db, owner, id);
      return { archivedAt: type.archived_at, details: { name: type.name } };
    },
  },
  interaction_field: {
    table: 'interaction_fields', alreadyArchived: M.fieldAlreadyArchived, alreadyActive: M.fieldAlreadyActive,
    read: async (db: DB, owner: Owner, id: number) => {
      const field = await requireField(db, owner, id);
      return { archivedAt: field.archived_at, details: { label: field.label } };
    },
  },
} as const;

/** Archive or restore a type or a field (the audit's subject is the kind). */
async function setArchived(db: DB, editor: TypeEditor, kind: keyof typeof ARCHIVABLE, id: number, archived: boolean): Promise<void> {
  const a = ARCHIVABLE[kind];
  await typesWrite(db, editor, async (trx) => {
    const { archivedAt, details } = await a.read(trx, editor.owner, id);
    if (archived && archivedAt) throw conflict(a.alreadyArchived);
    if (!archived && !archivedAt) throw conflict(a.alreadyActive);
    const now = nowIso();
    await trx.updateTable(a.table).set({ archived_at: archived ? now : null, updated_at: now }).where('id', '=', id).execute();
    await audit(trx, editor, `${kind}_${archived ? 'archived' : 'restored'}`, kind, id, details);
  });
}

export const setTypeArchived = (db: DB, editor: TypeEditor, id: number, archived: boolean) => setArchived(db, editor, 'interaction_type', id, archived);

/**
 * The new order after moving `id` one place in `direction` among the items sharing its archived state
 * (an active type passes the previous active type, skipping archived ones between them), or null when
 * it is already first or last: moving past the end changes nothing.
 */
export function moved<T extends { id: number; archived: boolean }>(items: T[], id: number, direction: Direction): T[] | null {
  const at = items.findIndex((i) => i.id === id);
  if (at < 0) return null;
  const step = direction === 'up' ? -1 : 1;
  let other = at + step;
  while (other >= 0 && other < items.length && items[other]!.archived !== items[at]!.archived) other += step;
  if (other < 0 || other >= items.length) return null;
  const out = [...items];
  [out[at], out[other]] = [out[other]!, out[at]!];
  return out;
}

/** Moves a type up or down; at either end it is left where it is (200, nothing written). */
export async function moveType(db: DB, editor: TypeEditor, id: number, direction: Direction): Promise<void> {
  await typesWrite(db, editor, async (trx) => {
    const type = await requireType(trx, editor.owner, id);
    const before = await typeOrder(trx, editor.owner);
    const after = moved(before, id, direction);
    if (!after) return;
    const now = nowIso();
    for (const [index, item] of after.entries()) {
      await trx.updateTable('interaction_types').set({ sort_order: index + 1, updated_at: now }).where('id', '=', item.id).execute();
    }
    await audit(trx, editor, 'interaction_type_moved', 'interaction_type', id, {
      name: type.name, direction, position: { from: before.findIndex((i) => i.id === id) + 1, to: after.findIndex((i) => i.id === id) + 1 },
    });
  });
}

/** What a field stores in `config`: only the settings of its kind. */
function configOf(input: FieldInput): FieldConfig {
  switch (input.kind as FieldKind) {
    case 'single_choice':
    case 'multiple_choice':
      return { options: input.options };
    case 'number':
      return { min: input.min, max: input.max };
    case 'rating':
      return input.labels.length ? { scale: input.scale, labels: input.labels } : { scale: input.scale };
    default:
      return {};
  }
}

const fieldAudit = (row: { label: string; help_text: string | null; kind: string; required: boolean }, config: FieldConfig) => ({
  label: row.label, help_text: row.help_text, kind: row.kind, required: row.required,
  options: config.options ?? null, min: config.min ?? null, max: config.max ?? null, scale: config.scale ?? null, labels: config.labels ?? null,
});

export async function createField(db: DB, editor: TypeEditor, typeId: number, input: FieldInput): Promise<number> {
  return typesWrite(db, editor, async (trx) => {
    const type = await requireType(trx, editor.owner, typeId);
    const config = configOf(input);
    const now = nowIso();
    const { id } = await trx.insertInto('interaction_fields').values({
      district_id: editor.owner, interaction_type_id: type.id, label: input.label, help_text: input.help_text, kind: input.kind,
      config: JSON.stringify(config), required: input.required ? 1 : 0, sort_order: await nextFieldOrder(trx, editor.owner, type.id),
      archived_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, editor, 'interaction_field_created', 'interaction_field', id, { type: type.name, ...fieldAudit(input, config) });
    return id;
  });
}

/**
 * Edits a field. Its kind cannot change once an interaction holds a value for it (422 on kind): old
 * values would stop meaning what they meant. Options, limits and labels may change; values already
 * recorded are kept as they were entered.
 */
export async function updateField(db: DB, editor: TypeEditor, id: number, input: FieldInput): Promise<void> {
  await typesWrite(db, editor, async (trx) => {
    const before = await requireField(trx, editor.owner, id);
    if (before.kind !== input.kind && (await fieldHasValues(trx, editor.owner, id))) throw validationError({ kind: [M.kindLocked] });
    const config = configOf(input);
    const changed = changes(
      fieldAudit({ ...before, required: before.required === 1 }, parseConfig(before.config)),
      fieldAudit(input, config),
    );
    if (Object.keys(changed).length === 0) return;
    await trx.updateTable('interaction_fields').set({
      label: input.label, help_text: input.help_text, kind: input.kind, config: JSON.stringify(config),
      required: input.required ? 1 : 0, updated_at: nowIso(),
    }).where('id', '=', id).execute();
    await audit(trx, editor, 'interaction_field_updated', 'interaction_field', id, changed);
  });
}

/** Archiving keeps the values already recorded (old interactions still show them); the field stops being asked. */
export const setFieldArchived = (db: DB, editor: TypeEditor, id: number, archived: boolean) => setArchived(db, editor, 'interaction_field', id, archived);

/** Moves a field within its type, among fields sharing its archived state; a no-op at either end. */
export async function moveField(db: DB, editor: TypeEditor, id: number, direction: Direction): Promise<void> {
  await typesWrite(db, editor, async (trx) => {
    const field = await requireField(trx, editor.owner, id);
    const before = await fieldOrder(trx, editor.owner, field.interaction_type_id);
    const after = moved(before, id, direction);
    if (!after) return;
    const now = nowIso();
    for (const [index, item] of after.entries()) {
      await trx.updateTable('interaction_fields').set({ sort_order: index + 1, updated_at: now }).where('id', '=', item.id).execute();
    }
    await audit(trx, editor, 'interaction_field_moved', 'interaction_field', id, {
      label: field.label, direction, position: { from: before.findIndex((i) => i.id === id) + 1, to: after.findIndex((i) => i.id === id) + 1 },
    });
  });
}
