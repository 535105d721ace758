// Commands on school staff requests. Approval changes building history: the educator's open row is
// closed the day before the start date and a row at the requested school opens on it, in one transaction.
import type { DB } from '../../../db/connection';
import { lockDistrictWrites } from '../../../db/locks';
import { nowIso } from '../../../db/connection';
import { MESSAGES, type createStaffRequestSchema } from '../../../common/schemas/staffRequests';
import type * as z from 'zod/mini';
import { conflict, forbidden, notFound, validationError } from '../../http/errors';
import type { Scope } from '../../access/guards';
import { type DistrictActor, recordAudit } from '../../lib/audit';
import { dayBefore } from '../../lib/dates';
import { findActiveBuilding, findActiveStaff, findRequest, hasPendingRequest, openRowsOf } from './queries';

type CreateInput = z.output<typeof createStaffRequestSchema>;

const SUBJECT = 'building_history_request';

function audit(db: DB, actor: DistrictActor, action: string, subjectId: number, details: Record<string, unknown>) {
  return recordAudit(db, actor, { action, subjectType: SUBJECT, subjectId, details });
}

/**
 * The history checks both a new request and its approval make: the educator is active, not already at
 * the school, and the start date comes after the start of their current (open) row.
 */
async function checkMove(db: DB, districtId: number, staffId: number, building: { id: number; name: string }, startDate: string) {
  const staff = await findActiveStaff(db, districtId, staffId);
  if (!staff) throw validationError({ staff_id: [MESSAGES.chooseEducator] });
  const name = `${staff.first_name} ${staff.last_name}`;
  const open = await openRowsOf(db, districtId, staffId);
  if (open.some((row) => row.building_id === building.id)) {
    throw validationError({ staff_id: [`${name} already works at ${building.name}.`] });
  }
  const blocking = open.find((row) => row.start_date >= startDate);
  if (blocking) {
    throw validationError({
      start_date: [`Start date must be after ${blocking.start_date}, when ${name} started at ${blocking.building_name}.`],
    });
  }
  return { staff, open };
}

export async function createRequest(db: DB, actor: DistrictActor, scope: Scope, input: CreateInput): Promise<number> {
  const districtId = actor.districtId;
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): a request is decided once, and what it changes is read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const building = await findActiveBuilding(trx, districtId, input.building_id);
    if (scope.kind === 'building' && (!building || !scope.buildingIds.includes(input.building_id))) {
      throw validationError({ building_id: [MESSAGES.chooseYourSchool] });
    }
    if (!building) throw validationError({ building_id: [MESSAGES.chooseActiveSchool] });
    await checkMove(trx, districtId, input.staff_id, building, input.start_date);
    if (await hasPendingRequest(trx, districtId, input.staff_id, building.id)) {
      throw validationError({ staff_id: [MESSAGES.alreadyPending] });
    }
    const now = nowIso();
    const { id } = await trx.insertInto('building_history_requests').values({
      district_id: districtId,
      staff_id: input.staff_id,
      building_id: building.id,
      start_date: input.start_date,
      note: input.note,
      status: 'pending',
      requested_by: actor.userId,
      decided_by: null,
      decided_at: null,
      decision_reason: null,
      created_at: now,
      updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, actor, 'staff_request_created', id, { staff_id: input.staff_id, building_id: building.id, start_date: input.start_date });
    return id;
  });
}

/** A pending request the caller may decide: 404 for another district, 403 for their own, 409 once decided. */
async function decidable(db: DB, actor: DistrictActor, id: number, ownMessage: string) {
  const row = await findRequest(db, actor.districtId, id);
  if (!row) throw notFound();
  if (row.requested_by === actor.userId) throw forbidden(ownMessage);
  if (row.status !== 'pending') throw conflict(MESSAGES.alreadyDecided);
  return row;
}

async function markDecided(db: DB, actor: DistrictActor, id: number, status: 'approved' | 'denied', reason: string | null) {
  const now = nowIso();
  const result = await db.updateTable('building_history_requests')
    .set({ status, decided_by: actor.userId, decided_at: now, decision_reason: reason, updated_at: now })
    .where('district_id', '=', actor.districtId).where('id', '=', id).where('status', '=', 'pending')
    .executeTakeFirst();
  // Someone else decided it between our read and this write.
  if (Number(result.numUpdatedRows) !== 1) throw conflict(MESSAGES.alreadyDecided);
}

export async function approveRequest(db: DB, actor: DistrictActor, id: number): Promise<void> {
  const districtId = actor.districtId;
  await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): a request is decided once, and what it changes is read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const row = await decidable(trx, actor, id, MESSAGES.ownApproval);
    const building = await findActiveBuilding(trx, districtId, row.building_id);
    if (!building) throw validationError({ building_id: [`${row.building_name} is no longer an active school.`] });
    const { open } = await checkMove(trx, districtId, row.staff_id, building, row.start_date);
    const endDate = dayBefore(row.start_date);
    if (open.length) {
      await trx.updateTable('staff_buildings').set({ end_date: endDate })
        .where('district_id', '=', districtId).where('id', 'in', open.map((r) => r.id)).execute();
    }
    const opened = await trx.insertInto('staff_buildings').values({
      district_id: districtId, staff_id: row.staff_id, building_id: building.id, start_date: row.start_date, end_date: null, created_at: nowIso(),
    }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('staff').set({ updated_at: nowIso() }).where('district_id', '=', districtId).where('id', '=', row.staff_id).execute();
    await markDecided(trx, actor, id, 'approved', null);
    await audit(trx, actor, 'staff_request_approved', id, {
      staff_id: row.staff_id,
      building_id: building.id,
      start_date: row.start_date,
      closed: open.map((r) => ({ staff_building_id: r.id, building_id: r.building_id, end_date: endDate })),
      opened: { staff_building_id: opened.id },
    });
  });
}

export async function denyRequest(db: DB, actor: DistrictActor, id: number, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): a request is decided once, and what it changes is read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const row = await decidable(trx, actor, id, MESSAGES.ownDenial);
    await markDecided(trx, actor, id, 'denied', reason);
    await audit(trx, actor, 'staff_request_denied', id, { staff_id: row.staff_id, building_id: row.building_id, reason });
  });
}

/** The requester takes back a pending request; it leaves no trace but the audit log. */
export async function withdrawRequest(db: DB, actor: DistrictActor, visibility: Scope, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): a request is decided once, and what it changes is read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const row = await findRequest(trx, actor.districtId, id, visibility);
    if (!row) throw notFound();
    if (row.requested_by !== actor.userId) throw forbidden(MESSAGES.onlyRequester);
    if (row.status !== 'pending') throw conflict(MESSAGES.alreadyDecided);
    await trx.deleteFrom('building_history_requests').where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await audit(trx, actor, 'staff_request_withdrawn', id, { staff_id: row.staff_id, building_id: row.building_id, start_date: row.start_date });
  });
}
