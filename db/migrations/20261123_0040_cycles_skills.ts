// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Coaching cycles and skill mapping (issue 10). Rows with district_id null are the provider's defaults
// (cycle stages, the default framework), copied into every district; the default stages are inserted
// here, the default framework's content by a later migration.
import { type Kysely, sql } from 'kysely';

const DEFAULT_STAGES = [
  { name: 'Set the goal', description: 'Agree on what the educator wants to change for students, and how you will both know it worked.', days: 14 },
  { name: 'Learn and plan', description: 'Study the strategy together: model it, co-plan the lessons where it will be tried.', days: 21 },
  { name: 'Practice with feedback', description: 'The educator tries the strategy; observe, gather evidence and give feedback each round.', days: 28 },
  { name: 'Reflect', description: 'Look at the evidence against the goal, name what changed, and decide what comes next.', days: 14 },
];

export async function up(db: Kysely<any>): Promise<void> {
  // ---- Skill mapping --------------------------------------------------------------------------
  await db.schema
    .createTable('skill_frameworks')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // one active framework per district
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('skill_frameworks_district_idx').on('skill_frameworks').columns(['district_id', 'active']).execute();

  await db.schema
    .createTable('skill_levels')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('framework_id', 'integer', (c) => c.notNull().references('skill_frameworks.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull()) // 1..N
    .addColumn('name', 'text', (c) => c.notNull()) // e.g. Beginning
    .addColumn('descriptor', 'text')
    .execute();
  await db.schema.createIndex('skill_levels_framework_unique').on('skill_levels').columns(['framework_id', 'level']).unique().execute();

  await db.schema
    .createTable('skill_domains')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('framework_id', 'integer', (c) => c.notNull().references('skill_frameworks.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('skill_domains_framework_idx').on('skill_domains').columns(['framework_id', 'sort_order']).execute();

  await db.schema
    .createTable('skills')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('framework_id', 'integer', (c) => c.notNull().references('skill_frameworks.id').onDelete('cascade'))
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('skill_domains.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('skills_domain_idx').on('skills').columns(['domain_id', 'sort_order']).execute();
  await db.schema.createIndex('skills_district_idx').on('skills').columns(['district_id', 'framework_id']).execute();

  // Every rating is kept (history); the current level is the latest (rated_on, then id).
  await db.schema
    .createTable('skill_ratings')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('rated_on', 'text', (c) => c.notNull()) // YYYY-MM-DD
    .addColumn('rated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('note', 'text')
    .addColumn('interaction_id', 'integer', (c) => c.references('interactions.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('skill_ratings_staff_idx').on('skill_ratings').columns(['district_id', 'staff_id', 'skill_id', 'rated_on']).execute();

  // The current level of each (educator, skill), kept in step with skill_ratings by the rating
  // commands, so the heat map reads one row per cell instead of the history.
  await db.schema
    .createTable('skill_current_levels')
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('rating_id', 'integer', (c) => c.notNull().references('skill_ratings.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('rated_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('skill_current_levels_pk', ['district_id', 'staff_id', 'skill_id'])
    .execute();

  // ---- Coaching cycles ------------------------------------------------------------------------
  await db.schema
    .createTable('cycle_stages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('expected_days', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cycle_stages_district_idx').on('cycle_stages').columns(['district_id', 'sort_order']).execute();

  await db.schema
    .createTable('cycle_goal_templates')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.references('districts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('goal', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cycle_goal_templates_district_idx').on('cycle_goal_templates').columns(['district_id', 'sort_order']).execute();

  await db.schema
    .createTable('coaching_cycles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('goal', 'text')
    .addColumn('start_date', 'text', (c) => c.notNull()) // YYYY-MM-DD
    .addColumn('target_end_date', 'text')
    // planned | active | completed | cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stage_id', 'integer', (c) => c.references('cycle_stages.id'))
    .addColumn('stage_entered_on', 'text')
    // met | partly-met | not-met (on completion)
    .addColumn('outcome', 'text')
    .addColumn('reflection', 'text')
    .addColumn('completed_on', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('coaching_cycles_coach_idx').on('coaching_cycles').columns(['district_id', 'coach_id', 'status']).execute();
  await db.schema.createIndex('coaching_cycles_stage_idx').on('coaching_cycles').columns(['district_id', 'stage_id', 'status']).execute();

  await db.schema
    .createTable('coaching_cycle_staff')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('cycle_id', 'integer', (c) => c.notNull().references('coaching_cycles.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('coaching_cycle_staff_unique').on('coaching_cycle_staff').columns(['cycle_id', 'staff_id']).unique().execute();
  await db.schema.createIndex('coaching_cycle_staff_staff_idx').on('coaching_cycle_staff').columns(['district_id', 'staff_id']).execute();

  await db.schema
    .createTable('coaching_cycle_skills')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('cycle_id', 'integer', (c) => c.notNull().references('coaching_cycles.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('coaching_cycle_skills_unique').on('coaching_cycle_skills').columns(['cycle_id', 'skill_id']).unique().execute();

  await db.schema
    .createTable('coaching_cycle_stage_history')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('cycle_id', 'integer', (c) => c.notNull().references('coaching_cycles.id').onDelete('cascade'))
    .addColumn('stage_id', 'integer', (c) => c.notNull().references('cycle_stages.id'))
    .addColumn('entered_on', 'text', (c) => c.notNull())
    .addColumn('left_on', 'text')
    .addColumn('moved_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('coaching_cycle_stage_history_cycle_idx').on('coaching_cycle_stage_history').columns(['cycle_id', 'entered_on']).execute();

  // Evidence notes: shared like an interaction's notes (the district's notes-privacy setting applies).
  await db.schema
    .createTable('coaching_cycle_notes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('cycle_id', 'integer', (c) => c.notNull().references('coaching_cycles.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('coaching_cycle_notes_cycle_idx').on('coaching_cycle_notes').columns(['cycle_id', 'created_at']).execute();

  // ---- Interactions gain a cycle link and focus skills -------------------------------------------
  await db.schema.alterTable('interactions').addColumn('coaching_cycle_id', 'integer', (c) => c.references('coaching_cycles.id').onDelete('set null')).execute();
  await db.schema.createIndex('interactions_cycle_idx').on('interactions').columns(['district_id', 'coaching_cycle_id']).execute();
  await db.schema
    .createTable('interaction_skills')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('interaction_id', 'integer', (c) => c.notNull().references('interactions.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('interaction_skills_unique').on('interaction_skills').columns(['interaction_id', 'skill_id']).unique().execute();

  // The provider's default stages, then a copy for every district that exists.
  const now = new Date().toISOString();
  await db.insertInto('cycle_stages').values(DEFAULT_STAGES.map((s, i) => ({
    district_id: null, name: s.name, description: s.description, expected_days: s.days, sort_order: i + 1,
    archived_at: null, created_at: now, updated_at: now,
  }))).execute();
  await sql`
    INSERT INTO cycle_stages (district_id, name, description, expected_days, sort_order, archived_at, created_at, updated_at)
    SELECT d.id, s.name, s.description, s.expected_days, s.sort_order, NULL, ${now}, ${now}
    FROM districts d CROSS JOIN cycle_stages s WHERE s.district_id IS NULL
    ORDER BY d.id, s.sort_order`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('interaction_skills').execute();
  await db.schema.dropIndex('interactions_cycle_idx').execute();
  await db.schema.alterTable('interactions').dropColumn('coaching_cycle_id').execute();
  for (const table of ['coaching_cycle_notes', 'coaching_cycle_stage_history', 'coaching_cycle_skills', 'coaching_cycle_staff',
    'coaching_cycles', 'cycle_goal_templates', 'cycle_stages', 'skill_current_levels', 'skill_ratings', 'skills', 'skill_domains',
    'skill_levels', 'skill_frameworks']) {
    await db.schema.dropTable(table).execute();
  }
}
