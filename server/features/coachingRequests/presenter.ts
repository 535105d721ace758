// A coaching request as its reader may see it: an explicit whitelist. The educator's words (message, times)
// go to the educator and to the coaches who hold or held it; the pass note to those coaches only; an overseer
// (a principal, an administrator) reads the topic and where it stands.
import type { CoachingRequestAnswer } from '../../../common/schemas/answers/coachingRequests';
import { WAITING_STATUSES } from '../../../common/schemas/coachingRequests';
import type { RequestReader } from './policies';
import type { HolderRow, RequestRow } from './queries';

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

export function presentRequest(reader: RequestReader, row: RequestRow, holders: HolderRow[]): CoachingRequestAnswer {
  const me = reader.auth.user.id;
  const mine = row.staff_id === reader.staffId;
  const coached = holders.some((h) => h.user_id === me);
  const current = holders.filter((h) => h.ended_at === null);
  const waiting = WAITING_STATUSES.includes(row.status);
  const session = row.interaction_id !== null && row.session_starts_at !== null && row.session_deleted_at === null
    ? { id: row.interaction_id, starts_at: row.session_starts_at, duration_minutes: row.session_minutes!, status: row.session_status! }
    : null;
  return {
    id: row.id,
    status: row.status,
    staff: { id: row.staff_id, name: `${row.first_name} ${row.last_name}` },
    topic: row.topic,
    message: mine || coached ? row.message : null,
    preferred_times: mine || coached ? row.preferred_times : null,
    requested_at: row.created_at,
    holders: current.map((h) => ({ id: h.user_id, name: h.name })),
    accepted_by: ref(row.accepted_by_user_id, row.accepted_by_name),
    accepted_at: row.accepted_at,
    session,
    passed_by: ref(row.passed_by_user_id, row.passed_by_name),
    passed_at: row.passed_at,
    pass_note: coached ? row.pass_note : null,
    withdrawn_at: row.withdrawn_at,
    can: {
      accept: waiting && current.some((h) => h.user_id === me),
      pass: waiting && current.some((h) => h.user_id === me),
      withdraw: waiting && mine && !reader.auth.impersonator,
    },
  };
}
