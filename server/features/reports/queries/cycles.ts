// The Coaching cycles report: the cycles overlapping the range (filters.ts overlappingCycles) by status,
// by stage (funnel with days per stage against expected), outcomes, by coach and by school. Cycles are
// few next to interactions: their rows are read once and counted here.
//
// Overdue (the same rule as the cycles board's `due` filter, so a drill-down lists the same cycles): an
// open (planned or active) cycle that has been in its current stage longer than the stage's expected
// days, as of today. Completion rate: completed / (completed + cancelled + active past target end).
import type { CycleStatus, CyclesReport } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { oneDecimal, share } from '../presenter';
import { daysBetween, todayIn } from '../../../lib/zone';
import { addDays, namesOf, overlappingCycles, type ReportContext, userNamesOf } from './filters';
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
  /** The day of its last change in the district's timezone (a cancelled cycle's end). */
  updated_on: string;
}

export async function cycleFacts(db: DB, ctx: ReportContext): Promise<{ cycles: CycleFacts[]; stages: { id: number; name: string; expected_days: number; archived: boolean }[] }> {
  const [rows, stages] = await Promise.all([
    overlappingCycles(db, ctx)
      .select(['c.id', 'c.coach_id', 'c.status', 'c.stage_id', 'c.stage_entered_on', 'c.target_end_date', 'c.start_date', 'c.completed_on', 'c.outcome', 'c.updated_at'])
      .orderBy('c.id').execute(),
    db.selectFrom('cycle_stages').select(['id', 'name', 'expected_days', 'archived_at'])
      .where('district_id', '=', ctx.districtId).orderBy('sort_order').orderBy('id').execute(),
  ]);
  const expected = new Map(stages.map((s) => [s.id, s.expected_days]));
  const cycles = rows.map(({ updated_at: updatedAt, ...r }) => ({
    ...r,
    updated_on: todayIn(ctx.timezone, new Date(updatedAt)),
    overdue: OPEN.has(r.status) && r.stage_id !== null && r.stage_entered_on !== null && expected.has(r.stage_id)
      && r.stage_entered_on < addDays(ctx.today, -expected.get(r.stage_id)!),
  }));
  return { cycles, stages: stages.map((s) => ({ id: s.id, name: s.name, expected_days: s.expected_days, archived: s.archived_at !== null })) };
}

function tally(cycles: CycleFacts[], today: string) {
  const completed = cycles.filter((c) => c.status === 'completed').length;
  const cancelled = cycles.filter((c) => c.status === 'cancelled').length;
  const lateActive = cycles.filter((c) => c.status === 'active' && c.target_end_date !== null && c.target_end_date < today).length;
  return {
    active: cycles.filter((c) => c.status === 'active').length,
    completed,
    overdue: cycles.filter((c) => c.overdue).length,
    met: cycles.filter((c) => c.status === 'completed' && c.outcome === 'met').length,
    completion_rate: share(completed, completed + cancelled + lateActive),
  };
}

export async function cyclesReport(db: DB, ctx: ReportContext): Promise<Omit<CyclesReport, 'range'>> {
  const { cycles, stages } = await cycleFacts(db, ctx);
  const ids = cycles.map((c) => c.id);
  const [history, staffSchools, targets] = await Promise.all([
    ids.length
      ? db.selectFrom('coaching_cycle_stage_history').select(['cycle_id', 'stage_id', 'entered_on', 'left_on'])
        .where('district_id', '=', ctx.districtId).where('cycle_id', 'in', ids).execute()
      : Promise.resolve([]),
    ids.length
      ? db.selectFrom('coaching_cycle_staff as cs')
        .leftJoin('staff_buildings as sb', (j) => j.onRef('sb.staff_id', '=', 'cs.staff_id').on('sb.district_id', '=', ctx.districtId)
          .on('sb.start_date', '<=', ctx.to).on((eb) => eb.or([eb('sb.end_date', 'is', null), eb('sb.end_date', '>=', ctx.to)])))
        .select(['cs.cycle_id', 'sb.building_id'])
        .where('cs.district_id', '=', ctx.districtId).where('cs.cycle_id', 'in', ids).execute()
      : Promise.resolve([]),
    targetProgress(db, ctx),
  ]);

  const whole = tally(cycles, ctx.today);
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
    if (c.status === 'cancelled') endOf.set(c.id, c.updated_on);
  }
  const funnel = stages
    .map((s) => {
      const rows = history.filter((h) => h.stage_id === s.id);
      const spent = rows.map((h) => Math.max(0, daysBetween(h.entered_on, h.left_on ?? endOf.get(h.cycle_id) ?? ctx.today)));
      return {
        stage_id: s.id,
        name: s.name,
        expected_days: s.expected_days,
        now: cycles.filter((c) => OPEN.has(c.status) && c.stage_id === s.id).length,
        entered: new Set(rows.map((h) => h.cycle_id)).size,
        average_days: spent.length ? oneDecimal(spent.reduce((a, b) => a + b, 0) / spent.length) : null,
        overdue: cycles.filter((c) => c.overdue && c.stage_id === s.id).length,
        archived: s.archived,
      };
    })
    .filter((s) => !s.archived || s.entered > 0)
    .map(({ archived: _archived, ...s }) => s);

  const completedCycles = cycles.filter((c) => c.status === 'completed');
  const outcomes = {
    met: completedCycles.filter((c) => c.outcome === 'met').length,
    partly_met: completedCycles.filter((c) => c.outcome === 'partly-met').length,
    not_met: completedCycles.filter((c) => c.outcome === 'not-met').length,
    not_recorded: completedCycles.filter((c) => c.outcome === null).length,
  };

  const coachIds = [...new Set(cycles.map((c) => c.coach_id))];
  const coachNames = await userNamesOf(db, ctx.districtId, coachIds);
  const byCoach = coachIds
    .map((id) => ({ id, name: coachNames.get(id) ?? 'Former coach', ...tally(cycles.filter((c) => c.coach_id === id), ctx.today) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);

  // A cycle counts at each school of its educators on `to`; a principal sees only their schools.
  const schoolsOf = new Map<number, Set<number | null>>();
  for (const r of staffSchools) {
    const set = schoolsOf.get(r.cycle_id) ?? new Set();
    set.add(r.building_id ?? null);
    schoolsOf.set(r.cycle_id, set);
  }
  const schoolIds = new Set<number | null>();
  for (const set of schoolsOf.values()) for (const id of set) schoolIds.add(id);
  if (ctx.scope.kind === 'building') for (const id of [...schoolIds]) if (id === null || !ctx.scope.buildingIds.includes(id)) schoolIds.delete(id);
  if (ctx.filter.building_id.length) for (const id of [...schoolIds]) if (id === null || !ctx.filter.building_id.includes(id)) schoolIds.delete(id);
  const schoolNames = await namesOf(db, 'buildings', ctx.districtId, [...schoolIds].filter((id): id is number => id !== null));
  const bySchool = [...schoolIds]
    .filter((id) => id === null || schoolNames.has(id))
    .map((id) => ({
      id,
      name: id === null ? 'No school' : schoolNames.get(id)!,
      ...tally(cycles.filter((c) => schoolsOf.get(c.id)?.has(id)), ctx.today),
    }))
    .sort((a, b) => (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0) || a.name.localeCompare(b.name));

  return {
    headline,
    by_status: STATUSES.map((status) => ({ status, cycles: cycles.filter((c) => c.status === status).length })),
    funnel,
    outcomes,
    by_coach: byCoach,
    by_school: bySchool,
    targets,
  };
}
