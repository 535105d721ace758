// Finding 11 of the security issue: an impersonated session cannot leave lasting access behind
// (no invites, new or reactivated logins, role changes), edits made while impersonating are audited
// with before and after values, and failed impersonation attempts are audited too.
import { beforeEach, describe, expect, it } from 'vitest';
import { IMPERSONATION_REFUSED } from '../access/impersonation';
import { createTestApp, csrfHeaders, loginAs, type TestApp } from '../testing/app';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

async function impersonating() {
  const district = await buildDistrict(t.db, { name: 'Pine Ridge Schools' });
  const school = await buildBuilding(t.db, district.id);
  const admin = await buildUser(t.db, { districtId: district.id, role: 'district-admin', name: 'Ada Admin' });
  const coach = await buildUser(t.db, { districtId: district.id, role: 'coach', name: 'Casey Coach', buildingIds: [school.id] });
  const invited = await buildUser(t.db, { districtId: district.id, role: 'educator', status: 'invited' });
  const disabled = await buildUser(t.db, { districtId: district.id, role: 'educator', status: 'disabled' });
  const staff = await buildUser(t.db, { role: 'provider-support', name: 'Sue Support' });
  const agent = await loginAs(t.app, staff);
  const start = await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: admin.id });
  expect(start.status).toBe(200);
  return { district, school, admin, coach, invited, disabled, staff, agent };
}

const audits = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('finding 11: impersonated sessions cannot create or elevate logins, change roles or invite people', () => {
  it('refuses invites, resends, role changes, reactivation, email and password changes with one clear 403', async () => {
    const w = await impersonating();
    const h = csrfHeaders(w.agent);
    const attempts = [
      w.agent.post('/api/user').set(h).send({ name: 'Backdoor', email: 'backdoor@example.org', roles: ['district-admin'], building_ids: [] }),
      w.agent.put(`/api/user/${w.coach.id}`).set(h).send({ roles: ['district-admin'], building_ids: [] }),
      w.agent.post(`/api/user/${w.invited.id}/resend-invite`).set(h),
      w.agent.post(`/api/user/${w.disabled.id}/reactivate`).set(h),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(IMPERSONATION_REFUSED);
    }
    for (const path of ['/api/account/email', '/api/account/password']) {
      const res = await w.agent.put(path).set(h).send({ email: 'x@example.org', current_password: 'x', password: 'new-password-1', password_confirmation: 'new-password-1' });
      expect(res.status).toBe(403);
    }
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'backdoor@example.org').execute()).toHaveLength(0);
    const roles = await t.db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('roles.name').where('user_id', '=', w.coach.id).execute();
    expect(roles).toEqual([{ name: 'coach' }]);
    expect((await t.db.selectFrom('users').select('status').where('id', '=', w.disabled.id).executeTakeFirstOrThrow()).status).toBe('disabled');
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('edits made while impersonating are audited under both people with before and after values', async () => {
    const w = await impersonating();
    const h = csrfHeaders(w.agent);
    expect((await w.agent.put('/api/account/profile').set(h).send({ name: 'Ada Changed', date_locale: 'en-GB', timezone: 'America/Denver' })).status).toBe(200);
    const [profile] = await audits('profile_updated');
    expect(profile).toMatchObject({ actor_id: w.admin.id, impersonator_id: w.staff.id, district_id: w.district.id, subject_id: w.admin.id });
    expect(JSON.parse(profile!.details!)).toEqual({
      name: { from: 'Ada Admin', to: 'Ada Changed' }, date_locale: { from: 'en-US', to: 'en-GB' }, timezone: { from: 'America/Chicago', to: 'America/Denver' },
    });
    expect((await w.agent.post(`/api/user/${w.coach.id}/deactivate`).set(h)).status).toBe(200);
    const [deactivated] = await audits('user_deactivated');
    expect(deactivated).toMatchObject({ actor_id: w.admin.id, impersonator_id: w.staff.id, subject_id: w.coach.id });
    expect(JSON.parse(deactivated!.details!)).toEqual({ status: { from: 'active', to: 'disabled' } });

    // Educators, schools, the district and groups record before and after values the same way.
    const educator = await buildStaff(t.db, { districtId: w.district.id, buildingId: w.school.id, firstName: 'Ava', lastName: 'Lee' });
    const edit = await w.agent.put(`/api/staff/${educator.id}`).set(h).send({ first_name: 'Avery', last_name: 'Lee' });
    expect(edit.status).toBe(200);
    const [staffEdit] = await audits('staff_updated');
    expect(staffEdit).toMatchObject({ actor_id: w.admin.id, impersonator_id: w.staff.id, subject_id: educator.id });
    expect(JSON.parse(staffEdit!.details!).changes.first_name).toEqual({ from: 'Ava', to: 'Avery' });
    expect((await w.agent.put(`/api/building/${w.school.id}`).set(h).send({ name: 'Renamed School', code: null, grade_band: null })).status).toBe(200);
    const [schoolEdit] = await audits('building_updated');
    expect(schoolEdit).toMatchObject({ actor_id: w.admin.id, impersonator_id: w.staff.id });
    expect(JSON.parse(schoolEdit!.details!).to.name).toBe('Renamed School');
  });
});

describe('finding 11: failed impersonation attempts are audited', () => {
  it('another provider staff member, an unknown id, invited or disabled users, and a district user trying', async () => {
    const district = await buildDistrict(t.db);
    const invited = await buildUser(t.db, { districtId: district.id, role: 'educator', status: 'invited' });
    const disabled = await buildUser(t.db, { districtId: district.id, role: 'educator', status: 'disabled' });
    const otherStaff = await buildUser(t.db, { role: 'provider-admin' });
    const staff = await buildUser(t.db, { role: 'provider-support' });
    const agent = await loginAs(t.app, staff);
    const cases: [number, number, string][] = [
      [otherStaff.id, 404, 'provider_staff'],
      [987654, 404, 'unknown_user'],
      [invited.id, 422, 'not_active'],
      [disabled.id, 422, 'not_active'],
    ];
    for (const [userId, status] of cases) {
      expect((await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: userId })).status).toBe(status);
    }
    const districtAdmin = await buildUser(t.db, { districtId: district.id, role: 'district-admin' });
    const adminAgent = await loginAs(t.app, districtAdmin);
    expect((await adminAgent.post('/api/auth/impersonate').set(csrfHeaders(adminAgent)).send({ user_id: invited.id })).status).toBe(403);

    const refused = await audits('impersonation_refused');
    expect(refused.map((r) => [r.actor_id, r.subject_id, JSON.parse(r.details!).reason])).toEqual([
      ...cases.map(([userId, , reason]) => [staff.id, userId === 987654 ? null : userId, reason]),
      [districtAdmin.id, invited.id, 'no_permission'],
    ]);
    expect(refused.every((r) => r.ip !== null)).toBe(true);
    expect(JSON.parse(refused[1]!.details!)).toEqual({ reason: 'unknown_user', user_id: 987654 });
  });
});
