// The dashboard's pulse (GET /api/report/pulse): this month against the coaching targets, overdue
// cycles and educators not yet reached this school year, as counts within the reader's `see
// engagement` scope. Built on the reports' own queries (queries/filters.ts), so its counting and scope
// rules are theirs: district = everything; building = interactions held at the reader's schools,
// educators currently there, cycles with one of those educators; self = a coach's own interactions and
// cycles, their current caseload as the roster.
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import { OPEN_CYCLE_STATUSES } from '../../../common/schemas/cycles';
import type { ReportPulseAnswer } from '../../../common/schemas/answers/reports';
import { reportFilterSchema } from '../../../common/schemas/reports';
import { coachingTargetsOf } from '../../../common/schemas/site';
import { hasFeature } from '../../../common/permissions';
import type { Scope } from '../../access/guards';
import { addDays } from '../../lib/dates';
import { currentOn } from '../../lib/history';
import type { ReportReader } from './policies';
import { newTeachersBelowCycleTarget } from './queries/targets';
import { interactionSums, reachedSums, roster } from './queries/facts';
import { buildContext, districtCalendar, withRange } from './queries/filters';
import { perEducatorOf } from './queries/interactions';
import { schoolYearStart, todayIn } from '../../lib/zone';

/** Open cycles in scope whose current stage is past its expected days on `today`. */
async function overdueCycles(db: DB, scope: Scope, today: string): Promise<number> {
  const stages = await db.selectFrom('cycle_stages').select(['id', 'expected_days']).where('district_id', '=', scope.districtId).execute();
  if (stages.length === 0) return 0;
  let q = db.selectFrom('coaching_cycles as c')
    .where('c.district_id', '=', scope.districtId)
    .where('c.deleted_at', 'is', null)
    .where('c.status', 'in', [...OPEN_CYCLE_STATUSES])
    // Per stage, so no date arithmetic runs in SQL: overdue ⇔ entered before today − expected days.
    .where((eb) => eb.or(stages.map((s) => eb.and([
      eb('c.stage_id', '=', s.id), eb('c.stage_entered_on', '<', addDays(today, -s.expected_days)),
    ]))));
  if (scope.kind === 'self') q = q.where('c.coach_id', '=', scope.userId);
  else if (scope.kind === 'building') {
    // As the reports: a cycle with an educator now at one of the reader's schools.
    q = q.where('c.id', 'in', db.selectFrom('coaching_cycle_staff as cs').innerJoin('staff_buildings as sb', 'sb.staff_id', 'cs.staff_id')
      .select('cs.cycle_id').where('cs.district_id', '=', scope.districtId).where('sb.district_id', '=', scope.districtId)
      .where('sb.building_id', 'in', scope.buildingIds.length ? scope.buildingIds : [-1]).where(currentOn('sb', today)));
  }
  const row = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export async function computePulse(db: DB, reader: ReportReader, now = new Date()): Promise<ReportPulseAnswer> {
  const calendar = await districtCalendar(db, reader);
  const today = todayIn(calendar.timezone, now);
  const monthFrom = `${today.slice(0, 7)}-01`;
  const yearFrom = schoolYearStart(today, calendar.school_year_start_month);
  // The reports' own context (no filters): the same roster, counted interactions and scope rules.
  const month = buildContext(reader, calendar, reportFilterSchema.parse(undefined), { from: monthFrom, to: today }, now);
  const year = withRange(month, yearFrom, today);

  const settings = await db.selectFrom('districts').select('settings').where('id', '=', calendar.id).executeTakeFirstOrThrow();
  const targets = coachingTargetsOf(settings.settings);

  const cycleTarget = targets.cycles_per_new_teacher_per_semester;
  const seesCycles = hasFeature(reader.features, 'coaching-cycles');
  // The month's and the school year's sums come from the reports' facts (their rollups, queries/rollups.ts).
  const [people, sums, perEducator, reachedYear, overdue, newTeachersBelow] = await Promise.all([
    roster(db, month),
    interactionSums(db, month),
    perEducatorOf(db, month),
    reachedSums(db, year),
    seesCycles ? overdueCycles(db, reader.scope, today) : Promise.resolve(null),
    seesCycles && cycleTarget !== null ? newTeachersBelowCycleTarget(db, month, cycleTarget) : Promise.resolve(null),
  ]);

  const rosterSize = people.length;
  const counts = [...perEducator.values()];
  const participations = counts.reduce((sum, n) => sum + n, 0);
  const target = targets.interactions_per_educator_per_month;
  const atTarget = target === null ? null : counts.filter((n) => n >= target).length;
  const { kind } = reader.scope;
  return {
    scope: kind === 'district' ? 'district' : kind === 'building' ? 'building' : 'self',
    today,
    timezone: calendar.timezone,
    month: { from: monthFrom, to: today },
    school_year: { from: yearFrom, to: today },
    targets,
    roster_size: rosterSize,
    this_month: {
      interactions: sums.reduce((sum, r) => sum + r.n, 0),
      minutes: sums.reduce((sum, r) => sum + r.minutes, 0),
      educators_reached: perEducator.size,
      interactions_per_educator: rosterSize === 0 ? null : oneDecimal(participations / rosterSize),
      educators_at_target: atTarget,
      educators_below_target: atTarget === null ? null : rosterSize - atTarget,
    },
    overdue_cycles: overdue,
    new_teachers_below_cycle_target: newTeachersBelow,
    not_reached_this_year: rosterSize - new Set(reachedYear.map((r) => r.staff_id)).size,
  };
}
