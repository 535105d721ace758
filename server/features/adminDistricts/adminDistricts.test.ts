// GET /api/admin/district and GET /api/admin/district/{id} (the actions and suspension: districtActions.test.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../../db/connection';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { itRejectsQueries, itRequiresLogin, PAGE_QUERY_ROWS, SEARCH_QUERY_ROWS } from '../../testing/checks';
import { buildDistrict, buildUser } from '../../testing/factories';
import { type AdminDistrictsWorld, buildAdminDistrictsWorld } from './adminDistricts.fixture';

let t: TestApp;
let w: AdminDistrictsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildAdminDistrictsWorld(app.db)));
});

const names = (body: { data: { name: string }[] }) => body.data.map((d) => d.name);

describe('GET /api/admin/district', () => {
  itRequiresLogin(() => t.app, 'get', '/api/admin/district');

  itRejectsQueries('/api/admin/district', () => loginAs(t.app, w.support), [
    ['sort=size', 'sort', 'Sort must be one of name, -name, created, -created, users, -users, educators, -educators, last_activity, -last_activity, trial_end, -trial_end.'],
    ['filter[status]=paused', 'filter.status', 'Status must be trial, active or suspended.'],
    ['filter[state]=ZZ', 'filter.state', 'State must be a US state code.'],
    ['filter[plan]=Pro%20Plan', 'filter.plan', 'Plan must be a plan key.'],
    ['filter[plan][]=a&filter[plan][]=b', 'filter.plan', 'Plan must be a plan key.'],
    ['filter[color]=red', 'filter', 'Unknown filter: color. Filters are plan, status and state.'],
    ['filter=x', 'filter', 'Filters must be written as filter[name]=value.'],
    ...SEARCH_QUERY_ROWS,
    ...PAGE_QUERY_ROWS,
  ]);

  it('403 for district users (a district administrator too)', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.get('/api/admin/district');
    expect(res.status).toBe(403);
  });

  it('lists every district by name with plan, status, counts and last activity (provider support may read)', async () => {
    const agent = await loginAs(t.app, w.support);
    const res = await agent.get('/api/admin/district');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Birch Bay Schools', 'Cedar Falls Community', 'Maple Grove Unified']);
    const maple = res.body.data.find((d: { id: number }) => d.id === w.maple.id);
    expect(maple).toEqual({
      id: w.maple.id, name: 'Maple Grove Unified', slug: w.maple.slug, state: 'IL', status: 'active',
      plan: { id: w.maple.plan_id, key: 'professional', name: 'Professional' }, seats: 5, trial_ends_at: null,
      created_at: '2025-09-01T10:00:00.000Z',
      users: 4, schools: 2, educators: 4, last_activity_at: '2026-04-01T12:00:00.000Z', deletion_due_at: null,
    });
    const birch = res.body.data.find((d: { id: number }) => d.id === w.birch.id);
    expect(birch).toMatchObject({ users: 0, schools: 0, educators: 0, last_activity_at: null });
    expect(res.body.meta).toMatchObject({ page: 1, per_page: 25, total: 3, last_page: 1 });
    expect(res.body.meta.plans.map((p: { key: string }) => p.key)).toEqual(['essentials', 'professional', 'enterprise']);
  });

  it('searches name, slug and state', async () => {
    const agent = await loginAs(t.app, w.providerAdmin);
    expect(names((await agent.get('/api/admin/district?search=maple')).body)).toEqual(['Maple Grove Unified']);
    expect(names((await agent.get(`/api/admin/district?search=${w.cedar.slug}`)).body)).toEqual(['Cedar Falls Community']);
    expect(names((await agent.get('/api/admin/district?search=WA')).body)).toEqual(['Birch Bay Schools']);
    expect(names((await agent.get('/api/admin/district?search=%25_')).body)).toEqual([]);
  });

  it('searches through the district index: every word must match, short words match word starts, renames are found', async () => {
    const agent = await loginAs(t.app, w.providerAdmin);
    const search = async (term: string) => names((await agent.get(`/api/admin/district?search=${encodeURIComponent(term)}`)).body);
    expect(await search('grove maple')).toEqual(['Maple Grove Unified']);
    expect(await search('maple cedar')).toEqual([]);
    expect(await search('ro')).toEqual([]); // not the start of a word ("Grove")
    expect(await search('gr')).toEqual(['Maple Grove Unified']);
    expect(await search('"maple')).toEqual([]); // characters are never query syntax
    await t.db.updateTable('districts').set({ name: 'Juniper Ridge Unified', slug: 'juniper-ridge' }).where('id', '=', w.maple.id).execute();
    expect(await search('maple')).toEqual([]);
    expect(await search('junip')).toEqual(['Juniper Ridge Unified']);
  });

  it('filters by plan, status and state', async () => {
    const agent = await loginAs(t.app, w.providerAdmin);
    expect(names((await agent.get('/api/admin/district?filter[plan]=essentials')).body)).toEqual(['Cedar Falls Community']);
    expect(names((await agent.get('/api/admin/district?filter[status]=trial')).body)).toEqual(['Cedar Falls Community']);
    expect(names((await agent.get('/api/admin/district?filter[state]=il')).body)).toEqual(['Maple Grove Unified']);
    expect(names((await agent.get('/api/admin/district?filter[status]=active&filter[plan]=enterprise')).body)).toEqual(['Birch Bay Schools']);
    expect(names((await agent.get('/api/admin/district?filter[plan]=nothing')).body)).toEqual([]);
  });

  it.each([
    ['name', ['Birch Bay Schools', 'Cedar Falls Community', 'Maple Grove Unified']],
    ['-name', ['Maple Grove Unified', 'Cedar Falls Community', 'Birch Bay Schools']],
    ['created', ['Maple Grove Unified', 'Cedar Falls Community', 'Birch Bay Schools']],
    ['-created', ['Birch Bay Schools', 'Cedar Falls Community', 'Maple Grove Unified']],
    ['-users', ['Maple Grove Unified', 'Cedar Falls Community', 'Birch Bay Schools']],
    ['users', ['Birch Bay Schools', 'Cedar Falls Community', 'Maple Grove Unified']],
    ['-educators', ['Maple Grove Unified', 'Cedar Falls Community', 'Birch Bay Schools']],
    ['-last_activity', ['Maple Grove Unified', 'Cedar Falls Community', 'Birch Bay Schools']],
    ['last_activity', ['Cedar Falls Community', 'Maple Grove Unified', 'Birch Bay Schools']],
    ['trial_end', ['Cedar Falls Community', 'Birch Bay Schools', 'Maple Grove Unified']],
  ])('sorts by %s (empty values last, ties by name)', async (sort, expected) => {
    const agent = await loginAs(t.app, w.providerAdmin);
    const res = await agent.get(`/api/admin/district?sort=${sort}`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(expected);
  });

  it('pages; a page past the end is empty, never an error', async () => {
    const agent = await loginAs(t.app, w.providerAdmin);
    const second = await agent.get('/api/admin/district?per_page=2&page=2&sort=-users');
    expect(names(second.body)).toEqual(['Birch Bay Schools']);
    expect(second.body.meta).toMatchObject({ page: 2, per_page: 2, total: 3, last_page: 2 });
    const far = await agent.get('/api/admin/district?page=100000&per_page=100&sort=-educators');
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
  });

  it('bad input of any kind is a 4xx, never a 500', async () => {
    const agent = await loginAs(t.app, w.providerAdmin);
    for (const qs of ['search=%E0%A4%A', 'sort[]=name', 'filter[state][x]=1', 'page=-1', 'per_page=abc', 'filter[status]=', 'search=' + '%F0%9F%98%80'.repeat(20)]) {
      const res = await agent.get(`/api/admin/district?${qs}`);
      expect(res.status, qs).toBeLessThan(500);
    }
  });

  it('provider staff impersonating a district user get 403 (the session holds the district user)', async () => {
    const agent = await loginAs(t.app, w.providerAdmin);
    await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: w.admin.id }).expect(200);
    expect((await agent.get('/api/admin/district')).status).toBe(403);
  });
});

