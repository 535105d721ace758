// The Comparison report: two segments side by side — two schools, groups or coaches over the same range,
// or two periods — with the same measures and the difference (b − a). The other filters apply to both
// segments; a filter on the compared dimension is replaced by the segment. A segment id outside the
// caller's district or scope is a 422 on that field (a, b), never a name.
import { sql } from 'kysely';
import type { CompareBy, ComparisonMeasure, ComparisonReport } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { validationError } from '../../../http/errors';
import { oneDecimal, share } from '../presenter';
import { interactionTotals } from './interactions';
import { type ReportContext, resolveRange, withFilter, withRange } from './filters';
import { overlappingCycles, teamCoaches } from './filters';

export interface ComparisonInput {
  compare: CompareBy;
  a?: string; b?: string; a_from?: string; a_to?: string; b_from?: string; b_to?: string;
}

const ID_MESSAGES: Record<Exclude<CompareBy, 'period'>, string> = {
  building: 'School must be a school ID.',
  group: 'Group must be a group ID.',
  coach: 'Coach must be a coach ID.',
};

/** The names of the ids the caller may compare (their district, their scope); missing ones are absent. */
async function segmentNames(db: DB, ctx: ReportContext, by: Exclude<CompareBy, 'period'>, ids: number[]): Promise<Map<number, string>> {
  if (by === 'coach') {
    const rows = await teamCoaches(db, withFilter(ctx, { coach_id: ids, building_id: [] })).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  let q = db.selectFrom(by === 'building' ? 'buildings' : 'groups').select(['id', 'name']).where('district_id', '=', ctx.districtId).where('id', 'in', ids);
  if (by === 'building' && ctx.scope.kind === 'building') q = q.where('id', 'in', ctx.scope.buildingIds.length ? ctx.scope.buildingIds : [-1]);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

const formatDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

async function measuresOf(db: DB, ctx: ReportContext) {
  const [totals, cycles] = await Promise.all([
    interactionTotals(db, ctx),
    overlappingCycles(db, ctx).select(['c.status', sql<number>`count(*)`.as('n')]).where('c.status', 'in', ['active', 'completed']).groupBy('c.status').execute(),
  ]);
  return {
    interactions: totals.interactions,
    minutes: totals.minutes,
    educators_reached: totals.educators_reached,
    reached_share: share(totals.educators_reached, totals.roster_size),
    roster_size: totals.roster_size,
    cycles_active: Number(cycles.find((c) => c.status === 'active')?.n ?? 0),
    cycles_completed: Number(cycles.find((c) => c.status === 'completed')?.n ?? 0),
    average_interactions_per_educator: totals.roster_size ? oneDecimal(totals.interactions / totals.roster_size) : null,
  };
}

const LABELS: Record<ComparisonMeasure['key'], string> = {
  interactions: 'Interactions',
  minutes: 'Minutes',
  educators_reached: 'Educators reached',
  reached_share: 'Share of roster reached',
  roster_size: 'Educators on roster',
  cycles_active: 'Active cycles',
  cycles_completed: 'Completed cycles',
  average_interactions_per_educator: 'Interactions per educator',
};

export async function comparisonReport(db: DB, ctx: ReportContext, input: ComparisonInput): Promise<Omit<ComparisonReport, 'range'>> {
  let a: ReportContext;
  let b: ReportContext;
  let labels: [string, string];
  if (input.compare === 'period') {
    const calendar = { id: ctx.districtId, timezone: ctx.timezone, school_year_start_month: ctx.schoolYearStartMonth };
    const ra = resolveRange({ from: input.a_from!, to: input.a_to! }, calendar, ctx.today, { from: 'a_from', to: 'a_to' });
    const rb = resolveRange({ from: input.b_from!, to: input.b_to! }, calendar, ctx.today, { from: 'b_from', to: 'b_to' });
    a = withRange(ctx, ra.from, ra.to);
    b = withRange(ctx, rb.from, rb.to);
    labels = [`${formatDay(ra.from)} – ${formatDay(ra.to)}`, `${formatDay(rb.from)} – ${formatDay(rb.to)}`];
  } else {
    const by = input.compare;
    const ida = Number(input.a);
    const idb = Number(input.b);
    const names = await segmentNames(db, ctx, by, [ida, idb]);
    const errors: Record<string, string[]> = {};
    if (!names.has(ida)) errors.a = [ID_MESSAGES[by]];
    if (!names.has(idb)) errors.b = [ID_MESSAGES[by]];
    if (Object.keys(errors).length) throw validationError(errors);
    const key = by === 'building' ? 'building_id' : by === 'group' ? 'group_id' : 'coach_id';
    a = withFilter(ctx, { [key]: [ida] });
    b = withFilter(ctx, { [key]: [idb] });
    labels = [names.get(ida)!, names.get(idb)!];
  }
  const [ma, mb] = await Promise.all([measuresOf(db, a), measuresOf(db, b)]);
  const measures = (Object.keys(LABELS) as ComparisonMeasure['key'][]).map((key): ComparisonMeasure => {
    const va = ma[key];
    const vb = mb[key];
    const difference = va === null || vb === null ? null : Math.round((vb - va) * 10_000) / 10_000;
    return { key, label: LABELS[key], a: va, b: vb, difference };
  });
  return {
    compare: input.compare,
    segments: { a: { label: labels[0], from: a.from, to: a.to }, b: { label: labels[1], from: b.from, to: b.to } },
    measures,
  };
}
