// Shared setup of the admin users tests: two districts with their logins, Coachwell staff, signed-in agents.
import { loginAs, type TestApp } from './app';
import { buildBuilding, buildDistrict, buildUser } from './factories';

/**
 * Pine Ridge (an admin, a coach, an invited educator, a deactivated educator) and Cedar Hill (an admin),
 * a provider admin and a provider support member, each signed in.
 */
export async function setupAdminWorld(t: TestApp) {
  const pine = await buildDistrict(t.db, { name: 'Pine Ridge Schools' });
  const cedar = await buildDistrict(t.db, { name: 'Cedar Hill District' });
  const school = await buildBuilding(t.db, pine.id, { name: 'Aspen Elementary' });
  const pineAdmin = await buildUser(t.db, { districtId: pine.id, role: 'district-admin', name: 'Ada Admin', email: 'ada@pine.example' });
  const coach = await buildUser(t.db, { districtId: pine.id, role: 'coach', name: 'Casey Coach', email: 'casey@pine.example', buildingIds: [school.id] });
  const invited = await buildUser(t.db, { districtId: pine.id, role: 'educator', name: 'Ivy Invited', email: 'ivy@pine.example', status: 'invited' });
  const disabled = await buildUser(t.db, { districtId: pine.id, role: 'educator', name: 'Dora Disabled', email: 'dora@pine.example', status: 'disabled' });
  const cedarAdmin = await buildUser(t.db, { districtId: cedar.id, role: 'district-admin', name: 'Cyd Cedar', email: 'cyd@cedar.example' });
  const providerAdmin = await buildUser(t.db, { role: 'provider-admin', name: 'Pat Provider', email: 'pat@coachwell.example' });
  const support = await buildUser(t.db, { role: 'provider-support', name: 'Sue Support', email: 'sue@coachwell.example' });
  const adminAgent = await loginAs(t.app, providerAdmin);
  const supportAgent = await loginAs(t.app, support);
  return { pine, cedar, school, pineAdmin, coach, invited, disabled, cedarAdmin, providerAdmin, support, adminAgent, supportAgent };
}

export type AdminWorld = Awaited<ReturnType<typeof setupAdminWorld>>;

export const auditRows = (t: TestApp, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

export const statusOf = async (t: TestApp, id: number) =>
  (await t.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

export const sessionsOf = async (t: TestApp, id: number) =>
  (await t.db.selectFrom('sessions').select('sid').where('user_id', '=', id).execute()).length;
