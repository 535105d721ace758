// Test fixtures for the groups tests: one district with a building, people of every role, three
// educators and a group, plus a second district with its own educator and group.
import { STAFF_GROUP_OF } from '../../common/schemas/groups';
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from './factories';

export async function insertGroup(
  db: DB,
  districtId: number,
  opts: { name: string; description?: string | null; deletedAt?: string | null; items?: { itemId: number; start?: string; end?: string | null }[] },
) {
  const now = nowIso();
  const group = await db.insertInto('groups').values({
    district_id: districtId, name: opts.name, description: opts.description ?? null, group_of: STAFF_GROUP_OF,
    created_at: now, updated_at: now, deleted_at: opts.deletedAt ?? null,
  }).returningAll().executeTakeFirstOrThrow();
  for (const item of opts.items ?? []) {
    await db.insertInto('group_items').values({
      group_id: group.id, item_id: item.itemId, start_date: item.start ?? '2025-08-18T05:00:00.000Z', end_date: item.end ?? null,
    }).execute();
  }
  return group;
}

export async function buildGroupsWorld(db: DB) {
  const district = await buildDistrict(db);
  const building = await buildBuilding(db, district.id);
  const admin = await buildUser(db, { role: 'district-admin', districtId: district.id });
  const principal = await buildUser(db, { role: 'building-admin', districtId: district.id, buildingIds: [building.id] });
  const coach = await buildUser(db, { role: 'coach', districtId: district.id, buildingIds: [building.id] });
  const educator = await buildUser(db, { role: 'educator', districtId: district.id });
  const ana = await buildStaff(db, { districtId: district.id, buildingId: building.id, firstName: 'Ana', lastName: 'Alvarez' });
  const ben = await buildStaff(db, { districtId: district.id, buildingId: building.id, firstName: 'Ben', lastName: 'Brooks' });
  const cy = await buildStaff(db, { districtId: district.id, buildingId: building.id, firstName: 'Cy', lastName: 'Chen' });
  const group = await insertGroup(db, district.id, {
    name: 'Math PLC', description: 'Grades 6–8 math.', items: [{ itemId: ben.id }, { itemId: ana.id, end: '2026-06-13T05:00:00.000Z' }],
  });

  const other = await buildDistrict(db);
  const otherAdmin = await buildUser(db, { role: 'district-admin', districtId: other.id });
  const stranger = await buildStaff(db, { districtId: other.id, firstName: 'Sam', lastName: 'Stranger' });
  const otherGroup = await insertGroup(db, other.id, { name: 'Cedar Team', items: [{ itemId: stranger.id }] });

  return { district, building, admin, principal, coach, educator, ana, ben, cy, group, other, otherAdmin, stranger, otherGroup };
}

export type GroupsWorld = Awaited<ReturnType<typeof buildGroupsWorld>>;

export const auditOf = (db: DB, action: string) =>
  db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
