// The interactions and activities contract (issue 9): request schemas and answer shapes shared by
// server and client. starts_at is an instant (UTC ISO 8601): the client converts from and to the
// user's timezone. Custom field values are checked on the server against the type's fields.
import * as z from 'zod/mini';
import { baseUpdatedAtField, clientIdField, idField, idListField, isTimeZone, optionalIdField, optionalText, utcTimestamp } from './fields';
import {
  ACTIVITY_CATEGORIES, ACTIVITY_CATEGORY_KEYS, type ActivityCategory, DURATION_MAX_MINUTES, type FieldKind, type InteractionColour, INTERACTION_STATUS_LABELS,
  INTERACTION_MESSAGES, INTERACTION_STATUSES, type InteractionStatus, LONG_TEXT_MAX, NOTE_FIELD_KINDS, SCHOOL_REQUIRED_MESSAGE,
} from '../interactionValues';
import { filterParam, listOf, oneOf, optionalIsoDate, positiveId, sortParam } from './query';

// The statuses, categories and labels a screen shows live in common/interactionValues.ts (no zod).
export {
  ACTIVITY_CATEGORIES, ACTIVITY_CATEGORY_KEYS, type ActivityCategory, INTERACTION_STATUS_LABELS, INTERACTION_STATUSES, type InteractionStatus,
  INTERACTION_MESSAGES, NOTE_FIELD_KINDS, SCHOOL_REQUIRED_MESSAGE,
};

export const INTERACTION_SORTS = ['starts_at', '-starts_at'] as const;
export const INTERACTION_PARTICIPANTS_MAX = 200;
export const NOTES_MAX = LONG_TEXT_MAX;

export const INTERACTION_SKILLS_MAX = 24;

const optionalLongText = (label: string) => optionalText(label, NOTES_MAX);

const idList = (label: string, message: string) => idListField(label, message, INTERACTION_PARTICIPANTS_MAX);

/**
 * POST /api/interaction and PUT /api/interaction/{id}. `coach_id` defaults to the caller; only a
 * district-wide `see activity` user may name another coach. `field_values` maps a custom field id to
 * its value: string (short/long text, single choice, date YYYY-MM-DD), number (number, rating),
 * boolean (yes/no), string[] (multiple choice); null or absent = no value.
 */
export const interactionPayloadSchema = z.object({
  interaction_type_id: idField('Choose an interaction type.'),
  coach_id: optionalIdField(INTERACTION_MESSAGES.coachNotInDistrict),
  starts_at: utcTimestamp('Start'),
  duration_minutes: z.number({ error: 'Duration must be a number of minutes.' }).check(
    z.refine((n) => Number.isInteger(n) && n >= 1 && n <= DURATION_MAX_MINUTES, `Duration must be from 1 to ${DURATION_MAX_MINUTES} minutes.`),
  ),
  status: z._default(z.enum(INTERACTION_STATUSES, { error: 'Status must be scheduled, completed, cancelled or no-show.' }), 'completed'),
  /**
   * The school it took place at. Absent: POST takes the default school (`defaultSchoolRule`), PUT keeps the
   * stored one (or takes the default when there is none); null: no school.
   */
  building_id: z.optional(z.nullable(idField(INTERACTION_MESSAGES.buildingNotInDistrict))),
  staff_ids: idList('Educators', INTERACTION_MESSAGES.participantNotFound),
  group_ids: idList('Groups', INTERACTION_MESSAGES.groupNotFound),
  notes: optionalLongText('Notes'),
  private_notes: optionalLongText('Private notes'),
  next_steps: optionalLongText('Next steps'),
  field_values: z._default(
    z.record(z.string().check(z.regex(/^\d{1,15}$/, 'Field values are keyed by field ID.')), z.unknown(), { error: 'Field values must be an object keyed by field ID.' }),
    {},
  ),
  /** The coaching cycle this interaction belongs to (issue 10): of the same coach, or of educators the caller may see. */
  coaching_cycle_id: optionalIdField(INTERACTION_MESSAGES.cycleNotFound),
  /** Focus skills (issue 10): active skills of the district's framework. */
  skill_ids: idListField('Focus skills', INTERACTION_MESSAGES.skillNotFound, INTERACTION_SKILLS_MAX),
});
export type InteractionPayload = z.input<typeof interactionPayloadSchema>;
export type InteractionInput = z.output<typeof interactionPayloadSchema>;

/**
 * POST /api/interaction: the payload and the device's `client_id` (issue 31, common/syncValues.ts): a repeat with
 * the same client id by the same person answers the interaction already made (200), never a second one.
 */
export const interactionCreateSchema = z.extend(interactionPayloadSchema, { client_id: clientIdField });
export type InteractionCreatePayload = z.input<typeof interactionCreateSchema>;
export type InteractionCreateInput = z.output<typeof interactionCreateSchema>;

