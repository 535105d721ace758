// GET /api/user/self: User settings for every signed-in district user (spec §2, `settings/user`: login):
// their own login, roles and schools, and whom to ask for changes. The list stays behind `manage coaches`.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { buildBuilding, buildDistrict, buildUser } from '../../testing/factories';
import { setupDistrict, type Setup } from '../../testing/users.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const OWN_FIELDS = ['administrators', 'buildings', 'district', 'email', 'last_login_at', 'name', 'roles', 'status'];

/** Pine Ridge (Ada Admin signed in) with a second administrator, people who are not asked, and another district's admin. */
async function world(): Promise<Setup & { other: { adminEmail: string } }> {
  const s = await setupDistrict(t);
  await buildUser(t.db, { districtId: s.district.id, role: 'district-admin', name: 'Ben Admin', email: 'ben.admin@pine.example' });
  await buildUser(t.db, { districtId: s.district.id, role: 'district-admin', name: 'Aaron Disabled', status: 'disabled' });
  await buildUser(t.db, { districtId: s.district.id, role: 'district-admin', name: 'Aaron Invited', status: 'invited' });
  await buildUser(t.db, { districtId: s.district.id, role: 'building-admin', name: 'Aaron Principal', buildingIds: [s.school.id] });
  const otherDistrict = await buildDistrict(t.db, { name: 'Elsewhere Schools' });
  const otherAdmin = await buildUser(t.db, { districtId: otherDistrict.id, role: 'district-admin', name: 'Aaron Elsewhere', email: 'aaron@elsewhere.example' });
  return { ...s, other: { adminEmail: otherAdmin.email } };
}

const lastLoginOf = async (id: number) =>
  (await t.db.selectFrom('users').select('last_login_at').where('id', '=', id).executeTakeFirstOrThrow()).last_login_at;

describe('GET /api/user/self', () => {
  it('401 without login', async () => {
    const res = await request(t.app).get('/api/user/self');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('You need to sign in to continue.');
  });

  it('403 for provider staff who are not impersonating (they have no district login)', async () => {
    const agent = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
    const res = await agent.get('/api/user/self');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This area is for district accounts.');
  });

  it('a coach: their own login, roles and schools, and the active administrators of their district only', async () => {
    const s = await world();
    const coach = await buildUser(t.db, {
      districtId: s.district.id, role: 'coach', name: 'Casey Coach', email: 'casey@pine.example', buildingIds: [s.school2.id, s.school.id],
    });
    const agent = await loginAs(t.app, coach);
    const res = await agent.get('/api/user/self');
    expect(res.status).toBe(200);
    const lastLogin = await lastLoginOf(coach.id);
    expect(lastLogin).not.toBeNull();
    expect(res.body).toEqual({
      name: 'Casey Coach',
      email: 'casey@pine.example',
      status: 'active',
      last_login_at: lastLogin,
      roles: [{ name: 'coach', label: 'Coach' }],
      buildings: [{ id: s.school.id, name: 'Aspen Elementary' }, { id: s.school2.id, name: 'Birch Middle School' }],
      district: { name: 'Pine Ridge Schools' },
      administrators: [
        { name: 'Ada Admin', email: s.admin.email },
        { name: 'Ben Admin', email: 'ben.admin@pine.example' },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain(s.other.adminEmail);
    expect(JSON.stringify(res.body)).not.toContain('Elsewhere');
  });

  it('an educator without schools: their login and role, no schools, the same administrators', async () => {
    const s = await world();
    const educator = await buildUser(t.db, { districtId: s.district.id, role: 'educator', name: 'Eli Educator' });
    const res = await (await loginAs(t.app, educator)).get('/api/user/self');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Eli Educator', email: educator.email, status: 'active',
      roles: [{ name: 'educator', label: 'Educator' }], buildings: [], district: { name: 'Pine Ridge Schools' },
    });
    expect(res.body.administrators.map((a: { name: string }) => a.name)).toEqual(['Ada Admin', 'Ben Admin']);
  });

  it('answers only the whitelisted fields: no ids of people, no hash, no district id, nothing of the list', async () => {
    const s = await world();
    const principal = await buildUser(t.db, { districtId: s.district.id, role: 'building-admin', buildingIds: [s.school.id] });
    const res = await (await loginAs(t.app, principal)).get('/api/user/self');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(OWN_FIELDS);
    expect(Object.keys(res.body.district)).toEqual(['name']);
    for (const admin of res.body.administrators) expect(Object.keys(admin).sort()).toEqual(['email', 'name']);
    for (const role of res.body.roles) expect(Object.keys(role).sort()).toEqual(['label', 'name']);
    for (const school of res.body.buildings) expect(Object.keys(school).sort()).toEqual(['id', 'name']);
    const text = JSON.stringify(res.body);
    for (const leak of ['password', 'hash', 'district_id', 'invite', 'remember']) expect(text).not.toContain(leak);
  });

  it('leaves out archived schools', async () => {
    const s = await world();
    const coach = await buildUser(t.db, { districtId: s.district.id, role: 'coach', buildingIds: [s.school.id, s.school2.id] });
    await t.db.updateTable('buildings').set({ deleted_at: new Date().toISOString() }).where('id', '=', s.school2.id).execute();
    const res = await (await loginAs(t.app, coach)).get('/api/user/self');
    expect(res.body.buildings).toEqual([{ id: s.school.id, name: 'Aspen Elementary' }]);
  });

  it('people who manage users read theirs too (and /user/self is not taken for an id)', async () => {
    const s = await world();
    const res = await s.agent.get('/api/user/self');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Ada Admin', roles: [{ name: 'district-admin' }] });
    expect(res.body.administrators.map((a: { name: string }) => a.name)).toEqual(['Ada Admin', 'Ben Admin']);
  });

  it('the user list stays behind manage coaches', async () => {
    const s = await world();
    const coach = await buildUser(t.db, { districtId: s.district.id, role: 'coach', buildingIds: [s.school.id] });
    const agent = await loginAs(t.app, coach);
    expect((await agent.get('/api/user')).status).toBe(403);
    expect((await agent.get(`/api/user/${s.admin.id}`)).status).toBe(403);
  });

  it("provider staff impersonating a coach see the coach's own settings, not their own", async () => {
    const s = await world();
    const school = await buildBuilding(t.db, s.district.id, { name: 'Cedar High' });
    const coach = await buildUser(t.db, { districtId: s.district.id, role: 'coach', name: 'Casey Coach', buildingIds: [school.id] });
    const staffUser = await buildUser(t.db, { role: 'provider-admin', name: 'Sam Support' });
    const staff = await loginAs(t.app, staffUser);
    expect((await staff.post('/api/auth/impersonate').set(csrfHeaders(staff)).send({ user_id: coach.id })).status).toBe(200);
    const res = await staff.get('/api/user/self');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Casey Coach', email: coach.email, roles: [{ name: 'coach' }], buildings: [{ id: school.id, name: 'Cedar High' }],
      district: { name: 'Pine Ridge Schools' },
    });
    expect(res.body.administrators.map((a: { name: string }) => a.name)).toEqual(['Ada Admin', 'Ben Admin']);
    expect(JSON.stringify(res.body)).not.toContain(staffUser.email);
  });
});
