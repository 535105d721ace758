// Shared setup of the district users tests: a district with two schools and a signed-in admin.
import { loginAs, type TestApp } from './app';
import { buildBuilding, buildDistrict, buildUser } from './factories';

/** A district with two schools and a signed-in district admin. */
export async function setupDistrict(t: TestApp) {
  const district = await buildDistrict(t.db, { name: 'Pine Ridge Schools' });
  const school = await buildBuilding(t.db, district.id, { name: 'Aspen Elementary' });
  const school2 = await buildBuilding(t.db, district.id, { name: 'Birch Middle School' });
  const admin = await buildUser(t.db, { districtId: district.id, role: 'district-admin', name: 'Ada Admin' });
  const agent = await loginAs(t.app, admin);
  return { district, school, school2, admin, agent };
}

export type Setup = Awaited<ReturnType<typeof setupDistrict>>;

/** A user of another district. */
export async function stranger(t: TestApp) {
  const other = await buildDistrict(t.db);
  return buildUser(t.db, { districtId: other.id, role: 'coach', buildingIds: [(await buildBuilding(t.db, other.id)).id] });
}

/** Signed-in agents for the district roles without `manage coaches`. */
export async function nonManagers(t: TestApp, s: Setup) {
  const roles = [['building-admin', [s.school.id]], ['coach', [s.school.id]], ['educator', []]] as const;
  const out = [];
  for (const [role, buildingIds] of roles) {
    const user = await buildUser(t.db, { districtId: s.district.id, role, buildingIds: [...buildingIds] });
    out.push({ role, agent: await loginAs(t.app, user) });
  }
  return out;
}

export const tokenOf = (link: string | undefined) => link!.split('/').at(-1)!;

export const auditOf = (t: TestApp, action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
