// /api/coaching-cycle: list (filters, scopes, paging), read, start, edit, move, complete, cancel, delete,
// evidence notes, the plan gate. In DESIGN's order per endpoint.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { CYCLE_MESSAGES, CYCLES_PLAN_MESSAGE } from '../../../common/schemas/cycles';
import { addDays, today } from '../../lib/dates';
import { appWith, asGuest, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRejectsQueries, itRequiresLogin, PAGE_QUERY_ROWS } from '../../testing/checks';
import { buildCyclesWorld, cycleAudits, type CyclesWorld, insertCycle } from '../../testing/cycles.fixture';
import { insertInteraction, setSharedNotesVisible } from '../../testing/interactions.fixture';

let t: TestApp;
let w: CyclesWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildCyclesWorld(app.db)));
});

const ids = (body: { data: { id: number }[] }) => body.data.map((c) => c.id).sort((a, b) => a - b);

/** Casey's cycle with Ana (Lincoln), Cole's with Cy (Oak), Cole's with Jordan (Lincoln, the educator's login). */
async function scenery() {
  const d = w.district.id;
  const [s1, s2, s3] = w.stages;
  const mine = await insertCycle(t.db, { districtId: d, coachId: w.coach.id, staffIds: [w.ana.id], stageId: s1!.id, enteredDaysAgo: 30, title: 'Ana: questioning' });
  const oakOnly = await insertCycle(t.db, { districtId: d, coachId: w.coach2.id, staffIds: [w.cy.id], stageId: s2!.id, enteredDaysAgo: 19, title: 'Cy: feedback' });
  const withJordan = await insertCycle(t.db, { districtId: d, coachId: w.coach2.id, staffIds: [w.jordan.id], stageId: s3!.id, enteredDaysAgo: 1, title: 'Jordan: routines' });
  const done = await insertCycle(t.db, { districtId: d, coachId: w.coach.id, staffIds: [w.ben.id], stageId: s3!.id, enteredDaysAgo: 90, status: 'completed' });
  const deleted = await insertCycle(t.db, { districtId: d, coachId: w.coach.id, staffIds: [w.ana.id], stageId: s1!.id, deletedAt: '2026-10-10T00:00:00.000Z' });
  const other = await insertCycle(t.db, { districtId: w.other.id, coachId: w.otherAdmin.id, staffIds: [w.stranger.id], stageId: w.otherStages[0]!.id });
  return { mine, oakOnly, withJordan, done, deleted, other };
}

