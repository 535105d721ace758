import type { DistrictExportAnswer } from '../../../common/schemas/answers/districtExport';
import type { ExportRow } from './queries';

/** Ready and not yet past its expiry (the file is there to download). */
export function isExpired(row: Pick<ExportRow, 'status' | 'expires_at' | 'file_deleted_at'>, now = new Date()): boolean {
  return row.status === 'ready' && (row.file_deleted_at !== null || (row.expires_at !== null && row.expires_at <= now.toISOString()));
}

export function presentExport(row: ExportRow, now = new Date()): DistrictExportAnswer {
  const expired = isExpired(row, now);
  return {
    id: row.id,
    status: row.status,
    ...(row.status === 'ready' && !expired ? { download_url: `/api/district/export/${row.id}/download` } : {}),
    rows_done: row.rows_done,
    kinds_done: row.kinds_done,
    kinds_total: row.kinds_total,
    size_bytes: row.size_bytes,
    error: row.error,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    expires_at: row.expires_at,
    expired,
    requested_by: row.requested_by !== null && row.requested_by_name !== null ? { id: row.requested_by, name: row.requested_by_name } : null,
  };
}
