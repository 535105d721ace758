// The interaction type and custom field answers: server/features/interactionTypes/presenter.ts.
import * as z from 'zod/mini';
import { FIELD_KIND_KEYS, INTERACTION_COLOUR_KEYS } from '../../interactionValues';
import type { InteractionField, InteractionType } from '../interactionTypes';
import { id, instant, type SameShape } from './shapes';

export const interactionFieldAnswer = z.strictObject({
  id,
  interaction_type_id: id,
  label: z.string(),
  help_text: z.nullable(z.string()),
  kind: z.enum(FIELD_KIND_KEYS),
  required: z.boolean(),
  options: z.nullable(z.array(z.string())),
  min: z.nullable(z.number()),
  max: z.nullable(z.number()),
  scale: z.nullable(z.number()),
  labels: z.nullable(z.array(z.string())),
  sort_order: z.number(),
  archived_at: z.nullable(instant),
});
export type InteractionFieldAnswer = z.infer<typeof interactionFieldAnswer>;
export const interactionFieldAnswerMatches: SameShape<InteractionFieldAnswer, InteractionField> = true;

export const interactionTypeAnswer = z.strictObject({
  id,
  name: z.string(),
  colour: z.enum(INTERACTION_COLOUR_KEYS),
  default_minutes: z.number(),
  counts_as_coaching: z.boolean(),
  sort_order: z.number(),
  archived_at: z.nullable(instant),
  fields: z.array(interactionFieldAnswer),
});
export type InteractionTypeAnswer = z.infer<typeof interactionTypeAnswer>;
export const interactionTypeAnswerMatches: SameShape<InteractionTypeAnswer, InteractionType> = true;
