// The reader API of the knowledge base (/api/article): any signed-in person reads the published articles
// written for one of their roles; ranked search with safely highlighted matches; views counted once per
// reader per hour; one helpful vote per reader, changeable. Plus the XSS payloads through an article.
import { beforeEach, describe, expect, it } from 'vitest';
import { ARTICLE_MESSAGES as M } from '../../../common/schemas/articles';
import { asGuest, createTestApp, csrfHeaders, loginAs, type TestAgent, type TestApp } from '../../testing/app';
import { itRequiresLogin } from '../../testing/checks';
import { buildDistrict, buildUser } from '../../testing/factories';
import { highlight, snippet } from './highlight';
import { recordView } from './service';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

async function provider() {
  return loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
}

/** Creates (and publishes unless told) an article through the admin API. */
async function write(admin: TestAgent, body: { title: string; body: string; category?: string; roles?: string[]; slug?: string }, publish = true) {
  const res = await admin.post('/api/admin/article').set(csrfHeaders(admin)).send({
    title: body.title, body: body.body, slug: body.slug, category: body.category ?? 'getting-started',
    audience: body.roles ? 'roles' : 'all', roles: body.roles ?? [],
  });
  expect(res.status).toBe(201);
  if (publish) expect((await admin.post(`/api/admin/article/${res.body.id}/publish`).set(csrfHeaders(admin))).status).toBe(200);
  return res.body as { id: number; slug: string };
}

async function districtUsers() {
  const districtId = (await buildDistrict(t.db)).id;
  const coach = await buildUser(t.db, { role: 'coach', districtId });
  const educator = await buildUser(t.db, { role: 'educator', districtId });
  return { coach, educator, asCoach: await loginAs(t.app, coach), asEducator: await loginAs(t.app, educator) };
}

describe('GET /api/article', () => {
  itRequiresLogin(() => t.app, 'get', '/api/article');

  it('422 for an unknown category, a search over 1 000 characters and a bad page', async () => {
    const { asCoach } = await districtUsers();
    expect((await asCoach.get('/api/article?category=misc')).body.errors).toEqual({ category: [M.category] });
    expect((await asCoach.get('/api/article').query({ search: 'x'.repeat(1001) })).body.errors).toEqual({ search: ['Search must be at most 1000 characters.'] });
    expect((await asCoach.get('/api/article?page=0')).body.errors).toEqual({ page: ['Page must be at least 1.'] });
    expect((await asCoach.get('/api/article?search[]=a')).status).toBe(422);
  });

  it('answers the categories with counts and the most viewed, by the reader\'s roles', async () => {
    const { asCoach, asEducator, coach } = await districtUsers();
    const coachList = await asCoach.get('/api/article?per_page=100');
    expect(coachList.status).toBe(200);
    const educatorList = await asEducator.get('/api/article?per_page=100');
    // Seeded articles for administrators (billing, users) are not the coach's; the educator sees only the ones for all.
    const slugs = (res: typeof coachList) => res.body.data.map((a: { slug: string }) => a.slug);
    expect(slugs(coachList)).toContain('logging-an-interaction');
    expect(slugs(coachList)).not.toContain('billing-and-plans');
    expect(slugs(educatorList)).toContain('signing-in-and-resetting-your-password');
    expect(slugs(educatorList)).not.toContain('logging-an-interaction');
    const total = coachList.body.categories.reduce((n: number, c: { count: number }) => n + c.count, 0);
    expect(total).toBe(coachList.body.meta.total);
    expect(coachList.body.categories[0]).toEqual({ key: 'getting-started', label: 'Getting started', count: expect.any(Number) });
    const cycles = await t.db.selectFrom('articles').select('id').where('slug', '=', 'coaching-cycles').executeTakeFirstOrThrow();
    await recordView(t.db, cycles.id, coach.id);
    const popular = await asCoach.get('/api/article');
    expect(popular.body.most_viewed[0]).toMatchObject({ slug: 'coaching-cycles', view_count: 1, category_label: 'Coaching cycles and skills' });
    const inCategory = await asCoach.get('/api/article?category=import-export');
    expect(inCategory.body.data).toEqual([]);
  });

  it('provider staff read every published article, never drafts', async () => {
    const admin = await provider();
    const draft = await write(admin, { title: 'Unfinished thoughts', body: 'Draft text' }, false);
    const res = await admin.get('/api/article?per_page=100');
    expect(res.body.data.map((a: { slug: string }) => a.slug)).toContain('billing-and-plans');
    expect(res.body.data.map((a: { id: number }) => a.id)).not.toContain(draft.id);
  });

  it('ranks a title match above a body match and highlights matches safely', async () => {
    const admin = await provider();
    // A word no seeded help article uses ("walkthrough" has an article of its own since migration 0162).
    const inBody = await write(admin, { title: 'Working with teams', body: 'Use a huddle checklist during each visit.' });
    const inTitle = await write(admin, { title: 'Huddle basics', body: 'How visits work.' });
    const { asCoach } = await districtUsers();
    const res = await asCoach.get('/api/article?search=huddle');
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { id: number }) => a.id)).toEqual([inTitle.id, inBody.id]);
    expect(res.body.data[0].title_html).toBe('<mark>Huddle</mark> basics');
    expect(res.body.data[1].snippet_html).toBe('Use a <mark>huddle</mark> checklist during each visit.');
    expect(res.body.meta.search).toBe('huddle');
  });

  it('never fails on search syntax, quotes, emoji or long input', async () => {
    const { asCoach } = await districtUsers();
    for (const search of ['"', '""', 'NEAR(a b)', 'title:x', '*', '-', 'a OR b AND', '(', '😀 calendar', '\u0000', '%_\\', 'x'.repeat(1000), 'ab cd ef gh ij kl mn op']) {
      const res = await asCoach.get('/api/article').query({ search });
      expect(res.status, search).toBe(200);
    }
    expect((await asCoach.get('/api/article').query({ search: 'calendar feed' })).body.data[0].slug).toBe('calendar-sync');
  });
});

