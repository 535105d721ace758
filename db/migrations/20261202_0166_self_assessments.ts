// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Self-assessment (issue 29, item 3): an educator rates themself on the district's framework, as often as they
// like, every rating kept. A table of its own, not a kind of skill_ratings: the skill map's current levels
// (skill_current_levels), the heat map, its summary and CSV, the reports and every "rated" count read
// skill_ratings and skill_current_levels only, so a self rating can never reach them, whatever a later query
// forgets to filter. The latest self level per skill is the row with the highest id (ids grow with time).
// District-version triggers as 20261201_0161 builds them (SQLite row triggers; PostgreSQL statement triggers
// that note the district, bumped at the commit): the heat map's self-assessment layer is a kept answer.
import { type Kysely, sql } from 'kysely';
import { dropDistrictVersionTriggers, isPostgres, sqliteDistrictVersionTriggers } from '../migrationHelpers';

const TABLE = 'self_ratings';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable(TABLE)
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    // the educator rated (themself)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    // the district's day when it was given (YYYY-MM-DD)
    .addColumn('rated_on', 'text', (c) => c.notNull())
    // the login that gave it: the educator's own
    .addColumn('rated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('self_ratings_district_staff_skill_idx').on(TABLE).columns(['district_id', 'staff_id', 'skill_id', 'id']).execute();

  if (isPostgres(db)) {
    const note = (rows: string) => `perform district_version_note(d.district_id)
        from (select distinct x.district_id from (select r.district_id from ${rows} r) as x (district_id) where x.district_id is not null order by 1) d;`;
    await sql.raw(`create or replace function bump_district_versions_${TABLE}() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'INSERT' then
          ${note('new_rows')}
        elsif TG_OP = 'DELETE' then
          ${note('old_rows')}
        else
          perform district_version_note(d.district_id)
            from (select distinct x.district_id from (select r.district_id from new_rows r union select r.district_id from old_rows r) as x (district_id)
              where x.district_id is not null order by 1) d;
        end if;
        return null;
      end $$`).execute(db);
    const referencing = { insert: 'new table as new_rows', delete: 'old table as old_rows', update: 'old table as old_rows new table as new_rows' };
    for (const event of ['insert', 'update', 'delete'] as const) {
      await sql.raw(`create trigger ${TABLE}_${event}_district_version after ${event} on ${TABLE}
        referencing ${referencing[event]} for each statement execute function bump_district_versions_${TABLE}()`).execute(db);
    }
    return;
  }
  await sqliteDistrictVersionTriggers(db, TABLE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropDistrictVersionTriggers(db, TABLE);
  await db.schema.dropTable(TABLE).ifExists().execute();
}

/** The tables whose writes this migration makes bump their district's version (server/lib/districtVersions.test.ts reads it). */
export const SELF_RATING_DISTRICT_VERSION_TABLES: readonly string[] = [TABLE];
