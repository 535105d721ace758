// Progress against the district's coaching targets (Site settings `coaching_targets`): how many roster
// educators are below the interactions-per-month target over the range, and how many new teachers
// (hired within the year before `to`) have fewer cycles than targeted in the semester holding `to`.
import { sql } from 'kysely';
import type { TargetProgress } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { schoolYearStart } from '../../../lib/zone';
import { addDays, coachingTargetsOf, monthsIn, type ReportContext, reachedParticipations, rosterIds, rosterQuery } from './filters';

/** Interactions counted per roster educator over the range. */
export async function interactionsPerEducator(db: DB, ctx: ReportContext): Promise<Map<number, number>> {
  const rows = await reachedParticipations(db, ctx)
    .select(['p.staff_id', sql<number>`count(distinct i.id)`.as('n')]).groupBy('p.staff_id').execute();
  return new Map(rows.map((r) => [r.staff_id, Number(r.n)]));
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
  let belowInteractions: number | null = null;
  if (targets.interactions_per_educator_per_month !== null) {
    const counts = perEducator ?? await interactionsPerEducator(db, ctx);
    const roster = await rosterIds(db, ctx).execute();
    const months = monthsIn(ctx);
    belowInteractions = roster.filter((r) => (counts.get(r.id) ?? 0) / months < targets.interactions_per_educator_per_month!).length;
  }
  let belowCycles: number | null = null;
  if (targets.cycles_per_new_teacher_per_semester !== null) {
    const hiredSince = addDays(ctx.to, -365);
    const newTeachers = await rosterQuery(db, ctx).select('staff.id').where('staff.hire_date', '>', hiredSince).where('staff.hire_date', '<=', ctx.to).execute();
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
    belowCycles = ids.filter((id) => (counts.get(id) ?? 0) < targets.cycles_per_new_teacher_per_semester!).length;
  }
  return { targets, educators_below_interaction_target: belowInteractions, new_teachers_below_cycle_target: belowCycles };
}
