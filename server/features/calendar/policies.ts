// Who may use calendar sync: a district user with `see activity` (any scope: the feed and the import are
// always the caller's own interactions and activities) whose plan includes `calendar-sync`.
import type { Request } from 'express';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import { CALENDAR_MESSAGES } from '../../../common/schemas/calendar';
import { districtActor, type DistrictAuth, requireDistrict, requireFeature, requirePermission } from '../../access/guards';
import { refuseWhileImpersonating } from '../../access/impersonation';
import type { DistrictActor } from '../../lib/audit';

export interface CalendarUser {
  auth: DistrictAuth;
  actor: DistrictActor;
}

/** 401 for guests, 403 without `see activity`, 403 with planFeatureMessage('calendar-sync') without the feature. */
export function calendarUser(req: Request): CalendarUser {
  const auth = requireFeature(requirePermission(requireDistrict(req), PERMISSIONS.seeActivity), 'calendar-sync');
  return { auth, actor: districtActor(req) };
}

/**
 * Making a feed address (turn on, regenerate): also refused while impersonating, since the answer is a
 * private link to the person's calendar that would outlive the impersonation.
 */
export function calendarAddressMaker(req: Request): CalendarUser {
  const user = calendarUser(req);
  refuseWhileImpersonating(user.auth, CALENDAR_MESSAGES.impersonating);
  return user;
}

/**
 * Whether a feed still answers: its owner is an active user of the district who still holds
 * `see activity`, the district is not suspended and its plan still includes calendar sync. Otherwise
 * the feed answers 404 like an unknown address (nothing about why).
 */
export function feedStillAnswers(
  owner: { user_status: string; user_district_id: number | null; district_id: number; district_status: string; plan_features: string },
  permissions: string[],
): boolean {
  if (owner.user_status !== 'active' || owner.user_district_id !== owner.district_id) return false;
  if (owner.district_status === 'suspended') return false;
  let features: unknown;
  try {
    features = JSON.parse(owner.plan_features);
  } catch {
    return false;
  }
  return Array.isArray(features) && features.includes('calendar-sync') && hasPermission(permissions, PERMISSIONS.seeActivity);
}
