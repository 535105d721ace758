// POST /api/staff/{id}/move, /deactivate and /reactivate.
import { beforeEach, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../common/schemas/staff';
import { appWith, asGuest, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { staffWorld, type StaffWorld } from '../../testing/staff.fixture';

let t: TestApp;
let w: StaffWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(staffWorld));
});

async function post(user: Parameters<typeof loginAs>[1], path: string, body: object = {}) {
  const agent = await loginAs(t.app, user);
  return agent.post(path).set(csrfHeaders(agent)).send(body);
}

const history = (staffId: number) =>
  t.db.selectFrom('staff_buildings').select(['building_id', 'start_date', 'end_date', 'district_id']).where('staff_id', '=', staffId)
    .orderBy('start_date').execute();
const statusOf = async (id: number) => (await t.db.selectFrom('staff').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('POST /api/staff/{id}/move', () => {
  const move = () => ({ building_id: w.south.id, effective_date: '2026-01-05' });

  itRequiresLogin(() => t.app, 'post', () => `/api/staff/${w.ava.id}/move`, move);

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post(`/api/staff/${w.ava.id}/move`).set('X-Requested-With', 'XMLHttpRequest').send(move());
    expect(res.status).toBe(419);
    expect(await history(w.ava.id)).toHaveLength(1);
  });

  it.each<[() => object, string, string]>([
    [() => ({ effective_date: '2026-01-05' }), 'building_id', 'School is required.'],
    [() => ({ building_id: 1.5, effective_date: '2026-01-05' }), 'building_id', 'School is required.'],
    [() => ({ building_id: w.south.id }), 'effective_date', 'Effective date is required.'],
    [() => ({ building_id: w.south.id, effective_date: '2026-13-01' }), 'effective_date', 'Effective date must be a date (YYYY-MM-DD).'],
    [() => ({ building_id: w.cedarBuilding.id, effective_date: '2026-01-05' }), 'building_id', STAFF_MESSAGES.buildingNotInDistrict],
    [() => ({ building_id: w.archived.id, effective_date: '2026-01-05' }), 'building_id', STAFF_MESSAGES.buildingNotInDistrict],
    [() => ({ building_id: w.north.id, effective_date: '2026-01-05' }), 'building_id', STAFF_MESSAGES.moveSameBuilding],
    [() => ({ building_id: w.south.id, effective_date: '2020-08-15' }), 'effective_date', STAFF_MESSAGES.moveDateTooEarly('2020-08-15')],
    [() => ({ building_id: w.south.id, effective_date: '2019-01-01' }), 'effective_date', STAFF_MESSAGES.moveDateTooEarly('2020-08-15')],
  ])('422 %#: %s', async (body, field, message) => {
    const res = await post(w.admin, `/api/staff/${w.ava.id}/move`, body());
    expectFieldError(res, field, message);
    expect(await history(w.ava.id)).toEqual([{ building_id: w.north.id, start_date: '2020-08-15', end_date: null, district_id: w.district.id }]);
  });

  it('404 for another district\'s educator', async () => {
    expect((await post(w.cedarAdmin, `/api/staff/${w.ava.id}/move`, { building_id: w.cedarBuilding.id, effective_date: '2026-01-05' })).status).toBe(404);
    expect((await post(w.admin, `/api/staff/${w.cedarStaff.id}/move`, move())).status).toBe(404);
  });

  it('403 for a principal (ask the district), a coach and an educator', async () => {
    const principal = await post(w.principal, `/api/staff/${w.ava.id}/move`, move());
    expect(principal.status).toBe(403);
    expect(principal.body.message).toBe(STAFF_MESSAGES.moveAskDistrict);
    expect((await post(w.coach, `/api/staff/${w.ava.id}/move`, move())).status).toBe(403);
    expect((await post(w.teacherUser, `/api/staff/${w.jordan.id}/move`, move())).status).toBe(403);
    expect(await history(w.ava.id)).toHaveLength(1);
  });

  it('closes the current row the day before and opens a new one from the effective date', async () => {
    const res = await post(w.admin, `/api/staff/${w.ava.id}/move`, move());
    expect(res.status).toBe(200);
    expect(await history(w.ava.id)).toEqual([
      { building_id: w.north.id, start_date: '2020-08-15', end_date: '2026-01-04', district_id: w.district.id },
      { building_id: w.south.id, start_date: '2026-01-05', end_date: null, district_id: w.district.id },
    ]);
    expect(res.body.building).toEqual({ id: w.south.id, name: 'South Middle' });
    expect(res.body.building_history.map((h: { building: { id: number }; end_date: string | null }) => [h.building.id, h.end_date]))
      .toEqual([[w.south.id, null], [w.north.id, '2026-01-04']]);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'staff_moved').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toEqual({ from_building_id: w.north.id, to_building_id: w.south.id, effective_date: '2026-01-05' });
    // The principal of North no longer sees her; the day after the start date is allowed.
    expect((await (await loginAs(t.app, w.principal)).get(`/api/staff/${w.ava.id}`)).status).toBe(404);
  });

  it('a move effective in the future keeps the current school until that day', async () => {
    const res = await post(w.admin, `/api/staff/${w.ava.id}/move`, { building_id: w.south.id, effective_date: '2999-01-01' });
    expect(res.status).toBe(200);
    expect(res.body.building).toEqual({ id: w.north.id, name: 'North Elementary' });
    expect(await history(w.ava.id)).toEqual([
      { building_id: w.north.id, start_date: '2020-08-15', end_date: '2998-12-31', district_id: w.district.id },
      { building_id: w.south.id, start_date: '2999-01-01', end_date: null, district_id: w.district.id },
    ]);
  });

  it('an educator without a current school gets a new row after the last one ended', async () => {
    await t.db.updateTable('staff_buildings').set({ end_date: '2025-06-13' }).where('staff_id', '=', w.mia.id).execute();
    const early = await post(w.admin, `/api/staff/${w.mia.id}/move`, { building_id: w.south.id, effective_date: '2025-06-13' });
    expectFieldError(early, 'effective_date', STAFF_MESSAGES.moveDateBeforeEnd('2025-06-13'));
    const res = await post(w.admin, `/api/staff/${w.mia.id}/move`, { building_id: w.south.id, effective_date: '2025-08-18' });
    expect(res.status).toBe(200);
    expect(await history(w.mia.id)).toEqual([
      { building_id: w.south.id, start_date: '2020-08-15', end_date: '2025-06-13', district_id: w.district.id },
      { building_id: w.south.id, start_date: '2025-08-18', end_date: null, district_id: w.district.id },
    ]);
  });
});

