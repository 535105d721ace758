// What the signed-in user may do with educators. The server enforces all of it; the client only hides
// what would be refused anyway.
import type { AuthUser } from '../../../common/authUser';
import { PERMISSIONS, permissionScope, type Scope } from '../../../common/permissions';
import type { StaffDetail } from '../../../common/schemas/staff';
import type { BuildingSummary } from '../../../common/schemas/lookups';
import { useBuildings } from '../../lib/lookups';
import { useAuthUser } from '../../lib/session';

export interface StaffAccess {
  /** Scope of `see educators`: district, building, assigned, self, or null. */
  seeScope: Scope | null;
  /** Scope of `add staff` (principals: building). */
  addScope: Scope | null;
  canAdd: boolean;
  /** Moving schools is for district admins only. */
  canMove: boolean;
}

export function staffAccess(user: Pick<AuthUser, 'security'> | null): StaffAccess {
  const permissions = user?.security.permissions ?? [];
  const seeScope = permissionScope(permissions, PERMISSIONS.seeEducators);
  const addScope = permissionScope(permissions, PERMISSIONS.addStaff);
  return {
    seeScope,
    addScope,
    canAdd: addScope === 'district' || addScope === 'building',
    canMove: addScope === 'district',
  };
}

/** Edit, deactivate and reactivate: district admins, or principals for an educator at one of their schools. */
export function canEditStaff(user: Pick<AuthUser, 'security' | 'buildings'> | null, staff: Pick<StaffDetail, 'building'>): boolean {
  const { addScope } = staffAccess(user);
  if (addScope === 'district') return true;
  if (addScope !== 'building' || !user || !staff.building) return false;
  return user.buildings.some((b) => b.id === staff.building!.id);
}

export type SchoolOption = Pick<BuildingSummary, 'id' | 'name'> & { code?: string | null };

/**
 * Schools for a picker: every active school of the district for district-wide users, the user's own
 * schools for principals and coaches (`restrictTo` = the scope that applies).
 */
export function useSchoolOptions(scope: Scope | null): { schools: SchoolOption[]; isLoading: boolean; error: unknown } {
  const { user } = useAuthUser();
  const district = scope === 'district';
  const { data, error, isLoading } = useBuildings('active');
  if (!district) {
    const own = [...(user?.buildings ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    // Prefer the lookup's details (code) when it answered, but never widen beyond the user's schools.
    const byId = new Map((data?.data ?? []).map((b) => [b.id, b]));
    return { schools: own.map((b) => ({ id: b.id, name: b.name, code: byId.get(b.id)?.code ?? null })), isLoading: false, error: undefined };
  }
  const schools = [...(data?.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)).map((b) => ({ id: b.id, name: b.name, code: b.code }));
  return { schools, isLoading, error };
}
