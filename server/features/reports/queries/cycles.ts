// The Coaching cycles report: the cycles overlapping the range (filters.ts overlappingCycles) by status,
// by stage (funnel with days per stage against expected), outcomes, by coach and by school. Cycles are
// few next to interactions: their rows are read once and counted here.
//
// Overdue (the same rule as the cycles board's `due` filter, so a drill-down lists the same cycles): an
// open (planned or active) cycle that has been in its current stage longer than the stage's expected
// days, as of today. Completion rate: the cycles completed out of all the cycles counted (those overlapping
// the range, whatever their status: planned, active, completed or cancelled), so a coach with 3 of 7
// cycles completed reads 43%, whether or not the other 4 are past their target end.
import type { CycleStatus, CyclesReport } from '../../../../common/schemas/reports';
import { addDays } from '../../../lib/dates';
import type { DB } from '../../../../db/connection';
import { oneDecimal, share } from '../presenter';
import { groupBy } from '../../../lib/collections';
import { daysBetween, todayIn } from '../../../lib/zone';
import { namesOf, overlappingCycles, type ReportContext, userNamesOf } from './filters';
import { targetProgress } from './targets';

const STATUSES: CycleStatus[] = ['planned', 'active', 'completed', 'cancelled'];
const OPEN = new Set<string>(['planned', 'active']);

export interface CycleFacts {
  id: number;
  coach_id: number;
  status: CycleStatus;
  stage_id: number | null;
  stage_entered_on: string | null;
  target_end_date: string | null;
  start_date: string;
  completed_on: string | null;
  outcome: 'met' | 'partly-met' | 'not-met' | null;
  overdue: boolean;
  /** A cancelled cycle's end: the day of its last change in the district's timezone; null when not cancelled. */
  cancelled_on: string | null;
}

export async function cycleFacts(db: DB, ctx: ReportContext): Promise<{ cycles: CycleFacts[]; stages: { id: number; name: string; expected_days: number; archived: boolean }[] }> {
  const [rows, stages] = await Promise.all([
    overlappingCycles(db, ctx)
      .select(['c.id', 'c.coach_id', 'c.status', 'c.stage_id', 'c.stage_entered_on', 'c.target_end_date', 'c.start_date', 'c.completed_on', 'c.outcome', 'c.updated_at'])
      .orderBy('c.id').execute(),
    db.selectFrom('cycle_stages').select(['id', 'name', 'expected_days', 'archived_at'])
      .where('district_id', '=', ctx.districtId).orderBy('sort_order').orderBy('id').execute(),
  ]);
  // A cycle is overdue when it entered its stage before the stage's own day of `today - expected days`.
  const overdueBefore = new Map(stages.map((s) => [s.id, addDays(ctx.today, -s.expected_days)]));
  const cycles = rows.map(({ updated_at: updatedAt, ...r }) => {
    const before = r.stage_id === null ? undefined : overdueBefore.get(r.stage_id);
    return {
      ...r,
      // Only where needed: a local day from Intl costs about 4 µs, a school year's cycles 5 ms.
      cancelled_on: r.status === 'cancelled' ? todayIn(ctx.timezone, new Date(updatedAt)) : null,
      overdue: OPEN.has(r.status) && before !== undefined && r.stage_entered_on !== null && r.stage_entered_on < before,
    };
  });
  return { cycles, stages: stages.map((s) => ({ id: s.id, name: s.name, expected_days: s.expected_days, archived: s.archived_at !== null })) };
}

/** The figures of a set of cycles, counted in one pass. */
function tally(cycles: CycleFacts[]) {
  let active = 0, completed = 0, overdue = 0, met = 0;
  for (const c of cycles) {
    if (c.status === 'active') {
      active++;
    } else if (c.status === 'completed') {
      completed++;
      if (c.outcome === 'met') met++;
    }
    if (c.overdue) overdue++;
  }
  return { cycles: cycles.length, active, completed, overdue, met, completion_rate: share(completed, cycles.length) };
}

