// School staff requests, reads and new requests: GET /api/staff-request, GET /api/staff-request/candidates,
// POST /api/staff-request. Decisions and withdrawal are in staffRequestDecisions.test.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../../db/connection';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRejectsQueries, itRequiresLogin, PAGE_QUERY_ROWS } from '../../testing/checks';
import { buildStaff } from '../../testing/factories';
import { auditActions, buildWorld, insertRequest, type World } from '../../testing/staffRequests.fixture';

let t: TestApp;
let w: World;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildWorld(app.db)));
});

describe('GET /api/staff-request', () => {
  itRequiresLogin(() => t.app, 'get', '/api/staff-request');

  itRejectsQueries('/api/staff-request', () => loginAs(t.app, w.admin), [
    ['status=maybe', 'status', 'Status must be pending, approved, denied or all.'],
    ['per_page=500', 'per_page', 'Per page must be at most 100.'],
    ...PAGE_QUERY_ROWS,
  ]);

  it('403 for a coach and an educator', async () => {
    for (const user of [w.coach, w.educatorUser]) {
      const agent = await loginAs(t.app, user);
      expect((await agent.get('/api/staff-request')).status).toBe(403);
    }
  });

  it('a district admin sees every request of the district, newest first, never another district’s', async () => {
    const older = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atOak.id, buildingId: w.lincoln.id, requestedBy: w.principal.id, note: 'Math vacancy', createdAt: '2026-03-01T10:00:00.000Z' });
    const denied = await insertRequest(t.db, {
      districtId: w.districtId, staffId: w.atRiver.id, buildingId: w.oak.id, requestedBy: w.admin2.id, status: 'denied',
      decidedBy: w.admin.id, reason: 'Budget', createdAt: '2026-04-01T10:00:00.000Z',
    });
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.get('/api/staff-request');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 25, total: 2, last_page: 1 });
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([denied.id, older.id]);
    expect(res.body.data[1]).toEqual({
      id: older.id,
      status: 'pending',
      staff: { id: w.atOak.id, name: 'Owen Oakley' },
      from_building: { id: w.oak.id, name: 'Oak Hollow' },
      building: { id: w.lincoln.id, name: 'Lincoln Middle' },
      start_date: '2026-01-05',
      note: 'Math vacancy',
      requested_by: { id: w.principal.id, name: 'Marcus Principal' },
      requested_at: '2026-03-01T10:00:00.000Z',
      decided_by: null,
      decided_at: null,
      decision_reason: null,
    });
    expect(res.body.data[0]).toMatchObject({
      status: 'denied', decided_by: { id: w.admin.id, name: 'Dana Admin' }, decided_at: '2026-04-01T10:00:00.000Z', decision_reason: 'Budget',
      from_building: { id: w.river.id, name: 'Riverside' },
    });
  });

  it('filters by status and pages', async () => {
    for (let i = 0; i < 3; i++) {
      await insertRequest(t.db, { districtId: w.districtId, staffId: w.atOak.id, buildingId: w.lincoln.id, requestedBy: w.principal.id, status: 'denied', createdAt: `2026-02-0${i + 1}T00:00:00.000Z` });
    }
    const pending = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atOak.id, buildingId: w.lincoln.id, requestedBy: w.principal.id });
    const agent = await loginAs(t.app, w.admin);
    const onlyPending = await agent.get('/api/staff-request?status=pending');
    expect(onlyPending.body.data.map((r: { id: number }) => r.id)).toEqual([pending.id]);
    const page2 = await agent.get('/api/staff-request?status=denied&per_page=2&page=2');
    expect(page2.body.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.data[0].requested_at).toBe('2026-02-01T00:00:00.000Z');
    expect((await agent.get('/api/staff-request?status=approved')).body.data).toEqual([]);
  });

  it('a principal sees requests for their schools and the ones they made, nothing else', async () => {
    const forLincoln = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atOak.id, buildingId: w.lincoln.id, requestedBy: w.admin.id });
    const madeByThem = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atRiver.id, buildingId: w.oak.id, requestedBy: w.principal.id });
    await insertRequest(t.db, { districtId: w.districtId, staffId: w.atLincoln.id, buildingId: w.river.id, requestedBy: w.riverPrincipal.id });
    const agent = await loginAs(t.app, w.principal);
    const res = await agent.get('/api/staff-request');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: number }) => r.id).sort()).toEqual([forLincoln.id, madeByThem.id].sort());
    expect(res.body.meta.total).toBe(2);
  });
});

