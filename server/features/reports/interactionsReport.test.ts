// GET /api/report/interactions (and what every report shares: 401, 404 for an unknown report, the range
// rules, 422s naming fields, scope, filters) against the hand-built data set of reports.fixture.ts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InteractionsReport } from '../../../common/schemas/reports';
import { appWith, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { itRejectsQueries } from '../../testing/checks';
import { freezeDateEachTest } from '../../testing/hooks';
import { insertInteraction } from '../../testing/interactions.fixture';
import { buildReportsWorld, NOW, RANGE, type ReportsWorld, setTargets } from '../../testing/reports.fixture';

let t: TestApp;
let w: ReportsWorld;

freezeDateEachTest(NOW);
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildReportsWorld(app.db)));
});

async function report(user: { email: string; district_id: number | null }, qs = RANGE): Promise<InteractionsReport> {
  const res = await (await loginAs(t.app, user)).get(`/api/report/interactions?${qs}`);
  expect(res.status).toBe(200);
  return res.body;
}
const headline = async (qs: string, user: { email: string; district_id: number | null } = w.admin) => (await report(user, `${RANGE}&${qs}`)).headline;

describe('GET /api/report/interactions', () => {
  it('401 without login; 404 (JSON) for an unknown report', async () => {
    expect((await (await guestAgent(t.app)).get('/api/report/interactions')).status).toBe(401);
    const res = await (await loginAs(t.app, w.admin)).get('/api/report/engagement');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'This report does not exist.', code: 'not_found' });
  });

  itRejectsQueries('/api/report/interactions', () => loginAs(t.app, w.admin), [
    ['a bad date', 'filter[from]=2026-02-30', 'filter.from', 'From must be a date (YYYY-MM-DD).'],
    ['to before from', 'filter[from]=2026-10-01&filter[to]=2026-09-01', 'filter.to', 'To must be on or after From.'],
    ['a range over five years', 'filter[from]=2020-01-01&filter[to]=2026-01-01', 'filter.from', 'The date range can be at most 5 years.'],
    ['an absurd year', 'filter[from]=0001-01-01&filter[to]=0001-01-02', 'filter.from', 'Dates must be between 1970-01-01 and 2999-12-31.'],
    ['a text school', 'filter[building_id][]=abc', 'filter.building_id', 'School must be a school ID.'],
    ['a huge coach id', 'filter[coach_id][]=1e99', 'filter.coach_id', 'Coach must be a coach ID.'],
    ['a bad type', 'filter[interaction_type_id]=-1', 'filter.interaction_type_id', 'Type must be an interaction type ID.'],
    ['a bad group', 'filter[group_id][]=0', 'filter.group_id', 'Group must be a group ID.'],
    ['a bad grade', 'filter[grade_level][]=13', 'filter.grade_level', 'Grade level must be PK, K or 1 to 12.'],
    ['a long subject', `filter[subject][]=${'x'.repeat(101)}`, 'filter.subject', 'Subject must be at most 100 characters.'],
    ['an unknown filter', 'filter[colour]=red', 'filter', 'Unknown filter: colour. Filters are from, to, building_id, coach_id, interaction_type_id, group_id, grade_level and subject.'],
    ['a filter that is not an object', 'filter=abc', 'filter', 'Filters must be written as filter[name]=value.'],
    ['a bad interval', 'interval=day', 'interval', 'Interval must be week or month.'],
  ]);

  it('403 for an educator and for provider staff', async () => {
    expect((await (await loginAs(t.app, w.teacher)).get('/api/report/interactions')).status).toBe(403);
  });

  it('answers the hand-worked figures for a district administrator', async () => {
    const body = await report(w.admin, `${RANGE}&interval=month`);
    expect(body.range).toEqual({ from: '2026-09-01', to: '2026-10-31', timezone: 'America/Chicago' });
    expect(body.headline).toEqual({ interactions: 6, minutes: 200, educators_reached: 4, roster_size: 4, reached_share: 1, educator_initiated: 0 });
    expect(body.trend).toEqual({
      interval: 'month',
      points: [
        { period_start: '2026-09-01', interactions: 4, minutes: 150, educators_reached: 3 },
        { period_start: '2026-10-01', interactions: 2, minutes: 50, educators_reached: 3 },
      ],
    });
    expect(body.by_type).toEqual([
      { id: w.checkIn.id, name: 'Check-in', colour: w.checkIn.colour, interactions: 4, minutes: 95 },
      { id: w.observation.id, name: 'Classroom observation', colour: w.observation.colour, interactions: 2, minutes: 105 },
    ]);
    expect(body.by_school).toEqual([
      // I5 has no school: it counts at its educators' schools that day (Cy at Oak, Ana at Lincoln), not under "No school".
      { id: w.lincoln.id, name: 'Lincoln Middle', interactions: 5, minutes: 155, educators_reached: 3, roster_size: 3 },
      { id: w.oak.id, name: 'Oak Hollow Elementary', interactions: 2, minutes: 75, educators_reached: 1, roster_size: 1 },
    ]);
    expect(body.by_coach).toEqual([
      { id: w.coach.id, name: 'Casey Coach', interactions: 4, minutes: 125, educators_reached: 3, educator_initiated: 0 },
      { id: w.coach2.id, name: 'Cole Coach', interactions: 2, minutes: 75, educators_reached: 2, educator_initiated: 0 },
    ]);
    expect(body.targets).toBeNull();
    expect(JSON.stringify(body)).not.toContain('PRIVATE-NOTE');
    expect(JSON.stringify(body)).not.toContain('Shared note');
  });

  it('by school: an interaction without a school counts at the schools its educators were at on its day; one with no educator at a school stays under "No school"', async () => {
    // Ana moves to Oak Hollow on Oct 7, the day of I5 (Cole, no school, Cy and Ana): on that day both are at Oak.
    await t.db.updateTable('staff_buildings').set({ end_date: '2026-10-06' }).where('staff_id', '=', w.ana.id).execute();
    await t.db.insertInto('staff_buildings').values({ district_id: w.district.id, staff_id: w.ana.id, building_id: w.oak.id, start_date: '2026-10-07', end_date: null, created_at: NOW.toISOString() }).execute();
    // A planning session with no educator and no school.
    await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, startsAt: '2026-10-20T15:00:00.000Z', minutes: 25, buildingId: null, staff: [] });
    const body = await report(w.admin, `${RANGE}&interval=month`);
    expect(body.by_school.map((s) => [s.name, s.interactions, s.minutes])).toEqual([
      ['Lincoln Middle', 4, 125], ['Oak Hollow Elementary', 2, 75], ['No school', 1, 25],
    ]);
    expect(body.headline).toMatchObject({ interactions: 7, minutes: 225 });
  });

  it("a month's educators reached are the distinct educators with a counted interaction in that month, on screen and in the CSV (rollups and rows alike)", async () => {
    // November gets Ana and Ben together, then Jordan: three educators, none of the other months' counts changed.
    const add = (startsAt: string, staff: number[]) => insertInteraction(t.db, {
      districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, startsAt, minutes: 20, buildingId: w.lincoln.id, staff: staff.map((id) => ({ id })),
    });
    await add('2026-11-03T15:00:00.000Z', [w.ana.id, w.ben.id]);
    await add('2026-11-10T15:00:00.000Z', [w.jordan.id]);
    // From the rows: distinct participants of counted interactions per month of Chicago.
    const rows = await t.db.selectFrom('interactions as i').innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
      .select(['i.starts_at', 'p.staff_id']).where('i.district_id', '=', w.district.id).where('i.status', '=', 'completed').where('i.deleted_at', 'is', null).execute();
    const monthOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit' }).format(new Date(iso)).slice(0, 7);
    const expected = new Map<string, Set<number>>();
    for (const r of rows) {
      if (r.starts_at > NOW.toISOString() || r.starts_at < '2026-08-01T05:00:00.000Z') continue;
      const set = expected.get(monthOf(r.starts_at)) ?? new Set<number>();
      set.add(r.staff_id);
      expected.set(monthOf(r.starts_at), set);
    }
    const reach = (month: string) => expected.get(month)?.size ?? 0;
    expect(['2026-08', '2026-09', '2026-10', '2026-11'].map(reach)).toEqual([1, 3, 3, 3]);
    const qs = 'filter[from]=2026-08-01&filter[to]=2026-11-23&interval=month';
    const body = await report(w.admin, qs);
    expect(body.trend.points.map((p) => [p.period_start.slice(0, 7), p.educators_reached])).toEqual(
      ['2026-08', '2026-09', '2026-10', '2026-11'].map((m) => [m, reach(m)]),
    );
    const csv = await (await loginAs(t.app, w.admin)).get(`/api/report/interactions.csv?${qs}&table=trend`);
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\r\n').slice(1).map((line) => line.split(',').map((c) => c.replaceAll('"', '')))
      .map((cells) => [cells[0], Number(cells[3])])).toEqual(['2026-08', '2026-09', '2026-10', '2026-11'].map((m) => [m, reach(m)]));
  });

  it('weeks start on Monday in the district\'s timezone (an interaction at 23:30 on Sep 30 local is in its week)', async () => {
    const body = await report(w.admin);
    expect(body.trend.interval).toBe('week');
    expect(body.trend.points.map((p) => [p.period_start, p.interactions])).toEqual([
      ['2026-08-31', 0], ['2026-09-07', 1], ['2026-09-14', 2], ['2026-09-21', 0], ['2026-09-28', 1],
      ['2026-10-05', 2], ['2026-10-12', 0], ['2026-10-19', 0], ['2026-10-26', 0],
    ]);
    expect((await report(w.admin, 'filter[from]=2026-09-01&filter[to]=2026-09-30')).headline.interactions).toBe(4);
    expect((await report(w.admin, 'filter[from]=2026-10-01&filter[to]=2026-10-31')).headline.interactions).toBe(2);
  });

  it('defaults to this school year up to today in the district\'s timezone', async () => {
    const body = await report(w.admin, '');
    expect(body.range).toEqual({ from: '2026-08-01', to: '2026-11-23', timezone: 'America/Chicago' });
    expect(body.headline.interactions).toBe(7);
    expect(body.trend.interval).toBe('month');
  });

  it('a principal sees only their schools; a coach only their own interactions and caseload', async () => {
    const principal = await report(w.principal);
    expect(principal.headline).toEqual({ interactions: 4, minutes: 125, educators_reached: 3, roster_size: 3, reached_share: 1, educator_initiated: 0 });
    expect(principal.by_school.map((s) => s.name)).toEqual(['Lincoln Middle']);
    expect(principal.by_coach.map((c) => c.name)).toEqual(['Casey Coach']);
    const casey = await report(w.coach);
    expect(casey.headline).toEqual({ interactions: 4, minutes: 125, educators_reached: 3, roster_size: 3, reached_share: 1, educator_initiated: 0 });
    expect(casey.by_coach.map((c) => c.name)).toEqual(['Casey Coach']);
    const cole = await report(w.coach2);
    expect(cole.headline).toEqual({ interactions: 2, minutes: 75, educators_reached: 1, roster_size: 1, reached_share: 1, educator_initiated: 0 });
    expect(cole.by_coach.map((c) => c.id)).toEqual([w.coach2.id]);
    // Filters never reach past the scope: a coach naming the other coach, a principal the other school.
    expect((await headline(`filter[coach_id][]=${w.coach2.id}`, w.coach)).interactions).toBe(0);
    expect(await headline(`filter[building_id][]=${w.oak.id}`, w.principal)).toEqual({ interactions: 0, minutes: 0, educators_reached: 0, roster_size: 0, reached_share: null, educator_initiated: 0 });
  });

  it('filters by school, coach, type, grade level, subject and group, and their combinations', async () => {
    expect(await headline(`filter[building_id][]=${w.oak.id}`)).toEqual({ interactions: 1, minutes: 45, educators_reached: 1, roster_size: 1, reached_share: 1, educator_initiated: 0 });
    expect(await headline(`filter[coach_id][]=${w.coach2.id}`)).toEqual({ interactions: 2, minutes: 75, educators_reached: 1, roster_size: 1, reached_share: 1, educator_initiated: 0 });
    expect(await headline(`filter[interaction_type_id][]=${w.observation.id}`)).toEqual({ interactions: 2, minutes: 105, educators_reached: 3, roster_size: 4, reached_share: 0.75, educator_initiated: 0 });
    expect(await headline('filter[grade_level][]=6')).toEqual({ interactions: 4, minutes: 140, educators_reached: 2, roster_size: 2, reached_share: 1, educator_initiated: 0 });
    expect(await headline('filter[subject][]=Science')).toEqual({ interactions: 2, minutes: 75, educators_reached: 1, roster_size: 1, reached_share: 1, educator_initiated: 0 });
    expect(await headline(`filter[group_id][]=${w.group.id}`)).toEqual({ interactions: 4, minutes: 135, educators_reached: 2, roster_size: 2, reached_share: 1, educator_initiated: 0 });
    expect(await headline(`filter[building_id][]=${w.lincoln.id}&filter[grade_level][]=6`)).toEqual({ interactions: 3, minutes: 110, educators_reached: 2, roster_size: 2, reached_share: 1, educator_initiated: 0 });
    expect(await headline(`filter[grade_level][]=6&filter[grade_level][]=3&filter[interaction_type_id][]=${w.checkIn.id}`))
      .toEqual({ interactions: 3, minutes: 80, educators_reached: 3, roster_size: 3, reached_share: 1, educator_initiated: 0 });
  });

  it('ids of another district match nothing and name nothing', async () => {
    const body = await report(w.admin, `${RANGE}&filter[building_id][]=${w.otherBuilding.id}&filter[group_id][]=${w.otherGroup.id}`);
    expect(body.headline).toEqual({ interactions: 0, minutes: 0, educators_reached: 0, roster_size: 0, reached_share: null, educator_initiated: 0 });
    expect(JSON.stringify(body)).not.toContain('Cedar');
    expect((await headline(`filter[coach_id][]=${w.otherAdmin.id}`)).interactions).toBe(0);
    expect((await headline(`filter[interaction_type_id][]=${w.otherType.id}`)).interactions).toBe(0);
  });

  it('shows progress against the district\'s coaching targets', async () => {
    await setTargets(t.db, w.district.id, { interactions_per_educator_per_month: 0.75, cycles_per_new_teacher_per_semester: 1 });
    const body = await report(w.admin);
    // 61 days ≈ 2.0 months: Ana 3, Ben 2, Cy 2, Jordan 1 interaction → Jordan below 0.75 a month. Ben (hired
    // 2026-03-01) is the one new teacher and has one cycle this semester (C2); with a target of 2 he is below.
    expect(body.targets).toEqual({
      targets: { interactions_per_educator_per_month: 0.75, cycles_per_new_teacher_per_semester: 1 },
      educators_below_interaction_target: 1,
      new_teachers_below_cycle_target: 0,
    });
    await setTargets(t.db, w.district.id, { interactions_per_educator_per_month: null, cycles_per_new_teacher_per_semester: 2 });
    expect((await report(w.admin)).targets).toEqual({
      targets: { interactions_per_educator_per_month: null, cycles_per_new_teacher_per_semester: 2 },
      educators_below_interaction_target: null,
      new_teachers_below_cycle_target: 1,
    });
  });

  it('never answers 500 for odd input', async () => {
    const agent = await loginAs(t.app, w.admin);
    for (const qs of ['filter[from][x]=1', 'filter[building_id][a]=1', 'interval[]=week', 'filter[from]=%E0%A4%A', 'filter[subject][]=%00', 'filter[to]=9999-99-99', '__proto__[x]=1', 'filter[__proto__]=1']) {
      const res = await agent.get(`/api/report/interactions?${qs}`);
      expect(res.status, qs).toBeLessThan(500);
    }
  });
});

