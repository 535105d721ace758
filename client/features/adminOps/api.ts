// Admin operations: the audit feed, the logs and their retention. One SWR key + fetcher + hook per endpoint.
import useSWR, { mutate } from 'swr';
import type { AuditFeed, LogDetail, LogKind, LogList, LogSettings } from '../../../common/schemas/adminOps';
import { api, type ApiError, type Query, refreshedAfter } from '../../lib/api';
import { fetchByKey } from '../../lib/lookups';

export interface AuditFilters {
  district_id: string;
  actor: string;
  action: string;
  from: string;
  to: string;
}

const orNull = (v: string) => v || undefined;

export const auditFeedKey = (f: AuditFilters, cursor: string) =>
  ['admin/audit', {
    filter: { district_id: orNull(f.district_id), actor: orNull(f.actor), action: orNull(f.action), from: orNull(f.from), to: orNull(f.to) },
    cursor: orNull(cursor),
    per_page: 50,
  } satisfies Query] as const;

export function useAuditFeed(filters: AuditFilters, cursor: string) {
  return useSWR<AuditFeed, ApiError>(auditFeedKey(filters, cursor), fetchByKey<AuditFeed>, { keepPreviousData: true });
}

export interface LogFilters {
  search: string;
  district_id: string;
  user: string;
  from: string;
  to: string;
  security_kind: string;
}

export const logListKey = (kind: LogKind, f: LogFilters, page: number) =>
  ['admin/log', {
    kind,
    filter: {
      search: orNull(f.search), district_id: orNull(f.district_id), user: orNull(f.user), from: orNull(f.from), to: orNull(f.to),
      security_kind: kind === 'security' ? orNull(f.security_kind) : undefined,
    },
    page: page > 1 ? page : undefined,
    per_page: 50,
  } satisfies Query] as const;

export function useLogs(kind: LogKind, filters: LogFilters, page: number) {
  return useSWR<LogList, ApiError>(logListKey(kind, filters, page), fetchByKey<LogList>, { keepPreviousData: true });
}

export const logEntryKey = (kind: LogKind, id: number) => `admin/log/${kind}/${id}`;

export function useLogEntry(kind: LogKind, id: number | null) {
  return useSWR<LogDetail, ApiError>(id ? logEntryKey(kind, id) : null, (key: string) => api.get<LogDetail>(key), { shouldRetryOnError: false });
}

const LOG_SETTINGS = 'admin/log-settings';

export function useLogSettings() {
  return useSWR<LogSettings, ApiError>(LOG_SETTINGS, (key: string) => api.get<LogSettings>(key));
}

export function updateLogSettings(retentionDays: number): Promise<LogSettings> {
  return refreshedAfter(api.put<LogSettings>(LOG_SETTINGS, { retention_days: retentionDays }), (settings) => mutate(LOG_SETTINGS, settings, { revalidate: false }));
}