/**
 * PUT /api/interaction/{id}: the payload and `base_updated_at` (issue 31): the `updated_at` the edit started
 * from; when the interaction's differs, 409 `edit_conflict` and nothing changes. Absent: not checked.
 */
export const interactionUpdateSchema = z.extend(interactionPayloadSchema, { base_updated_at: baseUpdatedAtField });
export type InteractionUpdatePayload = z.input<typeof interactionUpdateSchema>;
export type InteractionUpdateInput = z.output<typeof interactionUpdateSchema>;

/**
 * The school an interaction defaults to (issue 26), the same rule on the server (a POST without building_id)
 * and in the log form (GET /api/interaction/default-school): the participants' school on the interaction's
 * day when they share one (those without a school aside); otherwise the coach's school when the coach has
 * exactly one; otherwise none, and the form asks.
 */
export type DefaultSchoolSource = 'participants' | 'coach';
export interface DefaultSchool {
  building: { id: number; name: string } | null;
  /** Where the default came from; null when there is none (participants at several schools, a coach with none or several). */
  source: DefaultSchoolSource | null;
}

/** GET /api/interaction/default-school: starts_at (UTC), coach_id (default: the caller), staff_ids[], group_ids[]. */
export const defaultSchoolQuerySchema = z.object({
  starts_at: utcTimestamp('Start'),
  coach_id: z.pipe(z.optional(z.string()), z.transform((v) => (v === undefined || v === '' ? null : positiveId(v) ?? -1)))
    .check(z.refine((v) => v !== -1, INTERACTION_MESSAGES.coachNotInDistrict)),
  staff_ids: listOf('Educators', positiveId, INTERACTION_MESSAGES.participantNotFound),
  group_ids: listOf('Groups', positiveId, INTERACTION_MESSAGES.groupNotFound),
});
export type DefaultSchoolQuery = z.output<typeof defaultSchoolQuerySchema>;

/**
 * POST /api/interaction/{id}/duplicate: a copy with status `scheduled` starting at `starts_at`, or
 * without it at the same time 7 days later (the next week's session). Type, coach, duration, school,
 * participants as stored, groups, shared notes, next steps and field values are copied; private notes
 * only when the caller wrote them.
 */
export const duplicateInteractionSchema = z.object({
  starts_at: z.pipe(z.optional(z.nullable(utcTimestamp('Start'))), z.transform((v) => v ?? null)),
});

/**
 * GET /api/interaction: filter[from], filter[to] (YYYY-MM-DD, inclusive, days of filter[timezone] or else
 * the district's timezone),
 * filter[coach_id][], filter[interaction_type_id][], filter[status][], filter[staff_id][],
 * filter[group_id][], filter[building_id][], filter[grade_level][] and filter[subject][] (at least one participant
 * of that grade or subject, as the reports count: the reports' drill-down), filter[needs_completing]=1; sort starts_at | -starts_at
 * (default -starts_at); page, per_page (≤ 100, or ≤ 1000 when filter[from] and filter[to] span at most
 * 7 days: a screen's whole week in one request). Answers { data: Interaction[], meta } and
 * meta.totals for the whole filtered range (minutes by type, coaching vs other).
 */
/**
 * filter[timezone]: the IANA timezone whose days filter[from] and filter[to] name (the screen's, which is
 * the user's); absent = the district's.
 */
const timezoneFilter = z.pipe(
  z.optional(z.string({ error: 'Timezone must be a timezone name such as America/Chicago.' })),
  z.transform((v) => (v === undefined || v.trim() === '' ? null : v.trim())),
).check(z.refine((v) => v === null || (v.length <= 64 && isTimeZone(v)), 'Timezone must be a timezone name such as America/Chicago.'));

export const interactionListQuerySchema = z.object({
  sort: sortParam(INTERACTION_SORTS, '-starts_at'),
  filter: filterParam({
    from: optionalIsoDate('From'),
    to: optionalIsoDate('To'),
    timezone: timezoneFilter,
    coach_id: listOf('Coach', positiveId, 'Coach must be a coach ID.'),
    interaction_type_id: listOf('Type', positiveId, 'Type must be an interaction type ID.'),
    status: listOf('Status', oneOf(INTERACTION_STATUSES), 'Status must be scheduled, completed, cancelled or no-show.'),
    staff_id: listOf('Educator', positiveId, 'Educator must be an educator ID.'),
    group_id: listOf('Group', positiveId, 'Group must be a group ID.'),
    building_id: listOf('School', positiveId, 'School must be a school ID.'),
    grade_level: listOf('Grade level', (v) => (/^(PK|K|[1-9]|1[0-2])$/.test(v) ? v : undefined), 'Grade level must be PK, K or 1 to 12.'),
    subject: listOf('Subject', (v) => (v.length <= 100 ? v : undefined), 'Subject must be at most 100 characters.'),
    needs_completing: z.pipe(
      z.optional(z.string({ error: 'Needs completing must be 1 or 0.' })),
      z.transform((v) => v === '1' || v === 'true'),
    ),
  }, 'from, to, timezone, coach_id, interaction_type_id, status, staff_id, group_id, building_id, grade_level, subject and needs_completing'),
});
export type InteractionListQuery = z.output<typeof interactionListQuerySchema>;

