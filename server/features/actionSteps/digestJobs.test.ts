import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DB, nowIso, openDatabase } from '../../../db/connection';
import { prepareDatabase } from '../../bootstrap';
import { loadConfig } from '../../config';
import { createMemoryMailer, type Mail, type Mailer } from '../../lib/mailer';
import { createTestApp } from '../../testing/app';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../../testing/factories';
import { digestWeek, type DigestRunnerDeps, runActionStepDigests } from './digestJobs';

/** Monday 30 November 2026, 07:05 in Chicago (13:05 UTC); 05:05 in Los Angeles. */
const MONDAY = new Date('2026-11-30T13:05:00.000Z');
const NEXT_MONDAY = new Date('2026-12-07T13:05:00.000Z');

function runner(db: DB, mailer: Mailer = createMemoryMailer()) {
  const logged: unknown[][] = [];
  const deps: DigestRunnerDeps = { db, mailer, appUrl: 'http://coachwell.test', log: (...a) => logged.push(a) };
  return { deps, logged };
}

async function step(db: DB, staff: { id: number; district_id: number }, title: string, dueOn: string | null, status: 'open' | 'done' | 'dropped' = 'open') {
  const now = nowIso();
  await db.insertInto('action_steps').values({
    district_id: staff.district_id, staff_id: staff.id, title, detail: null, due_on: dueOn, set_by_user_id: null, source_type: null, source_id: null,
    status, done_on: status === 'done' ? '2026-11-20' : null, note: null, status_by_user_id: null, status_at: null, created_at: now, updated_at: now,
  }).execute();
}

/** An educator login linked to an active staff row of the district. */
async function educator(db: DB, districtId: number, buildingId: number, name: string, opts: { staffStatus?: 'active' | 'inactive'; role?: string; userStatus?: 'active' | 'disabled' } = {}) {
  const user = await buildUser(db, { role: opts.role ?? 'educator', districtId, name, status: opts.userStatus });
  const [first, last] = name.split(' ') as [string, string];
  const staff = await buildStaff(db, { districtId, buildingId, firstName: first, lastName: last, userId: user.id, status: opts.staffStatus });
  return { user, staff };
}

async function buildDigestWorld(db: DB) {
  const maple = await buildDistrict(db, { name: 'Maple' });
  await db.updateTable('districts').set({ timezone: 'America/Chicago' }).where('id', '=', maple.id).execute();
  const school = await buildBuilding(db, maple.id);
  // Jordan: two steps to tell about, and four that are not (due later, done, dropped, undated).
  const jordan = await educator(db, maple.id, school.id, 'Jordan Ellis');
  await step(db, jordan.staff, 'Post the learning target', '2026-12-03');
  await step(db, jordan.staff, 'Try think-pair-share <b>with</b> http://evil.example', '2026-11-25');
  await step(db, jordan.staff, 'Plan the unit test', '2026-12-15');
  await step(db, jordan.staff, 'Old step already done', '2026-11-20', 'done');
  await step(db, jordan.staff, 'A dropped step', '2026-11-20', 'dropped');
  await step(db, jordan.staff, 'Someday', null);
  // Nothing due this week.
  const nora = await educator(db, maple.id, school.id, 'Nora Nothing');
  await step(db, nora.staff, 'Due next month', '2026-12-28');
  // Turned the email off.
  const otto = await educator(db, maple.id, school.id, 'Otto Optout');
  await step(db, otto.staff, 'Otto overdue', '2026-11-26');
  await db.insertInto('action_step_digests').values({ user_id: otto.user.id, district_id: maple.id, weekly_email: 0, last_week: null, updated_at: nowIso() }).execute();
  // A disabled login; an active login whose staff row is inactive.
  const dora = await educator(db, maple.id, school.id, 'Dora Disabled', { userStatus: 'disabled' });
  await step(db, dora.staff, 'Dora overdue', '2026-11-26');
  const ian = await educator(db, maple.id, school.id, 'Ian Inactive', { staffStatus: 'inactive' });
  await step(db, ian.staff, 'Ian overdue', '2026-11-26');
  // A coach who is on the roster too: not an educator-only login.
  const cora = await educator(db, maple.id, school.id, 'Cora Coach', { role: 'coach' });
  await step(db, cora.staff, 'Cora overdue', '2026-11-26');
  // Another district, in Los Angeles (two hours later there).
  const river = await buildDistrict(db, { name: 'River' });
  await db.updateTable('districts').set({ timezone: 'America/Los_Angeles' }).where('id', '=', river.id).execute();
  const riverSchool = await buildBuilding(db, river.id);
  const rita = await educator(db, river.id, riverSchool.id, 'Rita River');
  await db.updateTable('users').set({ timezone: 'America/Los_Angeles' }).where('id', '=', rita.user.id).execute();
  await step(db, rita.staff, 'Rita secret step', '2026-12-01');
  return { maple, river, jordan, nora, otto, dora, ian, cora, rita };
}

