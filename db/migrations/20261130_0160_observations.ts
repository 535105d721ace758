// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Observations and walkthroughs (issue 28). A district defines observation forms; a form's questions live in
// versions, so a form that has observations is never changed under them: editing it writes a new version, and
// each observation keeps the version it was made with. An item keeps its `lineage_id` (the id of its first
// version's item) from version to version while it means the same thing, which is how the walkthrough report
// follows an item across versions. An observation of an educator is a draft (the author's alone, never counted)
// until it is completed; completing it writes an interaction of the form's interaction type, so it counts
// wherever interactions do (Activity, the calendar feed, the profile, every report).
// The provider's default forms (district_id null, tied to the provider's default interaction types and
// skills) are copied into every district, as interaction types are (server/identity/accounts.ts).
import { type Kysely, sql } from 'kysely';
import { withoutRowid } from '../migrationHelpers';

type Item = { section: string | null; label: string; kind: 'look_for' | 'rating' | 'choice' | 'text' | 'number'; required?: boolean; options?: string[]; multiple?: boolean; skill?: string };

/** Our own words: a short walkthrough of eight look-fors, and a longer observation rated on the framework. */
const DEFAULT_FORMS: { name: string; description: string; type: string; builtin: boolean; items: Item[] }[] = [
  {
    name: 'Classroom walkthrough',
    description: 'A ten-minute visit: what did students do and say? Eight look-fors, seen or not seen, and a note.',
    type: 'Walkthrough',
    builtin: true,
    items: [
      { section: null, label: 'Students can say what they are learning and why', kind: 'look_for', skill: 'Clear learning goals' },
      { section: null, label: 'Students explain their thinking, aloud or in writing', kind: 'look_for', skill: 'Questioning for thinking' },
      { section: null, label: 'Students talk with each other about the content', kind: 'look_for', skill: 'Student discussion' },
      { section: null, label: 'Most students are working on the task most of the time', kind: 'look_for', skill: 'Active engagement' },
      { section: null, label: 'The teacher checks what students understand and adjusts', kind: 'look_for', skill: 'Checking for understanding' },
      { section: null, label: 'Feedback to students is specific and timely', kind: 'look_for', skill: 'Useful feedback' },
      { section: null, label: 'The task asks for grade-level thinking', kind: 'look_for', skill: 'Sequenced tasks' },
      { section: null, label: 'Routines and transitions run with little lost time', kind: 'look_for', skill: 'Routines and transitions' },
      { section: null, label: 'What stood out', kind: 'text' },
    ],
  },
  {
    name: 'Coaching observation',
    description: 'A full lesson seen with the educator\'s goal in mind, rated on the skill framework and talked through at the debrief.',
    type: 'Classroom observation',
    builtin: false,
    items: [
      { section: 'The lesson', label: 'Focus of this observation', kind: 'choice', required: true, options: ['The educator\'s coaching goal', 'A new practice being tried', 'A lesson the educator asked us to see', 'A regular visit'] },
      { section: 'The lesson', label: 'Part of the lesson seen', kind: 'choice', multiple: true, options: ['Opening', 'Direct instruction', 'Guided practice', 'Independent or group work', 'Closing'] },
      { section: 'The lesson', label: 'Clear learning goals', kind: 'rating', skill: 'Clear learning goals' },
      { section: 'The lesson', label: 'Clear explanations', kind: 'rating', skill: 'Clear explanations' },
      { section: 'Students', label: 'Active engagement', kind: 'rating', skill: 'Active engagement' },
      { section: 'Students', label: 'Student discussion', kind: 'rating', skill: 'Student discussion' },
      { section: 'Students', label: 'Students who spoke to the whole class', kind: 'number' },
      { section: 'Teacher moves', label: 'Questioning for thinking', kind: 'rating', skill: 'Questioning for thinking' },
      { section: 'Teacher moves', label: 'Checking for understanding', kind: 'rating', skill: 'Checking for understanding' },
      { section: 'Teacher moves', label: 'Useful feedback', kind: 'rating', skill: 'Useful feedback' },
      { section: 'Evidence', label: 'What students said and did', kind: 'text', required: true },
      { section: 'Evidence', label: 'A strength to build on', kind: 'text' },
    ],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('observation_forms')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // null: one of the provider's defaults, copied into every district
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('interaction_type_id', 'integer', (c) => c.notNull().references('interaction_types.id'))
    // the built-in walkthrough: the one form a plan without observation forms keeps
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_version_id', 'integer')
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('observation_forms_district_idx').on('observation_forms').column('district_id').execute();

  await db.schema
    .createTable('observation_form_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('observation_forms.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('observation_form_versions_unique').on('observation_form_versions').columns(['form_id', 'version']).unique().execute();

  await db.schema
    .createTable('observation_form_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('version_id', 'integer', (c) => c.notNull().references('observation_form_versions.id').onDelete('cascade'))
    // the id of this item in the version that first had it (its own id there)
    .addColumn('lineage_id', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('section', 'text')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // look_for | rating | choice | text | number
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: choice { options: string[], multiple: boolean }; rating { scale: number } (the framework's levels when made)
    .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('skill_id', 'integer', (c) => c.references('skills.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('observation_form_items_version_idx').on('observation_form_items').columns(['version_id', 'position']).execute();

  await db.schema
    .createTable('observations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('observation_forms.id'))
    .addColumn('version_id', 'integer', (c) => c.notNull().references('observation_form_versions.id'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('observer_id', 'integer', (c) => c.notNull().references('users.id'))
    // written when completed (and kept in step with it afterwards); null for a draft
    .addColumn('interaction_id', 'integer', (c) => c.references('interactions.id').onDelete('set null'))
    .addColumn('building_id', 'integer', (c) => c.references('buildings.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull()) // draft | completed
    .addColumn('observed_at', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('private_notes', 'text')
    .addColumn('next_steps', 'text')
    .addColumn('calibration_id', 'integer')
    // sharing with the observed educator: what is shared, when, and their acknowledgement
    .addColumn('share_answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('share_notes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shared_at', 'text')
    .addColumn('shared_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('acknowledged_at', 'text')
    .addColumn('reflection', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('observations_district_observed_idx').on('observations').columns(['district_id', 'observed_at']).execute();
  await db.schema.createIndex('observations_district_staff_idx').on('observations').columns(['district_id', 'staff_id', 'observed_at']).execute();
  await db.schema.createIndex('observations_observer_idx').on('observations').columns(['district_id', 'observer_id', 'status']).execute();
  await db.schema.createIndex('observations_form_idx').on('observations').columns(['district_id', 'form_id', 'observed_at']).execute();
  await db.schema.createIndex('observations_interaction_idx').on('observations').column('interaction_id').execute();

  await db.schema
    .createTable('observation_answers')
    .addColumn('observation_id', 'integer', (c) => c.notNull().references('observations.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('observation_form_items.id'))
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull()) // JSON: 'yes'|'no'|'na', an integer, a string or strings, a number
    .addColumn('evidence', 'text')
    .addPrimaryKeyConstraint('observation_answers_pk', ['observation_id', 'item_id'])
    .modifyEnd(withoutRowid(db))
    .execute();
  await db.schema.createIndex('observation_answers_item_idx').on('observation_answers').columns(['district_id', 'item_id']).execute();

  // The walkthrough's interaction type, beside the provider's defaults and in every district that has none of that name.
  const now = new Date().toISOString();
  await sql`
    INSERT INTO interaction_types (district_id, name, colour, default_minutes, counts_as_coaching, sort_order, archived_at, created_at, updated_at)
    SELECT d.district_id, 'Walkthrough', 'teal', 15, 1,
      COALESCE((SELECT MAX(t.sort_order) FROM interaction_types t WHERE t.district_id IS NOT DISTINCT FROM d.district_id), 0) + 1, NULL, ${now}, ${now}
    FROM (SELECT NULL AS district_id UNION ALL SELECT id FROM districts) d
    WHERE NOT EXISTS (SELECT 1 FROM interaction_types t WHERE t.district_id IS NOT DISTINCT FROM d.district_id AND t.name = 'Walkthrough')
    ORDER BY d.district_id`.execute(db);

  // The provider's default forms, then a copy for every district, each tied to the district's type and skills of those names.
  const districts = [null, ...(await db.selectFrom('districts').select('id').orderBy('id').execute()).map((d) => d.id as number)];
  for (const districtId of districts) {
    const framework = await db.selectFrom('skill_frameworks').select('id')
      .where('district_id', districtId === null ? 'is' : '=', districtId).where('active', '=', 1).orderBy('id').executeTakeFirst();
    const scale = framework
      ? Number((await db.selectFrom('skill_levels').select((eb) => eb.fn.max('level').as('max')).where('framework_id', '=', framework.id).executeTakeFirst())?.max ?? 4)
      : 4;
    for (const form of DEFAULT_FORMS) {
      const type = await db.selectFrom('interaction_types').select('id')
        .where('district_id', districtId === null ? 'is' : '=', districtId).where('name', '=', form.type)
        .orderBy('archived_at').orderBy('id').executeTakeFirst();
      if (!type) continue;
      const { id: formId } = await db.insertInto('observation_forms').values({
        district_id: districtId, interaction_type_id: type.id, builtin: form.builtin ? 1 : 0, current_version_id: null,
        archived_at: null, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const { id: versionId } = await db.insertInto('observation_form_versions').values({
        district_id: districtId, form_id: formId, version: 1, name: form.name, description: form.description, created_by: null, created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await db.updateTable('observation_forms').set({ current_version_id: versionId }).where('id', '=', formId).execute();
      for (const [i, item] of form.items.entries()) {
        const skill = item.skill && framework
          ? await db.selectFrom('skills').select('id').where('framework_id', '=', framework.id).where('name', '=', item.skill)
            .where('archived_at', 'is', null).orderBy('id').executeTakeFirst()
          : undefined;
        const config = item.kind === 'choice' ? { options: item.options ?? [], multiple: item.multiple ?? false }
          : item.kind === 'rating' ? { scale } : {};
        const { id: itemId } = await db.insertInto('observation_form_items').values({
          district_id: districtId, version_id: versionId, lineage_id: null, position: i + 1, section: item.section, label: item.label,
          kind: item.kind, required: item.required ? 1 : 0, config: JSON.stringify(config), skill_id: skill?.id ?? null,
        }).returning('id').executeTakeFirstOrThrow();
        await db.updateTable('observation_form_items').set({ lineage_id: itemId }).where('id', '=', itemId).execute();
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['observation_answers', 'observations', 'observation_form_items', 'observation_form_versions', 'observation_forms']) {
    await db.schema.dropTable(table).execute();
  }
  await db.deleteFrom('interaction_types').where('name', '=', 'Walkthrough').execute();
}
