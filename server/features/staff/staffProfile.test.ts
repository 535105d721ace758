// GET /api/staff/{id} (View Educator) and PUT /api/staff/{id} (Edit Educator).
import { beforeEach, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../common/schemas/staff';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import { STAFF_NOT_FOUND } from './routes';
import { staffWorld, type StaffWorld, userWithoutPermissions } from '../../testing/staff.fixture';

let t: TestApp;
let w: StaffWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(staffWorld));
});

async function view(user: Parameters<typeof loginAs>[1], id: number | string) {
  return (await loginAs(t.app, user)).get(`/api/staff/${id}`);
}

describe('GET /api/staff/{id}', () => {
  itRequiresLogin(() => t.app, 'get', () => `/api/staff/${w.jordan.id}`);

  it('404 for another district\'s educator, an unknown id and a malformed id', async () => {
    for (const [user, id] of [[w.cedarAdmin, w.jordan.id], [w.admin, w.cedarStaff.id], [w.admin, 999999], [w.admin, 'abc']] as const) {
      const res = await view(user, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: STAFF_NOT_FOUND, code: 'not_found' });
    }
  });

  it('403 without see educators', async () => {
    expect((await view(await userWithoutPermissions(t, w.district.id), w.jordan.id)).status).toBe(403);
    expect((await view(await buildUser(t.db, { role: 'provider-admin' }), w.jordan.id)).status).toBe(403);
  });

  describe('scope', () => {
    it('a principal sees their school\'s educators and gets 404 for another school\'s', async () => {
      expect((await view(w.principal, w.ava.id)).status).toBe(200);
      expect((await view(w.principal, w.liam.id)).status).toBe(404);
      expect((await view(w.principal, w.zoe.id)).status).toBe(404); // moved away from North
    });

    it('a coach (.building) sees the educators of their schools only', async () => {
      expect((await view(w.coach, w.jordan.id)).status).toBe(200);
      expect((await view(w.coach, w.liam.id)).status).toBe(404);
      expect((await view(w.coach2, w.liam.id)).status).toBe(200);
    });

    it('an educator sees only themself', async () => {
      expect((await view(w.teacherUser, w.jordan.id)).status).toBe(200);
      expect((await view(w.teacherUser, w.ava.id)).status).toBe(404);
    });

    it('a district administrator sees inactive educators too', async () => {
      expect((await view(w.admin, w.mia.id)).body).toMatchObject({ id: w.mia.id, status: 'inactive' });
    });
  });

  it('answers the profile with history newest first, groups, coaches and what the caller may do', async () => {
    const res = await view(w.admin, w.zoe.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: w.zoe.id, name: 'Zoe Adams', building: { id: w.south.id, name: 'South Middle' }, coach: null, user_id: null, can_edit: true, can_move: true,
    });
    expect(res.body.building_history).toEqual([
      { id: expect.any(Number), building: { id: w.south.id, name: 'South Middle' }, start_date: '2024-08-12', end_date: null },
      { id: expect.any(Number), building: { id: w.north.id, name: 'North Elementary' }, start_date: '2018-08-15', end_date: '2024-06-14' },
    ]);
    expect(typeof res.body.created_at).toBe('string');
    expect(res.body).not.toHaveProperty('district_id');

    const jordan = await view(w.admin, w.jordan.id);
    expect(jordan.body.user_id).toBe(w.teacherUser.id);
    expect(jordan.body.coach).toEqual({ id: w.coach.id, name: 'Casey Coach' });
    // Groups of this district only (the other district's group is not shown), with their state.
    expect(jordan.body.groups).toEqual([
      { id: w.group.id, name: 'Math PLC', start_date: '2025-08-18T05:00:00.000Z', end_date: null, active: true },
      { id: w.oldGroup.id, name: 'Old Pilot', start_date: '2025-08-18T05:00:00.000Z', end_date: null, active: false },
    ]);
    const ava = await view(w.admin, w.ava.id);
    expect(ava.body.coach).toBeNull();
    expect(ava.body.coaches).toEqual([
      { id: expect.any(Number), coach: { id: w.coach.id, name: 'Casey Coach' }, start_date: '2024-08-18', end_date: '2025-06-13' },
    ]);
  });

  it('can_edit and can_move follow the caller\'s add staff scope', async () => {
    expect((await view(w.principal, w.ava.id)).body).toMatchObject({ can_edit: true, can_move: false });
    expect((await view(w.coach, w.ava.id)).body).toMatchObject({ can_edit: false, can_move: false });
    expect((await view(w.teacherUser, w.jordan.id)).body).toMatchObject({ can_edit: false, can_move: false });
  });
});

const profile = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Avery', last_name: 'Nguyen-Smith', email: 'Avery.NS@Maple.test', employee_id: 'MT-201', position: 'Interventionist',
  grade_levels: ['2', '3'], subjects: ['English Language Arts'], hire_date: '2021-08-16', ...overrides,
});

async function put(user: Parameters<typeof loginAs>[1], id: number, body: unknown) {
  const agent = await loginAs(t.app, user);
  return agent.put(`/api/staff/${id}`).set(csrfHeaders(agent)).send(body as object);
}

