// GET /api/interaction and GET /api/interaction/{id}: validation, scopes (district admin, principal,
// coach, educator, provider staff impersonating), filters, sort, paging, totals, the answer's shape.
// Writes: interactionWrites.test.ts; privacy rules on every endpoint: interactionPrivacy.test.ts.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { INTERACTION_MESSAGES } from '../../../common/schemas/interactions';
import { appWith, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRejectsQueries, itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import {
  buildInteractionsWorld, impersonatingAgent, insertActivity, insertField, insertInteraction, type InteractionsWorld,
} from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

const ids = (body: { data: { id: number }[] }) => body.data.map((i) => i.id);

/** One interaction of each kind of visibility. */
async function scenery() {
  const d = w.district.id;
  // Casey's own, at Lincoln with Ana.
  const mine = await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach.id, buildingId: w.lincoln.id, staff: [{ id: w.ana.id }], startsAt: '2026-10-06T14:00:00.000Z' });
  // Cole's at Oak with Cy: only the district (and Cole) see it.
  const oakOnly = await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach2.id, buildingId: w.oak.id, staff: [{ id: w.cy.id }], startsAt: '2026-10-07T14:00:00.000Z' });
  // Cole's without a school, with Jordan (at Lincoln): the principal sees it through Jordan; Jordan took part.
  const withJordan = await insertInteraction(t.db, { districtId: d, typeId: w.checkIn.id, coachId: w.coach2.id, staff: [{ id: w.jordan.id }], startsAt: '2026-10-08T14:00:00.000Z', minutes: 15 });
  // Logged by the admin for Casey: Casey coaches it.
  const forCasey = await insertInteraction(t.db, { districtId: d, typeId: w.checkIn.id, coachId: w.coach.id, createdBy: w.admin.id, startsAt: '2026-10-09T14:00:00.000Z', minutes: 15 });
  // Deleted: nobody lists it.
  const deleted = await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach.id, staff: [{ id: w.jordan.id }], deletedAt: '2026-10-10T00:00:00.000Z' });
  return { mine, oakOnly, withJordan, forCasey, deleted };
}

