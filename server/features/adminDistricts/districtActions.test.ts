// The account actions of /api/admin/district/{id}: extend-trial, plan, suspend, reactivate; and what
// suspension does to sign-in, sessions and impersonation.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_DISTRICT_MESSAGES as M, DISTRICT_SUSPENDED_MESSAGE } from '../../../common/schemas/adminDistricts';
import { appWith, csrfHeaders, guestAgent, loginAs, TEST_PASSWORD, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { type AdminDistrictsWorld, auditRows, buildAdminDistrictsWorld } from './adminDistricts.fixture';
import { endOfDayIn, todayIn } from './service';

let t: TestApp;
let w: AdminDistrictsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildAdminDistrictsWorld(app.db)));
});

const DAY = 24 * 3600_000;
const districtRow = (id: number) => t.db.selectFrom('districts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const planId = async (key: string) => (await t.db.selectFrom('plans').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

async function as(user: { email: string; district_id: number | null }) {
  const agent = await loginAs(t.app, user);
  return { agent, post: (path: string, body?: object) => agent.post(path).set(csrfHeaders(agent)).send(body ?? {}), put: (path: string, body: object) => agent.put(path).set(csrfHeaders(agent)).send(body) };
}

/** The common checks every action answers in DESIGN's order: 401, 419. */
describe.each([
  ['post', 'extend-trial'],
  ['put', 'plan'],
  ['post', 'suspend'],
  ['post', 'reactivate'],
] as const)('%s /api/admin/district/{id}/%s', (method, action) => {
  it('401 without login, 419 without the CSRF token', async () => {
    const guest = await guestAgent(t.app);
    expect((await guest[method](`/api/admin/district/${w.maple.id}/${action}`).set(csrfHeaders(guest)).send({})).status).toBe(401);
    const agent = await loginAs(t.app, w.providerAdmin);
    const res = await agent[method](`/api/admin/district/${w.maple.id}/${action}`).set('X-Requested-With', 'XMLHttpRequest').send({});
    expect(res.status).toBe(419);
  });

  it('403 for a district administrator', async () => {
    const { agent } = await as(w.admin);
    const res = await agent[method](`/api/admin/district/${w.maple.id}/${action}`).set(csrfHeaders(agent)).send({ reason: 'x', days: 5, plan_id: 1, seats: 3 });
    expect(res.status).toBe(403);
  });

  it('404 for an unknown district', async () => {
    const { agent } = await as(w.providerAdmin);
    const res = await agent[method](`/api/admin/district/987654/${action}`).set(csrfHeaders(agent)).send({ reason: 'x', days: 5, plan_id: await planId('essentials'), seats: 3 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.notFound);
  });
});

describe('POST /api/admin/district/{id}/extend-trial', () => {
  it.each([
    [{}, 'days', M.daysOrUntil],
    [{ days: 0 }, 'days', M.days],
    [{ days: 91 }, 'days', M.days],
    [{ days: 2.5 }, 'days', M.days],
    [{ days: '5' }, 'days', M.days],
    [{ until: '2026-02-30' }, 'until', M.untilFormat],
    [{ until: 5 }, 'until', M.untilFormat],
    [{ days: 5, until: '2099-01-01' }, 'until', M.notBoth],
    [{ days: 5, reason: 'x'.repeat(501) }, 'reason', 'Reason must be at most 500 characters.'],
    [{ days: 5, reason: 7 }, 'reason', 'Reason must be text.'],
  ])('422 for %j names the field', async (body, field, message) => {
    const { post } = await as(w.support);
    const res = await post(`/api/admin/district/${w.cedar.id}/extend-trial`, body);
    expectFieldError(res, field, message);
  });

  it('422 for an end date today, past, too far ahead or before the current end', async () => {
    const { post } = await as(w.support);
    const today = todayIn('America/Chicago');
    const url = `/api/admin/district/${w.cedar.id}/extend-trial`;
    expect((await post(url, { until: today })).body.errors.until).toEqual([M.untilPast]);
    expect((await post(url, { until: '2020-01-01' })).body.errors.until).toEqual([M.untilPast]);
    expect((await post(url, { until: '2999-01-01' })).body.errors.until).toEqual([M.untilTooFar]);
    const tomorrow = new Date(Date.now() + DAY + 12 * 3600_000).toISOString().slice(0, 10);
    expect((await post(url, { until: tomorrow })).body.errors.until).toEqual([M.untilBeforeCurrent]);
  });

  it('409 for a district that is not on a trial', async () => {
    const { post } = await as(w.support);
    const res = await post(`/api/admin/district/${w.maple.id}/extend-trial`, { days: 10 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.notOnTrial);
  });

  it('adds days to the current end (provider support may), audited with the reason', async () => {
    const { post } = await as(w.support);
    const res = await post(`/api/admin/district/${w.cedar.id}/extend-trial`, { days: 14, reason: '  Board meets next week  ' });
    expect(res.status).toBe(200);
    const expected = new Date(Date.parse(w.trialEnd) + 14 * DAY).toISOString();
    expect(res.body.trial_ends_at).toBe(expected);
    expect((await districtRow(w.cedar.id)).trial_ends_at).toBe(expected);
    const [audit] = await auditRows(t.db, 'district_trial_extended');
    expect(audit).toMatchObject({ district_id: w.cedar.id, actor_id: w.support.id, impersonator_id: null, subject_type: 'district', subject_id: w.cedar.id });
    expect(JSON.parse(audit!.details!)).toEqual({ trial_ends_at: { from: w.trialEnd, to: expected }, days: 14, reason: 'Board meets next week' });
  });

  it('an ended trial is extended from now; until a date ends at that day\'s end in the district\'s timezone', async () => {
    await t.db.updateTable('districts').set({ trial_ends_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', w.cedar.id).execute();
    const { post } = await as(w.providerAdmin);
    const before = Date.now();
    const byDays = await post(`/api/admin/district/${w.cedar.id}/extend-trial`, { days: 7 });
    expect(Date.parse(byDays.body.trial_ends_at)).toBeGreaterThanOrEqual(before + 7 * DAY);
    const until = new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10);
    const byDate = await post(`/api/admin/district/${w.cedar.id}/extend-trial`, { until, days: null });
    expect(byDate.status).toBe(200);
    expect(byDate.body.trial_ends_at).toBe(endOfDayIn(until, 'America/Chicago'));
    expect(JSON.parse((await auditRows(t.db, 'district_trial_extended'))[1]!.details!)).toMatchObject({ until });
  });

  it('endOfDayIn is the last millisecond of the local day (standard and daylight time)', () => {
    expect(endOfDayIn('2026-01-15', 'America/Chicago')).toBe('2026-01-16T05:59:59.999Z');
    expect(endOfDayIn('2026-07-15', 'America/Chicago')).toBe('2026-07-16T04:59:59.999Z');
    expect(endOfDayIn('2026-07-15', 'UTC')).toBe('2026-07-15T23:59:59.999Z');
  });
});

describe('PUT /api/admin/district/{id}/plan', () => {
  it.each([
    [{ seats: 5 }, 'plan_id', M.planRequired],
    [{ plan_id: 'pro', seats: 5 }, 'plan_id', M.planUnknown],
    [{ plan_id: 1.5, seats: 5 }, 'plan_id', M.planUnknown],
    [{ plan_id: 1 }, 'seats', M.seats],
    [{ plan_id: 1, seats: 0 }, 'seats', M.seats],
    [{ plan_id: 1, seats: 10_001 }, 'seats', M.seats],
    [{ plan_id: 1, seats: '5' }, 'seats', M.seats],
  ])('422 for %j names the field', async (body, field, message) => {
    const { put } = await as(w.providerAdmin);
    const res = await put(`/api/admin/district/${w.maple.id}/plan`, body);
    expectFieldError(res, field, message);
  });

  it('422 plan_id for a plan that does not exist', async () => {
    const { put } = await as(w.providerAdmin);
    const res = await put(`/api/admin/district/${w.maple.id}/plan`, { plan_id: 999, seats: 5 });
    expectFieldError(res, 'plan_id', M.planUnknown);
  });

  it('403 for provider support, naming the rule; nothing changes', async () => {
    const { put } = await as(w.support);
    const res = await put(`/api/admin/district/${w.maple.id}/plan`, { plan_id: await planId('enterprise'), seats: 9 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.adminOnly);
    expect((await districtRow(w.maple.id)).seats).toBe(5);
  });

  it('changes plan and seats, audited with before and after; the district\'s features follow the plan', async () => {
    const { put } = await as(w.providerAdmin);
    const enterprise = await planId('enterprise');
    const res = await put(`/api/admin/district/${w.maple.id}/plan`, { plan_id: enterprise, seats: 12, reason: 'Signed quote Q-12' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: { id: enterprise, key: 'enterprise' }, seats: 12 });
    expect(await districtRow(w.maple.id)).toMatchObject({ plan_id: enterprise, seats: 12 });
    const [audit] = await auditRows(t.db, 'district_plan_changed');
    expect(audit).toMatchObject({ district_id: w.maple.id, actor_id: w.providerAdmin.id });
    expect(JSON.parse(audit!.details!)).toEqual({ plan: { from: 'professional', to: 'enterprise' }, seats: { from: 5, to: 12 }, reason: 'Signed quote Q-12' });
    const districtUser = await loginAs(t.app, w.admin);
    expect((await districtUser.get('/api/auth/user')).body.district.plan.key).toBe('enterprise');
  });

  it('a save that changes nothing writes nothing', async () => {
    const { put } = await as(w.providerAdmin);
    const res = await put(`/api/admin/district/${w.maple.id}/plan`, { plan_id: await planId('professional'), seats: 5 });
    expect(res.status).toBe(200);
    expect(await auditRows(t.db, 'district_plan_changed')).toEqual([]);
  });
});

describe('POST /api/admin/district/{id}/suspend and /reactivate', () => {
  it.each([
    [{}, M.reasonRequired],
    [{ reason: '   ' }, M.reasonRequired],
    [{ reason: 5 }, M.reasonText],
    [{ reason: 'x'.repeat(501) }, M.reasonTooLong],
  ])('suspend: 422 for %j names reason', async (body, message) => {
    const { post } = await as(w.providerAdmin);
    const res = await post(`/api/admin/district/${w.maple.id}/suspend`, body);
    expectFieldError(res, 'reason', message);
  });

  it('reactivate: 422 for a reason that is not text', async () => {
    const { post } = await as(w.providerAdmin);
    const res = await post(`/api/admin/district/${w.maple.id}/reactivate`, { reason: ['x'] });
    expectFieldError(res, 'reason', 'Reason must be text.');
  });

  it('403 for provider support on both, naming the rule', async () => {
    const { post } = await as(w.support);
    for (const action of ['suspend', 'reactivate']) {
      const res = await post(`/api/admin/district/${w.maple.id}/${action}`, { reason: 'Unpaid invoices' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(M.adminOnly);
    }
    expect((await districtRow(w.maple.id)).status).toBe('active');
  });

  it('409 when already suspended, or reactivating one that is not', async () => {
    const { post } = await as(w.providerAdmin);
    expect((await post(`/api/admin/district/${w.maple.id}/reactivate`, {})).body).toMatchObject({ message: M.notSuspended });
    await post(`/api/admin/district/${w.maple.id}/suspend`, { reason: 'Unpaid' }).expect(200);
    const again = await post(`/api/admin/district/${w.maple.id}/suspend`, { reason: 'Unpaid' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.alreadySuspended);
  });

  it('suspends with the reason (audited), refuses its people at sign-in, keeps the data; reactivating restores the status and sign-in', async () => {
    const { post } = await as(w.providerAdmin);
    const res = await post(`/api/admin/district/${w.cedar.id}/suspend`, { reason: 'Contract ended' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'suspended', suspension_reason: 'Contract ended', suspended_at: expect.any(String) });
    expect(await districtRow(w.cedar.id)).toMatchObject({ status: 'suspended', status_before_suspension: 'trial', suspension_reason: 'Contract ended' });
    const [audit] = await auditRows(t.db, 'district_suspended');
    expect(audit).toMatchObject({ district_id: w.cedar.id, actor_id: w.providerAdmin.id, subject_type: 'district', subject_id: w.cedar.id });
    expect(JSON.parse(audit!.details!)).toEqual({ reason: 'Contract ended', status: { from: 'trial', to: 'suspended' } });

    const guest = await guestAgent(t.app);
    const refused = await guest.post('/api/auth/login').set(csrfHeaders(guest)).send({ email: w.cedarAdmin.email, password: TEST_PASSWORD, area: 'app' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(DISTRICT_SUSPENDED_MESSAGE);
    expect((await guest.get('/api/auth/user')).status).toBe(401);
    expect(await auditRows(t.db, 'login_refused')).toMatchObject([{ district_id: w.cedar.id, actor_id: w.cedarAdmin.id }]);
    // A wrong password still answers as always (the suspension is told only to the right password).
    const wrong = await guest.post('/api/auth/login').set(csrfHeaders(guest)).send({ email: w.cedarAdmin.email, password: 'not-the-password', area: 'app' });
    expect(wrong.status).toBe(422);
    // The data stays.
    expect(await t.db.selectFrom('staff').select('id').where('district_id', '=', w.cedar.id).execute()).toHaveLength(1);

    const back = await post(`/api/admin/district/${w.cedar.id}/reactivate`, { reason: 'Renewed' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'trial', suspension_reason: null, suspended_at: null });
    expect(await districtRow(w.cedar.id)).toMatchObject({ status: 'trial', status_before_suspension: null });
    expect(JSON.parse((await auditRows(t.db, 'district_reactivated'))[0]!.details!)).toEqual({
      status: { from: 'suspended', to: 'trial' }, suspension_reason: 'Contract ended', reason: 'Renewed',
    });
    await loginAs(t.app, w.cedarAdmin);
  });

  it('existing sessions of its people are signed out on their next request', async () => {
    const districtUser = await loginAs(t.app, w.admin);
    expect((await districtUser.get('/api/auth/user')).status).toBe(200);
    const { post } = await as(w.providerAdmin);
    await post(`/api/admin/district/${w.maple.id}/suspend`, { reason: 'Unpaid' }).expect(200);
    expect((await districtUser.get('/api/auth/user')).status).toBe(401);
    expect((await districtUser.get('/api/staff')).status).toBe(401);
    expect(await t.db.selectFrom('sessions').select('sid').where('user_id', '=', w.admin.id).execute()).toEqual([]);
    // Other districts are not touched.
    const cedar = await loginAs(t.app, w.cedarAdmin);
    expect((await cedar.get('/api/auth/user')).status).toBe(200);
  });

  it('provider staff can still impersonate a suspended district\'s user and stop', async () => {
    const { agent, post } = await as(w.providerAdmin);
    await post(`/api/admin/district/${w.maple.id}/suspend`, { reason: 'Unpaid' }).expect(200);
    const start = await post('/api/auth/impersonate', { user_id: w.admin.id });
    expect(start.status).toBe(200);
    const me = await agent.get('/api/auth/user');
    expect(me.body).toMatchObject({ id: w.admin.id, district: { status: 'suspended' } });
    expect((await agent.get('/api/staff')).status).toBe(200);
    expect((await post('/api/auth/unimpersonate')).status).toBe(200);
    expect((await agent.get('/api/auth/user')).body.id).toBe(w.providerAdmin.id);
  });

  it('provider staff are never signed out by a suspension (they have no district)', async () => {
    const { agent, post } = await as(w.providerAdmin);
    await post(`/api/admin/district/${w.maple.id}/suspend`, { reason: 'Unpaid' }).expect(200);
    expect((await agent.get(`/api/admin/district/${w.maple.id}`)).status).toBe(200);
    expect((await request(t.app).get('/api/health')).status).toBe(200);
  });
});
