// The school an interaction gets (issue 26): a POST without building_id takes the participants' school on
// the interaction's day when they share one, else the coach's one school, else none; GET
// /api/interaction/default-school answers the same default to the log form.
import { beforeEach, describe, expect, it } from 'vitest';
import { INTERACTION_MESSAGES } from '../../../common/schemas/interactions';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildInteractionsWorld, insertInteraction, interactionAudits, type InteractionsWorld } from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

const schoolOf = async (id: number) => (await t.db.selectFrom('interactions').select('building_id').where('id', '=', id).executeTakeFirstOrThrow()).building_id;

/** A payload without building_id (an API caller who leaves it out). */
const payload = (over: Record<string, unknown> = {}) => ({
  interaction_type_id: w.observation.id, starts_at: '2026-10-06T14:00:00.000Z', duration_minutes: 45, status: 'completed',
  staff_ids: [w.ana.id], ...over,
});

async function post(user: { email: string; district_id: number | null }, body: Record<string, unknown>) {
  const agent = await loginAs(t.app, user);
  const res = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; building: { id: number; name: string } | null };
}

/** Ana moves from Lincoln to Oak Hollow on Oct 10 (her Lincoln stay ends Oct 9). */
async function moveAnaToOak() {
  await t.db.updateTable('staff_buildings').set({ end_date: '2026-10-09' }).where('staff_id', '=', w.ana.id).execute();
  await t.db.insertInto('staff_buildings').values({ district_id: w.district.id, staff_id: w.ana.id, building_id: w.oak.id, start_date: '2026-10-10', end_date: null, created_at: new Date().toISOString() }).execute();
}

describe('POST /api/interaction without building_id', () => {
  it("takes the participants' school, even when the coach works at another (and answers and audits it)", async () => {
    const body = await post(w.admin, payload({ staff_ids: [w.ana.id, w.ben.id], coach_id: w.coach2.id }));
    expect(body.building).toEqual({ id: w.lincoln.id, name: 'Lincoln Middle' });
    expect(await schoolOf(body.id)).toBe(w.lincoln.id);
    const [audit] = await interactionAudits(t.db, 'interaction_created');
    expect(JSON.parse(audit!.details!)).toMatchObject({ building_id: w.lincoln.id });
  });

  it("takes the participants' school on the interaction's day (building history), not today's", async () => {
    await moveAnaToOak();
    // Oct 9, 20:00 in Chicago is Oct 10 in UTC: still her Lincoln day.
    expect((await post(w.admin, payload({ starts_at: '2026-10-10T01:00:00.000Z' }))).building?.id).toBe(w.lincoln.id);
    expect((await post(w.admin, payload({ starts_at: '2026-10-12T14:00:00.000Z' }))).building?.id).toBe(w.oak.id);
  });

  it("expands groups: the Math PLC's members on the day are at Lincoln", async () => {
    expect((await post(w.coach2, payload({ staff_ids: [], group_ids: [w.group.id] }))).building?.id).toBe(w.lincoln.id);
  });

  it("participants at two schools: the coach's one school; a coach with no school: none", async () => {
    expect((await post(w.admin, payload({ staff_ids: [w.ana.id, w.cy.id], coach_id: w.coach.id }))).building?.id).toBe(w.lincoln.id);
    expect((await post(w.admin, payload({ staff_ids: [w.ana.id, w.cy.id], coach_id: w.coach2.id }))).building?.id).toBe(w.oak.id);
    const body = await post(w.admin, payload({ staff_ids: [w.ana.id, w.cy.id] }));
    expect(body.building).toBeNull();
    expect(await schoolOf(body.id)).toBeNull();
  });

  it("no participants: the coach's school, also when an administrator logs for the coach", async () => {
    expect((await post(w.coach2, payload({ staff_ids: [] }))).building?.id).toBe(w.oak.id);
    expect((await post(w.admin, payload({ staff_ids: [], coach_id: w.coach.id }))).building?.id).toBe(w.lincoln.id);
  });

  it('an archived school is never the default', async () => {
    await t.db.updateTable('buildings').set({ deleted_at: '2026-09-01T00:00:00.000Z' }).where('id', '=', w.lincoln.id).execute();
    expect((await post(w.admin, payload({ coach_id: w.coach2.id }))).building?.id).toBe(w.oak.id);
  });

  it('a school sent is kept, and null sent means no school', async () => {
    expect((await post(w.coach, payload({ building_id: w.oak.id }))).building?.id).toBe(w.oak.id);
    const none = await post(w.coach, payload({ building_id: null }));
    expect(none.building).toBeNull();
    expect(await schoolOf(none.id)).toBeNull();
  });
});

