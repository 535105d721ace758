// Educators (staff) commands: multi-table writes in one transaction each, with the audit row inside it.
import type * as z from 'zod/mini';
import { lockDistrictWrites } from '../../../db/locks';
import {
  STAFF_MESSAGES, type moveStaffSchema, type newStaffSchema, type updateStaffSchema,
} from '../../../common/schemas/staff';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { DistrictAuth, Scope } from '../../access/guards';
import { conflict, type FieldErrors, validationError } from '../../http/errors';
import { changedFields, type DistrictActor, recordAudit } from '../../lib/audit';
import { dayBefore, today } from '../../lib/dates';
import { canEditStaff, canMoveStaff } from './policies';
import {
  activeBuildingsByIds, buildingHistoryOf, coachAssignmentsOf, currentBuildingsOf, currentCoachesOf,
  groupsOf, latestHistoryRow, type StaffRow, takenEmails, takenEmployeeIds,
} from './queries';

export type NewStaff = z.output<typeof newStaffSchema>;
export type StaffUpdate = z.output<typeof updateStaffSchema>;
export type StaffMove = z.output<typeof moveStaffSchema>;

function audit(db: DB, actor: DistrictActor, action: string, staffId: number, details?: Record<string, unknown>) {
  return recordAudit(db, actor, { action, subjectType: 'staff', subjectId: staffId, details });
}

const lowerEmail = (email: string | null) => (email === null ? null : email.toLowerCase());

/** Counts of each key (already normalised) in a batch, for "appears twice in this list". */
function counts(keys: (string | null)[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const k of keys) if (k !== null) map.set(k, (map.get(k) ?? 0) + 1);
  return map;
}

/**
 * POST /api/staff: validates every row (school, scope, duplicates in the district and in the batch),
 * then inserts all of them with an open building history row, or nothing at all.
 */
export async function createStaffBatch(db: DB, actor: DistrictActor, scope: Scope, rows: NewStaff[]): Promise<number[]> {
  const districtId = actor.districtId;
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): educators' emails and ids unique, schools active, caseloads.
    await lockDistrictWrites(trx, actor.districtId);
    const errors: FieldErrors = {};
    const fail = (i: number, field: string, message: string) => (errors[`staff.${i}.${field}`] ??= []).push(message);

    const active = new Set((await activeBuildingsByIds(trx, districtId, [...new Set(rows.map((r) => r.building_id))])).map((b) => b.id));
    const mine = new Set(scope.buildingIds);
    const emails = rows.map((r) => lowerEmail(r.email));
    const employeeIds = rows.map((r) => r.employee_id?.toLowerCase() ?? null);
    const emailCounts = counts(emails);
    const employeeIdCounts = counts(employeeIds);
    const emailsTaken = await takenEmails(trx, districtId, [...emailCounts.keys()]);
    const employeeIdsTaken = await takenEmployeeIds(trx, districtId, rows.flatMap((r) => (r.employee_id ? [r.employee_id] : [])));

    rows.forEach((row, i) => {
      if (!active.has(row.building_id)) fail(i, 'building_id', STAFF_MESSAGES.buildingNotInDistrict);
      else if (scope.kind === 'building' && !mine.has(row.building_id)) fail(i, 'building_id', STAFF_MESSAGES.buildingNotYours);
      const email = emails[i]!;
      if (email !== null) {
        if (emailsTaken.has(email)) fail(i, 'email', STAFF_MESSAGES.emailTaken);
        else if (emailCounts.get(email)! > 1) fail(i, 'email', STAFF_MESSAGES.emailTwice);
      }
      const employeeId = employeeIds[i]!;
      if (employeeId !== null) {
        if (employeeIdsTaken.has(employeeId)) fail(i, 'employee_id', STAFF_MESSAGES.employeeIdTaken);
        else if (employeeIdCounts.get(employeeId)! > 1) fail(i, 'employee_id', STAFF_MESSAGES.employeeIdTwice);
      }
    });
    if (Object.keys(errors).length) throw validationError(errors);

    const now = nowIso();
    const ids: number[] = [];
    for (const [i, row] of rows.entries()) {
      const { id } = await trx.insertInto('staff').values({
        district_id: districtId,
        first_name: row.first_name,
        last_name: row.last_name,
        email: emails[i]!,
        employee_id: row.employee_id,
        position: row.position ?? null,
        grade_levels: JSON.stringify(row.grade_levels),
        subjects: JSON.stringify(row.subjects),
        hire_date: row.hire_date ?? null,
        status: 'active',
        user_id: null,
        created_at: now,
        updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('staff_buildings').values({
        district_id: districtId, staff_id: id, building_id: row.building_id, start_date: row.start_date, end_date: null, created_at: now,
      }).execute();
      await audit(trx, actor, 'staff_created', id, { building_id: row.building_id, start_date: row.start_date });
      ids.push(id);
    }
    return ids;
  });
}

