// Coaching cycle settings: stages and goal templates (/api/coaching-cycle-stage, /api/coaching-cycle-goal-template).
// In DESIGN's order per endpoint: 401, 419, 422 per field, 404 (another district), 403, success + DB state.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { CYCLE_MESSAGES, CYCLES_PLAN_MESSAGE } from '../../../common/schemas/cycles';
import { appWith, asGuest, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildCyclesWorld, cycleAudits, type CyclesWorld, insertCycle, stagesOfDistrict } from '../../testing/cycles.fixture';

let t: TestApp;
let w: CyclesWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildCyclesWorld(app.db)));
});

const stagePayload = { name: 'Celebrate', description: 'Share what worked.', expected_days: 7 };

describe('GET /api/coaching-cycle-stage', () => {
  itRequiresLogin(() => t.app, 'get', '/api/coaching-cycle-stage');

  it('any district login reads the district\'s stages in order (the copied defaults), an educator too', async () => {
    const agent = await loginAs(t.app, w.teacher);
    const res = await agent.get('/api/coaching-cycle-stage');
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(['Set the goal', 'Learn and plan', 'Practice with feedback', 'Reflect']);
    expect(res.body.data[0]).toEqual({
      id: w.stages[0]!.id, name: 'Set the goal', description: expect.any(String), expected_days: 14, sort_order: 1, archived: false, open_cycles: 0,
    });
  });

  it('counts the open cycles in each stage', async () => {
    await insertCycle(t.db, { districtId: w.district.id, coachId: w.coach.id, staffIds: [w.ana.id], stageId: w.stages[1]!.id });
    await insertCycle(t.db, { districtId: w.district.id, coachId: w.coach.id, staffIds: [w.ana.id], stageId: w.stages[1]!.id, status: 'completed' });
    const res = await (await loginAs(t.app, w.admin)).get('/api/coaching-cycle-stage');
    expect(res.body.data[1].open_cycles).toBe(1);
  });
});

describe('POST /api/coaching-cycle-stage', () => {
  itRequiresLogin(() => t.app, 'post', '/api/coaching-cycle-stage', () => stagePayload);

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.post('/api/coaching-cycle-stage').send(stagePayload)).status).toBe(419);
  });

  it.each([
    [{ ...stagePayload, name: '  ' }, 'name', 'Name is required.'],
    [{ ...stagePayload, name: 'x'.repeat(81) }, 'name', 'Name must be at most 80 characters.'],
    [{ ...stagePayload, description: 5 }, 'description', 'Description must be text.'],
    [{ ...stagePayload, expected_days: 0 }, 'expected_days', 'Expected days must be from 1 to 365.'],
    [{ ...stagePayload, expected_days: 2.5 }, 'expected_days', 'Expected days must be from 1 to 365.'],
    [{ ...stagePayload, expected_days: '7' }, 'expected_days', 'Expected days must be a whole number of days.'],
  ])('422 for %j names %s', async (body, field, message) => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post('/api/coaching-cycle-stage').set(csrfHeaders(agent)).send(body);
    expectFieldError(res, field, message);
  });

  it('403 without manage settings (a principal, a coach)', async () => {
    for (const user of [w.principal, w.coach]) {
      const agent = await loginAs(t.app, user);
      const res = await agent.post('/api/coaching-cycle-stage').set(csrfHeaders(agent)).send(stagePayload);
      expect(res.status).toBe(403);
    }
  });

  it('403 with the Professional explanation on Essentials', async () => {
    const agent = await loginAs(t.app, w.essentialsAdmin);
    const res = await agent.post('/api/coaching-cycle-stage').set(csrfHeaders(agent)).send(stagePayload);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CYCLES_PLAN_MESSAGE);
  });

  it('adds the stage last, with its audit row', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post('/api/coaching-cycle-stage').set(csrfHeaders(agent)).send(stagePayload);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Celebrate', description: 'Share what worked.', expected_days: 7, sort_order: 5, archived: false });
    const row = await t.db.selectFrom('cycle_stages').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.district_id).toBe(w.district.id);
    expect(await cycleAudits(t.db, 'cycle_stage_created')).toHaveLength(1);
  });
});

