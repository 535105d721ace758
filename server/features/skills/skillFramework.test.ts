// The default framework (migration 0061 and createDistrict's copy), GET /api/skill-framework and the
// framework editing endpoints, in DESIGN's order: 401, 419, 422 per field, 404 other district, 403,
// then success and the database state.
import { beforeEach, describe, expect, it } from 'vitest';
import { SKILL_MESSAGES, type SkillFramework } from '../../../common/schemas/skills';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildDistrict } from '../../testing/factories';
import { buildSkillsWorld, frameworkOf, insertRating, type SkillsWorld } from '../../testing/skills.fixture';

let t: TestApp;
let w: SkillsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildSkillsWorld(app.db)));
});

const audits = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe('the default framework', () => {
  it('is stored once as the provider\'s rows: 4 levels, 4 domains of 6 skills', async () => {
    const provider = await t.db.selectFrom('skill_frameworks').selectAll().where('district_id', 'is', null).execute();
    expect(provider).toHaveLength(1);
    const levels = await t.db.selectFrom('skill_levels').select(['level', 'name']).where('framework_id', '=', provider[0]!.id).orderBy('level').execute();
    expect(levels).toEqual([
      { level: 1, name: 'Beginning' }, { level: 2, name: 'Developing' }, { level: 3, name: 'Skilled' }, { level: 4, name: 'Leading' },
    ]);
    const domains = await t.db.selectFrom('skill_domains').select('id').where('framework_id', '=', provider[0]!.id).execute();
    const skills = await t.db.selectFrom('skills').select('id').where('framework_id', '=', provider[0]!.id).execute();
    expect(domains).toHaveLength(4);
    expect(skills).toHaveLength(24);
  });

  it('is copied into every new district as its own rows', async () => {
    const d = await buildDistrict(t.db);
    const fw = await frameworkOf(t.db, d.id);
    expect(fw.framework.name).toBe('Coachwell teaching practice');
    expect(fw.domains.map((x) => x.name)).toEqual(['Planning for learning', 'Classroom community', 'Instruction in action', 'Growing as a professional']);
    expect(fw.skills).toHaveLength(24);
    expect(fw.skills.every((s) => s.district_id === d.id && fw.domains.some((x) => x.id === s.domain_id))).toBe(true);
    const levels = await t.db.selectFrom('skill_levels').select('district_id').where('framework_id', '=', fw.framework.id).execute();
    expect(levels).toEqual([1, 2, 3, 4].map(() => ({ district_id: d.id })));
  });
});

describe('GET /api/skill-framework', () => {
  itRequiresLogin(() => t.app, 'get', '/api/skill-framework');

  it('403 with the Professional explanation on the Essentials plan', async () => {
    const res = await (await loginAs(t.app, w.essentialsAdmin)).get('/api/skill-framework');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SKILL_MESSAGES.plan);
  });

  it('answers the district\'s own framework to a coach and an educator (not editable)', async () => {
    for (const user of [w.coach, w.teacher]) {
      const res = await (await loginAs(t.app, user)).get('/api/skill-framework');
      expect(res.status).toBe(200);
      const body = res.body as SkillFramework;
      expect(body.id).toBe(w.fw.framework.id);
      expect(body.can_edit).toBe(false);
      expect(body.levels.map((l) => l.name)).toEqual(['Beginning', 'Developing', 'Skilled', 'Leading']);
      expect(body.domains[0]!.skills.map((s) => s.id)).toEqual(w.fw.skills.filter((s) => s.domain_id === w.fw.domains[0]!.id).map((s) => s.id));
      expect(body.domains[0]!.skills[0]).toEqual({
        id: w.fw.skills[0]!.id, domain_id: w.fw.domains[0]!.id, name: 'Clear learning goals',
        description: w.fw.skills[0]!.description, sort_order: 1, archived: false,
      });
    }
  });

  it('is editable for a district administrator', async () => {
    const res = await (await loginAs(t.app, w.admin)).get('/api/skill-framework');
    expect(res.body.can_edit).toBe(true);
  });
});

