// The demo a buyer evaluates is coherent (issue 26, "A demo that demos"): nobody coaches on a weekend or
// a US school holiday (in the district's own timezone), coaches coach only educators at their own
// schools, every demo login has signed in, weekly volumes are a coach's, every report can be seen in some
// demo district (Riverbend is on Enterprise), coaching-cycle notes are written on school days, and the
// administrators of Maple Grove and Riverbend find their setup checklist finished (calendar sync is on). Valle del
// Sol, the small Spanish district (issue 33), keeps the same rules at its own, smaller volumes.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, RIVERBEND_INVITED, seedDemo } from '../db/seeds/demo';
import { REPORT_KINDS } from '../common/schemas/reports';
import { PLANS } from '../common/plans';
import { dashboardFigures } from './features/adminOps/queries';
import { presentChecklist } from './features/setup/presenter';
import { setupFacts } from './features/setup/queries';
import { createDistrict, createUser } from './identity/accounts';
import { createTestApp, loginAs, type TestApp } from './testing/app';
import { loadConfig } from './config';
import { secretBoxFor } from './lib/secretBox';

// A Friday after spring break: the seeded school year so far
// holds every holiday from Labor Day to spring break (and 2 weeks ahead).
const TODAY = new Date('2027-03-26T20:00:00Z');

/** The listed holidays of the 2026–27 school year, written out by hand. */
const HOLIDAYS_2026_27 = new Set([
  '2026-09-07', // Labor Day
  '2026-10-12', // Indigenous Peoples' Day
  '2026-11-11', // Veterans Day
  '2026-11-26', '2026-11-27', // Thanksgiving and the Friday after
  '2026-12-22', '2026-12-23', '2026-12-24', '2026-12-25', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', // winter break
  '2027-01-18', // Martin Luther King Jr. Day
  '2027-02-15', // Presidents' Day
  '2027-03-15', '2027-03-16', '2027-03-17', '2027-03-18', '2027-03-19', // spring break
  '2027-05-31', // Memorial Day
]);

function local(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { day: `${get('year')}-${get('month')}-${get('day')}`, weekday: get('weekday'), minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}
const schoolDay = (l: { day: string; weekday: string }) => !['Sat', 'Sun'].includes(l.weekday) && !HOLIDAYS_2026_27.has(l.day);
/** The Monday of a calendar day's week. */
const mondayOf = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};

let t: TestApp;
let districts: { id: number; name: string; timezone: string; plan: string; status: string }[];

