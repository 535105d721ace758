// Export and import: one SWR key + fetcher + hook per endpoint; each command revalidates what it changes.
import useSWR, { mutate } from 'swr';
import type {
  ImportMappingInput, ImportPreview, ImportRowItem, ImportSummary, RowOutcome,
} from '../../../common/schemas/imports';
import { api, type ApiError, type Query } from '../../lib/api';
import { fetchByKey, revalidateStaffLists } from '../../lib/lookups';

const IMPORTS = 'import';

export interface ImportList {
  data: ImportSummary[];
  meta: { page: number; per_page: number; total: number; last_page: number; can_import: boolean };
}
export interface ImportRowList {
  data: ImportRowItem[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** Where the downloads live (plain GETs: a link downloads them with the session cookie). */
export const EXPORT_URLS = { staff: '/api/export/staff.csv', users: '/api/export/users.csv' } as const;
export const failedRowsUrl = (id: number) => `/api/import/${id}/failed.csv`;

export const importsKey = (page: number) => [IMPORTS, { page: page > 1 ? page : undefined }] as const;
export const importKey = (id: number) => `${IMPORTS}/${id}`;
export const importRowsKey = (id: number, outcome: RowOutcome | 'all', page: number, perPage = 50) =>
  [`${IMPORTS}/${id}/rows`, { outcome: outcome === 'all' ? undefined : outcome, page: page > 1 ? page : undefined, per_page: perPage }] as const;

export function useImports(page: number, enabled = true) {
  return useSWR<ImportList, ApiError>(enabled ? importsKey(page) : null, fetchByKey<ImportList>, { keepPreviousData: true });
}

export function useImport(id: number | null) {
  return useSWR<ImportSummary, ApiError>(id ? importKey(id) : null, (path: string) => api.get<ImportSummary>(path));
}

export function useImportRows(id: number | null, outcome: RowOutcome | 'all', page: number, perPage = 50) {
  return useSWR<ImportRowList, ApiError>(id ? importRowsKey(id, outcome, page, perPage) : null, fetchByKey<ImportRowList>, { keepPreviousData: true });
}

async function revalidateImports(id?: number): Promise<void> {
  await mutate((key) => (Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(IMPORTS)) || (typeof key === 'string' && (id === undefined || key === importKey(id))));
}

/** Uploads files (one CSV, a OneRoster zip, or users.csv with orgs.csv) or pasted rows. */
export async function uploadStaffImport(source: { files: File[] } | { text: string }): Promise<ImportSummary> {
  let summary: ImportSummary;
  if ('files' in source) {
    const form = new FormData();
    source.files.forEach((f, i) => form.append(`file${i}`, f, f.name));
    summary = await api.upload<ImportSummary>('import/staff', form);
  } else {
    summary = await api.upload<ImportSummary>('import/staff', new Blob([source.text], { type: 'text/csv' }), { file_name: 'pasted.csv' });
  }
  await revalidateImports();
  return summary;
}

export async function saveImportMapping(id: number, input: ImportMappingInput): Promise<ImportSummary> {
  const summary = await api.put<ImportSummary>(`import/${id}/mapping`, input);
  await mutate(importKey(id), summary, { revalidate: false });
  return summary;
}

export async function previewImport(id: number): Promise<ImportPreview> {
  const preview = await api.post<ImportPreview>(`import/${id}/preview`, {});
  await revalidateImports(id);
  return preview;
}

export async function runImport(id: number, confirmDeactivations?: number): Promise<ImportSummary> {
  const summary = await api.post<ImportSummary>(`import/${id}/run`, confirmDeactivations === undefined ? {} : { confirm_deactivations: confirmDeactivations });
  await revalidateImports(id);
  await revalidateStaffLists();
  return summary;
}

export type { Query };
