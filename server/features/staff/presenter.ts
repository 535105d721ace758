// Educators on the wire: explicit field whitelists (district_id and internals never leave the server).
import type { StaffDetailAnswer, StaffListItemAnswer } from '../../../common/schemas/answers/staff';
import type { Ref, StaffRow } from './queries';

function jsonList(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function presentStaffListItem(row: StaffRow, building: Ref | null, coach: Ref | null): StaffListItemAnswer {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    employee_id: row.employee_id,
    position: row.position,
    grade_levels: jsonList(row.grade_levels),
    subjects: jsonList(row.subjects),
    hire_date: row.hire_date,
    status: row.status,
    building: building ? { id: building.id, name: building.name } : null,
    coach: coach ? { id: coach.id, name: coach.name } : null,
  };
}

export interface StaffDetailParts {
  row: StaffRow;
  building: Ref | null;
  coach: Ref | null;
  history: { id: number; building_id: number; building_name: string; start_date: string; end_date: string | null }[];
  groups: { id: number; name: string; start_date: string; end_date: string | null; deleted_at: string | null }[];
  coaches: { id: number; coach_id: number; coach_name: string; start_date: string; end_date: string | null }[];
  canEdit: boolean;
  canMove: boolean;
}

export function presentStaffDetail(p: StaffDetailParts): StaffDetailAnswer {
  return {
    ...presentStaffListItem(p.row, p.building, p.coach),
    user_id: p.row.user_id,
    created_at: p.row.created_at,
    updated_at: p.row.updated_at,
    building_history: p.history.map((h) => ({
      id: h.id, building: { id: h.building_id, name: h.building_name }, start_date: h.start_date, end_date: h.end_date,
    })),
    groups: p.groups.map((g) => ({ id: g.id, name: g.name, start_date: g.start_date, end_date: g.end_date, active: g.deleted_at === null })),
    coaches: p.coaches.map((c) => ({
      id: c.id, coach: { id: c.coach_id, name: c.coach_name }, start_date: c.start_date, end_date: c.end_date,
    })),
    can_edit: p.canEdit,
    can_move: p.canMove,
  };
}
