import type { StaffRequestAnswer, StaffRequestCandidateAnswer } from '../../../common/schemas/answers/staffRequests';
import type { RequestRow } from './queries';

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

/** A school staff request: an explicit whitelist of fields. */
export function presentStaffRequest(row: RequestRow, fromBuilding: { id: number; name: string } | null): StaffRequestAnswer {
  return {
    id: row.id,
    status: row.status,
    staff: { id: row.staff_id, name: `${row.first_name} ${row.last_name}` },
    from_building: fromBuilding,
    building: { id: row.building_id, name: row.building_name },
    start_date: row.start_date,
    note: row.note,
    requested_by: ref(row.requested_by, row.requested_by_name),
    requested_at: row.created_at,
    decided_by: ref(row.decided_by, row.decided_by_name),
    decided_at: row.decided_at,
    decision_reason: row.decision_reason,
  };
}

/** The minimal view of an educator a principal may pick from another school. */
export function presentCandidate(row: { id: number; first_name: string; last_name: string; building_id: number | null; building_name: string | null }): StaffRequestCandidateAnswer {
  return { id: row.id, name: `${row.first_name} ${row.last_name}`, building: ref(row.building_id, row.building_name) };
}
