// POST and GET /api/staff/{id}/skill-rating in DESIGN's order: 401, 419, 422 per field, 404 other
// district (and outside the caller's scope), 403, then success and the database state (every rating
// kept; skill_current_levels in step, a backdated rating not replacing a newer one).
import { beforeEach, describe, expect, it } from 'vitest';
import { type EducatorSkills, SKILL_MESSAGES } from '../../../common/schemas/skills';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { insertInteraction } from '../../testing/interactions.fixture';
import { buildSkillsWorld, insertRating, type SkillsWorld } from '../../testing/skills.fixture';

let t: TestApp;
let w: SkillsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildSkillsWorld(app.db)));
});

const s = (i: number) => w.fw.skills[i]!.id;
const payload = (over: Record<string, unknown> = {}) => ({
  rated_on: '2026-10-06',
  ratings: [{ skill_id: s(0), level: 2, note: 'Goal on the board, students could not say it yet.' }, { skill_id: s(6), level: 3 }],
  ...over,
});
const ratingsOf = (staffId: number) => t.db.selectFrom('skill_ratings').select(['skill_id', 'level', 'rated_on', 'rated_by', 'note', 'interaction_id'])
  .where('staff_id', '=', staffId).orderBy('id').execute();
const currentOf = (staffId: number) => t.db.selectFrom('skill_current_levels').select(['skill_id', 'level', 'rated_on'])
  .where('staff_id', '=', staffId).orderBy('skill_id').execute();

