// GET, POST and PUT /api/group (delete, deactivate and restore: groupLifecycle.test.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES, STAFF_GROUP_OF } from '../../../common/schemas/groups';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRejectsQueries, itRequiresLogin } from '../../testing/checks';
import { buildBuilding, buildStaff, buildUser } from '../../testing/factories';
import { auditOf, buildGroupsWorld, type GroupsWorld, insertGroup } from '../../testing/groups.fixture';

let t: TestApp;
let w: GroupsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildGroupsWorld(app.db)));
});

const itemsOf = (db: TestApp['db'], groupId: number) =>
  db.selectFrom('group_items').select(['item_id', 'start_date', 'end_date']).where('group_id', '=', groupId).orderBy('id').execute();

describe('GET /api/group', () => {
  itRequiresLogin(() => t.app, 'get', '/api/group');

  itRejectsQueries('/api/group', () => loginAs(t.app, w.admin), [
    ['status=archived', 'status', 'Status must be active or all.'],
    ['staff_id=abc', 'staff_id', 'Educator must be a whole number.'],
    ['staff_id=1.5', 'staff_id', 'Educator must be a whole number.'],
    [`search=${'x'.repeat(101)}`, 'search', 'Search must be at most 100 characters.'],
  ]);

  it('never lists another district\'s groups (not even by its member)', async () => {
    const agent = await loginAs(t.app, w.admin);
    const all = await agent.get('/api/group?status=all');
    expect(all.body.data.map((g: { name: string }) => g.name)).toEqual(['Math PLC']);
    const byStranger = await agent.get(`/api/group?staff_id=${w.stranger.id}`);
    expect(byStranger.body).toEqual({ data: [] });
  });

  it('403 for an educator (own records only) and for provider staff without a district', async () => {
    const educator = await loginAs(t.app, w.educator);
    expect((await educator.get('/api/group')).status).toBe(403);
    const provider = await buildUser(t.db, { role: 'provider-admin' });
    expect((await (await loginAs(t.app, provider)).get('/api/group')).status).toBe(403);
  });

  it('answers { data } of active groups by name with members, group_of and deleted_at', async () => {
    await insertGroup(t.db, w.district.id, { name: 'art team' });
    await insertGroup(t.db, w.district.id, { name: 'Old Pilot', deletedAt: '2025-06-20T17:00:00.000Z' });
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.get('/api/group');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data.map((g: { name: string }) => g.name)).toEqual(['art team', 'Math PLC']);
    expect(res.body.data[1]).toEqual({
      id: w.group.id, name: 'Math PLC', description: 'Grades 6–8 math.', group_of: STAFF_GROUP_OF, deleted_at: null,
      created_at: w.group.created_at, updated_at: w.group.updated_at,
      items: [
        { item_id: w.ana.id, start_date: '2025-08-18T05:00:00.000Z', end_date: '2026-06-13T05:00:00.000Z', staff: { id: w.ana.id, name: 'Ana Alvarez' } },
        { item_id: w.ben.id, start_date: '2025-08-18T05:00:00.000Z', end_date: null, staff: { id: w.ben.id, name: 'Ben Brooks' } },
      ],
    });
    expect(res.body.data[1]).not.toHaveProperty('district_id');
  });

  it('status=all adds deactivated groups; search is case-insensitive; staff_id finds a member\'s groups', async () => {
    await insertGroup(t.db, w.district.id, { name: 'Old Pilot', deletedAt: '2025-06-20T17:00:00.000Z', items: [{ itemId: w.cy.id }] });
    await insertGroup(t.db, w.district.id, { name: '100%_Literacy' });
    const agent = await loginAs(t.app, w.admin);
    const names = async (qs: string) => (await agent.get(`/api/group?${qs}`)).body.data.map((g: { name: string }) => g.name);
    expect(await names('status=all')).toEqual(['100%_Literacy', 'Math PLC', 'Old Pilot']);
    expect((await agent.get('/api/group?status=all')).body.data[2].deleted_at).toBe('2025-06-20T17:00:00.000Z');
    expect(await names('search=plc')).toEqual(['Math PLC']);
    expect(await names('search=PILOT')).toEqual([]);
    expect(await names('search=PILOT&status=all')).toEqual(['Old Pilot']);
    expect(await names('search=%25_')).toEqual(['100%_Literacy']);
    expect(await names(`staff_id=${w.ana.id}`)).toEqual(['Math PLC']);
    expect(await names(`staff_id=${w.cy.id}`)).toEqual([]);
    expect(await names(`staff_id=${w.cy.id}&status=all`)).toEqual(['Old Pilot']);
  });

  it('a coach and a principal (building scope) may read the district\'s groups', async () => {
    for (const user of [w.coach, w.principal]) {
      const res = await (await loginAs(t.app, user)).get('/api/group');
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
    }
  });

  it('a building-scope reader sees only the members at their own schools, never other educators\' names', async () => {
    const elsewhere = await buildBuilding(t.db, w.district.id);
    const dee = await buildStaff(t.db, { districtId: w.district.id, buildingId: elsewhere.id, firstName: 'Dee', lastName: 'Distant' });
    await t.db.insertInto('group_items').values({ group_id: w.group.id, item_id: dee.id, start_date: '2025-08-18T05:00:00.000Z', end_date: null }).execute();
    for (const user of [w.coach, w.principal]) {
      const res = await (await loginAs(t.app, user)).get('/api/group');
      expect(res.status).toBe(200);
      expect(res.body.data[0].items.map((i: { item_id: number }) => i.item_id)).toEqual([w.ana.id, w.ben.id]);
      expect(JSON.stringify(res.body)).not.toContain('Distant');
    }
    const admin = await (await loginAs(t.app, w.admin)).get('/api/group');
    expect(admin.body.data[0].items.map((i: { item_id: number }) => i.item_id)).toEqual([w.ana.id, w.ben.id, dee.id]);
  });
});