describe('PUT /api/interaction/{id} without building_id', () => {
  it('keeps the stored school; an interaction with none takes the default', async () => {
    const agent = await loginAs(t.app, w.coach);
    const atOak = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, buildingId: w.oak.id, staff: [{ id: w.ana.id }] });
    const res = await agent.put(`/api/interaction/${atOak.id}`).set(csrfHeaders(agent)).send(payload({ duration_minutes: 30 }));
    expect(res.status).toBe(200);
    expect(await schoolOf(atOak.id)).toBe(w.oak.id);
    const none = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, buildingId: null, staff: [{ id: w.ana.id }] });
    expect((await agent.put(`/api/interaction/${none.id}`).set(csrfHeaders(agent)).send(payload())).status).toBe(200);
    expect(await schoolOf(none.id)).toBe(w.lincoln.id);
  });
});

describe('GET /api/interaction/default-school', () => {
  const url = (qs: string) => `/api/interaction/default-school?${qs}`;
  const at = 'starts_at=2026-10-06T14:00:00.000Z';

  itRequiresLogin(() => t.app, 'get', url(at));

  it.each<[string, string, string, string]>([
    ['no start', '', 'starts_at', 'Start is required.'],
    ['a bad start', 'starts_at=tomorrow', 'starts_at', 'Start must be a UTC timestamp (ISO 8601).'],
    ['an educator of another district', `${at}&staff_ids[]=STRANGER`, 'staff_ids', INTERACTION_MESSAGES.participantNotFound],
    ['a group of another district', `${at}&group_ids[]=OTHERGROUP`, 'group_ids', INTERACTION_MESSAGES.groupNotFound],
    ['another coach named by a coach', `${at}&coach_id=COACH2`, 'coach_id', INTERACTION_MESSAGES.coachNotAllowed],
  ])('422 for %s', async (_label, qs, field, message) => {
    const res = await (await loginAs(t.app, w.coach)).get(url(qs.replace('STRANGER', String(w.stranger.id))
      .replace('OTHERGROUP', String(w.otherGroup.id)).replace('COACH2', String(w.coach2.id))));
    expectFieldError(res, field, message);
  });

  it('403 for an educator', async () => {
    expect((await (await loginAs(t.app, w.teacher)).get(url(at))).status).toBe(403);
  });

  it("answers the participants' school, else the coach's one school, else none, and where it came from", async () => {
    const admin = await loginAs(t.app, w.admin);
    const forCole = `${at}&coach_id=${w.coach2.id}`;
    expect((await admin.get(url(`${forCole}&staff_ids[]=${w.ana.id}`))).body).toEqual({ building: { id: w.lincoln.id, name: 'Lincoln Middle' }, source: 'participants' });
    expect((await admin.get(url(`${forCole}&staff_ids[]=${w.ana.id}&staff_ids[]=${w.cy.id}`))).body).toEqual({ building: { id: w.oak.id, name: 'Oak Hollow Elementary' }, source: 'coach' });
    expect((await (await loginAs(t.app, w.coach2)).get(url(at))).body).toEqual({ building: { id: w.oak.id, name: 'Oak Hollow Elementary' }, source: 'coach' });
    expect((await admin.get(url(`${at}&staff_ids[]=${w.ana.id}&staff_ids[]=${w.cy.id}`))).body).toEqual({ building: null, source: null });
    expect((await admin.get(url(`${at}&coach_id=${w.coach.id}`))).body).toEqual({ building: { id: w.lincoln.id, name: 'Lincoln Middle' }, source: 'coach' });
    expect((await admin.get(url(`${at}&group_ids[]=${w.group.id}`))).body).toEqual({ building: { id: w.lincoln.id, name: 'Lincoln Middle' }, source: 'participants' });
  });
});