describe('GET /api/coaching-cycle', () => {
  itRequiresLogin(() => t.app, 'get', '/api/coaching-cycle');

  it('403 with the Professional explanation on Essentials', async () => {
    const res = await (await loginAs(t.app, w.essentialsAdmin)).get('/api/coaching-cycle');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CYCLES_PLAN_MESSAGE);
  });

  itRejectsQueries('/api/coaching-cycle', () => loginAs(t.app, w.admin), [
    ['filter[coach_id][]=abc', 'filter.coach_id', 'Coach must be a coach ID.'],
    ['filter[status][]=done', 'filter.status', 'Status must be planned, active, completed or cancelled.'],
    ['filter[due][]=late', 'filter.due', 'Due must be due-soon or overdue.'],
    ['filter[stage_id]=-1', 'filter.stage_id', 'Stage must be a stage ID.'],
    ['filter[building_id][]=1e3', 'filter.building_id', 'School must be a school ID.'],
    ['filter[staff_id][]=0x1', 'filter.staff_id', 'Educator must be an educator ID.'],
    ...PAGE_QUERY_ROWS,
    ['per_page=1000', 'per_page', 'Per page must be at most 100.'],
  ]);

  it('422 for an unknown filter', async () => {
    const res = await (await loginAs(t.app, w.admin)).get('/api/coaching-cycle?filter[colour]=red');
    expect(res.status).toBe(422);
  });

  it('scopes: district-wide all; principal their schools\' educators; coach own + building; educator their own', async () => {
    const s = await scenery();
    const list = async (user: Parameters<typeof loginAs>[1]) => ids((await (await loginAs(t.app, user)).get('/api/coaching-cycle')).body);
    expect(await list(w.admin)).toEqual([s.mine.id, s.oakOnly.id, s.withJordan.id, s.done.id]);
    expect(await list(w.principal)).toEqual([s.mine.id, s.withJordan.id, s.done.id]);
    expect(await list(w.coach2)).toEqual([s.oakOnly.id, s.withJordan.id]);
    expect(await list(w.teacher)).toEqual([s.withJordan.id]);
    expect(await list(w.otherAdmin)).toEqual([s.other.id]);
  });

  it('answers the summary shape with the due state', async () => {
    const s = await scenery();
    const res = await (await loginAs(t.app, w.admin)).get('/api/coaching-cycle');
    const mine = res.body.data.find((c: { id: number }) => c.id === s.mine.id);
    expect(mine).toEqual({
      id: s.mine.id, title: 'Ana: questioning', goal: 'A goal', coach: { id: w.coach.id, name: 'Casey Coach' },
      educators: [{ id: w.ana.id, name: 'Ana Alvarez' }], focus_skills: [], start_date: s.mine.start_date, target_end_date: null,
      status: 'active', stage: { id: w.stages[0]!.id, name: 'Set the goal', expected_days: 14, archived: false },
      stage_entered_on: s.mine.stage_entered_on, stage_due_on: addDays(s.mine.stage_entered_on!, 14), due: 'overdue',
      next_stage: { id: w.stages[1]!.id, name: 'Learn and plan' }, outcome: null, reflection: null, completed_on: null,
      can_edit: true, created_at: expect.any(String), updated_at: expect.any(String),
    });
    expect(res.body.meta).toEqual({ page: 1, per_page: 25, total: 4, last_page: 1 });
  });

  it('filters: coach, school, status, stage, due, educator', async () => {
    const s = await scenery();
    const agent = await loginAs(t.app, w.admin);
    const q = async (qs: string) => ids((await agent.get(`/api/coaching-cycle?${qs}`)).body);
    expect(await q(`filter[coach_id][]=${w.coach.id}`)).toEqual([s.mine.id, s.done.id]);
    expect(await q(`filter[building_id][]=${w.oak.id}`)).toEqual([s.oakOnly.id]);
    expect(await q('filter[status][]=completed')).toEqual([s.done.id]);
    expect(await q(`filter[stage_id][]=${w.stages[2]!.id}`)).toEqual([s.withJordan.id, s.done.id]);
    // Stage 2 expects 21 days: entered 19 days ago leaves 2 → due soon. Stage 1 (14 days) entered 30 days ago → overdue.
    expect(await q('filter[due][]=overdue')).toEqual([s.mine.id]);
    expect(await q('filter[due][]=due-soon')).toEqual([s.oakOnly.id]);
    expect(await q('filter[due][]=due-soon&filter[due][]=overdue')).toEqual([s.mine.id, s.oakOnly.id]);
    expect(await q(`filter[staff_id][]=${w.jordan.id}`)).toEqual([s.withJordan.id]);
    expect(await q('per_page=1&page=2')).toHaveLength(1);
  });

  it('an educator filtering by someone else matches nothing', async () => {
    await scenery();
    const res = await (await loginAs(t.app, w.teacher)).get(`/api/coaching-cycle?filter[staff_id][]=${w.ana.id}`);
    expect(res.body.data).toEqual([]);
  });
});

