// GET /api/report/interactions: action steps done on time and coaching requests (educator-initiated coaching),
// by coach and by school (issue 29), against the reports' hand-built world (reports.fixture.ts) plus the steps
// and requests below. The range is September and October 2026; "today" is 2026-11-23 (Chicago).
//
// Action steps (owner · school · coach on Oct 31):
//   A1 Ana    Lincoln Casey  due Sep 20, done Sep 18        on time
//   A2 Ana    Lincoln Casey  due Oct 10, done Oct 12        late
//   A3 Ben    Lincoln Casey  due Oct 15, open               overdue
//   A4 Ben    Lincoln Casey  due Oct 20, dropped            not counted
//   A5 Jordan Lincoln Casey  no due day, done Oct 1         not counted (no due day)
//   A6 Cy     Oak     Cole   due Sep 30, done Sep 30        on time
//   A7 Cy     Oak     Cole   due Nov 30, open               after the range
//   A8 Jordan Lincoln Casey  due Oct 31, done Oct 31        on time
//   A9 Sam Stranger (Cedar, another district)  due Oct 5, open   never counted
// Requests (asker · made · holders · now):
//   R1 Ana    Sep 10  Casey                       accepted by Casey, its session I2 (Sep 15, completed)
//   R2 Jordan Oct 2   Casey, passed to Cole       waiting with Cole
//   R3 Cy     Oct 5   Cole                        open, waiting
//   R4 Ben    Oct 6   Casey                       withdrawn
//   R5 Ana    Nov 5   Casey                       accepted (after the range)
//   R6 Jordan Oct 20  Casey, passed to Cole       accepted by Cole, its session I12 (Oct 22, Cole, completed)
import { beforeEach, describe, expect, it } from 'vitest';
import type { CoachingTeamReport, InteractionsReport } from '../../../common/schemas/reports';
import { nowIso } from '../../../db/connection';
import { appWith, loginAs, type TestApp } from '../../testing/app';
import { freezeDateEachTest } from '../../testing/hooks';
import { insertInteraction } from '../../testing/interactions.fixture';
import { buildReportsWorld, NOW, RANGE, type ReportsWorld } from '../../testing/reports.fixture';

let t: TestApp;
let w: ReportsWorld & { i12: { id: number } };

