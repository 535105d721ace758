// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Interactions (issue 9): interaction types with custom fields (the provider's defaults have
// district_id null and are copied into every district), interactions with their participants, groups
// and field values, activities (a user's non-interaction time) and personal calendar feeds.
import { type Kysely, sql } from 'kysely';

/** The provider's default interaction types, copied into every district (and every new one). */
const DEFAULT_TYPES: { name: string; colour: string; minutes: number; coaching: boolean }[] = [
  { name: 'Classroom observation', colour: 'blue', minutes: 45, coaching: true },
  { name: 'Feedback conversation', colour: 'green', minutes: 30, coaching: true },
  { name: 'Co-teaching', colour: 'purple', minutes: 45, coaching: true },
  { name: 'Modeling a lesson', colour: 'orange', minutes: 45, coaching: true },
  { name: 'Planning session', colour: 'teal', minutes: 30, coaching: true },
  { name: 'Data conversation', colour: 'magenta', minutes: 30, coaching: true },
  { name: 'PLC facilitation', colour: 'brown', minutes: 60, coaching: true },
  { name: 'Check-in', colour: 'gray', minutes: 15, coaching: false },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('interaction_types')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // null: one of the provider's defaults (edited at /admin/settings/interaction)
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('default_minutes', 'integer', (c) => c.notNull())
    .addColumn('counts_as_coaching', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('interaction_types_district_idx').on('interaction_types').columns(['district_id', 'sort_order']).execute();

  await db.schema
    .createTable('interaction_fields')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('interaction_type_id', 'integer', (c) => c.notNull().references('interaction_types.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('help_text', 'text')
    // short_text | long_text | number | single_choice | multiple_choice | yes_no | date | rating
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON: { options?: string[], min?: number, max?: number, scale?: number, labels?: string[] }
    .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('interaction_fields_type_idx').on('interaction_fields').columns(['interaction_type_id', 'sort_order']).execute();

  await db.schema
    .createTable('interactions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('interaction_type_id', 'integer', (c) => c.notNull().references('interaction_types.id'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    // scheduled | completed | cancelled | no-show
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('building_id', 'integer', (c) => c.references('buildings.id'))
    .addColumn('notes', 'text')
    .addColumn('private_notes', 'text')
    .addColumn('next_steps', 'text')
    // RFC 5545 SEQUENCE of the calendar feed: grows on every change
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    // the UID of the calendar event it was imported from (import again = update)
    .addColumn('import_uid', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('interactions_coach_idx').on('interactions').columns(['district_id', 'coach_id', 'starts_at']).execute();
  await db.schema.createIndex('interactions_district_starts_idx').on('interactions').columns(['district_id', 'starts_at']).execute();
  await db.schema.createIndex('interactions_building_idx').on('interactions').columns(['district_id', 'building_id', 'starts_at']).execute();
  await db.schema.createIndex('interactions_import_uid_unique').on('interactions').columns(['district_id', 'coach_id', 'import_uid']).unique()
    .where('import_uid', 'is not', null).execute();

  await db.schema
    .createTable('interaction_participants')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('interaction_id', 'integer', (c) => c.notNull().references('interactions.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    // the group this educator came in with (null: picked by name)
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('interaction_participants_interaction_idx').on('interaction_participants').columns(['interaction_id', 'staff_id']).unique().execute();
  await db.schema.createIndex('interaction_participants_staff_idx').on('interaction_participants').columns(['district_id', 'staff_id', 'interaction_id']).execute();

  await db.schema
    .createTable('interaction_groups')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('interaction_id', 'integer', (c) => c.notNull().references('interactions.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('interaction_groups_interaction_idx').on('interaction_groups').columns(['interaction_id', 'group_id']).unique().execute();
  await db.schema.createIndex('interaction_groups_group_idx').on('interaction_groups').columns(['district_id', 'group_id']).execute();

  await db.schema
    .createTable('interaction_field_values')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('interaction_id', 'integer', (c) => c.notNull().references('interactions.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('interaction_fields.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull()) // JSON
    .execute();
  await db.schema.createIndex('interaction_field_values_unique').on('interaction_field_values').columns(['interaction_id', 'field_id']).unique().execute();

  await db.schema
    .createTable('activities')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // planning | pd-delivered | pd-attended | meeting | data-review | admin-duty | travel | other
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('import_uid', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('activities_user_idx').on('activities').columns(['district_id', 'user_id', 'starts_at']).execute();
  await db.schema.createIndex('activities_import_uid_unique').on('activities').columns(['district_id', 'user_id', 'import_uid']).unique()
    .where('import_uid', 'is not', null).execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    // names: type and educator names in event titles | type: the type only
    .addColumn('title_mode', 'text', (c) => c.notNull().defaultTo('names'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_feeds_user_unique').on('calendar_feeds').column('user_id').unique().execute();
  await db.schema.createIndex('calendar_feeds_token_unique').on('calendar_feeds').column('token_hash').unique().execute();

  // The provider's defaults, then a copy for every district that exists.
  const now = new Date().toISOString();
  await db.insertInto('interaction_types').values(DEFAULT_TYPES.map((t, i) => ({
    district_id: null, name: t.name, colour: t.colour, default_minutes: t.minutes,
    counts_as_coaching: t.coaching ? 1 : 0, sort_order: i + 1, archived_at: null, created_at: now, updated_at: now,
  }))).execute();
  await sql`
    INSERT INTO interaction_types (district_id, name, colour, default_minutes, counts_as_coaching, sort_order, archived_at, created_at, updated_at)
    SELECT d.id, t.name, t.colour, t.default_minutes, t.counts_as_coaching, t.sort_order, NULL, ${now}, ${now}
    FROM districts d CROSS JOIN interaction_types t WHERE t.district_id IS NULL
    ORDER BY d.id, t.sort_order`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['calendar_feeds', 'activities', 'interaction_field_values', 'interaction_groups',
    'interaction_participants', 'interactions', 'interaction_fields', 'interaction_types']) {
    await db.schema.dropTable(table).execute();
  }
}
