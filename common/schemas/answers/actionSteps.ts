// The action step answer (issue 29, item 2): server/features/actionSteps/presenter.ts.
import * as z from 'zod/mini';
import { ACTION_STEP_SOURCES, ACTION_STEP_STATUSES } from '../../actionStepValues';
import type { ActionStep, ActionStepFollowThrough } from '../actionSteps';
import { day, id, instant, ref, type SameShape } from './shapes';

export const actionStepAnswer = z.strictObject({
  id,
  educator: ref,
  title: z.string(),
  detail: z.nullable(z.string()),
  due_on: z.nullable(day),
  status: z.enum(ACTION_STEP_STATUSES),
  done_on: z.nullable(day),
  note: z.nullable(z.string()),
  source: z.nullable(z.strictObject({ type: z.enum(ACTION_STEP_SOURCES), id: z.nullable(id) })),
  set_by: z.nullable(ref),
  can_edit: z.boolean(),
  can_complete: z.boolean(),
  can_manage: z.boolean(),
  created_at: instant,
  updated_at: instant,
  /** The device's UUID it was made with offline (issue 31), else null. */
  client_id: z.nullable(z.string()),
});
export type ActionStepAnswer = z.infer<typeof actionStepAnswer>;
export const actionStepAnswerMatches: SameShape<ActionStepAnswer, ActionStep> = true;

export const actionStepFollowThroughAnswer = z.strictObject({
  educator: ref,
  open: z.number(),
  overdue: z.number(),
  done: z.number(),
  done_on_time: z.number(),
});
export type ActionStepFollowThroughAnswer = z.infer<typeof actionStepFollowThroughAnswer>;
export const actionStepFollowThroughAnswerMatches: SameShape<ActionStepFollowThroughAnswer, ActionStepFollowThrough> = true;
