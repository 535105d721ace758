// Asking for coaching (issue 29, item 4): the request schemas and the answer shared by server and client.
// An educator asks (topic, message, the times that suit); their coaches, or their school's coaches when
// they have none, hold it in their queue; one accepts (a scheduled session) or passes it on with a note.
import * as z from 'zod/mini';
import { DURATION_MAX_MINUTES } from '../interactionValues';
import {
  COACHING_REQUEST_MESSAGE_MAX, COACHING_REQUEST_NOTE_MAX, COACHING_REQUEST_STATUSES, COACHING_REQUEST_TIMES_MAX, COACHING_REQUEST_TOPIC_MAX,
  COACHING_REQUEST_MESSAGES, type CoachingRequestStatus,
} from '../coachingRequestValues';
import { optionalIdField, optionalText, text, utcTimestamp } from './fields';
import { filterParam, listOf, oneOf } from './query';

export * from '../coachingRequestValues';

/** POST /api/coaching-request */
export const coachingRequestSchema = z.object({
  topic: text('Topic', COACHING_REQUEST_TOPIC_MAX),
  message: text('Message', COACHING_REQUEST_MESSAGE_MAX),
  preferred_times: optionalText('Times that suit', COACHING_REQUEST_TIMES_MAX),
});
export type CoachingRequestInput = z.input<typeof coachingRequestSchema>;
export type CoachingRequestPayload = z.output<typeof coachingRequestSchema>;

/** POST /api/coaching-request/{id}/accept: the session's start (UTC), length (default: the type's) and type (default: the district's first coaching type). */
export const acceptCoachingRequestSchema = z.object({
  starts_at: utcTimestamp('Start'),
  duration_minutes: z.pipe(
    z.optional(z.nullable(z.number({ error: 'Duration must be a number of minutes.' }).check(
      z.refine((n) => Number.isInteger(n) && n >= 1 && n <= DURATION_MAX_MINUTES, `Duration must be from 1 to ${DURATION_MAX_MINUTES} minutes.`),
    ))),
    z.transform((v) => v ?? null),
  ),
  interaction_type_id: optionalIdField(COACHING_REQUEST_MESSAGES.typeNotFound),
});
export type AcceptCoachingRequestInput = z.input<typeof acceptCoachingRequestSchema>;

/** POST /api/coaching-request/{id}/pass: to one coach, or (absent) to the other coaches of the educator's school; a note for them. */
export const passCoachingRequestSchema = z.object({
  to_user_id: optionalIdField(COACHING_REQUEST_MESSAGES.passTarget),
  note: text('Note', COACHING_REQUEST_NOTE_MAX),
});
export type PassCoachingRequestInput = z.input<typeof passCoachingRequestSchema>;

/**
 * GET /api/coaching-request?filter[status]=open|passed|accepted|withdrawn&filter[queue]=1&page=&per_page= (newest first).
 * `queue=1`: only the requests the reader holds now (a coach's queue on their dashboard).
 */
export const coachingRequestListQuerySchema = z.object({
  filter: filterParam({
    status: listOf('Status', oneOf(COACHING_REQUEST_STATUSES), 'Status must be open, passed, accepted or withdrawn.'),
    queue: listOf('Queue', oneOf(['1'] as const), 'Queue must be 1.'),
  }, 'status, queue'),
});

type Ref = { id: number; name: string };

/** One request as a reader sees it. */
export interface CoachingRequest {
  id: number;
  status: CoachingRequestStatus;
  staff: Ref;
  topic: string;
  /** The educator's words and times: null for a reader who is neither the educator nor one of its coaches (a principal, an administrator). */
  message: string | null;
  preferred_times: string | null;
  requested_at: string;
  /** The coaches whose queue holds it now (none once accepted or withdrawn). */
  holders: Ref[];
  accepted_by: Ref | null;
  accepted_at: string | null;
  /** The scheduled session made on acceptance. */
  session: { id: number; starts_at: string; duration_minutes: number; status: string } | null;
  passed_by: Ref | null;
  passed_at: string | null;
  /** The latest pass's note, for the coaches (null for anyone else, the educator included). */
  pass_note: string | null;
  withdrawn_at: string | null;
  /** What the reader may do with it now. */
  can: { accept: boolean; pass: boolean; withdraw: boolean };
}