freezeDateEachTest(NOW);
beforeEach(async () => {
  ({ t, w } = await appWith(async (app) => {
    const world = await buildReportsWorld(app.db);
    const db = app.db;
    const d = world.district.id;
    const now = nowIso();
    const step = (staffId: number, dueOn: string | null, status: 'open' | 'done' | 'dropped', doneOn: string | null = null, districtId = d) =>
      db.insertInto('action_steps').values({
        district_id: districtId, staff_id: staffId, title: 'A step', detail: null, due_on: dueOn, set_by_user_id: world.coach.id, source_type: null,
        source_id: null, status, done_on: doneOn, note: null, status_by_user_id: null, status_at: null, created_at: now, updated_at: now,
      }).execute();
    await step(world.ana.id, '2026-09-20', 'done', '2026-09-18');
    await step(world.ana.id, '2026-10-10', 'done', '2026-10-12');
    await step(world.ben.id, '2026-10-15', 'open');
    await step(world.ben.id, '2026-10-20', 'dropped');
    await step(world.jordan.id, null, 'done', '2026-10-01');
    await step(world.cy.id, '2026-09-30', 'done', '2026-09-30');
    await step(world.cy.id, '2026-11-30', 'open');
    await step(world.jordan.id, '2026-10-31', 'done', '2026-10-31');
    // Another district's step (its own educator): never in this district's figures.
    await step(world.stranger.id, '2026-10-05', 'open', null, world.other.id);

    const i12 = await insertInteraction(db, {
      districtId: d, typeId: world.checkIn.id, coachId: world.coach2.id, startsAt: '2026-10-22T15:00:00.000Z', minutes: 30, buildingId: world.lincoln.id,
      staff: [{ id: world.jordan.id }],
    });
    const request = async (staffId: number, createdAt: string, status: 'open' | 'passed' | 'accepted' | 'withdrawn',
      holders: { userId: number; reason: 'coach' | 'school' | 'passed'; from: string; until?: string }[], accepted?: { by: number; interactionId: number }) => {
      const row = await db.insertInto('coaching_requests').values({
        district_id: d, staff_id: staffId, requested_by_user_id: null, topic: 'Help', message: 'Please', preferred_times: null, status,
        interaction_id: accepted?.interactionId ?? null, accepted_by_user_id: accepted?.by ?? null, accepted_at: accepted ? createdAt : null,
        pass_note: null, passed_by_user_id: null, passed_at: null, withdrawn_at: null, created_at: createdAt, updated_at: createdAt,
      }).returning('id').executeTakeFirstOrThrow();
      for (const h of holders) {
        await db.insertInto('coaching_request_holders').values({
          district_id: d, request_id: row.id, user_id: h.userId, reason: h.reason, created_at: h.from, ended_at: h.until ?? null,
        }).execute();
      }
    };
    const at = (day: string) => `${day}T21:00:00.000Z`;
    await request(world.ana.id, at('2026-09-10'), 'accepted', [{ userId: world.coach.id, reason: 'coach', from: at('2026-09-10'), until: at('2026-09-11') }],
      { by: world.coach.id, interactionId: world.i2.id });
    await request(world.jordan.id, at('2026-10-02'), 'passed', [
      { userId: world.coach.id, reason: 'coach', from: at('2026-10-02'), until: at('2026-10-03') },
      { userId: world.coach2.id, reason: 'passed', from: at('2026-10-03') },
    ]);
    await request(world.cy.id, at('2026-10-05'), 'open', [{ userId: world.coach2.id, reason: 'coach', from: at('2026-10-05') }]);
    await request(world.ben.id, at('2026-10-06'), 'withdrawn', [{ userId: world.coach.id, reason: 'coach', from: at('2026-10-06'), until: at('2026-10-07') }]);
    await request(world.ana.id, at('2026-11-05'), 'accepted', [{ userId: world.coach.id, reason: 'coach', from: at('2026-11-05'), until: at('2026-11-06') }],
      { by: world.coach.id, interactionId: world.i2.id });
    await request(world.jordan.id, at('2026-10-20'), 'accepted', [
      { userId: world.coach.id, reason: 'coach', from: at('2026-10-20'), until: at('2026-10-21') },
      { userId: world.coach2.id, reason: 'passed', from: at('2026-10-21'), until: at('2026-10-21').replace('21:00', '22:00') },
    ], { by: world.coach2.id, interactionId: i12.id });
    return { ...world, i12 };
  }));
});

async function report(user: { email: string; district_id: number | null }, qs = RANGE): Promise<InteractionsReport> {
  const res = await (await loginAs(t.app, user)).get(`/api/report/interactions?${qs}`);
  expect(res.status).toBe(200);
  return res.body;
}

const steps = (due: number, onTime: number, late: number, overdue: number, share: number | null) => ({ due, on_time: onTime, late, overdue, on_time_share: share });
const asks = (received: number, accepted: number, passed: number, waiting: number, withdrawn: number) => ({ received, accepted, passed, waiting, withdrawn });

