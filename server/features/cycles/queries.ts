// Coaching cycle queries. Every query takes `db` first and filters by district_id; what a reader may see
// comes in as a Visibility (policies.ts).
import { type ExpressionBuilder, type Selectable, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { CycleStatus } from '../../../common/schemas/cycles';
import { DUE_SOON_DAYS, OPEN_CYCLE_STATUSES } from '../../../common/schemas/cycles';
import type { DB } from '../../../db/connection';
import type { CoachingCyclesTable, CycleGoalTemplatesTable, CycleStagesTable, Database } from '../../../db/types';
import { CYCLE_RECORDS, isActiveHolder, visibleCoachingRecords } from '../../access/coachingRecords';
import { addDays } from '../../lib/dates';
import { currentOn } from '../../lib/history';
import type { Visibility } from './policies';

export type Conn = DB | Transaction<Database>;
export type CycleRow = Selectable<CoachingCyclesTable>;
export type StageRow = Selectable<CycleStagesTable>;
export type TemplateRow = Selectable<CycleGoalTemplatesTable>;
type CycleQuery = SelectQueryBuilder<Database, 'coaching_cycles', object>;

/** Today in the district's timezone, YYYY-MM-DD. */
export function districtToday(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

// ---- Stages and templates ---------------------------------------------------------------------------

export function stagesOf(db: Conn, districtId: number): Promise<StageRow[]> {
  return db.selectFrom('cycle_stages').selectAll().where('district_id', '=', districtId).orderBy('sort_order').orderBy('id').execute();
}

export function findStage(db: Conn, districtId: number, id: number): Promise<StageRow | undefined> {
  return db.selectFrom('cycle_stages').selectAll().where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
}

/** Open (planned or active, not deleted) cycles per stage. */
export async function openCyclesByStage(db: Conn, districtId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('coaching_cycles').select(['stage_id', sql<number>`count(*)`.as('n')])
    .where('district_id', '=', districtId).where('deleted_at', 'is', null).where('status', 'in', [...OPEN_CYCLE_STATUSES])
    .where('stage_id', 'is not', null).groupBy('stage_id').execute();
  return new Map(rows.map((r) => [r.stage_id!, Number(r.n)]));
}

export function templatesOf(db: Conn, districtId: number): Promise<TemplateRow[]> {
  return db.selectFrom('cycle_goal_templates').selectAll().where('district_id', '=', districtId).orderBy('sort_order').orderBy('id').execute();
}

export function findTemplate(db: Conn, districtId: number, id: number): Promise<TemplateRow | undefined> {
  return db.selectFrom('cycle_goal_templates').selectAll().where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
}

// ---- Cycles -----------------------------------------------------------------------------------------

/** The cycles (not deleted) of the district a reader may see. */
export function visibleCycles(db: Conn, v: Visibility): CycleQuery {
  return visibleCoachingRecords(db, v, CYCLE_RECORDS);
}

export interface CycleFilters {
  coachIds: number[];
  buildingIds: number[];
  statuses: CycleStatus[];
  stageIds: number[];
  due: ('due-soon' | 'overdue')[];
  staffIds: number[];
  /** Cycles overlapping from..to (dates; null = open-ended): started on or before `to`, not finished before `from`. */
  from?: string | null;
  to?: string | null;
  today: string;
  /** Every stage of the district (the due filter compares each stage's expected days). */
  stages: StageRow[];
}

/**
 * Open cycles whose current stage is overdue or due soon, written per stage so no date arithmetic runs in
 * SQL: overdue ⇔ entered < today − expected days; due soon ⇔ today − expected ≤ entered ≤ today − expected + DUE_SOON_DAYS.
 */
function dueCondition(eb: ExpressionBuilder<Database, 'coaching_cycles'>, f: CycleFilters) {
  const ors = [];
  for (const stage of f.stages) {
    const dueStart = addDays(f.today, -stage.expected_days);
    if (f.due.includes('overdue')) {
      ors.push(eb.and([eb('coaching_cycles.stage_id', '=', stage.id), eb('coaching_cycles.stage_entered_on', '<', dueStart)]));
    }
    if (f.due.includes('due-soon')) {
      ors.push(eb.and([
        eb('coaching_cycles.stage_id', '=', stage.id),
        eb('coaching_cycles.stage_entered_on', '>=', dueStart),
        eb('coaching_cycles.stage_entered_on', '<=', addDays(dueStart, DUE_SOON_DAYS)),
      ]));
    }
  }
  if (!ors.length) return eb.val(false);
  return eb.and([eb('coaching_cycles.status', 'in', [...OPEN_CYCLE_STATUSES]), eb.or(ors)]);
}

export function filteredCycles(db: Conn, v: Visibility, f: CycleFilters): CycleQuery {
  let q = visibleCycles(db, v);
  if (f.coachIds.length) q = q.where('coaching_cycles.coach_id', 'in', f.coachIds);
  if (f.statuses.length) q = q.where('coaching_cycles.status', 'in', f.statuses);
  if (f.stageIds.length) q = q.where('coaching_cycles.stage_id', 'in', f.stageIds);
  if (f.staffIds.length) {
    q = q.where('coaching_cycles.id', 'in', (eb: ExpressionBuilder<Database, 'coaching_cycles'>) =>
      eb.selectFrom('coaching_cycle_staff as fs').select('fs.cycle_id').where('fs.district_id', '=', v.districtId).where('fs.staff_id', 'in', f.staffIds));
  }
  if (f.buildingIds.length) {
    q = q.where('coaching_cycles.id', 'in', (eb: ExpressionBuilder<Database, 'coaching_cycles'>) =>
      eb.selectFrom('coaching_cycle_staff as bs').innerJoin('staff_buildings as sb', 'sb.staff_id', 'bs.staff_id')
        .select('bs.cycle_id')
        .where('bs.district_id', '=', v.districtId).where('sb.district_id', '=', v.districtId)
        .where('sb.building_id', 'in', f.buildingIds).where(currentOn('sb')));
  }
  if (f.due.length) q = q.where((eb) => dueCondition(eb, f));
  if (f.to) q = q.where('coaching_cycles.start_date', '<=', f.to);
  if (f.from) {
    const from = f.from;
    // A cancelled cycle ends at its last change (updated_at, compared by its UTC day).
    q = q.where((eb) => eb.or([
      eb('coaching_cycles.status', 'in', [...OPEN_CYCLE_STATUSES]),
      eb.and([eb('coaching_cycles.status', '=', 'completed'), eb('coaching_cycles.completed_on', '>=', from)]),
      eb.and([eb('coaching_cycles.status', '=', 'cancelled'), eb('coaching_cycles.updated_at', '>=', from)]),
    ]));
  }
  return q;
}

export async function listCyclesPage(
  db: Conn, v: Visibility, f: CycleFilters, page: { perPage: number; offset: number },
): Promise<{ rows: CycleRow[]; total: number }> {
  const base = filteredCycles(db, v, f);
  const [rows, count] = await Promise.all([
    base.leftJoin('cycle_stages as st', 'st.id', 'coaching_cycles.stage_id')
      .selectAll('coaching_cycles')
      .orderBy(sql`case coaching_cycles.status when 'active' then 0 when 'planned' then 1 when 'completed' then 2 else 3 end`)
      .orderBy('st.sort_order').orderBy('coaching_cycles.stage_entered_on').orderBy('coaching_cycles.id')
      .limit(page.perPage).offset(page.offset).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findVisibleCycle(db: Conn, v: Visibility, id: number): Promise<CycleRow | undefined> {
  return visibleCycles(db, v).selectAll('coaching_cycles').where('coaching_cycles.id', '=', id).executeTakeFirst();
}

export function findCycle(db: Conn, districtId: number, id: number): Promise<CycleRow | undefined> {
  return db.selectFrom('coaching_cycles').selectAll().where('district_id', '=', districtId).where('id', '=', id)
    .where('deleted_at', 'is', null).executeTakeFirst();
}

export interface Related {
  users: Map<number, string>;
  staff: { cycle_id: number; staff_id: number; name: string; user_id: number | null }[];
  skills: { cycle_id: number; skill_id: number; name: string }[];
}

/** Names and links of a page of cycles, a few queries for the whole page. */
export async function relatedOf(db: Conn, districtId: number, rows: CycleRow[]): Promise<Related> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return { users: new Map(), staff: [], skills: [] };
  const [staff, skills] = await Promise.all([
    db.selectFrom('coaching_cycle_staff as cs').innerJoin('staff as s', 's.id', 'cs.staff_id')
      .select(['cs.cycle_id', 'cs.staff_id', 's.first_name', 's.last_name', 's.user_id'])
      .where('cs.district_id', '=', districtId).where('cs.cycle_id', 'in', ids)
      .orderBy('s.last_name').orderBy('s.first_name').orderBy('s.id').execute(),
    db.selectFrom('coaching_cycle_skills as ck').innerJoin('skills as k', 'k.id', 'ck.skill_id')
      .select(['ck.cycle_id', 'ck.skill_id', 'k.name'])
      .where('ck.district_id', '=', districtId).where('ck.cycle_id', 'in', ids)
      .orderBy('k.sort_order').orderBy('k.id').execute(),
  ]);
  const users = await userNames(db, districtId, rows.flatMap((r) => [r.coach_id]));
  return {
    users,
    staff: staff.map((s) => ({ cycle_id: s.cycle_id, staff_id: s.staff_id, name: `${s.first_name} ${s.last_name}`.trim(), user_id: s.user_id })),
    skills,
  };
}

export async function userNames(db: Conn, districtId: number, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', wanted)
    .where((eb) => eb.or([eb('district_id', '=', districtId), eb('district_id', 'is', null)])).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function historyOf(db: Conn, districtId: number, cycleId: number) {
  return db.selectFrom('coaching_cycle_stage_history').selectAll()
    .where('district_id', '=', districtId).where('cycle_id', '=', cycleId).orderBy('entered_on').orderBy('id').execute();
}

export function notesOf(db: Conn, districtId: number, cycleId: number) {
  return db.selectFrom('coaching_cycle_notes').selectAll()
    .where('district_id', '=', districtId).where('cycle_id', '=', cycleId).where('deleted_at', 'is', null)
    .orderBy('created_at').orderBy('id').execute();
}

export function findNote(db: Conn, districtId: number, cycleId: number, id: number) {
  return db.selectFrom('coaching_cycle_notes').selectAll()
    .where('district_id', '=', districtId).where('cycle_id', '=', cycleId).where('id', '=', id).where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The interactions (not deleted) linked to a cycle; `participantUserId`: only those that educator took part in. */
export function linkedInteractions(db: Conn, districtId: number, cycleId: number, participantUserId: number | null) {
  let q = db.selectFrom('interactions as i').innerJoin('interaction_types as t', 't.id', 'i.interaction_type_id')
    .innerJoin('users as u', 'u.id', 'i.coach_id')
    .select(['i.id', 'i.starts_at', 'i.duration_minutes', 'i.status', 'i.interaction_type_id', 't.name as type_name', 'i.coach_id', 'u.name as coach_name'])
    .where('i.district_id', '=', districtId).where('i.coaching_cycle_id', '=', cycleId).where('i.deleted_at', 'is', null);
  if (participantUserId !== null) {
    q = q.where('i.id', 'in', (eb) => eb.selectFrom('interaction_participants as ip').innerJoin('staff as s', 's.id', 'ip.staff_id')
      .select('ip.interaction_id').where('ip.district_id', '=', districtId).where('s.user_id', '=', participantUserId));
  }
  return q.orderBy('i.starts_at', 'desc').orderBy('i.id', 'desc').limit(200).execute();
}

export async function districtSettingsJson(db: Conn, districtId: number): Promise<string> {
  const row = await db.selectFrom('districts').select('settings').where('id', '=', districtId).executeTakeFirst();
  return row?.settings ?? '{}';
}

/** An active user of the district who may run cycles (holds `see skill mapping`, any scope). */
export function isCycleCoach(db: Conn, districtId: number, userId: number): Promise<boolean> {
  return isActiveHolder(db, districtId, userId, 'see skill mapping');
}

export function staffIdsOf(db: Conn, districtId: number, cycleId: number) {
  return db.selectFrom('coaching_cycle_staff').select('staff_id').where('district_id', '=', districtId).where('cycle_id', '=', cycleId).orderBy('id').execute()
    .then((rows) => rows.map((r) => r.staff_id));
}

export function skillIdsOf(db: Conn, districtId: number, cycleId: number) {
  return db.selectFrom('coaching_cycle_skills').select('skill_id').where('district_id', '=', districtId).where('cycle_id', '=', cycleId).orderBy('id').execute()
    .then((rows) => rows.map((r) => r.skill_id));
}
