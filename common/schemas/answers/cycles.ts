// The coaching cycle answers and their settings (stages, goal templates): server/features/cycles/presenter.ts.
// Evidence notes follow the shared-notes rule: body null and hidden true for a reader it keeps them from.
import * as z from 'zod/mini';
import { CYCLE_DUE_STATES, CYCLE_OUTCOMES, CYCLE_STATUSES } from '../../cycleValues';
import type { Cycle, CycleStage, CycleSummary, GoalTemplate } from '../cycles';
import { day, id, instant, ref, type SameShape } from './shapes';

export const cycleStageAnswer = z.strictObject({
  id,
  name: z.string(),
  description: z.nullable(z.string()),
  expected_days: z.number(),
  sort_order: z.number(),
  archived: z.boolean(),
  open_cycles: z.number(),
});
export type CycleStageAnswer = z.infer<typeof cycleStageAnswer>;
export const cycleStageAnswerMatches: SameShape<CycleStageAnswer, CycleStage> = true;

export const goalTemplateAnswer = z.strictObject({
  id,
  title: z.string(),
  goal: z.string(),
  sort_order: z.number(),
  archived: z.boolean(),
});
export type GoalTemplateAnswer = z.infer<typeof goalTemplateAnswer>;
export const goalTemplateAnswerMatches: SameShape<GoalTemplateAnswer, GoalTemplate> = true;

const cycleSummaryFields = {
  id,
  title: z.string(),
  goal: z.nullable(z.string()),
  coach: ref,
  educators: z.array(ref),
  focus_skills: z.array(ref),
  start_date: day,
  target_end_date: z.nullable(day),
  status: z.enum(CYCLE_STATUSES),
  stage: z.nullable(z.strictObject({ id, name: z.string(), expected_days: z.number(), archived: z.boolean() })),
  stage_entered_on: z.nullable(day),
  stage_due_on: z.nullable(day),
  due: z.nullable(z.enum(CYCLE_DUE_STATES)),
  next_stage: z.nullable(ref),
  outcome: z.nullable(z.enum(CYCLE_OUTCOMES)),
  reflection: z.nullable(z.string()),
  completed_on: z.nullable(day),
  can_edit: z.boolean(),
  created_at: instant,
  updated_at: instant,
  /** Only in the answer of a delete. */
  deleted_at: z.optional(z.nullable(instant)),
};
export const cycleSummaryAnswer = z.strictObject(cycleSummaryFields);
export type CycleSummaryAnswer = z.infer<typeof cycleSummaryAnswer>;
export const cycleSummaryAnswerMatches: SameShape<CycleSummaryAnswer, CycleSummary> = true;

export const cycleAnswer = z.strictObject({
  ...cycleSummaryFields,
  history: z.array(z.strictObject({ stage: z.strictObject({ id, name: z.string(), archived: z.boolean() }), entered_on: day, left_on: z.nullable(day) })),
  notes: z.array(z.strictObject({
    id,
    author: z.nullable(ref),
    body: z.nullable(z.string()),
    hidden: z.boolean(),
    can_edit: z.boolean(),
    created_at: instant,
    updated_at: instant,
  })),
  interactions: z.array(z.strictObject({
    id,
    starts_at: instant,
    duration_minutes: z.number(),
    status: z.string(),
    interaction_type: ref,
    coach: ref,
  })),
});
export type CycleAnswer = z.infer<typeof cycleAnswer>;
export const cycleAnswerMatches: SameShape<CycleAnswer, Cycle> = true;
