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
// The two sums read a range's whole months from the monthly rollups the database keeps in step with every
// write (db/reportRollups.ts; rollups.ts plans which days still come from the rows), so a district's
// school year costs a few thousand rollup rows instead of every interaction and participant in it.
import { type RawBuilder, sql } from 'kysely';
import { addDays } from '../../../lib/dates';
import type { TrendInterval } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { startOfLocalDay, todayIn } from '../../../lib/zone';
import { countedInteractions, type ReportContext, rosterRows, withRange } from './filters';
import { monthInteractionSums, monthParticipationSums, type RollupPlan, rollupPlan, zoneHasMonths } from './rollups';

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

/**
 * The counted interactions grouped by period (none: ''), type, school and coach: the range's whole months
 * from the rollups, corrected at its ends from the rows (rollups.ts), or all of it from the rows.
 */
export function interactionSums(db: DB, ctx: ReportContext, interval: TrendInterval | null = null): Promise<InteractionSum[]> {
  return once(ctx, `sums:${interval}`, async () => {
    const plan = await planFor(db, ctx, interval);
    if (!plan) return rawInteractionSums(db, ctx, interval);
    const [months, ...spans] = await Promise.all([
      monthInteractionSums(db, ctx, plan, interval), ...plan.spans.map((s) => rawInteractionSums(db, withRange(ctx, s.from, s.to), interval)),
    ]);
    return combined(months, spans, plan, (r) => `${r.period}|${r.type_id}|${r.building_id}|${r.coach_id}`);
  });
}

/** The counted interactions' participants (any educator) grouped by educator, period (none: ''), school and coach. */
export function participationSums(db: DB, ctx: ReportContext, interval: TrendInterval | null = null): Promise<ParticipationSum[]> {
  return once(ctx, `participations:${interval}`, async () => {
    const plan = await planFor(db, ctx, interval);
    if (!plan) return rawParticipationSums(db, ctx, interval);
    const [months, ...spans] = await Promise.all([
      monthParticipationSums(db, ctx, plan, interval), ...plan.spans.map((s) => rawParticipationSums(db, withRange(ctx, s.from, s.to), interval)),
    ]);
    const key = (r: ParticipationSum) => `${r.staff_id}|${r.period}|${r.building_id}|${r.coach_id}`;
    const rows = combined(months, spans, plan, key);
    // A group whose latest start lay in the days taken away after `to` is read again from the rows.
    const after = plan.spans.find((s) => s.sign < 0 && s.from > ctx.to);
    const afterAt = after && startOfLocalDay(after.from, ctx.timezone);
    const stale = afterAt ? rows.filter((r) => r.last_at >= afterAt) : [];
    if (!stale.length) return rows;
    const again = new Map((await rawParticipationSums(db, ctx, interval, stale.length <= 500 ? [...new Set(stale.map((r) => r.staff_id))] : null)).map((r) => [key(r), r]));
    return rows.map((r) => (r.last_at >= afterAt! ? again.get(key(r))! : r));
  });
}

/** The rollup plan (rollups.ts), once per context; null when the range is read from the rows. */
function planFor(db: DB, ctx: ReportContext, interval: TrendInterval | null): Promise<RollupPlan | null> {
  return once(ctx, `plan:${interval}`, async () => {
    const plan = rollupPlan(ctx, interval);
    return plan && (await zoneHasMonths(db, ctx.timezone)) ? plan : null;
  });
}

/**
 * The rollup's rows with each span's rows added or taken away (its sign), group by group (key): counts and
 * minutes summed, the latest start of the added rows kept; groups left with nothing dropped. A group whose
 * latest start lay in days taken away before `from` had all its rows there, so it is dropped too.
 */
