import { beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../../db/connection';
import { asGuest, createTestApp, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { buildBuilding, buildCoachAssignment, buildDistrict, buildStaff, buildUser } from '../../testing/factories';
import { insertInteraction } from '../../testing/interactions.fixture';
import { frameworkOf, insertRating } from '../../testing/skills.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const done = (body: { items: { key: string; done: boolean }[] }) => Object.fromEntries(body.items.map((i) => [i.key, i.done]));

async function adminOf(planKey = 'professional') {
  const district = await buildDistrict(t.db, { planKey });
  const admin = await buildUser(t.db, { role: 'district-admin', districtId: district.id });
  return { district, admin, agent: await loginAs(t.app, admin) };
}

describe('GET /api/setup-checklist', () => {
  it('401 for guests', async () => {
    const res = await (await guestAgent(t.app)).get('/api/setup-checklist');
    expect(res.status).toBe(401);
  });

  it('403 for a coach, a principal and an educator (only people with manage settings set the district up)', async () => {
    const { district } = await adminOf();
    for (const role of ['coach', 'building-admin', 'educator']) {
      const res = await (await loginAs(t.app, await buildUser(t.db, { role, districtId: district.id }))).get('/api/setup-checklist');
      expect(res.status, role).toBe(403);
    }
  });

  it('403 for provider staff who are not impersonating', async () => {
    const res = await (await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }))).get('/api/setup-checklist');
    expect(res.status).toBe(403);
  });

  it('a new district: every item of its plan to do, each with its screen', async () => {
    const { agent } = await adminOf('professional');
    const res = await agent.get('/api/setup-checklist');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ done_count: 0, total: 7, complete: false, dismissed: false });
    expect(res.body.items.map((i: { key: string; href: string; done: boolean }) => [i.key, i.href, i.done])).toEqual([
      ['schools', '/app/settings/site', false],
      ['educators', '/app/staff/create', false],
      ['coaches', '/app/settings/user/new', false],
      ['caseloads', '/app/coaches', false],
      ['interaction-types', '/app/settings/interaction', false],
      ['framework', '/app/coaching?tab=framework', false],
      ['calendar-sync', '/app/activity/calendar-sync', false],
    ]);
    expect(res.body.items[0]).toEqual({
      key: 'schools', label: 'Add your schools', description: 'The schools your educators and coaches work in.', href: '/app/settings/site', done: false, review: false,
    });
  });

  it('on Essentials: no framework (skill mapping) and no calendar sync', async () => {
    const { agent } = await adminOf('essentials');
    const res = await agent.get('/api/setup-checklist');
    expect(res.body.items.map((i: { key: string }) => i.key)).toEqual(['schools', 'educators', 'coaches', 'caseloads', 'interaction-types']);
    expect(res.body.total).toBe(5);
  });

  it('each item ticks itself off once its kind of data exists', async () => {
    const { district, admin, agent } = await adminOf();
    const read = async () => (await agent.get('/api/setup-checklist')).body;

    const school = await buildBuilding(t.db, district.id);
    expect(done(await read())).toMatchObject({ schools: true, educators: false, coaches: false, caseloads: false });

    const educator = await buildStaff(t.db, { districtId: district.id, buildingId: school.id });
    expect(done(await read())).toMatchObject({ educators: true, coaches: false });

    // An invited coach counts: the invitation is the step.
    const coach = await buildUser(t.db, { role: 'coach', districtId: district.id, status: 'invited' });
    expect(done(await read())).toMatchObject({ coaches: true, caseloads: false });

    await buildCoachAssignment(t.db, { districtId: district.id, coachId: coach.id, staffId: educator.id });
    expect(done(await read())).toMatchObject({ caseloads: true, 'calendar-sync': false });

    await t.db.insertInto('calendar_feeds').values({ district_id: district.id, user_id: admin.id, token_hash: 'x'.repeat(64), title_mode: 'names', created_at: nowIso(), updated_at: nowIso() }).execute();
    const body = await read();
    expect(done(body)).toMatchObject({ 'calendar-sync': true, 'interaction-types': false, framework: false });
    expect(body).toMatchObject({ done_count: 5, total: 7, complete: false });
  });

  it('the review items tick off once the district uses them: an interaction logged, a skill rated (not another district\'s)', async () => {
    const { district, agent } = await adminOf();
    const other = await adminOf();
    const otherCoach = await buildUser(t.db, { role: 'coach', districtId: other.district.id });
    const otherType = await t.db.selectFrom('interaction_types').select('id').where('district_id', '=', other.district.id).executeTakeFirstOrThrow();
    await insertInteraction(t.db, { districtId: other.district.id, typeId: otherType.id, coachId: otherCoach.id });
    const otherEducator = await buildStaff(t.db, { districtId: other.district.id });
    await insertRating(t.db, { districtId: other.district.id, staffId: otherEducator.id, skillId: (await frameworkOf(t.db, other.district.id)).skills[0]!.id, level: 2, ratedOn: '2026-10-01' });
    expect(done((await agent.get('/api/setup-checklist')).body)).toMatchObject({ 'interaction-types': false, framework: false });

    const coach = await buildUser(t.db, { role: 'coach', districtId: district.id });
    const type = await t.db.selectFrom('interaction_types').select('id').where('district_id', '=', district.id).executeTakeFirstOrThrow();
    await insertInteraction(t.db, { districtId: district.id, typeId: type.id, coachId: coach.id });
    expect(done((await agent.get('/api/setup-checklist')).body)).toMatchObject({ 'interaction-types': true, framework: false });
    const educator = await buildStaff(t.db, { districtId: district.id });
    await insertRating(t.db, { districtId: district.id, staffId: educator.id, skillId: (await frameworkOf(t.db, district.id)).skills[0]!.id, level: 2, ratedOn: '2026-10-01' });
    expect(done((await agent.get('/api/setup-checklist')).body)).toMatchObject({ framework: true });
  });

  it('an archived school, an inactive educator and a disabled coach do not count', async () => {
    const { district, agent } = await adminOf();
    const school = await buildBuilding(t.db, district.id);
    await t.db.updateTable('buildings').set({ deleted_at: nowIso() }).where('id', '=', school.id).execute();
    await buildStaff(t.db, { districtId: district.id, status: 'inactive' });
    await t.db.updateTable('buildings').set({ deleted_at: nowIso() }).where('district_id', '=', district.id).execute();
    await buildUser(t.db, { role: 'coach', districtId: district.id, status: 'disabled' });
    expect(done((await agent.get('/api/setup-checklist')).body)).toMatchObject({ schools: false, educators: false, coaches: false });
  });

  it("another district's data never counts", async () => {
    const { agent } = await adminOf();
    const other = await adminOf();
    const school = await buildBuilding(t.db, other.district.id);
    const educator = await buildStaff(t.db, { districtId: other.district.id, buildingId: school.id });
    const coach = await buildUser(t.db, { role: 'coach', districtId: other.district.id });
    await buildCoachAssignment(t.db, { districtId: other.district.id, coachId: coach.id, staffId: educator.id });
    await t.db.insertInto('calendar_feeds').values({ district_id: other.district.id, user_id: coach.id, token_hash: 'y'.repeat(64), title_mode: 'names', created_at: nowIso(), updated_at: nowIso() }).execute();
    for (const item of ['interaction-types', 'framework']) {
      expect((await other.agent.post(`/api/setup-checklist/${item}/review`).set(csrfHeaders(other.agent))).status).toBe(200);
    }
    expect((await other.agent.post('/api/setup-checklist/dismiss').set(csrfHeaders(other.agent))).status).toBe(200);

    const mine = (await agent.get('/api/setup-checklist')).body;
    expect(mine).toMatchObject({ done_count: 0, dismissed: false });
    expect((await other.agent.get('/api/setup-checklist')).body).toMatchObject({ done_count: 7, complete: true, dismissed: true });
  });
});

