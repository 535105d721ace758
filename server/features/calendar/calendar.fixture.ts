// A small world for the calendar sync tests: a Professional district with a coach who has interactions
// (with educators and a group) and activities, a second coach, an educator login, and an Essentials
// district's coach.
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { csrfHeaders, type TestAgent } from '../../testing/app';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../../testing/factories';

export async function typeIdOf(db: DB, districtId: number, name = 'Classroom observation'): Promise<number> {
  const row = await db.selectFrom('interaction_types').select('id').where('district_id', '=', districtId).where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

export async function addInteraction(db: DB, opts: {
  districtId: number; coachId: number; typeId: number; startsAt: string; minutes?: number;
  status?: 'scheduled' | 'completed' | 'cancelled' | 'no-show'; buildingId?: number | null; notes?: string | null;
  privateNotes?: string | null; nextSteps?: string | null; staffIds?: number[]; groupId?: number; deleted?: boolean;
}): Promise<number> {
  const now = nowIso();
  const { id } = await db.insertInto('interactions').values({
    district_id: opts.districtId, interaction_type_id: opts.typeId, coach_id: opts.coachId, starts_at: opts.startsAt,
    duration_minutes: opts.minutes ?? 45, status: opts.status ?? 'completed', building_id: opts.buildingId ?? null,
    notes: opts.notes ?? null, private_notes: opts.privateNotes ?? null, next_steps: opts.nextSteps ?? null, sequence: 0,
    import_uid: null, created_by: opts.coachId, updated_by: opts.coachId, created_at: now, updated_at: now,
    deleted_at: opts.deleted ? now : null,
  }).returning('id').executeTakeFirstOrThrow();
  for (const staffId of opts.staffIds ?? []) {
    await db.insertInto('interaction_participants').values({ district_id: opts.districtId, interaction_id: id, staff_id: staffId, group_id: opts.groupId ?? null }).execute();
  }
  if (opts.groupId) await db.insertInto('interaction_groups').values({ district_id: opts.districtId, interaction_id: id, group_id: opts.groupId }).execute();
  return id;
}

export async function addActivity(db: DB, opts: { districtId: number; userId: number; category: string; startsAt: string; minutes?: number; notes?: string | null }) {
  const now = nowIso();
  const { id } = await db.insertInto('activities').values({
    district_id: opts.districtId, user_id: opts.userId, category: opts.category, starts_at: opts.startsAt, minutes: opts.minutes ?? 30,
    notes: opts.notes ?? null, sequence: 0, import_uid: null, created_at: now, updated_at: now, deleted_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export const daysFromNow = (days: number, hourUtc = 15) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};

export async function calendarWorld(db: DB) {
  const district = await buildDistrict(db, { planKey: 'professional' });
  const building = await buildBuilding(db, district.id, { name: 'Lincoln Middle School' });
  const coach = await buildUser(db, { role: 'coach', districtId: district.id, name: 'Casey Coach', buildingIds: [building.id] });
  const otherCoach = await buildUser(db, { role: 'coach', districtId: district.id, name: 'Other Coach', buildingIds: [building.id] });
  const admin = await buildUser(db, { role: 'district-admin', districtId: district.id });
  const educatorLogin = await buildUser(db, { role: 'educator', districtId: district.id });
  // Names that need escaping in iCalendar text: a comma, a semicolon, a backslash and a newline.
  const ellis = await buildStaff(db, { districtId: district.id, buildingId: building.id, firstName: 'Jordan', lastName: 'Ellis, Jr.' });
  const semi = await buildStaff(db, { districtId: district.id, buildingId: building.id, firstName: 'Ana;Maria', lastName: 'Back\\slash' });
  const newline = await buildStaff(db, { districtId: district.id, buildingId: building.id, firstName: 'Line\nBreak', lastName: 'Ng' });
  const now = nowIso();
  const { id: groupId } = await db.insertInto('groups').values({
    district_id: district.id, name: 'Grade 6 team', description: null, group_of: 'App\\Models\\Staff', created_at: now, updated_at: now, deleted_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  const observation = await typeIdOf(db, district.id, 'Classroom observation');
  const plc = await typeIdOf(db, district.id, 'PLC facilitation');

  const withNames = await addInteraction(db, {
    districtId: district.id, coachId: coach.id, typeId: observation, startsAt: daysFromNow(-3), buildingId: building.id,
    notes: 'SHARED-NOTE-SECRET', privateNotes: 'PRIVATE-NOTE-SECRET', nextSteps: 'NEXT-STEPS-SECRET', staffIds: [ellis.id, semi.id, newline.id],
  });
  const withGroup = await addInteraction(db, { districtId: district.id, coachId: coach.id, typeId: plc, startsAt: daysFromNow(5), status: 'scheduled', staffIds: [ellis.id], groupId });
  const cancelled = await addInteraction(db, { districtId: district.id, coachId: coach.id, typeId: observation, startsAt: daysFromNow(2), status: 'cancelled', staffIds: [ellis.id] });
  const tooOld = await addInteraction(db, { districtId: district.id, coachId: coach.id, typeId: observation, startsAt: daysFromNow(-120) });
  const deleted = await addInteraction(db, { districtId: district.id, coachId: coach.id, typeId: observation, startsAt: daysFromNow(1), deleted: true });
  const othersInteraction = await addInteraction(db, { districtId: district.id, coachId: otherCoach.id, typeId: observation, startsAt: daysFromNow(1), staffIds: [ellis.id] });
  const activity = await addActivity(db, { districtId: district.id, userId: coach.id, category: 'planning', startsAt: daysFromNow(-1), minutes: 60, notes: 'ACTIVITY-NOTE-SECRET' });

  const essentials = await buildDistrict(db, { planKey: 'essentials' });
  const essentialsCoach = await buildUser(db, { role: 'coach', districtId: essentials.id });

  return {
    district, building, coach, otherCoach, admin, educatorLogin, ellis, semi, newline, groupId, types: { observation, plc },
    interactions: { withNames, withGroup, cancelled, tooOld, deleted, othersInteraction }, activity, essentials, essentialsCoach,
  };
}

/** The calendar world for the .ics import tests: its coach reads dates in Chicago time. */
export async function calendarImportWorld(db: DB) {
  const w = await calendarWorld(db);
  await db.updateTable('users').set({ timezone: 'America/Chicago' }).where('id', '=', w.coach.id).execute();
  return w;
}
export type CalendarWorld = Awaited<ReturnType<typeof calendarWorld>>;

/** POST /api/calendar-import/preview of an .ics text for the dates `range` (from, to). */
export const previewIcs = (agent: TestAgent, body: string, range: Record<string, string>) =>
  agent.post('/api/calendar-import/preview').query(range).set(csrfHeaders(agent)).set('Content-Type', 'text/calendar').send(body);
