// The demo's coaching requests (db/seeds/demoCoachingRequests.ts): the Maple Grove demo teacher has a request
// accepted with its session scheduled on a coming school day and one waiting; every Maple Grove coach has a
// request waiting in their queue, one of them passed on with a note; earlier requests accepted (their sessions
// since completed) or withdrawn; each as the app would store it. The reports show them with the action steps.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seeds/demo';
import { isSchoolDay, localDay } from '../db/seeds/demoCalendar';
import { createTestApp, loginAs, type TestApp } from './testing/app';
import { runDemoSeed } from './bootstrap';

describe('demo coaching requests', () => {
  let t: TestApp;
  const demo = {} as { db: TestApp['db']; maple: { id: number } };
  beforeAll(async () => {
    t = await createTestApp();
    await runDemoSeed(t.db);
    demo.db = t.db;
    demo.maple = await t.db.selectFrom('districts').select('id').where('name', 'like', 'Maple Grove%').executeTakeFirstOrThrow();
  }, 120_000);
  const signIn = (email: string) => loginAs(t.app, { email, district_id: demo.maple.id }, DEMO_PASSWORD);

  it('the demo teacher sees one request with its session scheduled on a coming school day and one waiting', async () => {
    const teacher = await signIn('teacher@maplegrove.example');
    const res = await teacher.get('/api/coaching-request');
    expect(res.status).toBe(200);
    const [waiting, accepted] = res.body.data;
    expect(res.body.data).toHaveLength(2);
    expect(waiting).toMatchObject({ status: 'open', staff: { name: 'Jordan Ellis' }, session: null, can: { withdraw: true } });
    expect(waiting.holders.length).toBeGreaterThan(0);
    expect(accepted).toMatchObject({ status: 'accepted', staff: { name: 'Jordan Ellis' }, holders: [], session: { status: 'scheduled', duration_minutes: 30 } });
    expect(Date.parse(accepted.session.starts_at)).toBeGreaterThan(Date.now());
    expect(isSchoolDay(localDay(new Date(accepted.session.starts_at), 'America/Chicago'))).toBe(true);
    // The session is with the coach who accepted it, at the teacher's school, and on the teacher's own list.
    const session = await demo.db.selectFrom('interactions').selectAll().where('id', '=', accepted.session.id).executeTakeFirstOrThrow();
    expect(session.coach_id).toBe(accepted.accepted_by.id);
    const coachSchools = (await demo.db.selectFrom('user_buildings').select('building_id').where('user_id', '=', session.coach_id).execute()).map((b) => b.building_id);
    expect(coachSchools).toContain(session.building_id);
    expect((await teacher.get('/api/interaction?filter[status]=scheduled')).body.data.map((i: { id: number }) => i.id)).toContain(session.id);
  });

  it('every Maple Grove coach has a request waiting in their queue, with the educator\'s words; one passed on with a note', async () => {
    const notes: (string | null)[] = [];
    for (const email of ['coach@maplegrove.example', 'coach2@maplegrove.example', 'coach3@maplegrove.example']) {
      const res = await (await signIn(email)).get('/api/coaching-request?filter[status]=open&filter[status]=passed');
      expect(res.status).toBe(200);
      const mine = res.body.data.filter((r: { can: { accept: boolean } }) => r.can.accept);
      expect(mine.length, email).toBeGreaterThan(0);
      for (const r of mine) expect(r.message, email).toEqual(expect.any(String));
      notes.push(...mine.map((r: { pass_note: string | null }) => r.pass_note));
    }
    expect(notes.filter((n) => n !== null)).toHaveLength(1);
  });

  it('the reports show educator-initiated coaching and follow-through for every coach: accepted requests, sessions from them, steps on time and late', async () => {
    const res = await (await signIn('admin@maplegrove.example')).get('/api/report/interactions');
    expect(res.status).toBe(200);
    const { headline, requests, action_steps: steps, by_coach: byCoach } = res.body;
    expect(headline.educator_initiated).toBeGreaterThanOrEqual(9);
    expect(requests.headline.accepted).toBeGreaterThanOrEqual(10);
    expect(requests.headline.withdrawn).toBe(3);
    expect(requests.headline.waiting).toBeGreaterThanOrEqual(4);
    expect(requests.by_coach).toHaveLength(3);
    for (const c of requests.by_coach) expect(c.accepted, c.name).toBeGreaterThanOrEqual(3);
    // The coaches (the principal's walkthroughs come from no request).
    const coaches = new Set(requests.by_coach.map((c: { id: number }) => c.id));
    for (const c of byCoach.filter((x: { id: number }) => coaches.has(x.id))) expect(c.educator_initiated, c.name).toBeGreaterThanOrEqual(3);
    // A realistic mix: most steps on time, some late or overdue, for each coach and most schools.
    expect(steps.headline.on_time_share).toBeGreaterThan(0.55);
    expect(steps.headline.on_time_share).toBeLessThan(0.9);
    expect(steps.headline.late).toBeGreaterThanOrEqual(5);
    expect(steps.by_coach).toHaveLength(3);
    for (const c of steps.by_coach) {
      expect(c.on_time, c.name).toBeGreaterThan(0);
      expect(c.late + c.overdue, c.name).toBeGreaterThan(0);
    }
    expect(steps.by_school.filter((s: { on_time: number; late: number; overdue: number }) => s.on_time > 0 && s.late + s.overdue > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('requests are made on school days, before now, and only Maple Grove has any', async () => {
    const rows = await demo.db.selectFrom('coaching_requests').selectAll().execute();
    expect(new Set(rows.map((r) => r.district_id))).toEqual(new Set([demo.maple.id]));
    for (const r of rows) {
      expect(isSchoolDay(localDay(new Date(r.created_at), 'America/Chicago')), r.topic).toBe(true);
      expect(Date.parse(r.created_at)).toBeLessThan(Date.now());
    }
  });
});
