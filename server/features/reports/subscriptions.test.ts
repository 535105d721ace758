import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { appWith, asGuest, createTestApp, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import { freezeDateEachTest } from '../../testing/hooks';
import { buildPulseWorld, PULSE_NOW, type PulseWorld } from '../../testing/pulse.fixture';
import { MAX_SUBSCRIPTIONS_PER_USER, TOO_MANY_SUBSCRIPTIONS, unsubscribeToken } from './subscriptions';
import { planFeatureMessage } from '../../../common/plans';

let t: TestApp;
let w: PulseWorld;
freezeDateEachTest(PULSE_NOW);
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildPulseWorld(app.db)));
});

const valid = { report: 'interactions', frequency: 'weekly', query: 'preset=this-month&filter[building_id][]=1' };
const rows = () => t.db.selectFrom('report_subscriptions').selectAll().orderBy('id').execute();
const audits = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
const subscribe = async (agent: Awaited<ReturnType<typeof loginAs>>, body: Record<string, unknown> = valid) =>
  agent.post('/api/report-subscription').set(csrfHeaders(agent)).send(body);

describe('POST /api/report-subscription', () => {
  it('401 without login', async () => {
    const agent = await guestAgent(t.app);
    expect((await subscribe(agent as never)).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.post('/api/report-subscription').set('X-Requested-With', 'XMLHttpRequest').send(valid)).status).toBe(419);
    expect(await rows()).toEqual([]);
  });

  it.each([
    ['report', 'everything', 'report', 'Report must be one of the six reports.'],
    ['report', undefined, 'report', 'Report must be one of the six reports.'],
    ['frequency', 'daily', 'frequency', 'Frequency must be weekly or monthly.'],
    ['query', 42, 'query', 'Query must be text.'],
    ['query', `filter[subject][]=${'x'.repeat(2000)}`, 'query', 'Query must be at most 2000 characters.'],
    ['query', 'filter[colour]=red', 'query', 'filter: Unknown filter: colour. Filters are from, to, building_id, coach_id, interaction_type_id, group_id, grade_level and subject.'],
    ['query', 'filter[from]=yesterday', 'query', 'filter.from: From must be a date (YYYY-MM-DD).'],
    ['query', 'interval=day', 'query', 'interval: Interval must be week or month.'],
  ])('422 when %s is bad (case %#), naming the field; nothing stored', async (field, value, errorField, message) => {
    const agent = await loginAs(t.app, w.admin);
    const res = await subscribe(agent, { ...valid, [field]: value });
    expectFieldError(res, errorField, message);
    expect(await rows()).toEqual([]);
  });

  it('403 without see engagement (an educator); 403 with the plan message for an Enterprise report on Professional', async () => {
    expect((await subscribe(await loginAs(t.app, w.teacher))).status).toBe(403);
    const res = await subscribe(await loginAs(t.app, w.admin), { ...valid, report: 'teacher-level', query: '' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(planFeatureMessage('advanced-reports'));
    expect(await rows()).toEqual([]);
  });

  it('201: the caller\'s subscription, first send next Monday 07:00 in their timezone, audited; the answer is whitelisted', async () => {
    await t.db.updateTable('users').set({ timezone: 'America/New_York' }).where('id', '=', w.admin.id).execute();
    const agent = await loginAs(t.app, w.admin);
    const res = await subscribe(agent, { ...valid, query: `?preset=this-month&filter[building_id][]=${w.lincoln.id}`, user_id: w.coach.id });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number), report: 'interactions', frequency: 'weekly', query: `preset=this-month&filter[building_id][]=${w.lincoln.id}`,
      description: 'This month · Lincoln Middle', next_run_at: '2026-11-23T12:00:00.000Z', last_sent_at: null, created_at: expect.any(String),
    });
    const [row] = await rows();
    expect(row).toMatchObject({ district_id: w.district.id, user_id: w.admin.id, report: 'interactions', frequency: 'weekly', claimed_at: null });
    expect(row!.unsubscribe_token_hash).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await audits('report_subscription_created');
    expect(audit).toMatchObject({ district_id: w.district.id, actor_id: w.admin.id, subject_type: 'report_subscription', subject_id: row!.id });
  });

  it('monthly: the 1st at 07:00; a coach (see engagement.self) may subscribe too', async () => {
    const res = await subscribe(await loginAs(t.app, w.coach), { report: 'coaching-team', frequency: 'monthly', query: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ next_run_at: '2026-12-01T13:00:00.000Z', description: 'This school year' });
  });

  it('409 for the same view at the same frequency, and past 20 subscriptions', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect((await subscribe(agent)).status).toBe(201);
    const again = await subscribe(agent);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already get this report view by email at that frequency.');
    expect((await subscribe(agent, { ...valid, frequency: 'monthly' })).status).toBe(201);
    const now = new Date().toISOString();
    for (let i = 2; i < MAX_SUBSCRIPTIONS_PER_USER; i += 1) {
      await t.db.insertInto('report_subscriptions').values({
        district_id: w.district.id, user_id: w.admin.id, report: 'interactions', frequency: 'weekly', query: `filter[subject][]=s${i}`,
        unsubscribe_token_hash: `hash${i}`, next_run_at: now, last_sent_at: null, last_skipped_reason: null, claimed_at: null, claim_token: null,
        created_at: now, updated_at: now,
      }).execute();
    }
    const over = await subscribe(agent, { ...valid, query: 'filter[subject][]=Art' });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(TOO_MANY_SUBSCRIPTIONS);
    expect(await rows()).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    // Another user's count is their own.
    expect((await subscribe(await loginAs(t.app, w.principal), { ...valid, query: 'filter[subject][]=Art' })).status).toBe(201);
  });

  it('429 past 10 creations an hour', async () => {
    const limited = await createTestApp({ rateLimits: true });
    const admin = await buildUser(limited.db, { role: 'district-admin' });
    const agent = await loginAs(limited.app, admin);
    for (let i = 0; i < 10; i += 1) {
      const res = await agent.post('/api/report-subscription').set(csrfHeaders(agent)).send({ ...valid, query: `filter[subject][]=s${i}` });
      expect(res.status).toBe(201);
    }
    const res = await agent.post('/api/report-subscription').set(csrfHeaders(agent)).send({ ...valid, query: 'filter[subject][]=one-more' });
    expect(res.status).toBe(429);
    expect(await limited.db.selectFrom('report_subscriptions').select('id').execute()).toHaveLength(10);
  });
});