describe('GET /api/article/{slug}', () => {
  itRequiresLogin(() => t.app, 'get', '/api/article/reports');

  it('404 for an unknown, unpublished or other-audience article, and for a malformed address', async () => {
    const admin = await provider();
    const draft = await write(admin, { title: 'Secret draft', body: 'x' }, false);
    const forAdmins = await write(admin, { title: 'For administrators', body: 'x', roles: ['district-admin'] });
    const { asCoach } = await districtUsers();
    for (const slug of ['no-such-article', draft.slug, forAdmins.slug, 'Bad%20Slug', '..', 'x'.repeat(200)]) {
      const res = await asCoach.get(`/api/article/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(res.body).toEqual({ message: M.notFound, code: 'not_found' });
    }
  });

  it('answers the rendered article with its headings and related articles, and counts a view once an hour', async () => {
    const { asCoach, coach } = await districtUsers();
    const res = await asCoach.get('/api/article/logging-an-interaction');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: 'logging-an-interaction', title: 'Logging an interaction', category: 'interactions-activity', my_feedback: null });
    expect(res.body.html).toContain('<h2 id="logging-one">Logging one</h2>');
    expect(res.body.headings[0]).toEqual({ level: 2, id: 'logging-one', text: 'Logging one' });
    expect(res.body.related.length).toBeGreaterThan(0);
    expect(res.body.related.every((r: { category: string; slug: string }) => r.slug !== 'logging-an-interaction')).toBe(true);
    expect(res.body.related[0].category).toBe('interactions-activity');
    await asCoach.get('/api/article/logging-an-interaction');
    const row = () => t.db.selectFrom('articles').select('view_count').where('slug', '=', 'logging-an-interaction').executeTakeFirstOrThrow();
    expect((await row()).view_count).toBe(1);
    const { id } = await t.db.selectFrom('articles').select('id').where('slug', '=', 'logging-an-interaction').executeTakeFirstOrThrow();
    expect(await recordView(t.db, id, coach.id, new Date(Date.now() + 61 * 60 * 1000))).toBe(true);
    expect((await row()).view_count).toBe(2);
    // Provider staff reading do not count.
    await (await provider()).get('/api/article/logging-an-interaction');
    expect((await row()).view_count).toBe(2);
  });
});

describe('POST /api/article/{slug}/feedback', () => {
  it('401, 419, 422, 404, then one vote per reader, changeable, counted', async () => {
    expect((await asGuest(t.app, 'post', '/api/article/reports/feedback', { helpful: true })).status).toBe(401);
    const { asCoach, coach } = await districtUsers();
    expect((await asCoach.post('/api/article/reports/feedback').send({ helpful: true })).status).toBe(419);
    expect((await asCoach.post('/api/article/reports/feedback').set(csrfHeaders(asCoach)).send({ helpful: 'yes' })).body.errors).toEqual({ helpful: [M.helpful] });
    expect((await asCoach.post('/api/article/billing-and-plans/feedback').set(csrfHeaders(asCoach)).send({ helpful: true })).status).toBe(404);
    const vote = (agent: TestAgent, helpful: boolean) => agent.post('/api/article/reports/feedback').set(csrfHeaders(agent)).send({ helpful });
    expect((await vote(asCoach, true)).body).toEqual({ helpful: true, helpful_yes: 1, helpful_no: 0 });
    expect((await vote(asCoach, true)).body).toEqual({ helpful: true, helpful_yes: 1, helpful_no: 0 });
    expect((await vote(asCoach, false)).body).toEqual({ helpful: false, helpful_yes: 0, helpful_no: 1 });
    const other = await loginAs(t.app, await buildUser(t.db, { role: 'coach' }));
    expect((await vote(other, true)).body).toEqual({ helpful: true, helpful_yes: 1, helpful_no: 1 });
    expect(await t.db.selectFrom('articles').select(['helpful_yes', 'helpful_no']).where('slug', '=', 'reports').executeTakeFirstOrThrow()).toEqual({ helpful_yes: 1, helpful_no: 1 });
    expect(await t.db.selectFrom('article_feedback').select(['user_id', 'helpful']).where('user_id', '=', coach.id).execute()).toEqual([{ user_id: coach.id, helpful: 0 }]);
    expect((await asCoach.get('/api/article/reports')).body.my_feedback).toBe(false);
  });
});

describe('XSS payloads through an article', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">click</a>',
    '[click](javascript:alert(1))',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![img](x" onerror="alert(1))',
    '<svg onload=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '"><script>alert(1)</script>',
  ];

  it('neither the html, the headings, the title nor the search snippets carry them', async () => {
    const admin = await provider();
    const body = `## Heading <script>alert(1)</script>\n\nxsspayload\n\n${payloads.join('\n\n')}`;
    const { slug } = await write(admin, { title: 'xsspayload <img src=x onerror=alert(1)>', body });
    const { asCoach } = await districtUsers();
    const res = await asCoach.get(`/api/article/${slug}`);
    expect(res.status).toBe(200);
    const { html } = res.body as { html: string };
    expect(html).not.toMatch(/<script|<img[^>]*onerror|<svg|<iframe|href="javascript:|href="data:/i);
    expect(html).not.toMatch(/<[^>]+\son\w+=/i);
    expect(html).toContain('&lt;script&gt;');
    expect(res.body.title).toBe('xsspayload <img src=x onerror=alert(1)>');
    const search = await asCoach.get('/api/article?search=xsspayload');
    const [hit] = search.body.data;
    expect(hit.title_html).toBe('<mark>xsspayload</mark> &lt;img src=x onerror=alert(1)&gt;');
    expect(hit.snippet_html).not.toMatch(/<(?!\/?mark>)/);
    const onerror = await asCoach.get('/api/article?search=onerror');
    expect(onerror.body.data[0].snippet_html).toContain('<mark>onerror</mark>');
    expect(onerror.body.data[0].snippet_html).not.toMatch(/<(?!\/?mark>)/);
  });

  it('highlight escapes first, then marks (a search for "amp" or "lt" never breaks an entity)', () => {
    expect(highlight('a < b & c', ['amp', 'lt'])).toBe('a &lt; b &amp; c');
    expect(highlight('<b>bold</b>', ['bold'])).toBe('&lt;b&gt;<mark>bold</mark>&lt;/b&gt;');
    expect(highlight('Mark the mark', ['MARK'])).toBe('<mark>Mark</mark> the <mark>mark</mark>');
    expect(highlight('at the start, not inside: cat', ['at'])).toBe('<mark>at</mark> the start, not inside: cat');
    expect(snippet(`${'word '.repeat(100)}needle ${'tail '.repeat(100)}`, ['needle'])).toMatch(/^… (word )+<mark>needle<\/mark> (tail )+…$/);
  });
});
