// The signed-in user is read from the database on every request: changes take effect on the very next one.
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, loginAs, type TestApp } from '../testing/app';
import { buildUser } from '../testing/factories';

describe('the auth context follows the database on the next request', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('a deactivated user is signed out on their next request', async () => {
    const user = await buildUser(t.db, { role: 'coach' });
    const agent = await loginAs(t.app, user);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('a changed role changes permissions and roles on the next request', async () => {
    const user = await buildUser(t.db, { role: 'educator' });
    const agent = await loginAs(t.app, user);
    expect((await agent.get('/api/auth/user')).body.security.roles).toEqual(['educator']);
    expect((await agent.get('/api/building')).status).toBe(200);
    expect((await agent.post('/api/building').set(csrfHeaders(agent)).send({ name: 'New School' })).status).toBe(403);

    const admin = await t.db.selectFrom('roles').select('id').where('name', '=', 'district-admin').executeTakeFirstOrThrow();
    await t.db.updateTable('user_roles').set({ role_id: admin.id }).where('user_id', '=', user.id).execute();

    const me = (await agent.get('/api/auth/user')).body;
    expect(me.security.roles).toEqual(['district-admin']);
    expect(me.security.permissions).toContain('manage settings');
    expect((await agent.post('/api/building').set(csrfHeaders(agent)).send({ name: 'New School' })).status).toBe(201);
  });

  it('a password changed in another session ends this one on its next request', async () => {
    const user = await buildUser(t.db, { role: 'coach' });
    const first = await loginAs(t.app, user);
    const second = await loginAs(t.app, user);
    const res = await second.put('/api/account/password').set(csrfHeaders(second))
      .send({ current_password: 'correct-horse-battery', password: 'a-new-long-passphrase', password_confirmation: 'a-new-long-passphrase' });
    expect(res.status).toBe(200);
    expect((await first.get('/api/auth/user')).status).toBe(401);
    expect((await second.get('/api/auth/user')).status).toBe(200);
  });

  it('a suspended district shows as suspended on the next request', async () => {
    const user = await buildUser(t.db, { role: 'district-admin' });
    const agent = await loginAs(t.app, user);
    expect((await agent.get('/api/auth/user')).body.district.status).toBe('active');
    await t.db.updateTable('districts').set({ status: 'suspended' }).where('id', '=', user.district_id!).execute();
    expect((await agent.get('/api/auth/user')).body.district.status).toBe('suspended');
  });

  it('a school taken from a principal leaves their buildings on the next request', async () => {
    const principal = await buildUser(t.db, { role: 'building-admin' });
    const b = await t.db.insertInto('buildings').values({
      district_id: principal.district_id!, name: 'Elm', code: null, grade_band: null, created_at: '2026-01-01', updated_at: '2026-01-01',
    }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('user_buildings').values({ user_id: principal.id, building_id: b.id }).execute();
    const agent = await loginAs(t.app, principal);
    expect((await agent.get('/api/auth/user')).body.buildings).toEqual([{ id: b.id, name: 'Elm' }]);
    await t.db.deleteFrom('user_buildings').where('user_id', '=', principal.id).execute();
    expect((await agent.get('/api/auth/user')).body.buildings).toEqual([]);
  });
});
