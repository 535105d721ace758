// The provider's alerts (/api/admin/alert): provider administrators (`manage alerts`) list, read,
// create, replace and delete them; provider support, district users and impersonated sessions get 403.
// In DESIGN's order per endpoint: 401, 419, 422 per field, 404, 403, success with the database after it.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES as M } from '../../../common/schemas/alerts';
import { asGuest, createTestApp, type TestApp } from '../../testing/app';
import { itRequiresLogin } from '../../testing/checks';
import { buildDistrict } from '../../testing/factories';
import {
  HOUR, at, auditOf, buildAlert, csrfHeaders, districtUser, impersonating, providerAdmin, providerSupport,
} from '../../testing/alerts.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const payload = () => ({
  title: 'Scheduled maintenance Saturday',
  body: 'Coachwell is **unavailable** from 6 to 7 am Central.',
  level: 'warning',
  audience: 'everyone',
  audience_values: [],
  starts_at: at(-HOUR),
  ends_at: at(24 * HOUR),
});

describe('GET /api/admin/alert', () => {
  itRequiresLogin(() => t.app, 'get', '/api/admin/alert');

  it('422 for bad paging and filters, naming the field', async () => {
    const { agent } = await providerAdmin(t);
    expect((await agent.get('/api/admin/alert?page=1e20')).body.errors).toEqual({ page: ['Page must be a whole number.'] });
    expect((await agent.get('/api/admin/alert?page=999999999')).status).toBe(422);
    expect((await agent.get('/api/admin/alert?filter[level]=loud')).body.errors).toEqual({ 'filter.level': [M.level] });
    expect((await agent.get('/api/admin/alert?filter[state]=old')).body.errors).toEqual({ 'filter.state': ['State must be scheduled, current or ended.'] });
    expect((await agent.get(`/api/admin/alert?search=${'x'.repeat(101)}`)).status).toBe(422);
    expect((await agent.get('/api/admin/alert?search[]=a&search[]=b')).status).toBe(422);
    expect((await agent.get('/api/admin/alert?filter=abc')).body.errors).toEqual({ filter: ['Filter must be an object.'] });
    expect((await agent.get('/api/admin/alert?filter[level][]=info')).status).toBe(422);
  });

  it('403 for provider support, district users and provider staff impersonating one', async () => {
    const support = await providerSupport(t);
    const res = await support.agent.get('/api/admin/alert');
    expect(res.status).toBe(403);
    const { agent: admin, user } = await districtUser(t);
    expect((await admin.get('/api/admin/alert')).status).toBe(403);
    const staff = await impersonating(t, user.id);
    expect((await staff.agent.get('/api/admin/alert')).body.message).toBe(M.providerOnly);
  });

  it('lists newest start first with state, audience labels and dismissals; search, level and state filters; pages', async () => {
    const { agent } = await providerAdmin(t);
    const district = await buildDistrict(t.db, { name: 'Aspen Valley Schools' });
    const ended = await buildAlert(t, { title: 'Old outage', starts_at: at(-48 * HOUR), ends_at: at(-24 * HOUR) });
    const current = await buildAlert(t, { title: 'Reports are slow', level: 'warning', audience: 'districts', values: [district.id] });
    const scheduled = await buildAlert(t, { title: 'Maintenance window', level: 'critical', audience: 'plan', values: ['essentials'], starts_at: at(48 * HOUR) });
    await buildAlert(t, { title: 'Deleted one', deleted: true });
    const { user } = await districtUser(t, { districtId: district.id });
    await t.db.insertInto('alert_dismissals').values({ alert_id: current.id, user_id: user.id, at: at(0) }).execute();

    const res = await agent.get('/api/admin/alert');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 25, total: 3, last_page: 1 });
    expect(res.body.data.map((a: { id: number }) => a.id)).toEqual([scheduled.id, current.id, ended.id]);
    expect(res.body.data.map((a: { state: string }) => a.state)).toEqual(['scheduled', 'current', 'ended']);
    expect(res.body.data[0].audience_values).toEqual([{ value: 'essentials', label: 'Essentials' }]);
    expect(res.body.data[1]).toMatchObject({ audience: 'districts', audience_values: [{ value: district.id, label: 'Aspen Valley Schools' }], dismissals: 1 });
    expect(Object.keys(res.body.data[1]).sort()).toEqual([
      'audience', 'audience_values', 'body', 'created_at', 'created_by', 'dismissals', 'ends_at', 'id', 'level', 'starts_at', 'state',
      'title', 'updated_at', 'updated_by',
    ]);

    const ids = async (qs: string) => (await agent.get(`/api/admin/alert?${qs}`)).body.data.map((a: { id: number }) => a.id);
    expect(await ids('search=SLOW')).toEqual([current.id]);
    expect(await ids('search=briefly')).toEqual([scheduled.id, current.id, ended.id]);
    expect(await ids('search=100%25')).toEqual([]);
    expect(await ids('filter[level]=critical')).toEqual([scheduled.id]);
    expect(await ids('filter[state]=scheduled')).toEqual([scheduled.id]);
    expect(await ids('filter[state]=current')).toEqual([current.id]);
    expect(await ids('filter[state]=ended')).toEqual([ended.id]);
    const second = await agent.get('/api/admin/alert?per_page=2&page=2');
    expect(second.body.data.map((a: { id: number }) => a.id)).toEqual([ended.id]);
    expect(second.body.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    expect((await agent.get('/api/admin/alert?page=50')).body.data).toEqual([]);
  });
});

