import type { CoachAnswer, CoachListItemAnswer } from '../../../common/schemas/answers/coaches';
import type { CaseloadEntry } from '../../../common/schemas/coaches';
import type { AssignmentRow, CoachRow } from './queries';

type Place = { id: number; name: string };

export function presentCoach(row: CoachRow, buildings: Place[], caseloadCount: number): CoachListItemAnswer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    buildings,
    caseload_count: caseloadCount,
    last_login_at: row.last_login_at,
  };
}

export function presentAssignment(row: AssignmentRow, building: Place | null): CaseloadEntry {
  return {
    id: row.id,
    staff: {
      id: row.staff_id,
      name: `${row.first_name} ${row.last_name}`,
      position: row.position,
      building: building ? { id: building.id, name: building.name } : null,
    },
    start_date: row.start_date,
    end_date: row.end_date,
  };
}

export function presentCoachDetail(
  row: CoachRow, buildings: Place[], caseloadCount: number,
  caseload: CaseloadEntry[], history: CaseloadEntry[],
): CoachAnswer {
  return {
    ...presentCoach(row, buildings, caseloadCount),
    caseload,
    history,
  };
}