describe('PUT /api/coaching-cycle-stage/{id}', () => {
  itRequiresLogin(() => t.app, 'put', () => `/api/coaching-cycle-stage/${w.stages[0]!.id}`, () => stagePayload);

  it('422 names the field', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.put(`/api/coaching-cycle-stage/${w.stages[0]!.id}`).set(csrfHeaders(agent)).send({ ...stagePayload, expected_days: 400 });
    expectFieldError(res, 'expected_days', 'Expected days must be from 1 to 365.');
  });

  it('404 for another district\'s stage and for a bad id', async () => {
    const agent = await loginAs(t.app, w.admin);
    for (const id of [w.otherStages[0]!.id, 'abc']) {
      const res = await agent.put(`/api/coaching-cycle-stage/${id}`).set(csrfHeaders(agent)).send(stagePayload);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(CYCLE_MESSAGES.stageNotFound);
    }
    const other = await t.db.selectFrom('cycle_stages').select('name').where('id', '=', w.otherStages[0]!.id).executeTakeFirstOrThrow();
    expect(other.name).toBe('Set the goal');
  });

  it('403 without manage settings', async () => {
    const agent = await loginAs(t.app, w.principal);
    expect((await agent.put(`/api/coaching-cycle-stage/${w.stages[0]!.id}`).set(csrfHeaders(agent)).send(stagePayload)).status).toBe(403);
  });

  it('edits name, description and expected days', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.put(`/api/coaching-cycle-stage/${w.stages[0]!.id}`).set(csrfHeaders(agent)).send({ name: 'Goal', description: '', expected_days: 10 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Goal', description: null, expected_days: 10 });
  });
});

describe('PUT /api/coaching-cycle-stage/order', () => {
  it('422 unless every active stage is listed once', async () => {
    const agent = await loginAs(t.app, w.admin);
    const ids = w.stages.map((s) => s.id);
    for (const body of [{ ids: ids.slice(1) }, { ids: [...ids, ids[0]] }, { ids: [...ids.slice(1), w.otherStages[0]!.id] }]) {
      const res = await agent.put('/api/coaching-cycle-stage/order').set(csrfHeaders(agent)).send(body);
      expectFieldError(res, 'ids', CYCLE_MESSAGES.stageOrder);
    }
    const res = await agent.put('/api/coaching-cycle-stage/order').set(csrfHeaders(agent)).send({ ids: 'x' });
    expect(res.body.errors.ids).toEqual(['Order must be a list of IDs.']);
  });

  it('403 without manage settings', async () => {
    const agent = await loginAs(t.app, w.coach);
    expect((await agent.put('/api/coaching-cycle-stage/order').set(csrfHeaders(agent)).send({ ids: w.stages.map((s) => s.id) })).status).toBe(403);
  });

  it('writes the new order; archived stages follow', async () => {
    const agent = await loginAs(t.app, w.admin);
    await agent.post(`/api/coaching-cycle-stage/${w.stages[3]!.id}/archive`).set(csrfHeaders(agent));
    const [a, b, c] = w.stages;
    const res = await agent.put('/api/coaching-cycle-stage/order').set(csrfHeaders(agent)).send({ ids: [c!.id, a!.id, b!.id] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([c!.id, a!.id, b!.id, w.stages[3]!.id]);
    expect((await stagesOfDistrict(t.db, w.district.id)).map((s) => s.id)).toEqual([c!.id, a!.id, b!.id, w.stages[3]!.id]);
  });
});

describe('POST /api/coaching-cycle-stage/{id}/archive and /restore', () => {
  it('401, 419, 404 another district, 403', async () => {
    const id = w.stages[0]!.id;
    expect((await asGuest(t.app, 'post', `/api/coaching-cycle-stage/${id}/archive`)).status).toBe(401);
    const admin = await loginAs(t.app, w.admin);
    expect((await admin.post(`/api/coaching-cycle-stage/${id}/archive`)).status).toBe(419);
    expect((await admin.post(`/api/coaching-cycle-stage/${w.otherStages[0]!.id}/archive`).set(csrfHeaders(admin))).status).toBe(404);
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.post(`/api/coaching-cycle-stage/${id}/archive`).set(csrfHeaders(coach))).status).toBe(403);
  });

  it('409 for the last active stage', async () => {
    const agent = await loginAs(t.app, w.admin);
    for (const s of w.stages.slice(1)) await agent.post(`/api/coaching-cycle-stage/${s.id}/archive`).set(csrfHeaders(agent)).expect(200);
    const res = await agent.post(`/api/coaching-cycle-stage/${w.stages[0]!.id}/archive`).set(csrfHeaders(agent));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CYCLE_MESSAGES.lastActiveStage);
    expect((await stagesOfDistrict(t.db, w.district.id))[0]!.archived_at).toBeNull();
  });

  it('an archived stage keeps the cycles that passed through it; restore brings it back', async () => {
    const cycle = await insertCycle(t.db, { districtId: w.district.id, coachId: w.coach.id, staffIds: [w.ana.id], stageId: w.stages[0]!.id, enteredDaysAgo: 5 });
    const coach = await loginAs(t.app, w.coach);
    await coach.post(`/api/coaching-cycle/${cycle.id}/advance`).set(csrfHeaders(coach)).expect(200);
    const admin = await loginAs(t.app, w.admin);
    const res = await admin.post(`/api/coaching-cycle-stage/${w.stages[0]!.id}/archive`).set(csrfHeaders(admin));
    expect(res.status).toBe(200);
    expect(res.body.archived).toBe(true);
    const read = await coach.get(`/api/coaching-cycle/${cycle.id}`);
    expect(read.body.history[0]).toMatchObject({ stage: { id: w.stages[0]!.id, name: 'Set the goal', archived: true } });
    expect(read.body.history[0].left_on).not.toBeNull();
    const restored = await admin.post(`/api/coaching-cycle-stage/${w.stages[0]!.id}/restore`).set(csrfHeaders(admin));
    expect(restored.body.archived).toBe(false);
    expect(await cycleAudits(t.db, 'cycle_stage_archived')).toHaveLength(1);
    expect(await cycleAudits(t.db, 'cycle_stage_restored')).toHaveLength(1);
  });
});

