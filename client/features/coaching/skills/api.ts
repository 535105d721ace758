// SWR keys, fetchers and hooks of the heat map (contract: common/schemas/skills.ts). Keys start with
// "skill-map" so lib/skills.ts revalidateSkillMap() refreshes them after a rating from any screen.
import useSWR, { preload } from 'swr';
import type { SkillMapPage, SkillMapSummary } from '../../../../common/schemas/skills';
import { type ApiError, type Query, serializeQuery } from '../../../lib/api';
import { fetchByKey } from '../../../lib/lookups';
import { toApiQuery, viewFromSearch } from './mapQuery';

export function useSkillMap(query: Query | null) {
  return useSWR<SkillMapPage, ApiError>(query ? ['skill-map', query] as const : null, fetchByKey<SkillMapPage>, { keepPreviousData: true });
}

export function useSkillMapSummary(query: Query | null) {
  return useSWR<SkillMapSummary, ApiError>(query ? ['skill-map/summary', query] as const : null, fetchByKey<SkillMapSummary>, { keepPreviousData: true });
}

/** The CSV export of the same view: every row of the filtered set, the columns as shown. */
export function skillMapCsvUrl(query: Query): string {
  const rest = { ...query };
  delete rest.page;
  delete rest.per_page;
  const qs = serializeQuery(rest);
  return `/api/skill-map.csv${qs ? `?${qs}` : ''}`;
}

/**
 * Asks for the heat map page of the address's view (the same key useSkillMap reads) while the screen
 * still waits for the framework: the first load takes one round trip instead of two.
 */
export function preloadSkillMap(search: string): void {
  void preload(['skill-map', toApiQuery(viewFromSearch(new URLSearchParams(search)))] as const, fetchByKey<SkillMapPage>);
}