describe('the interactions report: action steps done on time', () => {
  it('counts, for a district administrator, the steps due in the range by coach (caseload) and by school; dropped and undated steps not at all', async () => {
    const body = await report(w.admin);
    expect(body.action_steps).toEqual({
      headline: steps(5, 3, 1, 1, 0.6),
      by_coach: [
        { id: w.coach.id, name: 'Casey Coach', ...steps(4, 2, 1, 1, 0.5) },
        { id: w.coach2.id, name: 'Cole Coach', ...steps(1, 1, 0, 0, 1) },
      ],
      by_school: [
        { id: w.lincoln.id, name: 'Lincoln Middle', ...steps(4, 2, 1, 1, 0.5) },
        { id: w.oak.id, name: 'Oak Hollow Elementary', ...steps(1, 1, 0, 0, 1) },
      ],
    });
  });

  it('a principal sees their schools and their coaches; a coach their caseload', async () => {
    const principal = await report(w.principal);
    expect(principal.action_steps).toEqual({
      headline: steps(4, 2, 1, 1, 0.5),
      by_coach: [{ id: w.coach.id, name: 'Casey Coach', ...steps(4, 2, 1, 1, 0.5) }],
      by_school: [{ id: w.lincoln.id, name: 'Lincoln Middle', ...steps(4, 2, 1, 1, 0.5) }],
    });
    const cole = await report(w.coach2);
    expect(cole.action_steps).toEqual({
      headline: steps(1, 1, 0, 0, 1),
      by_coach: [{ id: w.coach2.id, name: 'Cole Coach', ...steps(1, 1, 0, 0, 1) }],
      by_school: [{ id: w.oak.id, name: 'Oak Hollow Elementary', ...steps(1, 1, 0, 0, 1) }],
    });
  });

  it('honours the filters and the range: school, coach, educator attributes, dates', async () => {
    expect((await report(w.admin, `${RANGE}&filter[building_id][]=${w.oak.id}`)).action_steps.headline).toEqual(steps(1, 1, 0, 0, 1));
    expect((await report(w.admin, `${RANGE}&filter[coach_id][]=${w.coach.id}`)).action_steps.headline).toEqual(steps(4, 2, 1, 1, 0.5));
    // Grade 7 is Ben alone: one overdue step.
    expect((await report(w.admin, `${RANGE}&filter[grade_level][]=7`)).action_steps.headline).toEqual(steps(1, 0, 0, 1, 0));
    // September only: A1 and A6, both on time.
    expect((await report(w.admin, 'filter[from]=2026-09-01&filter[to]=2026-09-30')).action_steps.headline).toEqual(steps(2, 2, 0, 0, 1));
    // Up to Nov 30: A7 is due but not yet: counted as due, in no share.
    expect((await report(w.admin, 'filter[from]=2026-09-01&filter[to]=2026-11-30')).action_steps.headline).toEqual(steps(6, 3, 1, 1, 0.6));
  });

  it('exports each table as CSV', async () => {
    const agent = await loginAs(t.app, w.admin);
    const byCoach = await agent.get(`/api/report/interactions.csv?${RANGE}&table=action_steps_by_coach`);
    expect(byCoach.status).toBe(200);
    expect(byCoach.headers['content-disposition']).toBe('attachment; filename="interactions-action-steps-by-coach-2026-09-01-to-2026-10-31.csv"');
    expect(byCoach.text).toContain('"Coach","Action steps due","Done on time","Done late","Overdue","On time"\r\n"Casey Coach","4","2","1","1","50%"\r\n"Cole Coach","1","1","0","0","100%"');
    const bySchool = await agent.get(`/api/report/interactions.csv?${RANGE}&table=action_steps_by_school`);
    expect(bySchool.text).toContain('"School","Action steps due","Done on time","Done late","Overdue","On time"\r\n"Lincoln Middle","4","2","1","1","50%"');
  });

  it('a step done answers the next read (the kept answer ends with the write)', async () => {
    expect((await report(w.admin)).action_steps.headline).toEqual(steps(5, 3, 1, 1, 0.6));
    await t.db.updateTable('action_steps').set({ status: 'done', done_on: '2026-11-20' }).where('staff_id', '=', w.ben.id).where('due_on', '=', '2026-10-15').execute();
    expect((await report(w.admin)).action_steps.headline).toEqual(steps(5, 3, 2, 0, 0.6));
  });
});

describe('the coaching team report: follow-through and requests per coach', () => {
  it('gives each coach the same figures as the interactions report\'s tables, in the JSON and the CSV; a coach sees their own row', async () => {
    const res = await (await loginAs(t.app, w.admin)).get(`/api/report/coaching-team?${RANGE}`);
    expect(res.status).toBe(200);
    const rows = (res.body as CoachingTeamReport).data.map((r) => [r.coach.name, r.action_steps, r.requests, r.educator_initiated]);
    expect(rows).toEqual([
      ['Casey Coach', steps(4, 2, 1, 1, 0.5), asks(4, 1, 2, 0, 1), 1],
      ['Cole Coach', steps(1, 1, 0, 0, 1), asks(3, 1, 0, 2, 0), 1],
    ]);
    const csv = await (await loginAs(t.app, w.admin)).get(`/api/report/coaching-team.csv?${RANGE}`);
    const [header, casey] = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('"Action steps due","Done on time","Done late","Overdue","On time","Coaching requests received","Accepted","Passed on","Waiting","Educator-initiated"');
    expect(casey).toMatch(/^"Casey Coach",.*,"4","2","1","1","50%","4","1","2","0","1"$/);
    const cole = await (await loginAs(t.app, w.coach2)).get(`/api/report/coaching-team?${RANGE}`);
    expect((cole.body as CoachingTeamReport).data.map((r) => [r.coach.name, r.action_steps.due, r.requests.received])).toEqual([['Cole Coach', 1, 3]]);
  });
});

