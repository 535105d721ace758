// Frozen once landed: never import app code here, never edit; add a new migration instead.
// District change versions: one counter per district, bumped by triggers on every row written to the
// district's people, schools, educators and coaching data, by this process or another (the CLI), also
// through ON DELETE CASCADE. The server keeps whole answers of its busiest reads (server/lib/keptAnswers.ts)
// while their district's version stands; one district's writes never touch another district's answers
// (the global `auth` and `staff` versions of 20261123_0050 are bumped by every district's writes).
// A table is covered when an answer may read it; server/lib/districtVersions.test.ts fails on a table with a
// `district_id` that is neither covered here nor listed there as never read by a kept answer.
// PostgreSQL: statement-level triggers over transition tables (db/migrationHelpers.ts).
import { type Kysely, sql } from 'kysely';
import { createDistrictVersionTriggers, type DistrictOf, isPostgres } from '../migrationHelpers';

const COVERED: Record<string, DistrictOf> = {
  districts: 'id',
  users: 'district_id',
  user_roles: { via: 'users', column: 'user_id' },
  user_buildings: { via: 'users', column: 'user_id' },
  buildings: 'district_id',
  staff: 'district_id',
  staff_buildings: 'district_id',
  coach_assignments: 'district_id',
  groups: 'district_id',
  group_items: { via: 'groups', column: 'group_id' },
  interaction_types: 'district_id',
  interaction_fields: 'district_id',
  interactions: 'district_id',
  interaction_participants: 'district_id',
  interaction_groups: 'district_id',
  interaction_field_values: 'district_id',
  interaction_skills: 'district_id',
  activities: 'district_id',
  skill_frameworks: 'district_id',
  skill_levels: 'district_id',
  skill_domains: 'district_id',
  skills: 'district_id',
  skill_ratings: 'district_id',
  skill_current_levels: 'district_id',
  cycle_stages: 'district_id',
  cycle_goal_templates: 'district_id',
  coaching_cycles: 'district_id',
  coaching_cycle_staff: 'district_id',
  coaching_cycle_skills: 'district_id',
  coaching_cycle_stage_history: 'district_id',
  coaching_cycle_notes: 'district_id',
};

/** The district of a row (NEW or OLD) in a SQLite trigger. */
function sqliteDistrictOf(row: 'new' | 'old', districtOf: DistrictOf): string {
  if (districtOf === 'district_id') return `${row}.district_id`;
  if (districtOf === 'id') return `${row}.id`;
  return `(select p.district_id from ${districtOf.via} p where p.id = ${row}.${districtOf.column})`;
}

function sqliteBump(district: string, condition = ''): string {
  return `insert into district_versions (district_id, version) select ${district}, 1 where ${district} is not null${condition}
          on conflict (district_id) do update set version = version + 1;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('district_versions')
    .addColumn('district_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [table, districtOf] of Object.entries(COVERED)) {
    if (isPostgres(db)) {
      await createDistrictVersionTriggers(db, table, districtOf);
      continue;
    }
    const next = sqliteDistrictOf('new', districtOf);
    const prev = sqliteDistrictOf('old', districtOf);
    await sql.raw(`create trigger ${table}_insert_district_version after insert on ${table} begin
          ${sqliteBump(next)}
        end`).execute(db);
    await sql.raw(`create trigger ${table}_update_district_version after update on ${table} begin
          ${sqliteBump(next)}
          ${sqliteBump(prev, ` and ${prev} is not ${next}`)}
        end`).execute(db);
    await sql.raw(`create trigger ${table}_delete_district_version after delete on ${table} begin
          ${sqliteBump(prev)}
        end`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(COVERED)) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists ${table}_${event}_district_version${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
    }
    if (isPostgres(db)) await sql.raw(`drop function if exists bump_district_versions_${table}()`).execute(db);
  }
  await db.schema.dropTable('district_versions').ifExists().execute();
}

/** The tables whose writes bump their district's version (server/lib/districtVersions.test.ts reads it). */
export const DISTRICT_VERSION_TABLES: readonly string[] = Object.keys(COVERED);
