import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildBuilding, buildCoachAssignment, buildDistrict, buildStaff, buildUser } from '../../testing/factories';
import { today } from '../../lib/dates';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

/**
 * A district with two schools (North, South), an admin, a principal at North, a coach working at
 * both with three educators on the caseload (two at North, one at South) and one past assignment.
 */
async function world() {
  const admin = await buildUser(t.db, { role: 'district-admin', name: 'Ada Admin' });
  const districtId = admin.district_id!;
  const north = await buildBuilding(t.db, districtId, { name: 'North Elementary' });
  const south = await buildBuilding(t.db, districtId, { name: 'South High' });
  const principal = await buildUser(t.db, { role: 'building-admin', districtId, buildingIds: [north.id] });
  const coach = await buildUser(t.db, { role: 'coach', districtId, name: 'Priya Raman', buildingIds: [north.id, south.id] });
  const ann = await buildStaff(t.db, { districtId, buildingId: north.id, firstName: 'Ann', lastName: 'Avery' });
  const ben = await buildStaff(t.db, { districtId, buildingId: north.id, firstName: 'Ben', lastName: 'Brooks', position: 'Interventionist' });
  const cal = await buildStaff(t.db, { districtId, buildingId: south.id, firstName: 'Cal', lastName: 'Cruz' });
  const dee = await buildStaff(t.db, { districtId, buildingId: south.id, firstName: 'Dee', lastName: 'Diaz' });
  const teacherUser = await buildUser(t.db, { role: 'educator', districtId, email: 'eve@example.org' });
  const eve = await buildStaff(t.db, { districtId, buildingId: north.id, firstName: 'Eve', lastName: 'Ellis', email: 'eve@example.org', userId: teacherUser.id });
  const a1 = await buildCoachAssignment(t.db, { districtId, coachId: coach.id, staffId: ann.id, startDate: '2025-08-18' });
  const a2 = await buildCoachAssignment(t.db, { districtId, coachId: coach.id, staffId: ben.id, startDate: '2025-08-18' });
  const a3 = await buildCoachAssignment(t.db, { districtId, coachId: coach.id, staffId: cal.id, startDate: '2025-08-18' });
  const past = await buildCoachAssignment(t.db, { districtId, coachId: coach.id, staffId: dee.id, startDate: '2024-09-03', endDate: '2025-06-13' });
  return { admin, districtId, north, south, principal, coach, teacherUser, staff: { ann, ben, cal, dee, eve }, assignments: { a1, a2, a3, past } };
}

type World = Awaited<ReturnType<typeof world>>;
const names = (rows: { staff: { name: string } }[]) => rows.map((r) => r.staff.name);
const auditOf = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe('GET /api/coach', () => {
  itRequiresLogin(() => t.app, 'get', '/api/coach');

  it('403 without see coaches (educator)', async () => {
    const w = await world();
    expect((await (await loginAs(t.app, w.teacherUser)).get('/api/coach')).status).toBe(403);
  });

  it('lists the district\'s active and invited coaches with schools and caseload size', async () => {
    const w = await world();
    const invited = await buildUser(t.db, { role: 'coach', districtId: w.districtId, name: 'Angela Ruiz', status: 'invited' });
    await buildUser(t.db, { role: 'coach', districtId: w.districtId, name: 'Disabled Coach', status: 'disabled' });
    await buildUser(t.db, { role: 'coach', name: 'Other District Coach' });
    const res = await (await loginAs(t.app, w.principal)).get('/api/coach');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: invited.id, name: 'Angela Ruiz', email: invited.email, status: 'invited', buildings: [], caseload_count: 0, last_login_at: null },
      {
        id: w.coach.id, name: 'Priya Raman', email: w.coach.email, status: 'active', last_login_at: null, caseload_count: 3,
        buildings: [{ id: w.north.id, name: 'North Elementary' }, { id: w.south.id, name: 'South High' }],
      },
    ]);
  });
});

