// The heat map's page size and sort pattern, without zod, so the skill map screen does not load the schema
// library on its first paint (issue 35): common/schemas/skills.ts builds its schemas on these and re-exports them.

/**
 * Rows of one heat map page as the screen asks for them (the API's per_page takes up to 100): 20 educators
 * keep the grid (24 skills) or the phone's cards near 2 000 elements, so a phone renders it fast (issue 35).
 */
export const SKILL_MAP_PAGE = 20;

/** sort: name | -name | domain:{id} | -domain:{id} (a domain's average current level; unrated last). */
export const SKILL_MAP_SORT = /^-?(name|domain:\d{1,15})$/;

/** The heat map's layers: the coaches' current levels, or the educators' own latest self-assessment (issue 29). */
export const SKILL_MAP_LAYERS = ['coach', 'self'] as const;
export type SkillMapLayer = (typeof SKILL_MAP_LAYERS)[number];
