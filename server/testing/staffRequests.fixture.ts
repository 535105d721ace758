// Test fixture for the staff request tests: one district with three schools, its people and a second
// district with a request of its own.
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from './factories';

export async function buildWorld(db: DB) {
  const district = await buildDistrict(db);
  const districtId = district.id;
  const lincoln = await buildBuilding(db, districtId, { name: 'Lincoln Middle' });
  const oak = await buildBuilding(db, districtId, { name: 'Oak Hollow' });
  const river = await buildBuilding(db, districtId, { name: 'Riverside' });
  const admin = await buildUser(db, { role: 'district-admin', districtId, name: 'Dana Admin' });
  const admin2 = await buildUser(db, { role: 'district-admin', districtId, name: 'Second Admin' });
  const principal = await buildUser(db, { role: 'building-admin', districtId, buildingIds: [lincoln.id], name: 'Marcus Principal' });
  const riverPrincipal = await buildUser(db, { role: 'building-admin', districtId, buildingIds: [river.id], name: 'Rita Principal' });
  const coach = await buildUser(db, { role: 'coach', districtId, buildingIds: [lincoln.id] });
  const educatorUser = await buildUser(db, { role: 'educator', districtId });
  const atLincoln = await buildStaff(db, { districtId, buildingId: lincoln.id, firstName: 'Lina', lastName: 'Local', startDate: '2019-08-15' });
  const atOak = await buildStaff(db, { districtId, buildingId: oak.id, firstName: 'Owen', lastName: 'Oakley', email: 'owen@example.org', employeeId: 'EMP-777', startDate: '2020-08-15' });
  const atRiver = await buildStaff(db, { districtId, buildingId: river.id, firstName: 'Rosa', lastName: 'Rivers', startDate: '2021-08-15' });
  const inactive = await buildStaff(db, { districtId, buildingId: oak.id, firstName: 'Ina', lastName: 'Gone', status: 'inactive' });

  const other = await buildDistrict(db);
  const otherBuilding = await buildBuilding(db, other.id, { name: 'Cedar High' });
  const otherAdmin = await buildUser(db, { role: 'district-admin', districtId: other.id });
  const otherPrincipal = await buildUser(db, { role: 'building-admin', districtId: other.id, buildingIds: [otherBuilding.id] });
  const otherStaff = await buildStaff(db, { districtId: other.id, firstName: 'Cyd', lastName: 'Cedar' });
  const otherRequest = await insertRequest(db, { districtId: other.id, staffId: otherStaff.id, buildingId: otherBuilding.id, requestedBy: otherPrincipal.id });

  return {
    districtId, lincoln, oak, river, admin, admin2, principal, riverPrincipal, coach, educatorUser,
    atLincoln, atOak, atRiver, inactive, other, otherBuilding, otherAdmin, otherStaff, otherRequest,
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** A request row written straight to the database (created_at may be set to order them). */
export async function insertRequest(
  db: DB,
  opts: {
    districtId: number; staffId: number; buildingId: number; requestedBy: number | null; startDate?: string; note?: string | null;
    status?: 'pending' | 'approved' | 'denied'; createdAt?: string; decidedBy?: number | null; reason?: string | null;
  },
) {
  const at = opts.createdAt ?? nowIso();
  return db.insertInto('building_history_requests').values({
    district_id: opts.districtId,
    staff_id: opts.staffId,
    building_id: opts.buildingId,
    start_date: opts.startDate ?? '2026-01-05',
    note: opts.note ?? null,
    status: opts.status ?? 'pending',
    requested_by: opts.requestedBy,
    decided_by: opts.decidedBy ?? null,
    decided_at: opts.status && opts.status !== 'pending' ? at : null,
    decision_reason: opts.reason ?? null,
    created_at: at,
    updated_at: at,
  }).returningAll().executeTakeFirstOrThrow();
}

export function historyRows(db: DB, staffId: number) {
  return db.selectFrom('staff_buildings').select(['building_id', 'start_date', 'end_date'])
    .where('staff_id', '=', staffId).orderBy('start_date').orderBy('id').execute();
}

export function auditActions(db: DB, subjectId: number) {
  return db.selectFrom('audit_log').select(['action', 'actor_id', 'district_id', 'subject_type', 'details'])
    .where('subject_type', '=', 'building_history_request').where('subject_id', '=', subjectId).orderBy('id').execute();
}