describe('GET /api/admin/district/{id}', () => {
  itRequiresLogin(() => t.app, 'get', () => `/api/admin/district/${w.maple.id}`);

  it('404 for an unknown or malformed id', async () => {
    const agent = await loginAs(t.app, w.support);
    for (const id of ['999999', 'abc', '0', '1e3', '99999999999999999999']) {
      const res = await agent.get(`/api/admin/district/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('We could not find that district.');
    }
  });

  it('403 for district users, even for their own district', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.get(`/api/admin/district/${w.maple.id}`)).status).toBe(403);
  });

  it('answers profile, plan and seats, users, schools with educators, usage and imports', async () => {
    const now = nowIso();
    const type = await t.db.selectFrom('interaction_types').select('id').where('district_id', '=', w.maple.id).executeTakeFirstOrThrow();
    const interaction = (startsAt: string, deleted = false) => ({
      district_id: w.maple.id, interaction_type_id: type.id, coach_id: w.coach.id, starts_at: startsAt, duration_minutes: 30,
      status: 'completed' as const, building_id: null, notes: null, private_notes: null, next_steps: null, import_uid: null,
      created_by: w.coach.id, updated_by: w.coach.id, created_at: now, updated_at: now, deleted_at: deleted ? now : null, coaching_cycle_id: null,
    });
    const day = 24 * 3600_000;
    await t.db.insertInto('interactions').values([
      interaction(new Date(Date.now() - 2 * day).toISOString()),
      interaction(new Date(Date.now() - 29 * day).toISOString()),
      interaction(new Date(Date.now() - 31 * day).toISOString()),
      interaction(new Date(Date.now() - 3 * day).toISOString(), true),
      interaction(new Date(Date.now() + 3 * day).toISOString()),
    ]).execute();
    await t.db.updateTable('users').set({ last_login_at: new Date(Date.now() - day).toISOString() }).where('id', '=', w.coach.id).execute();
    await t.db.insertInto('imports').values({
      district_id: w.maple.id, kind: 'users', file_name: 'logins.csv', format: 'csv', mode: 'add-update', options: '{}', headers: '[]',
      mapping: '{}', status: 'completed', total_rows: 12, created_count: 10, updated_count: 1, unchanged_count: 0, error_count: 1,
      skipped_count: 0, deactivated_count: 0, failure: null, created_by: w.providerAdmin.id, created_at: '2026-03-02T10:00:00.000Z',
      started_at: null, finished_at: '2026-03-02T10:01:00.000Z',
    }).execute();

    const agent = await loginAs(t.app, w.support);
    const res = await agent.get(`/api/admin/district/${w.maple.id}`);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      id: w.maple.id, name: 'Maple Grove Unified', slug: w.maple.slug, state: 'IL', timezone: 'America/Chicago', status: 'active',
      plan: { key: 'professional', name: 'Professional' }, seats: 5, seats_used: 2, trial_ends_at: null,
      suspended_at: null, suspension_reason: null, can_manage: false,
    });
    expect(body.users.total).toBe(5);
    expect(body.users.data.map((u: { name: string }) => u.name)).toEqual(['Avery Admin', 'Casey Coach', 'Chris Coach', 'Dana Former', 'Ivy Invited']);
    expect(body.users.data[0]).toEqual({
      id: w.admin.id, name: 'Avery Admin', email: 'admin@maple.example', status: 'active', last_login_at: '2026-04-01T12:00:00.000Z',
      roles: [{ name: 'district-admin', label: 'District administrator' }],
    });
    expect(body.schools).toEqual([
      { id: w.lincoln.id, name: 'Lincoln Middle', code: null, grade_band: null, educators: 3 },
      { id: w.oak.id, name: 'Oak Hollow Elementary', code: null, grade_band: null, educators: 1 },
    ]);
    expect(body.usage).toMatchObject({ interactions_last_30_days: 2, active_users_last_30_days: 1, educators: 4 });
    expect(body.imports).toEqual([{
      id: expect.any(Number), kind: 'users', file_name: 'logins.csv', status: 'completed', total_rows: 12, created_count: 10,
      updated_count: 1, error_count: 1, created_by: { id: w.providerAdmin.id, name: 'Pat Provider' },
      created_at: '2026-03-02T10:00:00.000Z', finished_at: '2026-03-02T10:01:00.000Z',
    }]);
    expect(body.plans.map((p: { key: string }) => p.key)).toEqual(['essentials', 'professional', 'enterprise']);
    expect(body).not.toHaveProperty('settings');
    expect(body).not.toHaveProperty('status_before_suspension');
  });

  it('lists the first 50 users with the total; a provider administrator may manage', async () => {
    const district = await buildDistrict(t.db);
    for (let i = 0; i < 52; i++) await buildUser(t.db, { districtId: district.id, role: 'educator', status: 'invited', name: `Person ${String(i).padStart(2, '0')}` });
    const agent = await loginAs(t.app, w.providerAdmin);
    const res = await agent.get(`/api/admin/district/${district.id}`);
    expect(res.body.users.total).toBe(52);
    expect(res.body.users.data).toHaveLength(50);
    expect(res.body.can_manage).toBe(true);
  });
});
