// Test fixtures for the interactions and activities tests: one district (America/Chicago) with two
// schools, people of every role, educators (one linked to the educator's login), a group whose members
// change over time, its copied default types with a custom field, and a second district with its own.
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import { csrfHeaders, loginAs, type TestApp } from './app';
import { buildBuilding, buildDistrict, buildSchoolsAndLogins, buildStaff, buildUser } from './factories';
import { insertGroup } from './groups.fixture';

export async function insertInteraction(
  db: DB,
  opts: {
    districtId: number; typeId: number; coachId: number; startsAt?: string; minutes?: number;
    status?: 'scheduled' | 'completed' | 'cancelled' | 'no-show'; buildingId?: number | null;
    notes?: string | null; privateNotes?: string | null; nextSteps?: string | null; createdBy?: number | null;
    staff?: { id: number; groupId?: number | null }[]; groupIds?: number[]; values?: { fieldId: number; value: unknown }[];
    deletedAt?: string | null;
  },
) {
  const now = nowIso();
  const row = await db.insertInto('interactions').values({
    district_id: opts.districtId, interaction_type_id: opts.typeId, coach_id: opts.coachId,
    starts_at: opts.startsAt ?? '2026-10-06T14:00:00.000Z', duration_minutes: opts.minutes ?? 45,
    status: opts.status ?? 'completed', building_id: opts.buildingId ?? null,
    notes: opts.notes ?? null, private_notes: opts.privateNotes ?? null, next_steps: opts.nextSteps ?? null,
    sequence: 0, import_uid: null, created_by: opts.createdBy === undefined ? opts.coachId : opts.createdBy,
    updated_by: opts.createdBy === undefined ? opts.coachId : opts.createdBy,
    created_at: now, updated_at: now, deleted_at: opts.deletedAt ?? null,
  }).returningAll().executeTakeFirstOrThrow();
  for (const s of opts.staff ?? []) {
    await db.insertInto('interaction_participants').values({ district_id: opts.districtId, interaction_id: row.id, staff_id: s.id, group_id: s.groupId ?? null }).execute();
  }
  for (const g of opts.groupIds ?? []) {
    await db.insertInto('interaction_groups').values({ district_id: opts.districtId, interaction_id: row.id, group_id: g }).execute();
  }
  for (const v of opts.values ?? []) {
    await db.insertInto('interaction_field_values').values({ district_id: opts.districtId, interaction_id: row.id, field_id: v.fieldId, value: JSON.stringify(v.value) }).execute();
  }
  return row;
}

