// Self-assessment (issue 29, item 3): POST /api/staff/{id}/self-assessment in DESIGN's order (401, 419, 422 per
// field, 404, 403, success and the database state), `self` beside `current` in GET /api/staff/{id}/skill-rating,
// and the heat map's self-assessment layer. Self ratings never reach the current levels, the coach layer, its
// summary or the rated counts.
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { educatorSkillsAnswer } from '../../../common/schemas/answers/skills';
import { type EducatorSkills, SELF_ASSESSMENTS_PER_HOUR, SKILL_MESSAGES, type SkillMapPage, type SkillMapSummary } from '../../../common/schemas/skills';
import { appWith, asGuest, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRejectsQueries } from '../../testing/checks';
import { impersonatingAgent } from '../../testing/interactions.fixture';
import { buildSkillsWorld, insertRating, type SkillsWorld } from '../../testing/skills.fixture';
import { todayIn } from './service';

let t: TestApp;
let w: SkillsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildSkillsWorld(app.db)));
});

const s = (i: number) => w.fw.skills[i]!.id;
const url = (staffId = w.jordan.id) => `/api/staff/${staffId}/self-assessment`;
const payload = (over: Record<string, unknown> = {}) => ({ ratings: [{ skill_id: s(0), level: 3 }, { skill_id: s(6), level: 2 }], ...over });
const selfRows = (staffId = w.jordan.id) => t.db.selectFrom('self_ratings').select(['skill_id', 'level', 'rated_on', 'rated_by', 'district_id'])
  .where('staff_id', '=', staffId).orderBy('id').execute();
const currentOf = (staffId: number) => t.db.selectFrom('skill_current_levels').select(['skill_id', 'level']).where('staff_id', '=', staffId).orderBy('skill_id').execute();
const today = () => todayIn(w.district.timezone);

