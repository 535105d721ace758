// The interaction types contract (issue 9, Interaction settings): types with their custom fields,
// request schemas and answer shapes shared by server and client. The same shapes serve a district's
// types (/api/interaction-type) and the provider's defaults (/api/admin/interaction-type).
import * as z from 'zod/mini';
import { planFeatureMessage } from '../plans';
import { optionalText, text } from './fields';

import { DURATION_MAX_MINUTES, FIELD_KIND_KEYS, FIELD_KINDS, type FieldKind, INTERACTION_COLOUR_KEYS, INTERACTION_COLOURS, type InteractionColour, LONG_TEXT_MAX } from '../interactionValues';

// The palette, the field kinds and the limits a screen shows live in common/interactionValues.ts (no zod).
export { DURATION_MAX_MINUTES, FIELD_KIND_KEYS, FIELD_KINDS, type FieldKind, INTERACTION_COLOUR_KEYS, INTERACTION_COLOURS, type InteractionColour, LONG_TEXT_MAX };

export const TYPE_NAME_MAX = 80;
export const FIELD_LABEL_MAX = 120;
export const FIELD_HELP_MAX = 300;
export const FIELD_OPTIONS_MAX = 30;
export const FIELD_OPTION_MAX = 80;
export const RATING_SCALE_MIN = 2;
export const RATING_SCALE_MAX = 10;
export const SHORT_TEXT_MAX = 200;

export const INTERACTION_TYPE_MESSAGES = {
  nameTaken: 'An interaction type with this name already exists.',
  alreadyArchived: 'This interaction type is already archived.',
  alreadyActive: 'This interaction type is already active.',
  fieldAlreadyArchived: 'This field is already archived.',
  fieldAlreadyActive: 'This field is already active.',
  typeNotFound: 'This interaction type does not exist.',
  fieldNotFound: 'This field does not exist.',
  /** 403 (and the screen's explanation) without the plan feature `custom-fields`. */
  /** The plan gate's 403 (server/access/guards.ts requireFeature). */
  customFieldsPlan: planFeatureMessage('custom-fields'),
  choiceOptionsNeeded: 'Add at least two options.',
  optionTwice: 'This option appears twice.',
  minAboveMax: 'Minimum must not be above maximum.',
  labelsMatchScale: 'Give one label per rating point, or none.',
  /** 422 on kind: a field's kind is fixed once an interaction holds a value for it. */
  kindLocked: 'The kind cannot change once interactions have values for this field. Archive it and add a new field instead.',
} as const;

export const INTERACTION_TYPE_STATUSES = ['active', 'archived', 'all'] as const;
export type InteractionTypeStatus = (typeof INTERACTION_TYPE_STATUSES)[number];

/** GET /api/interaction-type?status=active|archived|all (default active). */
export const interactionTypeListQuerySchema = z.object({
  status: z._default(z.enum(INTERACTION_TYPE_STATUSES, { error: 'Status must be active, archived or all.' }), 'active'),
});

const wholeMinutes = (label: string) =>
  z.number({ error: `${label} must be a number of minutes.` }).check(
    z.refine((n) => Number.isInteger(n) && n >= 1 && n <= DURATION_MAX_MINUTES, `${label} must be from 1 to ${DURATION_MAX_MINUTES} minutes.`),
  );

/** POST /api/interaction-type and PUT /api/interaction-type/{id} (manage settings). */
export const interactionTypeSchema = z.object({
  name: text('Name', TYPE_NAME_MAX),
  colour: z.string({ error: 'Colour is required.' }).check(
    z.refine((v) => (INTERACTION_COLOUR_KEYS as string[]).includes(v), `Colour must be one of ${INTERACTION_COLOUR_KEYS.join(', ')}.`),
  ),
  default_minutes: wholeMinutes('Default duration'),
  counts_as_coaching: z._default(z.boolean({ error: 'Counts as coaching time must be true or false.' }), true),
});
export type InteractionTypeInput = z.input<typeof interactionTypeSchema>;

/** POST …/{id}/move */
export const moveSchema = z.object({
  direction: z.enum(['up', 'down'], { error: 'Direction must be up or down.' }),
});

