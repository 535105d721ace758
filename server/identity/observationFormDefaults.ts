// A new district starts with a copy of the provider's default observation forms (issue 28; migration
// 20261130_0160 writes them for districts that existed then): each form's current version and its items,
// tied to the district's interaction type and skills of the same names (copied just before), rating items on
// the district's scale. Called by createDistrict (accounts.ts), in its transaction when it has one. In a Spanish
// district the texts are copied in Spanish (defaultsSpanish.ts), and the type and skills are found by their Spanish
// names, as the district's own copies were just named (issue 33).
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import type { Locale } from '../../common/locales';
import { defaultConfig, defaultText } from './defaultsSpanish';

export async function copyDefaultObservationForms(db: DB, districtId: number, language: Locale = 'en'): Promise<void> {
  const forms = await db.selectFrom('observation_forms as f')
    .innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
    .innerJoin('interaction_types as t', 't.id', 'f.interaction_type_id')
    .select(['f.id', 'f.builtin', 'v.id as version_id', 'v.name', 'v.description', 't.name as type_name'])
    .where('f.district_id', 'is', null).where('f.archived_at', 'is', null).orderBy('f.id').execute();
  if (forms.length === 0) return;
  const items = await db.selectFrom('observation_form_items as i').leftJoin('skills as s', 's.id', 'i.skill_id')
    .select(['i.version_id', 'i.position', 'i.section', 'i.label', 'i.kind', 'i.required', 'i.config', 's.name as skill_name'])
    .where('i.version_id', 'in', forms.map((f) => f.version_id)).orderBy('i.position').execute();
  const types = new Map((await db.selectFrom('interaction_types').select(['id', 'name'])
    .where('district_id', '=', districtId).where('archived_at', 'is', null).orderBy('id', 'desc').execute()).map((t) => [t.name, t.id]));
  const framework = await db.selectFrom('skill_frameworks').select('id')
    .where('district_id', '=', districtId).where('active', '=', 1).executeTakeFirst();
  const skills = framework
    ? new Map((await db.selectFrom('skills').select(['id', 'name']).where('framework_id', '=', framework.id)
      .where('archived_at', 'is', null).orderBy('id', 'desc').execute()).map((s) => [s.name, s.id]))
    : new Map<string, number>();
  const scale = framework
    ? Number((await db.selectFrom('skill_levels').select((eb) => eb.fn.max('level').as('max'))
      .where('framework_id', '=', framework.id).executeTakeFirst())?.max ?? 4)
    : 4;
  const now = nowIso();
  for (const form of forms) {
    const typeId = types.get(defaultText(language, form.type_name));
    if (typeId === undefined) continue;
    const { id: formId } = await db.insertInto('observation_forms').values({
      district_id: districtId, interaction_type_id: typeId, builtin: form.builtin, current_version_id: null,
      archived_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const { id: versionId } = await db.insertInto('observation_form_versions').values({
      district_id: districtId, form_id: formId, version: 1, name: defaultText(language, form.name),
      description: defaultText(language, form.description), created_by: null, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await db.updateTable('observation_forms').set({ current_version_id: versionId }).where('id', '=', formId).execute();
    for (const item of items.filter((i) => i.version_id === form.version_id)) {
      const config = item.kind === 'rating' ? JSON.stringify({ scale }) : defaultConfig(language, item.config);
      const { id: itemId } = await db.insertInto('observation_form_items').values({
        district_id: districtId, version_id: versionId, lineage_id: null, position: item.position, section: defaultText(language, item.section),
        label: defaultText(language, item.label), kind: item.kind, required: item.required, config,
        skill_id: item.skill_name ? skills.get(defaultText(language, item.skill_name)) ?? null : null,
      }).returning('id').executeTakeFirstOrThrow();
      await db.updateTable('observation_form_items').set({ lineage_id: itemId }).where('id', '=', itemId).execute();
    }
  }
}
