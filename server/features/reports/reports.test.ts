// GET /api/report/{coaching-cycles|teacher-level|coaching-team|comparison} and the CSV exports, against the
// hand-built data set of reports.fixture.ts (figures worked out by hand there and below). Range: Sep–Oct
// 2026; today is frozen at Monday 2026-11-23.
import { beforeEach, describe, expect, it } from 'vitest';
import { type CoachingTeamReport, type ComparisonReport, type CyclesReport, REPORTS_PLAN_MESSAGE, type TeacherLevelReport } from '../../../common/schemas/reports';
import { appWith, bodyAsBytes, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { freezeDateEachTest } from '../../testing/hooks';
import { buildReportsWorld, NOW, RANGE, type ReportsWorld, setTargets } from '../../testing/reports.fixture';

let t: TestApp;
let w: ReportsWorld;
type Who = { email: string; district_id: number | null };

freezeDateEachTest(NOW);
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildReportsWorld(app.db)));
});

async function get<T>(user: Who, path: string, status = 200): Promise<T> {
  const res = await (await loginAs(t.app, user)).get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
}

describe('GET /api/report/coaching-cycles', () => {
  it('401, 403 for an educator', async () => {
    expect((await (await guestAgent(t.app)).get('/api/report/coaching-cycles')).status).toBe(401);
    await get(w.teacher, '/api/report/coaching-cycles', 403);
  });

  it('answers the hand-worked figures (cycles overlapping the range; overdue by the stage rule)', async () => {
    const body = await get<CyclesReport>(w.admin, `/api/report/coaching-cycles?${RANGE}`);
    // C1 active, C2 completed, C4 cancelled, C6 completed. Completion rate: 2 completed of the 4 cycles.
    expect(body.headline).toEqual({ cycles: 4, active: 1, completed: 2, overdue: 1, completion_rate: 0.5, average_days_to_complete: 47.5 });
    expect(body.by_status).toEqual([
      { status: 'planned', cycles: 0 }, { status: 'active', cycles: 1 }, { status: 'completed', cycles: 2 }, { status: 'cancelled', cycles: 1 },
    ]);
    const [s1, s2, s3, s4] = w.stages;
    expect(body.funnel).toEqual([
      { stage_id: s1!.id, name: 'Set the goal', expected_days: 14, now: 0, entered: 4, average_days: 11, overdue: 0 },
      { stage_id: s2!.id, name: 'Learn and plan', expected_days: 21, now: 0, entered: 3, average_days: 23.7, overdue: 0 },
      { stage_id: s3!.id, name: 'Practice with feedback', expected_days: 28, now: 1, entered: 2, average_days: 34, overdue: 1 },
      { stage_id: s4!.id, name: 'Reflect', expected_days: 14, now: 0, entered: 1, average_days: 10, overdue: 0 },
    ]);
    expect(body.outcomes).toEqual({ met: 1, partly_met: 0, not_met: 0, not_recorded: 1 });
    expect(body.by_coach).toEqual([
      { id: w.coach.id, name: 'Casey Coach', cycles: 3, active: 1, completed: 1, overdue: 1, met: 1, completion_rate: 0.3333 },
      { id: w.coach2.id, name: 'Cole Coach', cycles: 1, active: 0, completed: 1, overdue: 0, met: 0, completion_rate: 1 },
    ]);
    expect(body.by_school).toEqual([
      { id: w.lincoln.id, name: 'Lincoln Middle', cycles: 4, active: 1, completed: 2, overdue: 1, met: 1, completion_rate: 0.5 },
      { id: w.oak.id, name: 'Oak Hollow Elementary', cycles: 1, active: 0, completed: 1, overdue: 0, met: 0, completion_rate: 1 },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/PRIVATE|Reflection text/);
  });

  it('completion rate: the cycles completed out of all the cycles counted (3 of 7 is 43%, not 100%), on screen and in the CSV', async () => {
    // Cole: C6 completed, plus 2 more completed and 4 active on track (target end next year, none cancelled).
    const [s1] = w.stages;
    const now = new Date().toISOString();
    const addCycle = async (status: 'active' | 'completed') => {
      const row = await t.db.insertInto('coaching_cycles').values({
        district_id: w.district.id, coach_id: w.coach2.id, title: 'A cycle', goal: 'Goal', start_date: '2026-09-14', target_end_date: '2027-05-01', status,
        stage_id: s1!.id, stage_entered_on: '2026-11-20', outcome: status === 'completed' ? 'met' : null, reflection: null,
        completed_on: status === 'completed' ? '2026-10-14' : null, created_by: w.coach2.id, updated_by: w.coach2.id, created_at: now, updated_at: now, deleted_at: null,
      }).returning('id').executeTakeFirstOrThrow();
      await t.db.insertInto('coaching_cycle_staff').values({ district_id: w.district.id, cycle_id: row.id, staff_id: w.cy.id }).execute();
    };
    for (const status of ['completed', 'completed', 'active', 'active', 'active', 'active'] as const) await addCycle(status);
    const body = await get<CyclesReport>(w.admin, `/api/report/coaching-cycles?${RANGE}`);
    expect(body.by_coach.find((c) => c.id === w.coach2.id)).toEqual({
      id: w.coach2.id, name: 'Cole Coach', cycles: 7, active: 4, completed: 3, overdue: 0, met: 2, completion_rate: 0.4286,
    });
    expect(body.headline).toMatchObject({ cycles: 10, completed: 4, completion_rate: 0.4 });
    const csv = await (await loginAs(t.app, w.admin)).get(`/api/report/coaching-cycles.csv?${RANGE}&table=by_coach`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('"Coach","Cycles","Active","Completed","Overdue","Goal met","Completion rate"');
    expect(csv.text).toContain('"Cole Coach","7","4","3","0","2","42.9%"');
  });

  it('scope: a principal sees their school only, a coach their own cycles', async () => {
    const principal = await get<CyclesReport>(w.principal, `/api/report/coaching-cycles?${RANGE}`);
    expect(principal.headline.cycles).toBe(4);
    expect(principal.by_school.map((s) => s.name)).toEqual(['Lincoln Middle']);
    const cole = await get<CyclesReport>(w.coach2, `/api/report/coaching-cycles?${RANGE}`);
    expect(cole.headline).toMatchObject({ cycles: 1, completed: 1, active: 0 });
    expect(cole.by_coach.map((c) => c.id)).toEqual([w.coach2.id]);
    const casey = await get<CyclesReport>(w.coach, `/api/report/coaching-cycles?${RANGE}&filter[coach_id][]=${w.coach2.id}`);
    expect(casey.headline.cycles).toBe(0);
  });

  it('filters by school, coach, grade and group; other district ids match nothing', async () => {
    const q = async (qs: string) => (await get<CyclesReport>(w.admin, `/api/report/coaching-cycles?${RANGE}&${qs}`)).headline.cycles;
    expect(await q(`filter[building_id][]=${w.oak.id}`)).toBe(1);
    // The school filter also narrows the by-school rows (a cycle's other schools are not shown).
    expect((await get<CyclesReport>(w.admin, `/api/report/coaching-cycles?${RANGE}&filter[building_id][]=${w.oak.id}`)).by_school.map((s) => s.name))
      .toEqual(['Oak Hollow Elementary']);
    expect(await q(`filter[coach_id][]=${w.coach.id}`)).toBe(3);
    expect(await q('filter[grade_level][]=7')).toBe(1);
    expect(await q(`filter[group_id][]=${w.group.id}`)).toBe(3);
    expect(await q(`filter[building_id][]=${w.otherBuilding.id}`)).toBe(0);
    expect((await get<CyclesReport>(w.admin, '/api/report/coaching-cycles?filter[from]=2026-11-01&filter[to]=2026-11-30')).headline).toMatchObject({ cycles: 2, active: 2 });
  });
});

describe('GET /api/report/teacher-level', () => {
  it('403 with the plan message on Professional; 422 for a bad sort, view and page', async () => {
    const res = await (await loginAs(t.app, w.proAdmin)).get('/api/report/teacher-level');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REPORTS_PLAN_MESSAGE);
    const agent = await loginAs(t.app, w.admin);
    for (const [qs, field, message] of [
      ['sort=bogus', 'sort', 'Sort must be one of name, school, interactions, minutes, days_since_last_contact, cycles_active, cycles_completed, optionally preceded by -.'],
      ['sort=Name!', 'sort', 'Sort must be a column name, optionally preceded by -.'],
      ['view=some', 'view', 'View must be all or not-coached.'],
      ['page=1e9', 'page', 'Page must be a whole number.'],
      ['per_page=1000', 'per_page', 'Per page must be at most 100.'],
    ] as const) {
      const r = await agent.get(`/api/report/teacher-level?${qs}`);
      expect(r.status, qs).toBe(422);
      expect(r.body.errors[field]).toEqual([message]);
    }
  });

  it('one row per roster educator with the hand-worked figures and skill growth', async () => {
    await setTargets(t.db, w.district.id, { interactions_per_educator_per_month: 0.75 });
    const body = await get<TeacherLevelReport>(w.admin, `/api/report/teacher-level?${RANGE}`);
    expect(body.headline).toEqual({ educators: 4, coached: 4, not_coached: 0, average_interactions: 2 });
    expect(body.domains.map((d) => d.id)).toEqual(w.fw.domains.map((d) => d.id));
    expect(body.meta).toEqual({ page: 1, per_page: 25, total: 4, last_page: 1 });
    const rows = body.data.map((r) => [r.staff.name, r.school?.name, r.interactions, r.minutes, r.last_contact_on, r.days_since_last_contact, r.cycles_active, r.cycles_completed, r.below_target]);
    expect(rows).toEqual([
      ['Ana Alvarez', 'Lincoln Middle', 3, 120, '2026-10-07', 24, 1, 1, false],
      ['Ben Brooks', 'Lincoln Middle', 2, 75, '2026-09-30', 31, 0, 1, false],
      ['Cy Chen', 'Oak Hollow Elementary', 2, 75, '2026-10-07', 24, 0, 1, false],
      ['Jordan Ellis', 'Lincoln Middle', 1, 20, '2026-10-06', 25, 0, 0, true],
    ]);
    expect(body.data[0]!.skill_growth[0]).toEqual({ domain_id: w.fw.domains[0]!.id, first: 1.5, latest: 2, change: 0.5 });
    expect(body.data[0]!.skill_growth[1]).toEqual({ domain_id: w.fw.domains[1]!.id, first: null, latest: null, change: null });
    expect(body.data[1]!.skill_growth[0]!.first).toBeNull();
    expect(JSON.stringify(body)).not.toMatch(/PRIVATE/);
  });

  it('sorts, pages, and lists who is not yet coached this school year', async () => {
    const names = async (qs: string) => (await get<TeacherLevelReport>(w.admin, `/api/report/teacher-level?${RANGE}&${qs}`)).data.map((r) => r.staff.name);
    expect(await names('sort=-interactions')).toEqual(['Ana Alvarez', 'Ben Brooks', 'Cy Chen', 'Jordan Ellis']);
    expect(await names('sort=days_since_last_contact')).toEqual(['Ana Alvarez', 'Cy Chen', 'Jordan Ellis', 'Ben Brooks']);
    expect(await names('sort=-name')).toEqual(['Jordan Ellis', 'Cy Chen', 'Ben Brooks', 'Ana Alvarez']);
    expect(await names('sort=school')).toEqual(['Ana Alvarez', 'Ben Brooks', 'Jordan Ellis', 'Cy Chen']);
    const page = await get<TeacherLevelReport>(w.admin, `/api/report/teacher-level?${RANGE}&per_page=2&page=2`);
    expect(page.data.map((r) => r.staff.name)).toEqual(['Cy Chen', 'Jordan Ellis']);
    expect(page.meta).toEqual({ page: 2, per_page: 2, total: 4, last_page: 2 });
    // Up to Aug 31 (the school year began Aug 1): only Ana (I11, Aug 20) has been coached.
    const august = await get<TeacherLevelReport>(w.admin, '/api/report/teacher-level?filter[to]=2026-08-31&view=not-coached');
    expect(august.range.from).toBe('2026-08-01');
    expect(august.data.map((r) => r.staff.name)).toEqual(['Ben Brooks', 'Cy Chen', 'Jordan Ellis']);
    expect(august.headline).toEqual({ educators: 4, coached: 1, not_coached: 3, average_interactions: 0.3 });
  });

  it('scope: a coach sees their caseload; a principal their school', async () => {
    const cole = await get<TeacherLevelReport>(w.coach2, `/api/report/teacher-level?${RANGE}`);
    expect(cole.data.map((r) => [r.staff.name, r.interactions])).toEqual([['Cy Chen', 2]]);
    const principal = await get<TeacherLevelReport>(w.principal, `/api/report/teacher-level?${RANGE}`);
    expect(principal.data.map((r) => r.staff.name)).toEqual(['Ana Alvarez', 'Ben Brooks', 'Jordan Ellis']);
    // Ana's interaction at no school (I5, Cole) is not the principal's.
    expect(principal.data[0]!.interactions).toBe(2);
  });
});

describe('GET /api/report/coaching-team', () => {
  it('one row per coach with the hand-worked figures and time use', async () => {
    const body = await get<CoachingTeamReport>(w.admin, `/api/report/coaching-team?${RANGE}`);
    expect(body.data).toEqual([
      { coach: { id: w.coach.id, name: 'Casey Coach' }, caseload: 3, interactions: 4, coaching_minutes: 60, other_interaction_minutes: 65, activity_minutes: 120, educators_reached: 3, cycles_active: 1, cycles_completed: 1,
        action_steps: { due: 0, on_time: 0, late: 0, overdue: 0, on_time_share: null }, requests: { received: 0, accepted: 0, passed: 0, waiting: 0, withdrawn: 0 }, educator_initiated: 0 },
      { coach: { id: w.coach2.id, name: 'Cole Coach' }, caseload: 1, interactions: 2, coaching_minutes: 45, other_interaction_minutes: 30, activity_minutes: 60, educators_reached: 2, cycles_active: 0, cycles_completed: 1,
        action_steps: { due: 0, on_time: 0, late: 0, overdue: 0, on_time_share: null }, requests: { received: 0, accepted: 0, passed: 0, waiting: 0, withdrawn: 0 }, educator_initiated: 0 },
    ]);
    expect(body.headline).toEqual({ coaches: 2, interactions: 6, coaching_minutes: 105, activity_minutes: 180, educators_reached: 4 });
    expect(body.time_use.filter((x) => x.minutes > 0)).toEqual([
      { key: 'coaching', label: 'Coaching', minutes: 105 },
      { key: 'other-interactions', label: 'Other interactions', minutes: 95 },
      { key: 'planning', label: 'Planning', minutes: 90 },
      { key: 'meeting', label: 'Meeting', minutes: 60 },
      { key: 'travel', label: 'Travel', minutes: 30 },
    ]);
    expect(body.time_use).toHaveLength(10);
  });

  it('sorts; 422 for an unknown column', async () => {
    const ids = async (qs: string) => (await get<CoachingTeamReport>(w.admin, `/api/report/coaching-team?${RANGE}&${qs}`)).data.map((r) => r.coach.id);
    expect(await ids('sort=-activity_minutes'.replace('activity_minutes', 'caseload'))).toEqual([w.coach.id, w.coach2.id]);
    expect(await ids('sort=caseload')).toEqual([w.coach2.id, w.coach.id]);
    expect(await ids('sort=-name')).toEqual([w.coach2.id, w.coach.id]);
    const res = await (await loginAs(t.app, w.admin)).get('/api/report/coaching-team?sort=minutes');
    expectFieldError(res, 'sort', 'Sort must be one of name, caseload, interactions, coaching_minutes, educators_reached, cycles_active, cycles_completed, optionally preceded by -.');
  });

  it('scope: a coach sees only their own row; a principal the coaches of their schools', async () => {
    const cole = await get<CoachingTeamReport>(w.coach2, `/api/report/coaching-team?${RANGE}`);
    expect(cole.data.map((r) => [r.coach.name, r.interactions, r.educators_reached, r.caseload])).toEqual([['Cole Coach', 2, 1, 1]]);
    const principal = await get<CoachingTeamReport>(w.principal, `/api/report/coaching-team?${RANGE}`);
    expect(principal.data.map((r) => r.coach.name)).toEqual(['Casey Coach']);
  });
});

describe('GET /api/report/comparison', () => {
  it('403 with the plan message on Professional; 422 naming each segment field', async () => {
    expect((await get<{ message: string }>(w.proAdmin, '/api/report/comparison?compare=building&a=1&b=2', 403)).message).toBe(REPORTS_PLAN_MESSAGE);
    const agent = await loginAs(t.app, w.admin);
    const errors = async (qs: string) => {
      const res = await agent.get(`/api/report/comparison?${qs}`);
      expect(res.status, qs).toBe(422);
      return res.body.errors;
    };
    expect(await errors('compare=colour')).toEqual({ compare: ['Compare must be building, group, coach or period.'] });
    expect(await errors(`compare=building&a=${w.lincoln.id}`)).toEqual({ b: ['Choose two to compare.'] });
    expect(await errors(`compare=building&a=${w.otherBuilding.id}&b=${w.oak.id}`)).toEqual({ a: ['School must be a school ID.'] });
    expect(await errors(`compare=group&a=${w.group.id}&b=${w.otherGroup.id}`)).toEqual({ b: ['Group must be a group ID.'] });
    expect(await errors(`compare=coach&a=${w.admin.id}&b=${w.coach.id}`)).toEqual({ a: ['Coach must be a coach ID.'] });
    expect(await errors('compare=period&a_from=2026-09-01&a_to=x&b_from=2026-10-01&b_to=2026-09-01')).toEqual({
      a_to: ['Choose a date for each period (YYYY-MM-DD).'], b_to: ['The end of a period must be on or after its start.'],
    });
    // A principal cannot compare a school that is not theirs.
    const principal = await loginAs(t.app, w.principal);
    const res = await principal.get(`/api/report/comparison?compare=building&a=${w.lincoln.id}&b=${w.oak.id}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ b: ['School must be a school ID.'] });
  });

  it('two schools side by side with the differences', async () => {
    const body = await get<ComparisonReport>(w.admin, `/api/report/comparison?${RANGE}&compare=building&a=${w.lincoln.id}&b=${w.oak.id}&filter[building_id][]=${w.oak.id}`);
    expect(body.segments).toEqual({
      a: { label: 'Lincoln Middle', from: '2026-09-01', to: '2026-10-31' },
      b: { label: 'Oak Hollow Elementary', from: '2026-09-01', to: '2026-10-31' },
    });
    expect(body.measures.map((m) => [m.key, m.a, m.b, m.difference])).toEqual([
      ['interactions', 4, 1, -3],
      ['minutes', 125, 45, -80],
      ['educators_reached', 3, 1, -2],
      ['reached_share', 1, 1, 0],
      ['roster_size', 3, 1, -2],
      ['cycles_active', 1, 0, -1],
      ['cycles_completed', 2, 1, -1],
      ['average_interactions_per_educator', 1.3, 1, -0.3],
    ]);
  });

  it('two periods, two coaches', async () => {
    const periods = await get<ComparisonReport>(w.admin, '/api/report/comparison?compare=period&a_from=2026-09-01&a_to=2026-09-30&b_from=2026-10-01&b_to=2026-10-31');
    expect(periods.segments.a).toEqual({ label: 'Sep 1, 2026 – Sep 30, 2026', from: '2026-09-01', to: '2026-09-30' });
    expect(periods.measures.map((m) => [m.key, m.a, m.b])).toEqual([
      ['interactions', 4, 2], ['minutes', 150, 50], ['educators_reached', 3, 3], ['reached_share', 0.75, 0.75], ['roster_size', 4, 4],
      ['cycles_active', 1, 1], ['cycles_completed', 2, 2], ['average_interactions_per_educator', 1, 0.5],
    ]);
    const coaches = await get<ComparisonReport>(w.admin, `/api/report/comparison?${RANGE}&compare=coach&a=${w.coach.id}&b=${w.coach2.id}`);
    expect(coaches.measures.slice(0, 3).map((m) => [m.a, m.b])).toEqual([[4, 2], [125, 75], [3, 1]]);
  });
});

describe('GET /api/report/{kind}.csv', () => {
  it('the table shown, as UTF-8 with a BOM and CRLF, formulas neutralised, named by report, table and range', async () => {
    await t.db.updateTable('users').set({ name: '=HYPERLINK("http://evil")' }).where('id', '=', w.coach2.id).execute();
    const res = await bodyAsBytes((await loginAs(t.app, w.admin)).get(`/api/report/interactions.csv?${RANGE}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="interactions-by-coach-2026-09-01-to-2026-10-31.csv"');
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      '"Coach","Interactions","Hours","Educators reached","Educator-initiated"\r\n'
      + '"Casey Coach","4","2.1","3","0"\r\n'
      + '"\'=HYPERLINK(""http://evil"")","2","1.3","2","0"\r\n',
    );
  });

  it('each report\'s tables; 422 for a table the report does not have; the plan gate', async () => {
    const agent = await loginAs(t.app, w.admin);
    const text = async (path: string) => {
      const res = await agent.get(path);
      expect(res.status, path).toBe(200);
      return res.text.replace(/^\uFEFF/, '');
    };
    expect(await text(`/api/report/interactions.csv?${RANGE}&table=by_school`)).toBe(
      '"School","Interactions","Hours","Educators reached","Educators on roster"\r\n"Lincoln Middle","5","2.6","3","3"\r\n"Oak Hollow Elementary","2","1.3","1","1"\r\n',
    );
    expect((await text(`/api/report/interactions.csv?${RANGE}&table=trend&interval=month`)).split('\r\n')[1]).toBe('"2026-09","4","2.5","3"');
    expect((await text(`/api/report/coaching-cycles.csv?${RANGE}&table=funnel`)).split('\r\n')[0]).toBe('"Stage","Cycles in stage now","Cycles that entered","Average days","Expected days","Overdue"');
    const teachers = await text(`/api/report/teacher-level.csv?${RANGE}&per_page=1`);
    expect(teachers.split('\r\n')).toHaveLength(6); // header, every educator (not one page), final CRLF
    expect((await text(`/api/report/coaching-team.csv?${RANGE}`)).split('\r\n')[1]).toBe('"Casey Coach","3","4","1","1.1","2","3","1","1","0","0","0","0","","0","0","0","0","0"');
    expect((await text(`/api/report/comparison.csv?${RANGE}&compare=building&a=${w.lincoln.id}&b=${w.oak.id}`)).split('\r\n')[0]).toBe('"Measure","Lincoln Middle","Oak Hollow Elementary","Difference"');
    const bad = await agent.get('/api/report/interactions.csv?table=measures');
    expectFieldError(bad, 'table', 'Table must be one of by_coach, by_school, by_type, trend, action_steps_by_coach, action_steps_by_school, requests_by_coach, requests_by_school.');
    expect((await (await loginAs(t.app, w.proAdmin)).get('/api/report/teacher-level.csv')).status).toBe(403);
    expect((await (await guestAgent(t.app)).get('/api/report/interactions.csv')).status).toBe(401);
  });
});

describe('drill-down through the list APIs with the same filters', () => {
  it('GET /api/interaction: filter[grade_level][] and filter[subject][] match participants (422 for bad values)', async () => {
    const agent = await loginAs(t.app, w.admin);
    const ids = async (qs: string) => {
      const res = await agent.get(`/api/interaction?${RANGE}&filter[status][]=completed&${qs}`);
      expect(res.status, qs).toBe(200);
      return res.body.data.map((i: { id: number }) => i.id).sort((a: number, b: number) => a - b);
    };
    const sorted = (...xs: { id: number }[]) => xs.map((x) => x.id).sort((a, b) => a - b);
    // The report's figure for grade 6 is 4 interactions: I1, I2, I4, I5.
    expect(await ids('filter[grade_level][]=6')).toEqual(sorted(w.i1, w.i2, w.i4, w.i5));
    expect(await ids('filter[subject][]=Science')).toEqual(sorted(w.i1, w.i9));
    expect(await ids(`filter[subject][]=Science&filter[building_id][]=${w.lincoln.id}&filter[grade_level][]=7`)).toEqual(sorted(w.i1, w.i9));
    const bad = await agent.get('/api/interaction?filter[grade_level][]=13&filter[subject][]=' + 'x'.repeat(101));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'filter.grade_level': ['Grade level must be PK, K or 1 to 12.'], 'filter.subject': ['Subject must be at most 100 characters.'] });
  });

  it('GET /api/coaching-cycle: filter[from] and filter[to] list the cycles overlapping the range (422 for bad dates)', async () => {
    const agent = await loginAs(t.app, w.admin);
    const ids = async (qs: string) => {
      const res = await agent.get(`/api/coaching-cycle?${qs}`);
      expect(res.status, qs).toBe(200);
      return res.body.data.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b);
    };
    // The report counts 4 cycles in Sep–Oct: C1, C2, C4, C6.
    expect(await ids(RANGE)).toEqual([w.c1.id, w.c2.id, w.c4.id, w.c6.id]);
    expect(await ids(`${RANGE}&filter[due][]=overdue`)).toEqual([w.c1.id]);
    expect(await ids('filter[from]=2026-11-01')).toEqual([w.c1.id, w.c3.id]);
    const bad = await agent.get('/api/coaching-cycle?filter[from]=2026-10-01&filter[to]=2026-09-01');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'filter.to': ['To must be on or after From.'] });
    expect((await agent.get('/api/coaching-cycle?filter[from]=yesterday')).body.errors).toEqual({ 'filter.from': ['From must be a date (YYYY-MM-DD).'] });
  });
});