describe('POST /api/staff/{id}/self-assessment', () => {
  it('401 without login', async () => {
    expect((await asGuest(t.app, 'post', url(), payload())).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.teacher);
    expect((await agent.post(url()).set('X-Requested-With', 'XMLHttpRequest').send(payload())).status).toBe(419);
    expect(await selfRows()).toEqual([]);
  });

  it.each<[string, () => Record<string, unknown>, string, string]>([
    ['no ratings', () => ({ ratings: [] }), 'ratings', 'Rate at least one skill.'],
    ['ratings not a list', () => ({ ratings: 'all' }), 'ratings', 'Ratings must be a list.'],
    ['a text skill', () => ({ ratings: [{ skill_id: 'x', level: 2 }] }), 'ratings.0.skill_id', SKILL_MESSAGES.chooseSkill],
    ["another district's skill", () => ({ ratings: [{ skill_id: w.otherFw.skills[0]!.id, level: 2 }] }), 'ratings.0.skill_id', SKILL_MESSAGES.chooseSkill],
    ['a skill twice', () => ({ ratings: [{ skill_id: s(0), level: 2 }, { skill_id: s(0), level: 3 }] }), 'ratings.1.skill_id', SKILL_MESSAGES.duplicateSkill],
    ['a level above the scale', () => ({ ratings: [{ skill_id: s(0), level: 2 }, { skill_id: s(1), level: 5 }] }), 'ratings.1.level', 'Choose a level of the scale.'],
    ['a level of 0', () => ({ ratings: [{ skill_id: s(0), level: 0 }] }), 'ratings.0.level', 'Choose a level of the scale.'],
    ['a fractional level', () => ({ ratings: [{ skill_id: s(0), level: 2.5 }] }), 'ratings.0.level', 'Choose a level of the scale.'],
    ['a text level', () => ({ ratings: [{ skill_id: s(0), level: 'high' }] }), 'ratings.0.level', 'Level must be a whole number.'],
  ])('422 for %s', async (_label, over, field, message) => {
    const agent = await loginAs(t.app, w.teacher);
    expectFieldError(await agent.post(url()).set(csrfHeaders(agent)).send(payload(over())), field, message);
    expect(await selfRows()).toEqual([]);
  });

  it('422 for an archived skill, and for a skill of an archived domain', async () => {
    await t.db.updateTable('skills').set({ archived_at: '2026-09-01T00:00:00.000Z' }).where('id', '=', s(0)).execute();
    await t.db.updateTable('skill_domains').set({ archived_at: '2026-09-01T00:00:00.000Z' }).where('id', '=', w.fw.skills[6]!.domain_id).execute();
    const agent = await loginAs(t.app, w.teacher);
    const res = await agent.post(url()).set(csrfHeaders(agent)).send(payload());
    expect(res.status).toBe(422);
    expect(res.body.errors['ratings.0.skill_id']).toEqual([SKILL_MESSAGES.skillArchived]);
    expect(res.body.errors['ratings.1.skill_id']).toEqual([SKILL_MESSAGES.skillArchived]);
    expect(await selfRows()).toEqual([]);
  });

  it("404 for an educator rating someone else, another district's educator or a missing one", async () => {
    const teacher = await loginAs(t.app, w.teacher);
    for (const id of [w.ana.id, w.stranger.id, 99999]) {
      const res = await teacher.post(url(id)).set(csrfHeaders(teacher)).send(payload());
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(SKILL_MESSAGES.educatorNotFound);
    }
    // A coach for an educator outside their schools: not seen, so not found either.
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.post(url(w.cy.id)).set(csrfHeaders(coach)).send(payload())).status).toBe(404);
    expect(await t.db.selectFrom('self_ratings').select('id').execute()).toEqual([]);
  });

  it('403 for a coach, a principal or an administrator who sees the educator; 403 while impersonating; 403 on Essentials', async () => {
    for (const who of [w.coach, w.principal, w.admin]) {
      const agent = await loginAs(t.app, who);
      const res = await agent.post(url()).set(csrfHeaders(agent)).send(payload());
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(SKILL_MESSAGES.selfOnly);
    }
    const support = await impersonatingAgent(t, w.teacher.id);
    const res = await support.post(url()).set(csrfHeaders(support)).send(payload());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SKILL_MESSAGES.selfImpersonated);
    const ess = await loginAs(t.app, w.essentialsAdmin);
    const planless = await ess.post(url()).set(csrfHeaders(ess)).send(payload());
    expect(planless.status).toBe(403);
    expect(planless.body.message).toBe(SKILL_MESSAGES.plan);
    expect(await selfRows()).toEqual([]);
  });

  it("stores the self ratings on the district's day, answers them as `self`, audits once, and leaves the current levels alone", async () => {
    await insertRating(t.db, { districtId: w.district.id, staffId: w.jordan.id, skillId: s(0), level: 2, ratedOn: '2026-10-01', ratedBy: w.coach.id });
    const agent = await loginAs(t.app, w.teacher);
    const res = await agent.post(url()).set(csrfHeaders(agent)).send(payload());
    expect(res.status).toBe(201);
    expect(z.safeParse(educatorSkillsAnswer, res.body).error?.issues ?? []).toEqual([]);
    const body = res.body as EducatorSkills;
    expect(body.self).toEqual([{ skill_id: s(0), level: 3, rated_on: today() }, { skill_id: s(6), level: 2, rated_on: today() }]);
    expect(body.current.map((r) => [r.skill_id, r.level])).toEqual([[s(0), 2]]);
    expect(body.history).toHaveLength(1);
    expect(body.can_self_assess).toBe(true);
    expect(body.can_rate).toBe(false);
    expect(await selfRows()).toEqual([
      { skill_id: s(0), level: 3, rated_on: today(), rated_by: w.teacher.id, district_id: w.district.id },
      { skill_id: s(6), level: 2, rated_on: today(), rated_by: w.teacher.id, district_id: w.district.id },
    ]);
    expect(await currentOf(w.jordan.id)).toEqual([{ skill_id: s(0), level: 2 }]);
    expect(await t.db.selectFrom('skill_ratings').select('id').where('staff_id', '=', w.jordan.id).execute()).toHaveLength(1);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'skill.self-assessed').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ subject_type: 'staff', subject_id: w.jordan.id, actor_id: w.teacher.id });
  });

  it('as often as they like: every self rating is kept and the latest per skill is `self`', async () => {
    const agent = await loginAs(t.app, w.teacher);
    expect((await agent.post(url()).set(csrfHeaders(agent)).send(payload())).status).toBe(201);
    const again = await agent.post(url()).set(csrfHeaders(agent)).send({ ratings: [{ skill_id: s(0), level: 4 }] });
    expect(again.status).toBe(201);
    expect((again.body as EducatorSkills).self.map((r) => [r.skill_id, r.level])).toEqual([[s(0), 4], [s(6), 2]]);
    expect((await selfRows()).map((r) => [r.skill_id, r.level])).toEqual([[s(0), 3], [s(6), 2], [s(0), 4]]);
  });
});

