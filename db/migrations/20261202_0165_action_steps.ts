// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Action steps (issue 29, item 2): a record of their own. An action step belongs to one educator (`staff_id`,
// the owner), is set by a login (`set_by_user_id`: their coach, a principal, an administrator, or the
// educator themself) from a source (an interaction, an observation, a coaching cycle, 'own' for the
// educator's own, or none for a step a coach sets straight on the educator's profile), has a due day, and is open, done (with the day it was done and the educator's note, "what I
// tried, how it went") or dropped. `source_id` names the interaction, observation or cycle of the same district
// and educator (checked by the application; null for 'own'). District-version triggers as 20261201_0161 builds
// them (SQLite row triggers; PostgreSQL statement triggers that note the district, bumped at the commit), so
// the kept answers that will count action steps (reports, dashboards) stay right.
import { type Kysely, sql } from 'kysely';
import { dropDistrictVersionTriggers, isPostgres, sqliteDistrictVersionTriggers } from '../migrationHelpers';

const TABLE = 'action_steps';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable(TABLE)
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    // the owner: the educator who carries the step out
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    // a day (YYYY-MM-DD), or none
    .addColumn('due_on', 'text')
    .addColumn('set_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // interaction | observation | cycle | own (the educator's own); null: set by a coach on the educator's profile, from no record
    .addColumn('source_type', 'text')
    .addColumn('source_id', 'integer')
    // open | done | dropped
    .addColumn('status', 'text', (c) => c.notNull())
    // the day it was marked done (YYYY-MM-DD) and the educator's note
    .addColumn('done_on', 'text')
    .addColumn('note', 'text')
    // who last marked it done, reopened or dropped it, and when
    .addColumn('status_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // An educator's steps by status and due day (their list, their profile's section).
  await db.schema.createIndex('action_steps_staff_idx').on(TABLE).columns(['district_id', 'staff_id', 'status', 'due_on']).execute();
  // A district's or a school's steps by status and due day (a coach's or principal's list, follow-through counts).
  await db.schema.createIndex('action_steps_status_idx').on(TABLE).columns(['district_id', 'status', 'due_on']).execute();
  // The steps set from one interaction, observation or cycle.
  await db.schema.createIndex('action_steps_source_idx').on(TABLE).columns(['district_id', 'source_type', 'source_id']).execute();

  if (isPostgres(db)) {
    const note = (rows: string) => `perform district_version_note(d.district_id)
        from (select distinct x.district_id from (${rows}) as x (district_id) where x.district_id is not null order by 1) d;`;
    await sql.raw(`create or replace function bump_district_versions_${TABLE}() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'INSERT' then
          ${note('select r.district_id from new_rows r')}
        elsif TG_OP = 'DELETE' then
          ${note('select r.district_id from old_rows r')}
        else
          ${note('select r.district_id from new_rows r union select r.district_id from old_rows r')}
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

/** The tables whose writes bump their district's version here (server/lib/districtVersions.test.ts reads it). */
export const ACTION_STEP_DISTRICT_VERSION_TABLES: readonly string[] = [TABLE];
