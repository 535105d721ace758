// Caseload commands: assigning educators to a coach and ending an assignment (kept as history).
// Each runs in one transaction with its audit row.
import { nowIso, type DB } from '../../../db/connection';
import { lockDistrictWrites } from '../../../db/locks';
import { conflict, notFound, validationError } from '../../http/errors';
import { PERMISSIONS } from '../../../common/permissions';
import { type DistrictAuth, scopeOf } from '../../access/guards';
import { type DistrictActor, recordAudit } from '../../lib/audit';
import { today } from '../../lib/dates';
import {
  assignmentsOf, assignmentsOfStaff, buildingsByUser, caseloadCounts, currentBuildings, findAssignment, findCoach,
  staffByIds, visibleStaffIdQuery, type CoachRow,
} from './queries';
import { pluralWord } from '../../../common/plural';

export const COACH_NOT_FOUND = 'We could not find that coach.';

/** "Ava Patel", "Ava Patel and Liam Nguyen", "Ava Patel, Liam Nguyen and Mia Kim". */
export function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export async function requireCoach(db: DB, districtId: number, id: number): Promise<CoachRow> {
  const coach = await findCoach(db, districtId, id);
  if (!coach) throw notFound(COACH_NOT_FOUND);
  return coach;
}

/** The coach page as the caller may see it: caseload and history only name educators in their scope. */
export async function coachDetail(db: DB, auth: DistrictAuth, coach: CoachRow) {
  const districtId = auth.district.id;
  const scope = scopeOf(auth, PERMISSIONS.seeEducators);
  const visible = scope ? visibleStaffIdQuery(db, scope) : null;
  const [buildings, counts, open, ended] = await Promise.all([
    buildingsByUser(db, districtId, [coach.id]),
    caseloadCounts(db, districtId, [coach.id]),
    assignmentsOf(db, districtId, coach.id, 'open', visible),
    assignmentsOf(db, districtId, coach.id, 'ended', visible),
  ]);
  const places = await currentBuildings(db, districtId, [...open, ...ended].map((a) => a.staff_id));
  return { coach, buildings: buildings.get(coach.id) ?? [], caseloadSize: counts.get(coach.id) ?? 0, open, ended, places };
}

const name = (s: { first_name: string; last_name: string }) => `${s.first_name} ${s.last_name}`;

export async function assignCaseload(
  db: DB, actor: DistrictActor, coach: CoachRow, input: { staff_ids: number[]; start_date: string },
): Promise<void> {
  if (coach.status === 'disabled') throw conflict('This coach\'s account is deactivated, so educators cannot be assigned to them.');
  const districtId = actor.districtId;
  const ids = [...new Set(input.staff_ids)];
  await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): a caseload's open assignments are read before they are written.
    await lockDistrictWrites(trx, districtId);
    const staff = await staffByIds(trx, districtId, ids);
    if (staff.length !== ids.length) throw validationError({ staff_ids: ['Choose educators from your district.'] });
    const inactive = staff.filter((s) => s.status !== 'active');
    if (inactive.length) {
      const verb = `${pluralWord(inactive.length, 'is', 'are')} inactive`;
      throw validationError({ staff_ids: [`${joinNames(inactive.map(name))} ${verb} and cannot be assigned.`] });
    }
    const byId = new Map(staff.map((s) => [s.id, s]));
    const existing = await assignmentsOfStaff(trx, districtId, coach.id, ids);
    const day = today();
    const already = [...new Set(existing.filter((a) => a.end_date === null || a.end_date >= day).map((a) => a.staff_id))];
    if (already.length) {
      const verb = pluralWord(already.length, 'is', 'are');
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
    await recordAudit(trx, actor, {
      action: 'caseload_assigned', subjectType: 'coach', subjectId: coach.id,
      details: { start_date: input.start_date, assignments: rows.map((r) => ({ id: r.id, staff_id: r.staff_id })) },
    });
  });
}

export async function endAssignment(
  db: DB, actor: DistrictActor, coach: CoachRow, assignmentId: number, input: { end_date: string },
): Promise<void> {
  const districtId = actor.districtId;
  await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): a caseload's open assignments are read before they are written.
    await lockDistrictWrites(trx, districtId);
    const assignment = await findAssignment(trx, districtId, coach.id, assignmentId);
    if (!assignment) throw notFound('We could not find that caseload assignment.');
    if (assignment.end_date !== null && assignment.end_date < today()) throw conflict('This assignment has already ended.');
    if (input.end_date < assignment.start_date) {
      throw validationError({ end_date: [`End date must be on or after the start date (${assignment.start_date}).`] });
    }
    await trx.updateTable('coach_assignments').set({ end_date: input.end_date, updated_at: nowIso() })
      .where('id', '=', assignment.id).where('district_id', '=', districtId).execute();
    await recordAudit(trx, actor, {
      action: 'caseload_ended', subjectType: 'coach', subjectId: coach.id,
      details: { assignment_id: assignment.id, staff_id: assignment.staff_id, start_date: assignment.start_date, end_date: input.end_date },
    });
  });
}
