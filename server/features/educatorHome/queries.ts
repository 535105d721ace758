// The educator's home reads (GET /api/me/home). Every query takes the district and the educator's own roster
// row, found from the signed-in login (staff.user_id, as `see educators.self` does), so nothing here can
// reach another educator's records.
import { sql } from 'kysely';
import { OPEN_CYCLE_STATUSES } from '../../../common/cycleValues';
import type { DB } from '../../../db/connection';
import { currentOn } from '../../lib/history';

/** How many scheduled sessions and agreed next steps the home lists. */
export const UPCOMING_MAX = 5;
export const NEXT_STEPS_MAX = 3;

/** The login's own roster row (the first linked, as the staff search answers an educator) and its current school. */
export async function ownEducator(db: DB, districtId: number, userId: number, day: string) {
  const row = await db.selectFrom('staff').select(['id', 'first_name', 'last_name'])
    .where('district_id', '=', districtId).where('user_id', '=', userId).orderBy('id').executeTakeFirst();
  if (!row) return null;
  const school = await db.selectFrom('staff_buildings as sb').innerJoin('buildings as b', 'b.id', 'sb.building_id')
    .select(['b.id', 'b.name']).where('sb.district_id', '=', districtId).where('sb.staff_id', '=', row.id).where(currentOn('sb', day))
    .orderBy('sb.start_date', 'desc').orderBy('sb.id', 'desc').executeTakeFirst();
  return { id: row.id, name: `${row.first_name} ${row.last_name}`, school: school ?? null };
}

export function currentCoaches(db: DB, districtId: number, staffId: number, day: string) {
  return db.selectFrom('coach_assignments as ca').innerJoin('users as u', 'u.id', 'ca.coach_id')
    .select(['u.id', 'u.name', 'u.email']).distinct()
    .where('ca.district_id', '=', districtId).where('u.district_id', '=', districtId).where('ca.staff_id', '=', staffId)
    .where(currentOn('ca', day)).orderBy('u.name').orderBy('u.id').execute();
}

/** Planned and active cycles the educator takes part in, the soonest target first (none last). */
export function openCycles(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('coaching_cycle_staff as cs').innerJoin('coaching_cycles as c', 'c.id', 'cs.cycle_id')
    .innerJoin('users as u', 'u.id', 'c.coach_id')
    .select(['c.id', 'c.title', 'c.goal', 'c.status', 'c.start_date', 'c.target_end_date', 'c.stage_id', 'u.id as coach_id', 'u.name as coach_name'])
    .where('cs.district_id', '=', districtId).where('c.district_id', '=', districtId).where('cs.staff_id', '=', staffId)
    .where('c.deleted_at', 'is', null).where('c.status', 'in', [...OPEN_CYCLE_STATUSES])
    .orderBy(sql`case when ${sql.ref('c.target_end_date')} is null then 1 else 0 end`).orderBy('c.target_end_date').orderBy('c.id')
    .execute();
}

/** The district's stages in order (archived ones too: a cycle may still sit in one). */
export function stagesInOrder(db: DB, districtId: number) {
  return db.selectFrom('cycle_stages').select(['id', 'name', 'archived_at'])
    .where('district_id', '=', districtId).orderBy('sort_order').orderBy('id').execute();
}

/** Interactions of the educator (as a participant) that the district counts: not deleted. */
function ownInteractions(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('interactions as i')
    .innerJoin('users as u', 'u.id', 'i.coach_id')
    .where('i.district_id', '=', districtId).where('i.deleted_at', 'is', null)
    .where('i.id', 'in', db.selectFrom('interaction_participants as p').select('p.interaction_id')
      .where('p.district_id', '=', districtId).where('p.staff_id', '=', staffId));
}

export function upcomingSessions(db: DB, districtId: number, staffId: number, nowIso: string) {
  return ownInteractions(db, districtId, staffId)
    .innerJoin('interaction_types as t', 't.id', 'i.interaction_type_id')
    .leftJoin('buildings as b', 'b.id', 'i.building_id')
    .select(['i.id', 'i.starts_at', 'i.duration_minutes', 't.name as type', 'u.id as coach_id', 'u.name as coach_name', 'b.id as school_id', 'b.name as school_name'])
    .where('i.status', '=', 'scheduled').where('i.starts_at', '>=', nowIso)
    .orderBy('i.starts_at').orderBy('i.id').limit(UPCOMING_MAX).execute();
}