describe('GET /api/staff-request/candidates', () => {
  itRequiresLogin(() => t.app, 'get', '/api/staff-request/candidates');

  it('422 for a search that is too long', async () => {
    const agent = await loginAs(t.app, w.principal);
    const res = await agent.get(`/api/staff-request/candidates?search=${'x'.repeat(101)}`);
    expectFieldError(res, 'search', 'Search must be at most 100 characters.');
  });

  it('403 for a coach and an educator', async () => {
    for (const user of [w.coach, w.educatorUser]) {
      const agent = await loginAs(t.app, user);
      expect((await agent.get('/api/staff-request/candidates')).status).toBe(403);
    }
  });

  it('a principal gets active educators of other schools only, with minimal fields', async () => {
    const agent = await loginAs(t.app, w.principal);
    const res = await agent.get('/api/staff-request/candidates');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: w.atOak.id, name: 'Owen Oakley', building: { id: w.oak.id, name: 'Oak Hollow' } },
      { id: w.atRiver.id, name: 'Rosa Rivers', building: { id: w.river.id, name: 'Riverside' } },
    ]);
  });

  it('searches by name, email and employee id', async () => {
    const agent = await loginAs(t.app, w.principal);
    for (const search of ['owen', 'OAKLEY', 'owen oak', 'owen@example', 'emp-777']) {
      const res = await agent.get('/api/staff-request/candidates').query({ search });
      expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([w.atOak.id]);
    }
    expect((await agent.get('/api/staff-request/candidates').query({ search: 'lina' })).body.data).toEqual([]);
    expect((await agent.get('/api/staff-request/candidates').query({ search: '%' })).body.data).toEqual([]);
    // Through the educator index: a 1- or 2-letter word matches the start of a word only.
    const ids = async (search: string) => (await agent.get('/api/staff-request/candidates').query({ search })).body.data.map((c: { id: number }) => c.id);
    expect(await ids('ro')).toEqual([w.atRiver.id]);
    expect(await ids('wen')).toEqual([w.atOak.id]);
    expect(await ids('we')).toEqual([]);
  });

  it('never names another district\'s school, even if a history row points at one (candidates and request list)', async () => {
    const odd = await buildStaff(t.db, { districtId: w.districtId, buildingId: w.otherBuilding.id, firstName: 'Odd', lastName: 'Row', startDate: '2020-08-15' });
    await insertRequest(t.db, { districtId: w.districtId, staffId: odd.id, buildingId: w.lincoln.id, requestedBy: w.admin2.id });
    const agent = await loginAs(t.app, w.admin);
    const candidates = await agent.get('/api/staff-request/candidates').query({ search: 'odd' });
    expect(candidates.body.data).toEqual([{ id: odd.id, name: 'Odd Row', building: null }]);
    const list = await agent.get('/api/staff-request');
    expect(list.body.data[0]).toMatchObject({ staff: { id: odd.id }, from_building: null });
    expect(JSON.stringify([candidates.body, list.body])).not.toContain('Cedar High');
  });

  it('a district admin gets every active educator of the district, at most 20', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.get('/api/staff-request/candidates');
    expect(res.body.data.map((c: { id: number }) => c.id).sort()).toEqual([w.atLincoln.id, w.atOak.id, w.atRiver.id].sort());
    for (let i = 0; i < 20; i++) await buildStaff(t.db, { districtId: w.districtId, buildingId: w.oak.id });
    expect((await agent.get('/api/staff-request/candidates')).body.data).toHaveLength(20);
  });
});

