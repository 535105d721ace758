// The observations contract (issue 28): observation forms (district settings) and observations of an
// educator, shared by server and client. An answer's value is checked on the server against its item's kind
// (look_for 'yes'|'no'|'na', rating a whole number on the item's scale, choice one option or several,
// text a string, number a number), so the 422 names `answers.N.value`.
import * as z from 'zod/mini';
import {
  ANSWER_TEXT_MAX, FORM_DESCRIPTION_MAX, FORM_ITEMS_MAX, FORM_NAME_MAX, ITEM_LABEL_MAX, ITEM_OPTION_MAX, ITEM_OPTIONS_MAX, ITEM_SECTION_MAX,
  OBSERVATION_ITEM_KINDS, OBSERVATION_MESSAGES, OBSERVATION_STATUSES, RATING_SCALE_MAX, RATING_SCALE_MIN,
} from '../observationValues';
import { DURATION_MAX_MINUTES, LONG_TEXT_MAX } from '../interactionValues';
import { baseUpdatedAtField, clientIdField, idField, optionalIdField, optionalText, text, utcTimestamp } from './fields';
import { filterParam, listOf, oneOf, optionalIsoDate, positiveId } from './query';

export * from '../observationValues';

const kindSchema = z.enum(OBSERVATION_ITEM_KINDS, { error: 'Kind must be look_for, rating, choice, text or number.' });

/** One item of a form as written by the editor; `id` keeps an existing item's place across versions. */
export const formItemSchema = z.object({
  id: optionalIdField('This item is not on the form.'),
  label: text('Label', ITEM_LABEL_MAX),
  kind: kindSchema,
  required: z._default(z.boolean({ error: 'Required must be true or false.' }), false),
  section: optionalText('Section', ITEM_SECTION_MAX),
  options: z._default(z.array(text('Option', ITEM_OPTION_MAX)).check(
    z.maxLength(ITEM_OPTIONS_MAX, `At most ${ITEM_OPTIONS_MAX} options.`),
  ), []),
  multiple: z._default(z.boolean({ error: 'Multiple must be true or false.' }), false),
  scale: z.optional(z.nullable(z.number({ error: 'Scale must be a number.' }).check(
    z.refine((n) => Number.isInteger(n) && n >= RATING_SCALE_MIN && n <= RATING_SCALE_MAX, `Scale must be from ${RATING_SCALE_MIN} to ${RATING_SCALE_MAX}.`),
  ))),
  skill_id: optionalIdField(OBSERVATION_MESSAGES.skillNotFound),
});
export type FormItemInput = z.output<typeof formItemSchema>;

/** POST /api/observation-form and PUT /api/observation-form/{id} (manage settings). */
export const observationFormSchema = z.object({
  name: text('Name', FORM_NAME_MAX),
  description: optionalText('Description', FORM_DESCRIPTION_MAX),
  interaction_type_id: optionalIdField(OBSERVATION_MESSAGES.typeNotInDistrict),
  items: z.array(formItemSchema, { error: OBSERVATION_MESSAGES.itemsNeeded }).check(
    z.minLength(1, OBSERVATION_MESSAGES.itemsNeeded),
    z.maxLength(FORM_ITEMS_MAX, `A form has at most ${FORM_ITEMS_MAX} items.`),
  ),
});
export type ObservationFormInput = z.output<typeof observationFormSchema>;

/** GET /api/observation-form?status=active|archived|all (default active). */
export const observationFormListQuerySchema = z.object({
  status: z._default(z.enum(['active', 'archived', 'all'], { error: 'Status must be active, archived or all.' }), 'active'),
});

const answerSchema = z.object({
  item_id: idField(OBSERVATION_MESSAGES.itemNotOfForm),
  value: z.optional(z.unknown()),
  evidence: optionalText('Evidence', ANSWER_TEXT_MAX),
});
export type AnswerInput = z.output<typeof answerSchema>;

const notesText = (label: string) => optionalText(label, LONG_TEXT_MAX);

/** POST /api/observation and PUT /api/observation/{id}. */
export const observationPayloadSchema = z.object({
  form_id: idField(OBSERVATION_MESSAGES.formNotFound),
  staff_id: idField(OBSERVATION_MESSAGES.educatorNotFound),
  observed_at: utcTimestamp('Observed at'),
  duration_minutes: z.number({ error: 'Duration must be a number of minutes.' }).check(
    z.refine((n) => Number.isInteger(n) && n >= 1 && n <= DURATION_MAX_MINUTES, `Duration must be from 1 to ${DURATION_MAX_MINUTES} minutes.`),
  ),
  status: z._default(z.enum(OBSERVATION_STATUSES, { error: 'Status must be draft or completed.' }), 'draft'),
  answers: z._default(z.array(answerSchema, { error: 'Answers must be a list.' }).check(
    z.maxLength(FORM_ITEMS_MAX, `At most ${FORM_ITEMS_MAX} answers.`),
  ), []),
  notes: notesText('Notes'),
  private_notes: notesText('Private notes'),
  next_steps: notesText('Next steps'),
  calibration_id: optionalIdField('Choose a calibration session of your district.'),
});
export type ObservationInput = z.output<typeof observationPayloadSchema>;

/** POST /api/observation: the payload and the device's `client_id` (issue 31: a repeat answers the observation already made, 200). */
export const observationCreateSchema = z.extend(observationPayloadSchema, { client_id: clientIdField });
export type ObservationCreatePayload = z.input<typeof observationCreateSchema>;
export type ObservationCreateInput = z.output<typeof observationCreateSchema>;

/** PUT /api/observation/{id}: the payload and `base_updated_at` (issue 31: another version stored is 409 `edit_conflict`). */
export const observationUpdateSchema = z.extend(observationPayloadSchema, { base_updated_at: baseUpdatedAtField });
export type ObservationUpdatePayload = z.input<typeof observationUpdateSchema>;
export type ObservationUpdateInput = z.output<typeof observationUpdateSchema>;

/** POST /api/observation/{id}/share: what the educator sees. */
export const shareObservationSchema = z.object({
  answers: z._default(z.boolean({ error: 'Answers must be true or false.' }), true),
  notes: z._default(z.boolean({ error: 'Notes must be true or false.' }), true),
});

/** POST /api/observation/{id}/acknowledge (the observed educator). */
export const acknowledgeObservationSchema = z.object({
  reflection: optionalText('Reflection', LONG_TEXT_MAX),
});

const yesNo = (label: string) => z.pipe(
  z.optional(z.enum(['yes', 'no'], { error: `${label} must be yes or no.` })),
  z.transform((v) => v ?? null),
);

/** GET /api/observation (and the CSV): newest first, the caller's scope, drafts only the caller's own. */
export const observationListQuerySchema = z.object({
  filter: filterParam({
    from: optionalIsoDate('From'),
    to: optionalIsoDate('To'),
    form_id: listOf('Form', positiveId, 'Form must be an observation form ID.'),
    staff_id: listOf('Educator', positiveId, 'Educator must be an educator ID.'),
    building_id: listOf('School', positiveId, 'School must be a school ID.'),
    observer_id: listOf('Observer', positiveId, 'Observer must be a user ID.'),
    status: listOf('Status', oneOf(OBSERVATION_STATUSES), 'Status must be draft or completed.'),
    shared: yesNo('Shared'),
    acknowledged: yesNo('Acknowledged'),
  }, 'from, to, form_id, staff_id, building_id, observer_id, status, shared and acknowledged'),
});
export type ObservationListQuery = z.output<typeof observationListQuerySchema>;