describe('POST /api/admin/alert', () => {
  itRequiresLogin(() => t.app, 'post', '/api/admin/alert', payload);

  it('419 without the CSRF token', async () => {
    const { agent } = await providerAdmin(t);
    expect((await agent.post('/api/admin/alert').set('X-Requested-With', 'XMLHttpRequest').send(payload())).status).toBe(419);
  });

  it('422 per bad field, with its message', async () => {
    const { agent } = await providerAdmin(t);
    const post = (body: unknown) => agent.post('/api/admin/alert').set(csrfHeaders(agent)).send(body as object);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Title is required.'],
      [{ title: '   ' }, 'title', 'Title is required.'],
      [{ title: 'x'.repeat(151) }, 'title', 'Title must be at most 150 characters.'],
      [{ title: 42 }, 'title', 'Title is required.'],
      [{ body: 'x'.repeat(5001) }, 'body', M.body],
      [{ body: ['x'] }, 'body', M.bodyText],
      [{ level: 'loud' }, 'level', M.level],
      [{ audience: 'friends' }, 'audience', M.audience],
      [{ audience: 'plan', audience_values: [] }, 'audience_values', M.choosePlan],
      [{ audience: 'plan', audience_values: ['platinum'] }, 'audience_values', M.unknownPlan],
      [{ audience: 'districts', audience_values: [] }, 'audience_values', M.chooseDistrict],
      [{ audience: 'districts', audience_values: [99999] }, 'audience_values', M.unknownDistrict],
      [{ audience: 'districts', audience_values: ['1'] }, 'audience_values', M.unknownDistrict],
      [{ audience: 'districts', audience_values: [1.5] }, 'audience_values', M.unknownDistrict],
      [{ audience: 'roles', audience_values: ['provider-admin'] }, 'audience_values', M.unknownRole],
      [{ audience: 'roles', audience_values: 'coach' }, 'audience_values', M.valuesList],
      [{ audience: 'roles', audience_values: [{ name: 'coach' }] }, 'audience_values.0', M.valuesItem],
      [{ audience: 'districts', audience_values: [1e20] }, 'audience_values', M.unknownDistrict],
      [{ audience: 'plan', audience_values: ['x'.repeat(61)] }, 'audience_values', M.unknownPlan],
      [{ audience: 'plan', audience_values: Array.from({ length: 501 }, (_, i) => `p${i}`) }, 'audience_values', M.tooManyValues],
      [{ title: null }, 'title', 'Title is required.'],
      [{ ends_at: 12 }, 'ends_at', 'End must be a UTC timestamp (ISO 8601).'],
      [{ starts_at: undefined }, 'starts_at', 'Start is required.'],
      [{ starts_at: '2026-02-30T10:00:00Z' }, 'starts_at', 'Start must be a UTC timestamp (ISO 8601).'],
      [{ ends_at: 'tomorrow' }, 'ends_at', 'End must be a UTC timestamp (ISO 8601).'],
      [{ starts_at: '2026-12-01T10:00:00.000Z', ends_at: '2026-12-01T10:00:00.000Z' }, 'ends_at', M.endsAfterStarts],
      [{ starts_at: '2026-12-01T10:00:00.000Z', ends_at: '2026-11-30T10:00:00.000Z' }, 'ends_at', M.endsAfterStarts],
    ];
    for (const [patch, field, message] of cases) {
      const res = await post({ ...payload(), ...patch });
      expect(res.status, JSON.stringify(patch).slice(0, 80)).toBe(422);
      expect(res.body.errors, JSON.stringify(patch).slice(0, 80)).toEqual({ [field]: [message] });
    }
    expect((await post([])).status).toBe(422);
    expect((await post('just text')).status).toBe(422);
    expect(await t.db.selectFrom('alerts').select('id').execute()).toEqual([]);
  });

  it('403 for provider support and district users; nothing written', async () => {
    const support = await providerSupport(t);
    expect((await support.agent.post('/api/admin/alert').set(csrfHeaders(support.agent)).send(payload())).status).toBe(403);
    const { agent } = await districtUser(t);
    expect((await agent.post('/api/admin/alert').set(csrfHeaders(agent)).send(payload())).status).toBe(403);
    expect(await t.db.selectFrom('alerts').select('id').execute()).toEqual([]);
  });

  it('201 with the alert; targets stored per audience value; audited', async () => {
    const { agent, user } = await providerAdmin(t);
    const a = await buildDistrict(t.db, { name: 'Birch Unified' });
    const b = await buildDistrict(t.db, { name: 'Alder County Schools' });
    const res = await agent.post('/api/admin/alert').set(csrfHeaders(agent))
      .send({ ...payload(), title: '  New report  ', audience: 'districts', audience_values: [a.id, b.id, a.id], ends_at: null });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'New report', level: 'warning', audience: 'districts', state: 'current', ends_at: null, dismissals: 0,
      audience_values: [{ value: b.id, label: 'Alder County Schools' }, { value: a.id, label: 'Birch Unified' }],
      created_by: { id: user.id, name: user.name }, updated_by: { id: user.id, name: user.name },
    });
    const targets = await t.db.selectFrom('alert_targets').selectAll().where('alert_id', '=', res.body.id).orderBy('value').execute();
    expect(targets.map((r) => [r.kind, r.value])).toEqual([['district', String(a.id)], ['district', String(b.id)]].sort());
    const [audit] = await auditOf(t, 'alert_created');
    expect(audit).toMatchObject({ actor_id: user.id, district_id: null, subject_type: 'alert', subject_id: res.body.id });
    expect(audit!.details).toMatchObject({ title: 'New report', audience: 'districts', audience_values: [a.id, b.id] });

    const everyone = await agent.post('/api/admin/alert').set(csrfHeaders(agent)).send({ ...payload(), audience_values: ['ignored'] });
    expect(everyone.body.audience_values).toEqual([]);
    expect(await t.db.selectFrom('alert_targets').select(['kind', 'value']).where('alert_id', '=', everyone.body.id).execute())
      .toEqual([{ kind: 'everyone', value: '*' }]);
    const plans = await agent.post('/api/admin/alert').set(csrfHeaders(agent)).send({ ...payload(), audience: 'plan', audience_values: ['enterprise', 'essentials'], starts_at: at(HOUR) });
    expect(plans.body).toMatchObject({ state: 'scheduled', audience_values: [{ value: 'essentials', label: 'Essentials' }, { value: 'enterprise', label: 'Enterprise' }] });
  });
});

