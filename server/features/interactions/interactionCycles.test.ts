// Interactions link to a coaching cycle and carry focus skills (issue 10): coaching_cycle_id and skill_ids
// on POST/PUT (422 naming the field), stored in interactions.coaching_cycle_id and interaction_skills,
// answered as coaching_cycle and focus_skills; the duplicate copies both; the cycle lists its interactions.
import { beforeEach, describe, expect, it } from 'vitest';
import { INTERACTION_MESSAGES } from '../../../common/schemas/interactions';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { buildCyclesWorld, type CyclesWorld, insertCycle } from '../../testing/cycles.fixture';

let t: TestApp;
let w: CyclesWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildCyclesWorld(app.db)));
});

const payload = (over: Record<string, unknown> = {}) => ({
  interaction_type_id: w.observation.id,
  starts_at: '2026-10-06T14:00:00.000Z',
  duration_minutes: 45,
  staff_ids: [w.ana.id],
  ...over,
});

describe('the cycle link and focus skills on interactions', () => {
  it('422 for a cycle of another coach with educators the caller cannot see, another district\'s, a deleted one; skills not active', async () => {
    const d = w.district.id;
    const oakCycle = await insertCycle(t.db, { districtId: d, coachId: w.coach2.id, staffIds: [w.cy.id], stageId: w.stages[0]!.id });
    const deleted = await insertCycle(t.db, { districtId: d, coachId: w.coach.id, staffIds: [w.ana.id], stageId: w.stages[0]!.id, deletedAt: '2026-10-01T00:00:00.000Z' });
    const foreign = await insertCycle(t.db, { districtId: w.other.id, coachId: w.otherAdmin.id, staffIds: [w.stranger.id], stageId: w.otherStages[0]!.id });
    const agent = await loginAs(t.app, w.coach);
    for (const id of [oakCycle.id, deleted.id, foreign.id]) {
      const res = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload({ coaching_cycle_id: id }));
      expectFieldError(res, 'coaching_cycle_id', INTERACTION_MESSAGES.cycleNotFound);
    }
    const skills = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload({ skill_ids: [w.skills.retired.id] }));
    expect(skills.body.errors.skill_ids).toEqual([INTERACTION_MESSAGES.skillNotFound]);
    const typed = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload({ skill_ids: 'x', coaching_cycle_id: 'y' }));
    expect(typed.body.errors.skill_ids).toEqual(['Focus skills must be a list.']);
    expect(typed.body.errors.coaching_cycle_id).toEqual([INTERACTION_MESSAGES.cycleNotFound]);
    expect(await t.db.selectFrom('interactions').select('id').where('district_id', '=', d).execute()).toEqual([]);
  });

  it('stores and answers the link and skills; a colleague\'s cycle with educators the caller sees is allowed; the cycle lists it; PUT changes them', async () => {
    const d = w.district.id;
    const mine = await insertCycle(t.db, { districtId: d, coachId: w.coach.id, staffIds: [w.ana.id], stageId: w.stages[0]!.id, title: 'Ana: questioning' });
    const colleagues = await insertCycle(t.db, { districtId: d, coachId: w.coach2.id, staffIds: [w.jordan.id], stageId: w.stages[0]!.id, title: 'Jordan: routines' });
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/interaction').set(csrfHeaders(agent))
      .send(payload({ coaching_cycle_id: mine.id, skill_ids: [w.skills.feedback.id, w.skills.questioning.id] }));
    expect(res.status).toBe(201);
    expect(res.body.coaching_cycle).toEqual({ id: mine.id, title: 'Ana: questioning' });
    expect(res.body.focus_skills).toEqual([{ id: w.skills.questioning.id, name: 'Questioning' }, { id: w.skills.feedback.id, name: 'Feedback' }]);
    const row = await t.db.selectFrom('interactions').select('coaching_cycle_id').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.coaching_cycle_id).toBe(mine.id);
    expect(await t.db.selectFrom('interaction_skills').select('skill_id').where('interaction_id', '=', res.body.id).orderBy('skill_id').execute())
      .toHaveLength(2);

    const cycle = await agent.get(`/api/coaching-cycle/${mine.id}`);
    expect(cycle.body.interactions.map((i: { id: number }) => i.id)).toEqual([res.body.id]);

    const dup = await agent.post(`/api/interaction/${res.body.id}/duplicate`).set(csrfHeaders(agent)).send({});
    expect(dup.body.coaching_cycle).toEqual({ id: mine.id, title: 'Ana: questioning' });
    expect(dup.body.focus_skills).toHaveLength(2);

    const put = await agent.put(`/api/interaction/${res.body.id}`).set(csrfHeaders(agent))
      .send(payload({ staff_ids: [w.jordan.id], coaching_cycle_id: colleagues.id, skill_ids: [] }));
    expect(put.status).toBe(200);
    expect(put.body.coaching_cycle).toEqual({ id: colleagues.id, title: 'Jordan: routines' });
    expect(put.body.focus_skills).toEqual([]);

    const cleared = await agent.put(`/api/interaction/${res.body.id}`).set(csrfHeaders(agent)).send(payload());
    expect(cleared.body.coaching_cycle).toBeNull();
  });

  it('a link and skills already stored stay allowed after the skill is archived', async () => {
    const d = w.district.id;
    const mine = await insertCycle(t.db, { districtId: d, coachId: w.coach.id, staffIds: [w.ana.id], stageId: w.stages[0]!.id });
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload({ coaching_cycle_id: mine.id, skill_ids: [w.skills.feedback.id] }));
    await t.db.updateTable('skills').set({ archived_at: '2026-10-07T00:00:00.000Z' }).where('id', '=', w.skills.feedback.id).execute();
    const put = await agent.put(`/api/interaction/${res.body.id}`).set(csrfHeaders(agent)).send(payload({ coaching_cycle_id: mine.id, skill_ids: [w.skills.feedback.id] }));
    expect(put.status).toBe(200);
    expect(put.body.focus_skills).toEqual([{ id: w.skills.feedback.id, name: 'Feedback' }]);
  });
});
