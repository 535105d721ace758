// Follow-through and educator-initiated coaching in the reports (issue 29): beside the coaching targets, by
// coach and by school,
// - action steps due in the range (due_on from `from` to `to`, not dropped) of roster educators: done on time
//   (done_on ≤ due_on), done late, overdue (still open, due before today) and the on-time share
//   = on time / (on time + late + overdue), null when none of those. Steps without a due day are not due in any
//   range, so they count nowhere here (the dashboards' follow-through view counts them done on time);
// - coaching requests made in the range (created_at in [fromAt, toAt)) by roster educators: received, accepted,
//   passed on (at least once), waiting (open or passed, not yet accepted) and withdrawn;
// - counted interactions that came from an accepted request (the session its acceptance scheduled, since
//   completed): "educator-initiated".
// Scope and filters as the neighbouring figures: the owner/asker is on the roster (filters.ts rosterQuery: the
// caller's schools, a coach's caseload, the educator filters, the school and coach filters on `to`). A coach
// reading `.self` also counts the requests that reached their queue from educators outside their caseload (an
// educator without a coach asks their school's coaches), still matching the educator filters.
// By coach: action steps of the educators in each coach's caseload on `to` (an educator with two coaches counts
// under both); requests that reached the coach's queue (received), that they accepted, that left their queue by
// a pass (theirs or a co-holder's), and that wait in their queue now. By school: the educator's school on `to`.
import { sql } from 'kysely';
import type { FollowThroughFigures, RequestFigures } from '../../../../common/schemas/reports';
import type { DB } from '../../../../db/connection';
import { currentOn } from '../../../lib/history';
import { share } from '../presenter';
import { roster, type RosterRow } from './facts';
import { countedInteractions, namesOf, type ReportContext, rosterIds, rosterQuery, teamCoaches } from './filters';

const NO_SCHOOL = 'No school';
const WAITING = ['open', 'passed'] as const;

interface StepRow { staff_id: number; due_on: string; status: string; done_on: string | null }

const emptySteps = (): FollowThroughFigures => ({ due: 0, on_time: 0, late: 0, overdue: 0, on_time_share: null });
const emptyRequests = (): RequestFigures => ({ received: 0, accepted: 0, passed: 0, waiting: 0, withdrawn: 0 });

function addStep(f: FollowThroughFigures, s: StepRow, today: string): void {
  f.due += 1;
  if (s.status === 'done' && s.done_on !== null) {
    if (s.done_on <= s.due_on) f.on_time += 1;
    else f.late += 1;
  } else if (s.status === 'open' && s.due_on < today) f.overdue += 1;
}

function withShare(f: FollowThroughFigures): FollowThroughFigures {
  const counted = f.on_time + f.late + f.overdue;
  return { ...f, on_time_share: share(f.on_time, counted) };
}

/** Roster educators' schools on `to` (null: none), from the report's one roster read. */
async function schoolsOf(db: DB, ctx: ReportContext): Promise<{ people: RosterRow[]; schoolOf: Map<number, number | null> }> {
  const people = await roster(db, ctx);
  return { people, schoolOf: new Map(people.map((r) => [r.id, r.building_id ?? null])) };
}

async function schoolRows<T>(db: DB, ctx: ReportContext, by: Map<number | null, T>, weight: (v: T) => number) {
  const names = await namesOf(db, 'buildings', ctx.districtId, [...by.keys()].filter((id): id is number => id !== null));
  return [...by]
    .filter(([id]) => id === null || names.has(id))
    .map(([id, v]) => ({ id, name: id === null ? NO_SCHOOL : names.get(id)!, v }))
    .sort((a, b) => (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0) || weight(b.v) - weight(a.v) || a.name.localeCompare(b.name));
}

