// The skill mapping answers: the framework, an educator's ratings and the heat map
// (server/features/skills/presenter.ts).
import * as z from 'zod/mini';
import type { EducatorSkills, SkillFramework, SkillMapRow, SkillMapSummary } from '../skills';
import { day, id, instant, ref, type SameShape } from './shapes';

export const skillFrameworkAnswer = z.strictObject({
  id,
  name: z.string(),
  description: z.nullable(z.string()),
  levels: z.array(z.strictObject({ level: z.number(), name: z.string(), descriptor: z.nullable(z.string()) })),
  domains: z.array(z.strictObject({
    id,
    name: z.string(),
    description: z.nullable(z.string()),
    sort_order: z.number(),
    archived: z.boolean(),
    skills: z.array(z.strictObject({
      id, domain_id: id, name: z.string(), description: z.nullable(z.string()), sort_order: z.number(), archived: z.boolean(),
    })),
  })),
  can_edit: z.boolean(),
});
export type SkillFrameworkAnswer = z.infer<typeof skillFrameworkAnswer>;
export const skillFrameworkAnswerMatches: SameShape<SkillFrameworkAnswer, SkillFramework> = true;

const skillRating = z.strictObject({
  id,
  skill_id: id,
  level: z.number(),
  rated_on: day,
  rated_by: z.nullable(ref),
  note: z.nullable(z.string()),
  interaction_id: z.nullable(id),
  created_at: instant,
});

export const educatorSkillsAnswer = z.strictObject({
  staff: ref,
  current: z.array(skillRating),
  history: z.array(skillRating),
  self: z.array(z.strictObject({ skill_id: id, level: z.number(), rated_on: day })),
  can_rate: z.boolean(),
  can_self_assess: z.boolean(),
});
export type EducatorSkillsAnswer = z.infer<typeof educatorSkillsAnswer>;
export const educatorSkillsAnswerMatches: SameShape<EducatorSkillsAnswer, EducatorSkills> = true;

export const skillMapRowAnswer = z.strictObject({
  staff: z.strictObject({ id, name: z.string(), building: z.nullable(z.string()), position: z.nullable(z.string()) }),
  /** Keyed by skill id; a skill not rated is absent. */
  cells: z.record(z.string(), z.strictObject({ level: z.number(), rated_on: day, rated_by: z.nullable(z.string()), note: z.nullable(z.string()) })),
  /** Keyed by domain id: the average current level of its skills (null when none is rated). */
  domain_averages: z.record(z.string(), z.nullable(z.number())),
});
export type SkillMapRowAnswer = z.infer<typeof skillMapRowAnswer>;
export const skillMapRowAnswerMatches: SameShape<SkillMapRowAnswer, SkillMapRow> = true;

export const skillMapSummaryAnswer = z.strictObject({
  total: z.number(),
  /** Skill id → level → how many educators stand there (levels with none are absent). */
  counts: z.record(z.string(), z.record(z.string(), z.number())),
});
export type SkillMapSummaryAnswer = z.infer<typeof skillMapSummaryAnswer>;
export const skillMapSummaryAnswerMatches: SameShape<SkillMapSummaryAnswer, SkillMapSummary> = true;
