// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The reports' monthly rollups (issue 11, Performance): a district's school year of counted interactions
// summed per month of its timezone, per (type, school, coach) and per (educator, school, coach), kept in
// step with every write by triggers (db/reportRollups.ts), so a report computed afresh reads a few
// thousand sums instead of grouping every interaction and participant of the range. zone_months holds
// the months' instants of each zone in use (db/zoneMonths.ts). Filled here from the rows already there.
import { type Kysely, sql } from 'kysely';
import { isPostgres, withoutRowid } from '../migrationHelpers';
import { isTimeZone } from '../../common/zone';
import { addInteractions, createRollupTriggers, ROLLUP_TRIGGERS, runStatements } from '../reportRollups';
import { insertZoneMonths } from '../zoneMonths';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('zone_months')
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('zone_months_pk', ['timezone', 'month'])
    .modifyEnd(withoutRowid(db))
    .execute();
  await db.schema.createIndex('zone_months_starts_idx').on('zone_months').columns(['timezone', 'starts_at']).unique().execute();

  // No foreign keys: a district's deletion empties its rollups by trigger (districts_delete_rollup).
  await db.schema.createTable('report_interaction_months')
    .addColumn('district_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('interaction_type_id', 'integer', (c) => c.notNull())
    .addColumn('building_id', 'integer', (c) => c.notNull())
    .addColumn('coach_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_interaction_months_pk', ['district_id', 'month', 'interaction_type_id', 'building_id', 'coach_id'])
    .modifyEnd(withoutRowid(db))
    .execute();
  await db.schema.createTable('report_participation_months')
    .addColumn('district_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('building_id', 'integer', (c) => c.notNull())
    .addColumn('coach_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_participation_months_pk', ['district_id', 'month', 'staff_id', 'building_id', 'coach_id'])
    .modifyEnd(withoutRowid(db))
    .execute();
  // A school's or a coach's months (a school filter, a principal, a coach's own reports).
  await db.schema.createIndex('report_participation_months_building_idx').on('report_participation_months')
    .columns(['district_id', 'building_id', 'month']).execute();
  await db.schema.createIndex('report_participation_months_coach_idx').on('report_participation_months')
    .columns(['district_id', 'coach_id', 'month']).execute();

  const { rows } = await sql<{ timezone: string }>`select distinct timezone from districts`.execute(db);
  for (const zone of new Set(rows.map((r) => r.timezone))) {
    // A zone this runtime does not know gets no months: its districts' reports read the rows themselves.
    if (isTimeZone(zone)) await insertZoneMonths(db, zone);
  }
  await runStatements(db, addInteractions('interactions'));
  await createRollupTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name, table } of ROLLUP_TRIGGERS) {
    await sql.raw(`drop trigger if exists ${name}${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
    if (isPostgres(db)) await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  await db.schema.dropTable('report_participation_months').ifExists().execute();
  await db.schema.dropTable('report_interaction_months').ifExists().execute();
  await db.schema.dropTable('zone_months').ifExists().execute();
}