/** Each team coach's caseload on `to` among the given educators. */
async function caseloads(db: DB, ctx: ReportContext, coachIds: number[], staffIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!coachIds.length || !staffIds.length) return out;
  const rows = await db.selectFrom('coach_assignments as ca').select(['ca.coach_id', 'ca.staff_id']).distinct()
    .where('ca.district_id', '=', ctx.districtId).where('ca.coach_id', 'in', coachIds).where(currentOn('ca', ctx.to))
    .where('ca.staff_id', 'in', rosterIds(db, ctx)).execute();
  const wanted = new Set(staffIds);
  for (const r of rows) if (wanted.has(r.staff_id)) out.set(r.coach_id, [...(out.get(r.coach_id) ?? []), r.staff_id]);
  return out;
}

export interface ActionStepReport {
  headline: FollowThroughFigures;
  by_coach: Array<{ id: number; name: string } & FollowThroughFigures>;
  by_school: Array<{ id: number | null; name: string } & FollowThroughFigures>;
}

export async function actionStepFigures(db: DB, ctx: ReportContext): Promise<ActionStepReport> {
  const [steps, { schoolOf }, coaches] = await Promise.all([
    db.selectFrom('action_steps as a').select(['a.staff_id', 'a.due_on', 'a.status', 'a.done_on'])
      .where('a.district_id', '=', ctx.districtId).where('a.status', '!=', 'dropped')
      .where('a.due_on', '>=', ctx.from).where('a.due_on', '<=', ctx.to)
      .where('a.staff_id', 'in', rosterIds(db, ctx)).execute() as Promise<StepRow[]>,
    schoolsOf(db, ctx),
    teamCoaches(db, ctx).execute(),
  ]);
  const headline = emptySteps();
  const bySchool = new Map<number | null, FollowThroughFigures>();
  const byStaff = new Map<number, StepRow[]>();
  for (const s of steps) {
    addStep(headline, s, ctx.today);
    const school = schoolOf.get(s.staff_id) ?? null;
    if (!bySchool.has(school)) bySchool.set(school, emptySteps());
    addStep(bySchool.get(school)!, s, ctx.today);
    byStaff.set(s.staff_id, [...(byStaff.get(s.staff_id) ?? []), s]);
  }
  const loads = await caseloads(db, ctx, coaches.map((c) => c.id), [...byStaff.keys()]);
  const byCoach = coaches.flatMap((c) => {
    const f = emptySteps();
    for (const staffId of loads.get(c.id) ?? []) for (const s of byStaff.get(staffId) ?? []) addStep(f, s, ctx.today);
    return f.due ? [{ id: c.id, name: c.name, ...withShare(f) }] : [];
  });
  return {
    headline: withShare(headline),
    by_coach: byCoach,
    by_school: (await schoolRows(db, ctx, bySchool, (f) => f.due)).map(({ id, name, v }) => ({ id, name, ...withShare(v) })),
  };
}

export interface RequestReport {
  headline: RequestFigures;
  by_coach: Array<{ id: number; name: string } & RequestFigures>;
  by_school: Array<{ id: number | null; name: string } & RequestFigures>;
}

