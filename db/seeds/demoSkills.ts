// Demo skill ratings for Maple Grove: a year of history (from twelve months before the day the demo is
// seeded up to that day) for every educator, on the district's own copy of the default framework.
// Each educator starts from a profile of levels and is rated every two to three months on a handful
// of skills; most ratings hold or rise a level (growth), a few dip. Ratings of the current school
// year are linked to the educator's completed classroom observation of that day or just before, when
// there is one, and rated by that observation's coach. skill_current_levels is kept in step.
// Deterministic for a given seeding date: a seeded random generator.
import type { DB } from '../connection';
import { nowIso } from '../connection';
import { isSchoolDay } from './demoCalendar';
import { random } from './demoRandom';

export interface DemoSkillRefs {
  districtId: number;
  /** Who rates an educator without a coach when no observation is linked (the district administrator). */
  fallbackRaterId: number;
  /** The day the demo is seeded; ratings run over the twelve months before it. */
  today?: Date;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
/** `d`, or the first school day after it when it falls on a weekend or a school holiday (demoCalendar.ts). */
const weekday = (d: Date) => {
  let day = d;
  for (let k = 0; k < 21 && !isSchoolDay(isoDay(day)); k++) day = addDays(day, 1);
  return day;
};

const NOTES_UP = [
  'Clear progress since the last look: this is now routine in most lessons.',
  'Tried the strategy from our last conversation and it worked well with the whole class.',
  'Students could explain the goal in their own words; a real step forward.',
  'Consistent across both lessons observed this month.',
];
const NOTES_SAME = [
  'Steady; next step is using it with the small groups too.',
  'Solid in the opening of the lesson, less so by the end. Keep practising.',
];
const NOTES_DOWN = ['A harder month with a new class schedule; we agreed to revisit in two weeks.'];

/** Fisher–Yates with the seeded generator. */
function shuffled<T>(list: readonly T[], rand: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export async function seedDemoSkills(db: DB, refs: DemoSkillRefs): Promise<{ ratings: number; educators: number }> {
  const rand = random(20261123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const today = refs.today ?? new Date();
  const start = addDays(today, -365);
  const districtId = refs.districtId;

  const framework = await db.selectFrom('skill_frameworks').select('id').where('district_id', '=', districtId).where('active', '=', 1).executeTakeFirst();
  if (!framework) return { ratings: 0, educators: 0 };
  const skills = await db.selectFrom('skills').select(['id', 'domain_id']).where('district_id', '=', districtId)
    .where('framework_id', '=', framework.id).where('archived_at', 'is', null).orderBy('domain_id').orderBy('sort_order').execute();
  const maxLevel = Number((await db.selectFrom('skill_levels').select((eb) => eb.fn.max('level').as('m'))
    .where('framework_id', '=', framework.id).executeTakeFirst())?.m ?? 4);
  // Every educator on the roster (the inactive ones were rated while they taught here).
  const staff = await db.selectFrom('staff').select('id').where('district_id', '=', districtId).orderBy('id').execute();
  // Completed classroom observations per educator, oldest first: the evidence ratings link to.
  const observations = await db.selectFrom('interactions as i')
    .innerJoin('interaction_types as t', 't.id', 'i.interaction_type_id')
    .innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
    .select(['i.id', 'i.coach_id', 'i.starts_at', 'p.staff_id'])
    .where('i.district_id', '=', districtId).where('i.status', '=', 'completed').where('i.deleted_at', 'is', null)
    .where('t.name', '=', 'Classroom observation').orderBy('i.starts_at').execute();
  // Without an observation to link, the educator's coach rates (else the district administrator).
  const coaches = await db.selectFrom('coach_assignments').select(['staff_id', 'coach_id']).where('district_id', '=', districtId)
    .where('end_date', 'is', null).orderBy('id').execute();
  const coachOf = new Map(coaches.map((c) => [c.staff_id, c.coach_id]));
  const byStaff = new Map<number, typeof observations>();
  for (const o of observations) {
    const list = byStaff.get(o.staff_id) ?? [];
    list.push(o);
    byStaff.set(o.staff_id, list);
  }

  const now = nowIso();
  const ratings: { staff_id: number; skill_id: number; level: number; rated_on: string; rated_by: number; note: string | null; interaction_id: number | null }[] = [];
  for (const { id: staffId } of staff) {
    // A starting profile: mostly 1–2, some 3 (experienced educators start higher).
    const experience = rand();
    const level = new Map(skills.map((s) => [s.id, Math.min(maxLevel - 1, 1 + Math.floor(rand() * (experience > 0.6 ? 3 : 2)))]));
    const occasions = 4 + Math.floor(rand() * 3); // 4–6 rating days over the year
    const own = byStaff.get(staffId) ?? [];
    for (let k = 0; k < occasions; k++) {
      const day = weekday(addDays(start, Math.round(((k + rand() * 0.6) / occasions) * 360)));
      if (isoDay(day) > isoDay(today)) continue;
      const dayIso = isoDay(day);
      // The observation of that day or the latest one in the fortnight before it, if any.
      const evidence = [...own].reverse().find((o) => o.starts_at.slice(0, 10) <= dayIso && o.starts_at.slice(0, 10) >= isoDay(addDays(day, -14)));
      const first = k === 0;
      const count = first ? skills.length : 5 + Math.floor(rand() * 6);
      const chosen = first ? skills : shuffled(skills, rand).slice(0, count);
      for (const s of chosen) {
        let next = level.get(s.id)!;
        let note: string | null = null;
        if (!first) {
          const roll = rand();
          if (roll < 0.45 && next < maxLevel) { next += 1; if (rand() < 0.3) note = pick(NOTES_UP); }
          else if (roll > 0.96 && next > 1) { next -= 1; note = pick(NOTES_DOWN); }
          else if (rand() < 0.1) note = pick(NOTES_SAME);
        }
        level.set(s.id, next);
        ratings.push({
          staff_id: staffId, skill_id: s.id, level: next, rated_on: dayIso, rated_by: evidence?.coach_id ?? coachOf.get(staffId) ?? refs.fallbackRaterId,
          note, interaction_id: evidence?.id ?? null,
        });
      }
    }
  }

  // Insert in date order so the latest (date, then id) is each skill's current level.
  ratings.sort((a, b) => (a.rated_on < b.rated_on ? -1 : a.rated_on > b.rated_on ? 1 : 0));
  const latest = new Map<string, { id: number; level: number; rated_on: string; staff_id: number; skill_id: number; rated_by: number; note: string | null }>();
  for (let i = 0; i < ratings.length; i += 400) {
    const chunk = ratings.slice(i, i + 400);
    const ids = await db.insertInto('skill_ratings').values(chunk.map((r) => ({ district_id: districtId, ...r, created_at: now })))
      .returning('id').execute();
    chunk.forEach((r, j) => latest.set(`${r.staff_id}:${r.skill_id}`, { ...r, id: ids[j]!.id }));
  }
  const current = [...latest.values()];
  for (let i = 0; i < current.length; i += 400) {
    await db.insertInto('skill_current_levels').values(current.slice(i, i + 400).map((c) => ({
      district_id: districtId, staff_id: c.staff_id, skill_id: c.skill_id, rating_id: c.id, level: c.level, rated_on: c.rated_on,
      rated_by: c.rated_by, note: c.note,
    }))).execute();
  }
  return { ratings: ratings.length, educators: staff.length };
}