export async function cyclesReport(db: DB, ctx: ReportContext): Promise<Omit<CyclesReport, 'range'>> {
  // The history and the educators' schools join the same cycles in the database rather than listing
  // their ids (thousands of parameters a query over a school year), so they run alongside the cycles.
  const [{ cycles, stages }, history, staffSchools, targets] = await Promise.all([
    cycleFacts(db, ctx),
    overlappingCycles(db, ctx)
      .innerJoin('coaching_cycle_stage_history as h', 'h.cycle_id', 'c.id')
      .select(['h.cycle_id', 'h.stage_id', 'h.entered_on', 'h.left_on'])
      .where('h.district_id', '=', ctx.districtId).execute(),
    overlappingCycles(db, ctx)
      .innerJoin('coaching_cycle_staff as cs', 'cs.cycle_id', 'c.id')
      .leftJoin('staff_buildings as sb', (j) => j.onRef('sb.staff_id', '=', 'cs.staff_id').on('sb.district_id', '=', ctx.districtId)
        .on('sb.start_date', '<=', ctx.to).on((eb) => eb.or([eb('sb.end_date', 'is', null), eb('sb.end_date', '>=', ctx.to)])))
      .select(['cs.cycle_id', 'sb.building_id'])
      .where('cs.district_id', '=', ctx.districtId).execute(),
    targetProgress(db, ctx),
  ]);

  const whole = tally(cycles);
  const completedDays = cycles.filter((c) => c.status === 'completed' && c.completed_on).map((c) => daysBetween(c.start_date, c.completed_on!));
  const headline = {
    cycles: cycles.length,
    active: whole.active,
    completed: whole.completed,
    overdue: whole.overdue,
    completion_rate: whole.completion_rate,
    average_days_to_complete: completedDays.length ? oneDecimal(completedDays.reduce((a, b) => a + b, 0) / completedDays.length) : null,
  };

  // A stage row left open by a closed cycle ends when the cycle did (completion; a cancelled cycle's last change).
  const endOf = new Map<number, string>();
  for (const c of cycles) {
    if (c.status === 'completed' && c.completed_on) endOf.set(c.id, c.completed_on);
    if (c.cancelled_on) endOf.set(c.id, c.cancelled_on);
  }
  const historyOf = groupBy(history, (h) => [h.stage_id]);
  const openAt = groupBy(cycles.filter((c) => OPEN.has(c.status)), (c) => [c.stage_id]);
  const funnel = stages
    .map((s) => {
      const rows = historyOf.get(s.id) ?? [];
      const spent = rows.map((h) => Math.max(0, daysBetween(h.entered_on, h.left_on ?? endOf.get(h.cycle_id) ?? ctx.today)));
      const open = openAt.get(s.id) ?? [];
      return {
        stage_id: s.id,
        name: s.name,
        expected_days: s.expected_days,
        now: open.length,
        entered: new Set(rows.map((h) => h.cycle_id)).size,
        average_days: spent.length ? oneDecimal(spent.reduce((a, b) => a + b, 0) / spent.length) : null,
        overdue: open.filter((c) => c.overdue).length,
        archived: s.archived,
      };
    })
    .filter((s) => !s.archived || s.entered > 0)
    .map(({ archived: _archived, ...s }) => s);

  const ofStatus = groupBy(cycles, (c) => [c.status]);
  const completedCycles = ofStatus.get('completed') ?? [];
  const outcomes = {
    met: completedCycles.filter((c) => c.outcome === 'met').length,
    partly_met: completedCycles.filter((c) => c.outcome === 'partly-met').length,
    not_met: completedCycles.filter((c) => c.outcome === 'not-met').length,
    not_recorded: completedCycles.filter((c) => c.outcome === null).length,
  };

  // A cycle counts at each school of its educators on `to`; a principal sees only their schools.
  const schoolsOf = new Map<number, Set<number | null>>();
  for (const r of staffSchools) {
    const set = schoolsOf.get(r.cycle_id) ?? new Set();
    set.add(r.building_id ?? null);
    schoolsOf.set(r.cycle_id, set);
  }
  const shownSchool = (id: number | null) => (ctx.scope.kind !== 'building' || (id !== null && ctx.scope.buildingIds.includes(id)))
    && (!ctx.filter.building_id.length || (id !== null && ctx.filter.building_id.includes(id)));
  const atSchool = groupBy(cycles, (c) => [...(schoolsOf.get(c.id) ?? [])].filter(shownSchool));
  const ofCoach = groupBy(cycles, (c) => [c.coach_id]);
  const [coachNames, schoolNames] = await Promise.all([
    userNamesOf(db, ctx.districtId, [...ofCoach.keys()]),
    namesOf(db, 'buildings', ctx.districtId, [...atSchool.keys()].filter((id): id is number => id !== null)),
  ]);
  const byCoach = [...ofCoach]
    .map(([id, own]) => ({ id, name: coachNames.get(id) ?? 'Former coach', ...tally(own) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const bySchool = [...atSchool]
    .filter(([id]) => id === null || schoolNames.has(id))
    .map(([id, own]) => ({ id, name: id === null ? 'No school' : schoolNames.get(id)!, ...tally(own) }))
    .sort((a, b) => (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0) || a.name.localeCompare(b.name));

  return {
    headline,
    by_status: STATUSES.map((status) => ({ status, cycles: ofStatus.get(status)?.length ?? 0 })),
    funnel,
    outcomes,
    by_coach: byCoach,
    by_school: bySchool,
    targets,
  };
}
