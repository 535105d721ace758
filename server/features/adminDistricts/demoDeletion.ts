// The demo's deleted district (issue 32): a small district, Old Mill School District, made with a school, its
// administrator and a few educators, scheduled for deletion 31 days ago and purged by the scheduled deletion job, so
// the provider's Districts screen shows a real certificate under Deleted districts. Called by server/bootstrap.ts
// after the demo seed (the purge is server code, which db/seeds never imports).
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { createDistrict, createUser } from '../../identity/accounts';
import { purgeDistrict } from './purge';

const DAY = 24 * 3600_000;
export const DEMO_DELETED_DISTRICT = 'Old Mill School District';

export async function seedDemoDeletion(db: DB, services: { createDistrict: typeof createDistrict; createUser: typeof createUser }): Promise<void> {
  const districtId = await services.createDistrict(db, { name: DEMO_DELETED_DISTRICT, state: 'WI', planKey: 'essentials', status: 'active', timezone: 'America/Chicago', seats: 3 });
  const now = nowIso();
  const school = await db.insertInto('buildings').values({
    district_id: districtId, name: 'Old Mill Elementary', code: 'OME', grade_band: 'K-5', created_at: now, updated_at: now, deleted_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  await services.createUser(db, { districtId, email: 'admin@oldmill.example', name: 'Morgan Reyes', roles: ['district-admin'] });
  for (const [first, last] of [['Avery', 'Lind'], ['Jordan', 'Pike'], ['Casey', 'Nguyen']] as const) {
    const staff = await db.insertInto('staff').values({
      district_id: districtId, first_name: first, last_name: last, email: null, employee_id: null, position: 'Teacher', grade_levels: '[]', subjects: '[]',
      hire_date: null, status: 'active', user_id: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('staff_buildings').values({ district_id: districtId, staff_id: staff.id, building_id: school.id, start_date: '2024-08-15', end_date: null, created_at: now }).execute();
  }
  const scheduled = new Date(Date.now() - 31 * DAY).toISOString();
  const support = await db.selectFrom('users').select('id').where('email', '=', 'support@coachwell.example').where('district_id', 'is', null).executeTakeFirst();
  await db.updateTable('districts').set({
    billing_contact_email: 'business.office@oldmill.example', deletion_scheduled_at: scheduled,
    deletion_due_at: new Date(Date.parse(scheduled) + 30 * DAY).toISOString(), deletion_scheduled_by: support?.id ?? null,
  }).where('id', '=', districtId).execute();
  await purgeDistrict({ db, mailer: { send: async () => undefined }, dataDir: '/nonexistent-coachwell-demo', log: () => undefined }, districtId, null);
}