describe('GET /api/interaction', () => {
  itRequiresLogin(() => t.app, 'get', '/api/interaction');

  itRejectsQueries('/api/interaction', () => loginAs(t.app, w.admin), [
    ['filter[from]=2026-13-01', 'filter.from', 'From must be a date (YYYY-MM-DD).'],
    ['filter[to]=yesterday', 'filter.to', 'To must be a date (YYYY-MM-DD).'],
    ['filter[from]=2026-10-02&filter[to]=2026-10-01', 'filter.to', 'To must be on or after From.'],
    ['filter[coach_id][]=abc', 'filter.coach_id', 'Coach must be a coach ID.'],
    ['filter[interaction_type_id][]=1.5', 'filter.interaction_type_id', 'Type must be an interaction type ID.'],
    ['filter[status][]=done', 'filter.status', 'Status must be scheduled, completed, cancelled or no-show.'],
    ['filter[staff_id][]=-1', 'filter.staff_id', 'Educator must be an educator ID.'],
    ['filter[group_id][]=0x10', 'filter.group_id', 'Group must be a group ID.'],
    ['filter[building_id][]=1e3', 'filter.building_id', 'School must be a school ID.'],
    ['filter[timezone]=Mars/Olympus', 'filter.timezone', 'Timezone must be a timezone name such as America/Chicago.'],
    ['sort=name', 'sort', 'Sort must be one of starts_at, -starts_at.'],
    ['page=0', 'page', 'Page must be at least 1.'],
    ['page=99999999999999999999', 'page', 'Page must be at most 100000.'],
    ['per_page=101', 'per_page', 'Per page must be at most 100 (1000 when filter[from] and filter[to] span at most 7 days).'],
    ['filter[from]=2026-10-01&filter[to]=2026-10-08&per_page=101', 'per_page', 'Per page must be at most 100 (1000 when filter[from] and filter[to] span at most 7 days).'],
    ['filter[from]=2026-10-01&filter[to]=2026-10-07&per_page=1001', 'per_page', 'Per page must be at most 1000.'],
  ]);

  it('422 for an unknown filter and for filters not written as filter[name]', async () => {
    const agent = await loginAs(t.app, w.admin);
    const unknown = await agent.get('/api/interaction?filter[secret]=1');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.filter[0]).toMatch(/^Unknown filter: secret\./);
    const flat = await agent.get('/api/interaction?filter=1');
    expectFieldError(flat, 'filter', 'Filters must be written as filter[name]=value.');
  });

  it('absurd and badly encoded input answers 4xx, never 500', async () => {
    const agent = await loginAs(t.app, w.admin);
    for (const qs of ['page=100000', 'filter[from][x]=1', 'filter[coach_id][a][b]=1', 'sort[]=x', 'filter[needs_completing][]=1', '%E0%A4%A=1', 'filter[status]=%00']) {
      const res = await agent.get(`/api/interaction?${qs}`);
      expect(res.status, qs).toBeGreaterThanOrEqual(200);
      expect(res.status, qs).toBeLessThan(500);
    }
    expect((await agent.get('/api/interaction?page=100000')).body.data).toEqual([]);
  });

  it('403 for provider staff outside a district', async () => {
    const provider = await buildUser(t.db, { role: 'provider-admin' });
    expect((await (await loginAs(t.app, provider)).get('/api/interaction')).status).toBe(403);
  });

  it('district admin: every interaction of the district, never another district\'s or deleted ones', async () => {
    const s = await scenery();
    const res = await (await loginAs(t.app, w.admin)).get('/api/interaction');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([s.forCasey.id, s.withJordan.id, s.oakOnly.id, s.mine.id]);
    expect(JSON.stringify(res.body)).not.toContain('Cedar');
  });

  it('principal (.building): held at their schools or with an educator now at one of them, plus their own', async () => {
    const s = await scenery();
    const own = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.principal.id, startsAt: '2026-09-01T14:00:00.000Z' });
    const res = await (await loginAs(t.app, w.principal)).get('/api/interaction');
    // forCasey has no school and no participant: the principal does not see it; nor Cole's at Oak.
    expect(ids(res.body)).toEqual([s.withJordan.id, s.mine.id, own.id]);
  });

  it('coach (.self): the ones they coach and the ones they authored', async () => {
    const s = await scenery();
    const authoredForCole = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach2.id, createdBy: w.coach.id, startsAt: '2026-09-02T14:00:00.000Z' });
    const res = await (await loginAs(t.app, w.coach)).get('/api/interaction');
    expect(ids(res.body)).toEqual([s.forCasey.id, s.mine.id, authoredForCole.id]);
    const cole = await (await loginAs(t.app, w.coach2)).get('/api/interaction');
    expect(ids(cole.body)).toEqual([s.withJordan.id, s.oakOnly.id, authoredForCole.id]);
  });

  it('educator: only the interactions they took part in, with their own staff id or without a filter', async () => {
    const s = await scenery();
    const agent = await loginAs(t.app, w.teacher);
    const own = await agent.get(`/api/interaction?filter[staff_id][]=${w.jordan.id}`);
    expect(own.status).toBe(200);
    expect(ids(own.body)).toEqual([s.withJordan.id]);
    expect(own.body.data[0].can_edit).toBe(false);
    expect(ids((await agent.get('/api/interaction')).body)).toEqual([s.withJordan.id]);
    // Another educator's id matches nothing (never reveals who else was coached).
    expect(ids((await agent.get(`/api/interaction?filter[staff_id][]=${w.ana.id}`)).body)).toEqual([]);
    // Totals cover only what they may see, and no activities.
    expect((await agent.get('/api/interaction')).body.meta.totals).toMatchObject({ interactions: 1, interaction_minutes: 15, activity_minutes: 0 });
  });

  it('an educator sees only their own name among the participants', async () => {
    const both = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, staff: [{ id: w.jordan.id }, { id: w.ana.id }] });
    const res = await (await loginAs(t.app, w.teacher)).get(`/api/interaction/${both.id}`);
    expect(res.body.participants).toEqual([{ id: w.jordan.id, name: 'Jordan Ellis', group_id: null }]);
  });

  it('provider staff impersonating a coach see what the coach sees', async () => {
    const s = await scenery();
    const agent = await impersonatingAgent(t, w.coach.id);
    const res = await agent.get('/api/interaction');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([s.forCasey.id, s.mine.id]);
  });

  it('filters: dates in the district\'s timezone, coach, type, status, educator, group, school, needs completing', async () => {
    const d = w.district.id;
    // 2026-10-01 04:30Z is Sept 30 in Chicago; 2026-10-02 04:30Z is Oct 1 late evening.
    const sept30 = await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach.id, startsAt: '2026-10-01T04:30:00.000Z' });
    const oct1 = await insertInteraction(t.db, { districtId: d, typeId: w.checkIn.id, coachId: w.coach.id, startsAt: '2026-10-02T04:30:00.000Z', status: 'cancelled', buildingId: w.lincoln.id, staff: [{ id: w.ana.id, groupId: w.group.id }], groupIds: [w.group.id] });
    const past = await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach2.id, startsAt: '2026-10-05T14:00:00.000Z', status: 'scheduled', staff: [{ id: w.cy.id }] });
    const future = await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach2.id, startsAt: '2099-01-05T14:00:00.000Z', status: 'scheduled' });
    const agent = await loginAs(t.app, w.admin);
    const get = async (qs: string) => ids((await agent.get(`/api/interaction?${qs}`)).body);
    expect(await get('filter[from]=2026-10-01&filter[to]=2026-10-01')).toEqual([oct1.id]);
    expect(await get('filter[to]=2026-09-30')).toEqual([sept30.id]);
    expect(await get(`filter[coach_id][]=${w.coach2.id}`)).toEqual([future.id, past.id]);
    expect(await get(`filter[coach_id]=${w.coach.id}&filter[interaction_type_id][]=${w.checkIn.id}`)).toEqual([oct1.id]);
    expect(await get('filter[status][]=scheduled&filter[status][]=cancelled')).toEqual([future.id, past.id, oct1.id]);
    expect(await get(`filter[staff_id][]=${w.cy.id}&filter[staff_id][]=${w.ana.id}`)).toEqual([past.id, oct1.id]);
    expect(await get(`filter[group_id][]=${w.group.id}`)).toEqual([oct1.id]);
    expect(await get(`filter[building_id][]=${w.lincoln.id}`)).toEqual([oct1.id]);
    expect(await get('filter[needs_completing]=1')).toEqual([past.id]);
    expect(await get(`filter[coach_id][]=${w.otherAdmin.id}`)).toEqual([]);
  });

  it('filter[timezone] reads from and to as days of that timezone (the screen\'s), not the district\'s', async () => {
    // 04:30Z on 2 October: 23:30 on 1 October in Chicago, 00:30 on 2 October in New York.
    const late = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, startsAt: '2026-10-02T04:30:00.000Z' });
    const agent = await loginAs(t.app, w.admin);
    const get = async (qs: string) => ids((await agent.get(`/api/interaction?${qs}`)).body);
    expect(await get('filter[from]=2026-10-01&filter[to]=2026-10-01')).toEqual([late.id]);
    expect(await get('filter[from]=2026-10-01&filter[to]=2026-10-01&filter[timezone]=America/New_York')).toEqual([]);
    expect(await get('filter[from]=2026-10-02&filter[to]=2026-10-02&filter[timezone]=America/New_York')).toEqual([late.id]);
    // The activity list takes the same filter.
    const activities = await agent.get('/api/activity?filter[from]=2026-10-01&filter[to]=2026-10-01&filter[timezone]=America/New_York');
    expect(activities.status).toBe(200);
    expect((await agent.get('/api/activity?filter[timezone]=12')).body.errors['filter.timezone']).toEqual(['Timezone must be a timezone name such as America/Chicago.']);
  });

  it('filter[to]=9999-12-31, the last day there is, reads as no end (its next day is past any instant), in every timezone, for interactions and activities', async () => {
    const d = w.district.id;
    const before = await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach.id, startsAt: '2026-09-29T14:00:00.000Z' });
    const oct = await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach.id, startsAt: '2026-10-06T14:00:00.000Z' });
    const far = await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach.id, startsAt: '9999-12-30T14:00:00.000Z', status: 'scheduled' });
    const time = await insertActivity(t.db, { districtId: d, userId: w.coach.id, startsAt: '2026-10-06T19:00:00.000Z' });
    const agent = await loginAs(t.app, w.admin);
    for (const zone of ['', '&filter[timezone]=Pacific/Kiritimati', '&filter[timezone]=Etc/GMT%2B12']) {
      const res = await agent.get(`/api/interaction?filter[from]=2026-10-01&filter[to]=9999-12-31${zone}`);
      expect(res.status, zone).toBe(200);
      expect(ids(res.body), zone).toEqual([far.id, oct.id]);
      const activities = await agent.get(`/api/activity?filter[from]=2026-10-01&filter[to]=9999-12-31${zone}`);
      expect(activities.status, zone).toBe(200);
      expect(ids(activities.body), zone).toEqual([time.id]);
    }
    expect(ids((await agent.get('/api/interaction?filter[to]=9999-12-31')).body)).toEqual([far.id, oct.id, before.id]);
    expect(ids((await agent.get('/api/interaction?filter[from]=9999-12-31&filter[to]=9999-12-31')).body)).toEqual([]);
  });

  it('sorts by starts_at either way (ties by id) and pages with meta', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, startsAt: `2026-10-0${i + 1}T14:00:00.000Z` }));
    }
    const agent = await loginAs(t.app, w.admin);
    const asc = await agent.get('/api/interaction?sort=starts_at&per_page=2&page=2');
    expect(ids(asc.body)).toEqual([made[2]!.id, made[3]!.id]);
    expect(asc.body.meta).toMatchObject({ page: 2, per_page: 2, total: 5, last_page: 3 });
    const desc = await agent.get('/api/interaction?per_page=2');
    expect(ids(desc.body)).toEqual([made[4]!.id, made[3]!.id]);
  });

  it('a range of at most 7 days answers up to 1000 a page (a whole week at once), in the same scope', async () => {
    const d = w.district.id;
    // 105 of Casey's at Lincoln with Ana over one week, and 3 of Cole's at Oak (only the district sees those).
    const lincoln = [];
    for (let i = 0; i < 105; i += 1) {
      lincoln.push(await insertInteraction(t.db, {
        districtId: d, typeId: w.observation.id, coachId: w.coach.id, buildingId: w.lincoln.id, staff: [{ id: w.ana.id }],
        startsAt: `2026-10-${String(5 + (i % 7)).padStart(2, '0')}T${String(12 + (i % 8)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00.000Z`,
      }));
    }
    for (let i = 0; i < 3; i += 1) {
      await insertInteraction(t.db, { districtId: d, typeId: w.checkIn.id, coachId: w.coach2.id, buildingId: w.oak.id, staff: [{ id: w.cy.id }], startsAt: `2026-10-0${6 + i}T14:00:00.000Z` });
    }
    const week = 'filter[from]=2026-10-05&filter[to]=2026-10-11&filter[timezone]=UTC&sort=starts_at';
    const admin = await loginAs(t.app, w.admin);
    const whole = await admin.get(`/api/interaction?${week}&per_page=1000`);
    expect(whole.status).toBe(200);
    expect(whole.body.data).toHaveLength(108);
    expect(whole.body.meta).toMatchObject({ page: 1, per_page: 1000, total: 108, last_page: 1 });
    // The principal (Lincoln) reads the same week whole, still without Cole's at Oak.
    const principal = await (await loginAs(t.app, w.principal)).get(`/api/interaction?${week}&per_page=1000`);
    expect(principal.status).toBe(200);
    expect(ids(principal.body).sort((a, b) => a - b)).toEqual(lincoln.map((r) => r.id).sort((a, b) => a - b));
    // Cole (.self) sees only his own 3.
    const cole = await (await loginAs(t.app, w.coach2)).get(`/api/interaction?${week}&per_page=1000`);
    expect(cole.body.meta.total).toBe(3);
    // A longer range, or no range, still pages by at most 100.
    for (const qs of ['filter[from]=2026-10-05&filter[to]=2026-10-12&per_page=1000', 'per_page=1000', 'filter[from]=2026-10-05&per_page=1000']) {
      const res = await admin.get(`/api/interaction?${qs}`);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['per_page']);
    }
    // Logged time: the same limit for the same range.
    const time = await admin.get('/api/activity?filter[from]=2026-10-05&filter[to]=2026-10-11&per_page=1000');
    expect(time.status).toBe(200);
    expect(time.body.meta.per_page).toBe(1000);
    const longTime = await admin.get('/api/activity?filter[from]=2026-10-01&filter[to]=2026-10-31&per_page=1000');
    expectFieldError(longTime, 'per_page', 'Per page must be at most 100 (1000 when filter[from] and filter[to] span at most 7 days).');
  });

  it('meta.totals over the whole filtered range: minutes by type, coaching vs other, activities by category', async () => {
    const d = w.district.id;
    await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach.id, minutes: 45, startsAt: '2026-10-06T14:00:00.000Z' });
    await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach.id, minutes: 30, startsAt: '2026-10-07T14:00:00.000Z', status: 'scheduled' });
    await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach.id, minutes: 60, startsAt: '2026-10-08T14:00:00.000Z', status: 'cancelled' });
    await insertInteraction(t.db, { districtId: d, typeId: w.checkIn.id, coachId: w.coach.id, minutes: 15, startsAt: '2026-10-08T15:00:00.000Z' });
    await insertInteraction(t.db, { districtId: d, typeId: w.checkIn.id, coachId: w.coach2.id, minutes: 10, startsAt: '2026-10-08T15:00:00.000Z' });
    await insertActivity(t.db, { districtId: d, userId: w.coach.id, category: 'travel', minutes: 20, startsAt: '2026-10-06T20:00:00.000Z' });
    await insertActivity(t.db, { districtId: d, userId: w.coach.id, category: 'planning', minutes: 40, startsAt: '2026-10-07T20:00:00.000Z' });
    await insertActivity(t.db, { districtId: d, userId: w.coach.id, category: 'planning', minutes: 5, startsAt: '2026-11-07T20:00:00.000Z' });
    await insertActivity(t.db, { districtId: d, userId: w.coach2.id, category: 'meeting', minutes: 50, startsAt: '2026-10-07T20:00:00.000Z' });
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.get(`/api/interaction?filter[coach_id][]=${w.coach.id}&filter[from]=2026-10-01&filter[to]=2026-10-31&per_page=1`);
    expect(res.body.meta.total).toBe(4);
    expect(res.body.meta.totals).toEqual({
      interactions: 4,
      interaction_minutes: 90,
      coaching_minutes: 75,
      other_minutes: 15,
      activity_minutes: 60,
      by_type: [
        { interaction_type_id: w.observation.id, name: 'Classroom observation', colour: 'blue', count: 3, minutes: 75 },
        { interaction_type_id: w.checkIn.id, name: 'Check-in', colour: 'gray', count: 1, minutes: 15 },
      ],
      by_category: [{ category: 'planning', minutes: 40 }, { category: 'travel', minutes: 20 }],
    });
    // A type (or status, educator, group, school) filter leaves activities out.
    const typed = await agent.get(`/api/interaction?filter[coach_id][]=${w.coach.id}&filter[interaction_type_id][]=${w.checkIn.id}`);
    expect(typed.body.meta.totals).toMatchObject({ interactions: 1, interaction_minutes: 15, coaching_minutes: 0, other_minutes: 15, activity_minutes: 0, by_category: [] });
    // The coach's own totals: their interactions and their own time only.
    const mine = await (await loginAs(t.app, w.coach)).get('/api/interaction?filter[from]=2026-10-01&filter[to]=2026-10-31');
    expect(mine.body.meta.totals).toMatchObject({ interactions: 4, interaction_minutes: 90, activity_minutes: 60 });
  });

  it('answers the Interaction shape exactly', async () => {
    const field = await insertField(t.db, { districtId: w.district.id, typeId: w.observation.id, label: 'Focus', kind: 'single_choice', config: { options: ['Engagement', 'Pacing'] } });
    const row = await insertInteraction(t.db, {
      districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, createdBy: w.coach.id, buildingId: w.lincoln.id,
      startsAt: '2026-10-06T14:00:00.000Z', minutes: 45, notes: 'Shared', nextSteps: 'Try think-pair-share', privateNotes: 'Mine',
      staff: [{ id: w.ben.id, groupId: w.group.id }, { id: w.ana.id }], groupIds: [w.group.id], values: [{ fieldId: field.id, value: 'Pacing' }],
    });
    const res = await (await loginAs(t.app, w.coach)).get('/api/interaction');
    expect(res.body.data[0]).toEqual({
      id: row.id,
      interaction_type: { id: w.observation.id, name: 'Classroom observation', colour: 'blue', counts_as_coaching: true },
      coach: { id: w.coach.id, name: 'Casey Coach' },
      starts_at: '2026-10-06T14:00:00.000Z',
      ends_at: '2026-10-06T14:45:00.000Z',
      duration_minutes: 45,
      status: 'completed',
      needs_completing: false,
      building: { id: w.lincoln.id, name: 'Lincoln Middle' },
      participants: [{ id: w.ana.id, name: 'Ana Alvarez', group_id: null }, { id: w.ben.id, name: 'Ben Brooks', group_id: w.group.id }],
      groups: [{ id: w.group.id, name: 'Math PLC' }],
      notes: 'Shared',
      next_steps: 'Try think-pair-share',
      notes_hidden: false,
      private_notes: 'Mine',
      field_values: [{ field_id: field.id, label: 'Focus', kind: 'single_choice', value: 'Pacing', archived: false }],
      coaching_cycle: null,
      focus_skills: [],
      can_edit: true,
      created_by: { id: w.coach.id, name: 'Casey Coach' },
      updated_by: { id: w.coach.id, name: 'Casey Coach' },
      created_at: row.created_at,
      updated_at: row.updated_at,
      client_id: null,
    });
    expect(res.body.data[0]).not.toHaveProperty('district_id');
    expect(res.body.data[0]).not.toHaveProperty('sequence');
  });

  it('a principal never reads the names of participants outside their schools', async () => {
    const mixed = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach2.id, buildingId: w.lincoln.id, staff: [{ id: w.ana.id }, { id: w.cy.id }] });
    const res = await (await loginAs(t.app, w.principal)).get(`/api/interaction/${mixed.id}`);
    expect(res.body.participants.map((p: { id: number }) => p.id)).toEqual([w.ana.id]);
    expect(JSON.stringify(res.body)).not.toContain('Chen');
    const admin = await (await loginAs(t.app, w.admin)).get(`/api/interaction/${mixed.id}`);
    expect(admin.body.participants.map((p: { id: number }) => p.id)).toEqual([w.ana.id, w.cy.id]);
  });
});

