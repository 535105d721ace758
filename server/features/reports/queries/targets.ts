// Progress against the district's coaching targets (Site settings `coaching_targets`): how many roster
// educators are below the interactions-per-month target over the range, and how many new teachers
// (hired within the year before `to`) have fewer cycles than targeted in the semester holding `to`.
import { sql } from 'kysely';
import { addDays } from '../../../lib/dates';
import type { TargetProgress } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { schoolYearStart } from '../../../lib/zone';
import { coachingTargetsOf, monthsIn, type ReportContext } from './filters';
import { reachedSums, roster } from './facts';

/** Interactions counted per roster educator over the range. */
export async function interactionsPerEducator(db: DB, ctx: ReportContext): Promise<Map<number, number>> {
  // An (interaction, educator) pair is unique, so the groups' counts add up to distinct interactions.
  const out = new Map<number, number>();
  for (const r of await reachedSums(db, ctx)) out.set(r.staff_id, (out.get(r.staff_id) ?? 0) + r.n);
  return out;
}

/** The semester holding a day: the first or second half of its school year. */
export function semesterOf(day: string, startMonth: number): { from: string; to: string } {
  const start = schoolYearStart(day, startMonth);
  const [y, m] = start.split('-').map(Number) as [number, number];
  const mid = new Date(Date.UTC(y, m - 1 + 6, 1)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(y + 1, m - 1, 1)).toISOString().slice(0, 10);
  return day < mid ? { from: start, to: addDays(mid, -1) } : { from: mid, to: addDays(end, -1) };
}

export async function targetProgress(db: DB, ctx: ReportContext, perEducator?: Map<number, number>): Promise<TargetProgress | null> {
  const targets = await coachingTargetsOf(db, ctx.districtId);
  if (!targets) return null;
  const below = async (perMonth: number) => {
    const [counts, people] = await Promise.all([perEducator ?? interactionsPerEducator(db, ctx), roster(db, ctx)]);
    const months = monthsIn(ctx);
    return people.filter((r) => (counts.get(r.id) ?? 0) / months < perMonth).length;
  };
  const perMonth = targets.interactions_per_educator_per_month;
  const perSemester = targets.cycles_per_new_teacher_per_semester;
  const [belowInteractions, belowCycles] = await Promise.all([
    perMonth === null ? null : below(perMonth),
    perSemester === null ? null : newTeachersBelowCycleTarget(db, ctx, perSemester),
  ]);
  return { targets, educators_below_interaction_target: belowInteractions, new_teachers_below_cycle_target: belowCycles };
}

/**
 * New teachers on the roster (hired within the year before `to`) with fewer than `target` cycles
 * (not cancelled) overlapping the semester that holds `to`.
 */
export async function newTeachersBelowCycleTarget(db: DB, ctx: ReportContext, target: number): Promise<number> {
  const hiredSince = addDays(ctx.to, -365);
  const newTeachers = (await roster(db, ctx)).filter((r) => r.hire_date !== null && r.hire_date > hiredSince && r.hire_date <= ctx.to);
  const semester = semesterOf(ctx.to, ctx.schoolYearStartMonth);
  const ids = newTeachers.map((t) => t.id);
  const counts = new Map<number, number>();
  if (ids.length) {
    const rows = await db.selectFrom('coaching_cycle_staff as cs').innerJoin('coaching_cycles as c', 'c.id', 'cs.cycle_id')
      .select(['cs.staff_id', sql<number>`count(distinct c.id)`.as('n')])
      .where('cs.district_id', '=', ctx.districtId).where('c.district_id', '=', ctx.districtId).where('c.deleted_at', 'is', null)
      .where('c.status', '!=', 'cancelled').where('cs.staff_id', 'in', ids)
      .where('c.start_date', '<=', semester.to)
      .where((eb) => eb.or([eb('c.completed_on', 'is', null), eb('c.completed_on', '>=', semester.from)]))
      .groupBy('cs.staff_id').execute();
    for (const r of rows) counts.set(r.staff_id, Number(r.n));
  }
  return ids.filter((id) => (counts.get(id) ?? 0) < target).length;
}
