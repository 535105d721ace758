// The admin API of the knowledge base (/api/admin/article): provider staff with `manage articles`
// (provider-admin and provider-support); district users 403; guests 401. In DESIGN's order per endpoint.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { ARTICLE_MESSAGES as M } from '../../../common/schemas/articles';
import { asGuest, createTestApp, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const payload = { title: 'Planning a PLC cycle', category: 'cycles-skills', audience: 'all', roles: [], body: '## Why\n\nPlan the **cycle** first.' };

async function asProvider(role: 'provider-admin' | 'provider-support' = 'provider-admin') {
  const user = await buildUser(t.db, { role });
  return { user, agent: await loginAs(t.app, user) };
}

async function asDistrictAdmin() {
  const user = await buildUser(t.db, { role: 'district-admin' });
  return { user, agent: await loginAs(t.app, user) };
}

async function create(agent: Awaited<ReturnType<typeof asProvider>>['agent'], body: object = payload) {
  const res = await agent.post('/api/admin/article').set(csrfHeaders(agent)).send(body);
  expect(res.status).toBe(201);
  return res.body as { id: number; slug: string };
}

const auditRows = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe('the seeded help articles', () => {
  it('every database has at least 15 published articles, each in a known category with headings', async () => {
    const rows = await t.db.selectFrom('articles').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(rows.every((r) => r.status === 'published' && r.published_at !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    const versions = await t.db.selectFrom('article_versions').select('article_id').execute();
    expect(new Set(versions.map((v) => v.article_id)).size).toBe(rows.length);
  });

  it('the search index (FTS5) holds every article [SQLite]', async () => {
    const rows = await t.db.selectFrom('articles').select('id').execute();
    const indexed = await t.db.selectFrom('article_search' as never).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() as { n: number };
    expect(Number(indexed.n)).toBe(rows.length);
  });
});

describe('GET /api/admin/article', () => {
  itRequiresLogin(() => t.app, 'get', '/api/admin/article');

  it('422 for bad filters, sort and paging, naming each field', async () => {
    const { agent } = await asProvider();
    expect((await agent.get('/api/admin/article?filter[status]=old')).body.errors).toEqual({ 'filter.status': ['Status must be draft or published.'] });
    expect((await agent.get('/api/admin/article?filter[category]=x')).body.errors).toEqual({ 'filter.category': [M.category] });
    expect((await agent.get('/api/admin/article?sort=author')).body.errors).toEqual({ sort: ['Sort must be one of title, -title, updated_at, -updated_at, view_count, -view_count.'] });
    expect((await agent.get('/api/admin/article?page=1e20')).body.errors).toEqual({ page: ['Page must be a whole number.'] });
    expect((await agent.get(`/api/admin/article?search=${'x'.repeat(1001)}`)).status).toBe(422);
  });

  it('403 for district users, administrators included', async () => {
    const { agent } = await asDistrictAdmin();
    const res = await agent.get('/api/admin/article');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.providerOnly);
  });

  it('lists every article with search, category and status filters, sort and pagination', async () => {
    const { agent } = await asProvider('provider-support');
    const draft = await create(agent, { ...payload, title: 'Zebra crossing draft' });
    const all = await agent.get('/api/admin/article?per_page=100&sort=title');
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBeGreaterThanOrEqual(16);
    const titles = all.body.data.map((a: { title: string }) => a.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b)));
    const drafts = await agent.get('/api/admin/article?filter[status][]=draft');
    expect(drafts.body.data.map((a: { id: number }) => a.id)).toEqual([draft.id]);
    expect(drafts.body.data[0]).toMatchObject({ status: 'draft', category: 'cycles-skills', audience: 'all', roles: [], view_count: 0 });
    const billing = await agent.get('/api/admin/article?filter[category]=billing-plans');
    expect(billing.body.data.every((a: { category: string }) => a.category === 'billing-plans')).toBe(true);
    expect((await agent.get('/api/admin/article?search=zebra')).body.data.map((a: { id: number }) => a.id)).toEqual([draft.id]);
    const paged = await agent.get('/api/admin/article?per_page=5&page=2');
    expect(paged.body.data).toHaveLength(5);
    expect(paged.body.meta).toMatchObject({ page: 2, per_page: 5 });
    for (const search of ['"', 'NEAR(a b)', '*', 'a OR b', '😀', '\'; drop table articles; --', 'x'.repeat(1000)]) {
      expect((await agent.get('/api/admin/article').query({ search })).status).toBe(200);
    }
  });
});