export async function insertField(
  db: DB,
  opts: { districtId: number; typeId: number; label: string; kind: string; required?: boolean; config?: Record<string, unknown>; archived?: boolean; sortOrder?: number },
) {
  const now = nowIso();
  return db.insertInto('interaction_fields').values({
    district_id: opts.districtId, interaction_type_id: opts.typeId, label: opts.label, help_text: null, kind: opts.kind,
    config: JSON.stringify(opts.config ?? {}), required: opts.required ? 1 : 0, sort_order: opts.sortOrder ?? 1,
    archived_at: opts.archived ? '2026-09-01T00:00:00.000Z' : null, created_at: now, updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
}

export async function insertActivity(
  db: DB, opts: { districtId: number; userId: number; category?: string; startsAt?: string; minutes?: number; notes?: string | null; deletedAt?: string | null },
) {
  const now = nowIso();
  return db.insertInto('activities').values({
    district_id: opts.districtId, user_id: opts.userId, category: opts.category ?? 'planning', starts_at: opts.startsAt ?? '2026-10-06T19:00:00.000Z',
    minutes: opts.minutes ?? 30, notes: opts.notes ?? null, sequence: 0, import_uid: null, created_at: now, updated_at: now, deleted_at: opts.deletedAt ?? null,
  }).returningAll().executeTakeFirstOrThrow();
}

const typeNamed = (db: DB, districtId: number, name: string) =>
  db.selectFrom('interaction_types').selectAll().where('district_id', '=', districtId).where('name', '=', name).executeTakeFirstOrThrow();

export async function buildInteractionsWorld(db: DB) {
  const district = await buildDistrict(db, { name: 'Maple Test District' });
  const { lincoln, oak, admin, principal, coach, coach2, teacher } = await buildSchoolsAndLogins(db, district.id, 'Jordan Ellis');
  const jordan = await buildStaff(db, { districtId: district.id, buildingId: lincoln.id, firstName: 'Jordan', lastName: 'Ellis', userId: teacher.id });
  const ana = await buildStaff(db, { districtId: district.id, buildingId: lincoln.id, firstName: 'Ana', lastName: 'Alvarez' });
  const ben = await buildStaff(db, { districtId: district.id, buildingId: lincoln.id, firstName: 'Ben', lastName: 'Brooks' });
  const cy = await buildStaff(db, { districtId: district.id, buildingId: oak.id, firstName: 'Cy', lastName: 'Chen' });
  // Members as instants of Chicago midnights: Ana all year, Ben until Oct 1 (his last day), Cy from Nov 1.
  const group = await insertGroup(db, district.id, {
    name: 'Math PLC',
    items: [
      { itemId: ana.id, start: '2026-08-17T05:00:00.000Z' },
      { itemId: ben.id, start: '2026-08-17T05:00:00.000Z', end: '2026-10-01T05:00:00.000Z' },
      { itemId: cy.id, start: '2026-11-01T05:00:00.000Z' },
    ],
  });
  const observation = await typeNamed(db, district.id, 'Classroom observation');
  const checkIn = await typeNamed(db, district.id, 'Check-in');

  const other = await buildDistrict(db, { name: 'Cedar Test District' });
  const otherAdmin = await buildUser(db, { role: 'district-admin', districtId: other.id, name: 'Otto Other' });
  const otherBuilding = await buildBuilding(db, other.id, { name: 'Cedar High' });
  const stranger = await buildStaff(db, { districtId: other.id, buildingId: otherBuilding.id, firstName: 'Sam', lastName: 'Stranger' });
  const otherType = await typeNamed(db, other.id, 'Classroom observation');
  const otherGroup = await insertGroup(db, other.id, { name: 'Cedar PLC', items: [{ itemId: stranger.id }] });
  const otherInteraction = await insertInteraction(db, {
    districtId: other.id, typeId: otherType.id, coachId: otherAdmin.id, staff: [{ id: stranger.id }], notes: 'Cedar notes',
  });

  return {
    district, lincoln, oak, admin, principal, coach, coach2, teacher, jordan, ana, ben, cy, group, observation, checkIn,
    other, otherAdmin, otherBuilding, stranger, otherType, otherGroup, otherInteraction,
  };
}

export type InteractionsWorld = Awaited<ReturnType<typeof buildInteractionsWorld>>;

/** Provider support impersonating a district user: the agent acts as that user. */
export async function impersonatingAgent(t: TestApp, userId: number) {
  const staff = await buildUser(t.db, { role: 'provider-support', name: 'Sue Support' });
  const agent = await loginAs(t.app, staff);
  const res = await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: userId });
  if (res.status !== 200) throw new Error(`impersonation failed: ${res.status}`);
  return agent;
}

export const setSharedNotesVisible = (db: DB, districtId: number, visible: boolean) =>
  db.updateTable('districts').set({ settings: JSON.stringify({ shared_notes_visible_to_admins: visible }) }).where('id', '=', districtId).execute();

export const interactionAudits = (db: DB, action: string) =>
  db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

/**
 * A district's observation form by its current version's name ('Classroom walkthrough', 'Coaching observation'):
 * its ids, interaction type and the current version's items in order (`item(label)` finds one by its label).
 */
export async function observationForm(db: DB, districtId: number, name: string) {
  const f = await db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
    .select(['f.id', 'f.current_version_id', 'f.interaction_type_id']).where('f.district_id', '=', districtId).where('v.name', '=', name)
    .executeTakeFirstOrThrow();
  const items = await db.selectFrom('observation_form_items').selectAll().where('version_id', '=', f.current_version_id!).orderBy('position').execute();
  const item = (label: string) => items.find((i) => i.label === label)!;
  return { ...f, versionId: f.current_version_id!, items, item };
}
