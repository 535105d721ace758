// GET/POST /api/activity and GET/PUT/DELETE /api/activity/{id} ("Log time"), in DESIGN's order.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES } from '../../../common/schemas/interactions';
import { appWith, asGuest, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRejectsQueries, itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import {
  buildInteractionsWorld, impersonatingAgent, insertActivity, insertInteraction, interactionAudits, type InteractionsWorld,
} from '../../testing/interactions.fixture';
import { ACTIVITY_NOT_YOURS } from './routes';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

const row = (id: number) => t.db.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((a) => a.id);
const payload = (over: Record<string, unknown> = {}) => ({ category: 'planning', starts_at: '2026-10-06T19:00:00.000Z', minutes: 30, notes: 'Unit 3 planning', ...over });

describe('GET /api/activity', () => {
  itRequiresLogin(() => t.app, 'get', '/api/activity');

  itRejectsQueries('/api/activity', () => loginAs(t.app, w.coach), [
    ['filter[category][]=napping', 'filter.category', 'Choose a category from the list.'],
    ['filter[user_id][]=x', 'filter.user_id', 'Coach must be a user ID.'],
    ['filter[from]=2026-1-1', 'filter.from', 'From must be a date (YYYY-MM-DD).'],
    ['sort=minutes', 'sort', 'Sort must be one of starts_at, -starts_at.'],
    ['per_page=0', 'per_page', 'Per page must be at least 1.'],
  ]);

  it('403 for an educator and provider staff outside a district', async () => {
    const provider = await buildUser(t.db, { role: 'provider-admin' });
    for (const user of [w.teacher, provider]) expect((await (await loginAs(t.app, user)).get('/api/activity')).status).toBe(403);
  });

  it('scopes: district all; principal their schools\' users and own; coach own; impersonation acts as the user', async () => {
    const d = w.district.id;
    const casey = await insertActivity(t.db, { districtId: d, userId: w.coach.id, startsAt: '2026-10-06T19:00:00.000Z' });
    const cole = await insertActivity(t.db, { districtId: d, userId: w.coach2.id, startsAt: '2026-10-07T19:00:00.000Z' });
    const pia = await insertActivity(t.db, { districtId: d, userId: w.principal.id, startsAt: '2026-10-08T19:00:00.000Z' });
    await insertActivity(t.db, { districtId: d, userId: w.coach.id, deletedAt: '2026-10-09T00:00:00.000Z' });
    await insertActivity(t.db, { districtId: w.other.id, userId: w.otherAdmin.id });
    expect(ids(await (await loginAs(t.app, w.admin)).get('/api/activity'))).toEqual([pia.id, cole.id, casey.id]);
    expect(ids(await (await loginAs(t.app, w.principal)).get('/api/activity'))).toEqual([pia.id, casey.id]);
    expect(ids(await (await loginAs(t.app, w.coach)).get('/api/activity'))).toEqual([casey.id]);
    expect(ids(await (await impersonatingAgent(t, w.coach2.id)).get('/api/activity'))).toEqual([cole.id]);
  });

  it('filters, sort, paging; notes only for their user; totals with the same users\' interactions', async () => {
    const d = w.district.id;
    const a = await insertActivity(t.db, { districtId: d, userId: w.coach.id, category: 'travel', minutes: 20, startsAt: '2026-10-01T04:30:00.000Z', notes: 'Drive' });
    const b = await insertActivity(t.db, { districtId: d, userId: w.coach.id, category: 'planning', minutes: 40, startsAt: '2026-10-02T14:00:00.000Z' });
    const c = await insertActivity(t.db, { districtId: d, userId: w.coach2.id, category: 'meeting', minutes: 50, startsAt: '2026-10-03T14:00:00.000Z' });
    await insertInteraction(t.db, { districtId: d, typeId: w.observation.id, coachId: w.coach.id, minutes: 45, startsAt: '2026-10-02T15:00:00.000Z' });
    const admin = await loginAs(t.app, w.admin);
    expect(ids(await admin.get('/api/activity?sort=starts_at'))).toEqual([a.id, b.id, c.id]);
    expect(ids(await admin.get('/api/activity?filter[from]=2026-10-01'))).toEqual([c.id, b.id]);
    expect(ids(await admin.get(`/api/activity?filter[user_id][]=${w.coach.id}&filter[category][]=travel`))).toEqual([a.id]);
    const paged = await admin.get('/api/activity?per_page=1&page=2');
    expect(paged.body.meta).toMatchObject({ page: 2, per_page: 1, total: 3, last_page: 3 });
    expect(paged.body.data[0].notes).toBeNull();
    const mine = await (await loginAs(t.app, w.coach)).get('/api/activity');
    expect(mine.body.data.find((x: { id: number }) => x.id === a.id)).toEqual({
      id: a.id, user: { id: w.coach.id, name: 'Casey Coach' }, category: 'travel', starts_at: '2026-10-01T04:30:00.000Z',
      ends_at: '2026-10-01T04:50:00.000Z', minutes: 20, notes: 'Drive', can_edit: true, created_at: a.created_at, updated_at: a.updated_at,
    });
    expect(mine.body.meta.totals).toMatchObject({
      activity_minutes: 60, interaction_minutes: 45, coaching_minutes: 45,
      by_category: [{ category: 'planning', minutes: 40 }, { category: 'travel', minutes: 20 }],
    });
    const byCategory = await admin.get('/api/activity?filter[category][]=travel');
    expect(byCategory.body.meta.totals).toMatchObject({ activity_minutes: 20, interaction_minutes: 0, by_type: [] });
  });
});

describe('GET /api/activity/{id}', () => {
  it('401, 404 other district / deleted / out of scope, 403 educator, 200', async () => {
    const casey = await insertActivity(t.db, { districtId: w.district.id, userId: w.coach.id, notes: 'Mine' });
    const other = await insertActivity(t.db, { districtId: w.other.id, userId: w.otherAdmin.id });
    const gone = await insertActivity(t.db, { districtId: w.district.id, userId: w.coach.id, deletedAt: '2026-10-09T00:00:00.000Z' });
    expect((await request(t.app).get(`/api/activity/${casey.id}`)).status).toBe(401);
    const admin = await loginAs(t.app, w.admin);
    for (const id of [other.id, gone.id, 'x']) {
      const res = await admin.get(`/api/activity/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ACTIVITY_MESSAGES.notFound);
    }
    expect((await (await loginAs(t.app, w.coach2)).get(`/api/activity/${casey.id}`)).status).toBe(404);
    expect((await (await loginAs(t.app, w.teacher)).get(`/api/activity/${casey.id}`)).status).toBe(403);
    const read = await admin.get(`/api/activity/${casey.id}`);
    expect(read.body).toMatchObject({ id: casey.id, notes: null, can_edit: false });
    expect((await (await loginAs(t.app, w.coach)).get(`/api/activity/${casey.id}`)).body).toMatchObject({ notes: 'Mine', can_edit: true });
  });
});

describe('POST /api/activity', () => {
  it('401 and 419', async () => {
    expect((await asGuest(t.app, 'post', '/api/activity', payload())).status).toBe(401);
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.post('/api/activity').set('X-Requested-With', 'XMLHttpRequest').send(payload())).status).toBe(419);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ category: undefined }, 'category', 'Category is required.'],
    [{ category: 'napping' }, 'category', 'Choose a category from the list.'],
    [{ starts_at: undefined }, 'starts_at', 'Start is required.'],
    [{ starts_at: '2026-10-06T19:00:00+02:00' }, 'starts_at', 'Start must be a UTC timestamp (ISO 8601).'],
    [{ minutes: 0 }, 'minutes', 'Minutes must be from 1 to 720.'],
    [{ minutes: 'ten' }, 'minutes', 'Minutes must be a number.'],
    [{ notes: 'x'.repeat(5001) }, 'notes', 'Notes must be at most 5000 characters.'],
  ])('422 for %j names the field', async (over, field, message) => {
    const coach = await loginAs(t.app, w.coach);
    const res = await coach.post('/api/activity').set(csrfHeaders(coach)).send(payload(over));
    expectFieldError(res, field, message);
    expect(await t.db.selectFrom('activities').select('id').execute()).toEqual([]);
  });

  it('403 for an educator', async () => {
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.post('/api/activity').set(csrfHeaders(teacher)).send(payload())).status).toBe(403);
  });

  it('201: the caller\'s own time (a user_id in the body is ignored), audited', async () => {
    const coach = await loginAs(t.app, w.coach);
    const res = await coach.post('/api/activity').set(csrfHeaders(coach)).send(payload({ user_id: w.coach2.id }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user: { id: w.coach.id }, category: 'planning', minutes: 30, notes: 'Unit 3 planning', can_edit: true });
    expect(await row(res.body.id)).toMatchObject({ district_id: w.district.id, user_id: w.coach.id, sequence: 0 });
    expect(await interactionAudits(t.db, 'activity_created')).toHaveLength(1);
  });
});

describe('PUT and DELETE /api/activity/{id}', () => {
  it('401, 419, 422, 404 other district, 403 for someone else\'s time (even the district admin)', async () => {
    const casey = await insertActivity(t.db, { districtId: w.district.id, userId: w.coach.id });
    const other = await insertActivity(t.db, { districtId: w.other.id, userId: w.otherAdmin.id });
    expect((await asGuest(t.app, 'put', `/api/activity/${casey.id}`, payload())).status).toBe(401);
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.delete(`/api/activity/${casey.id}`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    const bad = await coach.put(`/api/activity/${casey.id}`).set(csrfHeaders(coach)).send(payload({ minutes: 721 }));
    expect(bad.body.errors).toEqual({ minutes: ['Minutes must be from 1 to 720.'] });
    const admin = await loginAs(t.app, w.admin);
    expect((await admin.put(`/api/activity/${other.id}`).set(csrfHeaders(admin)).send(payload())).status).toBe(404);
    const refused = await admin.delete(`/api/activity/${casey.id}`).set(csrfHeaders(admin));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACTIVITY_NOT_YOURS);
    expect(await row(casey.id)).toMatchObject({ deleted_at: null, minutes: 30 });
  });

  it('200 PUT updates and bumps sequence; 204 DELETE is soft and hides it', async () => {
    const casey = await insertActivity(t.db, { districtId: w.district.id, userId: w.coach.id });
    const coach = await loginAs(t.app, w.coach);
    const res = await coach.put(`/api/activity/${casey.id}`).set(csrfHeaders(coach)).send(payload({ category: 'pd-attended', minutes: 90 }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ category: 'pd-attended', minutes: 90 });
    expect(await row(casey.id)).toMatchObject({ category: 'pd-attended', minutes: 90, sequence: 1 });
    expect(JSON.parse((await interactionAudits(t.db, 'activity_updated'))[0]!.details!).changes).toEqual({
      category: { from: 'planning', to: 'pd-attended' }, minutes: { from: 30, to: 90 },
    });
    const del = await coach.delete(`/api/activity/${casey.id}`).set(csrfHeaders(coach));
    expect(del.status).toBe(204);
    expect((await row(casey.id))!.deleted_at).not.toBeNull();
    expect((await coach.get('/api/activity')).body.data).toEqual([]);
    expect((await coach.get(`/api/activity/${casey.id}`)).status).toBe(404);
  });
});