describe('POST /api/admin/article', () => {
  itRequiresLogin(() => t.app, 'post', '/api/admin/article', () => payload);

  it('419 without the CSRF token', async () => {
    const { agent } = await asProvider();
    expect((await agent.post('/api/admin/article').send(payload)).status).toBe(419);
  });

  it('422 per bad field', async () => {
    const { agent } = await asProvider();
    const send = (body: object) => agent.post('/api/admin/article').set(csrfHeaders(agent)).send({ ...payload, ...body });
    expect((await send({ title: ' ' })).body.errors).toEqual({ title: ['Title is required.'] });
    expect((await send({ title: 'x'.repeat(161) })).body.errors).toEqual({ title: ['Title must be at most 160 characters.'] });
    expect((await send({ slug: 'Not A Slug' })).body.errors).toEqual({ slug: [M.slugFormat] });
    expect((await send({ category: 'misc' })).body.errors).toEqual({ category: [M.category] });
    expect((await send({ audience: 'some' })).body.errors).toEqual({ audience: [M.audience] });
    expect((await send({ audience: 'roles', roles: [] })).body.errors).toEqual({ roles: [M.roles] });
    expect((await send({ audience: 'roles', roles: ['provider-admin'] })).body.errors).toEqual({ 'roles.0': [M.role] });
    expect((await send({ body: '  ' })).body.errors).toEqual({ body: [M.body] });
    expect((await send({ body: 42 })).body.errors).toEqual({ body: [M.body] });
    const taken = await send({ slug: 'coaching-cycles' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ slug: ['That address is already used by another article.'] });
    expect(await t.db.selectFrom('articles').select('id').where('title', '=', payload.title).execute()).toEqual([]);
  });

  it('403 for district users', async () => {
    const { agent } = await asDistrictAdmin();
    expect((await agent.post('/api/admin/article').set(csrfHeaders(agent)).send(payload)).status).toBe(403);
  });

  it('creates a draft with a slug from the title (numbered when taken), its first version and an audit row', async () => {
    const { agent, user } = await asProvider();
    const res = await agent.post('/api/admin/article').set(csrfHeaders(agent)).send({ ...payload, audience: 'roles', roles: ['coach', 'building-admin'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: payload.title, slug: 'planning-a-plc-cycle', status: 'draft', published_at: null, audience: 'roles',
      roles: ['building-admin', 'coach'], body: payload.body, versions: 1, created_by: { id: user.id, name: user.name },
    });
    const again = await create(agent);
    expect(again.slug).toBe('planning-a-plc-cycle-2');
    const versions = await t.db.selectFrom('article_versions').selectAll().where('article_id', '=', res.body.id).execute();
    expect(versions).toEqual([expect.objectContaining({ title: payload.title, body: payload.body, edited_by: user.id, audience_roles: '["building-admin","coach"]' })]);
    expect((await auditRows('article_created')).map((a) => a.subject_id)).toEqual([res.body.id, again.id]);
  });
});

describe('GET /api/admin/article/{id}', () => {
  it('401, 404 for an unknown id or a bad one, 403 for district users, then the article', async () => {
    expect((await request(t.app).get('/api/admin/article/1')).status).toBe(401);
    const { agent } = await asProvider();
    for (const id of ['999999', 'abc', '0', '1e3']) {
      const res = await agent.get(`/api/admin/article/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.notFound);
    }
    const { agent: district } = await asDistrictAdmin();
    expect((await district.get('/api/admin/article/1')).status).toBe(403);
    // Two versions: the text first seeded and its rewrite for district staff (migration 20261129_0151), both by Coachwell.
    const res = await agent.get('/api/admin/article/1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 1, status: 'published', versions: 2, created_by: null, updated_by: null });
    expect(res.body.body.length).toBeGreaterThan(100);
  });
});

describe('PUT /api/admin/article/{id}', () => {
  it('401, 419, 422 per field, 404, 403', async () => {
    const { agent } = await asProvider();
    const { id } = await create(agent);
    expect((await asGuest(t.app, 'put', `/api/admin/article/${id}`, payload)).status).toBe(401);
    expect((await agent.put(`/api/admin/article/${id}`).send(payload)).status).toBe(419);
    expect((await agent.put(`/api/admin/article/${id}`).set(csrfHeaders(agent)).send({ ...payload, title: '' })).body.errors).toEqual({ title: ['Title is required.'] });
    const taken = await agent.put(`/api/admin/article/${id}`).set(csrfHeaders(agent)).send({ ...payload, slug: 'reports' });
    expect(taken.body.errors).toEqual({ slug: [M.slugTaken] });
    expect((await agent.put('/api/admin/article/999999').set(csrfHeaders(agent)).send(payload)).status).toBe(404);
    const { agent: district } = await asDistrictAdmin();
    expect((await district.put(`/api/admin/article/${id}`).set(csrfHeaders(district)).send(payload)).status).toBe(403);
  });

  it('saves, keeps its own slug, and writes a version per save with who and when', async () => {
    const { agent, user } = await asProvider('provider-support');
    const { id, slug } = await create(agent);
    const res = await agent.put(`/api/admin/article/${id}`).set(csrfHeaders(agent))
      .send({ ...payload, slug, title: 'Planning a PLC cycle, revised', body: 'New body', category: 'getting-started' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Planning a PLC cycle, revised', slug, body: 'New body', category: 'getting-started', versions: 2, updated_by: { id: user.id } });
    await agent.put(`/api/admin/article/${id}`).set(csrfHeaders(agent)).send({ ...payload, slug: 'plc-cycles', body: 'Third' });
    const list = await agent.get(`/api/admin/article/${id}/version`);
    expect(list.body.data.map((v: { number: number; title: string }) => [v.number, v.title])).toEqual([
      [3, payload.title], [2, 'Planning a PLC cycle, revised'], [1, payload.title],
    ]);
    expect(list.body.data[0].edited_by).toEqual({ id: user.id, name: user.name });
    const first = await agent.get(`/api/admin/article/${id}/version/${list.body.data[2].id}`);
    expect(first.body).toMatchObject({ number: 1, body: payload.body, slug, audience: 'all', roles: [] });
    const updated = await auditRows('article_updated');
    expect(updated).toHaveLength(2);
    expect(JSON.parse(updated[0]!.details!).changes).toMatchObject({ title: { from: payload.title, to: 'Planning a PLC cycle, revised' }, category: { from: 'cycles-skills', to: 'getting-started' } });
  });
});

describe('GET /api/admin/article/{id}/version/{versionId}', () => {
  it('404 for a version of another article and for an unknown one', async () => {
    const { agent } = await asProvider();
    const a = await create(agent);
    const other = await t.db.selectFrom('article_versions').select('id').where('article_id', '=', 1).executeTakeFirstOrThrow();
    const res = await agent.get(`/api/admin/article/${a.id}/version/${other.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.versionNotFound);
    expect((await agent.get(`/api/admin/article/${a.id}/version/x`)).status).toBe(404);
    const { agent: district } = await asDistrictAdmin();
    expect((await district.get(`/api/admin/article/${a.id}/version`)).status).toBe(403);
  });
});

describe('POST /api/admin/article/{id}/publish and /unpublish', () => {
  it('401, 419, 404, 403, 409 when already so, then the state change and its audit', async () => {
    const { agent } = await asProvider();
    const { id } = await create(agent);
    expect((await asGuest(t.app, 'post', `/api/admin/article/${id}/publish`)).status).toBe(401);
    expect((await agent.post(`/api/admin/article/${id}/publish`)).status).toBe(419);
    expect((await agent.post('/api/admin/article/999999/publish').set(csrfHeaders(agent))).status).toBe(404);
    const { agent: district } = await asDistrictAdmin();
    expect((await district.post(`/api/admin/article/${id}/publish`).set(csrfHeaders(district))).status).toBe(403);
    const unpublishDraft = await agent.post(`/api/admin/article/${id}/unpublish`).set(csrfHeaders(agent));
    expect(unpublishDraft.status).toBe(409);
    expect(unpublishDraft.body.message).toBe(M.alreadyDraft);
    const published = await agent.post(`/api/admin/article/${id}/publish`).set(csrfHeaders(agent));
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
    expect(published.body.published_at).toEqual(expect.any(String));
    expect((await agent.post(`/api/admin/article/${id}/publish`).set(csrfHeaders(agent))).body.message).toBe(M.alreadyPublished);
    expect((await agent.post(`/api/admin/article/${id}/unpublish`).set(csrfHeaders(agent))).body.status).toBe('draft');
    expect((await auditRows('article_published')).map((a) => a.subject_id)).toEqual([id]);
    expect((await auditRows('article_unpublished')).map((a) => a.subject_id)).toEqual([id]);
  });
});

describe('DELETE /api/admin/article/{id}', () => {
  it('401, 419, 404, 403, then the article, its versions and its index row are gone', async () => {
    const { agent } = await asProvider('provider-support');
    const { id } = await create(agent, { ...payload, title: 'Quokka handbook' });
    expect((await asGuest(t.app, 'delete', `/api/admin/article/${id}`)).status).toBe(401);
    expect((await agent.delete(`/api/admin/article/${id}`)).status).toBe(419);
    expect((await agent.delete('/api/admin/article/999999').set(csrfHeaders(agent))).status).toBe(404);
    const { agent: district } = await asDistrictAdmin();
    expect((await district.delete(`/api/admin/article/${id}`).set(csrfHeaders(district))).status).toBe(403);
    expect((await agent.delete(`/api/admin/article/${id}`).set(csrfHeaders(agent))).status).toBe(204);
    expect(await t.db.selectFrom('articles').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('article_versions').select('id').where('article_id', '=', id).execute()).toEqual([]);
    expect((await agent.get('/api/admin/article?search=quokka')).body.data).toEqual([]);
    expect((await auditRows('article_deleted')).map((a) => a.subject_id)).toEqual([id]);
  });
});
