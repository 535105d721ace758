import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import type { User } from '../../db/types';
import { createDistrict, createUser } from '../identity/accounts';
import { TEST_PASSWORD } from './app';

let counter = 0;
const next = () => ++counter;

export async function buildDistrict(db: DB, overrides: { name?: string; planKey?: string; state?: string } = {}) {
  const n = next();
  const id = await createDistrict(db, { name: overrides.name ?? `Test District ${n}`, state: overrides.state ?? 'IL', planKey: overrides.planKey ?? 'professional', status: 'active' });
  return db.selectFrom('districts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function buildBuilding(db: DB, districtId: number, overrides: { name?: string } = {}) {
  const now = nowIso();
  return db.insertInto('buildings').values({
    district_id: districtId, name: overrides.name ?? `Building ${next()}`, code: null, grade_band: null, created_at: now, updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
}

/**
 * A user with a role; creates a fresh district for district roles unless one is given.
 * `status: 'invited'` leaves the password empty.
 */
export async function buildUser(
  db: DB,
  opts: { role?: string; districtId?: number | null; email?: string; name?: string; status?: 'active' | 'invited' | 'disabled'; buildingIds?: number[] } = {},
): Promise<User> {
  const role = opts.role ?? 'district-admin';
  const isProvider = role.startsWith('provider-');
  const districtId = isProvider ? null : opts.districtId ?? (await buildDistrict(db)).id;
  const n = next();
  const user = await createUser(db, {
    districtId,
    email: opts.email ?? `user${n}@example.org`,
    name: opts.name ?? `Test User ${n}`,
    roles: [role],
    password: opts.status === 'invited' ? undefined : TEST_PASSWORD,
    buildingIds: opts.buildingIds,
  });
  if (opts.status === 'disabled') {
    await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
    return { ...user, status: 'disabled' };
  }
  return user;
}

/**
 * An educator on a district's roster with a current building history row (a building is created
 * when none is given; a district too).
 */
export async function buildStaff(
  db: DB,
  opts: {
    districtId?: number; buildingId?: number; firstName?: string; lastName?: string; email?: string | null;
    employeeId?: string | null; status?: 'active' | 'inactive'; userId?: number | null; startDate?: string;
    position?: string | null; gradeLevels?: string[]; subjects?: string[];
  } = {},
) {
  const districtId = opts.districtId ?? (await buildDistrict(db)).id;
  const buildingId = opts.buildingId ?? (await buildBuilding(db, districtId)).id;
  const n = next();
  const now = nowIso();
  const staff = await db.insertInto('staff').values({
    district_id: districtId,
    first_name: opts.firstName ?? `Pat${n}`,
    last_name: opts.lastName ?? `Educator${n}`,
    email: opts.email === undefined ? `educator${n}@example.org` : opts.email,
    employee_id: opts.employeeId === undefined ? `E${String(n).padStart(5, '0')}` : opts.employeeId,
    position: opts.position === undefined ? 'Classroom Teacher' : opts.position,
    grade_levels: JSON.stringify(opts.gradeLevels ?? ['3']),
    subjects: JSON.stringify(opts.subjects ?? ['Mathematics']),
    hire_date: '2020-08-15',
    status: opts.status ?? 'active',
    user_id: opts.userId ?? null,
    created_at: now,
    updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
  await db.insertInto('staff_buildings').values({
    district_id: districtId, staff_id: staff.id, building_id: buildingId, start_date: opts.startDate ?? '2020-08-15', end_date: null, created_at: now,
  }).execute();
  return staff;
}

/**
 * The two schools most worlds start from (Lincoln Middle, Oak Hollow Elementary) and a login of every
 * district role: Ada Admin, Pia Principal (Lincoln), Casey Coach (Lincoln), Cole Coach (Oak) and an
 * educator named `teacherName`.
 */
export async function buildSchoolsAndLogins(db: DB, districtId: number, teacherName: string) {
  const lincoln = await buildBuilding(db, districtId, { name: 'Lincoln Middle' });
  const oak = await buildBuilding(db, districtId, { name: 'Oak Hollow Elementary' });
  const admin = await buildUser(db, { role: 'district-admin', districtId, name: 'Ada Admin' });
  const principal = await buildUser(db, { role: 'building-admin', districtId, buildingIds: [lincoln.id], name: 'Pia Principal' });
  const coach = await buildUser(db, { role: 'coach', districtId, buildingIds: [lincoln.id], name: 'Casey Coach' });
  const coach2 = await buildUser(db, { role: 'coach', districtId, buildingIds: [oak.id], name: 'Cole Coach' });
  const teacher = await buildUser(db, { role: 'educator', districtId, name: teacherName });
  return { lincoln, oak, admin, principal, coach, coach2, teacher };
}

/** A coach's caseload entry (open-ended unless an end date is given). */
export async function buildCoachAssignment(db: DB, opts: { districtId: number; coachId: number; staffId: number; startDate?: string; endDate?: string | null }) {
  const now = nowIso();
  return db.insertInto('coach_assignments').values({
    district_id: opts.districtId, coach_id: opts.coachId, staff_id: opts.staffId, start_date: opts.startDate ?? '2025-08-15',
    end_date: opts.endDate ?? null, created_at: now, updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
}