export interface InteractionFieldValue {
  field_id: number;
  label: string;
  kind: FieldKind;
  /** As sent (see interactionPayloadSchema); archived fields keep and show their values. */
  value: string | number | boolean | string[];
  archived: boolean;
}


/**
 * One interaction as answered by every endpoint. `notes`, `next_steps` and text field values
 * (NOTE_FIELD_KINDS) are null, left out (and `notes_hidden` true) for a reader the district's privacy
 * setting keeps them from. `private_notes` is present only in answers to its author; for anyone else the
 * key is absent. What is hidden from a caller is never copied by their duplicate and keeps its stored
 * value when they save the interaction (PUT ignores the body's value).
 */
export interface Interaction {
  id: number;
  interaction_type: { id: number; name: string; colour: InteractionColour; counts_as_coaching: boolean };
  coach: { id: number; name: string };
  starts_at: string;
  ends_at: string;
  duration_minutes: number;
  status: InteractionStatus;
  /** Scheduled and already over: shown as "needs completing". */
  needs_completing: boolean;
  building: { id: number; name: string } | null;
  participants: { id: number; name: string; group_id: number | null }[];
  groups: { id: number; name: string }[];
  notes: string | null;
  next_steps: string | null;
  notes_hidden: boolean;
  private_notes?: string | null;
  field_values: InteractionFieldValue[];
  /** The coaching cycle it belongs to (issue 10), or null. */
  coaching_cycle: { id: number; title: string } | null;
  /** Focus skills (issue 10), archived ones included. */
  focus_skills: { id: number; name: string }[];
  /** The caller may edit, complete, cancel, duplicate and delete it. */
  can_edit: boolean;
  created_by: { id: number; name: string } | null;
  updated_by: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  /** The device's UUID it was made with offline (issue 31), else null. */
  client_id: string | null;
  /** Set only in the answer of DELETE /api/interaction/{id} (the list and reads never show deleted ones). */
  deleted_at?: string | null;
}

/** meta.totals of GET /api/interaction (and GET /api/activity): over the whole filtered range. */
export interface ActivityTotals {
  interactions: number;
  interaction_minutes: number;
  coaching_minutes: number;
  other_minutes: number;
  activity_minutes: number;
  by_type: { interaction_type_id: number; name: string; colour: InteractionColour; count: number; minutes: number }[];
  by_category: { category: ActivityCategory; minutes: number }[];
}

// ---- Activities: "Log time" -------------------------------------------------------------------


export const ACTIVITY_MESSAGES = {
  notFound: 'This activity does not exist.',
} as const;

/** POST /api/activity and PUT /api/activity/{id}: the caller's own time (see activity). */
export const activityPayloadSchema = z.object({
  category: z.string({ error: 'Category is required.' }).check(
    z.refine((v) => (ACTIVITY_CATEGORY_KEYS as string[]).includes(v), 'Choose a category from the list.'),
  ),
  starts_at: utcTimestamp('Start'),
  minutes: z.number({ error: 'Minutes must be a number.' }).check(
    z.refine((n) => Number.isInteger(n) && n >= 1 && n <= DURATION_MAX_MINUTES, `Minutes must be from 1 to ${DURATION_MAX_MINUTES}.`),
  ),
  notes: optionalLongText('Notes'),
});
export type ActivityPayload = z.input<typeof activityPayloadSchema>;

/**
 * GET /api/activity: filter[from], filter[to], filter[user_id][] (district-wide or building scope),
 * filter[category][]; sort, page, per_page (≤ 100, or ≤ 1000 for a range of at most 7 days, as
 * interactions) → { data: Activity[], meta }. Scope follows `see activity`
 * like interactions (.building: activities of users of the caller's schools; .self: own).
 */
export const activityListQuerySchema = z.object({
  sort: sortParam(INTERACTION_SORTS, '-starts_at'),
  filter: filterParam({
    from: optionalIsoDate('From'),
    to: optionalIsoDate('To'),
    timezone: timezoneFilter,
    user_id: listOf('Coach', positiveId, 'Coach must be a user ID.'),
    category: listOf('Category', oneOf(ACTIVITY_CATEGORY_KEYS), 'Choose a category from the list.'),
  }, 'from, to, timezone, user_id and category'),
});
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

export interface Activity {
  id: number;
  user: { id: number; name: string };
  category: ActivityCategory;
  starts_at: string;
  ends_at: string;
  minutes: number;
  /** Activity notes are the author's own: null for anyone else. */
  notes: string | null;
  can_edit: boolean;
  created_at: string;
  updated_at: string;
}