describe('the demo districts', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const box = secretBoxFor(loadConfig({ NODE_ENV: 'test' }));
    expect(await seedDemo(t.db, { createDistrict, createUser, sealSecret: (plain) => box.seal(plain) }, TODAY)).toBe(true);
    districts = await t.db.selectFrom('districts').innerJoin('plans', 'plans.id', 'districts.plan_id')
      .select(['districts.id', 'districts.name', 'districts.timezone', 'plans.key as plan', 'districts.status']).orderBy('districts.id').execute();
  }, 120_000);

  it('are Maple Grove on Professional, Cedar Falls on an Essentials trial, Riverbend on Enterprise and Valle del Sol (in Spanish) on Professional', async () => {
    expect(districts.map((d) => [d.name, d.plan, d.status])).toEqual([
      ['Maple Grove Unified School District', 'professional', 'active'],
      ['Cedar Falls Community Schools', 'essentials', 'trial'],
      ['Riverbend Public Schools', 'enterprise', 'active'],
      ['Distrito Escolar Independiente Valle del Sol', 'professional', 'active'],
    ]);
    expect(districts[2]!.timezone).toBe('America/Denver');
    const settings = await t.db.selectFrom('districts').select('settings').orderBy('id').execute();
    expect(settings.map((r) => JSON.parse(r.settings).language ?? null)).toEqual([null, null, null, 'es']);
  });

  it('have no interaction, logged activity or skill rating on a weekend or a school holiday, in the district\'s timezone', async () => {
    for (const d of districts) {
      const interactions = await t.db.selectFrom('interactions').select(['starts_at', 'created_at']).where('district_id', '=', d.id).execute();
      const activities = await t.db.selectFrom('activities').select(['starts_at', 'minutes']).where('district_id', '=', d.id).execute();
      if (d.name.startsWith('Cedar')) continue;
      // Valle del Sol is small on purpose: a fortnight of one coach (db/seeds/demoSpanish.ts).
      const small = d.name.includes('Valle del Sol');
      expect(interactions.length).toBeGreaterThan(small ? 15 : 100);
      expect(activities.length).toBeGreaterThan(small ? 2 : 50);
      const ratings = await t.db.selectFrom('skill_ratings').select('rated_on').where('district_id', '=', d.id).execute();
      expect(ratings.length).toBeGreaterThan(small ? 20 : 500);
      expect(ratings.filter((r) => !schoolDay({ day: r.rated_on, weekday: new Date(`${r.rated_on}T12:00:00Z`).toUTCString().slice(0, 3) })).map((r) => r.rated_on)).toEqual([]);
      const off = [...interactions, ...activities].map((r) => ({ at: r.starts_at, ...local(r.starts_at, d.timezone) })).filter((l) => !schoolDay(l));
      expect(off, d.name).toEqual([]);
      for (const r of interactions) {
        const l = local(r.starts_at, d.timezone);
        expect(l.minutes).toBeGreaterThanOrEqual(7 * 60 + 45);
        expect(l.minutes).toBeLessThanOrEqual(15 * 60 + 30);
        // Logged no later than the seeding day, and a completed one not before it happened.
        expect(r.created_at <= TODAY.toISOString()).toBe(true);
      }
    }
  });

  it('have coaching-cycle notes on school days only, in the district\'s timezone, within each cycle and before the seeding', async () => {
    for (const d of districts) {
      const notes = await t.db.selectFrom('coaching_cycle_notes as n').innerJoin('coaching_cycles as c', 'c.id', 'n.cycle_id')
        .select(['n.created_at', 'c.start_date', 'c.status', 'c.completed_on', 'c.id']).where('n.district_id', '=', d.id).execute();
      if (d.name.startsWith('Cedar')) {
        expect(notes).toEqual([]);
        continue;
      }
      expect(notes.length, d.name).toBeGreaterThan(d.name.startsWith('Maple') ? 20 : d.name.includes('Valle del Sol') ? 1 : 8);
      const off = notes.map((n) => ({ at: n.created_at, ...local(n.created_at, d.timezone) })).filter((l) => !schoolDay(l));
      expect(off, d.name).toEqual([]);
      for (const n of notes) {
        const day = local(n.created_at, d.timezone).day;
        expect(day >= n.start_date, `cycle ${n.id}: note ${day} before its start ${n.start_date}`).toBe(true);
        if (n.completed_on) expect(day <= n.completed_on, `cycle ${n.id}: note ${day} after it was completed ${n.completed_on}`).toBe(true);
        expect(n.created_at <= TODAY.toISOString()).toBe(true);
      }
    }
  });

  it("have calendar sync on for a coach of each district whose plan has it, so the administrators' setup checklist is finished", async () => {
    const feeds = await t.db.selectFrom('calendar_feeds as f').innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['u.email', 'f.district_id', 'f.token_hash', 'f.created_at']).orderBy('u.email').execute();
    expect(feeds.map((f) => f.email)).toEqual(['coach2@riverbend.example', 'coach3@maplegrove.example']);
    for (const f of feeds) {
      expect(f.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(f.created_at < TODAY.toISOString()).toBe(true);
    }
    // The checklist GET /api/setup-checklist answers their administrators (read here without signing in: a
    // sign-in would move the demo logins' last sign-in, which the tests above and below read).
    for (const name of ['Maple', 'Riverbend']) {
      const district = districts.find((d) => d.name.startsWith(name))!;
      const checklist = presentChecklist(PLANS.find((p) => p.key === district.plan)!.features, await setupFacts(t.db, district.id), 'en');
      expect(checklist.items.filter((i) => !i.done).map((i) => i.key), name).toEqual([]);
      expect(checklist).toMatchObject({ complete: true, done_count: checklist.total, total: 7 });
      expect(checklist.items.map((i) => i.key)).toContain('calendar-sync');
    }
  });

  it('have every coach\'s caseload, interaction participants and cycle educators at the coach\'s own schools', async () => {
    const schoolsOf = new Map<number, Set<number>>();
    for (const r of await t.db.selectFrom('user_buildings').select(['user_id', 'building_id']).execute()) {
      schoolsOf.set(r.user_id, (schoolsOf.get(r.user_id) ?? new Set()).add(r.building_id));
    }
    const history = await t.db.selectFrom('staff_buildings').select(['staff_id', 'building_id', 'start_date', 'end_date']).execute();
    const schoolOn = (staffId: number, day: string) => history.find((h) => h.staff_id === staffId && h.start_date <= day && (h.end_date === null || h.end_date >= day))?.building_id;
    const current = (staffId: number) => history.find((h) => h.staff_id === staffId && h.end_date === null)?.building_id;

    const caseloads = await t.db.selectFrom('coach_assignments').select(['coach_id', 'staff_id', 'start_date', 'end_date']).execute();
    expect(caseloads.length).toBeGreaterThan(40);
    for (const a of caseloads.filter((c) => c.end_date === null)) expect(schoolsOf.get(a.coach_id)?.has(current(a.staff_id)!), `caseload ${a.coach_id}:${a.staff_id}`).toBe(true);
    for (const a of caseloads.filter((c) => c.end_date !== null)) expect(schoolsOf.get(a.coach_id)?.has(schoolOn(a.staff_id, a.end_date!)!)).toBe(true);
    // Every coach of Maple Grove, Riverbend and Valle del Sol has a caseload; every school with a coach has coached educators.
    const coaches = await t.db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id').innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('users.id').where('roles.name', '=', 'coach').where('users.status', '=', 'active').execute();
    expect(coaches.length).toBe(6);
    for (const c of coaches) expect(caseloads.some((a) => a.coach_id === c.id && a.end_date === null)).toBe(true);
    for (const [coach, schools] of schoolsOf) {
      if (!coaches.some((c) => c.id === coach)) continue;
      for (const s of schools) expect(caseloads.some((a) => a.coach_id === coach && a.end_date === null && current(a.staff_id) === s), `coach ${coach} at school ${s}`).toBe(true);
    }

    const participants = await t.db.selectFrom('interaction_participants as p').innerJoin('interactions as i', 'i.id', 'p.interaction_id')
      .innerJoin('districts as d', 'd.id', 'i.district_id')
      .select(['i.coach_id', 'i.starts_at', 'i.building_id', 'p.staff_id', 'd.timezone']).execute();
    expect(participants.length).toBeGreaterThan(500);
    const outside = participants.filter((p) => {
      const school = schoolOn(p.staff_id, local(p.starts_at, p.timezone).day);
      return !schoolsOf.get(p.coach_id)?.has(school!) || p.building_id !== school;
    });
    expect(outside).toEqual([]);

    const cycleStaff = await t.db.selectFrom('coaching_cycle_staff as s').innerJoin('coaching_cycles as c', 'c.id', 's.cycle_id')
      .select(['c.coach_id', 's.staff_id']).execute();
    expect(cycleStaff.length).toBeGreaterThan(20);
    for (const s of cycleStaff) expect(schoolsOf.get(s.coach_id)?.has(current(s.staff_id)!)).toBe(true);
  });

  it('have every demo login signed in on a recent school day in working hours; the invited ones have not', async () => {
    const users = await t.db.selectFrom('users').leftJoin('districts', 'districts.id', 'users.district_id')
      .select(['users.email', 'users.status', 'users.last_login_at', 'districts.timezone']).execute();
    const active = users.filter((u) => u.status === 'active');
    expect(active.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    for (const u of active) {
      expect(u.last_login_at, u.email).not.toBeNull();
      expect(u.last_login_at! <= TODAY.toISOString()).toBe(true);
      expect(TODAY.getTime() - Date.parse(u.last_login_at!)).toBeLessThan(8 * 86_400_000);
      const l = local(u.last_login_at!, u.timezone ?? 'America/Chicago');
      expect(schoolDay(l), `${u.email} ${l.day}`).toBe(true);
      expect(l.minutes).toBeGreaterThanOrEqual(7 * 60);
      expect(l.minutes).toBeLessThanOrEqual(17 * 60);
    }
    const invited = users.filter((u) => u.status === 'invited');
    expect(invited.map((u) => u.email).sort()).toEqual(RIVERBEND_INVITED.map((u) => u.email).sort());
    expect(invited.every((u) => u.last_login_at === null)).toBe(true);
  });

  it('log 8 to 20 interactions a coach in a full school week, and the provider dashboard counts a week of that', async () => {
    let fullWeeks = 0;
    for (const d of districts) {
      const rows = await t.db.selectFrom('interactions').select(['coach_id', 'starts_at']).where('district_id', '=', d.id).execute();
      const perWeek = new Map<string, number>();
      const schoolDaysOf = new Map<string, Set<string>>();
      for (const r of rows) {
        const l = local(r.starts_at, d.timezone);
        const key = `${r.coach_id}:${mondayOf(l.day)}`;
        perWeek.set(key, (perWeek.get(key) ?? 0) + 1);
      }
      // School days of each week (Monday to Friday less the holidays).
      for (const key of perWeek.keys()) {
        const monday = key.split(':')[1]!;
        const days = [0, 1, 2, 3, 4].map((k) => new Date(Date.parse(`${monday}T00:00:00Z`) + k * 86_400_000).toISOString().slice(0, 10))
          .filter((day) => !HOLIDAYS_2026_27.has(day) && day >= '2026-08-17');
        schoolDaysOf.set(monday, new Set(days));
      }
      for (const [key, n] of perWeek) {
        const monday = key.split(':')[1]!;
        expect(n, key).toBeLessThanOrEqual(20);
        // A full school week that is over.
        if (schoolDaysOf.get(monday)!.size === 5 && monday < mondayOf(local(TODAY.toISOString(), d.timezone).day)) {
          fullWeeks++;
          expect(n, key).toBeGreaterThanOrEqual(8);
        }
      }
    }
    expect(fullWeeks).toBeGreaterThan(60);

    // "N interactions logged this week" (since Monday, UTC) on the provider dashboard: six coaches' week.
    const figures = await dashboardFigures(t.db, TODAY);
    expect(figures.interactions).toBeGreaterThan(6 * 5);
    expect(figures.interactions).toBeLessThanOrEqual(6 * 25);
    expect(figures.active7).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.filter((a) => a.district).length - 1);
  });

  it('give every coach a past interaction still to complete ("Needs completing"), from the last ten days', async () => {
    const rows = await t.db.selectFrom('interactions').select(['coach_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'scheduled').where('starts_at', '<', TODAY.toISOString())
      .where('starts_at', '>=', new Date(TODAY.getTime() - 10 * 86_400_000).toISOString()).groupBy('coach_id').execute();
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => Number(r.n) >= 1 && Number(r.n) < 10)).toBe(true);
  });

  it('show every report kind in some demo district: Riverbend (Enterprise) answers all five, Maple Grove is refused the advanced two', async () => {
    const riverbend = districts.find((d) => d.plan === 'enterprise')!;
    const schools = await t.db.selectFrom('buildings').select('id').where('district_id', '=', riverbend.id).orderBy('id').execute();
    const admin = await loginAs(t.app, { email: 'admin@riverbend.example', district_id: riverbend.id }, DEMO_PASSWORD);
    for (const kind of REPORT_KINDS) {
      const query = kind === 'comparison' ? `?compare=building&a=${schools[0]!.id}&b=${schools[1]!.id}` : '';
      const res = await admin.get(`/api/report/${kind}${query}`);
      expect(res.status, `${kind}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    }
    const teacherLevel = await admin.get('/api/report/teacher-level');
    expect(JSON.stringify(teacherLevel.body)).toContain('Carmen Delgado');

    const maple = districts.find((d) => d.plan === 'professional')!;
    const mapleAdmin = await loginAs(t.app, { email: 'admin@maplegrove.example', district_id: maple.id }, DEMO_PASSWORD);
    expect((await mapleAdmin.get('/api/report/teacher-level')).status).toBe(403);
    expect((await mapleAdmin.get('/api/report/coaching-cycles')).status).toBe(200);
  });

  it("sign in at Riverbend (Enterprise) with Google: one connection its administrator sees, password sign-in on so every demo login works, its secret sealed", async () => {
    const riverbend = districts.find((d) => d.plan === 'enterprise')!;
    const rows = await t.db.selectFrom('sso_connections').selectAll().execute();
    expect(rows.map((r) => [r.district_id, r.kind, r.issuer, r.domains, r.password_login, r.create_users]))
      .toEqual([[riverbend.id, 'google', 'https://accounts.google.com', '["riverbend.example"]', 1, 0]]);
    expect(secretBoxFor(loadConfig({ NODE_ENV: 'test' })).open(rows[0]!.client_secret_sealed)).toBe('GOCSPX-demo-placeholder-not-a-real-secret');
    const admin = await loginAs(t.app, { email: 'admin@riverbend.example', district_id: riverbend.id }, DEMO_PASSWORD);
    const res = await admin.get('/api/district/sso');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ kind_label: 'Google', has_secret: true, password_login: true, domains: ['riverbend.example'] })]);
    const local = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: riverbend.timezone, weekday: 'short' }).format(new Date(iso));
    expect(['Sat', 'Sun']).not.toContain(local(rows[0]!.created_at));
    expect(rows[0]!.created_at < TODAY.toISOString()).toBe(true);
    // Maple Grove (Professional) has none: single sign-on is an Enterprise feature.
    const maple = districts.find((d) => d.plan === 'professional')!;
    const mapleAdmin = await loginAs(t.app, { email: 'admin@maplegrove.example', district_id: maple.id }, DEMO_PASSWORD);
    expect((await mapleAdmin.get('/api/district/sso')).status).toBe(403);
  });
});