const staffRow = (id: number) => t.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('PUT /api/staff/{id}', () => {
  itRequiresLogin(() => t.app, 'put', () => `/api/staff/${w.ava.id}`, profile);

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.put(`/api/staff/${w.ava.id}`).set('X-Requested-With', 'XMLHttpRequest').send(profile());
    expect(res.status).toBe(419);
    expect((await staffRow(w.ava.id)).first_name).toBe('Ava');
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ first_name: '' }, 'first_name', 'First name is required.'],
    [{ last_name: 'x'.repeat(81) }, 'last_name', 'Last name must be at most 80 characters.'],
    [{ email: 'no-at-sign' }, 'email', 'Enter a valid email address.'],
    [{ employee_id: 'x'.repeat(41) }, 'employee_id', 'Employee ID must be at most 40 characters.'],
    [{ position: 'Wizard' }, 'position', 'Choose a position from the list.'],
    [{ grade_levels: ['0'] }, 'grade_levels.0', 'Choose grade levels from PK, K and 1–12.'],
    [{ subjects: ['Alchemy'] }, 'subjects.0', 'Choose subjects from the list.'],
    [{ hire_date: '15/08/2021' }, 'hire_date', 'Hire date must be a date (YYYY-MM-DD).'],
  ])('422 for %j', async (overrides, field, message) => {
    const res = await put(w.admin, w.ava.id, profile(overrides));
    expectFieldError(res, field, message);
    expect((await staffRow(w.ava.id)).first_name).toBe('Ava');
  });

  it('422 for an email or employee ID of another educator of the district', async () => {
    const res = await put(w.admin, w.ava.id, profile({ email: 'LIAM.garcia@maple.test', employee_id: 'mtx200' }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: [STAFF_MESSAGES.emailTaken], employee_id: [STAFF_MESSAGES.employeeIdTaken] });
    expect((await staffRow(w.ava.id)).email).toBe('ava.nguyen@maple.test');
  });

  it('keeping the educator\'s own email and employee ID is fine, and another district\'s are too', async () => {
    expect((await put(w.admin, w.ava.id, profile({ email: 'ava.nguyen@maple.test', employee_id: 'MT_200' }))).status).toBe(200);
    expect((await put(w.admin, w.ava.id, profile({ email: w.cedarStaff.email, employee_id: w.cedarStaff.employee_id }))).status).toBe(200);
  });

  it('404 for another district\'s educator and for one outside a principal\'s schools', async () => {
    expect((await put(w.cedarAdmin, w.ava.id, profile())).status).toBe(404);
    expect((await put(w.principal, w.liam.id, profile())).status).toBe(404);
    expect((await put(w.teacherUser, w.ava.id, profile())).status).toBe(404);
    expect((await staffRow(w.ava.id)).first_name).toBe('Ava');
  });

  it('403 for a coach and an educator on educators they can see', async () => {
    expect((await put(w.coach, w.ava.id, profile())).status).toBe(403);
    expect((await put(w.teacherUser, w.jordan.id, profile({ email: null, employee_id: null }))).status).toBe(403);
    expect((await staffRow(w.ava.id)).first_name).toBe('Ava');
  });

  it('saves every field (email lower-case), answers the profile and writes an audit row', async () => {
    const res = await put(w.admin, w.ava.id, profile());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: w.ava.id, first_name: 'Avery', last_name: 'Nguyen-Smith', name: 'Avery Nguyen-Smith', email: 'avery.ns@maple.test',
      employee_id: 'MT-201', position: 'Interventionist', grade_levels: ['2', '3'], subjects: ['English Language Arts'],
      hire_date: '2021-08-16', building: { id: w.north.id }, can_edit: true,
    });
    const saved = await staffRow(w.ava.id);
    expect(saved).toMatchObject({
      first_name: 'Avery', last_name: 'Nguyen-Smith', email: 'avery.ns@maple.test', employee_id: 'MT-201', position: 'Interventionist',
      grade_levels: '["2","3"]', subjects: '["English Language Arts"]', hire_date: '2021-08-16', status: 'active',
    });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'staff_updated').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ subject_id: w.ava.id, actor_id: w.admin.id, district_id: w.district.id });
    const details = JSON.parse(audit.details!);
    expect(details.changed).toEqual(['first_name', 'last_name', 'email', 'employee_id', 'position', 'grade_levels', 'subjects', 'hire_date']);
    expect(details.changes.first_name).toEqual({ from: 'Ava', to: 'Avery' });
    expect(details.changes.subjects).toEqual({ from: w.ava.subjects, to: '["English Language Arts"]' });
  });

  it('clears optional fields', async () => {
    const res = await put(w.admin, w.ava.id, { first_name: 'Ava', last_name: 'Nguyen' });
    expect(res.status).toBe(200);
    expect(await staffRow(w.ava.id)).toMatchObject({ email: null, employee_id: null, position: null, grade_levels: '[]', subjects: '[]', hire_date: null });
  });

  it('a principal edits an educator of their school', async () => {
    const res = await put(w.principal, w.ava.id, profile());
    expect(res.status).toBe(200);
    expect((await staffRow(w.ava.id)).first_name).toBe('Avery');
  });
});
