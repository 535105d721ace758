// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The walkthrough report's monthly rollups (issue 28, "Speed": the report over 200 000 observations computed
// afresh in ≤ 150 ms). A district's counted observations (completed, not deleted, not calibration ones, their
// interaction counted) summed per month of its timezone, school, observer and educator, and their answers per
// item and value, kept in step with every write by triggers (db/walkthroughRollups.ts), so the report reads a
// range's whole months from a few thousand sums instead of every answer in it
// (server/features/reports/queries/walkthroughs.ts). Filled here from the rows already there.
import { type Kysely, sql } from 'kysely';
import { isPostgres, withoutRowid } from '../migrationHelpers';
import { runStatements } from '../reportRollups';
import { BACKFILL, createWalkthroughRollupTriggers, WALKTHROUGH_ROLLUP_TRIGGERS } from '../walkthroughRollups';

export async function up(db: Kysely<any>): Promise<void> {
  // No foreign keys: a district's deletion empties its rollups by trigger (districts_delete_walkthrough_rollup).
  await db.schema.createTable('report_observation_keys')
    .addColumn('observation_id', 'integer', (c) => c.primaryKey())
    .addColumn('district_id', 'integer', (c) => c.notNull())
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('building_id', 'integer', (c) => c.notNull())
    .addColumn('coach_id', 'integer', (c) => c.notNull())
    .addColumn('obs_building_id', 'integer', (c) => c.notNull())
    .addColumn('moved', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_observation_keys_district_idx').on('report_observation_keys').columns(['district_id', 'form_id', 'month']).execute();
  await db.schema.createTable('report_observation_months')
    .addColumn('district_id', 'integer', (c) => c.notNull())
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('building_id', 'integer', (c) => c.notNull())
    .addColumn('coach_id', 'integer', (c) => c.notNull())
    .addColumn('obs_building_id', 'integer', (c) => c.notNull())
    .addColumn('moved', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_observation_months_pk', ['district_id', 'form_id', 'month', 'building_id', 'coach_id', 'obs_building_id', 'moved', 'staff_id'])
    .modifyEnd(withoutRowid(db))
    .execute();
  await db.schema.createTable('report_observation_answer_months')
    .addColumn('district_id', 'integer', (c) => c.notNull())
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('building_id', 'integer', (c) => c.notNull())
    .addColumn('coach_id', 'integer', (c) => c.notNull())
    .addColumn('obs_building_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_observation_answer_months_pk', ['district_id', 'form_id', 'month', 'building_id', 'coach_id', 'obs_building_id', 'item_id', 'value'])
    .modifyEnd(withoutRowid(db))
    .execute();
  // A coach's own months (a coach's scope, the observer filter).
  await db.schema.createIndex('report_observation_months_coach_idx').on('report_observation_months').columns(['district_id', 'form_id', 'coach_id', 'month']).execute();
  await db.schema.createIndex('report_observation_answer_months_coach_idx').on('report_observation_answer_months')
    .columns(['district_id', 'form_id', 'coach_id', 'month']).execute();

  await runStatements(db, BACKFILL(isPostgres(db)));
  await createWalkthroughRollupTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name, table } of WALKTHROUGH_ROLLUP_TRIGGERS) {
    await sql.raw(`drop trigger if exists ${name}${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
    if (isPostgres(db)) await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  if (isPostgres(db)) await sql.raw('drop function if exists walkthrough_rollup_refresh(bigint[])').execute(db);
  for (const table of ['report_observation_answer_months', 'report_observation_months', 'report_observation_keys']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