function combined<R extends { n: number; minutes: number; last_at?: string }>(months: R[], spans: R[][], plan: RollupPlan, key: (r: R) => string): R[] {
  // The rollup's groups are whole already (one row a key): returned as read when no span read anything.
  if (!spans.some((rows) => rows.length)) return months;
  const out = new Map<string, R>();
  const add = (r: R, sign: 1 | -1) => {
    const k = key(r);
    const cur = out.get(k);
    if (!cur) out.set(k, { ...r, n: sign * r.n, minutes: sign * r.minutes });
    else {
      cur.n += sign * r.n;
      cur.minutes += sign * r.minutes;
      if (sign > 0 && r.last_at !== undefined && r.last_at > cur.last_at!) cur.last_at = r.last_at;
    }
  };
  for (const r of months) add(r, 1);
  spans.forEach((rows, i) => {
    for (const r of rows) add(r, plan.spans[i]!.sign);
  });
  return [...out.values()].filter((r) => r.n > 0);
}

async function rawInteractionSums(db: DB, ctx: ReportContext, interval: TrendInterval | null): Promise<InteractionSum[]> {
  const rows = await countedInteractions(db, ctx)
    .select([periodOf(ctx, interval).as('period'), 'i.interaction_type_id as type_id', 'i.building_id', 'i.coach_id',
      sql<number>`count(*)`.as('n'), sql<number>`sum(i.duration_minutes)`.as('minutes')])
    .groupBy([sql`1`, sql`2`, sql`3`, sql`4`]).execute();
  return rows.map((r) => ({ ...r, n: Number(r.n), minutes: Number(r.minutes) }));
}

async function rawParticipationSums(db: DB, ctx: ReportContext, interval: TrendInterval | null, staffIds: number[] | null = null): Promise<ParticipationSum[]> {
  const rows = await countedInteractions(db, ctx)
    .innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
    .$if(staffIds !== null, (q) => q.where('p.staff_id', 'in', staffIds!))
    .select(['p.staff_id', periodOf(ctx, interval).as('period'), 'i.building_id', 'i.coach_id',
      sql<number>`count(*)`.as('n'), sql<number>`sum(i.duration_minutes)`.as('minutes'), sql<string>`max(i.starts_at)`.as('last_at')])
    .groupBy([sql`1`, sql`2`, sql`3`, sql`4`]).execute();
  return rows.map((r) => ({ ...r, n: Number(r.n), minutes: Number(r.minutes) }));
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

/**
 * The counted interactions logged without a school (issue 26), each with the schools its participants were
 * at on its day in the district's timezone (building history): the by-school figures count it there, never
 * under "No school" while an educator of it had a school that day. Read from the rows: since the log form
 * and the API default the school, these are the few older or deliberately school-less ones. A school filter
 * or a principal's scope reads only interactions held at a school (filters.ts), so it finds none.
 */
export function unplacedInteractions(db: DB, ctx: ReportContext): Promise<{ id: number; minutes: number; schools: number[] }[]> {
  return once(ctx, 'unplaced', async () => {
    const rows = await countedInteractions(db, ctx).where('i.building_id', 'is', null)
      .leftJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
      .select(['i.id', 'i.starts_at', 'i.duration_minutes', 'p.staff_id']).execute();
    const staffIds = [...new Set(rows.map((r) => r.staff_id).filter((id): id is number => id !== null))];
    const stays = staffIds.length
      ? await db.selectFrom('staff_buildings').select(['staff_id', 'building_id', 'start_date', 'end_date'])
        .where('district_id', '=', ctx.districtId).where('staff_id', 'in', staffIds).execute()
      : [];
    const staysOf = new Map<number, typeof stays>();
    for (const s of stays) staysOf.set(s.staff_id, [...(staysOf.get(s.staff_id) ?? []), s]);
    const out = new Map<number, { id: number; minutes: number; schools: Set<number> }>();
    for (const r of rows) {
      const entry = out.get(r.id) ?? { id: r.id, minutes: r.duration_minutes, schools: new Set<number>() };
      out.set(r.id, entry);
      if (r.staff_id === null) continue;
      const day = todayIn(ctx.timezone, new Date(r.starts_at));
      for (const s of staysOf.get(r.staff_id) ?? []) {
        if (s.start_date <= day && (s.end_date === null || s.end_date >= day)) entry.schools.add(s.building_id);
      }
    }
    return [...out.values()].map((e) => ({ id: e.id, minutes: e.minutes, schools: [...e.schools] }));
  });
}
