// The Interactions report: headline (count, minutes, educators reached, roster), trend per week or month
// (the district's days), by type, by school, by coach. Counting rules: common/schemas/reports.ts.
import { sql } from 'kysely';
import type { InteractionsReport, TrendInterval } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { localDayOf } from '../../../../db/dialect';
import { daysBetween } from '../../../lib/zone';
import {
  addDays, countedInteractions, namesOf, type ReportContext, reachedParticipations, rosterIds, rosterRows, userNamesOf,
} from './filters';
import { targetProgress } from './targets';

const NO_SCHOOL = 'No school';

/** Month for ranges over 13 weeks, else week (unless asked). */
export const defaultInterval = (ctx: ReportContext): TrendInterval => (daysBetween(ctx.from, ctx.to) + 1 > 13 * 7 ? 'month' : 'week');

/** Count, minutes and reached educators of the counted interactions (the headline; also the comparison's measures). */
export async function interactionTotals(db: DB, ctx: ReportContext) {
  const [totals, reached, roster] = await Promise.all([
    countedInteractions(db, ctx).select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(i.duration_minutes), 0)`.as('minutes')]).executeTakeFirstOrThrow(),
    reachedParticipations(db, ctx).select(sql<number>`count(distinct p.staff_id)`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom(rosterIds(db, ctx).as('r')).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const rosterSize = Number(roster.n);
  const educatorsReached = Number(reached.n);
  return {
    interactions: Number(totals.n),
    minutes: Number(totals.minutes),
    educators_reached: educatorsReached,
    roster_size: rosterSize,
    reached_share: rosterSize ? educatorsReached / rosterSize : null,
  };
}

/** The period starts of the range: Mondays (the first may fall before `from`) or the 1st of each month. */
function periodStarts(ctx: ReportContext, interval: TrendInterval): string[] {
  const out: string[] = [];
  if (interval === 'month') {
    let [y, m] = ctx.from.split('-').map(Number) as [number, number];
    for (;;) {
      const start = `${y}-${String(m).padStart(2, '0')}-01`;
      if (start > ctx.to) break;
      out.push(start);
      m += 1;
      if (m > 12) { m = 1; y += 1; }
    }
    return out;
  }
  const weekday = (new Date(`${ctx.from}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  for (let d = addDays(ctx.from, -weekday); d <= ctx.to; d = addDays(d, 7)) out.push(d);
  return out;
}

export async function trendOf(db: DB, ctx: ReportContext, interval: TrendInterval): Promise<InteractionsReport['trend']> {
  const period = localDayOf(sql.ref('i.starts_at'), ctx.offsets, interval);
  const [sums, reached] = await Promise.all([
    countedInteractions(db, ctx).select([period.as('period'), sql<number>`count(*)`.as('n'), sql<number>`sum(i.duration_minutes)`.as('minutes')])
      .groupBy(sql`1`).execute(),
    reachedParticipations(db, ctx).select([period.as('period'), sql<number>`count(distinct p.staff_id)`.as('n')]).groupBy(sql`1`).execute(),
  ]);
  const byPeriod = new Map(sums.map((r) => [r.period, r]));
  const reachedBy = new Map(reached.map((r) => [r.period, Number(r.n)]));
  return {
    interval,
    points: periodStarts(ctx, interval).map((start) => ({
      period_start: start,
      interactions: Number(byPeriod.get(start)?.n ?? 0),
      minutes: Number(byPeriod.get(start)?.minutes ?? 0),
      educators_reached: reachedBy.get(start) ?? 0,
    })),
  };
}

export async function byTypeOf(db: DB, ctx: ReportContext): Promise<InteractionsReport['by_type']> {
  const sums = await countedInteractions(db, ctx)
    .select(['i.interaction_type_id as id', sql<number>`count(*)`.as('n'), sql<number>`sum(i.duration_minutes)`.as('minutes')])
    .groupBy('i.interaction_type_id').execute();
  if (!sums.length) return [];
  const types = await db.selectFrom('interaction_types').select(['id', 'name', 'colour', 'sort_order'])
    .where('district_id', '=', ctx.districtId).where('id', 'in', sums.map((s) => s.id)).execute();
  const byId = new Map(sums.map((s) => [s.id, s]));
  return types
    .map((t) => ({ id: t.id, name: t.name, colour: t.colour, interactions: Number(byId.get(t.id)!.n), minutes: Number(byId.get(t.id)!.minutes), sort: t.sort_order }))
    .sort((a, b) => b.interactions - a.interactions || a.sort - b.sort || a.id - b.id)
    .map(({ sort: _sort, ...row }) => row);
}

export async function bySchoolOf(db: DB, ctx: ReportContext): Promise<InteractionsReport['by_school']> {
  const [sums, reached, roster] = await Promise.all([
    countedInteractions(db, ctx).select(['i.building_id as id', sql<number>`count(*)`.as('n'), sql<number>`sum(i.duration_minutes)`.as('minutes')])
      .groupBy('i.building_id').execute(),
    reachedParticipations(db, ctx).select('p.staff_id').distinct().execute(),
    rosterRows(db, ctx),
  ]);
  // Interactions and minutes go by the school an interaction happened at; "reached" counts each school's
  // own roster (the educator's school on `to`) reached anywhere, so it never exceeds the roster and the
  // schools' reached add up to the headline.
  const rosterBy = new Map<number | null, number>();
  const schoolOf = new Map<number, number | null>();
  for (const r of roster) {
    rosterBy.set(r.building_id ?? null, (rosterBy.get(r.building_id ?? null) ?? 0) + 1);
    schoolOf.set(r.id, r.building_id ?? null);
  }
  const reachedBy = new Map<number | null, number>();
  for (const { staff_id } of reached) {
    const school = schoolOf.get(staff_id);
    if (school !== undefined) reachedBy.set(school, (reachedBy.get(school) ?? 0) + 1);
  }
  const ids = new Set<number | null>([...sums.map((s) => s.id), ...rosterBy.keys()]);
  const names = await namesOf(db, 'buildings', ctx.districtId, [...ids].filter((id): id is number => id !== null));
  const sumBy = new Map(sums.map((s) => [s.id, s]));
  return [...ids]
    .filter((id) => id === null || names.has(id))
    .map((id) => ({
      id,
      name: id === null ? NO_SCHOOL : names.get(id)!,
      interactions: Number(sumBy.get(id)?.n ?? 0),
      minutes: Number(sumBy.get(id)?.minutes ?? 0),
      educators_reached: reachedBy.get(id) ?? 0,
      roster_size: rosterBy.get(id) ?? 0,
    }))
    .sort((a, b) => (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0) || b.interactions - a.interactions || a.name.localeCompare(b.name));
}

export async function byCoachOf(db: DB, ctx: ReportContext): Promise<InteractionsReport['by_coach']> {
  const [sums, reached] = await Promise.all([
    countedInteractions(db, ctx).select(['i.coach_id as id', sql<number>`count(*)`.as('n'), sql<number>`sum(i.duration_minutes)`.as('minutes')])
      .groupBy('i.coach_id').execute(),
    reachedParticipations(db, ctx).select(['i.coach_id as id', sql<number>`count(distinct p.staff_id)`.as('n')]).groupBy('i.coach_id').execute(),
  ]);
  const names = await userNamesOf(db, ctx.districtId, sums.map((s) => s.id));
  const reachedBy = new Map(reached.map((r) => [r.id, Number(r.n)]));
  return sums
    .map((s) => ({ id: s.id, name: names.get(s.id) ?? 'Former coach', interactions: Number(s.n), minutes: Number(s.minutes), educators_reached: reachedBy.get(s.id) ?? 0 }))
    .sort((a, b) => b.interactions - a.interactions || a.name.localeCompare(b.name) || a.id - b.id);
}

export async function interactionsReport(db: DB, ctx: ReportContext, interval: TrendInterval | undefined): Promise<Omit<InteractionsReport, 'range'>> {
  const [headline, trend, byType, bySchool, byCoach, targets] = await Promise.all([
    interactionTotals(db, ctx), trendOf(db, ctx, interval ?? defaultInterval(ctx)), byTypeOf(db, ctx), bySchoolOf(db, ctx), byCoachOf(db, ctx),
    targetProgress(db, ctx),
  ]);
  return { headline, trend, by_type: byType, by_school: bySchool, by_coach: byCoach, targets };
}