describe('GET /api/interaction/{id}', () => {
  it('401 without login', async () => {
    const s = await scenery();
    expect((await request(t.app).get(`/api/interaction/${s.mine.id}`)).status).toBe(401);
  });

  it('404 for another district\'s, a deleted, an unknown and a malformed id', async () => {
    const s = await scenery();
    const agent = await loginAs(t.app, w.admin);
    for (const id of [w.otherInteraction.id, s.deleted.id, 999999, 0, 'abc', '1e3', '99999999999999999999']) {
      const res = await agent.get(`/api/interaction/${id}`);
      expect(res.status, String(id)).toBe(404);
    }
    // Bad percent-encoding in the path is the router's 400 (security finding 5), never a 500.
    expect((await agent.get('/api/interaction/%E0%A4%A')).status).toBe(400);
    expect((await agent.get(`/api/interaction/${w.otherInteraction.id}`)).body.message).toBe(INTERACTION_MESSAGES.notFound);
  });

  it('404 outside the reader\'s scope: coach, principal, educator', async () => {
    const s = await scenery();
    expect((await (await loginAs(t.app, w.coach)).get(`/api/interaction/${s.oakOnly.id}`)).status).toBe(404);
    expect((await (await loginAs(t.app, w.principal)).get(`/api/interaction/${s.oakOnly.id}`)).status).toBe(404);
    expect((await (await loginAs(t.app, w.teacher)).get(`/api/interaction/${s.mine.id}`)).status).toBe(404);
  });

  it('403 for provider staff outside a district', async () => {
    const s = await scenery();
    const provider = await buildUser(t.db, { role: 'provider-admin' });
    expect((await (await loginAs(t.app, provider)).get(`/api/interaction/${s.mine.id}`)).status).toBe(403);
  });

  it('answers the interaction to each reader who may see it, can_edit for coach, author and district', async () => {
    const s = await scenery();
    const read = async (user: { email: string; district_id: number | null }, id: number) => (await (await loginAs(t.app, user)).get(`/api/interaction/${id}`)).body;
    expect((await read(w.admin, s.oakOnly.id)).can_edit).toBe(true);
    expect((await read(w.coach2, s.oakOnly.id)).can_edit).toBe(true);
    expect((await read(w.principal, s.withJordan.id)).can_edit).toBe(false);
    expect((await read(w.coach, s.forCasey.id)).can_edit).toBe(true);
    const jordan = await read(w.teacher, s.withJordan.id);
    expect(jordan).toMatchObject({ id: s.withJordan.id, can_edit: false, participants: [{ id: w.jordan.id, name: 'Jordan Ellis', group_id: null }] });
    const impersonated = await impersonatingAgent(t, w.principal.id);
    expect((await impersonated.get(`/api/interaction/${s.mine.id}`)).status).toBe(200);
    expect((await impersonated.get(`/api/interaction/${s.oakOnly.id}`)).status).toBe(404);
  });
});
