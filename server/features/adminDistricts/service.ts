// The provider's commands on a district account: each in one transaction with its audit row, written
// under the staff member with the district as the row's district (so the district's history shows it).
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import {
  ADMIN_DISTRICT_MESSAGES as M, TRIAL_UNTIL_MAX_DAYS, type ChangePlanInput,
} from '../../../common/schemas/adminDistricts';
import { conflict, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { addDays } from '../../lib/dates';
import { localDateTime, startOfLocalDay } from '../../lib/zone';
import type { ProviderActor } from './policies';
import { type DistrictRow, findPlan } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's date (YYYY-MM-DD) in a timezone. */
export function todayIn(timeZone: string, now = Date.now()): string {
  return localDateTime(new Date(now).toISOString(), timeZone).date;
}

/** The last millisecond of a calendar day in a timezone, as a UTC instant: a trial "until" that day. */
export function endOfDayIn(date: string, timeZone: string): string {
  return new Date(Date.parse(startOfLocalDay(addDays(date, 1), timeZone)) - 1).toISOString();
}

type ParsedExtension = { days?: number | null; until: string | null; reason: string };

/**
 * Extends a trial by `days` (from its current end, or from now when it has already ended) or to the end
 * of the `until` day in the district's timezone. Only a district on a trial (409 otherwise).
 */
export async function extendTrial(db: DB, actor: ProviderActor, district: DistrictRow, input: ParsedExtension): Promise<void> {
  if (district.status !== 'trial') throw conflict(M.notOnTrial);
  const now = Date.now();
  const current = district.trial_ends_at ? Date.parse(district.trial_ends_at) : null;
  let ends: string;
  if (input.until) {
    const today = todayIn(district.timezone, now);
    if (input.until <= today) throw validationError({ until: [M.untilPast] });
    if (input.until > addDays(today, TRIAL_UNTIL_MAX_DAYS)) throw validationError({ until: [M.untilTooFar] });
    ends = endOfDayIn(input.until, district.timezone);
    if (current !== null && Date.parse(ends) <= current) throw validationError({ until: [M.untilBeforeCurrent] });
  } else {
    ends = new Date(Math.max(current ?? now, now) + input.days! * DAY_MS).toISOString();
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('districts').set({ trial_ends_at: ends, updated_at: nowIso() }).where('id', '=', district.id).execute();
    await recordAudit(trx, { ...actor, districtId: district.id }, {
      action: 'district_trial_extended', subjectType: 'district', subjectId: district.id,
      details: {
        trial_ends_at: { from: district.trial_ends_at, to: ends },
        ...(input.days != null ? { days: input.days } : { until: input.until }),
        ...(input.reason ? { reason: input.reason } : {}),
      },
    });
  });
}

/** Changes plan and seats (422 `plan_id` for an unknown plan); a save that changes nothing writes nothing. */
export async function changePlan(db: DB, actor: ProviderActor, district: DistrictRow, input: Required<Pick<ChangePlanInput, 'plan_id' | 'seats'>> & { reason: string }): Promise<void> {
  const plan = await findPlan(db, input.plan_id);
  if (!plan) throw validationError({ plan_id: [M.planUnknown] });
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (plan.id !== district.plan_id) changes.plan = { from: district.plan_key, to: plan.key };
  if (input.seats !== district.seats) changes.seats = { from: district.seats, to: input.seats };
  if (!Object.keys(changes).length) return;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('districts').set({ plan_id: plan.id, seats: input.seats, updated_at: nowIso() }).where('id', '=', district.id).execute();
    await recordAudit(trx, { ...actor, districtId: district.id }, {
      action: 'district_plan_changed', subjectType: 'district', subjectId: district.id,
      details: { ...changes, ...(input.reason ? { reason: input.reason } : {}) },
    });
  });
}

/**
 * Suspends the district: its people cannot sign in and their sessions end on their next request
 * (identity/context.ts); its data stays. 409 when already suspended.
 */
export async function suspendDistrict(db: DB, actor: ProviderActor, district: DistrictRow, reason: string): Promise<void> {
  if (district.status === 'suspended') throw conflict(M.alreadySuspended);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('districts').set({
      status: 'suspended', status_before_suspension: district.status as 'trial' | 'active', suspended_at: now, suspension_reason: reason, updated_at: now,
    }).where('id', '=', district.id).execute();
    await recordAudit(trx, { ...actor, districtId: district.id }, {
      action: 'district_suspended', subjectType: 'district', subjectId: district.id,
      details: { reason, status: { from: district.status, to: 'suspended' } },
    });
  });
}

/** Lifts a suspension: the status before it comes back (trial or active). 409 when not suspended. */
export async function reactivateDistrict(db: DB, actor: ProviderActor, district: DistrictRow, reason: string): Promise<void> {
  if (district.status !== 'suspended') throw conflict(M.notSuspended);
  const restored = district.status_before_suspension ?? 'active';
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('districts').set({
      status: restored, status_before_suspension: null, suspended_at: null, suspension_reason: null, updated_at: nowIso(),
    }).where('id', '=', district.id).execute();
    await recordAudit(trx, { ...actor, districtId: district.id }, {
      action: 'district_reactivated', subjectType: 'district', subjectId: district.id,
      details: { status: { from: 'suspended', to: restored }, suspension_reason: district.suspension_reason, ...(reason ? { reason } : {}) },
    });
  });
}
