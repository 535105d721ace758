// Skill mapping resources several screens read or change: an educator's ratings and self-assessment (the
// profile's Skills section, the coaching workspace's rating dialog, the educator's Self-assessment screen) and the heat map's cache (refreshed after a rating
// from any screen). The framework itself is useSkillFramework() in lookups.ts.
import useSWR, { mutate } from 'swr';
import type { EducatorSkills, RatingPayload, SelfAssessmentPayload } from '../../common/schemas/skills';
import { api, type ApiError } from './api';

export const educatorSkillsKey = (staffId: number) => ['skill-rating', staffId] as const;

/** GET /api/staff/{id}/skill-rating: current levels and history. */
export function useEducatorSkills(staffId: number | null, enabled = true) {
  return useSWR<EducatorSkills, ApiError>(
    enabled && staffId !== null ? educatorSkillsKey(staffId) : null,
    ([, id]: readonly [string, number]) => api.get<EducatorSkills>(`staff/${id}/skill-rating`),
  );
}

const isSkillMapKey = (key: unknown) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('skill-map');

/** Every cached heat map page and summary refetches. */
export function revalidateSkillMap(): Promise<unknown> {
  return mutate(isSkillMapKey);
}

/** POST /api/staff/{id}/skill-rating; then the educator's ratings and the heat map refresh. */
export async function rateSkills(staffId: number, payload: RatingPayload): Promise<EducatorSkills> {
  const answer = await api.post<EducatorSkills>(`staff/${staffId}/skill-rating`, payload);
  await mutate(educatorSkillsKey(staffId), answer, { revalidate: false });
  void revalidateSkillMap();
  return answer;
}

/** POST /api/staff/{id}/self-assessment (the educator themself); then their ratings and the heat map's self layer refresh. */
export async function selfAssess(staffId: number, payload: SelfAssessmentPayload): Promise<EducatorSkills> {
  const answer = await api.post<EducatorSkills>(`staff/${staffId}/self-assessment`, payload);
  await mutate(educatorSkillsKey(staffId), answer, { revalidate: false });
  void revalidateSkillMap();
  return answer;
}

/**
 * Level colours (background, text) from light to strong, readable in light and dark themes alike
 * (text contrast ≥ 4.5:1 on each). The level's number is always printed too: never colour alone.
 */
export const LEVEL_COLOURS: readonly { bg: string; fg: string }[] = [
  { bg: '#fde4cf', fg: '#5c2a06' },
  { bg: '#fbf0b4', fg: '#4d3f00' },
  { bg: '#c9ebd5', fg: '#0f3f22' },
  { bg: '#1f7a5a', fg: '#ffffff' },
  { bg: '#0f4f3c', fg: '#ffffff' },
];

export function levelColour(level: number, maxLevel: number): { bg: string; fg: string } {
  if (maxLevel <= 1) return LEVEL_COLOURS[3]!;
  // Spread the scale over the palette so a 4-level scale uses the first four steps.
  const index = maxLevel <= LEVEL_COLOURS.length ? level - 1 : Math.round(((level - 1) / (maxLevel - 1)) * (LEVEL_COLOURS.length - 1));
  return LEVEL_COLOURS[Math.max(0, Math.min(LEVEL_COLOURS.length - 1, index))]!;
}