describe('POST /api/group', () => {
  const payload = () => ({
    name: 'Induction Cohort',
    description: 'First-year teachers.',
    group_of: STAFF_GROUP_OF,
    items: [
      { item_id: w.ana.id, start_date: '2026-09-01T07:00:00.000Z', end_date: null },
      { item_id: w.cy.id, start_date: '2026-09-01T07:00:00.000Z', end_date: '2027-06-12T07:00:00.000Z' },
    ],
  });

  itRequiresLogin(() => t.app, 'post', '/api/group', payload);

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post('/api/group').set('X-Requested-With', 'XMLHttpRequest').send(payload());
    expect(res.status).toBe(419);
  });

  const item = (over: Record<string, unknown>) => ({ item_id: 0, start_date: '2026-09-01T07:00:00.000Z', end_date: null, ...over });
  it.each<[string, () => Record<string, unknown>, string, string]>([
    ['no name', () => ({ name: '' }), 'name', 'Name is required.'],
    ['a blank name', () => ({ name: '   ' }), 'name', 'Name is required.'],
    ['a long name', () => ({ name: 'x'.repeat(121) }), 'name', 'Name must be at most 120 characters.'],
    ['a taken name (any case)', () => ({ name: 'math plc' }), 'name', GROUP_MESSAGES.nameTaken],
    ['a long description', () => ({ description: 'x'.repeat(501) }), 'description', 'Description must be at most 500 characters.'],
    ['another group_of', () => ({ group_of: 'App\\Models\\User' }), 'group_of', 'Group of must be App\\Models\\Staff.'],
    ['items not a list', () => ({ items: 'all' }), 'items', 'Members must be a list.'],
    ['another district\'s educator', () => ({ items: [item({ item_id: w.stranger.id })] }), 'items.0.item_id', GROUP_MESSAGES.itemNotInDistrict],
    ['an unknown educator', () => ({ items: [item({ item_id: 999999 })] }), 'items.0.item_id', GROUP_MESSAGES.itemNotInDistrict],
    ['no educator', () => ({ items: [item({ item_id: undefined })] }), 'items.0.item_id', GROUP_MESSAGES.itemNotInDistrict],
    ['the same educator twice', () => ({ items: [item({ item_id: w.ana.id }), item({ item_id: w.ana.id })] }), 'items.1.item_id', GROUP_MESSAGES.itemDuplicate],
    ['no start date', () => ({ items: [item({ item_id: w.ana.id, start_date: undefined })] }), 'items.0.start_date', 'Start date is required.'],
    ['a date-only start', () => ({ items: [item({ item_id: w.ana.id, start_date: '2026-09-01' })] }), 'items.0.start_date', 'Start date must be a UTC timestamp (ISO 8601).'],
    ['a start with an offset', () => ({ items: [item({ item_id: w.ana.id, start_date: '2026-09-01T00:00:00-07:00' })] }), 'items.0.start_date', 'Start date must be a UTC timestamp (ISO 8601).'],
    ['an impossible start', () => ({ items: [item({ item_id: w.ana.id, start_date: '2026-02-30T08:00:00.000Z' })] }), 'items.0.start_date', 'Start date must be a UTC timestamp (ISO 8601).'],
    ['a bad end date', () => ({ items: [item({ item_id: w.ana.id, end_date: 'soon' })] }), 'items.0.end_date', 'End date must be a UTC timestamp (ISO 8601).'],
    ['an end before the start', () => ({ items: [item({ item_id: w.ana.id, end_date: '2026-08-31T07:00:00.000Z' })] }), 'items.0.end_date', GROUP_MESSAGES.endBeforeStart],
  ])('422 for %s names the field, nothing is saved', async (_label, change, field, message) => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post('/api/group').set(csrfHeaders(agent)).send({ ...payload(), ...change() });
    expectFieldError(res, field, message);
    expect(await t.db.selectFrom('groups').select('id').where('district_id', '=', w.district.id).execute()).toHaveLength(1);
    expect(await auditOf(t.db, 'group_created')).toEqual([]);
  });

  it('403 for an educator, a coach and a principal', async () => {
    for (const user of [w.educator, w.coach, w.principal]) {
      const agent = await loginAs(t.app, user);
      expect((await agent.post('/api/group').set(csrfHeaders(agent)).send(payload())).status).toBe(403);
    }
    expect(await t.db.selectFrom('groups').select('id').execute()).toHaveLength(2);
  });

  it('creates the group in the caller\'s district with its members, end_date null when missing, audited', async () => {
    const agent = await loginAs(t.app, w.admin);
    const body = payload();
    body.items[0] = { item_id: w.ana.id, start_date: '2026-09-01T07:00:00Z' } as (typeof body.items)[0];
    const { group_of: _omitted, ...withoutGroupOf } = body;
    const res = await agent.post('/api/group').set(csrfHeaders(agent)).send({ ...withoutGroupOf, district_id: w.other.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Induction Cohort', description: 'First-year teachers.', group_of: STAFF_GROUP_OF, deleted_at: null,
      items: [
        { item_id: w.ana.id, start_date: '2026-09-01T07:00:00.000Z', end_date: null, staff: { id: w.ana.id, name: 'Ana Alvarez' } },
        { item_id: w.cy.id, start_date: '2026-09-01T07:00:00.000Z', end_date: '2027-06-12T07:00:00.000Z', staff: { id: w.cy.id, name: 'Cy Chen' } },
      ],
    });
    const row = await t.db.selectFrom('groups').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ district_id: w.district.id, name: 'Induction Cohort', group_of: STAFF_GROUP_OF, deleted_at: null });
    expect(await itemsOf(t.db, row.id)).toEqual([
      { item_id: w.ana.id, start_date: '2026-09-01T07:00:00.000Z', end_date: null },
      { item_id: w.cy.id, start_date: '2026-09-01T07:00:00.000Z', end_date: '2027-06-12T07:00:00.000Z' },
    ]);
    const [audit] = await auditOf(t.db, 'group_created');
    expect(audit).toMatchObject({ district_id: w.district.id, actor_id: w.admin.id, subject_type: 'group', subject_id: row.id });
  });

  it('a group may start without members', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post('/api/group').set(csrfHeaders(agent)).send({ name: 'Empty for now' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ description: null, group_of: STAFF_GROUP_OF, items: [] });
  });
});

