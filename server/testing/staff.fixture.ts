// Test fixture for the educators endpoints: one district with two schools (and an archived one), every
// role, a handful of educators with varied fields, a caseload, a group, and a second district.
import { sql } from 'kysely';
import { STAFF_GROUP_OF } from '../../common/schemas/groups';
import { nowIso } from '../../db/connection';
import type { TestApp } from './app';
import { buildBuilding, buildCoachAssignment, buildDistrict, buildStaff, buildUser } from './factories';

export async function staffWorld(t: TestApp) {
  const { db } = t;
  const district = await buildDistrict(db, { name: 'Maple Test District' });
  const d = district.id;
  const north = await buildBuilding(db, d, { name: 'North Elementary' });
  const south = await buildBuilding(db, d, { name: 'South Middle' });
  const archived = await buildBuilding(db, d, { name: 'Old Annex' });
  await db.updateTable('buildings').set({ deleted_at: '2025-01-01T00:00:00.000Z' }).where('id', '=', archived.id).execute();

  const admin = await buildUser(db, { role: 'district-admin', districtId: d, name: 'Dana Admin' });
  const principal = await buildUser(db, { role: 'building-admin', districtId: d, buildingIds: [north.id], name: 'Pat Principal' });
  const coach = await buildUser(db, { role: 'coach', districtId: d, buildingIds: [north.id], name: 'Casey Coach' });
  const coach2 = await buildUser(db, { role: 'coach', districtId: d, buildingIds: [south.id], name: 'Robin Coach' });
  const teacherUser = await buildUser(db, { role: 'educator', districtId: d, email: 'jordan.ellis@maple.test', name: 'Jordan Ellis' });

  // North: Jordan (linked login), Ava. South: Liam, Mia (inactive), Zoe (moved from North).
  const jordan = await buildStaff(db, {
    districtId: d, buildingId: north.id, firstName: 'Jordan', lastName: 'Ellis', email: 'jordan.ellis@maple.test', employeeId: 'MT-100',
    userId: teacherUser.id, gradeLevels: ['3'], subjects: ['Mathematics'], position: 'Classroom Teacher', startDate: '2019-08-15',
  });
  const ava = await buildStaff(db, {
    districtId: d, buildingId: north.id, firstName: 'Ava', lastName: 'Nguyen', email: 'ava.nguyen@maple.test', employeeId: 'MT_200',
    gradeLevels: ['K', '1'], subjects: ['Elementary (all subjects)'], position: 'Special Education Teacher',
  });
  const liam = await buildStaff(db, {
    districtId: d, buildingId: south.id, firstName: 'Liam', lastName: 'Garcia', email: 'liam.garcia@maple.test', employeeId: 'MTX200',
    gradeLevels: ['7', '8'], subjects: ['Science'], position: 'Interventionist',
  });
  const mia = await buildStaff(db, {
    districtId: d, buildingId: south.id, firstName: 'Mia', lastName: 'Patel', email: 'mia.patel@maple.test', employeeId: 'MT-400',
    gradeLevels: ['6'], subjects: ['Mathematics'], status: 'inactive',
  });
  const zoe = await buildStaff(db, {
    districtId: d, buildingId: north.id, firstName: 'Zoe', lastName: 'Adams', email: null, employeeId: null,
    gradeLevels: ['12'], subjects: ['Fine Arts'], position: null, startDate: '2018-08-15',
  });
  const now = nowIso();
  // Zoe moved from North to South: closed row at North, open row at South.
  await db.updateTable('staff_buildings').set({ end_date: '2024-06-14' }).where('staff_id', '=', zoe.id).execute();
  await db.insertInto('staff_buildings').values({
    district_id: d, staff_id: zoe.id, building_id: south.id, start_date: '2024-08-12', end_date: null, created_at: now,
  }).execute();
  // Distinct hire dates and creation order for the sorts; Zoe has no hire date.
  const hires: [number, string | null, string][] = [
    [jordan.id, '2019-08-15', '2026-01-01T00:00:01.000Z'], [ava.id, '2021-08-15', '2026-01-01T00:00:02.000Z'],
    [liam.id, '2015-08-15', '2026-01-01T00:00:03.000Z'], [mia.id, '2010-08-15', '2026-01-01T00:00:04.000Z'],
    [zoe.id, null, '2026-01-01T00:00:05.000Z'],
  ];
  for (const [id, hire, created] of hires) {
    // created_at is insert-only in the table types: set it with a raw update.
    await db.updateTable('staff').set({ hire_date: hire }).where('id', '=', id).execute();
    await sql`update staff set created_at = ${created} where id = ${id}`.execute(db);
  }

  // Caseloads: Casey coaches Jordan now and coached Ava in the past; Robin coaches Liam.
  await buildCoachAssignment(db, { districtId: d, coachId: coach.id, staffId: jordan.id, startDate: '2025-08-18' });
  await buildCoachAssignment(db, { districtId: d, coachId: coach.id, staffId: ava.id, startDate: '2024-08-18', endDate: '2025-06-13' });
  await buildCoachAssignment(db, { districtId: d, coachId: coach2.id, staffId: liam.id, startDate: '2025-08-18' });

  const group = await db.insertInto('groups').values({
    district_id: d, name: 'Math PLC', description: null, group_of: STAFF_GROUP_OF, created_at: now, updated_at: now, deleted_at: null,
  }).returningAll().executeTakeFirstOrThrow();
  const oldGroup = await db.insertInto('groups').values({
    district_id: d, name: 'Old Pilot', description: null, group_of: STAFF_GROUP_OF, created_at: now, updated_at: now, deleted_at: '2025-06-20T17:00:00.000Z',
  }).returningAll().executeTakeFirstOrThrow();
  for (const [groupId, itemId] of [[group.id, jordan.id], [group.id, liam.id], [oldGroup.id, jordan.id]] as const) {
    await db.insertInto('group_items').values({ group_id: groupId, item_id: itemId, start_date: '2025-08-18T05:00:00.000Z', end_date: null }).execute();
  }

  // Another district: Cedar.
  const cedar = await buildDistrict(db, { name: 'Cedar Test District' });
  const cedarBuilding = await buildBuilding(db, cedar.id, { name: 'Cedar High' });
  const cedarAdmin = await buildUser(db, { role: 'district-admin', districtId: cedar.id });
  const cedarStaff = await buildStaff(db, {
    districtId: cedar.id, buildingId: cedarBuilding.id, firstName: 'Jordan', lastName: 'Cedar', email: 'jordan.cedar@cedar.test', employeeId: 'MT-500',
  });
  const cedarGroup = await db.insertInto('groups').values({
    district_id: cedar.id, name: 'Cedar PLC', description: null, group_of: STAFF_GROUP_OF, created_at: now, updated_at: now, deleted_at: null,
  }).returningAll().executeTakeFirstOrThrow();
  await db.insertInto('group_items').values({ group_id: cedarGroup.id, item_id: jordan.id, start_date: '2025-08-18T05:00:00.000Z', end_date: null }).execute();

  return {
    district, north, south, archived, admin, principal, coach, coach2, teacherUser,
    jordan, ava, liam, mia, zoe, group, oldGroup, cedar, cedarBuilding, cedarAdmin, cedarStaff, cedarGroup,
  };
}

export type StaffWorld = Awaited<ReturnType<typeof staffWorld>>;

/** A district user who holds no permission at all (every role removed). */
export async function userWithoutPermissions(t: TestApp, districtId: number) {
  const user = await buildUser(t.db, { role: 'educator', districtId });
  await t.db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
  return user;
}
