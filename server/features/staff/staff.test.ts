// GET /api/staff: search, every filter and sort, pagination meta, and the scope of every role.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { appWith, loginAs, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { staffWorld, type StaffWorld, userWithoutPermissions } from '../../testing/staff.fixture';

let t: TestApp;
let w: StaffWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(staffWorld));
});

const lastNames = (res: { body: { data: { last_name: string }[] } }) => res.body.data.map((s) => s.last_name);

async function listAs(user: Parameters<typeof loginAs>[1], query = '') {
  const agent = await loginAs(t.app, user);
  return agent.get(`/api/staff${query ? `?${query}` : ''}`);
}

describe('GET /api/staff', () => {
  it('401 without login', async () => {
    const res = await request(t.app).get('/api/staff');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthenticated');
  });

  it.each([
    ['sort=shoe_size', 'sort', 'Sort must be one of last_name, -last_name, first_name, -first_name, hire_date, -hire_date, building, -building, created_at, -created_at.'],
    ['filter[status]=retired', 'filter.status', 'Status must be active, inactive or all.'],
    ['filter[status][]=all', 'filter.status', 'Status must be active, inactive or all.'],
    ['filter[building_id][]=north', 'filter.building_id', 'School must be a school ID.'],
    ['filter[building_id]=0', 'filter.building_id', 'School must be a school ID.'],
    ['filter[position]=Wizard', 'filter.position', 'Choose a position from the list.'],
    ['filter[grade_level][]=13', 'filter.grade_level', 'Choose grade levels from PK, K and 1–12.'],
    ['filter[subject]=Alchemy', 'filter.subject', 'Choose subjects from the list.'],
    ['filter[group_id]=x', 'filter.group_id', 'Group must be a group ID.'],
    ['filter[coach_id]=-1', 'filter.coach_id', 'Coach must be a coach ID.'],
    ['filter[shoe_size]=9', 'filter', 'Unknown filter: shoe_size. Filters are building_id, position, grade_level, subject, status, group_id and coach_id.'],
    ['filter=active', 'filter', 'Filters must be written as filter[name]=value.'],
    [`search=${'a'.repeat(101)}`, 'search', 'Search must be at most 100 characters.'],
    ['search[]=a', 'search', 'Search must be text.'],
    ['page=0', 'page', 'Page must be at least 1.'],
    ['per_page=101', 'per_page', 'Per page must be at most 100.'],
  ])('422 for %s names %s', async (query, field, message) => {
    const res = await listAs(w.admin, query);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('403 for a district user without see educators, and for provider staff', async () => {
    expect((await listAs(await userWithoutPermissions(t, w.district.id))).status).toBe(403);
    const res = await listAs(await buildUser(t.db, { role: 'provider-admin' }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This area is for district accounts.');
  });

  describe('scope', () => {
    it('a district administrator sees every active educator of the district, none of another district', async () => {
      expect(lastNames(await listAs(w.admin))).toEqual(['Adams', 'Ellis', 'Garcia', 'Nguyen']);
      const cedar = await listAs(w.cedarAdmin, 'filter[status]=all');
      expect(cedar.body.data.map((s: { id: number }) => s.id)).toEqual([w.cedarStaff.id]);
    });

    it('a principal never sees another school\'s educators (nor one who moved away), whatever the filters', async () => {
      expect(lastNames(await listAs(w.principal))).toEqual(['Ellis', 'Nguyen']);
      expect(lastNames(await listAs(w.principal, `filter[building_id][]=${w.south.id}&filter[status]=all`))).toEqual([]);
      expect(lastNames(await listAs(w.principal, 'search=garcia'))).toEqual([]);
    });

    it('a coach with see educators.building sees the educators of their schools', async () => {
      expect(lastNames(await listAs(w.coach))).toEqual(['Ellis', 'Nguyen']);
      expect(lastNames(await listAs(w.coach2, 'filter[status]=all'))).toEqual(['Adams', 'Garcia', 'Patel']);
    });

    it('an educator sees only their own profile', async () => {
      const res = await listAs(w.teacherUser, 'filter[status]=all&per_page=100');
      expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([w.jordan.id]);
      expect(res.body.meta.total).toBe(1);
    });

    it('staffLinkedToUser: an educator login sees the row linked by user_id, never an unlinked row by email alone', async () => {
      // Changing one's login email to a colleague's must not open their profile.
      const byEmail = await buildUser(t.db, { role: 'educator', districtId: w.district.id, email: 'ava.nguyen@maple.test' });
      expect((await listAs(byEmail, 'filter[status]=all')).body.data).toEqual([]);
      expect((await (await loginAs(t.app, byEmail)).get(`/api/staff/${w.ava.id}`)).status).toBe(404);
      // Jordan's row is linked by user_id even after its email changes.
      await t.db.updateTable('staff').set({ email: 'someone.else@maple.test' }).where('id', '=', w.jordan.id).execute();
      expect((await listAs(w.teacherUser)).body.data.map((s: { id: number }) => s.id)).toEqual([w.jordan.id]);
      // A login of another district with the same email sees nothing here.
      const elsewhere = await buildUser(t.db, { role: 'educator', districtId: w.cedar.id, email: 'mia.patel@maple.test' });
      expect((await listAs(elsewhere, 'filter[status]=all')).body.data).toEqual([]);
    });

    it('staffLinkedToUser: a row linked to another login is never matched by email', async () => {
      // Jordan's row is linked to the teacher's login; another login with the row's email sees nothing.
      await t.db.updateTable('staff').set({ email: 'someone.else@maple.test' }).where('id', '=', w.jordan.id).execute();
      const sameEmail = await buildUser(t.db, { role: 'educator', districtId: w.district.id, email: 'someone.else@maple.test' });
      expect((await listAs(sameEmail, 'filter[status]=all')).body.data).toEqual([]);
      expect((await (await loginAs(t.app, sameEmail)).get(`/api/staff/${w.jordan.id}`)).status).toBe(404);
    });
  });

  it('answers list items with the current school and coach, and page meta', async () => {
    const res = await listAs(w.admin);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 25, total: 4, last_page: 1 });
    const jordan = res.body.data.find((s: { id: number }) => s.id === w.jordan.id);
    expect(jordan).toEqual({
      id: w.jordan.id, first_name: 'Jordan', last_name: 'Ellis', name: 'Jordan Ellis', email: 'jordan.ellis@maple.test',
      employee_id: 'MT-100', position: 'Classroom Teacher', grade_levels: ['3'], subjects: ['Mathematics'], hire_date: '2019-08-15',
      status: 'active', building: { id: w.north.id, name: 'North Elementary' }, coach: { id: w.coach.id, name: 'Casey Coach' },
    });
    const zoe = res.body.data.find((s: { id: number }) => s.id === w.zoe.id);
    expect(zoe).toMatchObject({ building: { id: w.south.id, name: 'South Middle' }, coach: null, email: null, employee_id: null, position: null });
    expect(zoe).not.toHaveProperty('district_id');
  });

  describe('search', () => {
    it.each([
      ['jor', ['Ellis']],
      ['JORDAN ell', ['Ellis']],
      ['ellis jordan', ['Ellis']],
      ['NGUYEN', ['Nguyen']],
      ['garcia@maple', ['Garcia']],
      ['mt-1', ['Ellis']],
      ['MT_2', ['Nguyen']], // "_" is a literal, not a wildcard: MTX200 does not match
      ['%', []],
      ['nobody', []],
    ])('%s', async (search, expected) => {
      expect(lastNames(await listAs(w.admin, `search=${encodeURIComponent(search)}`))).toEqual(expected);
    });
  });

  describe('filters', () => {
    it.each<[string, (w: StaffWorld) => string, string[]]>([
      ['the current school', (w) => `filter[building_id][]=${w.north.id}`, ['Ellis', 'Nguyen']],
      ['a school given once (not as a list)', (w) => `filter[building_id]=${w.south.id}`, ['Adams', 'Garcia']],
      ['several schools', (w) => `filter[building_id][]=${w.north.id}&filter[building_id][]=${w.south.id}`, ['Adams', 'Ellis', 'Garcia', 'Nguyen']],
      ['more than 20 schools (qs then parses an object)', (w) => [w.north.id, w.south.id, ...Array.from({ length: 23 }, (_, i) => 900000 + i)].map((id) => `filter[building_id][]=${id}`).join('&'), ['Adams', 'Ellis', 'Garcia', 'Nguyen']],
      ['a school of another district', (w) => `filter[building_id][]=${w.cedarBuilding.id}`, []],
      ['position', () => 'filter[position]=Interventionist', ['Garcia']],
      ['several positions', () => 'filter[position][]=Interventionist&filter[position][]=Classroom%20Teacher', ['Ellis', 'Garcia']],
      ['grade level K', () => 'filter[grade_level]=K', ['Nguyen']],
      ['grade level 1 (not 12)', () => 'filter[grade_level]=1', ['Nguyen']],
      ['grade level 12', () => 'filter[grade_level]=12', ['Adams']],
      ['subject', () => 'filter[subject]=Mathematics', ['Ellis']],
      ['subject with inactive', () => 'filter[subject]=Mathematics&filter[status]=all', ['Ellis', 'Patel']],
      ['status inactive', () => 'filter[status]=inactive', ['Patel']],
      ['status all', () => 'filter[status]=all', ['Adams', 'Ellis', 'Garcia', 'Nguyen', 'Patel']],
      ['status active (explicit)', () => 'filter[status]=active', ['Adams', 'Ellis', 'Garcia', 'Nguyen']],
      ['group', (w) => `filter[group_id]=${w.group.id}`, ['Ellis', 'Garcia']],
      ['a deactivated group', (w) => `filter[group_id][]=${w.oldGroup.id}`, ['Ellis']],
      ['a group of another district', (w) => `filter[group_id]=${w.cedarGroup.id}`, []],
      ['coach: the current caseload only', (w) => `filter[coach_id]=${w.coach.id}`, ['Ellis']],
      ['another coach', (w) => `filter[coach_id][]=${w.coach2.id}`, ['Garcia']],
      ['search and school together', (w) => `filter[building_id][]=${w.north.id}&search=ava`, ['Nguyen']],
      ['empty values are ignored', () => 'filter[position]=&search=', ['Adams', 'Ellis', 'Garcia', 'Nguyen']],
    ])('%s', async (_name, query, expected) => {
      const res = await listAs(w.admin, query(w));
      expect(res.status).toBe(200);
      expect(lastNames(res)).toEqual(expected);
      expect(res.body.meta.total).toBe(expected.length);
    });

    it('a school filter follows a move effective in the future: the old school until the day it takes effect', async () => {
      await t.db.updateTable('staff_buildings').set({ end_date: '2999-12-31' }).where('staff_id', '=', w.ava.id).execute();
      await t.db.insertInto('staff_buildings').values({
        district_id: w.district.id, staff_id: w.ava.id, building_id: w.south.id, start_date: '3000-01-01', end_date: null, created_at: '2026-01-01T00:00:00.000Z',
      }).execute();
      expect(lastNames(await listAs(w.admin, `filter[building_id][]=${w.north.id}`))).toEqual(['Ellis', 'Nguyen']);
      expect(lastNames(await listAs(w.admin, `filter[building_id][]=${w.south.id}`))).toEqual(['Adams', 'Garcia']);
    });
  });

  describe('sort', () => {
    it.each([
      ['last_name', ['Adams', 'Ellis', 'Garcia', 'Nguyen', 'Patel']],
      ['-last_name', ['Patel', 'Nguyen', 'Garcia', 'Ellis', 'Adams']],
      ['first_name', ['Nguyen', 'Ellis', 'Garcia', 'Patel', 'Adams']],
      ['-first_name', ['Adams', 'Patel', 'Garcia', 'Ellis', 'Nguyen']],
      ['hire_date', ['Patel', 'Garcia', 'Ellis', 'Nguyen', 'Adams']],
      ['-hire_date', ['Nguyen', 'Ellis', 'Garcia', 'Patel', 'Adams']],
      ['building', ['Ellis', 'Nguyen', 'Adams', 'Garcia', 'Patel']],
      ['-building', ['Adams', 'Garcia', 'Patel', 'Ellis', 'Nguyen']],
      ['created_at', ['Ellis', 'Nguyen', 'Garcia', 'Patel', 'Adams']],
      ['-created_at', ['Adams', 'Patel', 'Garcia', 'Nguyen', 'Ellis']],
    ])('%s', async (sort, expected) => {
      expect(lastNames(await listAs(w.admin, `filter[status]=all&sort=${sort}`))).toEqual(expected);
    });

    it('educators without a current school come last when sorting by school', async () => {
      await t.db.updateTable('staff_buildings').set({ end_date: '2020-01-01' }).where('staff_id', '=', w.ava.id).execute();
      expect(lastNames(await listAs(w.admin, 'sort=building'))).toEqual(['Ellis', 'Adams', 'Garcia', 'Nguyen']);
      expect(lastNames(await listAs(w.admin, 'sort=-building'))).toEqual(['Adams', 'Garcia', 'Ellis', 'Nguyen']);
    });
  });

  describe('pagination', () => {
    it('pages through the result with meta', async () => {
      const agent = await loginAs(t.app, w.admin);
      const pages = [];
      for (const page of [1, 2, 3]) {
        const res = await agent.get(`/api/staff?filter[status]=all&per_page=2&page=${page}`);
        expect(res.body.meta).toEqual({ page, per_page: 2, total: 5, last_page: 3 });
        pages.push(lastNames(res));
      }
      expect(pages).toEqual([['Adams', 'Ellis'], ['Garcia', 'Nguyen'], ['Patel']]);
      const past = await agent.get('/api/staff?filter[status]=all&per_page=2&page=9');
      expect(past.body).toEqual({ data: [], meta: { page: 9, per_page: 2, total: 5, last_page: 3 } });
    });

    it('pages through a search with the same meta, also past the last page', async () => {
      const agent = await loginAs(t.app, w.admin);
      const first = await agent.get('/api/staff?search=maple.test&per_page=2');
      expect(first.body.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
      expect(lastNames(first)).toEqual(['Ellis', 'Garcia']);
      const second = await agent.get('/api/staff?search=maple.test&per_page=2&page=2');
      expect(second.body.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
      expect(lastNames(second)).toEqual(['Nguyen']);
      expect(second.body.data[0]).not.toHaveProperty('total');
      const past = await agent.get('/api/staff?search=maple.test&per_page=2&page=5');
      expect(past.body).toEqual({ data: [], meta: { page: 5, per_page: 2, total: 3, last_page: 2 } });
    });

    it('an empty result still answers last_page 1', async () => {
      const res = await listAs(w.admin, 'search=nobody');
      expect(res.body).toEqual({ data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } });
    });
  });
});
