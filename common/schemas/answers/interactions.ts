// The interaction and logged-time answers (Activity): server/features/interactions/presenter.ts. What a
// reader may not see is null or absent (the shared-notes rule): `private_notes` only for its author,
// `deleted_at` only in the answer of a delete.
import * as z from 'zod/mini';
import { ACTIVITY_CATEGORY_KEYS, FIELD_KIND_KEYS, INTERACTION_COLOUR_KEYS, INTERACTION_STATUSES } from '../../interactionValues';
import type { Activity, DefaultSchool, Interaction } from '../interactions';
import { id, instant, ref, type SameShape } from './shapes';

export const interactionAnswer = z.strictObject({
  id,
  interaction_type: z.strictObject({ id, name: z.string(), colour: z.enum(INTERACTION_COLOUR_KEYS), counts_as_coaching: z.boolean() }),
  coach: ref,
  starts_at: instant,
  ends_at: instant,
  duration_minutes: z.number(),
  status: z.enum(INTERACTION_STATUSES),
  needs_completing: z.boolean(),
  building: z.nullable(ref),
  participants: z.array(z.strictObject({ id, name: z.string(), group_id: z.nullable(id) })),
  groups: z.array(ref),
  notes: z.nullable(z.string()),
  next_steps: z.nullable(z.string()),
  notes_hidden: z.boolean(),
  private_notes: z.optional(z.nullable(z.string())),
  field_values: z.array(z.strictObject({
    field_id: id,
    label: z.string(),
    kind: z.enum(FIELD_KIND_KEYS),
    value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
    archived: z.boolean(),
  })),
  coaching_cycle: z.nullable(z.strictObject({ id, title: z.string() })),
  focus_skills: z.array(ref),
  can_edit: z.boolean(),
  created_by: z.nullable(ref),
  updated_by: z.nullable(ref),
  created_at: instant,
  updated_at: instant,
  /** The device's UUID it was made with offline (issue 31), else null. */
  client_id: z.nullable(z.string()),
  deleted_at: z.optional(z.nullable(instant)),
});
export type InteractionAnswer = z.infer<typeof interactionAnswer>;
export const interactionAnswerMatches: SameShape<InteractionAnswer, Interaction> = true;

export const activityAnswer = z.strictObject({
  id,
  user: ref,
  category: z.enum(ACTIVITY_CATEGORY_KEYS),
  starts_at: instant,
  ends_at: instant,
  minutes: z.number(),
  notes: z.nullable(z.string()),
  can_edit: z.boolean(),
  created_at: instant,
  updated_at: instant,
});
export type ActivityAnswer = z.infer<typeof activityAnswer>;
export const activityAnswerMatches: SameShape<ActivityAnswer, Activity> = true;

export const defaultSchoolAnswer = z.strictObject({
  building: z.nullable(ref),
  source: z.nullable(z.enum(['participants', 'coach'])),
});
export type DefaultSchoolAnswer = z.infer<typeof defaultSchoolAnswer>;
export const defaultSchoolAnswerMatches: SameShape<DefaultSchoolAnswer, DefaultSchool> = true;
