// Reads of the district's exports, each filtered by the district (another district's export is simply not found).
import type { DB } from '../../../db/connection';

export const RECENT_EXPORTS = 5;

const columns = [
  'e.id', 'e.status', 'e.rows_done', 'e.kinds_done', 'e.kinds_total', 'e.size_bytes', 'e.error', 'e.created_at', 'e.started_at',
  'e.finished_at', 'e.expires_at', 'e.file_path', 'e.file_deleted_at', 'e.requested_by', 'u.name as requested_by_name',
] as const;

const exportsOf = (db: DB, districtId: number) => db.selectFrom('district_exports as e')
  .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'e.requested_by').on('u.district_id', '=', districtId))
  .select(columns).where('e.district_id', '=', districtId);

export type ExportRow = NonNullable<Awaited<ReturnType<typeof findExport>>>;

export function findExport(db: DB, districtId: number, id: number) {
  return exportsOf(db, districtId).where('e.id', '=', id).executeTakeFirst();
}

/** The district's latest exports, newest first. */
export function recentExports(db: DB, districtId: number) {
  return exportsOf(db, districtId).orderBy('e.id', 'desc').limit(RECENT_EXPORTS).execute();
}

/** The district's export being written, if any (one at a time). */
export function unfinishedExport(db: DB, districtId: number) {
  return db.selectFrom('district_exports').select('id').where('district_id', '=', districtId)
    .where('status', 'in', ['queued', 'running']).executeTakeFirst();
}