describe('PUT /api/group/{id}', () => {
  const payload = () => ({
    name: 'Math PLC (6–8)', description: '', group_of: STAFF_GROUP_OF,
    items: [{ item_id: w.cy.id, start_date: '2026-01-05T08:00:00.000Z', end_date: null }],
  });

  itRequiresLogin(() => t.app, 'put', () => `/api/group/${w.group.id}`, payload);

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.put(`/api/group/${w.group.id}`).set('X-Requested-With', 'XMLHttpRequest').send(payload())).status).toBe(419);
  });

  it.each<[string, () => Record<string, unknown>, string, string]>([
    ['no name', () => ({ name: undefined }), 'name', 'Name is required.'],
    ['another group\'s name', () => ({ name: 'ART TEAM' }), 'name', GROUP_MESSAGES.nameTaken],
    ['another district\'s educator', () => ({ items: [{ item_id: w.stranger.id, start_date: '2026-01-05T08:00:00.000Z' }] }), 'items.0.item_id', GROUP_MESSAGES.itemNotInDistrict],
    ['an end before the start', () => ({ items: [{ item_id: w.cy.id, start_date: '2026-01-05T08:00:00.000Z', end_date: '2026-01-04T08:00:00.000Z' }] }), 'items.0.end_date', GROUP_MESSAGES.endBeforeStart],
  ])('422 for %s, nothing changes', async (_label, change, field, message) => {
    await insertGroup(t.db, w.district.id, { name: 'Art Team' });
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.put(`/api/group/${w.group.id}`).set(csrfHeaders(agent)).send({ ...payload(), ...change() });
    expectFieldError(res, field, message);
    const row = await t.db.selectFrom('groups').select('name').where('id', '=', w.group.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Math PLC');
    expect((await itemsOf(t.db, w.group.id)).map((i) => i.item_id)).toEqual([w.ben.id, w.ana.id]);
  });

  it('404 for another district\'s group and for an unknown id', async () => {
    const agent = await loginAs(t.app, w.admin);
    for (const id of [w.otherGroup.id, 999999, 'abc']) {
      const res = await agent.put(`/api/group/${id}`).set(csrfHeaders(agent)).send(payload());
      expect(res.status).toBe(404);
    }
    const other = await t.db.selectFrom('groups').select('name').where('id', '=', w.otherGroup.id).executeTakeFirstOrThrow();
    expect(other.name).toBe('Cedar Team');
  });

  it('403 for an educator and a coach', async () => {
    for (const user of [w.educator, w.coach]) {
      const agent = await loginAs(t.app, user);
      expect((await agent.put(`/api/group/${w.group.id}`).set(csrfHeaders(agent)).send(payload())).status).toBe(403);
    }
  });

  it('replaces name, description and members (keeping its own name is fine), audited', async () => {
    const agent = await loginAs(t.app, w.admin);
    const same = await agent.put(`/api/group/${w.group.id}`).set(csrfHeaders(agent)).send({ ...payload(), name: 'Math PLC' });
    expect(same.status).toBe(200);
    const res = await agent.put(`/api/group/${w.group.id}`).set(csrfHeaders(agent)).send(payload());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: w.group.id, name: 'Math PLC (6–8)', description: null, deleted_at: null,
      items: [{ item_id: w.cy.id, start_date: '2026-01-05T08:00:00.000Z', end_date: null, staff: { id: w.cy.id, name: 'Cy Chen' } }],
    });
    expect(await itemsOf(t.db, w.group.id)).toEqual([{ item_id: w.cy.id, start_date: '2026-01-05T08:00:00.000Z', end_date: null }]);
    const audits = await auditOf(t.db, 'group_updated');
    expect(audits).toHaveLength(2);
    const details = JSON.parse(audits[1].details!);
    expect(details).toMatchObject({ name: 'Math PLC (6–8)', renamed_from: 'Math PLC', members: [w.cy.id] });
    expect(details.changes.name).toEqual({ from: 'Math PLC', to: 'Math PLC (6–8)' });
    // The first PUT replaced Ben and Ana with Cy: its audit row holds both lists.
    expect(JSON.parse(audits[0].details!).changes.members).toEqual({ from: [w.ben.id, w.ana.id].sort((a, b) => a - b), to: [w.cy.id] });
  });
});