describe('POST /api/skill-domain', () => {
  itRequiresLogin(() => t.app, 'post', '/api/skill-domain', () => ({ name: 'New' }));

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.post('/api/skill-domain').set('X-Requested-With', 'XMLHttpRequest').send({ name: 'New' })).status).toBe(419);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no name', {}, 'name', 'Name is required.'],
    ['a blank name', { name: '   ' }, 'name', 'Name is required.'],
    ['a long name', { name: 'x'.repeat(121) }, 'name', 'Name must be at most 120 characters.'],
    ['a taken name', { name: 'planning FOR learning' }, 'name', SKILL_MESSAGES.nameTaken],
    ['a numeric description', { name: 'New', description: 5 }, 'description', 'Description must be text.'],
  ])('422 for %s', async (_label, body, field, message) => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post('/api/skill-domain').set(csrfHeaders(agent)).send(body);
    expectFieldError(res, field, message);
  });

  it('403 for a coach and for the Essentials plan', async () => {
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.post('/api/skill-domain').set(csrfHeaders(coach)).send({ name: 'New' })).status).toBe(403);
    const ess = await loginAs(t.app, w.essentialsAdmin);
    const res = await ess.post('/api/skill-domain').set(csrfHeaders(ess)).send({ name: 'New' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SKILL_MESSAGES.plan);
  });

  it('adds the domain last and audits it', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post('/api/skill-domain').set(csrfHeaders(agent)).send({ name: ' Digital learning ', description: 'Tools' });
    expect(res.status).toBe(201);
    const added = (res.body as SkillFramework).domains.at(-1)!;
    expect(added).toMatchObject({ name: 'Digital learning', description: 'Tools', sort_order: 5, archived: false, skills: [] });
    expect(await audits('skill-domain.created')).toHaveLength(1);
    // the other district's framework is untouched
    expect((await frameworkOf(t.db, w.other.id)).domains).toHaveLength(4);
  });
});

describe('PUT /api/skill-domain/{id} and reordering', () => {
  it('404 for another district\'s domain', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.put(`/api/skill-domain/${w.otherFw.domains[0]!.id}`).set(csrfHeaders(agent)).send({ name: 'Mine now' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(SKILL_MESSAGES.domainNotFound);
    expect((await frameworkOf(t.db, w.other.id)).domains[0]!.name).toBe('Planning for learning');
  });

  it('404 for a non-numeric id', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.put('/api/skill-domain/abc').set(csrfHeaders(agent)).send({ name: 'X' })).status).toBe(404);
  });

  it('renames a domain', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.put(`/api/skill-domain/${w.fw.domains[0]!.id}`).set(csrfHeaders(agent)).send({ name: 'Lesson design', description: w.fw.domains[0]!.description });
    expect(res.status).toBe(200);
    expect((await frameworkOf(t.db, w.district.id)).domains[0]!.name).toBe('Lesson design');
    expect(JSON.parse((await audits('skill-domain.updated'))[0]!.details!)).toEqual({ name: { from: 'Planning for learning', to: 'Lesson design' } });
  });

  it('422 unless the order lists every domain once; then reorders', async () => {
    const agent = await loginAs(t.app, w.admin);
    const ids = w.fw.domains.map((d) => d.id);
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), w.otherFw.domains[0]!.id]]) {
      const res = await agent.put('/api/skill-domain-order').set(csrfHeaders(agent)).send({ ids: bad });
      expectFieldError(res, 'ids', SKILL_MESSAGES.orderMismatch);
    }
    const res = await agent.put('/api/skill-domain-order').set(csrfHeaders(agent)).send({ ids: [...ids].reverse() });
    expect(res.status).toBe(200);
    expect((res.body as SkillFramework).domains.map((d) => d.id)).toEqual([...ids].reverse());
  });

  it('reorders the skills of a domain', async () => {
    const agent = await loginAs(t.app, w.admin);
    const domain = w.fw.domains[1]!;
    const ids = w.fw.skills.filter((s) => s.domain_id === domain.id).map((s) => s.id).reverse();
    const res = await agent.put(`/api/skill-domain/${domain.id}/skill-order`).set(csrfHeaders(agent)).send({ ids });
    expect(res.status).toBe(200);
    expect((res.body as SkillFramework).domains[1]!.skills.map((s) => s.id)).toEqual(ids);
  });

  it('archives and restores a domain (409 when already so)', async () => {
    const agent = await loginAs(t.app, w.admin);
    const id = w.fw.domains[3]!.id;
    expect((await agent.post(`/api/skill-domain/${id}/archive`).set(csrfHeaders(agent))).body.domains[3].archived).toBe(true);
    expect((await agent.post(`/api/skill-domain/${id}/archive`).set(csrfHeaders(agent))).status).toBe(409);
    expect((await agent.post(`/api/skill-domain/${id}/restore`).set(csrfHeaders(agent))).body.domains[3].archived).toBe(false);
  });
});

