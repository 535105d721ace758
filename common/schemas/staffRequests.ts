// School staff requests (building history requests): a principal asks to add an educator from another
// school to one of theirs; a district admin approves (the building history changes) or denies.
import * as z from 'zod/mini';
import { idField, optionalText } from './fields';
import { isoDate } from './staff';

export const STAFF_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type StaffRequestStatus = (typeof STAFF_REQUEST_STATUSES)[number];
export const STAFF_REQUEST_FILTERS = ['pending', 'approved', 'denied', 'all'] as const;
export type StaffRequestFilter = (typeof STAFF_REQUEST_FILTERS)[number];

export const STAFF_REQUEST_NOTE_MAX = 1000;
export const STAFF_REQUEST_REASON_MAX = 500;
export const STAFF_REQUEST_CANDIDATES_MAX = 20;

export const MESSAGES = {
  chooseYourSchool: 'Choose one of your schools.',
  chooseActiveSchool: 'Choose an active school of your district.',
  chooseEducator: 'Choose an active educator of your district.',
  alreadyPending: 'A request for this educator is already pending.',
  reasonRequired: 'Give a reason for denying this request.',
  ownApproval: 'You cannot approve your own request.',
  ownDenial: 'You cannot deny your own request.',
  onlyRequester: 'Only the person who made this request can withdraw it.',
  alreadyDecided: 'This request has already been decided.',
  districtOnly: 'Only a district administrator can decide school staff requests.',
} as const;

/** GET /api/staff-request?status=pending|approved|denied|all (default all)&page=&per_page= */
export const staffRequestListQuerySchema = z.object({
  status: z._default(z.enum(STAFF_REQUEST_FILTERS, { error: 'Status must be pending, approved, denied or all.' }), 'all'),
});

/** GET /api/staff-request/candidates?search= */
export const staffRequestCandidatesQuerySchema = z.object({
  search: z._default(
    z.string({ error: 'Search must be text.' }).check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters.')),
    '',
  ),
});

/** POST /api/staff-request */
export const createStaffRequestSchema = z.object({
  staff_id: idField('Educator is required.'),
  building_id: idField('School is required.'),
  start_date: isoDate('Start date'),
  note: optionalText('Note', STAFF_REQUEST_NOTE_MAX),
});
export type CreateStaffRequestInput = z.input<typeof createStaffRequestSchema>;

/** POST /api/staff-request/{id}/deny */
export const denyStaffRequestSchema = z.object({
  reason: z.string({ error: MESSAGES.reasonRequired }).check(
    z.trim(),
    z.minLength(1, MESSAGES.reasonRequired),
    z.maxLength(STAFF_REQUEST_REASON_MAX, `Reason must be at most ${STAFF_REQUEST_REASON_MAX} characters.`),
  ),
});

type Ref = { id: number; name: string };

/** One request as both sides see it; lists answer `{ data: StaffRequest[], meta }`, newest first. */
export interface StaffRequest {
  id: number;
  status: StaffRequestStatus;
  staff: Ref;
  /** The educator's school when the request was made (derived from building history), if any. */
  from_building: Ref | null;
  building: Ref;
  start_date: string;
  note: string | null;
  requested_by: Ref | null;
  requested_at: string;
  decided_by: Ref | null;
  decided_at: string | null;
  decision_reason: string | null;
}

/** GET /api/staff-request/candidates → { data: StaffRequestCandidate[] } (at most 20). */
export interface StaffRequestCandidate {
  id: number;
  name: string;
  building: Ref | null;
}