describe('POST /api/staff/{id}/skill-rating', () => {
  itRequiresLogin(() => t.app, 'post', () => `/api/staff/${w.ana.id}/skill-rating`, payload);

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.coach);
    expect((await agent.post(`/api/staff/${w.ana.id}/skill-rating`).set('X-Requested-With', 'XMLHttpRequest').send(payload())).status).toBe(419);
    expect(await ratingsOf(w.ana.id)).toEqual([]);
  });

  it.each<[string, () => Record<string, unknown>, string, string]>([
    ['no date', () => ({ rated_on: undefined }), 'rated_on', 'Date must be a date (YYYY-MM-DD).'],
    ['an impossible date', () => ({ rated_on: '2026-02-30' }), 'rated_on', 'Date must be a date (YYYY-MM-DD).'],
    ['a future date', () => ({ rated_on: '2999-01-01' }), 'rated_on', SKILL_MESSAGES.futureDate],
    ['no ratings', () => ({ ratings: [] }), 'ratings', 'Rate at least one skill.'],
    ['ratings not a list', () => ({ ratings: 'all' }), 'ratings', 'Ratings must be a list.'],
    ['a text skill', () => ({ ratings: [{ skill_id: 'x', level: 2 }] }), 'ratings.0.skill_id', SKILL_MESSAGES.chooseSkill],
    ['another district\'s skill', () => ({ ratings: [{ skill_id: w.otherFw.skills[0]!.id, level: 2 }] }), 'ratings.0.skill_id', SKILL_MESSAGES.chooseSkill],
    ['a skill twice', () => ({ ratings: [{ skill_id: s(0), level: 2 }, { skill_id: s(0), level: 3 }] }), 'ratings.1.skill_id', SKILL_MESSAGES.duplicateSkill],
    ['a level off the scale', () => ({ ratings: [{ skill_id: s(0), level: 5 }] }), 'ratings.0.level', 'Choose a level of the scale.'],
    ['a level of 0', () => ({ ratings: [{ skill_id: s(0), level: 0 }] }), 'ratings.0.level', 'Choose a level of the scale.'],
    ['a fractional level', () => ({ ratings: [{ skill_id: s(0), level: 2.5 }] }), 'ratings.0.level', 'Choose a level of the scale.'],
    ['a long note', () => ({ ratings: [{ skill_id: s(0), level: 2, note: 'x'.repeat(2001) }] }), 'ratings.0.note', 'Note must be at most 2000 characters.'],
    ['another district\'s interaction', () => ({ interaction_id: w.otherInteraction.id }), 'interaction_id', SKILL_MESSAGES.interactionNotFound],
    ['a text interaction', () => ({ interaction_id: 'obs' }), 'interaction_id', SKILL_MESSAGES.interactionNotFound],
  ])('422 for %s', async (_label, over, field, message) => {
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post(`/api/staff/${w.ana.id}/skill-rating`).set(csrfHeaders(agent)).send(payload(over()));
    expectFieldError(res, field, message);
    expect(await ratingsOf(w.ana.id)).toEqual([]);
  });

  it('422 for an archived skill', async () => {
    await t.db.updateTable('skills').set({ archived_at: '2026-09-01T00:00:00.000Z' }).where('id', '=', s(0)).execute();
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post(`/api/staff/${w.ana.id}/skill-rating`).set(csrfHeaders(agent)).send(payload());
    expect(res.body.errors['ratings.0.skill_id']).toEqual([SKILL_MESSAGES.skillArchived]);
  });

  it('422 for an interaction of another coach or without this educator', async () => {
    const theirs = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach2.id, staff: [{ id: w.ana.id }] });
    const withoutAna = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, staff: [{ id: w.ben.id }] });
    const agent = await loginAs(t.app, w.coach);
    for (const id of [theirs.id, withoutAna.id]) {
      const res = await agent.post(`/api/staff/${w.ana.id}/skill-rating`).set(csrfHeaders(agent)).send(payload({ interaction_id: id }));
      expect(res.body.errors.interaction_id).toEqual([SKILL_MESSAGES.interactionNotFound]);
    }
  });

  it('404 for another district\'s educator and for one outside the coach\'s schools', async () => {
    const agent = await loginAs(t.app, w.coach);
    for (const id of [w.stranger.id, w.cy.id, 99999]) {
      const res = await agent.post(`/api/staff/${id}/skill-rating`).set(csrfHeaders(agent)).send(payload());
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(SKILL_MESSAGES.educatorNotFound);
    }
    expect((await agent.post('/api/staff/1e3/skill-rating').set(csrfHeaders(agent)).send(payload())).status).toBe(404);
  });

  it('403 for an educator and, with the Professional explanation, on the Essentials plan', async () => {
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.post(`/api/staff/${w.jordan.id}/skill-rating`).set(csrfHeaders(teacher)).send(payload())).status).toBe(403);
    const ess = await loginAs(t.app, w.essentialsAdmin);
    const res = await ess.post(`/api/staff/${w.ana.id}/skill-rating`).set(csrfHeaders(ess)).send(payload());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SKILL_MESSAGES.plan);
  });

  it('stores every rating, sets the current levels and audits once', async () => {
    const obs = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, staff: [{ id: w.ana.id }] });
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post(`/api/staff/${w.ana.id}/skill-rating`).set(csrfHeaders(agent)).send(payload({ interaction_id: obs.id }));
    expect(res.status).toBe(201);
    const body = res.body as EducatorSkills;
    expect(body.staff).toEqual({ id: w.ana.id, name: 'Ana Alvarez' });
    expect(body.current.map((r) => [r.skill_id, r.level, r.rated_by?.name])).toEqual([[s(0), 2, 'Casey Coach'], [s(6), 3, 'Casey Coach']]);
    expect(await ratingsOf(w.ana.id)).toEqual([
      { skill_id: s(0), level: 2, rated_on: '2026-10-06', rated_by: w.coach.id, note: 'Goal on the board, students could not say it yet.', interaction_id: obs.id },
      { skill_id: s(6), level: 3, rated_on: '2026-10-06', rated_by: w.coach.id, note: null, interaction_id: obs.id },
    ]);
    expect(await currentOf(w.ana.id)).toEqual([{ skill_id: s(0), level: 2, rated_on: '2026-10-06' }, { skill_id: s(6), level: 3, rated_on: '2026-10-06' }]);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'skill.rated').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ subject_type: 'staff', subject_id: w.ana.id, actor_id: w.coach.id });
  });

  it('a newer rating replaces the current level; a backdated one is kept in history only', async () => {
    const agent = await loginAs(t.app, w.admin);
    const rate = (rated_on: string, level: number) =>
      agent.post(`/api/staff/${w.cy.id}/skill-rating`).set(csrfHeaders(agent)).send({ rated_on, ratings: [{ skill_id: s(0), level }] });
    expect((await rate('2026-10-06', 2)).status).toBe(201);
    expect((await rate('2026-11-06', 3)).status).toBe(201);
    expect((await rate('2026-09-01', 1)).status).toBe(201);
    expect(await currentOf(w.cy.id)).toEqual([{ skill_id: s(0), level: 3, rated_on: '2026-11-06' }]);
    // the same date again: the later entry is current
    expect((await rate('2026-11-06', 4)).status).toBe(201);
    expect(await currentOf(w.cy.id)).toEqual([{ skill_id: s(0), level: 4, rated_on: '2026-11-06' }]);
    const history = (await agent.get(`/api/staff/${w.cy.id}/skill-rating`)).body as EducatorSkills;
    expect(history.history.map((r) => [r.rated_on, r.level])).toEqual([['2026-09-01', 1], ['2026-10-06', 2], ['2026-11-06', 3], ['2026-11-06', 4]]);
  });

  it('a district administrator may link any interaction with the educator', async () => {
    const obs = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach2.id, staff: [{ id: w.ana.id }] });
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.post(`/api/staff/${w.ana.id}/skill-rating`).set(csrfHeaders(agent)).send(payload({ interaction_id: obs.id }))).status).toBe(201);
  });
});

