// Security finding 6 (issue 25): a calendar feed address does not outlive its owner's access. Every way
// a login loses it (deactivation by the district or by provider staff, a role change in User settings or
// the admin User CSV Import, a move to another district) deletes the feed row in the same transaction
// (server/identity/lapsedFeeds.ts), so the old address stays 404 after the access comes back; the person
// turns the feed on again and gets a new address.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { dropLapsedCalendarFeeds } from '../../identity/lapsedFeeds';
import { appWith, csrfHeaders, guestAgent, loginAs, TEST_PASSWORD, type TestAgent, type TestApp } from '../../testing/app';
import { buildBuilding, buildDistrict, buildUser } from '../../testing/factories';
import { calendarWorld } from './calendar.fixture';

let t: TestApp;
let w: Awaited<ReturnType<typeof calendarWorld>>;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => calendarWorld(app.db)));
});

const feedRow = (userId: number) => t.db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst();
const post = (agent: TestAgent, path: string, body: object = {}) => agent.post(path).set(csrfHeaders(agent)).send(body);
const fetchFeed = async (path: string) => (await request(t.app).get(path)).status;

/** Turns the user's feed on; answers the address's path (it answers 200). */
async function turnOn(user = w.coach): Promise<string> {
  const agent = await loginAs(t.app, user);
  const res = await post(agent, '/api/calendar-feed');
  expect(res.status).toBe(201);
  const path = new URL(res.body.url as string).pathname;
  expect(await fetchFeed(path)).toBe(200);
  return path;
}

/** After access came back: the old address stays 404, the feed reads as off, turning it on gives a new address. */
async function expectFreshStart(oldPath: string, user = w.coach) {
  expect(await fetchFeed(oldPath)).toBe(404);
  expect(await feedRow(user.id)).toBeUndefined();
  const agent = await loginAs(t.app, user);
  expect((await agent.get('/api/calendar-feed')).body).toMatchObject({ enabled: false, url: null });
  const res = await post(agent, '/api/calendar-feed');
  expect(res.status).toBe(201);
  const newPath = new URL(res.body.url as string).pathname;
  expect(newPath).not.toBe(oldPath);
  expect(await fetchFeed(newPath)).toBe(200);
  expect(await fetchFeed(oldPath)).toBe(404);
}

describe('a calendar feed address does not outlive its owner’s access', () => {
  it('deactivation in User settings deletes the feed; after reactivation the old address stays 404 and a new one works', async () => {
    const path = await turnOn();
    const admin = await loginAs(t.app, w.admin);
    expect((await post(admin, `/api/user/${w.coach.id}/deactivate`)).status).toBe(200);
    expect(await feedRow(w.coach.id)).toBeUndefined();
    expect(await fetchFeed(path)).toBe(404);
    const reactivated = await post(admin, `/api/user/${w.coach.id}/reactivate`);
    expect([reactivated.status, reactivated.body.status]).toEqual([200, 'active']);
    await expectFreshStart(path);
  });

  it('deactivation by provider staff (/api/admin/user) deletes the feed too', async () => {
    const path = await turnOn();
    const staff = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
    expect((await post(staff, `/api/admin/user/${w.coach.id}/deactivate`)).status).toBe(200);
    expect(await feedRow(w.coach.id)).toBeUndefined();
    expect((await post(staff, `/api/admin/user/${w.coach.id}/reactivate`)).status).toBe(200);
    expect((await t.db.selectFrom('users').select('status').where('id', '=', w.coach.id).executeTakeFirstOrThrow()).status).toBe('active');
    await expectFreshStart(path);
  });

  it('a role change without see activity deletes the feed; changing back does not bring the address back', async () => {
    const path = await turnOn();
    const admin = await loginAs(t.app, w.admin);
    const toEducator = await admin.put(`/api/user/${w.coach.id}`).set(csrfHeaders(admin)).send({ roles: ['educator'], building_ids: [w.building.id] });
    expect(toEducator.status).toBe(200);
    expect(await feedRow(w.coach.id)).toBeUndefined();
    expect(await fetchFeed(path)).toBe(404);
    const back = await admin.put(`/api/user/${w.coach.id}`).set(csrfHeaders(admin)).send({ roles: ['coach'], building_ids: [w.building.id] });
    expect(back.status).toBe(200);
    await expectFreshStart(path);
  });

  it('a role change that keeps see activity keeps the feed and its address (roles are replaced inside one transaction)', async () => {
    const path = await turnOn();
    const before = await feedRow(w.coach.id);
    const admin = await loginAs(t.app, w.admin);
    const res = await admin.put(`/api/user/${w.coach.id}`).set(csrfHeaders(admin)).send({ roles: ['coach', 'district-admin'], building_ids: [w.building.id] });
    expect(res.status).toBe(200);
    expect(await feedRow(w.coach.id)).toEqual(before);
    expect(await fetchFeed(path)).toBe(200);
  });

  it('the admin User CSV Import changing a coach to Educator deletes the feed', async () => {
    const path = await turnOn();
    const otherPath = await turnOn(w.otherCoach);
    const coach = await t.db.selectFrom('users').select(['email']).where('id', '=', w.coach.id).executeTakeFirstOrThrow();
    const staff = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
    const base = `/api/admin/district/${w.district.id}/user-import`;
    const csv = `Name,Email,Role,Schools\nCasey Coach,${coach.email},Educator,Lincoln Middle School\n`;
    const up = await staff.post(`${base}?file_name=people.csv`).set(csrfHeaders(staff)).set('Content-Type', 'text/csv').send(csv);
    expect(up.status).toBe(201);
    expect((await staff.put(`${base}/${up.body.id}/mapping`).set(csrfHeaders(staff)).send({ mapping: up.body.mapping })).status).toBe(200);
    expect((await post(staff, `${base}/${up.body.id}/preview`)).body.counts).toMatchObject({ updated: 1, errors: 0 });
    const run = await post(staff, `${base}/${up.body.id}/run`);
    expect([run.status, run.body.counts]).toEqual([200, expect.objectContaining({ updated: 1 })]);
    expect(await feedRow(w.coach.id)).toBeUndefined();
    expect(await fetchFeed(path)).toBe(404);
    // Another coach, not in the file, keeps theirs.
    expect(await fetchFeed(otherPath)).toBe(200);
  });

  it('moving the login to another district (an accepted account migration) deletes the feed of the former one', async () => {
    const path = await turnOn();
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', w.coach.id).executeTakeFirstOrThrow()).email;
    const elsewhere = await buildDistrict(t.db, { planKey: 'professional' });
    const school = await buildBuilding(t.db, elsewhere.id);
    const admin = await loginAs(t.app, await buildUser(t.db, { districtId: elsewhere.id, role: 'district-admin' }));
    expect((await post(admin, '/api/user', { name: 'Casey Coach', email, roles: ['coach'], building_ids: [school.id] })).status).toBe(201);
    const token = t.mailer.sent.at(-1)!.link!.split('/').at(-1)!;
    const guest = await guestAgent(t.app);
    expect((await guest.post(`/api/account-migration/${token}`).set(csrfHeaders(guest)).send({ password: TEST_PASSWORD })).status).toBe(200);
    expect(await feedRow(w.coach.id)).toBeUndefined();
    expect(await fetchFeed(path)).toBe(404);
  });
});

