// The educators list's total is counted once per list query, and a search's matches are read from the
// index once, both kept while the `staff` change version (and, for totals, the day) stand
// (server/features/staff/queries.ts): every kind of write changes the next answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../../db/connection';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
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
  ({ t, w } = await appWith((app) => world(app.db)));
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

describe('GET /api/staff?search= after writes (kept matches)', () => {
  const names = (res: { body: { data: { first_name: string; last_name: string }[] } }) => res.body.data.map((r) => `${r.first_name} ${r.last_name}`);

  it('a rename changes the matches and their ranking on the next search', async () => {
    const agent = await loginAs(t.app, w.admin);
    const ashlee = await buildStaff(t.db, { districtId: w.district.id, buildingId: w.east.id, firstName: 'Ashlee', lastName: 'Fox' });
    await buildStaff(t.db, { districtId: w.district.id, buildingId: w.east.id, firstName: 'Lee', lastName: 'Ross' });
    expect(names(await agent.get('/api/staff?search=lee'))).toEqual(['Lee Ross', 'Ashlee Fox']);
    await t.db.updateTable('staff').set({ first_name: 'Ann', last_name: 'Lee' }).where('id', '=', ashlee.id).execute();
    expect(names(await agent.get('/api/staff?search=lee'))).toEqual(['Ann Lee', 'Lee Ross']);
    await t.db.updateTable('staff').set({ first_name: 'Ann', last_name: 'Fox' }).where('id', '=', ashlee.id).execute();
    expect(names(await agent.get('/api/staff?search=lee'))).toEqual(['Lee Ross']);
  });

  it('paging, sorting and filtering one search agree with each other', async () => {
    const agent = await loginAs(t.app, w.admin);
    const all = names(await agent.get('/api/staff?search=an&per_page=100'));
    const pages = [
      ...names(await agent.get('/api/staff?search=an&per_page=2&page=1')),
      ...names(await agent.get('/api/staff?search=an&per_page=2&page=2')),
      ...names(await agent.get('/api/staff?search=an&per_page=2&page=3')),
    ];
    expect(pages).toEqual(all.slice(0, 6));
    expect(names(await agent.get('/api/staff?search=an&sort=-last_name&per_page=100'))).toEqual([...all].reverse());
    expect(names(await agent.get(`/api/staff?search=an&filter[building_id][]=${w.west.id}&per_page=100`))).toEqual([]);
    expect(names(await agent.get(`/api/staff?search=an&filter[building_id][]=${w.east.id}&per_page=100`))).toEqual(all);
  });

  it('another district searching the same word gets its own educators', async () => {
    const other = await buildDistrict(t.db);
    const otherAdmin = await buildUser(t.db, { role: 'district-admin', districtId: other.id });
    await buildStaff(t.db, { districtId: other.id, firstName: 'Rosa', lastName: 'Garcia' });
    const mine = await loginAs(t.app, w.admin);
    const theirs = await loginAs(t.app, otherAdmin);
    expect(names(await mine.get('/api/staff?search=garcia'))).toEqual(['Ana0 Garcia', 'Ana1 Garcia', 'Ana2 Garcia']);
    expect(names(await theirs.get('/api/staff?search=garcia'))).toEqual(['Rosa Garcia']);
    expect(names(await mine.get('/api/staff?search=garcia'))).toEqual(['Ana0 Garcia', 'Ana1 Garcia', 'Ana2 Garcia']);
  });

  it('a search of many matches in name order (the name index walked) pages like any other', async () => {
    const now = '2026-01-01T00:00:00.000Z';
    const rows = Array.from({ length: 1_100 }, (_, i) => ({
      district_id: w.district.id, first_name: 'Al', last_name: `Z${String(i).padStart(4, '0')}`, email: null, employee_id: null,
      position: null, grade_levels: '[]', subjects: '[]', hire_date: null, status: 'active' as const, user_id: null, created_at: now, updated_at: now,
    }));
    const ids = (await t.db.insertInto('staff').values(rows).returning('id').execute()).map((r) => r.id);
    await t.db.insertInto('staff_buildings').values(ids.map((id) => ({
      district_id: w.district.id, staff_id: id, building_id: w.west.id, start_date: '2020-01-01', end_date: null, created_at: now,
    }))).execute();
    const agent = await loginAs(t.app, w.admin);
    const first = await agent.get('/api/staff?search=a&per_page=25');
    expect(first.body.meta.total).toBe(1_103);
    expect(names(first)).toEqual(['Ana0 Garcia', 'Ana1 Garcia', 'Ana2 Garcia', ...rows.slice(0, 22).map((r) => `Al ${r.last_name}`)]);
    const tenth = await agent.get('/api/staff?search=a&per_page=25&page=10');
    expect(names(tenth)).toEqual(rows.slice(222, 247).map((r) => `Al ${r.last_name}`));
    const last = await agent.get('/api/staff?search=a&per_page=100&page=12');
    expect(names(last)).toEqual(rows.slice(1_097).map((r) => `Al ${r.last_name}`));
  });

  it('searches running while educators change answer either before or after each change, never a mix', async () => {
    const agent = await loginAs(t.app, w.admin);
    const okafors = await t.db.selectFrom('staff').select('id').where('last_name', '=', 'Okafor').execute();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => agent.get('/api/staff?search=garcia')),
      t.db.updateTable('staff').set({ last_name: 'Garcia' }).where('id', '=', okafors[0]!.id).execute(),
      ...Array.from({ length: 6 }, () => agent.get('/api/staff?search=garcia&sort=-last_name')),
      t.db.updateTable('staff').set({ last_name: 'Garcia' }).where('id', '=', okafors[1]!.id).execute(),
      ...Array.from({ length: 6 }, () => agent.get('/api/staff?search=gar')),
    ]);
    for (const res of answers) {
      if (!('status' in res)) continue;
      expect(res.status).toBe(200);
      expect([3, 4, 5]).toContain(res.body.meta.total);
      expect(res.body.data).toHaveLength(res.body.meta.total);
    }
    expect((await agent.get('/api/staff?search=garcia')).body.meta.total).toBe(5);
  });
});