describe('GET /api/coach/{id}', () => {
  itRequiresLogin(() => t.app, 'get', '/api/coach/1');

  it('404 for another district\'s coach, a user who is not a coach, and a non-number id', async () => {
    const w = await world();
    const elsewhere = await buildUser(t.db, { role: 'coach' });
    const agent = await loginAs(t.app, w.admin);
    for (const id of [elsewhere.id, w.principal.id, 'abc']) {
      const res = await agent.get(`/api/coach/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('We could not find that coach.');
    }
  });

  it('a district-wide viewer sees the whole caseload with schools and the history', async () => {
    const w = await world();
    const res = await (await loginAs(t.app, w.admin)).get(`/api/coach/${w.coach.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: w.coach.id, name: 'Priya Raman', email: w.coach.email, status: 'active', caseload_count: 3,
      buildings: [{ id: w.north.id, name: 'North Elementary' }, { id: w.south.id, name: 'South High' }],
    });
    expect(res.body.caseload[1]).toEqual({
      id: w.assignments.a2.id, start_date: '2025-08-18', end_date: null,
      staff: { id: w.staff.ben.id, name: 'Ben Brooks', position: 'Interventionist', building: { id: w.north.id, name: 'North Elementary' } },
    });
    expect(names(res.body.caseload)).toEqual(['Ann Avery', 'Ben Brooks', 'Cal Cruz']);
    expect(res.body.history).toEqual([{
      id: w.assignments.past.id, start_date: '2024-09-03', end_date: '2025-06-13',
      staff: { id: w.staff.dee.id, name: 'Dee Diaz', position: 'Classroom Teacher', building: { id: w.south.id, name: 'South High' } },
    }]);
  });

  it('never names another district\'s school, even if a history row points at one', async () => {
    const w = await world();
    const foreign = await buildBuilding(t.db, (await buildDistrict(t.db)).id, { name: 'Foreign Academy' });
    await t.db.insertInto('staff_buildings').values({
      district_id: w.districtId, staff_id: w.staff.ann.id, building_id: foreign.id, start_date: '2021-01-04', end_date: null, created_at: '2021-01-04T00:00:00.000Z',
    }).execute();
    const res = await (await loginAs(t.app, w.admin)).get(`/api/coach/${w.coach.id}`);
    expect(res.body.caseload[0].staff.building).toEqual({ id: w.north.id, name: 'North Elementary' });
    expect(JSON.stringify(res.body)).not.toContain('Foreign Academy');
  });

  it('a principal sees only their school\'s educators in the caseload (the count stays whole)', async () => {
    const w = await world();
    const res = await (await loginAs(t.app, w.principal)).get(`/api/coach/${w.coach.id}`);
    expect(res.status).toBe(200);
    expect(res.body.caseload_count).toBe(3);
    expect(names(res.body.caseload)).toEqual(['Ann Avery', 'Ben Brooks']);
    expect(res.body.history).toEqual([]);
    expect(JSON.stringify(res.body)).not.toMatch(/Cal Cruz|Dee Diaz/);
  });

  it('an educator sees nobody else\'s name; a caller without see educators sees only the count', async () => {
    const w = await world();
    const asEducator = await loginAs(t.app, w.teacherUser);
    const res = await asEducator.get(`/api/coach/${w.coach.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ caseload_count: 3, caseload: [], history: [] });
    // Their own assignment is theirs to see.
    await buildCoachAssignment(t.db, { districtId: w.districtId, coachId: w.coach.id, staffId: w.staff.eve.id });
    expect(names((await asEducator.get(`/api/coach/${w.coach.id}`)).body.caseload)).toEqual(['Eve Ellis']);

    const roleId = (await t.db.insertInto('roles').values({ name: 'observer', label: 'Observer', area: 'app' }).returning('id').executeTakeFirstOrThrow()).id;
    const observer = await buildUser(t.db, { role: 'educator', districtId: w.districtId });
    await t.db.deleteFrom('user_roles').where('user_id', '=', observer.id).execute();
    await t.db.insertInto('user_roles').values({ user_id: observer.id, role_id: roleId }).execute();
    const blind = await (await loginAs(t.app, observer)).get(`/api/coach/${w.coach.id}`);
    expect(blind.status).toBe(200);
    expect(blind.body).toMatchObject({ caseload_count: 4, caseload: [], history: [] });
  });

  it('a coach sees the educators of their own schools', async () => {
    const w = await world();
    const other = await buildUser(t.db, { role: 'coach', districtId: w.districtId, buildingIds: [w.south.id] });
    const res = await (await loginAs(t.app, other)).get(`/api/coach/${w.coach.id}`);
    expect(names(res.body.caseload)).toEqual(['Cal Cruz']);
    expect(names(res.body.history)).toEqual(['Dee Diaz']);
  });
});

describe('POST /api/coach/{id}/caseload', () => {
  const body = (w: World, ids = [w.staff.dee.id, w.staff.eve.id]) => ({ staff_ids: ids, start_date: '2026-01-05' });

  itRequiresLogin(() => t.app, 'post', '/api/coach/1/caseload', () => ({ staff_ids: [1], start_date: '2026-01-05' }));

  it('419 without the CSRF token', async () => {
    const w = await world();
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.post(`/api/coach/${w.coach.id}/caseload`).set('X-Requested-With', 'XMLHttpRequest').send(body(w))).status).toBe(419);
  });

  it.each([
    [{ start_date: '2026-01-05' }, 'staff_ids', 'Choose at least one educator.'],
    [{ staff_ids: [], start_date: '2026-01-05' }, 'staff_ids', 'Choose at least one educator.'],
    [{ staff_ids: ['x'], start_date: '2026-01-05' }, 'staff_ids.0', 'Choose educators from the list.'],
    [{ staff_ids: [1] }, 'start_date', 'Start date is required.'],
    [{ staff_ids: [1], start_date: '2026-02-30' }, 'start_date', 'Start date must be a date (YYYY-MM-DD).'],
  ])('422 for %j', async (payload, field, message) => {
    const w = await world();
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post(`/api/coach/${w.coach.id}/caseload`).set(csrfHeaders(agent)).send(payload);
    expectFieldError(res, field, message);
  });

  it('422 for another district\'s educator, an inactive educator, and educators already on the caseload (named)', async () => {
    const w = await world();
    const agent = await loginAs(t.app, w.admin);
    const url = `/api/coach/${w.coach.id}/caseload`;
    const foreign = await buildStaff(t.db, { firstName: 'Far', lastName: 'Away' });
    const r1 = await agent.post(url).set(csrfHeaders(agent)).send(body(w, [w.staff.dee.id, foreign.id]));
    expectFieldError(r1, 'staff_ids', 'Choose educators from your district.');

    const gone = await buildStaff(t.db, { districtId: w.districtId, buildingId: w.north.id, firstName: 'Gus', lastName: 'Gone', status: 'inactive' });
    const r2 = await agent.post(url).set(csrfHeaders(agent)).send(body(w, [gone.id]));
    expect(r2.body.errors.staff_ids).toEqual(['Gus Gone is inactive and cannot be assigned.']);

    const r3 = await agent.post(url).set(csrfHeaders(agent)).send(body(w, [w.staff.ann.id, w.staff.dee.id, w.staff.ben.id]));
    expectFieldError(r3, 'staff_ids', 'Ann Avery and Ben Brooks are already on this caseload.');

    const r4 = await agent.post(url).set(csrfHeaders(agent)).send({ staff_ids: [w.staff.dee.id], start_date: '2025-06-01' });
    expect(r4.body.errors.start_date).toEqual(['Dee Diaz was on this caseload until 2025-06-13. Choose a start date after that.']);
    expect(await t.db.selectFrom('coach_assignments').select('id').execute()).toHaveLength(4);
  });

  it('404 for another district\'s coach', async () => {
    const w = await world();
    const elsewhere = await buildUser(t.db, { role: 'coach' });
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.post(`/api/coach/${elsewhere.id}/caseload`).set(csrfHeaders(agent)).send(body(w))).status).toBe(404);
    expect(await t.db.selectFrom('coach_assignments').select('id').where('coach_id', '=', elsewhere.id).execute()).toHaveLength(0);
  });

  it('403 without manage coaches (principal, coach)', async () => {
    const w = await world();
    for (const user of [w.principal, w.coach]) {
      const agent = await loginAs(t.app, user);
      expect((await agent.post(`/api/coach/${w.coach.id}/caseload`).set(csrfHeaders(agent)).send(body(w))).status).toBe(403);
    }
    expect(await t.db.selectFrom('coach_assignments').select('id').execute()).toHaveLength(4);
  });

  it('409 for a deactivated coach', async () => {
    const w = await world();
    const disabled = await buildUser(t.db, { role: 'coach', districtId: w.districtId, status: 'disabled' });
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.post(`/api/coach/${disabled.id}/caseload`).set(csrfHeaders(agent)).send(body(w))).status).toBe(409);
  });

  it('201 opens one assignment per educator (an educator may have several coaches), audited', async () => {
    const w = await world();
    const second = await buildUser(t.db, { role: 'coach', districtId: w.districtId });
    await buildCoachAssignment(t.db, { districtId: w.districtId, coachId: second.id, staffId: w.staff.eve.id });
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post(`/api/coach/${w.coach.id}/caseload`).set(csrfHeaders(agent)).send(body(w, [w.staff.dee.id, w.staff.eve.id, w.staff.eve.id]));
    expect(res.status).toBe(201);
    expect(res.body.caseload_count).toBe(5);
    expect(names(res.body.caseload)).toEqual(['Ann Avery', 'Ben Brooks', 'Cal Cruz', 'Dee Diaz', 'Eve Ellis']);
    expect(names(res.body.history)).toEqual(['Dee Diaz']);
    const rows = await t.db.selectFrom('coach_assignments').select(['staff_id', 'start_date', 'end_date', 'district_id'])
      .where('coach_id', '=', w.coach.id).where('start_date', '=', '2026-01-05').orderBy('staff_id').execute();
    expect(rows).toEqual([
      { staff_id: w.staff.dee.id, start_date: '2026-01-05', end_date: null, district_id: w.districtId },
      { staff_id: w.staff.eve.id, start_date: '2026-01-05', end_date: null, district_id: w.districtId },
    ]);
    expect(await t.db.selectFrom('coach_assignments').select('id').where('coach_id', '=', second.id).execute()).toHaveLength(1);
    const [audit] = await auditOf('caseload_assigned');
    expect(audit).toMatchObject({ district_id: w.districtId, actor_id: w.admin.id, subject_type: 'coach', subject_id: w.coach.id });
  });
});

describe('POST /api/coach/{id}/caseload/{assignmentId}/end', () => {
  itRequiresLogin(() => t.app, 'post', '/api/coach/1/caseload/1/end', () => ({ end_date: '2026-01-05' }));

  it('419 without the CSRF token', async () => {
    const w = await world();
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post(`/api/coach/${w.coach.id}/caseload/${w.assignments.a1.id}/end`).set('X-Requested-With', 'XMLHttpRequest').send({ end_date: '2026-01-05' });
    expect(res.status).toBe(419);
  });

  it.each([
    [{}, 'End date is required.'],
    [{ end_date: '01/05/2026' }, 'End date must be a date (YYYY-MM-DD).'],
    [{ end_date: '2025-08-17' }, 'End date must be on or after the start date (2025-08-18).'],
  ])('422 for %j', async (payload, message) => {
    const w = await world();
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post(`/api/coach/${w.coach.id}/caseload/${w.assignments.a1.id}/end`).set(csrfHeaders(agent)).send(payload);
    expectFieldError(res, 'end_date', message);
    expect((await t.db.selectFrom('coach_assignments').select('end_date').where('id', '=', w.assignments.a1.id).executeTakeFirstOrThrow()).end_date).toBeNull();
  });

  it('404 for another district\'s coach or assignment, or another coach\'s assignment', async () => {
    const w = await world();
    const elsewhere = await buildUser(t.db, { role: 'coach' });
    const theirStaff = await buildStaff(t.db, { districtId: elsewhere.district_id! });
    const theirs = await buildCoachAssignment(t.db, { districtId: elsewhere.district_id!, coachId: elsewhere.id, staffId: theirStaff.id });
    const second = await buildUser(t.db, { role: 'coach', districtId: w.districtId });
    const agent = await loginAs(t.app, w.admin);
    for (const url of [
      `/api/coach/${elsewhere.id}/caseload/${theirs.id}/end`,
      `/api/coach/${w.coach.id}/caseload/${theirs.id}/end`,
      `/api/coach/${second.id}/caseload/${w.assignments.a1.id}/end`,
    ]) {
      expect((await agent.post(url).set(csrfHeaders(agent)).send({ end_date: '2026-01-05' })).status).toBe(404);
    }
    expect((await t.db.selectFrom('coach_assignments').select('end_date').where('id', '=', theirs.id).executeTakeFirstOrThrow()).end_date).toBeNull();
  });

  it('403 without manage coaches', async () => {
    const w = await world();
    const agent = await loginAs(t.app, w.principal);
    expect((await agent.post(`/api/coach/${w.coach.id}/caseload/${w.assignments.a1.id}/end`).set(csrfHeaders(agent)).send({ end_date: '2026-01-05' })).status).toBe(403);
  });

  it('409 for an assignment that has already ended', async () => {
    const w = await world();
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post(`/api/coach/${w.coach.id}/caseload/${w.assignments.past.id}/end`).set(csrfHeaders(agent)).send({ end_date: '2025-06-20' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This assignment has already ended.');
  });

  it('closes the assignment, kept as a history row, audited', async () => {
    const w = await world();
    const agent = await loginAs(t.app, w.admin);
    const yesterday = new Date(Date.parse(`${today()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const res = await agent.post(`/api/coach/${w.coach.id}/caseload/${w.assignments.a1.id}/end`).set(csrfHeaders(agent)).send({ end_date: yesterday });
    expect(res.status).toBe(200);
    expect(res.body.caseload_count).toBe(2);
    expect(names(res.body.caseload)).toEqual(['Ben Brooks', 'Cal Cruz']);
    expect(res.body.history.map((h: { staff: { name: string }; end_date: string }) => [h.staff.name, h.end_date]))
      .toEqual([['Ann Avery', yesterday], ['Dee Diaz', '2025-06-13']]);
    const row = await t.db.selectFrom('coach_assignments').select(['start_date', 'end_date']).where('id', '=', w.assignments.a1.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ start_date: '2025-08-18', end_date: yesterday });
    const [audit] = await auditOf('caseload_ended');
    expect(audit).toMatchObject({ actor_id: w.admin.id, subject_id: w.coach.id });
    expect(JSON.parse(audit!.details!)).toMatchObject({ assignment_id: w.assignments.a1.id, end_date: yesterday });

    // A later end date keeps the educator on the caseload until then.
    const later = await agent.post(`/api/coach/${w.coach.id}/caseload/${w.assignments.a2.id}/end`).set(csrfHeaders(agent)).send({ end_date: '2099-06-30' });
    expect(later.body.caseload.find((c: { id: number }) => c.id === w.assignments.a2.id).end_date).toBe('2099-06-30');
  });
});
