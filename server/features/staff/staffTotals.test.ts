// The educators list's total is counted once per list query and kept while the `staff` change version
// and the day stand (server/features/staff/queries.ts): every kind of write changes the next answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../../db/connection';
import { createTestApp, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { buildBuilding, buildCoachAssignment, buildDistrict, buildStaff, buildUser } from '../../testing/factories';

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;

async function world(db: DB) {
  const district = await buildDistrict(db);
  const d = district.id;
  const east = await buildBuilding(db, d, { name: 'East' });
  const west = await buildBuilding(db, d, { name: 'West' });
  const admin = await buildUser(db, { role: 'district-admin', districtId: d });
  const coach = await buildUser(db, { role: 'coach', districtId: d, buildingIds: [east.id] });
  const garcias = [];
  for (let i = 0; i < 3; i++) garcias.push(await buildStaff(db, { districtId: d, buildingId: east.id, firstName: `Ana${i}`, lastName: 'Garcia' }));
  for (let i = 0; i < 2; i++) await buildStaff(db, { districtId: d, buildingId: west.id, firstName: `Ben${i}`, lastName: 'Okafor' });
  return { district, east, west, admin, coach, garcias };
}

beforeEach(async () => {
  t = await createTestApp();
  w = await world(t.db);
});
afterEach(() => {
  vi.useRealTimers();
});

async function totalOf(agent: Awaited<ReturnType<typeof loginAs>>, query: string): Promise<number> {
  const res = await agent.get(`/api/staff?per_page=1&${query}`);
  expect(res.status).toBe(200);
  return res.body.meta.total;
}

describe('GET /api/staff total after writes', () => {
  it('an educator added, then deactivated, changes the totals of the lists asked before', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect(await totalOf(agent, '')).toBe(5);
    expect(await totalOf(agent, 'search=garcia')).toBe(3);
    expect(await totalOf(agent, `search=garcia&filter[building_id][]=${w.east.id}`)).toBe(3);
    const created = await agent.post('/api/staff').set(csrfHeaders(agent)).send({
      staff: [{ first_name: 'Luz', last_name: 'Garcia', building_id: w.east.id, start_date: '2024-08-01' }],
    });
    expect(created.status).toBe(201);
    expect(await totalOf(agent, '')).toBe(6);
    expect(await totalOf(agent, 'search=garcia')).toBe(4);
    expect(await totalOf(agent, `search=garcia&filter[building_id][]=${w.east.id}`)).toBe(4);

    expect((await agent.post(`/api/staff/${w.garcias[0]!.id}/deactivate`).set(csrfHeaders(agent))).status).toBe(200);
    expect(await totalOf(agent, '')).toBe(5);
    expect(await totalOf(agent, 'filter[status]=inactive')).toBe(1);
    expect(await totalOf(agent, 'search=garcia')).toBe(3);
  });

  it('a renamed educator leaves one search and joins another', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect(await totalOf(agent, 'search=garcia')).toBe(3);
    expect(await totalOf(agent, 'search=okafor')).toBe(2);
    await t.db.updateTable('staff').set({ last_name: 'Okafor' }).where('id', '=', w.garcias[1]!.id).execute();
    expect(await totalOf(agent, 'search=garcia')).toBe(2);
    expect(await totalOf(agent, 'search=okafor')).toBe(3);
  });

  it('a move between schools changes both schools\' totals', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect(await totalOf(agent, `filter[building_id][]=${w.east.id}`)).toBe(3);
    expect(await totalOf(agent, `filter[building_id][]=${w.west.id}`)).toBe(2);
    const moved = await agent.post(`/api/staff/${w.garcias[2]!.id}/move`).set(csrfHeaders(agent))
      .send({ building_id: w.west.id, effective_date: new Date().toISOString().slice(0, 10) });
    expect(moved.status).toBe(200);
    expect(await totalOf(agent, `filter[building_id][]=${w.east.id}`)).toBe(2);
    expect(await totalOf(agent, `filter[building_id][]=${w.west.id}`)).toBe(3);
  });

  it('a caseload and a group change the coach and group filters, and a coach\'s own list', async () => {
    const admin = await loginAs(t.app, w.admin);
    const coach = await loginAs(t.app, w.coach);
    expect(await totalOf(admin, `filter[coach_id][]=${w.coach.id}`)).toBe(0);
    expect(await totalOf(coach, '')).toBe(3);
    await buildCoachAssignment(t.db, { districtId: w.district.id, coachId: w.coach.id, staffId: w.garcias[0]!.id });
    expect(await totalOf(admin, `filter[coach_id][]=${w.coach.id}`)).toBe(1);

    const group = await admin.post('/api/group').set(csrfHeaders(admin)).send({ name: 'PLC', group_of: 'App\\Models\\Staff', items: [] });
    expect(group.status).toBe(201);
    const groupId = group.body.id;
    expect(await totalOf(admin, `filter[group_id][]=${groupId}`)).toBe(0);
    await t.db.insertInto('group_items').values({ group_id: groupId, item_id: w.garcias[1]!.id, start_date: '2025-01-01T00:00:00.000Z', end_date: null }).execute();
    expect(await totalOf(admin, `filter[group_id][]=${groupId}`)).toBe(1);
  });

  it('a school change dated tomorrow shows in the totals tomorrow, with no write in between', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T23:59:00.000Z'));
    const agent = await loginAs(t.app, w.admin);
    const moved = await agent.post(`/api/staff/${w.garcias[2]!.id}/move`).set(csrfHeaders(agent)).send({ building_id: w.west.id, effective_date: '2030-01-02' });
    expect(moved.status).toBe(200);
    expect(await totalOf(agent, `filter[building_id][]=${w.west.id}`)).toBe(2);
    vi.setSystemTime(new Date('2030-01-02T00:01:00.000Z'));
    expect(await totalOf(agent, `filter[building_id][]=${w.west.id}`)).toBe(3);
    expect(await totalOf(agent, `filter[building_id][]=${w.east.id}`)).toBe(2);
  });

  it('two scopes asking the same query get their own totals', async () => {
    const admin = await loginAs(t.app, w.admin);
    const coach = await loginAs(t.app, w.coach);
    expect(await totalOf(admin, 'search=garcia')).toBe(3);
    await buildCoachAssignment(t.db, { districtId: w.district.id, coachId: w.coach.id, staffId: w.garcias[0]!.id });
    expect(await totalOf(coach, 'search=garcia')).toBe(3);
    expect(await totalOf(admin, 'search=garcia')).toBe(3);
  });
});
