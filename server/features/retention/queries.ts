import type { DB } from '../../../db/connection';

export function retentionDistrict(db: DB, districtId: number) {
  return db.selectFrom('districts').select(['id', 'timezone', 'school_year_start_month', 'settings'])
    .where('id', '=', districtId).executeTakeFirstOrThrow();
}

/** The district's last finished run (done), if any. */
export function lastRun(db: DB, districtId: number) {
  return db.selectFrom('retention_runs').select(['night', 'cutoff_day', 'finished_at', 'counts'])
    .where('district_id', '=', districtId).where('status', '=', 'done')
    .orderBy('night', 'desc').executeTakeFirst();
}
export type LastRunRow = NonNullable<Awaited<ReturnType<typeof lastRun>>>;