describe('POST /api/staff/{id}/self-assessment: the hourly limit', () => {
  it(`429 after ${SELF_ASSESSMENTS_PER_HOUR} self-assessments in an hour, with nothing stored`, async () => {
    ({ t, w } = await appWith((app) => buildSkillsWorld(app.db), { rateLimits: true }));
    const agent = await loginAs(t.app, w.teacher);
    for (let i = 0; i < SELF_ASSESSMENTS_PER_HOUR; i++) {
      expect((await agent.post(url()).set(csrfHeaders(agent)).send({ ratings: [{ skill_id: s(0), level: 1 + (i % 4) }] })).status).toBe(201);
    }
    const res = await agent.post(url()).set(csrfHeaders(agent)).send(payload());
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(SKILL_MESSAGES.tooManySelfAssessments);
    expect(await selfRows()).toHaveLength(SELF_ASSESSMENTS_PER_HOUR);
  });
});

describe('GET /api/staff/{id}/skill-rating: self beside current', () => {
  beforeEach(async () => {
    await insertRating(t.db, { districtId: w.district.id, staffId: w.jordan.id, skillId: s(0), level: 2, ratedOn: '2026-10-01', ratedBy: w.coach.id });
    const agent = await loginAs(t.app, w.teacher);
    await agent.post(url()).set(csrfHeaders(agent)).send(payload());
  });

  it('the coach and the principal see the self-assessment of an educator in their scope, and may not give one', async () => {
    for (const who of [w.coach, w.principal]) {
      const body = (await (await loginAs(t.app, who)).get(`/api/staff/${w.jordan.id}/skill-rating`)).body as EducatorSkills;
      expect(body.self.map((r) => [r.skill_id, r.level])).toEqual([[s(0), 3], [s(6), 2]]);
      expect(body.current.map((r) => [r.skill_id, r.level])).toEqual([[s(0), 2]]);
      expect(body.can_self_assess).toBe(false);
      expect(body.can_rate).toBe(true);
    }
  });

  it("another educator's self-assessment stays theirs: 404", async () => {
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.get(`/api/staff/${w.ana.id}/skill-rating`)).status).toBe(404);
  });

  it('an educator with no self-assessment answers an empty `self`', async () => {
    const body = (await (await loginAs(t.app, w.admin)).get(`/api/staff/${w.ana.id}/skill-rating`)).body as EducatorSkills;
    expect(body.self).toEqual([]);
  });
});

