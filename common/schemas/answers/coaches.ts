// The coach and caseload answers: server/features/coaches/presenter.ts. A caseload lists only the
// educators the caller may see; `caseload_count` counts every open assignment.
import * as z from 'zod/mini';
import type { CoachDetail, CoachListItem } from '../coaches';
import { USER_STATUSES } from '../users';
import { day, id, instant, ref, type SameShape } from './shapes';

const coachFields = {
  id,
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  buildings: z.array(ref),
  caseload_count: z.number(),
  last_login_at: z.nullable(instant),
};
export const coachListItemAnswer = z.strictObject(coachFields);
export type CoachListItemAnswer = z.infer<typeof coachListItemAnswer>;
export const coachListItemAnswerMatches: SameShape<CoachListItemAnswer, CoachListItem> = true;

const caseloadEntry = z.strictObject({
  id,
  staff: z.strictObject({ id, name: z.string(), position: z.nullable(z.string()), building: z.nullable(ref) }),
  start_date: day,
  end_date: z.nullable(day),
});

export const coachAnswer = z.strictObject({
  ...coachFields,
  /** Open assignments (no end date, or one not yet passed). */
  caseload: z.array(caseloadEntry),
  /** Ended assignments. */
  history: z.array(caseloadEntry),
});
export type CoachAnswer = z.infer<typeof coachAnswer>;
export const coachAnswerMatches: SameShape<CoachAnswer, CoachDetail> = true;