/** PUT /api/staff/{id}: every profile field; the same duplicate rules, the educator itself excepted. */
export async function updateStaff(db: DB, actor: DistrictActor, staff: StaffRow, input: StaffUpdate): Promise<void> {
  const districtId = actor.districtId;
  await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): educators' emails and ids unique, schools active, caseloads.
    await lockDistrictWrites(trx, actor.districtId);
    const email = lowerEmail(input.email);
    const errors: FieldErrors = {};
    if (email !== null && (await takenEmails(trx, districtId, [email], staff.id)).size) errors.email = [STAFF_MESSAGES.emailTaken];
    if (input.employee_id && (await takenEmployeeIds(trx, districtId, [input.employee_id], staff.id)).size) {
      errors.employee_id = [STAFF_MESSAGES.employeeIdTaken];
    }
    if (Object.keys(errors).length) throw validationError(errors);
    const values = {
      first_name: input.first_name,
      last_name: input.last_name,
      email,
      employee_id: input.employee_id,
      position: input.position ?? null,
      grade_levels: JSON.stringify(input.grade_levels),
      subjects: JSON.stringify(input.subjects),
      hire_date: input.hire_date ?? null,
    };
    const changes = changedFields(staff, values);
    await trx.updateTable('staff').set({ ...values, updated_at: nowIso() })
      .where('id', '=', staff.id).where('district_id', '=', districtId).execute();
    await audit(trx, actor, 'staff_updated', staff.id, { changed: Object.keys(changes), changes });
  });
}

/**
 * POST /api/staff/{id}/move: closes the open history row the day before the effective date and opens a
 * new one from it. Without an open row (an educator who left), the new row starts after the last one ended.
 */
export async function moveStaff(db: DB, actor: DistrictActor, staff: StaffRow, input: StaffMove): Promise<void> {
  const districtId = actor.districtId;
  await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): educators' emails and ids unique, schools active, caseloads.
    await lockDistrictWrites(trx, actor.districtId);
    if (!(await activeBuildingsByIds(trx, districtId, [input.building_id])).length) {
      throw validationError({ building_id: [STAFF_MESSAGES.buildingNotInDistrict] });
    }
    const latest = await latestHistoryRow(trx, districtId, staff.id);
    const now = nowIso();
    if (latest && latest.end_date === null) {
      if (latest.building_id === input.building_id) throw validationError({ building_id: [STAFF_MESSAGES.moveSameBuilding] });
      if (input.effective_date <= latest.start_date) {
        throw validationError({ effective_date: [STAFF_MESSAGES.moveDateTooEarly(latest.start_date)] });
      }
      await trx.updateTable('staff_buildings').set({ end_date: dayBefore(input.effective_date) })
        .where('id', '=', latest.id).where('district_id', '=', districtId).execute();
    } else if (latest && latest.end_date !== null && input.effective_date <= latest.end_date) {
      throw validationError({ effective_date: [STAFF_MESSAGES.moveDateBeforeEnd(latest.end_date)] });
    }
    await trx.insertInto('staff_buildings').values({
      district_id: districtId, staff_id: staff.id, building_id: input.building_id, start_date: input.effective_date, end_date: null, created_at: now,
    }).execute();
    await trx.updateTable('staff').set({ updated_at: now }).where('id', '=', staff.id).where('district_id', '=', districtId).execute();
    await audit(trx, actor, 'staff_moved', staff.id, {
      from_building_id: latest?.end_date === null ? latest.building_id : null, to_building_id: input.building_id, effective_date: input.effective_date,
    });
  });
}

/** Deactivate / reactivate: 409 when the educator is already in that state. History rows stay as they are. */
export async function setStaffStatus(db: DB, actor: DistrictActor, staff: StaffRow, status: 'active' | 'inactive'): Promise<void> {
  if (staff.status === status) throw conflict(status === 'inactive' ? STAFF_MESSAGES.alreadyInactive : STAFF_MESSAGES.alreadyActive);
  await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): educators' emails and ids unique, schools active, caseloads.
    await lockDistrictWrites(trx, actor.districtId);
    await trx.updateTable('staff').set({ status, updated_at: nowIso() })
      .where('id', '=', staff.id)  .where('district_id', '=', actor.districtId).execute();
    await audit(trx, actor, status === 'inactive' ? 'staff_deactivated' : 'staff_reactivated', staff.id);
  });
}

/** What the View Educator answer shows: profile, current school and coach, history, groups, coaches and what the caller may do. */
export async function loadStaffDetail(db: DB, auth: DistrictAuth, row: StaffRow) {
  const districtId = auth.district.id;
  const day = today();
  const [buildings, coaches, history, groups, assignments, canEdit] = await Promise.all([
    currentBuildingsOf(db, districtId, [row.id], day),
    currentCoachesOf(db, districtId, [row.id], day),
    buildingHistoryOf(db, districtId, row.id),
    groupsOf(db, districtId, row.id),
    coachAssignmentsOf(db, districtId, row.id),
    canEditStaff(db, auth, row.id),
  ]);
  return {
    row, building: buildings.get(row.id) ?? null, coach: coaches.get(row.id) ?? null, history, groups, coaches: assignments,
    canEdit, canMove: canMoveStaff(auth),
  };
}

