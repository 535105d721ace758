// Caseload commands: assigning educators to a coach and ending an assignment (kept as history).
// Each runs in one transaction with its audit row.
import type { Request } from 'express';
import { nowIso, type DB } from '../../../db/connection';
import { conflict, notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { permissionScope } from '../../../common/permissions';
import { today, type ScopedAuth } from '../../lib/staffScope';
import { presentAssignment, presentCoachDetail } from './presenter';
import {
  assignmentsOf, assignmentsOfStaff, buildingsByUser, caseloadCounts, currentBuildings, findAssignment, findCoach,
  staffByIds, visibleStaffIds, type CoachRow,
} from './queries';

export const COACH_NOT_FOUND = 'We could not find that coach.';

/** "Ava Patel", "Ava Patel and Liam Nguyen", "Ava Patel, Liam Nguyen and Mia Kim". */
export function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export async function requireCoach(db: DB, auth: ScopedAuth, id: number): Promise<CoachRow> {
  const coach = Number.isSafeInteger(id) && id > 0 ? await findCoach(db, auth.district.id, id) : undefined;
  if (!coach) throw notFound(COACH_NOT_FOUND);
  return coach;
}

/** The coach page as the caller may see it: caseload and history only name educators in their scope. */
export async function coachDetail(db: DB, auth: ScopedAuth, coach: CoachRow) {
  const districtId = auth.district.id;
  const scope = permissionScope(auth.permissions, 'see educators');
  const visible = scope ? visibleStaffIds(db, auth, scope) : null;
  const [buildings, counts, open, ended] = await Promise.all([
    buildingsByUser(db, districtId, [coach.id]),
    caseloadCounts(db, districtId, [coach.id]),
    assignmentsOf(db, districtId, coach.id, 'open', visible),
    assignmentsOf(db, districtId, coach.id, 'ended', visible),
  ]);
  const places = await currentBuildings(db, districtId, [...open, ...ended].map((a) => a.staff_id));
  return presentCoachDetail(
    coach, buildings.get(coach.id) ?? [], counts.get(coach.id) ?? 0,
    open.map((a) => presentAssignment(a, places.get(a.staff_id) ?? null)),
    ended.map((a) => presentAssignment(a, places.get(a.staff_id) ?? null)),
  );
}

const name = (s: { first_name: string; last_name: string }) => `${s.first_name} ${s.last_name}`;

export async function assignCaseload(
  db: DB, req: Request, auth: ScopedAuth, coach: CoachRow, input: { staff_ids: number[]; start_date: string },
): Promise<void> {
  if (coach.status === 'disabled') throw conflict('This coach\'s account is deactivated, so educators cannot be assigned to them.');
  const districtId = auth.district.id;
  const ids = [...new Set(input.staff_ids)];
  await db.transaction().execute(async (trx) => {
    const staff = await staffByIds(trx, districtId, ids);
    if (staff.length !== ids.length) throw validationError({ staff_ids: ['Choose educators from your district.'] });
    const inactive = staff.filter((s) => s.status !== 'active');
    if (inactive.length) {
      const verb = inactive.length === 1 ? 'is inactive' : 'are inactive';
      throw validationError({ staff_ids: [`${joinNames(inactive.map(name))} ${verb} and cannot be assigned.`] });
    }
    const byId = new Map(staff.map((s) => [s.id, s]));
    const existing = await assignmentsOfStaff(trx, districtId, coach.id, ids);
    const day = today();
    const already = [...new Set(existing.filter((a) => a.end_date === null || a.end_date >= day).map((a) => a.staff_id))];
    if (already.length) {
      const verb = already.length === 1 ? 'is' : 'are';
      throw validationError({ staff_ids: [`${joinNames(already.map((id) => name(byId.get(id)!)))} ${verb} already on this caseload.`] });
    }
    const overlap = existing.filter((a) => a.end_date !== null && a.end_date >= input.start_date)
      .sort((a, b) => (b.end_date! > a.end_date! ? 1 : -1))[0];
    if (overlap) {
      throw validationError({
        start_date: [`${name(byId.get(overlap.staff_id)!)} was on this caseload until ${overlap.end_date}. Choose a start date after that.`],
      });
    }
    const now = nowIso();
    const rows = await trx.insertInto('coach_assignments')
      .values(ids.map((staffId) => ({
        district_id: districtId, coach_id: coach.id, staff_id: staffId, start_date: input.start_date, end_date: null, created_at: now, updated_at: now,
      })))
      .returning(['id', 'staff_id']).execute();
    await recordAudit(trx, req, {
      action: 'caseload_assigned', districtId, actorId: auth.user.id, impersonatorId: auth.impersonator?.id ?? null,
      subjectType: 'coach', subjectId: coach.id,
      details: { start_date: input.start_date, assignments: rows.map((r) => ({ id: r.id, staff_id: r.staff_id })) },
    });
  });
}

export async function endAssignment(
  db: DB, req: Request, auth: ScopedAuth, coach: CoachRow, assignmentId: number, input: { end_date: string },
): Promise<void> {
  const districtId = auth.district.id;
  await db.transaction().execute(async (trx) => {
    const assignment = Number.isSafeInteger(assignmentId) && assignmentId > 0
      ? await findAssignment(trx, districtId, coach.id, assignmentId) : undefined;
    if (!assignment) throw notFound('We could not find that caseload assignment.');
    if (assignment.end_date !== null && assignment.end_date < today()) throw conflict('This assignment has already ended.');
    if (input.end_date < assignment.start_date) {
      throw validationError({ end_date: [`End date must be on or after the start date (${assignment.start_date}).`] });
    }
    await trx.updateTable('coach_assignments').set({ end_date: input.end_date, updated_at: nowIso() })
      .where('id', '=', assignment.id).where('district_id', '=', districtId).execute();
    await recordAudit(trx, req, {
      action: 'caseload_ended', districtId, actorId: auth.user.id, impersonatorId: auth.impersonator?.id ?? null,
      subjectType: 'coach', subjectId: coach.id,
      details: { assignment_id: assignment.id, staff_id: assignment.staff_id, start_date: assignment.start_date, end_date: input.end_date },
    });
  });
}