describe('POST /api/setup-checklist/{item}/review', () => {
  it('401 for guests, 419 without the CSRF token', async () => {
    expect((await asGuest(t.app, 'post', '/api/setup-checklist/framework/review')).status).toBe(401);
    const { agent } = await adminOf();
    expect((await agent.post('/api/setup-checklist/framework/review')).status).toBe(419);
  });

  it('404 for an item that is not a review, or not on the plan', async () => {
    const { agent } = await adminOf();
    for (const item of ['schools', 'nope']) {
      const res = await agent.post(`/api/setup-checklist/${item}/review`).set(csrfHeaders(agent));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('We could not find that checklist item.');
    }
    const essentials = await adminOf('essentials');
    expect((await essentials.agent.post('/api/setup-checklist/framework/review').set(csrfHeaders(essentials.agent))).status).toBe(404);
  });

  it('403 for a coach', async () => {
    const { district } = await adminOf();
    const coach = await loginAs(t.app, await buildUser(t.db, { role: 'coach', districtId: district.id }));
    expect((await coach.post('/api/setup-checklist/framework/review').set(csrfHeaders(coach))).status).toBe(403);
    expect(await t.db.selectFrom('setup_checklist_marks').selectAll().execute()).toEqual([]);
  });

  it('ticks the item off for the district (every administrator sees it), stored once with one audit row', async () => {
    const { district, admin, agent } = await adminOf();
    const res = await agent.post('/api/setup-checklist/interaction-types/review').set(csrfHeaders(agent));
    expect(res.status).toBe(200);
    expect(done(res.body)).toMatchObject({ 'interaction-types': true, framework: false });
    expect((await agent.post('/api/setup-checklist/interaction-types/review').set(csrfHeaders(agent))).status).toBe(200);

    const second = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: district.id }));
    expect(done((await second.get('/api/setup-checklist')).body)).toMatchObject({ 'interaction-types': true });
    expect(await t.db.selectFrom('setup_checklist_marks').select(['district_id', 'mark', 'user_id']).execute())
      .toEqual([{ district_id: district.id, mark: 'interaction-types', user_id: admin.id }]);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'actor_id', 'district_id', 'details']).where('action', '=', 'setup_item_reviewed').execute();
    expect(audit).toEqual([{ action: 'setup_item_reviewed', actor_id: admin.id, district_id: district.id, details: JSON.stringify({ item: 'interaction-types' }) }]);
  });
});

