// Action steps' reads (issue 29, item 2). Every query takes `db` first and filters by district; which
// educators' steps a reader reaches is `visibleStaff` of their `see educators` scope (access/staffScope.ts).
import { sql } from 'kysely';
import type { ActionStepSource, ActionStepStatus } from '../../../common/schemas/actionSteps';
import type { DB } from '../../../db/connection';
import type { Scope } from '../../access/guards';
import { visibleStaff } from '../../access/staffScope';

export interface StepRow {
  id: number;
  district_id: number;
  staff_id: number;
  title: string;
  detail: string | null;
  due_on: string | null;
  set_by_user_id: number | null;
  source_type: ActionStepSource | null;
  source_id: number | null;
  status: ActionStepStatus;
  done_on: string | null;
  note: string | null;
  status_by_user_id: number | null;
  status_at: string | null;
  created_at: string;
  updated_at: string;
  /** The device's UUID it was made with (issue 31), else null. */
  client_id: string | null;
  /** The owner educator's name and login. */
  first_name: string;
  last_name: string;
  owner_user_id: number | null;
  set_by_name: string | null;
}

export interface StepFilters { staffIds: number[]; statuses: ActionStepStatus[] }

/** The steps of the educators the scope reaches, with the owner's name and login and the setter's name. */
function visibleSteps(db: DB, scope: Scope) {
  return db.selectFrom('action_steps as a')
    .innerJoin('staff as s', (j) => j.onRef('s.id', '=', 'a.staff_id').on('s.district_id', '=', scope.districtId))
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'a.set_by_user_id').on('u.district_id', '=', scope.districtId))
    .where('a.district_id', '=', scope.districtId)
    .where('a.staff_id', 'in', visibleStaff(db, scope).select('staff.id'));
}

const STEP_COLUMNS = [
  'a.id', 'a.district_id', 'a.staff_id', 'a.title', 'a.detail', 'a.due_on', 'a.set_by_user_id', 'a.source_type', 'a.source_id', 'a.status',
  'a.done_on', 'a.note', 'a.status_by_user_id', 'a.status_at', 'a.created_at', 'a.updated_at', 'a.client_id', 's.first_name', 's.last_name',
  's.user_id as owner_user_id', 'u.name as set_by_name',
] as const;

function filtered(db: DB, scope: Scope, f: StepFilters) {
  let q = visibleSteps(db, scope);
  if (f.staffIds.length) q = q.where('a.staff_id', 'in', f.staffIds);
  if (f.statuses.length) q = q.where('a.status', 'in', f.statuses);
  return q;
}

/**
 * A page of steps: open ones first by due day (undated after dated), then done and dropped ones together, the latest
 * first (done day, else when their status changed).
 */
export async function listStepsPage(db: DB, scope: Scope, f: StepFilters, page: { perPage: number; offset: number }): Promise<{ rows: StepRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, scope, f).select([...STEP_COLUMNS])
      .orderBy(sql`case a.status when 'open' then 0 else 1 end`)
      .orderBy(sql`case when a.status = 'open' and a.due_on is not null then 0 else 1 end`)
      .orderBy(sql`case when a.status = 'open' then a.due_on end`)
      .orderBy(sql`coalesce(a.done_on, substr(a.status_at, 1, 10), '')`, 'desc')
      .orderBy('a.id', 'desc')
      .limit(page.perPage).offset(page.offset).execute(),
    filtered(db, scope, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as StepRow[], total: Number(count.n) };
}

export async function findVisibleStep(db: DB, scope: Scope, id: number): Promise<StepRow | undefined> {
  return (await visibleSteps(db, scope).select([...STEP_COLUMNS]).where('a.id', '=', id).executeTakeFirst()) as StepRow | undefined;
}

/**
 * True when the source record is the district's and about this educator: an interaction (not deleted) they
 * take part in, an observation (not deleted) of them, a cycle (not deleted) they are in.
 */
export async function sourceMatches(db: DB, districtId: number, staffId: number, type: 'interaction' | 'observation' | 'cycle', sourceId: number): Promise<boolean> {
  if (type === 'interaction') {
    const row = await db.selectFrom('interactions as i')
      .innerJoin('interaction_participants as p', (j) => j.onRef('p.interaction_id', '=', 'i.id').on('p.district_id', '=', districtId))
      .select('i.id').where('i.district_id', '=', districtId).where('i.id', '=', sourceId).where('i.deleted_at', 'is', null)
      .where('p.staff_id', '=', staffId).executeTakeFirst();
    return !!row;
  }
  if (type === 'observation') {
    const row = await db.selectFrom('observations').select('id').where('district_id', '=', districtId).where('id', '=', sourceId)
      .where('deleted_at', 'is', null).where('staff_id', '=', staffId).executeTakeFirst();
    return !!row;
  }
  const row = await db.selectFrom('coaching_cycles as c')
    .innerJoin('coaching_cycle_staff as cs', (j) => j.onRef('cs.cycle_id', '=', 'c.id').on('cs.district_id', '=', districtId))
    .select('c.id').where('c.district_id', '=', districtId).where('c.id', '=', sourceId).where('c.deleted_at', 'is', null)
    .where('cs.staff_id', '=', staffId).executeTakeFirst();
  return !!row;
}

export interface FollowThroughRow { staff_id: number; first_name: string; last_name: string; open: number; overdue: number; done: number; done_on_time: number }

/**
 * Follow-through by educator (the dashboard's view): of the steps of the educators the scope reaches, how many
 * are open, open past their due day on `today`, done, and done on or before their due day (undated: on time).
 * Educators with no step are left out. Most overdue first, then most open, then by name.
 */
export async function followThrough(db: DB, scope: Scope, today: string): Promise<FollowThroughRow[]> {
  const rows = await visibleSteps(db, scope)
    .select((eb) => [
      'a.staff_id', 's.first_name', 's.last_name',
      eb.fn.sum<number>(sql`case when a.status = 'open' then 1 else 0 end`).as('open'),
      eb.fn.sum<number>(sql`case when a.status = 'open' and a.due_on < ${today} then 1 else 0 end`).as('overdue'),
      eb.fn.sum<number>(sql`case when a.status = 'done' then 1 else 0 end`).as('done'),
      eb.fn.sum<number>(sql`case when a.status = 'done' and (a.due_on is null or a.done_on <= a.due_on) then 1 else 0 end`).as('done_on_time'),
    ])
    .groupBy(['a.staff_id', 's.first_name', 's.last_name'])
    .execute();
  return rows.map((r) => ({ ...r, open: Number(r.open), overdue: Number(r.overdue), done: Number(r.done), done_on_time: Number(r.done_on_time) }))
    .sort((a, b) => b.overdue - a.overdue || b.open - a.open || a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name) || a.staff_id - b.staff_id);
}
