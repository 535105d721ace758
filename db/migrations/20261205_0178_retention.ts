// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The district's retention setting (issue 32, item 4: "a nightly job removes interactions, observations, notes and
// ratings past it"). The setting itself is a key of districts.settings (`data_retention_years`, absent = off); this
// table is the runs' ledger: one row per district and night (the district's local date), inserted by the runner
// (server/features/retention/jobs.ts) with INSERT … ON CONFLICT DO NOTHING RETURNING, so however many processes
// run, one of them claims a district's night. `counts` (JSON) holds what the run removed per kind once it is done.
// A district table, so it carries the district-version triggers (db/migrationHelpers.ts) like every new one.
import type { Kysely } from 'kysely';
import { districtVersionTriggers, dropDistrictVersionTriggers } from '../migrationHelpers';

const TABLE = 'retention_runs';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable(TABLE)
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('night', 'text', (c) => c.notNull())
    .addColumn('cutoff_day', 'text', (c) => c.notNull())
    .addColumn('years', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('counts', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addUniqueConstraint('retention_runs_district_night', ['district_id', 'night'])
    .execute();
  await districtVersionTriggers(db, TABLE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropDistrictVersionTriggers(db, TABLE);
  await db.schema.dropTable(TABLE).execute();
}

/** The tables of this migration whose writes bump their district's version (server/lib/districtVersions.test.ts). */
export const RETENTION_DISTRICT_VERSION_TABLES: readonly string[] = [TABLE];
