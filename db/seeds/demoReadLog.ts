// The demo read log for Maple Grove (issue 29, "Who has read about me"): what the app would have written while
// people opened the demo teacher's (Jordan Ellis's) records over the last six school weeks, taken from those
// records themselves. Their coach opened each interaction on the day it happened (and its coaching cycle, for a
// cycle's session) and the skill ratings on the days they rated, each observer their observation on the day they observed, the cycle's coach the cycle on
// each day it changed stage; the principal looked at Jordan's observations and skill ratings twice before
// classroom visits and opened one coaching session; and once Coachwell support, signed in as the principal to
// look into a question about the skill ratings page, opened Jordan's skill ratings ("Coachwell support for Marcus
// Bell"). One row per reader, educator, kind and day, as server/lib/readLog.ts writes them.
import { ROLE_PERMISSIONS } from '../../common/permissions';
import type { DB } from '../connection';
import type { ReadKind } from '../types';
import { isSchoolDay, localDay, schoolDayBefore } from './demoCalendar';

export interface DemoReadLogRefs {
  districtId: number;
  timezone: string;
  teacherUserId: number;
  principalId: number;
  /** support@coachwell.example: the provider staff member who impersonated the principal once. */
  supportUserId: number;
  today?: Date;
}

/** How far back the demo's reads go: 30 school days. */
const WINDOW_SCHOOL_DAYS = 30;

export async function seedDemoReadLog(db: DB, refs: DemoReadLogRefs): Promise<void> {
  const { districtId, timezone } = refs;
  const today = localDay(refs.today ?? new Date(), timezone);
  const from = schoolDayBefore(today, WINDOW_SCHOOL_DAYS);
  const staff = await db.selectFrom('staff').select('id').where('district_id', '=', districtId).where('user_id', '=', refs.teacherUserId).executeTakeFirst();
  if (!staff) return;
  const dayOf = (iso: string) => localDay(new Date(iso), timezone);
  const inWindow = (day: string) => day >= from && day <= today;

  const reads: { reader: number; kind: ReadKind; day: string; impersonatedBy?: number }[] = [];
  const add = (reader: number, kind: ReadKind, day: string, impersonatedBy?: number) => {
    if (inWindow(day) && reader !== refs.teacherUserId) reads.push({ reader, kind, day, impersonatedBy });
  };

  const interactions = await db.selectFrom('interactions as i').innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
    .select(['i.coach_id', 'i.starts_at', 'i.coaching_cycle_id']).where('i.district_id', '=', districtId).where('p.staff_id', '=', staff.id)
    .where('i.status', '=', 'completed').where('i.deleted_at', 'is', null).execute();
  for (const i of interactions) {
    add(i.coach_id, 'interaction', dayOf(i.starts_at));
    // A session of a coaching cycle is logged from the cycle's panel: the coach opened the cycle too.
    if (i.coaching_cycle_id !== null) add(i.coach_id, 'cycle', dayOf(i.starts_at));
  }

  const ratings = await db.selectFrom('skill_ratings').select(['rated_by', 'rated_on'])
    .where('district_id', '=', districtId).where('staff_id', '=', staff.id).execute();
  for (const r of ratings) if (r.rated_by !== null) add(r.rated_by, 'skill_rating', r.rated_on);

  const observations = await db.selectFrom('observations').select(['observer_id', 'observed_at'])
    .where('district_id', '=', districtId).where('staff_id', '=', staff.id).where('status', '=', 'completed').execute();
  for (const o of observations) add(o.observer_id, 'observation', dayOf(o.observed_at));

  const stages = await db.selectFrom('coaching_cycle_stage_history as h').innerJoin('coaching_cycles as c', 'c.id', 'h.cycle_id')
    .innerJoin('coaching_cycle_staff as cs', 'cs.cycle_id', 'c.id')
    .select(['c.coach_id', 'h.entered_on']).where('c.district_id', '=', districtId).where('cs.staff_id', '=', staff.id)
    .where('c.deleted_at', 'is', null).execute();
  for (const s of stages) if (isSchoolDay(s.entered_on)) add(s.coach_id, 'cycle', s.entered_on);

  // The principal before two classroom visits, and one session opened from the dashboard.
  for (const back of [3, 14]) {
    add(refs.principalId, 'observation', schoolDayBefore(today, back));
    add(refs.principalId, 'skill_rating', schoolDayBefore(today, back));
  }
  add(refs.principalId, 'interaction', schoolDayBefore(today, 9));
  // Coachwell support, signed in as the principal, opened the skill ratings once.
  add(refs.principalId, 'skill_rating', schoolDayBefore(today, 6), refs.supportUserId);

  const readers = [...new Set(reads.map((r) => r.reader))];
  const roleRows = readers.length
    ? await db.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.id', 'ur.role_id').select(['ur.user_id', 'r.name'])
      .where('ur.user_id', 'in', readers).execute()
    : [];
  // The role labels as server/lib/readLog.ts `roleLabelOf` writes them.
  const labelOf = (userId: number) => Object.keys(ROLE_PERMISSIONS)
    .filter((name) => roleRows.some((r) => r.user_id === userId && r.name === name))
    .map((name) => ROLE_PERMISSIONS[name]!.label).join(', ') || 'District user';

  const seen = new Set<string>();
  const rows = reads.filter((r) => {
    const key = `${r.reader}|${r.impersonatedBy ?? 0}|${r.kind}|${r.day}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).map((r) => ({
    district_id: districtId, staff_id: staff.id, reader_user_id: r.reader, reader_role: labelOf(r.reader),
    impersonated_by: r.impersonatedBy ?? null, kind: r.kind, day: r.day,
  }));
  if (rows.length) await db.insertInto('record_reads').values(rows).execute();
}