describe('goal templates', () => {
  const template = { title: 'Student talk', goal: 'Students explain their reasoning to a partner in every lesson.' };

  it('GET: 401, then any login reads (none at first)', async () => {
    expect((await request(t.app).get('/api/coaching-cycle-goal-template')).status).toBe(401);
    const res = await (await loginAs(t.app, w.coach)).get('/api/coaching-cycle-goal-template');
    expect(res.body).toEqual({ data: [] });
  });

  it('POST: 401, 419, 422 per field, 403, 201', async () => {
    expect((await asGuest(t.app, 'post', '/api/coaching-cycle-goal-template', template)).status).toBe(401);
    const admin = await loginAs(t.app, w.admin);
    expect((await admin.post('/api/coaching-cycle-goal-template').send(template)).status).toBe(419);
    const bad = await admin.post('/api/coaching-cycle-goal-template').set(csrfHeaders(admin)).send({ title: '', goal: 3 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ title: ['Title is required.'], goal: ['Goal is required.'] });
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.post('/api/coaching-cycle-goal-template').set(csrfHeaders(coach)).send(template)).status).toBe(403);
    const res = await admin.post('/api/coaching-cycle-goal-template').set(csrfHeaders(admin)).send(template);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), ...template, sort_order: 1, archived: false });
  });

  it('PUT, order, archive and restore; another district\'s is 404', async () => {
    const admin = await loginAs(t.app, w.admin);
    const a = (await admin.post('/api/coaching-cycle-goal-template').set(csrfHeaders(admin)).send(template)).body;
    const b = (await admin.post('/api/coaching-cycle-goal-template').set(csrfHeaders(admin)).send({ ...template, title: 'Feedback' })).body;
    const otherAdmin = await loginAs(t.app, w.otherAdmin);
    expect((await otherAdmin.put(`/api/coaching-cycle-goal-template/${a.id}`).set(csrfHeaders(otherAdmin)).send(template)).status).toBe(404);
    const edited = await admin.put(`/api/coaching-cycle-goal-template/${a.id}`).set(csrfHeaders(admin)).send({ ...template, title: 'Talk moves' });
    expect(edited.body.title).toBe('Talk moves');
    const ordered = await admin.put('/api/coaching-cycle-goal-template/order').set(csrfHeaders(admin)).send({ ids: [b.id, a.id] });
    expect(ordered.body.data.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    await admin.post(`/api/coaching-cycle-goal-template/${a.id}/archive`).set(csrfHeaders(admin)).expect(200);
    await admin.post(`/api/coaching-cycle-goal-template/${b.id}/archive`).set(csrfHeaders(admin)).expect(200);
    const list = await admin.get('/api/coaching-cycle-goal-template');
    expect(list.body.data.map((x: { archived: boolean }) => x.archived)).toEqual([true, true]);
    const restored = await admin.post(`/api/coaching-cycle-goal-template/${a.id}/restore`).set(csrfHeaders(admin));
    expect(restored.body.archived).toBe(false);
  });
});