describe('POST /api/skill, PUT /api/skill/{id}, archiving skills', () => {
  it('422 for another district\'s domain, an archived domain and a taken name', async () => {
    const agent = await loginAs(t.app, w.admin);
    let res = await agent.post('/api/skill').set(csrfHeaders(agent)).send({ domain_id: w.otherFw.domains[0]!.id, name: 'New skill' });
    expectFieldError(res, 'domain_id', SKILL_MESSAGES.domainNotFound);
    res = await agent.post('/api/skill').set(csrfHeaders(agent)).send({ domain_id: 'x', name: 'New skill' });
    expect(res.body.errors.domain_id).toEqual([SKILL_MESSAGES.domainNotFound]);
    await agent.post(`/api/skill-domain/${w.fw.domains[0]!.id}/archive`).set(csrfHeaders(agent));
    res = await agent.post('/api/skill').set(csrfHeaders(agent)).send({ domain_id: w.fw.domains[0]!.id, name: 'New skill' });
    expect(res.body.errors.domain_id).toEqual([SKILL_MESSAGES.domainArchived]);
    res = await agent.post('/api/skill').set(csrfHeaders(agent)).send({ domain_id: w.fw.domains[1]!.id, name: 'routines and transitions' });
    expect(res.body.errors.name).toEqual([SKILL_MESSAGES.nameTaken]);
  });

  it('404 for another district\'s skill; 403 for a principal', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.put(`/api/skill/${w.otherFw.skills[0]!.id}`).set(csrfHeaders(agent)).send({ domain_id: w.fw.domains[0]!.id, name: 'X' });
    expect(res.status).toBe(404);
    const principal = await loginAs(t.app, w.principal);
    expect((await principal.post('/api/skill').set(csrfHeaders(principal)).send({ domain_id: w.fw.domains[0]!.id, name: 'X' })).status).toBe(403);
  });

  it('adds, renames and moves a skill', async () => {
    const agent = await loginAs(t.app, w.admin);
    let res = await agent.post('/api/skill').set(csrfHeaders(agent)).send({ domain_id: w.fw.domains[0]!.id, name: 'Unit planning' });
    expect(res.status).toBe(201);
    const added = (res.body as SkillFramework).domains[0]!.skills.at(-1)!;
    expect(added).toMatchObject({ name: 'Unit planning', sort_order: 7 });
    res = await agent.put(`/api/skill/${added.id}`).set(csrfHeaders(agent)).send({ domain_id: w.fw.domains[2]!.id, name: 'Planning units' });
    expect(res.status).toBe(200);
    expect((res.body as SkillFramework).domains[2]!.skills.at(-1)).toMatchObject({ id: added.id, name: 'Planning units', domain_id: w.fw.domains[2]!.id });
  });

  it('an archived skill keeps its ratings and history, and leaves the heat map columns', async () => {
    const skill = w.fw.skills[0]!;
    await insertRating(t.db, { districtId: w.district.id, staffId: w.ana.id, skillId: skill.id, level: 2, ratedOn: '2026-09-01' });
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post(`/api/skill/${skill.id}/archive`).set(csrfHeaders(agent));
    expect(res.status).toBe(200);
    expect((res.body as SkillFramework).domains[0]!.skills[0]).toMatchObject({ id: skill.id, archived: true });
    expect(await t.db.selectFrom('skill_ratings').select('level').where('skill_id', '=', skill.id).execute()).toEqual([{ level: 2 }]);
    const history = await agent.get(`/api/staff/${w.ana.id}/skill-rating`);
    expect(history.body.history.map((r: { skill_id: number }) => r.skill_id)).toEqual([skill.id]);
    const map = await agent.get('/api/skill-map');
    const ana = map.body.data.find((r: { staff: { id: number } }) => r.staff.id === w.ana.id);
    expect(ana.cells[String(skill.id)]).toBeUndefined();
    // restoring brings the cell back
    await agent.post(`/api/skill/${skill.id}/restore`).set(csrfHeaders(agent));
    const again = (await agent.get('/api/skill-map')).body.data.find((r: { staff: { id: number } }) => r.staff.id === w.ana.id);
    expect(again.cells[String(skill.id)].level).toBe(2);
  });
});

describe('PUT /api/skill-level/{level}', () => {
  it('422 for a blank name; 404 for a level off the scale; renames a level', async () => {
    const agent = await loginAs(t.app, w.admin);
    let res = await agent.put('/api/skill-level/1').set(csrfHeaders(agent)).send({ name: '' });
    expectFieldError(res, 'name', 'Name is required.');
    expect((await agent.put('/api/skill-level/9').set(csrfHeaders(agent)).send({ name: 'Nine' })).status).toBe(404);
    res = await agent.put('/api/skill-level/1').set(csrfHeaders(agent)).send({ name: 'Starting', descriptor: 'New to it.' });
    expect(res.status).toBe(200);
    expect((res.body as SkillFramework).levels[0]).toEqual({ level: 1, name: 'Starting', descriptor: 'New to it.' });
    const other = await t.db.selectFrom('skill_levels').select('name').where('district_id', '=', w.other.id).where('level', '=', 1).executeTakeFirstOrThrow();
    expect(other.name).toBe('Beginning');
  });
});
