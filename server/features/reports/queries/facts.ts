// Speed (issue 11, Performance): every report reads the counted interactions of its range in at most two
// scans, and derives each figure (headline, trend, by type, by school, by coach, per educator, targets)
// from their grouped rows here in memory, instead of one scan per figure:
// - `interactionSums`: the counted interactions grouped by (period, type, school, coach) — count and
//   minutes, read from the covering index alone;
// - `participationSums`: the counted interactions joined to their participants, grouped by (educator,
//   period, school, coach) — count, minutes and latest start. An (interaction, educator) pair is unique,
//   so a group's count is its number of distinct interactions; "reached" figures keep roster educators.
// - `roster`: the roster rows (rosterRows) once.
// Each is computed once per ReportContext object (a request builds its own contexts), so the targets,
// the headline and the tables of one report share them. The figures are the ones the separate queries gave.
import { type RawBuilder, sql } from 'kysely';
import type { TrendInterval } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { startOfLocalDay } from '../../../lib/zone';
import { addDays, countedInteractions, type ReportContext, rosterRows } from './filters';

export interface InteractionSum { period: string; type_id: number; building_id: number | null; coach_id: number; n: number; minutes: number }
export interface ParticipationSum { staff_id: number; period: string; building_id: number | null; coach_id: number; n: number; minutes: number; last_at: string }
export type RosterRow = Awaited<ReturnType<typeof rosterRows>>[number];

const kept = new WeakMap<ReportContext, Map<string, Promise<unknown>>>();

/** `compute()` once per context and key; later calls with the same context share its promise. */
function once<T>(ctx: ReportContext, key: string, compute: () => Promise<T>): Promise<T> {
  let map = kept.get(ctx);
  if (!map) kept.set(ctx, (map = new Map()));
  if (!map.has(key)) map.set(key, compute());
  return map.get(key) as Promise<T>;
}

/** The period starts of the range: Mondays (the first may fall before `from`) or the 1st of each month. */
export function periodStarts(ctx: ReportContext, interval: TrendInterval): string[] {
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

/**
 * The period (its start day) of an interaction's start: a binary search over the instants the periods
 * start at (local midnights), as nested CASEs comparing ISO text — the same answer as the local day of
 * the instant rounded to its week or month, at a few comparisons a row instead of date arithmetic.
 */
function periodOf(ctx: ReportContext, interval: TrendInterval | null): RawBuilder<string> {
  if (interval === null) return sql<string>`''`;
  const starts = periodStarts(ctx, interval);
  if (!starts.length) return sql<string>`''`;
  const bounds = starts.map((d) => startOfLocalDay(d, ctx.timezone));
  const pick = (lo: number, hi: number): RawBuilder<string> => {
    if (lo === hi) return sql<string>`${starts[lo]!}`;
    const mid = (lo + hi + 1) >> 1;
    return sql<string>`(case when i.starts_at < ${bounds[mid]!} then ${pick(lo, mid - 1)} else ${pick(mid, hi)} end)`;
  };
  return pick(0, starts.length - 1);
}

/** The counted interactions grouped by period (none: ''), type, school and coach. */
export function interactionSums(db: DB, ctx: ReportContext, interval: TrendInterval | null = null): Promise<InteractionSum[]> {
  return once(ctx, `sums:${interval}`, async () => {
    const rows = await countedInteractions(db, ctx)
      .select([periodOf(ctx, interval).as('period'), 'i.interaction_type_id as type_id', 'i.building_id', 'i.coach_id',
        sql<number>`count(*)`.as('n'), sql<number>`sum(i.duration_minutes)`.as('minutes')])
      .groupBy([sql`1`, sql`2`, sql`3`, sql`4`]).execute();
    return rows.map((r) => ({ ...r, n: Number(r.n), minutes: Number(r.minutes) }));
  });
}

/** The counted interactions' participants (any educator) grouped by educator, period (none: ''), school and coach. */
export function participationSums(db: DB, ctx: ReportContext, interval: TrendInterval | null = null): Promise<ParticipationSum[]> {
  return once(ctx, `participations:${interval}`, async () => {
    const rows = await countedInteractions(db, ctx)
      .innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
      .select(['p.staff_id', periodOf(ctx, interval).as('period'), 'i.building_id', 'i.coach_id',
        sql<number>`count(*)`.as('n'), sql<number>`sum(i.duration_minutes)`.as('minutes'), sql<string>`max(i.starts_at)`.as('last_at')])
      .groupBy([sql`1`, sql`2`, sql`3`, sql`4`]).execute();
    return rows.map((r) => ({ ...r, n: Number(r.n), minutes: Number(r.minutes) }));
  });
}

/** The roster rows (rosterRows: one per educator, with their school on `to`), once per context. */
export function roster(db: DB, ctx: ReportContext): Promise<RosterRow[]> {
  return once(ctx, 'roster', () => rosterRows(db, ctx));
}

/** The participation groups of roster educators (the "reached" rows). */
export async function reachedSums(db: DB, ctx: ReportContext, interval: TrendInterval | null = null): Promise<ParticipationSum[]> {
  const [rows, people] = await Promise.all([participationSums(db, ctx, interval), roster(db, ctx)]);
  const onRoster = new Set(people.map((r) => r.id));
  return rows.filter((r) => onRoster.has(r.staff_id));
}

/** Distinct educators of `rows` per key. */
export function distinctBy<K>(rows: readonly ParticipationSum[], key: (r: ParticipationSum) => K): Map<K, number> {
  const sets = new Map<K, Set<number>>();
  for (const r of rows) {
    const k = key(r);
    let set = sets.get(k);
    if (!set) sets.set(k, (set = new Set()));
    set.add(r.staff_id);
  }
  return new Map([...sets].map(([k, set]) => [k, set.size]));
}

/** Count and minutes of `rows` per key. */
export function sumBy<K, R extends { n: number; minutes: number }>(rows: readonly R[], key: (r: R) => K): Map<K, { n: number; minutes: number }> {
  const out = new Map<K, { n: number; minutes: number }>();
  for (const r of rows) {
    const k = key(r);
    const cur = out.get(k);
    if (cur) {
      cur.n += r.n;
      cur.minutes += r.minutes;
    } else out.set(k, { n: r.n, minutes: r.minutes });
  }
  return out;
}
