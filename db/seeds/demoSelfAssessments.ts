// Demo self-assessments for Maple Grove (issue 29, item 3), seeded after the skill ratings (demoSkills.ts), which
// they read but never change. The demo teacher (Jordan Ellis) rated themself on the whole framework twice: in
// the first weeks of the school year, and a week and a half before the seeding day (before their last sign-in);
// the recent one is above their coach's current level on some skills, below on others and level with the rest,
// as a self-assessment usually is. Six other active educators, each of a different school and coach, have one
// recent self-assessment (their own logins are not among the demo's, so the login that gave it is not named).
// Every self rating falls on a school day in the district's timezone. Deterministic: a seeded random generator.
import type { DB } from '../connection';
import { firstSchoolDay, isSchoolDay, localDay, schoolDayBefore, schoolYearOf, zonedInstant } from './demoCalendar';
import { random } from './demoRandom';

export interface DemoSelfAssessmentRefs {
  districtId: number;
  timezone: string;
  /** The demo teacher's login (their staff row is linked to it). */
  teacherUserId: number;
  today?: Date;
}

/** The demo teacher's recent self rating against their coach's current level, skill by skill (repeating). */
const TEACHER_OFFSETS = [1, 0, -1, 1, 0, 0, -1, 1];
/** How many other educators have a self-assessment. */
export const OTHER_SELF_ASSESSED = 6;

/** The `n`th school day on or after `day`. */
function schoolDayFrom(day: string, n: number): string {
  let d = day;
  let left = n;
  for (let guard = 0; guard < 400; guard++) {
    if (isSchoolDay(d)) {
      if (left === 0) return d;
      left--;
    }
    d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return d;
}

export async function seedDemoSelfAssessments(db: DB, refs: DemoSelfAssessmentRefs): Promise<{ ratings: number; educators: number }> {
  const rand = random(20261202);
  const today = localDay(refs.today ?? new Date(), refs.timezone);
  const { districtId } = refs;
  const framework = await db.selectFrom('skill_frameworks').select('id').where('district_id', '=', districtId).where('active', '=', 1).executeTakeFirst();
  if (!framework) return { ratings: 0, educators: 0 };
  const skills = await db.selectFrom('skills as s').innerJoin('skill_domains as d', 'd.id', 's.domain_id').select('s.id')
    .where('s.district_id', '=', districtId).where('s.framework_id', '=', framework.id)
    .where('s.archived_at', 'is', null).where('d.archived_at', 'is', null)
    .orderBy('d.sort_order').orderBy('s.sort_order').execute();
  const maxLevel = Number((await db.selectFrom('skill_levels').select((eb) => eb.fn.max('level').as('m'))
    .where('framework_id', '=', framework.id).executeTakeFirst())?.m ?? 4);
  const clamp = (n: number) => Math.max(1, Math.min(maxLevel, n));

  const teacher = await db.selectFrom('staff').select('id').where('district_id', '=', districtId).where('user_id', '=', refs.teacherUserId).executeTakeFirst();
  // The others: active educators with a coach, one per coach and school in turn, not the teacher.
  const coached = await db.selectFrom('staff as st').innerJoin('coach_assignments as ca', 'ca.staff_id', 'st.id')
    .innerJoin('staff_buildings as sb', 'sb.staff_id', 'st.id')
    .select(['st.id', 'ca.coach_id', 'sb.building_id'])
    .where('st.district_id', '=', districtId).where('st.status', '=', 'active').where('ca.end_date', 'is', null).where('sb.end_date', 'is', null)
    .orderBy('st.id').execute();
  const others: number[] = [];
  const seen = new Set<string>();
  for (const pass of [0, 1]) {
    for (const c of coached) {
      if (others.length >= OTHER_SELF_ASSESSED) break;
      if (c.id === teacher?.id || others.includes(c.id)) continue;
      const key = `${c.coach_id}:${c.building_id}`;
      if (pass === 0 && seen.has(key)) continue;
      seen.add(key);
      others.push(c.id);
    }
  }

  const currentOf = async (staffId: number) => new Map((await db.selectFrom('skill_current_levels').select(['skill_id', 'level'])
    .where('district_id', '=', districtId).where('staff_id', '=', staffId).execute()).map((r) => [r.skill_id, r.level]));

  const rows: { district_id: number; staff_id: number; skill_id: number; level: number; rated_on: string; rated_by: number | null; created_at: string }[] = [];
  const assess = (staffId: number, day: string, ratedBy: number | null, minute: number, levelOf: (skillId: number, k: number) => number) => {
    const at = zonedInstant(day, 15, 30 + (minute % 25), refs.timezone).toISOString();
    skills.forEach((s, k) => rows.push({
      district_id: districtId, staff_id: staffId, skill_id: s.id, level: clamp(levelOf(s.id, k)), rated_on: day, rated_by: ratedBy, created_at: at,
    }));
  };

  if (teacher) {
    const coach = await currentOf(teacher.id);
    const recent = schoolDayBefore(today, 7);
    const early = schoolDayFrom(firstSchoolDay(schoolYearOf(today)), 12);
    // At the start of the year: a notch under where they stand now on most skills (they have grown since).
    if (early < recent) assess(teacher.id, early, refs.teacherUserId, 3, (id, k) => (coach.get(id) ?? 2) - (k % 3 === 0 ? 0 : 1));
    assess(teacher.id, recent, refs.teacherUserId, 11, (id, k) => (coach.get(id) ?? 2) + TEACHER_OFFSETS[k % TEACHER_OFFSETS.length]!);
  }
  for (const [k, staffId] of others.entries()) {
    const coach = await currentOf(staffId);
    // Educators tend to rate themselves a little higher than their coach does; a few lower.
    assess(staffId, schoolDayBefore(today, 9 + k * 4), null, k * 7, (id) => (coach.get(id) ?? 2) + [1, 1, 0, 0, 0, -1][Math.floor(rand() * 6)]!);
  }
  for (let i = 0; i < rows.length; i += 400) await db.insertInto('self_ratings').values(rows.slice(i, i + 400)).execute();
  return { ratings: rows.length, educators: (teacher ? 1 : 0) + others.length };
}
