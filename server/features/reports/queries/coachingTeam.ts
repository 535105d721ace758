// The Coaching team report: one row per coach (users with the coach role in the district; a `.self`
// reader sees their own row, a `.building` reader the coaches of their schools; a school filter keeps the
// coaches of those schools): caseload on `to` (roster educators), counted interactions, minutes of
// coaching types vs other types, logged time (activities, all categories, not narrowed by school or
// type), educators reached, cycles active and completed, follow-through (their caseload's action steps due in the
// range), coaching requests that reached their queue and the interactions those scheduled (followThrough.ts);
// and the team's time use.
import { sql } from 'kysely';
import { ACTIVITY_CATEGORIES, type ActivityCategory } from '../../../../common/schemas/interactions';
import type { CoachingTeamReport, CoachingTeamRow } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { currentOn } from '../../../lib/history';
import { distinctBy, interactionSums, reachedSums } from './facts';
import { actionStepFigures, educatorInitiatedByCoach, requestFigures } from './followThrough';
import { overlappingCycles, type ReportContext, rosterIds, teamCoaches } from './filters';

/** The team's counted interactions per coach and "counts as coaching" (from the grouped sums, facts.ts). */
async function coachingSums(db: DB, ctx: ReportContext, team: Set<number>) {
  const [sums, types] = await Promise.all([
    interactionSums(db, ctx),
    db.selectFrom('interaction_types').select(['id', 'counts_as_coaching']).where('district_id', '=', ctx.districtId).execute(),
  ]);
  const coaching = new Map(types.map((t) => [t.id, t.counts_as_coaching]));
  const out = new Map<string, { coach_id: number; counts_as_coaching: number; n: number; minutes: number }>();
  for (const r of sums) {
    const kind = coaching.get(r.type_id);
    if (kind === undefined || !team.has(r.coach_id)) continue;
    const key = `${r.coach_id}:${kind}`;
    const cur = out.get(key);
    if (cur) {
      cur.n += r.n;
      cur.minutes += r.minutes;
    } else out.set(key, { coach_id: r.coach_id, counts_as_coaching: kind, n: r.n, minutes: r.minutes });
  }
  return [...out.values()];
}

export async function coachingTeamReport(db: DB, ctx: ReportContext): Promise<Omit<CoachingTeamReport, 'range'>> {
  const coaches = await teamCoaches(db, ctx).execute();
  const ids = coaches.map((c) => c.id);
  if (!ids.length) {
    return {
      headline: { coaches: 0, interactions: 0, coaching_minutes: 0, activity_minutes: 0, educators_reached: 0 },
      data: [],
      time_use: timeUse(0, 0, []),
    };
  }
  const team = new Set(ids);
  const [caseloads, sums, teamReached, activities, cycles, steps, requests, initiated] = await Promise.all([
    db.selectFrom('coach_assignments as ca').select(['ca.coach_id', sql<number>`count(distinct ca.staff_id)`.as('n')])
      .where('ca.district_id', '=', ctx.districtId).where('ca.coach_id', 'in', ids).where(currentOn('ca', ctx.to))
      .where('ca.staff_id', 'in', rosterIds(db, ctx)).groupBy('ca.coach_id').execute(),
    coachingSums(db, ctx, new Set(ids)),
    reachedSums(db, ctx).then((rows) => rows.filter((r) => team.has(r.coach_id))),
    db.selectFrom('activities').select(['user_id', 'category', sql<number>`sum(minutes)`.as('minutes')])
      .where('district_id', '=', ctx.districtId).where('deleted_at', 'is', null).where('user_id', 'in', ids)
      .where('starts_at', '>=', ctx.fromAt).where('starts_at', '<', ctx.toAt)
      .groupBy(['user_id', 'category']).execute(),
    overlappingCycles(db, ctx).select(['c.coach_id', 'c.status', sql<number>`count(*)`.as('n')])
      .where('c.coach_id', 'in', ids).where('c.status', 'in', ['active', 'completed']).groupBy(['c.coach_id', 'c.status']).execute(),
    actionStepFigures(db, ctx), requestFigures(db, ctx), educatorInitiatedByCoach(db, ctx),
  ]);
  const stepsBy = new Map(steps.by_coach.map(({ id, name: _name, ...f }) => [id, f]));
  const requestsBy = new Map(requests.by_coach.map(({ id, name: _name, ...f }) => [id, f]));
  const caseloadBy = new Map(caseloads.map((r) => [r.coach_id, Number(r.n)]));
  const reachedBy = distinctBy(teamReached, (r) => r.coach_id);
  const data: CoachingTeamRow[] = coaches.map((c) => {
    const mine = sums.filter((s) => s.coach_id === c.id);
    const minutesOf = (coaching: number) => mine.filter((s) => s.counts_as_coaching === coaching).reduce((a, s) => a + s.minutes, 0);
    return {
      coach: { id: c.id, name: c.name },
      caseload: caseloadBy.get(c.id) ?? 0,
      interactions: mine.reduce((a, s) => a + s.n, 0),
      coaching_minutes: minutesOf(1),
      other_interaction_minutes: minutesOf(0),
      activity_minutes: activities.filter((a) => a.user_id === c.id).reduce((a, s) => a + Number(s.minutes), 0),
      educators_reached: reachedBy.get(c.id) ?? 0,
      cycles_active: Number(cycles.find((x) => x.coach_id === c.id && x.status === 'active')?.n ?? 0),
      cycles_completed: Number(cycles.find((x) => x.coach_id === c.id && x.status === 'completed')?.n ?? 0),
      action_steps: stepsBy.get(c.id) ?? { due: 0, on_time: 0, late: 0, overdue: 0, on_time_share: null },
      requests: requestsBy.get(c.id) ?? { received: 0, accepted: 0, passed: 0, waiting: 0, withdrawn: 0 },
      educator_initiated: initiated.get(c.id) ?? 0,
    };
  });
  const total = (key: 'interactions' | 'coaching_minutes' | 'other_interaction_minutes' | 'activity_minutes') => data.reduce((a, r) => a + r[key], 0);
  const byCategory = new Map<string, number>();
  for (const a of activities) byCategory.set(a.category, (byCategory.get(a.category) ?? 0) + Number(a.minutes));
  return {
    headline: {
      coaches: data.length,
      interactions: total('interactions'),
      coaching_minutes: total('coaching_minutes'),
      activity_minutes: total('activity_minutes'),
      educators_reached: new Set(teamReached.map((r) => r.staff_id)).size,
    },
    data,
    time_use: timeUse(total('coaching_minutes'), total('other_interaction_minutes'), [...byCategory]),
  };
}

function timeUse(coaching: number, other: number, categories: [string, number][]): CoachingTeamReport['time_use'] {
  const minutes = new Map(categories);
  return [
    { key: 'coaching', label: 'Coaching', minutes: coaching },
    { key: 'other-interactions', label: 'Other interactions', minutes: other },
    ...(Object.keys(ACTIVITY_CATEGORIES) as ActivityCategory[]).map((key) => ({ key, label: ACTIVITY_CATEGORIES[key], minutes: minutes.get(key) ?? 0 })),
  ];
}
