// The skill mapping contract (issue 10): the district's framework (levels, domains, skills), ratings
// and the heat map. Request schemas and answer shapes shared by server and client.
import * as z from 'zod/mini';
import { planFeatureMessage } from '../plans';
import { dateField, idField, optionalIdField, optionalText, text } from './fields';
import { filterParam, listOf, oneOf, positiveId } from './query';
import { GRADE_LEVELS, POSITIONS, SUBJECTS } from './staff';
import { SKILL_MAP_LAYERS, SKILL_MAP_SORT } from '../skillValues';

export { SKILL_MAP_LAYERS, SKILL_MAP_PAGE, SKILL_MAP_SORT, type SkillMapLayer } from '../skillValues';

export const SKILL_NAME_MAX = 120;
export const SKILL_DESCRIPTION_MAX = 500;
export const LEVEL_DESCRIPTOR_MAX = 500;
export const RATING_NOTE_MAX = 2000;
/** Skills rated in one request at most (a whole framework fits). */
export const RATINGS_PER_REQUEST_MAX = 100;
/** Self-assessments one educator may save in an hour: "as often as they like", yet not a flood of rows. */
export const SELF_ASSESSMENTS_PER_HOUR = 30;

export const SKILL_MESSAGES = {
  /** The plan gate's 403 (server/access/guards.ts requireFeature): kept for code that imports it. */
  plan: planFeatureMessage('skill-mapping'),
  educatorNotFound: 'This educator does not exist.',
  domainNotFound: 'This domain does not exist.',
  skillNotFound: 'This skill does not exist.',
  levelNotFound: 'This level does not exist.',
  noFramework: 'Your district has no skill framework yet.',
  chooseSkill: 'Choose skills from your district\'s framework.',
  skillArchived: 'This skill is archived. Restore it before rating it.',
  duplicateSkill: 'Each skill can be rated once per request.',
  interactionNotFound: 'Choose one of your interactions with this educator.',
  futureDate: 'The date cannot be in the future.',
  orderMismatch: 'The order must list every domain (or every skill of the domain) exactly once.',
  domainArchived: 'This domain is archived. Restore it first.',
  alreadyArchived: 'This is already archived.',
  notArchived: 'This is not archived.',
  nameTaken: 'This name is already used here.',
  /** A self-assessment posted by anyone but the educator (who may otherwise see them): 403. */
  selfOnly: 'Only the educator can rate themself. Use Rate skills to give your own rating.',
  /** Coachwell support impersonating the educator: a self-assessment is the educator's own word. */
  selfImpersonated: 'A self-assessment is the educator\'s own: it cannot be given while signed in as them.',
  tooManySelfAssessments: `You have saved ${SELF_ASSESSMENTS_PER_HOUR} self-assessments in the last hour. Please try again later.`,
} as const;

// ---- Framework editing (`manage settings`) -------------------------------------------------------

/** POST /api/skill-domain, PUT /api/skill-domain/{id}. */
export const domainPayloadSchema = z.object({
  name: text('Name', SKILL_NAME_MAX),
  description: optionalText('Description', SKILL_DESCRIPTION_MAX),
});
export type DomainPayload = z.input<typeof domainPayloadSchema>;

/** POST /api/skill, PUT /api/skill/{id} (a skill may move to another active domain). */
export const skillPayloadSchema = z.object({
  domain_id: idField(SKILL_MESSAGES.domainNotFound),
  name: text('Name', SKILL_NAME_MAX),
  description: optionalText('Description', SKILL_DESCRIPTION_MAX),
});
export type SkillPayload = z.input<typeof skillPayloadSchema>;

/** PUT /api/skill-level/{level}: a level's name and descriptor. */
export const levelPayloadSchema = z.object({
  name: text('Name', 60),
  descriptor: optionalText('Descriptor', LEVEL_DESCRIPTOR_MAX),
});
export type LevelPayload = z.input<typeof levelPayloadSchema>;

