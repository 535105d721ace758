import { loginAs, type TestApp } from './app';
import { buildUser } from './factories';

/** A district admin (manage settings) and a principal of the same district, signed in. */
export async function signedInDistrict(t: TestApp) {
  const admin = await buildUser(t.db, { role: 'district-admin' });
  const districtId = admin.district_id!;
  const principal = await buildUser(t.db, { role: 'building-admin', districtId });
  return { admin, principal, districtId, asAdmin: await loginAs(t.app, admin), asPrincipal: await loginAs(t.app, principal) };
}

export const auditOf = (t: TestApp, action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
