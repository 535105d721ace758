// School staff requests, decisions: POST /api/staff-request/{id}/approve, POST /api/staff-request/{id}/deny,
// DELETE /api/staff-request/{id} (the requester withdraws a pending request).
import { beforeEach, describe, expect, it } from 'vitest';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { auditActions, buildWorld, historyRows, insertRequest, type World } from '../../testing/staffRequests.fixture';

let t: TestApp;
let w: World;
let pending: Awaited<ReturnType<typeof insertRequest>>;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildWorld(app.db)));
  // Owen Oakley (Oak Hollow since 2020-08-15) asked for at Lincoln Middle from 2026-01-05.
  pending = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atOak.id, buildingId: w.lincoln.id, requestedBy: w.principal.id, startDate: '2026-01-05', note: 'Math vacancy' });
});

const requestRow = (id: number) => t.db.selectFrom('building_history_requests').selectAll().where('id', '=', id).executeTakeFirst();

describe('POST /api/staff-request/{id}/approve', () => {
  const approve = async (user: World['admin'], id = pending.id) => {
    const agent = await loginAs(t.app, user);
    return agent.post(`/api/staff-request/${id}/approve`).set(csrfHeaders(agent)).send({});
  };

  itRequiresLogin(() => t.app, 'post', () => `/api/staff-request/${pending.id}/approve`);

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.post(`/api/staff-request/${pending.id}/approve`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    expect((await requestRow(pending.id))!.status).toBe('pending');
  });

  it('422 when the start date is no longer after the start at the current school; nothing changes', async () => {
    const early = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atRiver.id, buildingId: w.lincoln.id, requestedBy: w.principal.id, startDate: '2021-08-15' });
    const res = await approve(w.admin, early.id);
    expectFieldError(res, 'start_date', 'Start date must be after 2021-08-15, when Rosa Rivers started at Riverside.');
    expect((await requestRow(early.id))!.status).toBe('pending');
    expect(await historyRows(t.db, w.atRiver.id)).toEqual([{ building_id: w.river.id, start_date: '2021-08-15', end_date: null }]);
  });

  it('422 when the educator has meanwhile become inactive', async () => {
    await t.db.updateTable('staff').set({ status: 'inactive' }).where('id', '=', w.atOak.id).execute();
    const res = await approve(w.admin);
    expectFieldError(res, 'staff_id', 'Choose an active educator of your district.');
  });

  it('404 for another district’s request and for an unknown id', async () => {
    expect((await approve(w.admin, w.otherRequest.id)).status).toBe(404);
    expect((await approve(w.admin, 999999)).status).toBe(404);
    expect((await approve(w.admin, 'abc' as unknown as number)).status).toBe(404);
    expect((await requestRow(w.otherRequest.id))!.status).toBe('pending');
  });

  it('403 for a coach, an educator and a principal (even for requests to their own school)', async () => {
    const byAdmin = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atRiver.id, buildingId: w.lincoln.id, requestedBy: w.admin.id });
    for (const user of [w.coach, w.educatorUser]) expect((await approve(user)).status).toBe(403);
    const res = await approve(w.principal, byAdmin.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only a district administrator can decide school staff requests.');
    expect((await approve(w.principal)).status).toBe(403);
    expect((await requestRow(byAdmin.id))!.status).toBe('pending');
  });

  it('403 for a district admin approving their own request', async () => {
    const own = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atRiver.id, buildingId: w.oak.id, requestedBy: w.admin.id });
    const res = await approve(w.admin, own.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot approve your own request.');
    expect((await requestRow(own.id))!.status).toBe('pending');
    // Another district admin may.
    expect((await approve(w.admin2, own.id)).status).toBe(200);
  });

  it('409 once decided', async () => {
    const decided = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atRiver.id, buildingId: w.lincoln.id, requestedBy: w.principal.id, status: 'denied', reason: 'No' });
    const res = await approve(w.admin, decided.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This request has already been decided.');
  });

  it('approves: closes the current history row the day before the start date and opens one at the school', async () => {
    const res = await approve(w.admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: pending.id, status: 'approved', decided_by: { id: w.admin.id, name: 'Dana Admin' }, decision_reason: null,
      from_building: { id: w.oak.id, name: 'Oak Hollow' }, building: { id: w.lincoln.id, name: 'Lincoln Middle' },
    });
    expect(res.body.decided_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await historyRows(t.db, w.atOak.id)).toEqual([
      { building_id: w.oak.id, start_date: '2020-08-15', end_date: '2026-01-04' },
      { building_id: w.lincoln.id, start_date: '2026-01-05', end_date: null },
    ]);
    const row = (await requestRow(pending.id))!;
    expect(row).toMatchObject({ status: 'approved', decided_by: w.admin.id, decision_reason: null });
    const audit = await auditActions(t.db, pending.id);
    expect(audit.map((a) => a.action)).toEqual(['staff_request_approved']);
    expect(JSON.parse(audit[0].details!)).toMatchObject({ staff_id: w.atOak.id, building_id: w.lincoln.id, start_date: '2026-01-05', closed: [{ building_id: w.oak.id, end_date: '2026-01-04' }] });
    // A second approval is refused.
    expect((await approve(w.admin)).status).toBe(409);
  });

  it('approves across a month boundary and for an educator without a current school', async () => {
    const march = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atRiver.id, buildingId: w.oak.id, requestedBy: w.principal.id, startDate: '2024-03-01' });
    expect((await approve(w.admin, march.id)).status).toBe(200);
    expect(await historyRows(t.db, w.atRiver.id)).toEqual([
      { building_id: w.river.id, start_date: '2021-08-15', end_date: '2024-02-29' },
      { building_id: w.oak.id, start_date: '2024-03-01', end_date: null },
    ]);
    await t.db.updateTable('staff_buildings').set({ end_date: '2025-06-13' }).where('staff_id', '=', w.atLincoln.id).execute();
    const noSchool = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atLincoln.id, buildingId: w.river.id, requestedBy: w.riverPrincipal.id, startDate: '2026-08-17' });
    expect((await approve(w.admin, noSchool.id)).status).toBe(200);
    expect(await historyRows(t.db, w.atLincoln.id)).toEqual([
      { building_id: w.lincoln.id, start_date: '2019-08-15', end_date: '2025-06-13' },
      { building_id: w.river.id, start_date: '2026-08-17', end_date: null },
    ]);
  });
});

