// The dashboard's pulse (GET /api/report/pulse): this month against the coaching targets, overdue
// cycles and educators not yet reached this school year, as counts within the reader's `see
// engagement` scope. The counting rules are the reports' (common/schemas/reports.ts): an interaction
// counts when it is completed, not deleted and starts within the range (days in the district's zone).
// Scope: district = everything; building = interactions held at the reader's schools, educators
// currently there, cycles with one of those educators; self = a coach's own interactions and cycles,
// their current caseload as the roster.
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import { OPEN_CYCLE_STATUSES } from '../../../common/schemas/cycles';
import type { ReportPulse } from '../../../common/schemas/pulse';
import { coachingTargetsOf } from '../../../common/schemas/site';
import { hasFeature } from '../../../common/permissions';
import type { Scope } from '../../access/guards';
import { visibleStaff } from '../../access/staffScope';
import { addDays } from '../../lib/dates';
import { currentOn } from '../../lib/history';
import { schoolYearStart, startOfLocalDay, todayIn } from './pulseZone';

/** Who the pulse is computed for (the same fields as a report's reader). */
export interface PulseReader {
  district: { id: number; timezone: string; school_year_start_month: number };
  scope: Scope;
  features: readonly string[];
}

/** The roster: active educators in scope on `day`; a coach's (`.self`) is their current caseload. */
function rosterIds(db: DB, scope: Scope, day: string) {
  const query = scope.kind === 'district' ? visibleStaff(db, scope) : visibleStaffOn(db, scope.kind === 'self' ? { ...scope, kind: 'assigned' } : scope, day);
  return query.where('staff.status', '=', 'active').select('staff.id');
}

/**
 * visibleStaff (access/staffScope) for building and caseload scopes, with history rows current on the
 * district's `day` rather than today in UTC (the pulse reads "now" in the district's timezone).
 */
function visibleStaffOn(db: DB, scope: Scope, day: string) {
  let q = db.selectFrom('staff').where('staff.district_id', '=', scope.districtId);
  if (scope.kind === 'building') {
    q = q.where((eb) => eb.exists(
      eb.selectFrom('staff_buildings as sb').select(sql.lit(1).as('one'))
        .whereRef('sb.staff_id', '=', 'staff.id').where('sb.district_id', '=', scope.districtId)
        .where('sb.building_id', 'in', scope.buildingIds.length ? scope.buildingIds : [-1])
        .where(currentOn('sb', day)),
    ));
  } else {
    q = q.where((eb) => eb.exists(
      eb.selectFrom('coach_assignments as ca').select(sql.lit(1).as('one'))
        .whereRef('ca.staff_id', '=', 'staff.id').where('ca.district_id', '=', scope.districtId)
        .where('ca.coach_id', '=', scope.userId)
        .where(currentOn('ca', day)),
    ));
  }
  return q;
}

/** Counted interactions in scope starting in [fromIso, untilIso). */
function countedInteractions(db: DB, scope: Scope, fromIso: string, untilIso: string) {
  let q = db.selectFrom('interactions as i')
    .where('i.district_id', '=', scope.districtId)
    .where('i.status', '=', 'completed')
    .where('i.deleted_at', 'is', null)
    .where('i.starts_at', '>=', fromIso)
    .where('i.starts_at', '<', untilIso);
  if (scope.kind === 'building') q = q.where('i.building_id', 'in', scope.buildingIds.length ? scope.buildingIds : [-1]);
  else if (scope.kind !== 'district') q = q.where('i.coach_id', '=', scope.userId);
  return q;
}

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
    q = q.where('c.id', 'in', db.selectFrom('coaching_cycle_staff as cs')
      .select('cs.cycle_id').where('cs.district_id', '=', scope.districtId)
      .where('cs.staff_id', 'in', visibleStaffOn(db, scope, today).select('staff.id')));
  }
  const row = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export async function computePulse(db: DB, reader: PulseReader, now = new Date()): Promise<ReportPulse> {
  const { district, scope } = reader;
  const tz = district.timezone;
  const today = todayIn(tz, now);
  const monthFrom = `${today.slice(0, 7)}-01`;
  const yearFrom = schoolYearStart(today, district.school_year_start_month);
  const untilIso = startOfLocalDay(addDays(today, 1), tz);
  const monthIso = startOfLocalDay(monthFrom, tz);
  const yearIso = startOfLocalDay(yearFrom, tz);

  const settings = await db.selectFrom('districts').select('settings').where('id', '=', district.id).executeTakeFirstOrThrow();
  const targets = coachingTargetsOf(settings.settings);
  const roster = rosterIds(db, scope, today);

  const [rosterRow, month, perEducator, reachedYear, overdue] = await Promise.all([
    db.selectFrom(roster.as('r')).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    countedInteractions(db, scope, monthIso, untilIso)
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(i.duration_minutes), 0)`.as('minutes')])
      .executeTakeFirstOrThrow(),
    countedInteractions(db, scope, monthIso, untilIso)
      .innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
      .where('p.district_id', '=', scope.districtId)
      .where('p.staff_id', 'in', roster)
      .select(['p.staff_id', sql<number>`count(distinct i.id)`.as('n')])
      .groupBy('p.staff_id')
      .execute(),
    countedInteractions(db, scope, yearIso, untilIso)
      .innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
      .where('p.district_id', '=', scope.districtId)
      .where('p.staff_id', 'in', roster)
      .select(sql<number>`count(distinct p.staff_id)`.as('n'))
      .executeTakeFirstOrThrow(),
    hasFeature([...reader.features], 'coaching-cycles') ? overdueCycles(db, scope, today) : Promise.resolve(null),
  ]);

  const rosterSize = Number(rosterRow.n);
  const participations = perEducator.reduce((sum, r) => sum + Number(r.n), 0);
  const target = targets.interactions_per_educator_per_month;
  const atTarget = target === null ? null : perEducator.filter((r) => Number(r.n) >= target).length;
  return {
    scope: scope.kind === 'district' ? 'district' : scope.kind === 'building' ? 'building' : 'self',
    today,
    timezone: tz,
    month: { from: monthFrom, to: today },
    school_year: { from: yearFrom, to: today },
    targets,
    roster_size: rosterSize,
    this_month: {
      interactions: Number(month.n),
      minutes: Number(month.minutes),
      educators_reached: perEducator.length,
      interactions_per_educator: rosterSize === 0 ? null : oneDecimal(participations / rosterSize),
      educators_at_target: atTarget,
      educators_below_target: atTarget === null ? null : rosterSize - atTarget,
    },
    overdue_cycles: overdue,
    not_reached_this_year: rosterSize - Number(reachedYear.n),
  };
}