describe('GET /api/coaching-cycle/{id}', () => {
  it('401, 404 for another district\'s, deleted, invisible and bad ids', async () => {
    const s = await scenery();
    expect((await request(t.app).get(`/api/coaching-cycle/${s.mine.id}`)).status).toBe(401);
    const coach = await loginAs(t.app, w.coach);
    for (const id of [s.other.id, s.deleted.id, s.oakOnly.id, 'x1']) {
      const res = await coach.get(`/api/coaching-cycle/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(CYCLE_MESSAGES.notFound);
    }
  });

  it('answers history, notes and linked interactions; an educator reads their own without edit rights', async () => {
    const s = await scenery();
    await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach2.id, staff: [{ id: w.jordan.id }] })
      .then((i) => t.db.updateTable('interactions').set({ coaching_cycle_id: s.withJordan.id }).where('id', '=', i.id).execute());
    const res = await (await loginAs(t.app, w.teacher)).get(`/api/coaching-cycle/${s.withJordan.id}`);
    expect(res.status).toBe(200);
    expect(res.body.can_edit).toBe(false);
    expect(res.body.history).toEqual([{ stage: { id: w.stages[2]!.id, name: 'Practice with feedback', archived: false }, entered_on: s.withJordan.stage_entered_on, left_on: null }]);
    expect(res.body.interactions).toHaveLength(1);
    expect(res.body.interactions[0]).toMatchObject({ interaction_type: { name: 'Classroom observation' }, coach: { id: w.coach2.id } });
  });
});

describe('POST /api/coaching-cycle', () => {
  const payload = () => ({ title: 'Checks for understanding', goal: 'Every student answers a hinge question.', staff_ids: [w.ana.id], start_date: today() });

  it('401 without login, 419 without CSRF', async () => {
    expect((await asGuest(t.app, 'post', '/api/coaching-cycle', payload())).status).toBe(401);
    expect((await (await loginAs(t.app, w.coach)).post('/api/coaching-cycle').send(payload())).status).toBe(419);
  });

  it('403 on Essentials (the plan explanation), 403 for an educator', async () => {
    const ess = await loginAs(t.app, w.essentialsAdmin);
    const res = await ess.post('/api/coaching-cycle').set(csrfHeaders(ess)).send(payload());
    expect(res.body.message).toBe(CYCLES_PLAN_MESSAGE);
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.post('/api/coaching-cycle').set(csrfHeaders(teacher)).send(payload())).status).toBe(403);
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required.'],
    [{ staff_ids: [] }, 'staff_ids', CYCLE_MESSAGES.educatorsRequired],
    [{ staff_ids: ['a'] }, 'staff_ids.0', CYCLE_MESSAGES.educatorNotFound],
    [{ start_date: '2026-02-30' }, 'start_date', 'Start date must be a date (YYYY-MM-DD).'],
    [{ target_end_date: 'soon' }, 'target_end_date', 'Target end date must be a date (YYYY-MM-DD).'],
    [{ status: 'completed' }, 'status', 'Status must be planned or active.'],
    [{ goal: 12 }, 'goal', 'Goal must be text.'],
  ])('422 for %j names %s', async (change, field, message) => {
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/coaching-cycle').set(csrfHeaders(agent)).send({ ...payload(), ...change });
    expectFieldError(res, field, message);
  });

  it('422 for educators the coach cannot see, skills not active in the framework, another coach, an archived stage, an end before the start', async () => {
    const agent = await loginAs(t.app, w.coach);
    const admin = await loginAs(t.app, w.admin);
    await admin.post(`/api/coaching-cycle-stage/${w.stages[1]!.id}/archive`).set(csrfHeaders(admin)).expect(200);
    const res = await agent.post('/api/coaching-cycle').set(csrfHeaders(agent)).send({
      ...payload(), staff_ids: [w.ana.id, w.cy.id], skill_ids: [w.skills.retired.id], coach_id: w.coach2.id, stage_id: w.stages[1]!.id,
      target_end_date: addDays(today(), -1),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      coach_id: [CYCLE_MESSAGES.coachNotAllowed], staff_ids: [CYCLE_MESSAGES.educatorNotFound], skill_ids: [CYCLE_MESSAGES.skillNotFound],
      target_end_date: [CYCLE_MESSAGES.endBeforeStart], stage_id: [CYCLE_MESSAGES.stageArchived],
    });
    const stranger = await agent.post('/api/coaching-cycle').set(csrfHeaders(agent)).send({ ...payload(), staff_ids: [w.stranger.id] });
    expect(stranger.body.errors.staff_ids).toEqual([CYCLE_MESSAGES.educatorNotFound]);
    expect(await t.db.selectFrom('coaching_cycles').selectAll().execute()).toEqual([]);
  });

  it('starts a cycle in the first stage with the caller as coach; a district admin may name a coach', async () => {
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/coaching-cycle').set(csrfHeaders(agent)).send({ ...payload(), skill_ids: [w.skills.questioning.id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      coach: { id: w.coach.id }, status: 'active', stage: { id: w.stages[0]!.id }, stage_entered_on: today(), due: 'on-track',
      focus_skills: [{ id: w.skills.questioning.id, name: 'Questioning' }], educators: [{ id: w.ana.id, name: 'Ana Alvarez' }],
      history: [{ stage: { id: w.stages[0]!.id }, entered_on: today(), left_on: null }], notes: [], interactions: [],
    });
    expect(await cycleAudits(t.db, 'cycle_created')).toHaveLength(1);
    const admin = await loginAs(t.app, w.admin);
    const named = await admin.post('/api/coaching-cycle').set(csrfHeaders(admin)).send({ ...payload(), staff_ids: [w.cy.id], coach_id: w.coach2.id, status: 'planned' });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ coach: { id: w.coach2.id }, status: 'planned' });
    const notCoach = await admin.post('/api/coaching-cycle').set(csrfHeaders(admin)).send({ ...payload(), coach_id: w.teacher.id });
    expect(notCoach.body.errors.coach_id).toEqual([CYCLE_MESSAGES.coachNotInDistrict]);
  });
});

describe('PUT /api/coaching-cycle/{id}', () => {
  it('401, 419, 422, 404 another district, 403 not the coach, 200', async () => {
    const s = await scenery();
    const body = { title: 'Renamed', staff_ids: [w.ana.id, w.ben.id], start_date: s.mine.start_date };
    expect((await asGuest(t.app, 'put', `/api/coaching-cycle/${s.mine.id}`, body)).status).toBe(401);
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.put(`/api/coaching-cycle/${s.mine.id}`).send(body)).status).toBe(419);
    const bad = await coach.put(`/api/coaching-cycle/${s.mine.id}`).set(csrfHeaders(coach)).send({ ...body, title: '' });
    expect(bad.body.errors.title).toEqual(['Title is required.']);
    expect((await coach.put(`/api/coaching-cycle/${s.other.id}`).set(csrfHeaders(coach)).send(body)).status).toBe(404);
    const principal = await loginAs(t.app, w.principal);
    const forbidden = await principal.put(`/api/coaching-cycle/${s.mine.id}`).set(csrfHeaders(principal)).send(body);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(CYCLE_MESSAGES.cannotEdit);
    const res = await coach.put(`/api/coaching-cycle/${s.mine.id}`).set(csrfHeaders(coach)).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Renamed', educators: [{ id: w.ana.id }, { id: w.ben.id }], stage: { id: w.stages[0]!.id } });
  });
});

describe('moving through stages', () => {
  it('advance: 401, 404, 403, then next stage with history rows closed and opened; 409 in the last stage', async () => {
    const s = await scenery();
    expect((await asGuest(t.app, 'post', `/api/coaching-cycle/${s.mine.id}/advance`)).status).toBe(401);
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.post(`/api/coaching-cycle/${s.other.id}/advance`).set(csrfHeaders(coach))).status).toBe(404);
    const principal = await loginAs(t.app, w.principal);
    expect((await principal.post(`/api/coaching-cycle/${s.mine.id}/advance`).set(csrfHeaders(principal))).status).toBe(403);
    const day = (await coach.post(`/api/coaching-cycle/${s.mine.id}/advance`).set(csrfHeaders(coach))).body.stage_entered_on;
    const res = await coach.post(`/api/coaching-cycle/${s.mine.id}/advance`).set(csrfHeaders(coach));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stage: { id: w.stages[2]!.id }, stage_entered_on: day, due: 'on-track', next_stage: { id: w.stages[3]!.id } });
    expect(res.body.history.map((h: { stage: { id: number }; left_on: string | null }) => [h.stage.id, h.left_on])).toEqual([
      [w.stages[0]!.id, day], [w.stages[1]!.id, day], [w.stages[2]!.id, null],
    ]);
    await coach.post(`/api/coaching-cycle/${s.mine.id}/advance`).set(csrfHeaders(coach)).expect(200);
    const last = await coach.post(`/api/coaching-cycle/${s.mine.id}/advance`).set(csrfHeaders(coach));
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(CYCLE_MESSAGES.lastStage);
    expect(await cycleAudits(t.db, 'cycle_stage_moved')).toHaveLength(3);
  });

  it('advance skips archived stages; a planned cycle becomes active', async () => {
    const cycle = await insertCycle(t.db, { districtId: w.district.id, coachId: w.coach.id, staffIds: [w.ana.id], stageId: w.stages[0]!.id, status: 'planned' });
    const admin = await loginAs(t.app, w.admin);
    await admin.post(`/api/coaching-cycle-stage/${w.stages[1]!.id}/archive`).set(csrfHeaders(admin)).expect(200);
    const res = await admin.post(`/api/coaching-cycle/${cycle.id}/advance`).set(csrfHeaders(admin));
    expect(res.body).toMatchObject({ status: 'active', stage: { id: w.stages[2]!.id } });
  });

  it('stage: 422 for an archived, unknown or the current stage; moves back', async () => {
    const s = await scenery();
    const coach = await loginAs(t.app, w.coach);
    for (const stageId of [w.otherStages[1]!.id, w.stages[0]!.id, 'x']) {
      const res = await coach.post(`/api/coaching-cycle/${s.mine.id}/stage`).set(csrfHeaders(coach)).send({ stage_id: stageId });
      expect(res.status).toBe(422);
      expect(res.body.errors.stage_id).toHaveLength(1);
    }
    await coach.post(`/api/coaching-cycle/${s.mine.id}/stage`).set(csrfHeaders(coach)).send({ stage_id: w.stages[3]!.id }).expect(200);
    const back = await coach.post(`/api/coaching-cycle/${s.mine.id}/stage`).set(csrfHeaders(coach)).send({ stage_id: w.stages[1]!.id });
    expect(back.body.stage.id).toBe(w.stages[1]!.id);
  });
});

describe('complete, cancel, delete', () => {
  it('complete: 422 outcome, 403, then completed with outcome and reflection; 409 afterwards', async () => {
    const s = await scenery();
    const coach = await loginAs(t.app, w.coach);
    const bad = await coach.post(`/api/coaching-cycle/${s.mine.id}/complete`).set(csrfHeaders(coach)).send({ outcome: 'great' });
    expectFieldError(bad, 'outcome', 'Choose an outcome: met, partly-met or not-met.');
    const principal = await loginAs(t.app, w.principal);
    expect((await principal.post(`/api/coaching-cycle/${s.mine.id}/complete`).set(csrfHeaders(principal)).send({ outcome: 'met' })).status).toBe(403);
    const res = await coach.post(`/api/coaching-cycle/${s.mine.id}/complete`).set(csrfHeaders(coach)).send({ outcome: 'partly-met', reflection: 'Half the class.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', outcome: 'partly-met', reflection: 'Half the class.', due: null, next_stage: null });
    expect(res.body.completed_on).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(res.body.history[0].left_on).not.toBeNull();
    const again = await coach.post(`/api/coaching-cycle/${s.mine.id}/advance`).set(csrfHeaders(coach));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CYCLE_MESSAGES.notOpen);
  });

  it('cancel and soft delete', async () => {
    const s = await scenery();
    const coach = await loginAs(t.app, w.coach);
    const cancelled = await coach.post(`/api/coaching-cycle/${s.mine.id}/cancel`).set(csrfHeaders(coach));
    expect(cancelled.body.status).toBe('cancelled');
    expect((await asGuest(t.app, 'delete', `/api/coaching-cycle/${s.mine.id}`)).status).toBe(401);
    const res = await coach.delete(`/api/coaching-cycle/${s.mine.id}`).set(csrfHeaders(coach));
    expect(res.status).toBe(200);
    expect(res.body.deleted_at).toEqual(expect.any(String));
    expect((await coach.get(`/api/coaching-cycle/${s.mine.id}`)).status).toBe(404);
    const row = await t.db.selectFrom('coaching_cycles').selectAll().where('id', '=', s.mine.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});

describe('evidence notes', () => {
  it('add: 401, 422, 404, 403; edit and delete own only; the notes-privacy setting hides them from others', async () => {
    const s = await scenery();
    expect((await asGuest(t.app, 'post', `/api/coaching-cycle/${s.mine.id}/note`, { body: 'x' })).status).toBe(401);
    const coach = await loginAs(t.app, w.coach);
    const empty = await coach.post(`/api/coaching-cycle/${s.mine.id}/note`).set(csrfHeaders(coach)).send({ body: ' ' });
    expect(empty.body.errors.body).toEqual(['Note is required.']);
    expect((await coach.post(`/api/coaching-cycle/${s.other.id}/note`).set(csrfHeaders(coach)).send({ body: 'x' })).status).toBe(404);
    const principal = await loginAs(t.app, w.principal);
    expect((await principal.post(`/api/coaching-cycle/${s.mine.id}/note`).set(csrfHeaders(principal)).send({ body: 'x' })).status).toBe(403);
    const added = await coach.post(`/api/coaching-cycle/${s.mine.id}/note`).set(csrfHeaders(coach)).send({ body: 'Ana used wait time.' });
    expect(added.status).toBe(201);
    const note = added.body.notes[0];
    expect(note).toMatchObject({ author: { id: w.coach.id, name: 'Casey Coach' }, body: 'Ana used wait time.', hidden: false, can_edit: true });

    const admin = await loginAs(t.app, w.admin);
    const foreign = await admin.put(`/api/coaching-cycle/${s.mine.id}/note/${note.id}`).set(csrfHeaders(admin)).send({ body: 'mine now' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(CYCLE_MESSAGES.noteNotYours);
    await setSharedNotesVisible(t.db, w.district.id, false);
    const hidden = await admin.get(`/api/coaching-cycle/${s.mine.id}`);
    expect(hidden.body.notes[0]).toMatchObject({ body: null, hidden: true, can_edit: false });
    await setSharedNotesVisible(t.db, w.district.id, true);
    expect((await admin.get(`/api/coaching-cycle/${s.mine.id}`)).body.notes[0].body).toBe('Ana used wait time.');

    const edited = await coach.put(`/api/coaching-cycle/${s.mine.id}/note/${note.id}`).set(csrfHeaders(coach)).send({ body: 'Wait time, twice.' });
    expect(edited.body.notes[0].body).toBe('Wait time, twice.');
    const gone = await coach.delete(`/api/coaching-cycle/${s.mine.id}/note/${note.id}`).set(csrfHeaders(coach));
    expect(gone.body.notes).toEqual([]);
    expect((await coach.delete(`/api/coaching-cycle/${s.mine.id}/note/${note.id}`).set(csrfHeaders(coach))).status).toBe(404);
  });
});
