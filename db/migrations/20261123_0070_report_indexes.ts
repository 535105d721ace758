// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Reports (issue 11): the reports aggregate a district's completed interactions over a date range,
// grouped by coach, school, type or period. A covering index lets those scans read the index alone
// (no table lookups per interaction); cycles overlapping a range are found by start date.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('interactions_report_idx').on('interactions')
    .columns(['district_id', 'starts_at', 'status', 'deleted_at', 'coach_id', 'building_id', 'interaction_type_id', 'duration_minutes']).execute();
  await db.schema.createIndex('coaching_cycles_report_idx').on('coaching_cycles').columns(['district_id', 'start_date', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('coaching_cycles_report_idx').execute();
  await db.schema.dropIndex('interactions_report_idx').execute();
}
