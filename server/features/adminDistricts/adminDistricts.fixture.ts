// A small world for the admin Districts tests: three districts with people, schools, educators and
// imports; a provider administrator and a provider support login.
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../../testing/factories';

export async function buildAdminDistrictsWorld(db: DB) {
  const providerAdmin = await buildUser(db, { role: 'provider-admin', name: 'Pat Provider' });
  const support = await buildUser(db, { role: 'provider-support', name: 'Sam Support' });

  const maple = await buildDistrict(db, { name: 'Maple Grove Unified', state: 'IL', planKey: 'professional' });
  const cedar = await buildDistrict(db, { name: 'Cedar Falls Community', state: 'IA', planKey: 'essentials' });
  const birch = await buildDistrict(db, { name: 'Birch Bay Schools', state: 'WA', planKey: 'enterprise' });
  // Cedar Falls is on a trial ending in 10 days.
  const trialEnd = new Date(Date.now() + 10 * 24 * 3600_000).toISOString();
  await db.updateTable('districts').set({ status: 'trial', trial_ends_at: trialEnd }).where('id', '=', cedar.id).execute();
  const created = (id: number, at: string) => sql`update districts set created_at = ${at} where id = ${id}`.execute(db);
  await created(cedar.id, '2026-01-05T10:00:00.000Z');
  await created(maple.id, '2025-09-01T10:00:00.000Z');
  await created(birch.id, '2026-03-01T10:00:00.000Z');

  const lincoln = await buildBuilding(db, maple.id, { name: 'Lincoln Middle' });
  const oak = await buildBuilding(db, maple.id, { name: 'Oak Hollow Elementary' });
  const archived = await buildBuilding(db, maple.id, { name: 'Closed School' });
  await db.updateTable('buildings').set({ deleted_at: nowIso() }).where('id', '=', archived.id).execute();

  const admin = await buildUser(db, { districtId: maple.id, role: 'district-admin', name: 'Avery Admin', email: 'admin@maple.example' });
  const coach = await buildUser(db, { districtId: maple.id, role: 'coach', name: 'Casey Coach', buildingIds: [lincoln.id] });
  const coach2 = await buildUser(db, { districtId: maple.id, role: 'coach', name: 'Chris Coach', buildingIds: [oak.id] });
  await buildUser(db, { districtId: maple.id, role: 'coach', name: 'Dana Former', status: 'disabled', buildingIds: [oak.id] });
  await buildUser(db, { districtId: maple.id, role: 'educator', name: 'Ivy Invited', status: 'invited' });
  const cedarAdmin = await buildUser(db, { districtId: cedar.id, role: 'district-admin', name: 'Cedar Admin', email: 'admin@cedar.example' });

  for (let i = 0; i < 3; i++) await buildStaff(db, { districtId: maple.id, buildingId: lincoln.id });
  await buildStaff(db, { districtId: maple.id, buildingId: oak.id });
  await buildStaff(db, { districtId: maple.id, buildingId: oak.id, status: 'inactive' });
  await buildStaff(db, { districtId: cedar.id });

  await db.updateTable('users').set({ last_login_at: '2026-04-01T12:00:00.000Z' }).where('id', '=', admin.id).execute();
  await db.updateTable('users').set({ last_login_at: '2026-02-01T12:00:00.000Z' }).where('id', '=', cedarAdmin.id).execute();

  return { providerAdmin, support, maple, cedar, birch, lincoln, oak, admin, coach, coach2, cedarAdmin, trialEnd };
}
export type AdminDistrictsWorld = Awaited<ReturnType<typeof buildAdminDistrictsWorld>>;

export function auditRows(db: DB, action: string) {
  return db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}
