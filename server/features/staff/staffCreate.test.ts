// POST /api/staff: several educators at once, each row validated, duplicates refused, all or nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../common/schemas/staff';
import { appWith, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { staffWorld, type StaffWorld } from '../../testing/staff.fixture';

let t: TestApp;
let w: StaffWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(staffWorld));
});

const row = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Nia', last_name: 'Brooks', email: 'nia.brooks@maple.test', employee_id: 'MT-900', position: 'Classroom Teacher',
  grade_levels: ['4'], subjects: ['Mathematics'], hire_date: '2026-08-10', building_id: w.north.id, start_date: '2026-08-12', ...overrides,
});

async function post(user: Parameters<typeof loginAs>[1], body: unknown) {
  const agent = await loginAs(t.app, user);
  return agent.post('/api/staff').set(csrfHeaders(agent)).send(body as object);
}

const staffCount = async () => Number((await t.db.selectFrom('staff').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/staff', () => {
  it('401 without login', async () => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/staff').set(csrfHeaders(agent)).send({ staff: [row()] });
    expect(res.status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post('/api/staff').set('X-Requested-With', 'XMLHttpRequest').send({ staff: [row()] });
    expect(res.status).toBe(419);
    expect(await staffCount()).toBe(6);
  });

  it.each<[string, () => unknown, string, string]>([
    ['no list', () => ({}), 'staff', 'Add at least one educator.'],
    ['an empty list', () => ({ staff: [] }), 'staff', 'Add at least one educator.'],
    ['too many rows', () => ({ staff: Array.from({ length: 201 }, (_, i) => row({ email: null, employee_id: `X${i}` })) }), 'staff', 'Add at most 200 educators at a time.'],
    ['no first name', () => ({ staff: [row({ first_name: '  ' })] }), 'staff.0.first_name', 'First name is required.'],
    ['no last name', () => ({ staff: [row({ last_name: undefined })] }), 'staff.0.last_name', 'Last name is required.'],
    ['a long last name', () => ({ staff: [row({ last_name: 'x'.repeat(81) })] }), 'staff.0.last_name', 'Last name must be at most 80 characters.'],
    ['a bad email', () => ({ staff: [row({ email: 'nia@' })] }), 'staff.0.email', 'Enter a valid email address.'],
    ['a long employee ID', () => ({ staff: [row({ employee_id: 'x'.repeat(41) })] }), 'staff.0.employee_id', 'Employee ID must be at most 40 characters.'],
    ['an unknown position', () => ({ staff: [row({ position: 'Wizard' })] }), 'staff.0.position', 'Choose a position from the list.'],
    ['an unknown grade', () => ({ staff: [row({ grade_levels: ['13'] })] }), 'staff.0.grade_levels.0', 'Choose grade levels from PK, K and 1–12.'],
    ['an unknown subject', () => ({ staff: [row({ subjects: ['Alchemy'] })] }), 'staff.0.subjects.0', 'Choose subjects from the list.'],
    ['a bad hire date', () => ({ staff: [row({ hire_date: '2026-02-30' })] }), 'staff.0.hire_date', 'Hire date must be a date (YYYY-MM-DD).'],
    ['no school', () => ({ staff: [row({ building_id: undefined })] }), 'staff.0.building_id', 'School is required.'],
    ['no start date', () => ({ staff: [row({ start_date: undefined })] }), 'staff.0.start_date', 'Start date is required.'],
    ['a school of another district', () => ({ staff: [row({ building_id: w.cedarBuilding.id })] }), 'staff.0.building_id', STAFF_MESSAGES.buildingNotInDistrict],
    ['an archived school', () => ({ staff: [row({ building_id: w.archived.id })] }), 'staff.0.building_id', STAFF_MESSAGES.buildingNotInDistrict],
    ['a school that does not exist', () => ({ staff: [row({ building_id: 999999 })] }), 'staff.0.building_id', STAFF_MESSAGES.buildingNotInDistrict],
  ])('422 for %s, nothing saved', async (_name, body, field, message) => {
    const res = await post(w.admin, body());
    expectFieldError(res, field, message);
    expect(await staffCount()).toBe(6);
  });

  describe('duplicates', () => {
    it('422 for an email or employee ID already used in the district (case-insensitive)', async () => {
      const res = await post(w.admin, { staff: [row({ email: 'Jordan.ELLIS@maple.test', employee_id: 'mt-100' })] });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        'staff.0.email': [STAFF_MESSAGES.emailTaken],
        'staff.0.employee_id': [STAFF_MESSAGES.employeeIdTaken],
      });
      expect(res.body.message).toBe(STAFF_MESSAGES.emailTaken);
    });

    it('422 on every row when an email or employee ID appears twice in the list', async () => {
      const res = await post(w.admin, {
        staff: [
          row({ email: 'twin@maple.test', employee_id: 'T-1' }),
          row({ email: 'other@maple.test', employee_id: 'T-2' }),
          row({ email: 'TWIN@maple.test', employee_id: 't-1' }),
        ],
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        'staff.0.email': [STAFF_MESSAGES.emailTwice], 'staff.0.employee_id': [STAFF_MESSAGES.employeeIdTwice],
        'staff.2.email': [STAFF_MESSAGES.emailTwice], 'staff.2.employee_id': [STAFF_MESSAGES.employeeIdTwice],
      });
      expect(await staffCount()).toBe(6);
    });

    it('the same email and employee ID in another district are fine', async () => {
      const res = await post(w.admin, { staff: [row({ email: w.cedarStaff.email, employee_id: w.cedarStaff.employee_id })] });
      expect(res.status).toBe(201);
    });

    it('rows without email or employee ID never collide', async () => {
      const res = await post(w.admin, { staff: [row({ email: null, employee_id: '' }), row({ email: '', employee_id: null })] });
      expect(res.status).toBe(201);
      expect(res.body.data.map((s: { email: string | null; employee_id: string | null }) => [s.email, s.employee_id])).toEqual([[null, null], [null, null]]);
    });
  });

  it('all or nothing: one bad row among good ones saves nothing and names only the bad row', async () => {
    const res = await post(w.admin, {
      staff: [row({ email: 'a@maple.test', employee_id: 'A-1' }), row({ email: 'b@maple.test', employee_id: 'A-2', building_id: w.cedarBuilding.id }), row({ email: 'c@maple.test', employee_id: 'A-3' })],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['staff.1.building_id']);
    expect(await staffCount()).toBe(6);
    expect(await t.db.selectFrom('staff_buildings').select('id').where('start_date', '=', '2026-08-12').execute()).toEqual([]);
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'staff_created').execute()).toEqual([]);
  });

  describe('permissions', () => {
    it('403 for a coach and an educator (no add staff)', async () => {
      expect((await post(w.coach, { staff: [row()] })).status).toBe(403);
      expect((await post(w.teacherUser, { staff: [row()] })).status).toBe(403);
      expect(await staffCount()).toBe(6);
    });

    it('a principal adds only to their own schools', async () => {
      const res = await post(w.principal, { staff: [row(), row({ email: 'x@maple.test', employee_id: 'X-1', building_id: w.south.id })] });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ 'staff.1.building_id': [STAFF_MESSAGES.buildingNotYours] });
      expect(await staffCount()).toBe(6);
      const ok = await post(w.principal, { staff: [row()] });
      expect(ok.status).toBe(201);
      expect(ok.body.data[0].building).toEqual({ id: w.north.id, name: 'North Elementary' });
    });

    it('a district administrator of another district cannot add to this district\'s school', async () => {
      const res = await post(w.cedarAdmin, { staff: [row()] });
      expectFieldError(res, 'staff.0.building_id', STAFF_MESSAGES.buildingNotInDistrict);
    });
  });

  it('201: creates every educator with an open history row from the start date, email lower-case, audited', async () => {
    const res = await post(w.admin, {
      staff: [
        row({ email: ' Nia.Brooks@Maple.TEST ', start_date: '2025-08-12' }),
        row({ first_name: 'Omar', last_name: 'Haddad', email: 'omar@maple.test', employee_id: 'MT-901', building_id: w.south.id, position: null, grade_levels: [], subjects: [], hire_date: null, start_date: '2025-01-06' }),
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({
      first_name: 'Nia', last_name: 'Brooks', name: 'Nia Brooks', email: 'nia.brooks@maple.test', employee_id: 'MT-900',
      position: 'Classroom Teacher', grade_levels: ['4'], subjects: ['Mathematics'], hire_date: '2026-08-10', status: 'active',
      building: { id: w.north.id, name: 'North Elementary' }, coach: null,
    });
    expect(res.body.data[1]).toMatchObject({ name: 'Omar Haddad', position: null, grade_levels: [], hire_date: null, building: { id: w.south.id } });

    const ids = res.body.data.map((s: { id: number }) => s.id);
    const rows = await t.db.selectFrom('staff').selectAll().where('id', 'in', ids).orderBy('id').execute();
    expect(rows.map((r) => [r.district_id, r.email, r.status, r.grade_levels])).toEqual([
      [w.district.id, 'nia.brooks@maple.test', 'active', '["4"]'],
      [w.district.id, 'omar@maple.test', 'active', '[]'],
    ]);
    const history = await t.db.selectFrom('staff_buildings').selectAll().where('staff_id', 'in', ids).orderBy('staff_id').execute();
    expect(history.map((h) => [h.staff_id, h.building_id, h.start_date, h.end_date, h.district_id])).toEqual([
      [ids[0], w.north.id, '2025-08-12', null, w.district.id],
      [ids[1], w.south.id, '2025-01-06', null, w.district.id],
    ]);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'staff_created').orderBy('id').execute();
    expect(audit.map((a) => [a.subject_type, a.subject_id, a.actor_id, a.district_id])).toEqual([
      ['staff', ids[0], w.admin.id, w.district.id], ['staff', ids[1], w.admin.id, w.district.id],
    ]);
  });
});