export async function requestFigures(db: DB, ctx: ReportContext): Promise<RequestReport> {
  const own = ctx.scope.kind === 'self' || ctx.scope.kind === 'assigned';
  // A coach reading their own figures: the requests that reached their queue, from any educator matching the filters.
  const wide: ReportContext = own ? { ...ctx, scope: { ...ctx.scope, kind: 'district' } } : ctx;
  let q = db.selectFrom('coaching_requests as r').select(['r.id', 'r.staff_id', 'r.status', 'r.accepted_by_user_id'])
    .where('r.district_id', '=', ctx.districtId).where('r.created_at', '>=', ctx.fromAt).where('r.created_at', '<', ctx.toAt);
  if (own) {
    q = q.where('r.staff_id', 'in', rosterQuery(db, wide).select('staff.id'))
      .where((eb) => eb.or([
        eb('r.staff_id', 'in', rosterIds(db, ctx)),
        eb.exists(eb.selectFrom('coaching_request_holders as oh').select(sql.lit(1).as('one'))
          .whereRef('oh.request_id', '=', 'r.id').where('oh.district_id', '=', ctx.districtId).where('oh.user_id', '=', ctx.scope.userId)),
      ]));
  } else q = q.where('r.staff_id', 'in', rosterIds(db, ctx));
  const [requests, coaches] = await Promise.all([q.execute(), teamCoaches(db, ctx).execute()]);
  const ids = requests.map((r) => r.id);
  const holders = ids.length
    ? await db.selectFrom('coaching_request_holders').select(['request_id', 'user_id', 'reason', 'created_at', 'ended_at'])
      .where('district_id', '=', ctx.districtId).where('request_id', 'in', ids).execute()
    : [];
  // A holder row ended by a pass: the pass ends every current holder's row at the instant its new holders' rows start.
  const passedAt = new Set(holders.filter((h) => h.reason === 'passed').map((h) => `${h.request_id}|${h.created_at}`));
  const passedOnce = new Set(holders.filter((h) => h.reason === 'passed').map((h) => h.request_id));
  const add = (f: RequestFigures, r: (typeof requests)[number]) => {
    f.received += 1;
    if (r.status === 'accepted') f.accepted += 1;
    else if (r.status === 'withdrawn') f.withdrawn += 1;
    else f.waiting += 1;
    if (passedOnce.has(r.id)) f.passed += 1;
  };
  const { schoolOf } = await schoolsOf(db, wide);
  const headline = emptyRequests();
  const bySchool = new Map<number | null, RequestFigures>();
  for (const r of requests) {
    add(headline, r);
    const school = schoolOf.get(r.staff_id) ?? null;
    if (!bySchool.has(school)) bySchool.set(school, emptyRequests());
    add(bySchool.get(school)!, r);
  }
  const statusOf = new Map(requests.map((r) => [r.id, r]));
  const byCoach = coaches.flatMap((c) => {
    const mine = holders.filter((h) => h.user_id === c.id);
    const received = new Set(mine.map((h) => h.request_id));
    const f = emptyRequests();
    f.received = received.size;
    for (const id of received) {
      const r = statusOf.get(id)!;
      if (r.status === 'accepted' && r.accepted_by_user_id === c.id) f.accepted += 1;
      if (r.status === 'withdrawn') f.withdrawn += 1;
      if (mine.some((h) => h.request_id === id && h.ended_at !== null && passedAt.has(`${id}|${h.ended_at}`))) f.passed += 1;
      if ((WAITING as readonly string[]).includes(r.status) && mine.some((h) => h.request_id === id && h.ended_at === null)) f.waiting += 1;
    }
    return f.received ? [{ id: c.id, name: c.name, ...f }] : [];
  });
  return {
    headline,
    by_coach: byCoach,
    by_school: (await schoolRows(db, ctx, bySchool, (f) => f.received)).map(({ id, name, v }) => ({ id, name, ...v })),
  };
}

/**
 * Counted interactions that came from an accepted coaching request, per coach (the headline: their sum). The
 * accepted requests' sessions are read first (a district has few), then looked up by id among the counted
 * interactions, so the range's interactions are never scanned for them.
 */
export async function educatorInitiatedByCoach(db: DB, ctx: ReportContext): Promise<Map<number, number>> {
  const sessions = await db.selectFrom('coaching_requests').select('interaction_id')
    .where('district_id', '=', ctx.districtId).where('status', '=', 'accepted').where('interaction_id', 'is not', null)
    .where('accepted_at', '<', ctx.toAt).execute();
  const ids = sessions.map((r) => r.interaction_id!);
  const out = new Map<number, number>();
  for (let k = 0; k < ids.length; k += 1000) {
    const rows = await countedInteractions(db, ctx).where('i.id', 'in', ids.slice(k, k + 1000))
      .select(['i.coach_id', sql<number>`count(*)`.as('n')]).groupBy('i.coach_id').execute();
    for (const r of rows) out.set(r.coach_id, (out.get(r.coach_id) ?? 0) + Number(r.n));
  }
  return out;
}
