// GET /api/skill-map, /api/skill-map/summary and /api/skill-map.csv in DESIGN's order: 401, 422 per
// bad parameter, 403 (permission, plan), then the scope, filters, sort, paging, summary and export.
import { beforeEach, describe, expect, it } from 'vitest';
import { SKILL_MESSAGES, type SkillMapPage, type SkillMapSummary } from '../../../common/schemas/skills';
import { appWith, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { itRejectsQueries, itRequiresLogin } from '../../testing/checks';
import { buildCoachAssignment } from '../../testing/factories';
import { buildSkillsWorld, insertRating, type SkillsWorld } from '../../testing/skills.fixture';

let t: TestApp;
let w: SkillsWorld;
const s = (i: number) => w.fw.skills[i]!.id;

beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildSkillsWorld(app.db)));
  const d = w.district.id;
  // Ana: Planning 1,1 / Community 4; Ben: Planning 3,4; Cy (Oak): Planning 2; Jordan: none.
  await insertRating(t.db, { districtId: d, staffId: w.ana.id, skillId: s(0), level: 3, ratedOn: '2026-09-01', ratedBy: w.coach.id });
  await insertRating(t.db, { districtId: d, staffId: w.ana.id, skillId: s(0), level: 1, ratedOn: '2026-10-01', ratedBy: w.coach.id, note: 'Needs =SUM work, "quoted"' });
  await insertRating(t.db, { districtId: d, staffId: w.ana.id, skillId: s(1), level: 1, ratedOn: '2026-10-01', ratedBy: w.coach.id });
  await insertRating(t.db, { districtId: d, staffId: w.ana.id, skillId: s(6), level: 4, ratedOn: '2026-10-01', ratedBy: w.coach.id });
  await insertRating(t.db, { districtId: d, staffId: w.ben.id, skillId: s(0), level: 3, ratedOn: '2026-10-01', ratedBy: w.admin.id });
  await insertRating(t.db, { districtId: d, staffId: w.ben.id, skillId: s(1), level: 4, ratedOn: '2026-10-01', ratedBy: w.admin.id });
  await insertRating(t.db, { districtId: d, staffId: w.cy.id, skillId: s(0), level: 2, ratedOn: '2026-10-01', ratedBy: w.admin.id });
  await insertRating(t.db, { districtId: w.other.id, staffId: w.stranger.id, skillId: w.otherFw.skills[0]!.id, level: 4, ratedOn: '2026-10-01' });
  await t.db.updateTable('staff').set({ position: 'Interventionist', grade_levels: '["K","1"]', subjects: '["Science"]' }).where('id', '=', w.ben.id).execute();
});

const names = (body: SkillMapPage) => body.data.map((r) => r.staff.name);