describe('GET /api/report-subscription', () => {
  it('401 without login; 403 without see engagement', async () => {
    expect((await request(t.app).get('/api/report-subscription')).status).toBe(401);
    expect((await (await loginAs(t.app, w.teacher)).get('/api/report-subscription')).status).toBe(403);
  });

  it('answers the caller\'s own subscriptions only, with their filters in words', async () => {
    const admin = await loginAs(t.app, w.admin);
    await subscribe(admin, { report: 'interactions', frequency: 'weekly', query: `filter[from]=2026-09-01&filter[to]=2026-09-30&filter[coach_id][]=${w.coach.id}&filter[grade_level][]=3` });
    await subscribe(admin, { report: 'coaching-cycles', frequency: 'monthly', query: `preset=last-month&filter[building_id][]=${w.oak.id}` });
    const principal = await loginAs(t.app, w.principal);
    await subscribe(principal, { report: 'interactions', frequency: 'weekly', query: '' });
    const res = await admin.get('/api/report-subscription');
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { report: string; description: string }) => [s.report, s.description])).toEqual([
      ['interactions', '2026-09-01 to 2026-09-30 · Casey Coach · Grade 3'],
      ['coaching-cycles', 'Last month · Oak Hollow Elementary'],
    ]);
    expect((await principal.get('/api/report-subscription')).body.data).toHaveLength(1);
  });
});