describe('the interactions report: coaching requests as educator-initiated coaching', () => {
  it('counts, for a district administrator, the requests made in the range, by coach (their queue) and by school', async () => {
    const body = await report(w.admin);
    expect(body.requests).toEqual({
      headline: asks(5, 2, 2, 2, 1),
      by_coach: [
        { id: w.coach.id, name: 'Casey Coach', ...asks(4, 1, 2, 0, 1) },
        { id: w.coach2.id, name: 'Cole Coach', ...asks(3, 1, 0, 2, 0) },
      ],
      by_school: [
        { id: w.lincoln.id, name: 'Lincoln Middle', ...asks(4, 2, 2, 1, 1) },
        { id: w.oak.id, name: 'Oak Hollow Elementary', ...asks(1, 0, 0, 1, 0) },
      ],
    });
    // The sessions accepted requests scheduled, since completed: I2 (Casey) and I12 (Cole).
    expect(body.headline.educator_initiated).toBe(2);
    expect(body.by_coach.map((c) => [c.name, c.interactions, c.educator_initiated])).toEqual([['Casey Coach', 4, 1], ['Cole Coach', 3, 1]]);
  });

  it('a principal sees their schools\' requests; a coach the requests that reached their queue', async () => {
    const principal = await report(w.principal);
    expect(principal.requests).toEqual({
      headline: asks(4, 2, 2, 1, 1),
      by_coach: [{ id: w.coach.id, name: 'Casey Coach', ...asks(4, 1, 2, 0, 1) }],
      by_school: [{ id: w.lincoln.id, name: 'Lincoln Middle', ...asks(4, 2, 2, 1, 1) }],
    });
    const cole = await report(w.coach2);
    expect(cole.requests).toEqual({
      headline: asks(3, 1, 2, 2, 0),
      by_coach: [{ id: w.coach2.id, name: 'Cole Coach', ...asks(3, 1, 0, 2, 0) }],
      by_school: [
        { id: w.lincoln.id, name: 'Lincoln Middle', ...asks(2, 1, 2, 1, 0) },
        { id: w.oak.id, name: 'Oak Hollow Elementary', ...asks(1, 0, 0, 1, 0) },
      ],
    });
    expect(cole.headline.educator_initiated).toBe(1);
  });

  it('honours the filters: school and dates', async () => {
    expect((await report(w.admin, `${RANGE}&filter[building_id][]=${w.oak.id}`)).requests.headline).toEqual(asks(1, 0, 0, 1, 0));
    expect((await report(w.admin, 'filter[from]=2026-09-01&filter[to]=2026-11-30')).requests.headline).toEqual(asks(6, 3, 2, 2, 1));
    // A type filter narrows the interactions: I2 and I12 are both check-ins, so an observation filter has none educator-initiated.
    expect((await report(w.admin, `${RANGE}&filter[interaction_type_id]=${w.observation.id}`)).headline.educator_initiated).toBe(0);
  });

  it('exports the requests by coach and by school as CSV, and the coaches\' educator-initiated interactions', async () => {
    const agent = await loginAs(t.app, w.admin);
    const byCoach = await agent.get(`/api/report/interactions.csv?${RANGE}&table=requests_by_coach`);
    expect(byCoach.text).toContain('"Coach","Coaching requests received","Accepted","Passed on","Waiting","Withdrawn"\r\n"Casey Coach","4","1","2","0","1"\r\n"Cole Coach","3","1","0","2","0"');
    const bySchool = await agent.get(`/api/report/interactions.csv?${RANGE}&table=requests_by_school`);
    expect(bySchool.text).toContain('"Lincoln Middle","4","2","2","1","1"\r\n"Oak Hollow Elementary","1","0","0","1","0"');
    const coaches = await agent.get(`/api/report/interactions.csv?${RANGE}&table=by_coach`);
    expect(coaches.text).toContain('"Coach","Interactions","Hours","Educators reached","Educator-initiated"\r\n"Casey Coach","4","2.1","3","1"');
  });
});
