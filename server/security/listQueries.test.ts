// Findings 6 and 8 of the security issue: list filters respect the caller's scope, and paging and
// numeric query parameters are validated for every list (never a 500).
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_PAGE } from '../http/pagination';
import { createTestApp, loginAs, type TestApp } from '../testing/app';
import { buildBuilding, buildCoachAssignment, buildStaff, buildUser } from '../testing/factories';
import { buildGroupsWorld, insertGroup } from '../testing/groups.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('finding 6: filters answer only what the caller’s scope shows', () => {
  async function world() {
    const w = await buildGroupsWorld(t.db);
    // An educator at another school of the same district, in a group of their own and in Math PLC.
    const elsewhere = await buildBuilding(t.db, w.district.id);
    const hidden = await buildStaff(t.db, { districtId: w.district.id, buildingId: elsewhere.id, firstName: 'Hal', lastName: 'Hidden' });
    await insertGroup(t.db, w.district.id, { name: 'Hidden Circle', items: [{ itemId: hidden.id }] });
    await t.db.insertInto('group_items').values({ group_id: w.group.id, item_id: hidden.id, start_date: '2025-08-18T05:00:00.000Z', end_date: null }).execute();
    return { ...w, hidden };
  }
  const names = (body: { data: { name: string }[] }) => body.data.map((g) => g.name);

  it('GET /api/group?staff_id= of an educator the principal cannot see answers no groups (as for an unknown id)', async () => {
    const w = await world();
    for (const user of [w.principal, w.coach]) {
      const agent = await loginAs(t.app, user);
      expect((await agent.get(`/api/staff/${w.hidden.id}`)).status).toBe(404);
      const res = await agent.get(`/api/group?status=all&staff_id=${w.hidden.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [] });
      const unknown = await agent.get('/api/group?status=all&staff_id=987654');
      expect(unknown.body).toEqual({ data: [] });
    }
  });

  it('the staff_id filter still works for educators in scope, and the district admin sees every match', async () => {
    const w = await world();
    const principal = await loginAs(t.app, w.principal);
    expect(names((await principal.get(`/api/group?status=all&staff_id=${w.ben.id}`)).body)).toEqual(['Math PLC']);
    const admin = await loginAs(t.app, w.admin);
    expect(names((await admin.get(`/api/group?status=all&staff_id=${w.hidden.id}`)).body)).toEqual(['Hidden Circle', 'Math PLC']);
  });

  /** The world plus a second coach whose caseload holds Ben and the educator the principal may not see. */
  async function withSecondCoach() {
    const w = await world();
    const coach2 = await buildUser(t.db, { role: 'coach', districtId: w.district.id, buildingIds: [w.building.id] });
    await buildCoachAssignment(t.db, { districtId: w.district.id, coachId: coach2.id, staffId: w.hidden.id });
    await buildCoachAssignment(t.db, { districtId: w.district.id, coachId: coach2.id, staffId: w.ben.id });
    return { w, coach2 };
  }

  it('GET /api/staff filters by coach and group answer only educators in scope', async () => {
    const { w, coach2 } = await withSecondCoach();
    const principal = await loginAs(t.app, w.principal);
    const byCoach = await principal.get(`/api/staff?filter[coach_id][]=${coach2.id}`);
    expect(byCoach.body.data.map((s: { id: number }) => s.id)).toEqual([w.ben.id]);
    const byGroup = await principal.get(`/api/staff?filter[group_id][]=${w.group.id}&filter[status]=all`);
    expect(byGroup.body.data.map((s: { id: number }) => s.id).sort()).toEqual([w.ana.id, w.ben.id].sort());
  });

  it('a coach’s caseload lists only educators the caller may see', async () => {
    const { w, coach2 } = await withSecondCoach();
    const principal = await loginAs(t.app, w.principal);
    const res = await principal.get(`/api/coach/${coach2.id}`);
    expect(res.status).toBe(200);
    expect(res.body.caseload.map((c: { staff: { id: number } }) => c.staff.id)).toEqual([w.ben.id]);
  });
});

describe('finding 8: page, per_page and numeric query parameters are validated on every list', () => {
  const lists = ['/api/staff', '/api/user', '/api/staff-request'];

  it.each(lists)('%s answers 422 naming the field for huge or malformed pages, never a 500', async (path) => {
    const admin = await buildUser(t.db, { role: 'district-admin' });
    const agent = await loginAs(t.app, admin);
    const cases: [string, string, string][] = [
      ['page=1e20', 'page', 'Page must be a whole number.'],
      ['per_page=100&page=1e17', 'page', 'Page must be a whole number.'],
      ['per_page=100&page=100000000000000000', 'page', `Page must be at most ${MAX_PAGE}.`],
      ['page=99999999999999999999', 'page', `Page must be at most ${MAX_PAGE}.`],
      [`page=${MAX_PAGE + 1}`, 'page', `Page must be at most ${MAX_PAGE}.`],
      ['page=0x10', 'page', 'Page must be a whole number.'],
      ['page=2.5', 'page', 'Page must be a whole number.'],
      ['page=-3', 'page', 'Page must be a whole number.'],
      ['page[]=1', 'page', 'Page must be a whole number.'],
      ['per_page=1e2', 'per_page', 'Per page must be a whole number.'],
      ['per_page=101', 'per_page', 'Per page must be at most 100.'],
    ];
    for (const [qs, field, message] of cases) {
      const res = await agent.get(`${path}?${qs}`);
      expect(res.status, `${path}?${qs}`).toBe(422);
      expect(res.body.errors[field], `${path}?${qs}`).toEqual([message]);
    }
    const last = await agent.get(`${path}?page=${MAX_PAGE}&per_page=100`);
    expect(last.status).toBe(200);
    expect(last.body.data).toEqual([]);
  });

  it('ids in filters are refused when they are not whole numbers within range', async () => {
    const admin = await buildUser(t.db, { role: 'district-admin' });
    const agent = await loginAs(t.app, admin);
    for (const qs of ['filter[building_id][]=1e20', 'filter[coach_id][]=99999999999999999999', 'filter[group_id][]=-1']) {
      const res = await agent.get(`/api/staff?${qs}`);
      expect(res.status, qs).toBe(422);
    }
    for (const qs of ['staff_id=1e20', 'staff_id=99999999999999999999', 'staff_id=0x10']) {
      const res = await agent.get(`/api/group?${qs}`);
      expect(res.status, qs).toBe(422);
      expect(res.body.errors.staff_id).toEqual(['Educator must be a whole number.']);
    }
  });
});
