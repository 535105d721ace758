// The coaching request answer: server/features/coachingRequests/presenter.ts.
import * as z from 'zod/mini';
import { COACHING_REQUEST_STATUSES, type CoachingRequest } from '../coachingRequests';
import { id, instant, ref, type SameShape } from './shapes';

export const coachingRequestAnswer = z.strictObject({
  id,
  status: z.enum(COACHING_REQUEST_STATUSES),
  staff: ref,
  topic: z.string(),
  message: z.nullable(z.string()),
  preferred_times: z.nullable(z.string()),
  requested_at: instant,
  holders: z.array(ref),
  accepted_by: z.nullable(ref),
  accepted_at: z.nullable(instant),
  session: z.nullable(z.strictObject({ id, starts_at: instant, duration_minutes: z.number(), status: z.string() })),
  passed_by: z.nullable(ref),
  passed_at: z.nullable(instant),
  pass_note: z.nullable(z.string()),
  withdrawn_at: z.nullable(instant),
  can: z.strictObject({ accept: z.boolean(), pass: z.boolean(), withdraw: z.boolean() }),
});
export type CoachingRequestAnswer = z.infer<typeof coachingRequestAnswer>;
export const coachingRequestAnswerMatches: SameShape<CoachingRequestAnswer, CoachingRequest> = true;
