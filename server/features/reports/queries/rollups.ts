// Reading the monthly rollups (db/reportRollups.ts): a range's whole months of the district's timezone come
// from report_interaction_months and report_participation_months, its partial first and last months from
// the rows themselves (facts.ts), and the two are merged into the same groups facts.ts always gave. The
// rollups know no interaction type and no participant's grade, subject or group, and a month cannot be cut
// into weeks: with a type or educator filter, a weekly trend, or a zone without months (db/zoneMonths.ts)
// the whole range is read from the rows.
import { sql } from 'kysely';
import { addDays } from '../../../lib/dates';
import type { TrendInterval } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { FIRST_ZONE_MONTH, LAST_ZONE_MONTH, zoneMonthCount } from '../../../../db/zoneMonths';
import { daysBetween } from '../../../lib/zone';
import type { InteractionSum, ParticipationSum } from './facts';
import { describesEducators, type ReportContext } from './filters';

/**
 * What a range reads from the rollups: the months first … last (YYYY-MM) whole, plus the days of `spans`
 * read from the rows and added (sign 1) or taken away (sign -1). A partial month at either end is either
 * read from the rows (its days in the range) or taken whole from the rollup less the days outside the
 * range, whichever has fewer days to read (days after today count for nothing: they hold few counted
 * interactions). Days after `to` are taken away only when they are all after today (the current month is
 * its sum less the rest of the month): a group whose latest start lay in them needs that start read again
 * (facts.ts), which days in the past would ask of thousands of groups.
 */
export interface RollupPlan {
  first: string;
  last: string;
  spans: { from: string; to: string; sign: 1 | -1 }[];
}

const monthAfter = (month: string) => addDays(`${month}-28`, 7).slice(0, 7);
const monthBefore = (month: string) => addDays(`${month}-01`, -1).slice(0, 7);
const lastDayOf = (month: string) => addDays(`${monthAfter(month)}-01`, -1);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The plan for a context and trend interval, or null when the rollups cannot answer it (see above).
 * `countsOnly`: the reader sums counts alone (no latest start to read again: the walkthrough report), so the
 * past days after `to` may be taken away too, when there are fewer of them than days to read.
 */
export function rollupPlan(ctx: ReportContext, interval: TrendInterval | null, options: { countsOnly?: boolean } = {}): RollupPlan | null {
  if (interval === 'week' || ctx.filter.interaction_type_id.length || describesEducators(ctx.filter)) return null;
  // Days to read in [from, to]: those up to today.
  const cost = (from: string, to: string) => (from > to ? 0 : Math.max(0, daysBetween(from, earlier(to, ctx.today)) + 1));
  let first = ctx.from.slice(0, 7);
  let last = ctx.to.slice(0, 7);
  const spans: RollupPlan['spans'] = [];
  const firstDaysIn = earlier(ctx.to, lastDayOf(first));
  if (ctx.from > `${first}-01` && cost(`${first}-01`, addDays(ctx.from, -1)) >= cost(ctx.from, firstDaysIn)) {
    spans.push({ from: ctx.from, to: firstDaysIn, sign: 1 });
    first = monthAfter(first);
  }
  const readLast = options.countsOnly ? cost(`${last}-01`, ctx.to) < cost(addDays(ctx.to, 1), lastDayOf(last)) : ctx.to < ctx.today;
  if (first <= last && ctx.to < lastDayOf(last) && readLast) {
    spans.push({ from: `${last}-01`, to: ctx.to, sign: 1 });
    last = monthBefore(last);
  }
  if (first > last || first < FIRST_ZONE_MONTH || last > LAST_ZONE_MONTH) return null;
  if (ctx.from > `${first}-01`) spans.push({ from: `${first}-01`, to: addDays(ctx.from, -1), sign: -1 });
  if (ctx.to < lastDayOf(last)) spans.push({ from: addDays(ctx.to, 1), to: lastDayOf(last), sign: -1 });
  return { first, last, spans };
}

/** True when the district's zone has all its months written (the rollups hold its interactions). */
export async function zoneHasMonths(db: DB, timezone: string): Promise<boolean> {
  const row = await db.selectFrom('zone_months').select((eb) => eb.fn.countAll<number>().as('n')).where('timezone', '=', timezone).executeTakeFirstOrThrow();
  return Number(row.n) === zoneMonthCount();
}

type Condition = ['district_id' | 'building_id' | 'coach_id', '=' | 'in', number | number[]] | ['month', '>=' | '<=', string];

/**
 * A rollup's rows narrowed as countedInteractions narrows the rows: the months, the scope, the school and coach
 * filters (the walkthrough rollups' columns have these names too: walkthroughs.ts).
 */
export function rollupConditions(ctx: ReportContext, plan: RollupPlan): Condition[] {
  const out: Condition[] = [['district_id', '=', ctx.districtId], ['month', '>=', plan.first], ['month', '<=', plan.last]];
  if (ctx.scope.kind === 'building') out.push(['building_id', 'in', ctx.scope.buildingIds.length ? ctx.scope.buildingIds : [-1]]);
  else if (ctx.scope.kind !== 'district') out.push(['coach_id', '=', ctx.scope.userId]);
  if (ctx.filter.building_id.length) out.push(['building_id', 'in', ctx.filter.building_id]);
  if (ctx.filter.coach_id.length) out.push(['coach_id', 'in', ctx.filter.coach_id]);
  return out;
}

/** A rollup month as facts.ts's period: its first day for a monthly trend, else '' (no trend). */
const periodOf = (interval: TrendInterval | null) => (interval === 'month' ? sql<string>`month || '-01'` : sql<string>`''`).as('period');

/** The rollup's interaction groups of the plan's months (as facts.ts's): per month for a monthly trend, else summed over them. */
export async function monthInteractionSums(db: DB, ctx: ReportContext, plan: RollupPlan, interval: TrendInterval | null): Promise<InteractionSum[]> {
  const t = 'report_interaction_months';
  let q = db.selectFrom(t)
    .select([periodOf(interval), `${t}.interaction_type_id as type_id`, sql<number | null>`nullif(${sql.ref(`${t}.building_id`)}, 0)`.as('building_id'),
      `${t}.coach_id`, sql<number>`sum(n)`.as('n'), sql<number>`sum(minutes)`.as('minutes')])
    .groupBy([...(interval === 'month' ? [`${t}.month` as const] : []), `${t}.interaction_type_id`, `${t}.building_id`, `${t}.coach_id`]);
  for (const [column, op, value] of rollupConditions(ctx, plan)) q = q.where(`${t}.${column}`, op, value);
  return q.execute();
}

/** The rollup's participation groups of the plan's months (as facts.ts's): per month for a monthly trend, else summed over them. */
export async function monthParticipationSums(db: DB, ctx: ReportContext, plan: RollupPlan, interval: TrendInterval | null): Promise<ParticipationSum[]> {
  const t = 'report_participation_months';
  let q = db.selectFrom(t)
    .select([`${t}.staff_id`, periodOf(interval), sql<number | null>`nullif(${sql.ref(`${t}.building_id`)}, 0)`.as('building_id'), `${t}.coach_id`,
      sql<number>`sum(n)`.as('n'), sql<number>`sum(minutes)`.as('minutes'), sql<string>`max(last_at)`.as('last_at')])
    .groupBy([`${t}.staff_id`, ...(interval === 'month' ? [`${t}.month` as const] : []), `${t}.building_id`, `${t}.coach_id`]);
  for (const [column, op, value] of rollupConditions(ctx, plan)) q = q.where(`${t}.${column}`, op, value);
  return q.execute();
}