const lastWeek = (db: DB, userId: number) => db.selectFrom('action_step_digests').select('last_week').where('user_id', '=', userId).executeTakeFirst();

describe('digestWeek', () => {
  it('is the Monday from Monday 07:00 to Tuesday 07:00 in the zone, else null', () => {
    expect(digestWeek('America/Chicago', new Date('2026-11-30T12:59:00Z'))).toBeNull();
    expect(digestWeek('America/Chicago', new Date('2026-11-30T13:00:00Z'))).toBe('2026-11-30');
    expect(digestWeek('America/Chicago', new Date('2026-12-01T12:59:00Z'))).toBe('2026-11-30');
    expect(digestWeek('America/Chicago', new Date('2026-12-01T13:00:00Z'))).toBeNull();
    expect(digestWeek('America/Los_Angeles', MONDAY)).toBeNull();
    expect(digestWeek('Pacific/Auckland', new Date('2026-11-29T18:30:00Z'))).toBe('2026-11-30');
  });
});

describe('the weekly action-step email', () => {
  let db: DB;
  let w: Awaited<ReturnType<typeof buildDigestWorld>>;
  beforeEach(async () => {
    db = (await createTestApp()).db;
    w = await buildDigestWorld(db);
  });

  it('goes to an educator with steps overdue or due within 7 days; not to nothing due, turned off, disabled, inactive or a coach', async () => {
    const mailer = createMemoryMailer();
    expect(await runActionStepDigests(runner(db, mailer).deps, new Date('2026-11-30T12:55:00Z'))).toEqual({ claimed: 0, sent: 0, failed: 0 });
    const summary = await runActionStepDigests(runner(db, mailer).deps, MONDAY);
    // Jordan and Nora have their week written (Nora: nothing due); only Jordan gets mail.
    expect(summary).toEqual({ claimed: 2, sent: 1, failed: 0 });
    expect(mailer.sent.map((m) => m.to)).toEqual([w.jordan.user.email]);
    expect(await lastWeek(db, w.jordan.user.id)).toEqual({ last_week: '2026-11-30' });
    expect(await lastWeek(db, w.nora.user.id)).toEqual({ last_week: '2026-11-30' });
    expect(await lastWeek(db, w.otto.user.id)).toEqual({ last_week: null });
    for (const who of [w.dora, w.ian, w.cora, w.rita]) expect(await lastWeek(db, who.user.id)).toBeUndefined();
  });

  it('lists only the educator\'s own due steps, overdue first, with the due day and state; escaped and defanged', async () => {
    const mailer = createMemoryMailer();
    await runActionStepDigests(runner(db, mailer).deps, MONDAY);
    const mail = mailer.sent[0]!;
    expect(mail.subject).toBe('Your action steps this week');
    expect(mail.link).toBe('http://coachwell.test/app/action-steps');
    expect(mail.text).toContain('Hello Jordan Ellis,\n\nYou have 1 step overdue and 1 step due in the next 7 days:');
    expect(mail.html).toContain('href="http://coachwell.test/app/settings"');
    const lines = mail.text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toEqual([
      '- Try think-pair-share <b>with</b> http[:]//evil[.]example (Overdue: due Wed, Nov 25, 2026)',
      '- Post the learning target (Due soon: due Thu, Dec 3, 2026)',
    ]);
    expect(mail.text).toContain('Open your action steps: http://coachwell.test/app/action-steps');
    expect(mail.text).toContain('Account Settings: http://coachwell.test/app/settings');
    expect(mail.html).toContain('Try think-pair-share &lt;b&gt;with&lt;/b&gt; http[:]//evil[.]example');
    expect(mail.html).not.toContain('<b>with');
    expect(mail.html).toContain('href="http://coachwell.test/app/action-steps"');
    for (const other of ['Plan the unit test', 'Old step already done', 'A dropped step', 'Someday', 'Due next month', 'Otto', 'Dora', 'Ian', 'Cora', 'Rita']) {
      expect(mail.text).not.toContain(other);
      expect(mail.html).not.toContain(other);
    }
  });

  it('is written once a week: a second pass (or a later one that day) sends nothing; the next Monday sends again', async () => {
    const mailer = createMemoryMailer();
    await runActionStepDigests(runner(db, mailer).deps, MONDAY);
    expect(await runActionStepDigests(runner(db, mailer).deps, MONDAY)).toEqual({ claimed: 0, sent: 0, failed: 0 });
    // A step due this week added later that Monday (08:30 in Chicago, before 07:00 in Los Angeles): Nora's week is written, so nothing until next Monday.
    await step(db, w.nora.staff, 'Added on Monday', '2026-12-02');
    expect(await runActionStepDigests(runner(db, mailer).deps, new Date('2026-11-30T14:30:00Z'))).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(1);
    const next = await runActionStepDigests(runner(db, mailer).deps, NEXT_MONDAY);
    expect(next).toEqual({ claimed: 2, sent: 2, failed: 0 });
    expect(mailer.sent.slice(1).map((m) => m.to).sort()).toEqual([w.jordan.user.email, w.nora.user.email].sort());
    expect(mailer.sent.find((m) => m.to === w.nora.user.email)!.text).toContain('- Added on Monday (Overdue: due Wed, Dec 2, 2026)');
  });

  it('each district at 07:00 in its own timezone, with only its own steps', async () => {
    const mailer = createMemoryMailer();
    await runActionStepDigests(runner(db, mailer).deps, MONDAY);
    expect(mailer.sent.map((m) => m.to)).toEqual([w.jordan.user.email]);
    const la = await runActionStepDigests(runner(db, mailer).deps, new Date('2026-11-30T15:05:00Z'));
    expect(la).toEqual({ claimed: 1, sent: 1, failed: 0 });
    const rita = mailer.sent[1]!;
    expect(rita.to).toBe(w.rita.user.email);
    expect(rita.text).toContain('- Rita secret step (Due soon: due Tue, Dec 1, 2026)');
    expect(rita.text).not.toContain('think-pair-share');
  });

  it('nothing in a suspended district; a login that turns it back on gets the next week', async () => {
    await db.updateTable('districts').set({ status: 'suspended' }).where('id', '=', w.river.id).execute();
    const mailer = createMemoryMailer();
    await runActionStepDigests(runner(db, mailer).deps, new Date('2026-11-30T15:05:00Z'));
    expect(mailer.sent.map((m) => m.to)).not.toContain(w.rita.user.email);
    await db.updateTable('action_step_digests').set({ weekly_email: 1 }).where('user_id', '=', w.otto.user.id).execute();
    await runActionStepDigests(runner(db, mailer).deps, NEXT_MONDAY);
    expect(mailer.sent.map((m) => m.to)).toContain(w.otto.user.email);
  });

  it('a failed send gives the week back: the next pass sends it', async () => {
    let fail = true;
    const sent: Mail[] = [];
    const flaky: Mailer = { async send(mail) { if (fail) throw new Error('SMTP down'); sent.push(mail); } };
    const { deps, logged } = runner(db, flaky);
    expect(await runActionStepDigests(deps, MONDAY)).toEqual({ claimed: 2, sent: 0, failed: 1 });
    expect(logged).toHaveLength(1);
    expect(await lastWeek(db, w.jordan.user.id)).toEqual({ last_week: null });
    fail = false;
    expect(await runActionStepDigests(deps, new Date('2026-11-30T13:10:00Z'))).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual([w.jordan.user.email]);
  });

  it('goes on each person\'s own clock: Monday 07:00 and "today" in their profile timezone, the district\'s when theirs is unreadable', async () => {
    // Jordan, of the Chicago district, lives by Auckland's clock: their Monday 07:05 is Sunday 18:05 UTC, still
    // Sunday Nov 29 in Chicago. On their day (Monday Nov 30) a step due Nov 29 is overdue and one due Dec 7 is within 7 days.
    await db.updateTable('users').set({ timezone: 'Pacific/Auckland' }).where('id', '=', w.jordan.user.id).execute();
    await step(db, w.jordan.staff, 'Due on Sunday', '2026-11-29');
    await step(db, w.jordan.staff, 'Due a week on', '2026-12-07');
    // Nora's profile timezone is unreadable: the district's clock (Chicago) is hers.
    await db.updateTable('users').set({ timezone: 'Mars/Olympus_Mons' }).where('id', '=', w.nora.user.id).execute();
    await step(db, w.nora.staff, 'Nora this week', '2026-12-02');
    const mailer = createMemoryMailer();
    expect(await runActionStepDigests(runner(db, mailer).deps, new Date('2026-11-29T17:55:00Z'))).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(await runActionStepDigests(runner(db, mailer).deps, new Date('2026-11-29T18:05:00Z'))).toEqual({ claimed: 1, sent: 1, failed: 0 });
    const jordan = mailer.sent[0]!;
    expect(jordan.to).toBe(w.jordan.user.email);
    expect(jordan.text.split('\n').filter((l) => l.startsWith('- '))).toEqual([
      '- Try think-pair-share <b>with</b> http[:]//evil[.]example (Overdue: due Wed, Nov 25, 2026)',
      '- Due on Sunday (Overdue: due Sun, Nov 29, 2026)',
      '- Post the learning target (Due soon: due Thu, Dec 3, 2026)',
      '- Due a week on (Due soon: due Mon, Dec 7, 2026)',
    ]);
    expect(await lastWeek(db, w.jordan.user.id)).toEqual({ last_week: '2026-11-30' });
    expect(await lastWeek(db, w.nora.user.id)).toBeUndefined();
    // Chicago's Monday 07:05: Nora (the district's clock); Jordan's week is written already.
    expect(await runActionStepDigests(runner(db, mailer).deps, MONDAY)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(mailer.sent[1]!.to).toBe(w.nora.user.email);
    expect(mailer.sent[1]!.text).toContain('- Nora this week (Due soon: due Wed, Dec 2, 2026)');
  });

  it('one digest a week for a person whose timezone changes within it', async () => {
    await db.updateTable('users').set({ timezone: 'Pacific/Auckland' }).where('id', '=', w.jordan.user.id).execute();
    const mailer = createMemoryMailer();
    await runActionStepDigests(runner(db, mailer).deps, new Date('2026-11-29T18:05:00Z'));
    expect(mailer.sent.map((m) => m.to)).toEqual([w.jordan.user.email]);
    // They move to Los Angeles: its Monday 07:05 is the same week, already written.
    await db.updateTable('users').set({ timezone: 'America/Los_Angeles' }).where('id', '=', w.jordan.user.id).execute();
    await runActionStepDigests(runner(db, mailer).deps, new Date('2026-11-30T15:05:00Z'));
    // (Rita, of the Los Angeles district, gets hers then.)
    expect(mailer.sent.map((m) => m.to)).toEqual([w.jordan.user.email, w.rita.user.email]);
    // The next Monday on their new clock: the next digest.
    await runActionStepDigests(runner(db, mailer).deps, new Date('2026-12-07T15:05:00Z'));
    expect(mailer.sent.map((m) => m.to).filter((to) => to === w.jordan.user.email)).toHaveLength(2);
  });

  it('two runners at the same moment send each email once', async () => {
    const a = createMemoryMailer();
    const b = createMemoryMailer();
    const [ra, rb] = await Promise.all([runActionStepDigests(runner(db, a).deps, MONDAY), runActionStepDigests(runner(db, b).deps, MONDAY)]);
    expect(ra.claimed + rb.claimed).toBe(2);
    expect([...a.sent, ...b.sent].map((m) => m.to)).toEqual([w.jordan.user.email]);
  });
});

describe('two processes, one database file', () => {
  let dir: string;
  let dbs: DB[] = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-digest-'));
    dbs = [];
  });
  afterEach(async () => {
    for (const db of dbs) await db.destroy().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('[SQLite] two runners on two connections send each email exactly once', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseFile: path.join(dir, 'coachwell.sqlite'), publicDir: '/nonexistent', appUrl: 'http://coachwell.test' };
    const { db: first } = await prepareDatabase(config);
    dbs.push(first);
    const second = openDatabase(config.databaseFile);
    dbs.push(second);
    const w = await buildDigestWorld(first);
    await step(first, w.nora.staff, 'Nora due soon', '2026-12-04');
    const a = createMemoryMailer();
    const b = createMemoryMailer();
    const [ra, rb] = await Promise.all([runActionStepDigests(runner(first, a).deps, MONDAY), runActionStepDigests(runner(second, b).deps, MONDAY)]);
    expect(ra.sent + rb.sent).toBe(2);
    expect([...a.sent, ...b.sent].map((m) => m.to).sort()).toEqual([w.jordan.user.email, w.nora.user.email].sort());
    expect(await runActionStepDigests(runner(second, b).deps, MONDAY)).toEqual({ claimed: 0, sent: 0, failed: 0 });
  });
});
