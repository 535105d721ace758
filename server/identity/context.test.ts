// The signed-in user's context is kept between requests only while nothing it was read from changed
// (the `auth` change version, bumped by triggers): changes take effect on the very next request.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { changeVersion } from '../../db/dialect';
import { createFileTestApp, createTestApp, csrfHeaders, type FileTestApp, loginAs, type TestApp } from '../testing/app';
import { buildUser } from '../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

/** A principal of one school, Elm, signed in. */
async function principalOfElm() {
  const principal = await buildUser(t.db, { role: 'building-admin' });
  const b = await t.db.insertInto('buildings').values({
    district_id: principal.district_id!, name: 'Elm', code: null, grade_band: null, created_at: '2026-01-01', updated_at: '2026-01-01',
  }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('user_buildings').values({ user_id: principal.id, building_id: b.id }).execute();
  return { principal, b, agent: await loginAs(t.app, principal) };
}

describe('the auth context follows the database on the next request', () => {
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

  it("a suspended district's user is signed out on the next request (issue 13)", async () => {
    const user = await buildUser(t.db, { role: 'district-admin' });
    const agent = await loginAs(t.app, user);
    expect((await agent.get('/api/auth/user')).body.district.status).toBe('active');
    await t.db.updateTable('districts').set({ status: 'suspended' }).where('id', '=', user.district_id!).execute();
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('a school taken from a principal leaves their buildings on the next request', async () => {
    const { principal, b, agent } = await principalOfElm();
    expect((await agent.get('/api/auth/user')).body.buildings).toEqual([{ id: b.id, name: 'Elm' }]);
    await t.db.deleteFrom('user_buildings').where('user_id', '=', principal.id).execute();
    expect((await agent.get('/api/auth/user')).body.buildings).toEqual([]);
  });
});

describe('the kept auth context', () => {
  it('a permission taken from a role is gone on the next request of everyone holding it', async () => {
    const user = await buildUser(t.db, { role: 'district-admin' });
    const agent = await loginAs(t.app, user);
    expect((await agent.get('/api/auth/user')).body.security.permissions).toContain('manage settings');
    const permission = await t.db.selectFrom('permissions').select('id').where('name', '=', 'manage settings').executeTakeFirstOrThrow();
    await t.db.deleteFrom('role_permissions').where('permission_id', '=', permission.id).execute();
    expect((await agent.get('/api/auth/user')).body.security.permissions).not.toContain('manage settings');
    expect((await agent.post('/api/building').set(csrfHeaders(agent)).send({ name: 'New School' })).status).toBe(403);
  });

  it('a renamed plan and a renamed school show on the next request', async () => {
    const { b, agent } = await principalOfElm();
    const before = (await agent.get('/api/auth/user')).body;
    await t.db.updateTable('buildings').set({ name: 'Elm Street' }).where('id', '=', b.id).execute();
    await t.db.updateTable('plans').set({ name: 'Renamed plan' }).where('key', '=', before.district.plan.key).execute();
    const after = (await agent.get('/api/auth/user')).body;
    expect(after.buildings).toEqual([{ id: b.id, name: 'Elm Street' }]);
    expect(after.district.plan.name).toBe('Renamed plan');
  });

  it('writes to tables the context is not read from leave the version alone', async () => {
    const user = await buildUser(t.db, { role: 'district-admin' });
    const agent = await loginAs(t.app, user);
    await agent.get('/api/auth/user');
    const version = await changeVersion(t.db, 'auth');
    await t.db.insertInto('client_errors').values({
      message: 'x', stack: null, url: null, user_agent: null, user_id: null, district_id: null, at: '2026-01-01T00:00:00.000Z',
    }).execute();
    await t.db.insertInto('staff').values({
      district_id: user.district_id!, first_name: 'Ada', last_name: 'Lovelace', email: null, employee_id: null, position: null,
      grade_levels: '[]', subjects: '[]', hire_date: null, status: 'active', user_id: null, created_at: '2026-01-01', updated_at: '2026-01-01',
    } as never).execute();
    await agent.get('/api/auth/user');
    expect(await changeVersion(t.db, 'auth')).toBe(version);
  });

  it('a user being read concurrently by many requests gets the same answer each time', async () => {
    const user = await buildUser(t.db, { role: 'coach' });
    const agent = await loginAs(t.app, user);
    const answers = await Promise.all(Array.from({ length: 8 }, () => agent.get('/api/auth/user')));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });
});

describe('the kept auth context and another process', () => {
  let file: FileTestApp | undefined;
  afterEach(() => file?.close());

  it('a user deactivated by another connection (the CLI) is signed out on their next request', async () => {
    file = await createFileTestApp();
    const { app, db, config } = file;
    const user = await buildUser(db, { role: 'coach' });
    const agent = await loginAs(app, user);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    expect((await agent.get('/api/auth/user')).status).toBe(200);

    const other = openDatabase(config.databaseFile);
    await other.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
    await other.destroy();

    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });
});
