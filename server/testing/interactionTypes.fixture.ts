// Worlds for the Interaction settings tests: signed-in district users, provider staff, types and custom
// fields (a district's or the provider's defaults), and an interaction holding a field value.
import { nowIso } from '../../db/connection';
import { csrfHeaders, loginAs, type TestApp } from './app';
import { buildDistrict, buildUser } from './factories';

/** A district admin, a coach and an educator of one district (Professional plan unless told), signed in. */
export async function interactionDistrict(t: TestApp, planKey = 'professional') {
  const districtId = (await buildDistrict(t.db, { planKey })).id;
  const admin = await buildUser(t.db, { role: 'district-admin', districtId });
  const coach = await buildUser(t.db, { role: 'coach', districtId });
  return { districtId, admin, coach, asAdmin: await loginAs(t.app, admin), asCoach: await loginAs(t.app, coach) };
}

/** Provider staff: an administrator (see admin, manage articles) signed in. */
export async function providerAdmin(t: TestApp) {
  const user = await buildUser(t.db, { role: 'provider-admin' });
  return { user, agent: await loginAs(t.app, user) };
}

/** Provider staff holding `see admin` only (no role has that alone today: a role made for the test). */
export async function providerReader(t: TestApp) {
  const user = await buildUser(t.db, { role: 'provider-support' });
  const role = await t.db.insertInto('roles').values({ name: 'provider-viewer', label: 'Viewer', area: 'admin' }).returning('id').executeTakeFirstOrThrow();
  const seeAdmin = await t.db.selectFrom('permissions').select('id').where('name', '=', 'see admin').executeTakeFirstOrThrow();
  await t.db.insertInto('role_permissions').values({ role_id: role.id, permission_id: seeAdmin.id }).execute();
  await t.db.updateTable('user_roles').set({ role_id: role.id }).where('user_id', '=', user.id).execute();
  return { user, agent: await loginAs(t.app, user) };
}

export async function buildType(
  t: TestApp, owner: number | null,
  o: { name?: string; colour?: string; minutes?: number; coaching?: boolean; sortOrder?: number; archived?: boolean } = {},
) {
  const now = nowIso();
  const top = await t.db.selectFrom('interaction_types').select((eb) => eb.fn.max('sort_order').as('top'))
    .where('district_id', owner === null ? 'is' : '=', owner).executeTakeFirst();
  return t.db.insertInto('interaction_types').values({
    district_id: owner, name: o.name ?? `Type ${Math.random().toString(36).slice(2, 8)}`, colour: o.colour ?? 'teal',
    default_minutes: o.minutes ?? 20, counts_as_coaching: o.coaching === false ? 0 : 1,
    sort_order: o.sortOrder ?? Number(top?.top ?? 0) + 1, archived_at: o.archived ? '2026-10-01T00:00:00.000Z' : null, created_at: now, updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
}

export async function buildField(
  t: TestApp, owner: number | null, typeId: number,
  o: { label?: string; kind?: string; config?: object; required?: boolean; sortOrder?: number; archived?: boolean } = {},
) {
  const now = nowIso();
  const top = await t.db.selectFrom('interaction_fields').select((eb) => eb.fn.max('sort_order').as('top'))
    .where('interaction_type_id', '=', typeId).executeTakeFirst();
  return t.db.insertInto('interaction_fields').values({
    district_id: owner, interaction_type_id: typeId, label: o.label ?? 'Focus', help_text: null, kind: o.kind ?? 'short_text',
    config: JSON.stringify(o.config ?? {}), required: o.required ? 1 : 0, sort_order: o.sortOrder ?? Number(top?.top ?? 0) + 1,
    archived_at: o.archived ? '2026-10-01T00:00:00.000Z' : null, created_at: now, updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
}

/** An interaction of the type holding a value for the field. */
export async function recordValue(t: TestApp, districtId: number, typeId: number, coachId: number, fieldId: number, value: unknown) {
  const now = nowIso();
  const { id } = await t.db.insertInto('interactions').values({
    district_id: districtId, interaction_type_id: typeId, coach_id: coachId, starts_at: '2026-10-05T14:00:00.000Z', duration_minutes: 30,
    status: 'completed', building_id: null, notes: null, private_notes: null, next_steps: null, created_by: coachId, updated_by: coachId,
    created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('interaction_field_values').values({ district_id: districtId, interaction_id: id, field_id: fieldId, value: JSON.stringify(value) }).execute();
  return id;
}

export const typesOf = (t: TestApp, owner: number | null) =>
  t.db.selectFrom('interaction_types').selectAll().where('district_id', owner === null ? 'is' : '=', owner).orderBy('sort_order').orderBy('id').execute();

export const auditOf = (t: TestApp, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()
    .then((rows) => rows.map((r) => ({ ...r, details: r.details ? JSON.parse(r.details) : null })));

export { csrfHeaders };