/** PUT /api/skill-domain-order and PUT /api/skill-domain/{id}/skill-order: every active id once, in order. */
export const orderPayloadSchema = z.object({
  ids: z.array(idField(SKILL_MESSAGES.orderMismatch), { error: 'Order must be a list of IDs.' }).check(z.maxLength(200, SKILL_MESSAGES.orderMismatch)),
});

// ---- Ratings ---------------------------------------------------------------------------------------

/**
 * POST /api/staff/{id}/skill-rating: several skills at once for one educator, all on one date and
 * optionally linked to one of the caller's interactions with the educator. Every rating is kept; the
 * current level is the latest by date (a backdated rating does not replace a newer one).
 */
export const ratingPayloadSchema = z.object({
  rated_on: dateField('Date'),
  interaction_id: optionalIdField(SKILL_MESSAGES.interactionNotFound),
  ratings: z.array(
    z.object({
      skill_id: idField(SKILL_MESSAGES.chooseSkill),
      level: z.number({ error: 'Level must be a whole number.' }).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 10, 'Choose a level of the scale.')),
      note: optionalText('Note', RATING_NOTE_MAX),
    }),
    { error: 'Ratings must be a list.' },
  ).check(
    z.minLength(1, 'Rate at least one skill.'),
    z.maxLength(RATINGS_PER_REQUEST_MAX, `Rate at most ${RATINGS_PER_REQUEST_MAX} skills at once.`),
    z.superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, i) => {
        if (seen.has(item.skill_id)) ctx.issues.push({ code: 'custom', message: SKILL_MESSAGES.duplicateSkill, path: [i, 'skill_id'], input: item.skill_id });
        seen.add(item.skill_id);
      });
    }),
  ),
});
export type RatingPayload = z.input<typeof ratingPayloadSchema>;

/** One rating of a request: the skill and a level of the district's scale (both named in errors as `ratings.N.…`). */
const ratingItems = <T extends z.ZodMiniObject>(item: T) => z.array(item, { error: 'Ratings must be a list.' }).check(
  z.minLength(1, 'Rate at least one skill.'),
  z.maxLength(RATINGS_PER_REQUEST_MAX, `Rate at most ${RATINGS_PER_REQUEST_MAX} skills at once.`),
  z.superRefine((items, ctx) => {
    const seen = new Set<number>();
    (items as { skill_id: number }[]).forEach((item, i) => {
      if (seen.has(item.skill_id)) ctx.issues.push({ code: 'custom', message: SKILL_MESSAGES.duplicateSkill, path: [i, 'skill_id'], input: item.skill_id });
      seen.add(item.skill_id);
    });
  }),
);

/**
 * POST /api/staff/{id}/self-assessment (issue 29): the educator rates themself on the district's framework,
 * as often as they like (every rating kept, dated on the district's day). Self ratings never change the
 * current levels, the heat map's coach layer, the reports or the rated counts.
 */
export const selfAssessmentPayloadSchema = z.object({
  ratings: ratingItems(z.object({
    skill_id: idField(SKILL_MESSAGES.chooseSkill),
    level: z.number({ error: 'Level must be a whole number.' }).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 10, 'Choose a level of the scale.')),
  })),
});
export type SelfAssessmentPayload = z.input<typeof selfAssessmentPayloadSchema>;

// ---- Heat map ------------------------------------------------------------------------------------


/**
 * GET /api/skill-map (and /api/skill-map/summary, /api/skill-map.csv): filter[building_id][],
 * filter[group_id][], filter[coach_id][], filter[grade_level][], filter[subject][], filter[position][];
 * sort; page, per_page (≤ 100). Rows are active educators in the caller's `see skill mapping` scope.
 */
