// Export and import: one SWR key + fetcher + hook per endpoint; each command revalidates what it changes.
// The staff import (`import`) and the admin User CSV Import (`admin/district/{id}/user-import`) share
// their shape, so each call takes the import's API (`ImportApi`).
import useSWR, { mutate } from 'swr';
import type {
  ImportKind, ImportMappingInput, ImportPreview, ImportRowItem, ImportSummary, RowOutcome,
} from '../../../common/schemas/imports';
import type { DistrictExport } from '../../../common/schemas/districtExport';
import { api, type ApiError, refreshedAfter } from '../../lib/api';
import { fetchByKey, revalidateStaffLists } from '../../lib/lookups';

export interface ImportApi {
  kind: ImportKind;
  /** Base path of one import: `${base}/${id}`; the list is `${list}`. */
  base: string;
  list: string;
  upload: string;
  /** The screen of one import. */
  screen: (id: number) => string;
}

export const STAFF_IMPORTS: ImportApi = {
  kind: 'staff', base: 'import', list: 'import', upload: 'import/staff', screen: (id) => `/app/settings/export-imports/staff/${id}`,
};
export const userImports = (districtId: number): ImportApi => {
  const base = `admin/district/${districtId}/user-import`;
  return { kind: 'users', base, list: base, upload: base, screen: (id) => `/admin/districts/${districtId}/user-import/${id}` };
};

export interface ImportList {
  data: ImportSummary[];
  meta: { page: number; per_page: number; total: number; last_page: number; can_import: boolean; district?: { id: number; name: string } };
}
export interface ImportRowList {
  data: ImportRowItem[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** Where the downloads live (plain GETs: a link downloads them with the session cookie). */
export const EXPORT_URLS = {
  staff: '/api/export/staff.csv',
  users: '/api/export/users.csv',
  interactions: '/api/export/interactions.csv',
  skillRatings: '/api/export/skill-ratings.csv',
} as const;
export const failedRowsUrl = (a: ImportApi, id: number) => `/api/${a.base}/${id}/failed.csv`;

export const importsKey = (a: ImportApi, page: number) => [a.list, { page: page > 1 ? page : undefined }] as const;
export const importKey = (a: ImportApi, id: number) => `${a.base}/${id}`;
export const importRowsKey = (a: ImportApi, id: number, outcome: RowOutcome | 'all', page: number, perPage = 50) =>
  [`${a.base}/${id}/rows`, { outcome: outcome === 'all' ? undefined : outcome, page: page > 1 ? page : undefined, per_page: perPage }] as const;

export function useImports(a: ImportApi, page: number, enabled = true) {
  return useSWR<ImportList, ApiError>(enabled ? importsKey(a, page) : null, fetchByKey<ImportList>, { keepPreviousData: true });
}

export function useImport(a: ImportApi, id: number | null) {
  return useSWR<ImportSummary, ApiError>(id ? importKey(a, id) : null, (path: string) => api.get<ImportSummary>(path));
}

export function useImportRows(a: ImportApi, id: number | null, outcome: RowOutcome | 'all', page: number, perPage = 50) {
  return useSWR<ImportRowList, ApiError>(id ? importRowsKey(a, id, outcome, page, perPage) : null, fetchByKey<ImportRowList>, { keepPreviousData: true });
}

/** Every list, import and rows key of this import API. */
async function revalidateImports(a: ImportApi): Promise<void> {
  await mutate((key) => {
    const path = Array.isArray(key) ? key[0] : key;
    return typeof path === 'string' && (path === a.list || path.startsWith(`${a.base}/`));
  });
}

/** Uploads files (one CSV, a OneRoster zip, or users.csv with orgs.csv) or pasted rows. */
export async function uploadImport(a: ImportApi, source: { files: File[] } | { text: string }): Promise<ImportSummary> {
  let summary: ImportSummary;
  if ('files' in source) {
    const form = new FormData();
    source.files.forEach((f, i) => form.append(`file${i}`, f, f.name));
    summary = await api.upload<ImportSummary>(a.upload, form);
  } else {
    summary = await api.upload<ImportSummary>(a.upload, new Blob([source.text], { type: 'text/csv' }), { file_name: 'pasted.csv' });
  }
  await revalidateImports(a);
  return summary;
}

export function saveImportMapping(a: ImportApi, id: number, input: ImportMappingInput): Promise<ImportSummary> {
  return refreshedAfter(api.put<ImportSummary>(`${a.base}/${id}/mapping`, input), (summary) => mutate(importKey(a, id), summary, { revalidate: false }));
}

export function previewImport(a: ImportApi, id: number): Promise<ImportPreview> {
  return refreshedAfter(api.post<ImportPreview>(`${a.base}/${id}/preview`, {}), () => revalidateImports(a));
}

export async function runImport(a: ImportApi, id: number, confirmDeactivations?: number): Promise<ImportSummary> {
  const summary = await api.post<ImportSummary>(`${a.base}/${id}/run`, confirmDeactivations === undefined ? {} : { confirm_deactivations: confirmDeactivations });
  await revalidateImports(a);
  if (a.kind === 'staff') await revalidateStaffLists();
  return summary;
}

// ---------- The district's full export (issue 32) ----------

/** The district's latest exports (GET /api/district/exports): polled every 2 s while one is queued or running. */
export const DISTRICT_EXPORTS_KEY = 'district/exports';

export function useDistrictExports(enabled: boolean) {
  return useSWR<{ data: DistrictExport[] }, ApiError>(enabled ? DISTRICT_EXPORTS_KEY : null, (path: string) => api.get<{ data: DistrictExport[] }>(path), {
    refreshInterval: (latest) => (latest?.data.some((e) => e.status === 'queued' || e.status === 'running') ? 2000 : 0),
  });
}

/** Starts an export (POST /api/district/export, 202 { id }) and refreshes the list. */
export function startDistrictExport(): Promise<{ id: number }> {
  return refreshedAfter(api.post<{ id: number }>('district/export'), () => mutate(DISTRICT_EXPORTS_KEY));
}