describe('the heat map: self ratings only on the self layer', () => {
  beforeEach(async () => {
    const d = w.district.id;
    await insertRating(t.db, { districtId: d, staffId: w.jordan.id, skillId: s(0), level: 2, ratedOn: '2026-10-01', ratedBy: w.coach.id });
    await insertRating(t.db, { districtId: d, staffId: w.ana.id, skillId: s(0), level: 1, ratedOn: '2026-10-01', ratedBy: w.coach.id });
    const agent = await loginAs(t.app, w.teacher);
    await agent.post(url()).set(csrfHeaders(agent)).send({ ratings: [{ skill_id: s(0), level: 3 }, { skill_id: s(1), level: 4 }] });
    await agent.post(url()).set(csrfHeaders(agent)).send({ ratings: [{ skill_id: s(0), level: 4 }] });
  });

  itRejectsQueries('/api/skill-map', () => loginAs(t.app, w.admin), [
    ['an unknown layer', 'layer=peer', 'layer', 'Layer must be coach or self.'],
  ]);

  it('the coach layer (the default) and its summary count the coaches\' ratings only', async () => {
    const admin = await loginAs(t.app, w.admin);
    const page = (await admin.get('/api/skill-map')).body as SkillMapPage;
    const jordan = page.data.find((r) => r.staff.id === w.jordan.id)!;
    expect(Object.keys(jordan.cells)).toEqual([String(s(0))]);
    expect(jordan.cells[String(s(0))]).toMatchObject({ level: 2, rated_by: 'Casey Coach' });
    const summary = (await admin.get('/api/skill-map/summary')).body as SkillMapSummary;
    expect(summary.counts[String(s(0))]).toEqual({ 1: 1, 2: 1 });
    expect(summary.counts[String(s(1))]).toBeUndefined();
    expect(await admin.get('/api/skill-map?layer=coach').then((r) => r.body)).toEqual(page);
  });

  it('layer=self shows each educator\'s latest self rating, its summary and CSV; the kept coach answer is not reused', async () => {
    const admin = await loginAs(t.app, w.admin);
    await admin.get('/api/skill-map'); // the coach layer, kept
    const page = (await admin.get('/api/skill-map?layer=self')).body as SkillMapPage;
    const jordan = page.data.find((r) => r.staff.id === w.jordan.id)!;
    expect(jordan.cells).toEqual({
      [String(s(0))]: { level: 4, rated_on: today(), rated_by: null, note: null },
      [String(s(1))]: { level: 4, rated_on: today(), rated_by: null, note: null },
    });
    expect(page.data.find((r) => r.staff.id === w.ana.id)!.cells).toEqual({});
    const summary = (await admin.get('/api/skill-map/summary?layer=self')).body as SkillMapSummary;
    expect(summary.counts).toEqual({ [String(s(0))]: { 4: 1 }, [String(s(1))]: { 4: 1 } });
    const sorted = (await admin.get(`/api/skill-map?layer=self&sort=-domain:${w.fw.skills[0]!.domain_id}`)).body as SkillMapPage;
    expect(sorted.data[0]!.staff.name).toBe('Jordan Ellis');
    const collapsed = w.fw.domains.slice(1).map((d) => `collapsed[]=${d.id}`).join('&');
    const csv = await admin.get(`/api/skill-map.csv?layer=self&filter[building_id]=${w.lincoln.id}&${collapsed}`);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="skill-map-self-assessment.csv"');
    const lines = csv.text.slice(1).trimEnd().split('\r\n');
    expect(lines.find((l) => l.startsWith('"Jordan Ellis"'))).toBe(
      ['Jordan Ellis', 'Lincoln Middle', 'Classroom Teacher', '4', '4', '', '', '', '', '', '', ''].map((c) => `"${c}"`).join(','));
    expect(lines.find((l) => l.startsWith('"Ana Alvarez"'))).toBe(
      ['Ana Alvarez', 'Lincoln Middle', 'Classroom Teacher', '', '', '', '', '', '', '', '', ''].map((c) => `"${c}"`).join(','));
  });

  it('a new self-assessment is on the next read of the kept self layer', async () => {
    const admin = await loginAs(t.app, w.admin);
    const before = (await admin.get('/api/skill-map?layer=self')).body as SkillMapPage;
    expect(before.data.find((r) => r.staff.id === w.jordan.id)!.cells[String(s(0))]!.level).toBe(4);
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.post(url()).set(csrfHeaders(teacher)).send({ ratings: [{ skill_id: s(0), level: 1 }] })).status).toBe(201);
    const after = (await admin.get('/api/skill-map?layer=self')).body as SkillMapPage;
    expect(after.data.find((r) => r.staff.id === w.jordan.id)!.cells[String(s(0))]!.level).toBe(1);
  });
});