export const skillMapQuerySchema = z.object({
  sort: z.pipe(
    z.optional(z.string({ error: 'Sort must be name, -name, domain:{id} or -domain:{id}.' })),
    z.transform((v) => (v === undefined || v === '' ? 'name' : v)),
  ).check(z.refine((v) => SKILL_MAP_SORT.test(v), 'Sort must be name, -name, domain:{id} or -domain:{id}.')),
  filter: filterParam({
    building_id: listOf('School', positiveId, 'School must be a school ID.'),
    group_id: listOf('Group', positiveId, 'Group must be a group ID.'),
    coach_id: listOf('Coach', positiveId, 'Coach must be a coach ID.'),
    grade_level: listOf('Grade level', oneOf(GRADE_LEVELS), 'Choose grade levels from PK, K and 1–12.'),
    subject: listOf('Subject', oneOf(SUBJECTS), 'Choose subjects from the list.'),
    position: listOf('Position', oneOf(POSITIONS), 'Choose a position from the list.'),
  }, 'building_id, group_id, coach_id, grade_level, subject and position'),
  /** CSV only: domains shown collapsed (one average column instead of their skills). */
  collapsed: listOf('Collapsed', positiveId, 'Collapsed must list domain IDs.'),
  /** The levels shown: the coaches' current levels (the default) or the educators' own latest self-assessment. */
  layer: z._default(z.enum(SKILL_MAP_LAYERS, { error: 'Layer must be coach or self.' }), 'coach'),
});
export type SkillMapQuery = z.output<typeof skillMapQuerySchema>;

// ---- Answers -------------------------------------------------------------------------------------

export interface SkillLevel { level: number; name: string; descriptor: string | null }
export interface Skill { id: number; domain_id: number; name: string; description: string | null; sort_order: number; archived: boolean }
export interface SkillDomain {
  id: number; name: string; description: string | null; sort_order: number; archived: boolean;
  /** Its skills in order, archived ones included (marked). */
  skills: Skill[];
}
/** GET /api/skill-framework: the district's active framework, archived domains and skills included. */
export interface SkillFramework {
  id: number;
  name: string;
  description: string | null;
  levels: SkillLevel[];
  domains: SkillDomain[];
  /** The caller may edit it (`manage settings`). */
  can_edit: boolean;
}

/** An educator's latest self-assessed level of one skill. */
export interface SelfRating { skill_id: number; level: number; rated_on: string }

export interface SkillRating {
  id: number;
  skill_id: number;
  level: number;
  rated_on: string;
  rated_by: { id: number; name: string } | null;
  note: string | null;
  interaction_id: number | null;
  created_at: string;
}

/** GET /api/staff/{id}/skill-rating: current levels and the whole history (oldest first). */
export interface EducatorSkills {
  staff: { id: number; name: string };
  current: SkillRating[];
  history: SkillRating[];
  /** The educator's own latest self-assessed level per skill (never part of `current`). */
  self: SelfRating[];
  /** The caller may rate this educator. */
  can_rate: boolean;
  /** The caller is this educator and may rate themself (POST /api/staff/{id}/self-assessment). */
  can_self_assess: boolean;
}

/** One heat map cell: the current level and the rating behind it. */
export interface SkillCell { level: number; rated_on: string; rated_by: string | null; note: string | null }

export interface SkillMapRow {
  staff: { id: number; name: string; building: string | null; position: string | null };
  /** Keyed by skill id; absent = not rated. */
  cells: Record<string, SkillCell>;
  /** Keyed by domain id: the average current level of its active skills (null when none rated). */
  domain_averages: Record<string, number | null>;
}

/** GET /api/skill-map: { data: SkillMapRow[], meta: { page, per_page, total, last_page } }. */
export interface SkillMapPage {
  data: SkillMapRow[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** GET /api/skill-map/summary: for each active skill, how many filtered educators stand at each level. */
export interface SkillMapSummary {
  total: number;
  /** skill id → level → count (levels with no educators are absent). */
  counts: Record<string, Record<string, number>>;
}