describe('GET /api/staff/{id}/skill-rating', () => {
  beforeEach(async () => {
    await insertRating(t.db, { districtId: w.district.id, staffId: w.jordan.id, skillId: s(0), level: 1, ratedOn: '2026-09-01', ratedBy: w.coach.id });
    await insertRating(t.db, { districtId: w.district.id, staffId: w.jordan.id, skillId: s(0), level: 2, ratedOn: '2026-10-01', ratedBy: w.coach.id, note: 'Better' });
  });

  itRequiresLogin(() => t.app, 'get', () => `/api/staff/${w.jordan.id}/skill-rating`);

  it('404 for another district\'s educator, and for an educator reading someone else', async () => {
    const admin = await loginAs(t.app, w.admin);
    expect((await admin.get(`/api/staff/${w.stranger.id}/skill-rating`)).status).toBe(404);
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.get(`/api/staff/${w.ana.id}/skill-rating`)).status).toBe(404);
  });

  it('403 on the Essentials plan', async () => {
    const res = await (await loginAs(t.app, w.essentialsAdmin)).get(`/api/staff/${w.jordan.id}/skill-rating`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SKILL_MESSAGES.plan);
  });

  it('an educator reads their own current levels and history (and may not rate)', async () => {
    const res = await (await loginAs(t.app, w.teacher)).get(`/api/staff/${w.jordan.id}/skill-rating`);
    expect(res.status).toBe(200);
    const body = res.body as EducatorSkills;
    expect(body.can_rate).toBe(false);
    expect(body.current).toEqual([expect.objectContaining({ skill_id: s(0), level: 2, rated_on: '2026-10-01', note: 'Better', rated_by: { id: w.coach.id, name: 'Casey Coach' } })]);
    expect(body.history.map((r) => r.level)).toEqual([1, 2]);
  });

  it('a coach reads an educator of their schools (and may rate)', async () => {
    const res = await (await loginAs(t.app, w.coach)).get(`/api/staff/${w.jordan.id}/skill-rating`);
    expect(res.status).toBe(200);
    expect(res.body.can_rate).toBe(true);
  });
});