const optionalNumber = (label: string) =>
  z.pipe(
    z.optional(z.nullable(z.number({ error: `${label} must be a number.` }).check(z.refine(Number.isFinite, `${label} must be a number.`)))),
    z.transform((v) => v ?? null),
  );

/**
 * POST /api/interaction-type/{id}/field and PUT /api/interaction-field/{id} (manage settings, plan
 * feature custom-fields). `options` for single and multiple choice; `min`/`max` for number; `scale`
 * (2–10) and optional `labels` (one per point) for rating. Settings that do not apply to the kind
 * are stored as null.
 */
export const interactionFieldSchema = z.object({
  label: text('Label', FIELD_LABEL_MAX),
  help_text: optionalText('Help text', FIELD_HELP_MAX),
  kind: z.string({ error: 'Kind is required.' }).check(
    z.refine((v) => (FIELD_KIND_KEYS as string[]).includes(v), `Kind must be one of ${FIELD_KIND_KEYS.join(', ')}.`),
  ),
  required: z._default(z.boolean({ error: 'Required must be true or false.' }), false),
  options: z._default(
    z.array(text('Option', FIELD_OPTION_MAX), { error: 'Options must be a list.' }).check(
      z.maxLength(FIELD_OPTIONS_MAX, `A field can have at most ${FIELD_OPTIONS_MAX} options.`),
    ),
    [],
  ),
  min: optionalNumber('Minimum'),
  max: optionalNumber('Maximum'),
  scale: optionalNumber('Rating scale'),
  labels: z._default(
    z.array(text('Rating label', FIELD_OPTION_MAX), { error: 'Rating labels must be a list.' }),
    [],
  ),
}).check(
  z.superRefine((f, ctx) => {
    if (f.kind === 'single_choice' || f.kind === 'multiple_choice') {
      if (f.options.length < 2) ctx.issues.push({ code: 'custom', message: INTERACTION_TYPE_MESSAGES.choiceOptionsNeeded, path: ['options'], input: f.options });
      const seen = new Set<string>();
      f.options.forEach((o, i) => {
        const key = o.toLowerCase();
        if (seen.has(key)) ctx.issues.push({ code: 'custom', message: INTERACTION_TYPE_MESSAGES.optionTwice, path: ['options', i], input: o });
        seen.add(key);
      });
    }
    if (f.kind === 'number' && f.min !== null && f.max !== null && f.min > f.max) {
      ctx.issues.push({ code: 'custom', message: INTERACTION_TYPE_MESSAGES.minAboveMax, path: ['min'], input: f.min });
    }
    if (f.kind === 'rating') {
      const scale = f.scale;
      if (scale === null || !Number.isInteger(scale) || scale < RATING_SCALE_MIN || scale > RATING_SCALE_MAX) {
        ctx.issues.push({ code: 'custom', message: `Rating scale must be a whole number from ${RATING_SCALE_MIN} to ${RATING_SCALE_MAX}.`, path: ['scale'], input: scale });
      } else if (f.labels.length > 0 && f.labels.length !== scale) {
        ctx.issues.push({ code: 'custom', message: INTERACTION_TYPE_MESSAGES.labelsMatchScale, path: ['labels'], input: f.labels });
      }
    }
  }),
);
export type InteractionFieldInput = z.input<typeof interactionFieldSchema>;

/** A custom field as answered (settings not applying to its kind are null). */
export interface InteractionField {
  id: number;
  interaction_type_id: number;
  label: string;
  help_text: string | null;
  kind: FieldKind;
  required: boolean;
  options: string[] | null;
  min: number | null;
  max: number | null;
  scale: number | null;
  labels: string[] | null;
  sort_order: number;
  archived_at: string | null;
}

/**
 * GET /api/interaction-type?status=active|archived|all (default active; any district login) →
 * { data: InteractionType[] } in order; each with its fields (archived fields included, marked, so old
 * interactions still show their values). GET /api/interaction-type/{id} → InteractionType.
 */
export interface InteractionType {
  id: number;
  name: string;
  colour: InteractionColour;
  default_minutes: number;
  counts_as_coaching: boolean;
  sort_order: number;
  archived_at: string | null;
  fields: InteractionField[];
}