describe('POST /api/staff-request/{id}/deny', () => {
  const deny = async (user: World['admin'], body: unknown = { reason: 'No vacancy at Lincoln this year.' }, id = pending.id) => {
    const agent = await loginAs(t.app, user);
    return agent.post(`/api/staff-request/${id}/deny`).set(csrfHeaders(agent)).send(body as object);
  };

  itRequiresLogin(() => t.app, 'post', () => `/api/staff-request/${pending.id}/deny`, () => ({ reason: 'x' }));

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.post(`/api/staff-request/${pending.id}/deny`).set('X-Requested-With', 'XMLHttpRequest').send({ reason: 'x' })).status).toBe(419);
  });

  it.each([
    [{}, 'Give a reason for denying this request.'],
    [{ reason: '   ' }, 'Give a reason for denying this request.'],
    [{ reason: 42 }, 'Give a reason for denying this request.'],
    [{ reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters.'],
  ])('422 for %j', async (body, message) => {
    const res = await deny(w.admin, body);
    expectFieldError(res, 'reason', message);
    expect((await requestRow(pending.id))!.status).toBe('pending');
  });

  it('404 for another district’s request', async () => {
    expect((await deny(w.admin, undefined, w.otherRequest.id)).status).toBe(404);
    expect((await requestRow(w.otherRequest.id))!.status).toBe('pending');
  });

  it('403 for a coach, an educator, a principal and the requester', async () => {
    for (const user of [w.coach, w.educatorUser, w.principal]) expect((await deny(user)).status).toBe(403);
    const own = await insertRequest(t.db, { districtId: w.districtId, staffId: w.atRiver.id, buildingId: w.oak.id, requestedBy: w.admin.id });
    const res = await deny(w.admin, undefined, own.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot deny your own request.');
  });

  it('409 once decided', async () => {
    expect((await deny(w.admin)).status).toBe(200);
    expect((await deny(w.admin2)).status).toBe(409);
  });

  it('denies with the reason; building history is untouched', async () => {
    const res = await deny(w.admin, { reason: '  No vacancy at Lincoln this year.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'denied', decided_by: { id: w.admin.id, name: 'Dana Admin' }, decision_reason: 'No vacancy at Lincoln this year.' });
    expect(await requestRow(pending.id)).toMatchObject({ status: 'denied', decided_by: w.admin.id, decision_reason: 'No vacancy at Lincoln this year.' });
    expect(await historyRows(t.db, w.atOak.id)).toEqual([{ building_id: w.oak.id, start_date: '2020-08-15', end_date: null }]);
    expect((await auditActions(t.db, pending.id)).map((a) => [a.action, a.actor_id])).toEqual([['staff_request_denied', w.admin.id]]);
    // The principal sees the decision in their history.
    const principal = await loginAs(t.app, w.principal);
    const list = await principal.get('/api/staff-request?status=denied');
    expect(list.body.data).toEqual([expect.objectContaining({ id: pending.id, decision_reason: 'No vacancy at Lincoln this year.' })]);
  });
});

describe('DELETE /api/staff-request/{id}', () => {
  const withdraw = async (user: World['admin'], id = pending.id) => {
    const agent = await loginAs(t.app, user);
    return agent.delete(`/api/staff-request/${id}`).set(csrfHeaders(agent));
  };

  itRequiresLogin(() => t.app, 'delete', () => `/api/staff-request/${pending.id}`);

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.principal);
    expect((await agent.delete(`/api/staff-request/${pending.id}`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    expect(await requestRow(pending.id)).toBeDefined();
  });

  it('404 for another district’s request, and for a principal who cannot see it', async () => {
    expect((await withdraw(w.otherAdmin)).status).toBe(404);
    expect((await withdraw(w.riverPrincipal)).status).toBe(404);
    expect(await requestRow(pending.id)).toBeDefined();
  });

  it('403 for a coach, an educator, and anyone but the requester', async () => {
    for (const user of [w.coach, w.educatorUser]) expect((await withdraw(user)).status).toBe(403);
    const res = await withdraw(w.admin);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only the person who made this request can withdraw it.');
    expect(await requestRow(pending.id)).toBeDefined();
  });

  it('409 once decided', async () => {
    await t.db.updateTable('building_history_requests').set({ status: 'approved' }).where('id', '=', pending.id).execute();
    expect((await withdraw(w.principal)).status).toBe(409);
  });

  it('204: the requester withdraws a pending request; it is gone, the audit log keeps it', async () => {
    const res = await withdraw(w.principal);
    expect(res.status).toBe(204);
    expect(await requestRow(pending.id)).toBeUndefined();
    expect((await auditActions(t.db, pending.id)).map((a) => [a.action, a.actor_id])).toEqual([['staff_request_withdrawn', w.principal.id]]);
  });
});
