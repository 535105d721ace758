// The demo's coaching requests (db/seeds/demoCoachingRequests.ts): the Maple Grove demo teacher has a request
// accepted with its session scheduled on a coming school day and one waiting; every Maple Grove coach has a
// request waiting in their queue, one of them passed on with a note; each as the app would store it.
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

  it('requests are made on school days, before now, and only Maple Grove has any', async () => {
    const rows = await demo.db.selectFrom('coaching_requests').selectAll().execute();
    expect(new Set(rows.map((r) => r.district_id))).toEqual(new Set([demo.maple.id]));
    for (const r of rows) {
      expect(isSchoolDay(localDay(new Date(r.created_at), 'America/Chicago')), r.topic).toBe(true);
      expect(Date.parse(r.created_at)).toBeLessThan(Date.now());
    }
  });
});