describe.each([
  ['deactivate', 'inactive', 'active', STAFF_MESSAGES.alreadyInactive, 'staff_deactivated'],
  ['reactivate', 'active', 'inactive', STAFF_MESSAGES.alreadyActive, 'staff_reactivated'],
] as const)('POST /api/staff/{id}/%s', (action, after, before, alreadyMessage, auditAction) => {
  // North's Ava for the principal's cases; set to the state the action starts from.
  beforeEach(async () => {
    await t.db.updateTable('staff').set({ status: before }).where('id', 'in', [w.ava.id, w.liam.id, w.cedarStaff.id]).execute();
  });
  const path = (id: number) => `/api/staff/${id}/${action}`;

  it('401 without login', async () => {
    expect((await asGuest(t.app, 'post', path(w.ava.id), {})).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.post(path(w.ava.id)).set('X-Requested-With', 'XMLHttpRequest').send({})).status).toBe(419);
    expect(await statusOf(w.ava.id)).toBe(before);
  });

  it('404 for another district\'s educator and for one outside a principal\'s schools', async () => {
    expect((await post(w.cedarAdmin, path(w.ava.id))).status).toBe(404);
    expect((await post(w.admin, path(w.cedarStaff.id))).status).toBe(404);
    expect((await post(w.principal, path(w.liam.id))).status).toBe(404);
    expect(await statusOf(w.ava.id)).toBe(before);
    expect(await statusOf(w.cedarStaff.id)).toBe(before);
    expect(await statusOf(w.liam.id)).toBe(before);
  });

  it('403 for a coach and an educator', async () => {
    expect((await post(w.coach, path(w.ava.id))).status).toBe(403);
    await t.db.updateTable('staff').set({ status: before }).where('id', '=', w.jordan.id).execute();
    expect((await post(w.teacherUser, path(w.jordan.id))).status).toBe(403);
    expect(await statusOf(w.ava.id)).toBe(before);
  });

  it(`changes the status to ${after}, keeps the history, audits; 409 when repeated`, async () => {
    const res = await post(w.admin, path(w.liam.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.liam.id, status: after, building: { id: w.south.id } });
    expect(await statusOf(w.liam.id)).toBe(after);
    expect(await history(w.liam.id)).toEqual([{ building_id: w.south.id, start_date: '2020-08-15', end_date: null, district_id: w.district.id }]);
    expect(await t.db.selectFrom('audit_log').select(['subject_id', 'actor_id']).where('action', '=', auditAction).execute())
      .toEqual([{ subject_id: w.liam.id, actor_id: w.admin.id }]);
    const again = await post(w.admin, path(w.liam.id));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: alreadyMessage, code: 'conflict' });
  });

  it('a principal may do it for an educator of their school', async () => {
    const res = await post(w.principal, path(w.ava.id));
    expect(res.status).toBe(200);
    expect(await statusOf(w.ava.id)).toBe(after);
  });
});
