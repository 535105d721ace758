// The Interactions report: headline (count, minutes, educators reached, roster), trend per week or month
// (the district's days), by type, by school, by coach. Counting rules: common/schemas/reports.ts.
import type { InteractionsReport, TrendInterval } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { daysBetween } from '../../../lib/zone';
import { namesOf, type ReportContext, userNamesOf } from './filters';
import { distinctBy, interactionSums, periodStarts, reachedSums, roster, sumBy, unplacedInteractions } from './facts';
import { actionStepFigures, educatorInitiatedByCoach, requestFigures } from './followThrough';
import { targetProgress } from './targets';

const NO_SCHOOL = 'No school';

/** Month for ranges over 13 weeks, else week (unless asked). */
export const defaultInterval = (ctx: ReportContext): TrendInterval => (daysBetween(ctx.from, ctx.to) + 1 > 13 * 7 ? 'month' : 'week');

/** Count, minutes and reached educators of the counted interactions (the headline; also the comparison's measures). */
export async function interactionTotals(db: DB, ctx: ReportContext, interval: TrendInterval | null = null) {
  const [sums, reached, people] = await Promise.all([interactionSums(db, ctx, interval), reachedSums(db, ctx, interval), roster(db, ctx)]);
  const rosterSize = people.length;
  const educatorsReached = new Set(reached.map((r) => r.staff_id)).size;
  return {
    interactions: sums.reduce((a, r) => a + r.n, 0),
    minutes: sums.reduce((a, r) => a + r.minutes, 0),
    educators_reached: educatorsReached,
    roster_size: rosterSize,
    reached_share: rosterSize ? educatorsReached / rosterSize : null,
  };
}

export async function trendOf(db: DB, ctx: ReportContext, interval: TrendInterval): Promise<InteractionsReport['trend']> {
  const [sums, reached] = await Promise.all([interactionSums(db, ctx, interval), reachedSums(db, ctx, interval)]);
  const byPeriod = sumBy(sums, (r) => r.period);
  const reachedBy = distinctBy(reached, (r) => r.period);
  return {
    interval,
    points: periodStarts(ctx, interval).map((start) => ({
      period_start: start,
      interactions: byPeriod.get(start)?.n ?? 0,
      minutes: byPeriod.get(start)?.minutes ?? 0,
      educators_reached: reachedBy.get(start) ?? 0,
    })),
  };
}

export async function byTypeOf(db: DB, ctx: ReportContext, interval: TrendInterval | null = null): Promise<InteractionsReport['by_type']> {
  const byId = sumBy(await interactionSums(db, ctx, interval), (r) => r.type_id);
  if (!byId.size) return [];
  const types = await db.selectFrom('interaction_types').select(['id', 'name', 'colour', 'sort_order'])
    .where('district_id', '=', ctx.districtId).where('id', 'in', [...byId.keys()]).execute();
  return types
    .map((t) => ({ id: t.id, name: t.name, colour: t.colour, interactions: byId.get(t.id)!.n, minutes: byId.get(t.id)!.minutes, sort: t.sort_order }))
    .sort((a, b) => b.interactions - a.interactions || a.sort - b.sort || a.id - b.id)
    .map(({ sort: _sort, ...row }) => row);
}