describe('GET /api/skill-map', () => {
  itRequiresLogin(() => t.app, 'get', '/api/skill-map');

  itRejectsQueries('/api/skill-map', () => loginAs(t.app, w.admin), [
    ['an unknown filter', 'filter[color]=red', 'filter', 'Unknown filter: color. Filters are building_id, group_id, coach_id, grade_level, subject and position.'],
    ['a text school', 'filter[building_id]=abc', 'filter.building_id', 'School must be a school ID.'],
    ['an unknown grade', 'filter[grade_level][]=13', 'filter.grade_level', 'Choose grade levels from PK, K and 1–12.'],
    ['an unknown position', 'filter[position]=Wizard', 'filter.position', 'Choose a position from the list.'],
    ['an unknown subject', 'filter[subject]=Magic', 'filter.subject', 'Choose subjects from the list.'],
    ['a bad sort', 'sort=domain:abc', 'sort', 'Sort must be name, -name, domain:{id} or -domain:{id}.'],
    ['an absurd page', 'page=1e99', 'page', 'Page must be a whole number.'],
    ['too many per page', 'per_page=500', 'per_page', 'Per page must be at most 100.'],
  ]);

  it('403 for an educator, and with the Professional explanation on the Essentials plan', async () => {
    expect((await (await loginAs(t.app, w.teacher)).get('/api/skill-map')).status).toBe(403);
    const res = await (await loginAs(t.app, w.essentialsAdmin)).get('/api/skill-map');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SKILL_MESSAGES.plan);
  });

  it('a district administrator sees every active educator of the district, by last name', async () => {
    const res = await (await loginAs(t.app, w.admin)).get('/api/skill-map');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Ana Alvarez', 'Ben Brooks', 'Cy Chen', 'Jordan Ellis']);
    expect(res.body.meta).toEqual({ page: 1, per_page: 100, total: 4, last_page: 1 });
    const ana = res.body.data[0];
    expect(ana.staff).toEqual({ id: w.ana.id, name: 'Ana Alvarez', building: 'Lincoln Middle', position: 'Classroom Teacher' });
    expect(ana.cells[String(s(0))]).toEqual({ level: 1, rated_on: '2026-10-01', rated_by: 'Casey Coach', note: 'Needs =SUM work, "quoted"' });
    expect(ana.domain_averages).toEqual({ [w.fw.domains[0]!.id]: 1, [w.fw.domains[1]!.id]: 4, [w.fw.domains[2]!.id]: null, [w.fw.domains[3]!.id]: null });
  });

  it('a principal and a coach see only their school\'s educators; inactive ones are left out', async () => {
    await t.db.updateTable('staff').set({ status: 'inactive' }).where('id', '=', w.jordan.id).execute();
    for (const user of [w.principal, w.coach]) {
      expect(names((await (await loginAs(t.app, user)).get('/api/skill-map')).body)).toEqual(['Ana Alvarez', 'Ben Brooks']);
    }
  });

  it('filters by school, position, grade level, subject, coach and group', async () => {
    const agent = await loginAs(t.app, w.admin);
    const q = async (qs: string) => names((await agent.get(`/api/skill-map?${qs}`)).body);
    expect(await q(`filter[building_id][]=${w.oak.id}`)).toEqual(['Cy Chen']);
    expect(await q('filter[position]=Interventionist')).toEqual(['Ben Brooks']);
    expect(await q('filter[grade_level][]=K')).toEqual(['Ben Brooks']);
    expect(await q('filter[subject][]=Mathematics')).toEqual(['Ana Alvarez', 'Cy Chen', 'Jordan Ellis']);
    await buildCoachAssignment(t.db, { districtId: w.district.id, coachId: w.coach2.id, staffId: w.cy.id });
    expect(await q(`filter[coach_id]=${w.coach2.id}`)).toEqual(['Cy Chen']);
    expect(await q(`filter[group_id]=${w.group.id}`)).toEqual(['Ana Alvarez', 'Ben Brooks', 'Cy Chen']);
    // a filter never reaches past the scope
    const principal = await loginAs(t.app, w.principal);
    expect(names((await principal.get(`/api/skill-map?filter[building_id]=${w.oak.id}`)).body)).toEqual([]);
  });

  it('sorts by name descending and by a domain\'s average (unrated last)', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect(names((await agent.get('/api/skill-map?sort=-name')).body)).toEqual(['Jordan Ellis', 'Cy Chen', 'Ben Brooks', 'Ana Alvarez']);
    const planning = w.fw.domains[0]!.id;
    expect(names((await agent.get(`/api/skill-map?sort=domain:${planning}`)).body)).toEqual(['Ana Alvarez', 'Cy Chen', 'Ben Brooks', 'Jordan Ellis']);
    expect(names((await agent.get(`/api/skill-map?sort=-domain:${planning}`)).body)).toEqual(['Ben Brooks', 'Cy Chen', 'Ana Alvarez', 'Jordan Ellis']);
  });

  it('pages', async () => {
    const res = await (await loginAs(t.app, w.admin)).get('/api/skill-map?per_page=3&page=2');
    expect(names(res.body)).toEqual(['Jordan Ellis']);
    expect(res.body.meta).toEqual({ page: 2, per_page: 3, total: 4, last_page: 2 });
  });
});

describe('GET /api/skill-map/summary', () => {
  it('401, 403 on Essentials, then counts per level per skill over the whole filtered set', async () => {
    expect((await (await guestAgent(t.app)).get('/api/skill-map/summary')).status).toBe(401);
    expect((await (await loginAs(t.app, w.essentialsAdmin)).get('/api/skill-map/summary')).status).toBe(403);
    const agent = await loginAs(t.app, w.admin);
    const all = (await agent.get('/api/skill-map/summary?per_page=1')).body as SkillMapSummary;
    expect(all).toEqual({ total: 4, counts: { [s(0)]: { 1: 1, 2: 1, 3: 1 }, [s(1)]: { 1: 1, 4: 1 }, [s(6)]: { 4: 1 } } });
    const lincoln = (await agent.get(`/api/skill-map/summary?filter[building_id]=${w.lincoln.id}`)).body as SkillMapSummary;
    expect(lincoln.total).toBe(3);
    expect(lincoln.counts[String(s(0))]).toEqual({ 1: 1, 3: 1 });
  });
});

