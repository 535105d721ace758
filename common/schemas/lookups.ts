// Answer shapes of the lookup lists several screens use (filters, pickers). Each owning feature
// serves the full resource; these are the fields every consumer may rely on.

/** GET /api/building?status=active|archived|all (default active) → { data: BuildingSummary[] } */
export interface BuildingSummary {
  id: number;
  name: string;
  code: string | null;
  grade_band: string | null;
  archived_at: string | null;
}

/** GET /api/group?search=&status=active|all&staff_id= → { data: GroupSummary[] } (spec §3: group_of, items, deleted_at) */
export interface GroupSummary {
  id: number;
  name: string;
  description: string | null;
  group_of: string;
  deleted_at: string | null;
  items: { item_id: number; start_date: string; end_date: string | null; staff: { id: number; name: string } | null }[];
}

/** GET /api/coach → { data: CoachSummary[] } */
export interface CoachSummary {
  id: number;
  name: string;
  email: string;
  status: 'invited' | 'active' | 'disabled';
  buildings: { id: number; name: string }[];
  caseload_count: number;
}
