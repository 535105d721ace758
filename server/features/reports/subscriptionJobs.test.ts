import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../../db/connection';
import { createApp } from '../../app';
import { prepareDatabase } from '../../bootstrap';
import { loadConfig } from '../../config';
import { RateLimiter } from '../../http/rateLimit';
import { createMemoryMailer } from '../../lib/mailer';
import { createTestApp, csrfHeaders, loginAs } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { freezeDateEachTest } from '../../testing/hooks';
import { insertInteraction } from '../../testing/interactions.fixture';
import { buildPulseWorld, PULSE_NOW, type PulseWorld } from '../../testing/pulse.fixture';
import { runReport } from './report';
import { runDueSubscriptions, type SubscriptionRunnerDeps } from './subscriptionJobs';
import { createSubscription, type SubscriptionRow, unsubscribeToken } from './subscriptions';
import { planFeatureMessage } from '../../../common/plans';

const SECRET = 'test-secret';
/** Monday 23 November 2026, 07:00:30 in Chicago: just after the first weekly send is due. */
const MONDAY = new Date('2026-11-23T13:00:30.000Z');

freezeDateEachTest(PULSE_NOW);

const actorOf = (user: { id: number; district_id: number | null }) => ({
  districtId: user.district_id!, userId: user.id, impersonatorId: null, ip: null, userAgent: null,
});

function runnerDeps(db: DB) {
  const mailer = createMemoryMailer();
  const logged: unknown[][] = [];
  const deps: SubscriptionRunnerDeps = { db, mailer, appUrl: 'http://coachwell.test', secret: SECRET, log: (...a) => logged.push(a) };
  return { deps, mailer, logged };
}

const subscribeIn = (db: DB, user: { id: number; district_id: number | null }, report: 'interactions' | 'coaching-team' | 'teacher-level', query = '', frequency: 'weekly' | 'monthly' = 'weekly') =>
  createSubscription(db, actorOf(user), { report, frequency, query }, 'America/Chicago', SECRET, PULSE_NOW);