describe('POST /api/setup-checklist/dismiss', () => {
  it('401 for guests, 419 without the CSRF token, 403 for a coach', async () => {
    expect((await asGuest(t.app, 'post', '/api/setup-checklist/dismiss')).status).toBe(401);
    const { district, agent } = await adminOf();
    expect((await agent.post('/api/setup-checklist/dismiss')).status).toBe(419);
    const coach = await loginAs(t.app, await buildUser(t.db, { role: 'coach', districtId: district.id }));
    expect((await coach.post('/api/setup-checklist/dismiss').set(csrfHeaders(coach))).status).toBe(403);
    expect((await agent.get('/api/setup-checklist')).body.dismissed).toBe(false);
  });

  it('dismisses it for the district, audited once; the items keep their state', async () => {
    const { district, admin, agent } = await adminOf();
    await buildBuilding(t.db, district.id);
    const res = await agent.post('/api/setup-checklist/dismiss').set(csrfHeaders(agent));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dismissed: true, done_count: 1, complete: false });
    await agent.post('/api/setup-checklist/dismiss').set(csrfHeaders(agent));
    const second = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: district.id }));
    expect((await second.get('/api/setup-checklist')).body.dismissed).toBe(true);
    const audit = await t.db.selectFrom('audit_log').select(['actor_id', 'district_id', 'subject_type', 'subject_id']).where('action', '=', 'setup_checklist_dismissed').execute();
    expect(audit).toEqual([{ actor_id: admin.id, district_id: district.id, subject_type: 'district', subject_id: district.id }]);
  });
});