describe('POST /api/staff-request', () => {
  const body = () => ({ staff_id: w.atOak.id, building_id: w.lincoln.id, start_date: '2026-12-01', note: 'Covering a math vacancy.' });

  itRequiresLogin(() => t.app, 'post', '/api/staff-request', body);

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.principal);
    expect((await agent.post('/api/staff-request').set('X-Requested-With', 'XMLHttpRequest').send(body())).status).toBe(419);
  });

  it.each([
    [{ staff_id: undefined }, 'staff_id', 'Educator is required.'],
    [{ staff_id: 'abc' }, 'staff_id', 'Educator is required.'],
    [{ building_id: undefined }, 'building_id', 'School is required.'],
    [{ start_date: undefined }, 'start_date', 'Start date is required.'],
    [{ start_date: '2026-02-30' }, 'start_date', 'Start date must be a date (YYYY-MM-DD).'],
    [{ note: 'x'.repeat(1001) }, 'note', 'Note must be at most 1000 characters.'],
  ])('422 for %j', async (patch, field, message) => {
    const agent = await loginAs(t.app, w.principal);
    const res = await agent.post('/api/staff-request').set(csrfHeaders(agent)).send({ ...body(), ...patch });
    expectFieldError(res, field, message);
    expect(await t.db.selectFrom('building_history_requests').select('id').where('district_id', '=', w.districtId).execute()).toEqual([]);
  });

  it('422 when a principal picks a school that is not theirs', async () => {
    const agent = await loginAs(t.app, w.principal);
    for (const building_id of [w.river.id, w.otherBuilding.id]) {
      const res = await agent.post('/api/staff-request').set(csrfHeaders(agent)).send({ ...body(), staff_id: w.atOak.id, building_id });
      expectFieldError(res, 'building_id', 'Choose one of your schools.');
    }
  });

  it('422 when a district admin picks an archived school or another district’s', async () => {
    await t.db.updateTable('buildings').set({ deleted_at: nowIso() }).where('id', '=', w.river.id).execute();
    const agent = await loginAs(t.app, w.admin);
    for (const building_id of [w.river.id, w.otherBuilding.id]) {
      const res = await agent.post('/api/staff-request').set(csrfHeaders(agent)).send({ ...body(), building_id });
      expectFieldError(res, 'building_id', 'Choose an active school of your district.');
    }
  });

  it('422 for an inactive educator or one of another district (never revealed)', async () => {
    const agent = await loginAs(t.app, w.principal);
    for (const staff_id of [w.inactive.id, w.otherStaff.id, 999999]) {
      const res = await agent.post('/api/staff-request').set(csrfHeaders(agent)).send({ ...body(), staff_id });
      expectFieldError(res, 'staff_id', 'Choose an active educator of your district.');
    }
  });

  it('422 when the educator already works at that school', async () => {
    const agent = await loginAs(t.app, w.principal);
    const res = await agent.post('/api/staff-request').set(csrfHeaders(agent)).send({ ...body(), staff_id: w.atLincoln.id });
    expectFieldError(res, 'staff_id', 'Lina Local already works at Lincoln Middle.');
  });

  it('422 when a request for the same educator and school is pending', async () => {
    await insertRequest(t.db, { districtId: w.districtId, staffId: w.atOak.id, buildingId: w.lincoln.id, requestedBy: w.admin.id });
    const agent = await loginAs(t.app, w.principal);
    const res = await agent.post('/api/staff-request').set(csrfHeaders(agent)).send(body());
    expectFieldError(res, 'staff_id', 'A request for this educator is already pending.');
  });

  it('422 when the start date is on or before the start at their current school', async () => {
    const agent = await loginAs(t.app, w.principal);
    for (const start_date of ['2020-08-15', '2019-01-01']) {
      const res = await agent.post('/api/staff-request').set(csrfHeaders(agent)).send({ ...body(), start_date });
      expectFieldError(res, 'start_date', 'Start date must be after 2020-08-15, when Owen Oakley started at Oak Hollow.');
    }
  });

  it('403 for a coach and an educator', async () => {
    for (const user of [w.coach, w.educatorUser]) {
      const agent = await loginAs(t.app, user);
      expect((await agent.post('/api/staff-request').set(csrfHeaders(agent)).send(body())).status).toBe(403);
    }
  });

  it('201: a principal asks for an educator of another school; history is untouched until approval', async () => {
    const agent = await loginAs(t.app, w.principal);
    const res = await agent.post('/api/staff-request').set(csrfHeaders(agent)).send({ ...body(), note: '  Covering a math vacancy.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      staff: { id: w.atOak.id, name: 'Owen Oakley' },
      from_building: { id: w.oak.id, name: 'Oak Hollow' },
      building: { id: w.lincoln.id, name: 'Lincoln Middle' },
      start_date: '2026-12-01',
      note: 'Covering a math vacancy.',
      requested_by: { id: w.principal.id, name: 'Marcus Principal' },
      decided_by: null,
      decided_at: null,
      decision_reason: null,
    });
    const row = await t.db.selectFrom('building_history_requests').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ district_id: w.districtId, staff_id: w.atOak.id, building_id: w.lincoln.id, status: 'pending', requested_by: w.principal.id, note: 'Covering a math vacancy.' });
    expect(res.body.requested_at).toBe(row.created_at);
    const history = await t.db.selectFrom('staff_buildings').select(['building_id', 'end_date']).where('staff_id', '=', w.atOak.id).execute();
    expect(history).toEqual([{ building_id: w.oak.id, end_date: null }]);
    expect(await auditActions(t.db, res.body.id)).toEqual([
      expect.objectContaining({ action: 'staff_request_created', actor_id: w.principal.id, district_id: w.districtId }),
    ]);
  });

  it('201: a district admin may ask for any active school, without a note', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post('/api/staff-request').set(csrfHeaders(agent)).send({ staff_id: w.atLincoln.id, building_id: w.river.id, start_date: '2026-12-01' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ note: null, building: { id: w.river.id }, from_building: { id: w.lincoln.id } });
  });
});