describe('dropLapsedCalendarFeeds', () => {
  it('deletes the feeds of the named users who are inactive, outside the feed’s district or without see activity; nobody else’s', async () => {
    const feedOf = async (userId: number) => {
      await t.db.insertInto('calendar_feeds').values({
        district_id: w.district.id, user_id: userId, token_hash: `hash-${userId}`, title_mode: 'names', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
      }).execute();
    };
    const kept = await buildUser(t.db, { role: 'coach', districtId: w.district.id, buildingIds: [w.building.id] });
    const moved = await buildUser(t.db, { role: 'coach', districtId: w.district.id, buildingIds: [w.building.id] });
    const narrowed = await buildUser(t.db, { role: 'coach', districtId: w.district.id, buildingIds: [w.building.id] });
    for (const u of [w.coach, w.otherCoach, w.educatorLogin, kept, moved, narrowed]) await feedOf(u.id);
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', 'in', [w.coach.id, w.otherCoach.id]).execute();
    await t.db.updateTable('users').set({ district_id: w.essentials.id }).where('id', '=', moved.id).execute();
    // A scoped grant ("see activity.self") still counts as see activity.
    const scoped = await t.db.selectFrom('permissions').select('id').where('name', '=', 'see activity.self').executeTakeFirst()
      ?? await t.db.insertInto('permissions').values({ name: 'see activity.self' }).returning('id').executeTakeFirstOrThrow();
    const role = await t.db.insertInto('roles').values({ name: 'test-self', label: 'Self', area: 'app' }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('role_permissions').values({ role_id: role.id, permission_id: scoped.id }).execute();
    await t.db.deleteFrom('user_roles').where('user_id', '=', narrowed.id).execute();
    await t.db.insertInto('user_roles').values({ user_id: narrowed.id, role_id: role.id }).execute();

    // w.otherCoach is disabled but not named: untouched.
    expect(await dropLapsedCalendarFeeds(t.db, [w.coach.id, w.educatorLogin.id, kept.id, moved.id, narrowed.id])).toBe(3);
    const left = await t.db.selectFrom('calendar_feeds').select('user_id').orderBy('user_id').execute();
    expect(left.map((r) => r.user_id)).toEqual([w.otherCoach.id, kept.id, narrowed.id].sort((a, b) => a - b));
    expect(await dropLapsedCalendarFeeds(t.db, [])).toBe(0);
  });
});