/** Next steps are shared texts: an interaction's educators always read them (access/notesPrivacy.ts). */
export function latestNextSteps(db: DB, districtId: number, staffId: number, nowIso: string) {
  return ownInteractions(db, districtId, staffId)
    .select(['i.id', 'i.starts_at', 'i.next_steps', 'u.id as coach_id', 'u.name as coach_name'])
    .where('i.status', '=', 'completed').where('i.starts_at', '<=', nowIso)
    .where('i.next_steps', 'is not', null).where('i.next_steps', '<>', '')
    .orderBy('i.starts_at', 'desc').orderBy('i.id', 'desc').limit(NEXT_STEPS_MAX).execute();
}

export async function observationsToAcknowledge(db: DB, districtId: number, staffId: number): Promise<number> {
  const row = await db.selectFrom('observations').select(sql<number>`count(*)`.as('n'))
    .where('district_id', '=', districtId).where('staff_id', '=', staffId).where('status', '=', 'completed')
    .where('deleted_at', 'is', null).where('shared_at', 'is not', null).where('acknowledged_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The active framework's levels and active skills (in domain, then skill order), and the educator's ratings of them. */
export async function skillGrowthRows(db: DB, districtId: number, staffId: number) {
  const framework = await db.selectFrom('skill_frameworks').select('id')
    .where('district_id', '=', districtId).where('active', '=', 1).orderBy('id').executeTakeFirst();
  if (!framework) return null;
  const [levels, skills, ratings, current] = await Promise.all([
    db.selectFrom('skill_levels').select(['level', 'name'])
      .where('district_id', '=', districtId).where('framework_id', '=', framework.id).orderBy('level').execute(),
    db.selectFrom('skills as s').innerJoin('skill_domains as d', 'd.id', 's.domain_id')
      .select(['s.id', 's.name', 'd.name as domain'])
      .where('s.district_id', '=', districtId).where('s.framework_id', '=', framework.id)
      .where('s.archived_at', 'is', null).where('d.archived_at', 'is', null)
      .orderBy('d.sort_order').orderBy('d.id').orderBy('s.sort_order').orderBy('s.id').execute(),
    db.selectFrom('skill_ratings').select(['skill_id', 'level', 'rated_on'])
      .where('district_id', '=', districtId).where('staff_id', '=', staffId).orderBy('rated_on').orderBy('id').execute(),
    // The skill map's current levels (skill mapping's rules decide which rating is current).
    db.selectFrom('skill_current_levels as cl').innerJoin('skill_ratings as r', 'r.id', 'cl.rating_id')
      .select(['r.skill_id', 'r.level', 'r.rated_on'])
      .where('cl.district_id', '=', districtId).where('cl.staff_id', '=', staffId).execute(),
  ]);
  return { levels, skills, ratings, current };
}

/** How many open steps the home lists (the soonest due first). */
export const STEPS_SHOWN = 3;

/** The educator's action steps: every open one (few per educator), and how many were done since `since`. */
export async function actionStepsOf(db: DB, districtId: number, staffId: number, since: string) {
  const [open, done] = await Promise.all([
    db.selectFrom('action_steps').select(['id', 'title', 'due_on', 'status'])
      .where('district_id', '=', districtId).where('staff_id', '=', staffId).where('status', '=', 'open')
      .orderBy(sql`case when ${sql.ref('due_on')} is null then 1 else 0 end`).orderBy('due_on').orderBy('id').execute(),
    db.selectFrom('action_steps').select(sql<number>`count(*)`.as('n'))
      .where('district_id', '=', districtId).where('staff_id', '=', staffId).where('status', '=', 'done').where('done_on', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  return { open, done: Number(done.n) };
}

/** Their requests for coaching still waiting for a coach, the newest first. */
export function waitingRequests(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('coaching_requests').select(['id', 'topic', 'status', 'created_at'])
    .where('district_id', '=', districtId).where('staff_id', '=', staffId).where('status', 'in', ['open', 'passed'])
    .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}
