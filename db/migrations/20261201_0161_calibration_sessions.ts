// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Observer calibration (issue 28, item 5). A calibration session is one lesson (an educator, a time, a form)
// that two or more observers observe, each recording their own observation of the session's form with
// `observations.calibration_id` naming it (the column exists since 20261130_0160; it now refers to this table
// through the application, as the column predates it). The agreement between observers is computed from their
// completed observations' answers (server/features/interactions/observations/calibrationQueries.ts); nothing
// is stored but the session itself. District-version triggers as 20261127_0110 and 20261129_0152 build them
// (SQLite row triggers; PostgreSQL statement triggers that note the district, bumped at the commit).
import { type Kysely, sql } from 'kysely';
import { dropDistrictVersionTriggers, isPostgres, sqliteDistrictVersionTriggers } from '../migrationHelpers';

const TABLE = 'calibration_sessions';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable(TABLE)
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    // the form (observations of any of its versions take part; items are matched by lineage)
    .addColumn('form_id', 'integer', (c) => c.notNull().references('observation_forms.id'))
    // the observed educator and the school of the lesson
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('building_id', 'integer', (c) => c.references('buildings.id').onDelete('set null'))
    .addColumn('observed_at', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .execute();
  await db.schema.createIndex('calibration_sessions_district_form_idx').on(TABLE).columns(['district_id', 'form_id', 'observed_at']).execute();
  await db.schema.createIndex('observations_calibration_idx').on('observations').columns(['district_id', 'calibration_id']).execute();

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
  await db.schema.dropIndex('observations_calibration_idx').ifExists().execute();
  await db.schema.dropTable(TABLE).ifExists().execute();
}

/** The tables whose writes bump their district's version here (server/lib/districtVersions.test.ts reads it). */
export const CALIBRATION_DISTRICT_VERSION_TABLES: readonly string[] = [TABLE];