describe('GET /api/admin/alert/{id}', () => {
  it('401, 404 for missing, deleted and malformed ids, 403, then the alert', async () => {
    const alert = await buildAlert(t, { title: 'Hello' });
    const gone = await buildAlert(t, { deleted: true });
    expect((await request(t.app).get(`/api/admin/alert/${alert.id}`)).status).toBe(401);
    const { agent } = await providerAdmin(t);
    for (const id of ['99999', String(gone.id), 'abc', '1e3', '-1', '0']) {
      const res = await agent.get(`/api/admin/alert/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe(M.notFound);
    }
    const support = await providerSupport(t);
    expect((await support.agent.get(`/api/admin/alert/${alert.id}`)).status).toBe(403);
    const res = await agent.get(`/api/admin/alert/${alert.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: alert.id, title: 'Hello', audience: 'everyone', audience_values: [], state: 'current', created_by: null });
  });
});

describe('PUT /api/admin/alert/{id}', () => {
  it('401 without login, 419 without the token', async () => {
    const alert = await buildAlert(t);
    expect((await asGuest(t.app, 'put', `/api/admin/alert/${alert.id}`, payload())).status).toBe(401);
    const { agent } = await providerAdmin(t);
    expect((await agent.put(`/api/admin/alert/${alert.id}`).set('X-Requested-With', 'XMLHttpRequest').send(payload())).status).toBe(419);
  });

  it('422 per bad field', async () => {
    const alert = await buildAlert(t);
    const { agent } = await providerAdmin(t);
    const res = await agent.put(`/api/admin/alert/${alert.id}`).set(csrfHeaders(agent)).send({ ...payload(), title: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ title: ['Title is required.'] });
    const roles = await agent.put(`/api/admin/alert/${alert.id}`).set(csrfHeaders(agent)).send({ ...payload(), audience: 'roles', audience_values: [] });
    expect(roles.body.errors).toEqual({ audience_values: [M.chooseRole] });
  });

  it('404 for a missing or deleted alert, 403 for provider support', async () => {
    const gone = await buildAlert(t, { deleted: true });
    const { agent } = await providerAdmin(t);
    expect((await agent.put(`/api/admin/alert/${gone.id}`).set(csrfHeaders(agent)).send(payload())).status).toBe(404);
    expect((await agent.put('/api/admin/alert/99999').set(csrfHeaders(agent)).send(payload())).status).toBe(404);
    const alert = await buildAlert(t);
    const support = await providerSupport(t);
    expect((await support.agent.put(`/api/admin/alert/${alert.id}`).set(csrfHeaders(support.agent)).send(payload())).status).toBe(403);
  });

  it('replaces the fields and the audience; the audit row holds what changed', async () => {
    const alert = await buildAlert(t, { title: 'Before', level: 'info' });
    const { agent, user } = await providerAdmin(t);
    const res = await agent.put(`/api/admin/alert/${alert.id}`).set(csrfHeaders(agent))
      .send({ ...payload(), title: 'After', level: 'critical', audience: 'roles', audience_values: ['coach', 'district-admin'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'After', level: 'critical', audience: 'roles', updated_by: { id: user.id },
      audience_values: [{ value: 'district-admin', label: 'District administrator' }, { value: 'coach', label: 'Coach' }],
    });
    const targets = await t.db.selectFrom('alert_targets').select(['kind', 'value']).where('alert_id', '=', alert.id).orderBy('value').execute();
    expect(targets).toEqual([{ kind: 'role', value: 'coach' }, { kind: 'role', value: 'district-admin' }]);
    const [audit] = await auditOf(t, 'alert_updated');
    expect(audit!.details.changes).toMatchObject({
      title: { from: 'Before', to: 'After' }, level: { from: 'info', to: 'critical' }, audience: { from: 'everyone', to: 'roles' },
      audience_values: { from: [], to: ['coach', 'district-admin'] },
    });
  });
});

describe('DELETE /api/admin/alert/{id}', () => {
  it('401, 419, 404, 403, then 204: gone from the list, the banner and reads; audited', async () => {
    const alert = await buildAlert(t, { title: 'Remove me' });
    expect((await asGuest(t.app, 'delete', `/api/admin/alert/${alert.id}`)).status).toBe(401);
    const { agent, user } = await providerAdmin(t);
    expect((await agent.delete(`/api/admin/alert/${alert.id}`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    expect((await agent.delete('/api/admin/alert/99999').set(csrfHeaders(agent))).status).toBe(404);
    const support = await providerSupport(t);
    expect((await support.agent.delete(`/api/admin/alert/${alert.id}`).set(csrfHeaders(support.agent))).status).toBe(403);
    const reader = await districtUser(t);
    expect((await reader.agent.get('/api/alert')).body.data).toHaveLength(1);

    expect((await agent.delete(`/api/admin/alert/${alert.id}`).set(csrfHeaders(agent))).status).toBe(204);
    const row = await t.db.selectFrom('alerts').selectAll().where('id', '=', alert.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await agent.get('/api/admin/alert')).body.data).toEqual([]);
    expect((await agent.get(`/api/admin/alert/${alert.id}`)).status).toBe(404);
    expect((await reader.agent.get('/api/alert')).body.data).toEqual([]);
    expect((await agent.delete(`/api/admin/alert/${alert.id}`).set(csrfHeaders(agent))).status).toBe(404);
    const [audit] = await auditOf(t, 'alert_deleted');
    expect(audit).toMatchObject({ actor_id: user.id, subject_id: alert.id, details: { title: 'Remove me', level: 'info' } });
  });
});

describe('GET /api/admin/alert-audience', () => {
  it('401, 422, 403, then plans, district roles and matching districts', async () => {
    expect((await request(t.app).get('/api/admin/alert-audience')).status).toBe(401);
    const { agent } = await providerAdmin(t);
    expect((await agent.get(`/api/admin/alert-audience?search=${'x'.repeat(101)}`)).status).toBe(422);
    const support = await providerSupport(t);
    expect((await support.agent.get('/api/admin/alert-audience')).status).toBe(403);
    const pine = await buildDistrict(t.db, { name: 'Pine Ridge Schools', state: 'OR' });
    await buildDistrict(t.db, { name: 'Oak Creek Unified' });
    const res = await agent.get('/api/admin/alert-audience?search=ridge');
    expect(res.status).toBe(200);
    expect(res.body.plans.map((p: { key: string }) => p.key)).toEqual(['essentials', 'professional', 'enterprise']);
    expect(res.body.roles.map((r: { name: string }) => r.name)).toEqual(['district-admin', 'building-admin', 'coach', 'educator']);
    expect(res.body.districts).toEqual([{ id: pine.id, name: 'Pine Ridge Schools', state: 'OR' }]);
  });
});