// Reports are kept per reader, query and the district's day while nothing in the district changes
// (server/lib/keptAnswers.ts): every change shows on the very next request.
describe('GET /api/report/{kind} kept between requests', () => {
  it('an interaction cancelled after a first report is gone from the next one', async () => {
    const agent = await loginAs(t.app, w.admin);
    const count = async () => ((await agent.get(`/api/report/interactions?${RANGE}`)).body as InteractionsReport).headline.interactions;
    expect(await count()).toBe(6);
    expect(await count()).toBe(6);
    const counted = await t.db.selectFrom('interactions').select('id').where('district_id', '=', w.district.id).where('status', '=', 'completed')
      .where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('interactions').set({ status: 'cancelled' }).where('id', '=', counted.id).execute();
    expect(await count()).toBe(5);
  });

  it('the default range moves with the day: a new day is a new report', async () => {
    const first = (await report(w.admin, '')).range;
    expect((await report(w.admin, '')).range).toEqual(first);
    // A day later (signed in again: the session has ended by then).
    vi.setSystemTime(new Date(NOW.getTime() + 86_400_000));
    expect((await report(w.admin, '')).range).toEqual({ ...first, to: '2026-11-24' });
  });
});

describe('GET /api/report/{kind} kept between requests, per reader', () => {
  it("a coach is never answered from the district admin's kept report", async () => {
    const admin = (await report(w.admin)).headline;
    expect(admin.interactions).toBe(6);
    const coach = (await report(w.coach)).headline;
    const own = await t.db.selectFrom('interactions').select((eb) => eb.fn.countAll().as('n')).where('coach_id', '=', w.coach.id).where('status', '=', 'completed')
      .where('deleted_at', 'is', null).where('starts_at', '>=', '2026-09-01T05:00:00.000Z').where('starts_at', '<', '2026-11-01T05:00:00.000Z').executeTakeFirstOrThrow();
    expect(coach.interactions).toBe(Number(own.n));
    expect(coach.interactions).toBeLessThan(admin.interactions);
  });
});