describe('DELETE /api/report-subscription/{id}', () => {
  it('401, 419, 404 for another user\'s or district\'s id, 403 without see engagement, then 204 and gone, audited', async () => {
    const admin = await loginAs(t.app, w.admin);
    const mine = (await subscribe(admin)).body.id as number;
    const principal = await loginAs(t.app, w.principal);
    const theirs = (await subscribe(principal)).body.id as number;

    expect((await asGuest(t.app, 'delete', `/api/report-subscription/${mine}`)).status).toBe(401);
    expect((await admin.delete(`/api/report-subscription/${mine}`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    const other = await admin.delete(`/api/report-subscription/${theirs}`).set(csrfHeaders(admin));
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('We could not find that subscription.');
    const otherDistrict = await loginAs(t.app, w.otherAdmin);
    expect((await otherDistrict.delete(`/api/report-subscription/${mine}`).set(csrfHeaders(otherDistrict))).status).toBe(404);
    expect((await admin.delete('/api/report-subscription/abc').set(csrfHeaders(admin))).status).toBe(404);
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.delete(`/api/report-subscription/${mine}`).set(csrfHeaders(teacher))).status).toBe(403);
    expect(await rows()).toHaveLength(2);

    expect((await admin.delete(`/api/report-subscription/${mine}`).set(csrfHeaders(admin))).status).toBe(204);
    expect((await rows()).map((r) => r.id)).toEqual([theirs]);
    expect(await audits('report_subscription_removed')).toEqual([expect.objectContaining({ actor_id: w.admin.id, subject_id: mine })]);
  });
});

describe('the unsubscribe link /api/report-subscription/unsubscribe/{token}', () => {
  it('GET: one click, no login, no CSRF; the page confirms; the token then answers the friendly 404 page', async () => {
    const admin = await loginAs(t.app, w.admin);
    const id = (await subscribe(admin)).body.id as number;
    const keep = (await subscribe(admin, { ...valid, frequency: 'monthly' })).body.id as number;
    const row = await t.db.selectFrom('report_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const token = await tokenFor(row);
    const res = await request(t.app).get(`/api/report-subscription/unsubscribe/${token}`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('<h1>You are unsubscribed</h1>');
    expect(res.text).toContain('You will no longer get the weekly Interactions report email.');
    expect((await rows()).map((r) => r.id)).toEqual([keep]);
    expect(await audits('report_subscription_unsubscribed')).toEqual([expect.objectContaining({ district_id: w.district.id, actor_id: w.admin.id, subject_id: id })]);

    const again = await request(t.app).get(`/api/report-subscription/unsubscribe/${token}`);
    expect(again.status).toBe(404);
    expect(again.type).toBe('text/html');
    expect(again.text).toContain('<h1>This link no longer works</h1>');
  });

  it('POST (RFC 8058 List-Unsubscribe-Post) works without cookies or CSRF headers', async () => {
    const id = (await subscribe(await loginAs(t.app, w.admin))).body.id as number;
    const row = await t.db.selectFrom('report_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const res = await request(t.app).post(`/api/report-subscription/unsubscribe/${await tokenFor(row)}`)
      .type('form').send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('the token is single-purpose: another subscription\'s token, a made-up one or garbage remove nothing and answer the 404 page', async () => {
    const admin = await loginAs(t.app, w.admin);
    await subscribe(admin);
    for (const token of ['x'.repeat(43), 'not a token', '%E0%A4%A', '..%2F..%2Fetc']) {
      const res = await request(t.app).get(`/api/report-subscription/unsubscribe/${token}`);
      // Bad percent-encoding is the router's 400; everything else the same 404 page.
      expect(res.status).toBe(token.startsWith('%E0') ? 400 : 404);
    }
    expect(await rows()).toHaveLength(1);
    // The token signs nobody in and reads nothing else.
    const row = (await rows())[0]!;
    const token = await tokenFor(row);
    expect((await request(t.app).get('/api/report-subscription').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    expect((await request(t.app).delete(`/api/report-subscription/${row.id}`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    expect(await rows()).toHaveLength(1);
  });

  async function tokenFor(row: { id: number; created_at: string }) {
    const { loadConfig } = await import('../../config');
    return unsubscribeToken(loadConfig({ NODE_ENV: 'test' }).sessionSecret, row);
  }
});
