import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import type { User } from '../../db/types';
import { createDistrict, createUser } from '../features/auth/service';
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
