// The school staff request answer: server/features/staffRequests/presenter.ts.
import * as z from 'zod/mini';
import { STAFF_REQUEST_STATUSES, type StaffRequest, type StaffRequestCandidate } from '../staffRequests';
import { day, id, instant, ref, type SameShape } from './shapes';

export const staffRequestAnswer = z.strictObject({
  id,
  status: z.enum(STAFF_REQUEST_STATUSES),
  staff: ref,
  from_building: z.nullable(ref),
  building: ref,
  start_date: day,
  note: z.nullable(z.string()),
  requested_by: z.nullable(ref),
  requested_at: instant,
  decided_by: z.nullable(ref),
  decided_at: z.nullable(instant),
  decision_reason: z.nullable(z.string()),
});
export type StaffRequestAnswer = z.infer<typeof staffRequestAnswer>;
export const staffRequestAnswerMatches: SameShape<StaffRequestAnswer, StaffRequest> = true;

/** GET /api/staff-request/candidates: an educator one may ask for, with their school now. */
export const staffRequestCandidateAnswer = z.strictObject({ id, name: z.string(), building: z.nullable(ref) });
export type StaffRequestCandidateAnswer = z.infer<typeof staffRequestCandidateAnswer>;
export const staffRequestCandidateAnswerMatches: SameShape<StaffRequestCandidateAnswer, StaffRequestCandidate> = true;