describe('GET /api/skill-map.csv', () => {
  it('401, 403 for an educator, then exactly the rows and columns shown', async () => {
    expect((await (await guestAgent(t.app)).get('/api/skill-map.csv')).status).toBe(401);
    expect((await (await loginAs(t.app, w.teacher)).get('/api/skill-map.csv')).status).toBe(403);
    const agent = await loginAs(t.app, w.admin);
    const collapsed = w.fw.domains.slice(1).map((d) => `collapsed[]=${d.id}`).join('&');
    const res = await agent.get(`/api/skill-map.csv?sort=-name&filter[building_id]=${w.lincoln.id}&${collapsed}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="skill-map.csv"');
    // The one CSV writer of every download (server/lib/csv.ts): a BOM, every cell quoted, CRLF.
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    expect(res.text.endsWith('\r\n')).toBe(true);
    const lines = res.text.slice(1).trimEnd().split('\r\n');
    const planning = w.fw.skills.filter((x) => x.domain_id === w.fw.domains[0]!.id).map((x) => `Planning for learning: ${x.name}`);
    const quoted = (cells: string[]) => cells.map((c) => `"${c}"`).join(',');
    expect(lines[0]).toBe(quoted(['Educator', 'School', 'Position', ...planning,
      'Classroom community (average)', 'Instruction in action (average)', 'Growing as a professional (average)']));
    expect(lines.slice(1)).toEqual([
      quoted(['Jordan Ellis', 'Lincoln Middle', 'Classroom Teacher', '', '', '', '', '', '', '', '', '']),
      quoted(['Ben Brooks', 'Lincoln Middle', 'Interventionist', '3', '4', '', '', '', '', '', '', '']),
      quoted(['Ana Alvarez', 'Lincoln Middle', 'Classroom Teacher', '1', '1', '', '', '', '', '4', '', '']),
    ]);
  });

  // Security finding 7 (issue 25): a cell was quoted only when it held a quote, comma or line break, so
  // `Zed;=1+2` came out bare and Excel with `;` as its list separator split it and ran `=1+2`.
  it('quotes every text cell (a semicolon stays inside its cell) and defuses formulas, like every other download', async () => {
    await t.db.updateTable('staff').set({ first_name: 'Zed;=1+2', position: '=HYPERLINK("http://evil.example")' }).where('id', '=', w.jordan.id).execute();
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.get(`/api/skill-map.csv?sort=-name&filter[building_id]=${w.lincoln.id}`);
    expect(res.status).toBe(200);
    const zed = res.text.split('\r\n').find((line) => line.includes('Zed'));
    expect(zed).toBe(`"Zed;=1+2 Ellis","Lincoln Middle","'=HYPERLINK(""http://evil.example"")"${',""'.repeat(w.fw.skills.length)}`);
  });
});

// The heat map's page and summary are kept per reader, query and day (server/lib/keptAnswers.ts) while
// nothing in the district changes: every change shows on the very next request.
describe('GET /api/skill-map and /summary kept between requests', () => {
  it('a new rating shows in the page and the summary on the next request', async () => {
    const agent = await loginAs(t.app, w.admin);
    const cell = async () => ((await agent.get('/api/skill-map')).body as SkillMapPage).data.find((r) => r.staff.id === w.jordan.id)!.cells[s(0)];
    const summary = async () => ((await agent.get('/api/skill-map/summary')).body as SkillMapSummary).counts[s(0)];
    expect(await cell()).toBeUndefined();
    expect(await summary()).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect(await cell()).toBeUndefined();
    const rated = await agent.post(`/api/staff/${w.jordan.id}/skill-rating`).set(csrfHeaders(agent))
      .send({ rated_on: '2026-10-06', ratings: [{ skill_id: s(0), level: 4 }] });
    expect(rated.status).toBe(201);
    expect(await cell()).toMatchObject({ level: 4, rated_on: '2026-10-06' });
    expect(await summary()).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1 });
  });

  it("an educator's move to another school shows for the principal on the next request", async () => {
    const principal = await loginAs(t.app, w.principal);
    const listed = async () => names((await principal.get('/api/skill-map')).body);
    const before = await listed();
    expect(before).toContain('Ana Alvarez');
    await t.db.updateTable('staff_buildings').set({ building_id: w.oak.id }).where('staff_id', '=', w.ana.id).execute();
    expect(await listed()).not.toContain('Ana Alvarez');
  });

  it("readers never share a kept page: another district's admin and a coach see their own", async () => {
    const admin = await loginAs(t.app, w.admin);
    const other = await loginAs(t.app, w.otherAdmin);
    expect(names((await admin.get('/api/skill-map')).body)).toContain('Ana Alvarez');
    expect(names((await other.get('/api/skill-map')).body)).toEqual(['Sam Stranger']);
  });
});