const rowOf = (db: DB, id: number) => db.selectFrom('report_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();

describe('the report email runner', () => {
  let db: DB;
  let w: PulseWorld;
  beforeEach(async () => {
    const t = await createTestApp();
    db = t.db;
    w = await buildPulseWorld(db);
  });

  it('sends nothing before the row is due; at its time sends once and moves next_run_at to the next Monday 07:00', async () => {
    const sub = await subscribeIn(db, w.admin, 'interactions');
    expect(sub.next_run_at).toBe('2026-11-23T13:00:00.000Z');
    const { deps, mailer } = runnerDeps(db);
    expect(await runDueSubscriptions(deps, new Date('2026-11-23T12:59:00.000Z'))).toEqual({ sent: 0, skipped: 0, removed: 0, failed: 0 });
    expect(await runDueSubscriptions(deps, MONDAY)).toEqual({ sent: 1, skipped: 0, removed: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(1);
    expect(await rowOf(db, sub.id)).toMatchObject({
      next_run_at: '2026-11-30T13:00:00.000Z', last_sent_at: MONDAY.toISOString(), claimed_at: null, claim_token: null, last_skipped_reason: null,
    });
    expect(await runDueSubscriptions(deps, new Date('2026-11-23T13:05:00.000Z'))).toMatchObject({ sent: 0 });
    expect(mailer.sent).toHaveLength(1);
  });

  it('the email: subject with report and range, headline, top 10 rows, link back with the filters, unsubscribe link and headers, text and HTML', async () => {
    // 12 more coaches with one interaction each this month: the table shows 10 of the report's rows.
    for (let i = 1; i <= 12; i += 1) {
      const coach = await buildUser(db, { role: 'coach', districtId: w.district.id, name: `Coach ${String(i).padStart(2, '0')}` });
      await insertInteraction(db, { districtId: w.district.id, typeId: w.type.id, coachId: coach.id, buildingId: w.lincoln.id, startsAt: '2026-11-16T15:00:00.000Z', minutes: 30, staff: [{ id: w.a1.id }] });
    }
    const query = `preset=this-month&filter[building_id][]=${w.lincoln.id}`;
    const sub = await subscribeIn(db, w.admin, 'interactions', query);
    const { deps, mailer } = runnerDeps(db);
    await runDueSubscriptions(deps, MONDAY);
    const [mail] = mailer.sent;
    const reader = { district: { id: w.district.id, timezone: 'America/Chicago' }, scope: { kind: 'district' as const, districtId: w.district.id, userId: w.admin.id, buildingIds: [] }, features: ['coaching-cycles'] };
    const report = await runReport(db, reader, 'interactions', { filter: { from: '2026-11-01', to: '2026-11-23', building_id: [String(w.lincoln.id)] } }, { now: MONDAY });

    expect(mail!.to).toBe(w.admin.email);
    expect(mail!.subject).toBe('Weekly report: Interactions, Nov 1, 2026 – Nov 23, 2026');
    expect(mail!.text).toContain(`Interactions: ${report.headline.interactions}`);
    expect(mail!.text).toContain('This month · Lincoln Middle');
    const rowsShown = mail!.text.split('\n').filter((line) => /^(Casey Coach|Cole Coach|Coach \d\d) \|/.test(line));
    expect(rowsShown).toHaveLength(10);
    const more = report.by_coach.length - 10;
    expect(more).toBeGreaterThan(0);
    expect(mail!.text).toContain(`${more} more ${more === 1 ? 'row' : 'rows'} in the report.`);
    const viewUrl = `http://coachwell.test/app/reports?preset=this-month&filter%5Bbuilding_id%5D%5B%5D=${w.lincoln.id}`;
    expect(mail!.text).toContain(`Open the report: ${viewUrl}`);
    const unsubscribeUrl = `http://coachwell.test/api/report-subscription/unsubscribe/${unsubscribeToken(SECRET, sub)}`;
    expect(mail!.text).toContain(`Unsubscribe (one click): ${unsubscribeUrl}`);
    expect(mail!.html).toContain(`<a href="${viewUrl.replace(/&/g, '&amp;')}"`);
    expect(mail!.html).toContain(`<a href="${unsubscribeUrl}"`);
    expect((mail!.html.match(/<tr><td /g) ?? []).length).toBe(10);
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('escapes every value: names people typed never become markup or links', async () => {
    await db.updateTable('users').set({ name: '<img src=x onerror=alert(1)> & "Casey" see http://evil.example' }).where('id', '=', w.coach.id).execute();
    await db.updateTable('buildings').set({ name: 'Lincoln <b>Middle</b>' }).where('id', '=', w.lincoln.id).execute();
    await subscribeIn(db, w.admin, 'interactions', `filter[building_id][]=${w.lincoln.id}`);
    const { deps, mailer } = runnerDeps(db);
    await runDueSubscriptions(deps, MONDAY);
    const [mail] = mailer.sent;
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).not.toContain('<b>Middle');
    expect(mail!.html).not.toContain('http://evil.example');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Casey&quot; see http[:]//evil[.]example');
    expect(mail!.html).toContain('Lincoln &lt;b&gt;Middle&lt;/b&gt;');
    expect(mail!.text).not.toContain('http://evil.example');
    expect(mail!.text).toContain('see http[:]//evil[.]example');
  });

  it('renders as the subscriber: a coach\'s email shows only their own numbers', async () => {
    await subscribeIn(db, w.coach, 'interactions');
    await subscribeIn(db, w.admin, 'interactions');
    const { deps, mailer } = runnerDeps(db);
    expect(await runDueSubscriptions(deps, MONDAY)).toMatchObject({ sent: 2 });
    const coachMail = mailer.sent.find((m) => m.to === w.coach.email)!;
    const adminMail = mailer.sent.find((m) => m.to === w.admin.email)!;
    // School year so far (from 1 August): the coach logged 3 counted interactions, the district 5.
    expect(coachMail.text).toContain('Interactions: 3\n');
    expect(adminMail.text).toContain('Interactions: 5\n');
    expect(coachMail.text).toContain('Casey Coach |');
    expect(coachMail.text).not.toContain('Cole Coach');
    expect(adminMail.text).toContain('Cole Coach |');
  });

  it('a deactivated login: the subscription is removed (audited); lost permission or plan: skipped and kept (paused) until it returns', async () => {
    const gone = await subscribeIn(db, w.principal, 'interactions');
    await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', w.principal.id).execute();
    const lost = await subscribeIn(db, w.coach, 'interactions');
    const coachRole = await db.selectFrom('roles').select('id').where('name', '=', 'educator').executeTakeFirstOrThrow();
    await db.updateTable('user_roles').set({ role_id: coachRole.id }).where('user_id', '=', w.coach.id).execute();
    const plan = await subscribeIn(db, w.admin, 'teacher-level').catch(() => null);
    const { deps, mailer } = runnerDeps(db);
    const summary = await runDueSubscriptions(deps, MONDAY);
    expect(summary).toEqual({ sent: 0, skipped: plan ? 2 : 1, removed: 1, failed: 0 });
    expect(mailer.sent).toEqual([]);
    expect(await rowOf(db, gone.id)).toBeUndefined();
    const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'report_subscription_dropped').execute();
    expect(audit).toEqual([expect.objectContaining({ district_id: w.district.id, subject_id: gone.id, actor_id: null })]);
    expect(await rowOf(db, lost.id)).toMatchObject({
      next_run_at: '2026-11-30T13:00:00.000Z', last_sent_at: null, claimed_at: null,
      last_skipped_reason: 'The subscriber no longer has the see engagement permission.',
    });
    if (plan) {
      expect((await rowOf(db, plan.id))!.last_skipped_reason).toBe(planFeatureMessage('advanced-reports'));
    }

    // The permission comes back: the next run sends.
    const role = await db.selectFrom('roles').select('id').where('name', '=', 'coach').executeTakeFirstOrThrow();
    await db.updateTable('user_roles').set({ role_id: role.id }).where('user_id', '=', w.coach.id).execute();
    expect(await runDueSubscriptions(deps, new Date('2026-11-30T13:00:30.000Z'))).toMatchObject({ sent: 1 });
    expect((await rowOf(db, lost.id))!.last_skipped_reason).toBeNull();
  });

  it('a failing mailer releases the claim and retries in 15 minutes', async () => {
    const sub = await subscribeIn(db, w.admin, 'interactions');
    const { deps, logged } = runnerDeps(db);
    deps.mailer = { send: async () => { throw new Error('SMTP down'); } };
    expect(await runDueSubscriptions(deps, MONDAY)).toMatchObject({ failed: 1, sent: 0 });
    expect(await rowOf(db, sub.id)).toMatchObject({ next_run_at: '2026-11-23T13:15:30.000Z', claimed_at: null, last_sent_at: null });
    expect(logged.length).toBeGreaterThan(0);
  });

  it('a stale claim (a process that died mid-send) is taken over; a fresh one is not', async () => {
    const sub = await subscribeIn(db, w.admin, 'interactions');
    await db.updateTable('report_subscriptions').set({ claimed_at: '2026-11-23T12:59:00.000Z', claim_token: 'other' }).where('id', '=', sub.id).execute();
    const { deps, mailer } = runnerDeps(db);
    expect(await runDueSubscriptions(deps, MONDAY)).toMatchObject({ sent: 0 });
    expect(await runDueSubscriptions(deps, new Date('2026-11-23T13:10:00.000Z'))).toMatchObject({ sent: 1 });
    expect(mailer.sent).toHaveLength(1);
  });
});

describe('two processes, one database file', () => {
  let dir: string;
  let dbs: DB[] = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-subs-'));
    dbs = [];
  });
  afterEach(async () => {
    for (const db of dbs) await db.destroy().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const fileConfig = () => ({ ...loadConfig({ NODE_ENV: 'test' }), databaseFile: path.join(dir, 'coachwell.sqlite'), publicDir: '/nonexistent', appUrl: 'http://coachwell.test' });

  it('two runners racing on two connections send each due email exactly once', async () => {
    const { db: first } = await prepareDatabase(fileConfig());
    dbs.push(first);
    const second = openDatabase(fileConfig().databaseFile);
    dbs.push(second);
    const w = await buildPulseWorld(first);
    const subs: SubscriptionRow[] = [];
    for (const user of [w.admin, w.principal, w.coach, w.coach2]) subs.push(await subscribeIn(first, user, 'interactions'));
    const a = runnerDeps(first);
    const b = runnerDeps(second);
    const [ra, rb] = await Promise.all([runDueSubscriptions(a.deps, MONDAY), runDueSubscriptions(b.deps, MONDAY)]);
    expect(ra.sent + rb.sent).toBe(4);
    expect(ra.failed + rb.failed).toBe(0);
    const recipients = [...a.mailer.sent, ...b.mailer.sent].map((m) => m.to).sort();
    expect(recipients).toEqual([w.admin.email, w.principal.email, w.coach.email, w.coach2.email].sort());
    const rows = await second.selectFrom('report_subscriptions').select(['next_run_at', 'last_sent_at']).execute();
    expect(rows.every((r) => r.next_run_at === '2026-11-30T13:00:00.000Z' && r.last_sent_at === MONDAY.toISOString())).toBe(true);
  });

  it('survives a restart: a subscription made through one app instance is sent by a new one', async () => {
    const config = fileConfig();
    const { db } = await prepareDatabase(config);
    const w = await buildPulseWorld(db);
    const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: () => {} });
    const agent = await loginAs(app, w.admin);
    const res = await agent.post('/api/report-subscription').set(csrfHeaders(agent)).send({ report: 'interactions', frequency: 'weekly', query: '' });
    expect(res.status).toBe(201);
    await db.destroy();

    const { db: again } = await prepareDatabase(config);
    dbs.push(again);
    const restarted = createApp({ db: again, config, mailer: createMemoryMailer(), limiter: new RateLimiter(again, false), log: () => {} });
    const { deps, mailer } = runnerDeps(again);
    deps.secret = config.sessionSecret;
    expect(await runDueSubscriptions(deps, MONDAY)).toMatchObject({ sent: 1 });
    expect(mailer.sent[0]!.to).toBe(w.admin.email);
    // Its one-click link works on the new instance.
    const link = mailer.sent[0]!.headers!['List-Unsubscribe']!.slice(1, -1).replace('http://coachwell.test', '');
    expect((await request(restarted).post(link)).status).toBe(200);
    expect(await again.selectFrom('report_subscriptions').select('id').execute()).toEqual([]);
  });
});