export async function bySchoolOf(db: DB, ctx: ReportContext, interval: TrendInterval | null = null): Promise<InteractionsReport['by_school']> {
  const [sums, reached, people] = await Promise.all([interactionSums(db, ctx, interval), reachedSums(db, ctx, interval), roster(db, ctx)]);
  // Interactions and minutes go by the school an interaction happened at (one logged without a school: its
  // educators' schools that day); "reached" counts each school's
  // own roster (the educator's school on `to`) reached anywhere, so it never exceeds the roster and the
  // schools' reached add up to the headline.
  const rosterBy = new Map<number | null, number>();
  const schoolOf = new Map<number, number | null>();
  for (const r of people) {
    rosterBy.set(r.building_id ?? null, (rosterBy.get(r.building_id ?? null) ?? 0) + 1);
    schoolOf.set(r.id, r.building_id ?? null);
  }
  const reachedBy = new Map<number | null, number>();
  for (const staffId of new Set(reached.map((r) => r.staff_id))) {
    const school = schoolOf.get(staffId);
    if (school !== undefined) reachedBy.set(school, (reachedBy.get(school) ?? 0) + 1);
  }
  const sumById = sumBy(sums, (r) => r.building_id);
  // An interaction logged without a school counts at each school its educators were at that day (issue 26);
  // only one whose educators had none (or that had no educators) stays under "No school".
  const none = sumById.get(null);
  if (none) {
    for (const u of await unplacedInteractions(db, ctx)) {
      if (!u.schools.length) continue;
      none.n -= 1;
      none.minutes -= u.minutes;
      for (const school of u.schools) {
        const cur = sumById.get(school) ?? { n: 0, minutes: 0 };
        sumById.set(school, { n: cur.n + 1, minutes: cur.minutes + u.minutes });
      }
    }
    if (none.n <= 0) sumById.delete(null);
  }
  const ids = new Set<number | null>([...sumById.keys(), ...rosterBy.keys()]);
  const names = await namesOf(db, 'buildings', ctx.districtId, [...ids].filter((id): id is number => id !== null));
  return [...ids]
    .filter((id) => id === null || names.has(id))
    .map((id) => ({
      id,
      name: id === null ? NO_SCHOOL : names.get(id)!,
      interactions: sumById.get(id)?.n ?? 0,
      minutes: sumById.get(id)?.minutes ?? 0,
      educators_reached: reachedBy.get(id) ?? 0,
      roster_size: rosterBy.get(id) ?? 0,
    }))
    .sort((a, b) => (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0) || b.interactions - a.interactions || a.name.localeCompare(b.name));
}

export async function byCoachOf(db: DB, ctx: ReportContext, interval: TrendInterval | null = null, initiated?: Map<number, number>): Promise<InteractionsReport['by_coach']> {
  const [sums, reached, fromRequests] = await Promise.all([interactionSums(db, ctx, interval), reachedSums(db, ctx, interval), initiated ?? educatorInitiatedByCoach(db, ctx)]);
  const sumById = sumBy(sums, (r) => r.coach_id);
  const names = await userNamesOf(db, ctx.districtId, [...sumById.keys()]);
  const reachedBy = distinctBy(reached, (r) => r.coach_id);
  return [...sumById]
    .map(([id, s]) => ({ id, name: names.get(id) ?? 'Former coach', interactions: s.n, minutes: s.minutes, educators_reached: reachedBy.get(id) ?? 0, educator_initiated: fromRequests.get(id) ?? 0 }))
    .sort((a, b) => b.interactions - a.interactions || a.name.localeCompare(b.name) || a.id - b.id);
}

/** Interactions counted per roster educator (the targets' input), from the reached groups. */
export async function perEducatorOf(db: DB, ctx: ReportContext, interval: TrendInterval | null = null): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const r of await reachedSums(db, ctx, interval)) out.set(r.staff_id, (out.get(r.staff_id) ?? 0) + r.n);
  return out;
}

export async function interactionsReport(db: DB, ctx: ReportContext, interval: TrendInterval | undefined): Promise<Omit<InteractionsReport, 'range'>> {
  // One interval for every figure, so the two scans (facts.ts) serve the trend and the rest alike.
  const every = interval ?? defaultInterval(ctx);
  const initiated = educatorInitiatedByCoach(db, ctx);
  const [headline, trend, byType, bySchool, byCoach, targets, actionSteps, requests, fromRequests] = await Promise.all([
    interactionTotals(db, ctx, every), trendOf(db, ctx, every), byTypeOf(db, ctx, every), bySchoolOf(db, ctx, every), initiated.then((m) => byCoachOf(db, ctx, every, m)),
    perEducatorOf(db, ctx, every).then((perEducator) => targetProgress(db, ctx, perEducator)),
    actionStepFigures(db, ctx), requestFigures(db, ctx), initiated,
  ]);
  return {
    headline: { ...headline, educator_initiated: [...fromRequests.values()].reduce((a, n) => a + n, 0) },
    trend, by_type: byType, by_school: bySchool, by_coach: byCoach, targets, action_steps: actionSteps, requests,
  };
}
