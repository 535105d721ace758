// The demo's read log (db/seeds/demoReadLog.ts): the Maple Grove demo teacher sees who read about them over the
// last school weeks, taken from their own records: their coach, the observers, the principal, and once Coachwell
// support signed in as the principal; each on a school day up to today, never the teacher themself, at most one
// row per reader, kind and day; and reading their records as the app does writes the same kind of row.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seeds/demo';
import { isSchoolDay, localDay } from '../db/seeds/demoCalendar';
import { createTestApp, loginAs, type TestApp } from './testing/app';
import { runDemoSeed } from './bootstrap';

describe('demo read log', () => {
  let t: TestApp;
  let maple: { id: number };
  beforeAll(async () => {
    t = await createTestApp();
    await runDemoSeed(t.db);
    maple = await t.db.selectFrom('districts').select('id').where('name', 'like', 'Maple Grove%').executeTakeFirstOrThrow();
  }, 120_000);
  const signIn = (email: string) => loginAs(t.app, { email, district_id: maple.id }, DEMO_PASSWORD);

  it('the demo teacher sees their coach, the principal and once Coachwell support, by day, on school days up to today', async () => {
    const teacher = await signIn('teacher@maplegrove.example');
    const res = await teacher.get('/api/me/read-log?per_page=100');
    expect(res.status).toBe(200);
    const entries: { day: string; reader: string; role: string; support: boolean; kinds: string[] }[] = res.body.data;
    expect(entries.length).toBeGreaterThan(8);
    const today = localDay(new Date(), 'America/Chicago');
    for (const e of entries) {
      expect(isSchoolDay(e.day), e.day).toBe(true);
      expect(e.day <= today).toBe(true);
      expect(e.reader).not.toBe('Jordan Ellis');
    }
    const days = entries.map((e) => e.day);
    expect([...days].sort().reverse()).toEqual(days);
    const byReader = (name: string) => entries.filter((e) => e.reader === name);
    expect(byReader('Marcus Bell').map((e) => e.role)).toContain('Principal (building administrator)');
    expect(byReader('Marcus Bell').flatMap((e) => e.kinds)).toEqual(expect.arrayContaining(['observation', 'skill_rating', 'interaction']));
    expect(byReader('Coachwell support for Marcus Bell')).toEqual([
      { day: expect.any(String), reader: 'Coachwell support for Marcus Bell', role: 'Principal (building administrator)', support: true, kinds: ['skill_rating'] },
    ]);
    // Their coach (from the caseload) opened their interactions.
    const staff = await t.db.selectFrom('staff').innerJoin('users', 'users.id', 'staff.user_id').select('staff.id')
      .where('users.email', '=', 'teacher@maplegrove.example').executeTakeFirstOrThrow();
    const coachNames = (await t.db.selectFrom('coach_assignments as a').innerJoin('users as u', 'u.id', 'a.coach_id').select('u.name')
      .where('a.staff_id', '=', staff.id).execute()).map((c) => c.name);
    const coachEntries = entries.filter((e) => coachNames.includes(e.reader));
    expect(coachEntries.length).toBeGreaterThan(2);
    expect(coachEntries.every((e) => e.role === 'Coach')).toBe(true);
    expect(coachEntries.flatMap((e) => e.kinds)).toContain('interaction');
  });

  it('holds one row per reader, kind and day, and a coach\'s new read of the teacher adds today\'s row', async () => {
    const rows = await t.db.selectFrom('record_reads').selectAll().where('district_id', '=', maple.id).execute();
    const keys = rows.map((r) => `${r.staff_id}|${r.reader_user_id}|${r.impersonated_by ?? 0}|${r.kind}|${r.day}`);
    expect(new Set(keys).size).toBe(keys.length);
    const principal = await signIn('principal@maplegrove.example');
    const staff = await t.db.selectFrom('staff').innerJoin('users', 'users.id', 'staff.user_id').select(['staff.id'])
      .where('users.email', '=', 'teacher@maplegrove.example').executeTakeFirstOrThrow();
    expect((await principal.get(`/api/staff/${staff.id}/skill-rating`)).status).toBe(200);
    const today = localDay(new Date(), 'America/Chicago');
    const mine = await t.db.selectFrom('record_reads as r').innerJoin('users as u', 'u.id', 'r.reader_user_id').select(['r.kind', 'r.day', 'r.impersonated_by'])
      .where('r.staff_id', '=', staff.id).where('u.email', '=', 'principal@maplegrove.example').where('r.day', '=', today).execute();
    expect(mine).toContainEqual({ kind: 'skill_rating', day: today, impersonated_by: null });
  });
});
