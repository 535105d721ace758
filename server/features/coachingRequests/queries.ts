// Reads of coaching requests and the coaches who hold them; every query filters by district.
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import type { CoachingRequestStatus } from '../../../common/schemas/coachingRequests';
import { visibleStaff } from '../../access/staffScope';
import { currentOn } from '../../lib/history';
import type { RequestReader } from './policies';

type Conn = DB;

/** The reader's own active educator record (linked by user_id). */
export function ownStaff(db: Conn, districtId: number, userId: number) {
  return db.selectFrom('staff').select(['id', 'first_name', 'last_name'])
    .where('district_id', '=', districtId).where('user_id', '=', userId).where('status', '=', 'active')
    .orderBy('id').executeTakeFirst();
}

export interface Person { id: number; name: string; email: string }

/** The educator's coaches on `day` (current caseload rows), active logins only. */
export function coachesOf(db: Conn, districtId: number, staffId: number, day: string): Promise<Person[]> {
  return db.selectFrom('coach_assignments as ca').innerJoin('users as u', 'u.id', 'ca.coach_id')
    .select(['u.id', 'u.name', 'u.email']).distinct()
    .where('ca.district_id', '=', districtId).where('u.district_id', '=', districtId).where('u.status', '=', 'active')
    .where('ca.staff_id', '=', staffId).where(currentOn('ca', day))
    .orderBy('u.name').orderBy('u.id').execute();
}

/** The active coaches (role `coach`) of the schools the educator is at on `day`. */
export function schoolCoachesOf(db: Conn, districtId: number, staffId: number, day: string): Promise<Person[]> {
  return db.selectFrom('staff_buildings as sb')
    .innerJoin('buildings as b', 'b.id', 'sb.building_id')
    .innerJoin('user_buildings as ub', 'ub.building_id', 'sb.building_id')
    .innerJoin('users as u', 'u.id', 'ub.user_id')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['u.id', 'u.name', 'u.email']).distinct()
    .where('sb.district_id', '=', districtId).where('b.district_id', '=', districtId).where('b.deleted_at', 'is', null)
    .where('u.district_id', '=', districtId).where('u.status', '=', 'active').where('r.name', '=', 'coach')
    .where('sb.staff_id', '=', staffId).where(currentOn('sb', day))
    .orderBy('u.name').orderBy('u.id').execute();
}

export function findPerson(db: Conn, districtId: number, userId: number): Promise<Person | undefined> {
  return db.selectFrom('users').select(['id', 'name', 'email'])
    .where('district_id', '=', districtId).where('id', '=', userId).executeTakeFirst();
}

/** Requests of one educator made since `sinceIso` (the day's limit). */
export async function requestsSince(db: Conn, districtId: number, staffId: number, sinceIso: string): Promise<number> {
  const row = await db.selectFrom('coaching_requests').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('district_id', '=', districtId).where('staff_id', '=', staffId).where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const COLUMNS = [
  'r.id', 'r.status', 'r.staff_id', 's.first_name', 's.last_name', 'r.topic', 'r.message', 'r.preferred_times', 'r.created_at',
  'r.accepted_by_user_id', 'ab.name as accepted_by_name', 'r.accepted_at', 'r.interaction_id',
  'i.starts_at as session_starts_at', 'i.duration_minutes as session_minutes', 'i.status as session_status', 'i.deleted_at as session_deleted_at',
  'r.passed_by_user_id', 'pb.name as passed_by_name', 'r.passed_at', 'r.pass_note', 'r.withdrawn_at', 'r.requested_by_user_id',
] as const;

function base(db: Conn, districtId: number) {
  return db.selectFrom('coaching_requests as r')
    .innerJoin('staff as s', (j) => j.onRef('s.id', '=', 'r.staff_id').on('s.district_id', '=', districtId))
    .leftJoin('users as ab', 'ab.id', 'r.accepted_by_user_id')
    .leftJoin('users as pb', 'pb.id', 'r.passed_by_user_id')
    .leftJoin('interactions as i', (j) => j.onRef('i.id', '=', 'r.interaction_id').on('i.district_id', '=', districtId))
    .where('r.district_id', '=', districtId);
}

/** The requests a reader reaches: their own, the ones they hold or held, and those of the educators their oversight reaches. */
function readable(db: Conn, reader: RequestReader) {
  const districtId = reader.auth.district.id;
  if (reader.oversight?.kind === 'district') return base(db, districtId);
  return base(db, districtId).where((eb) => {
    const ors = [
      eb.exists(eb.selectFrom('coaching_request_holders as h').select(sql.lit(1).as('one'))
        .whereRef('h.request_id', '=', 'r.id').where('h.district_id', '=', districtId).where('h.user_id', '=', reader.auth.user.id)),
    ];
    if (reader.staffId !== null) ors.push(eb('r.staff_id', '=', reader.staffId));
    if (reader.oversight) ors.push(eb('r.staff_id', 'in', visibleStaff(db, reader.oversight).select('staff.id')));
    return eb.or(ors);
  });
}

export type RequestRow = Awaited<ReturnType<typeof findReadable>> & object;

export function findReadable(db: Conn, reader: RequestReader, id: number) {
  return readable(db, reader).select(COLUMNS).where('r.id', '=', id).executeTakeFirst();
}

export async function listReadable(db: Conn, reader: RequestReader, opts: { statuses: CoachingRequestStatus[]; queue: boolean; offset: number; limit: number }) {
  const districtId = reader.auth.district.id;
  let query = readable(db, reader);
  if (opts.statuses.length) query = query.where('r.status', 'in', opts.statuses);
  if (opts.queue) {
    query = query.where((eb) => eb.exists(eb.selectFrom('coaching_request_holders as q').select(sql.lit(1).as('one'))
      .whereRef('q.request_id', '=', 'r.id').where('q.district_id', '=', districtId).where('q.user_id', '=', reader.auth.user.id)
      .where('q.ended_at', 'is', null)));
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query.select(COLUMNS).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(opts.limit).offset(opts.offset).execute();
  return { rows, total: Number(total) };
}

export interface HolderRow { request_id: number; user_id: number; name: string; ended_at: string | null }

/** Every holder row (current and past) of the requests, oldest first. */
export async function holdersOf(db: Conn, districtId: number, requestIds: readonly number[]): Promise<HolderRow[]> {
  if (!requestIds.length) return [];
  return db.selectFrom('coaching_request_holders as h').innerJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.request_id', 'h.user_id', 'u.name', 'h.ended_at'])
    .where('h.district_id', '=', districtId).where('h.request_id', 'in', [...requestIds])
    .orderBy('h.id').execute();
}

/** The district's interaction type (not archived) by id, or its first coaching type by sort order. */
export function sessionType(db: Conn, districtId: number, typeId: number | null) {
  let query = db.selectFrom('interaction_types').select(['id', 'default_minutes'])
    .where('district_id', '=', districtId).where('archived_at', 'is', null);
  query = typeId !== null ? query.where('id', '=', typeId) : query.where('counts_as_coaching', '=', 1).orderBy('sort_order').orderBy('id');
  return query.executeTakeFirst();
}
