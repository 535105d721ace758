// The coaches and caseloads contract: request schemas and answer shapes shared by server and client.
import * as z from 'zod/mini';
import type { CoachSummary } from './lookups';
import { isoDate } from './staff';

export const MAX_ASSIGN_AT_ONCE = 100;

/** POST /api/coach/{id}/caseload (manage coaches): educators join the caseload from start_date. */
export const assignCaseloadSchema = z.object({
  staff_ids: z.array(
    z.number({ error: 'Choose educators from the list.' }).check(z.refine((n) => Number.isInteger(n) && n > 0, 'Choose educators from the list.')),
    { error: 'Choose at least one educator.' },
  ).check(
    z.minLength(1, 'Choose at least one educator.'),
    z.maxLength(MAX_ASSIGN_AT_ONCE, `Assign at most ${MAX_ASSIGN_AT_ONCE} educators at a time.`),
  ),
  start_date: isoDate('Start date'),
});

/** POST /api/coach/{id}/caseload/{assignmentId}/end (manage coaches): the last day on the caseload. */
export const endAssignmentSchema = z.object({
  end_date: isoDate('End date'),
});

export type AssignCaseloadInput = z.input<typeof assignCaseloadSchema>;
export type EndAssignmentInput = z.input<typeof endAssignmentSchema>;

/** GET /api/coach → { data: CoachListItem[] } */
export interface CoachListItem extends CoachSummary {
  last_login_at: string | null;
}

export interface CaseloadEntry {
  id: number;
  staff: { id: number; name: string; position: string | null; building: { id: number; name: string } | null };
  start_date: string;
  end_date: string | null;
}

/**
 * GET /api/coach/{id}. `caseload` holds the open assignments (end date empty or not yet passed) and
 * `history` the ended ones, each limited to the educators the caller may see; `caseload_count`
 * counts every open assignment.
 */
export interface CoachDetail {
  id: number;
  name: string;
  email: string;
  status: 'invited' | 'active' | 'disabled';
  buildings: { id: number; name: string }[];
  last_login_at: string | null;
  caseload_count: number;
  caseload: CaseloadEntry[];
  history: CaseloadEntry[];
}
