// What the signed-in user may do with school staff requests. The server enforces all of it; the
// client only hides what would be refused anyway.
import type { AuthUser } from '../../../../common/authUser';
import { PERMISSIONS, permissionScope } from '../../../../common/permissions';
import type { StaffRequest } from '../../../../common/schemas/staffRequests';

export interface StaffRequestAccess {
  /** District admins decide requests and may ask for any school; principals ask for their own schools. */
  scope: 'district' | 'building' | null;
  canCreate: boolean;
  canDecide: (request: StaffRequest) => boolean;
  canWithdraw: (request: StaffRequest) => boolean;
  /** A district admin's own pending request: another district admin decides it. */
  awaitsColleague: (request: StaffRequest) => boolean;
}

export function staffRequestAccess(user: Pick<AuthUser, 'id' | 'security'> | null): StaffRequestAccess {
  const held = permissionScope(user?.security.permissions ?? [], PERMISSIONS.addStaff);
  const scope = held === 'district' || held === 'building' ? held : null;
  const mine = (r: StaffRequest) => user !== null && r.requested_by?.id === user.id;
  return {
    scope,
    canCreate: scope !== null,
    canDecide: (r) => scope === 'district' && r.status === 'pending' && !mine(r),
    canWithdraw: (r) => scope !== null && r.status === 'pending' && mine(r),
    awaitsColleague: (r) => scope === 'district' && r.status === 'pending' && mine(r),
  };
}
