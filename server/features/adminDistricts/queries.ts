// Reads of the provider's district list and district page. The list answers counts per district
// (users, schools, educators) and the latest sign-in without one query per row: the page's districts are
// chosen first (sorting by a count joins that one count, grouped over all districts, through an index
// that holds it) and the counts of that page's districts are then read in one grouped query each.
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import { searchWords, type TextSearchIndex, textSearchMatches, readOneSnapshot } from '../../../db/dialect';

/** Districts by name, slug and state (migration 20261124_0092_admin_search). */
export const DISTRICT_SEARCH: TextSearchIndex = {
  table: 'district_search', key: 'd.id', columns: ['name', 'slug', 'state'], starts: 'starts',
  names: ['d.name'], fields: ['d.slug', 'd.state'], searched: ['d.name', 'd.slug', 'd.state'],
};
import type { DistrictListQuery, DistrictSortKey } from '../../../common/schemas/adminDistricts';
import { DISTRICT_IMPORTS_SHOWN, DISTRICT_USERS_SHOWN } from '../../../common/schemas/adminDistricts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function listPlans(db: DB) {
  return db.selectFrom('plans').select(['id', 'key', 'name']).orderBy('sort_order').orderBy('id').execute();
}

export function findPlan(db: DB, id: number) {
  return db.selectFrom('plans').select(['id', 'key', 'name']).where('id', '=', id).executeTakeFirst();
}

const DISTRICT_COLUMNS = [
  'd.id', 'd.name', 'd.slug', 'd.state', 'd.status', 'd.seats', 'd.trial_ends_at', 'd.created_at', 'd.timezone',
  'd.school_year_start_month', 'd.suspended_at', 'd.suspension_reason', 'd.status_before_suspension',
  'd.deletion_scheduled_at', 'd.deletion_due_at', 'd.deletion_scheduled_by', 'd.billing_contact_email',
  'p.id as plan_id', 'p.key as plan_key', 'p.name as plan_name',
] as const;

/** One district with its plan (any district: the provider's view). */
export function findDistrict(db: DB, id: number) {
  return db.selectFrom('districts as d').innerJoin('plans as p', 'p.id', 'd.plan_id')
    .leftJoin('district_purges as dp', 'dp.district_id', 'd.id')
    .select(DISTRICT_COLUMNS)
    .select(['dp.started_at as purge_started_at', 'dp.started_by as purge_started_by', 'dp.started_by_name as purge_started_by_name', 'dp.progress as purge_progress'])
    .where('d.id', '=', id).executeTakeFirst();
}
export type DistrictRow = NonNullable<Awaited<ReturnType<typeof findDistrict>>>;

function filteredDistricts(db: DB, query: DistrictListQuery) {
  let q = db.selectFrom('districts as d').innerJoin('plans as p', 'p.id', 'd.plan_id');
  const { plan, status, state } = query.filter;
  if (plan) q = q.where('p.key', '=', plan);
  if (status) q = q.where('d.status', '=', status as 'trial' | 'active' | 'suspended');
  if (state) q = q.where('d.state', '=', state);
  const words = searchWords(query.search ?? '');
  if (words.length) q = q.where(textSearchMatches(db, DISTRICT_SEARCH, words));
  return q;
}

/** Each district's logins that are not deactivated and latest sign-in, grouped (covered by users_district_activity_idx). */
function usersByDistrict(db: DB, ids?: number[]) {
  let q = db.selectFrom('users')
    .select((eb) => [
      'users.district_id',
      eb.fn.sum<number>(sql`case when users.status <> 'disabled' then 1 else 0 end`).as('users'),
      eb.fn.max('users.last_login_at').as('last_activity_at'),
    ])
    .where('users.district_id', 'is not', null);
  if (ids) q = q.where('users.district_id', 'in', ids);
  return q.groupBy('users.district_id');
}

function educatorsByDistrict(db: DB, ids?: number[]) {
  let q = db.selectFrom('staff').select((eb) => ['staff.district_id', eb.fn.countAll<number>().as('educators')])
    .where('staff.status', '=', 'active');
  if (ids) q = q.where('staff.district_id', 'in', ids);
  return q.groupBy('staff.district_id');
}

function schoolsByDistrict(db: DB, ids: number[]) {
  return db.selectFrom('buildings').select((eb) => ['buildings.district_id', eb.fn.countAll<number>().as('schools')])
    .where('buildings.deleted_at', 'is', null).where('buildings.district_id', 'in', ids).groupBy('buildings.district_id');
}

/**
 * One page of districts. Sorting by name, creation or trial end reads districts only; by users, last
 * activity or educators joins that grouped count over all districts (index-only scans). Ties go by name,
 * then id; empty values (no trial end, nobody signed in) sort last either way.
 */
export async function listDistricts(db: DB, query: DistrictListQuery, page: { perPage: number; offset: number }) {
  // The page and its total from one snapshot (a concurrent write never shows between them).
  return readOneSnapshot(db, async (db) => {
    const desc = query.sort.startsWith('-');
    const key = (desc ? query.sort.slice(1) : query.sort) as DistrictSortKey;
    const dir = desc ? 'desc' : 'asc';
    const base = filteredDistricts(db, query);

    let ordered;
    if (key === 'users' || key === 'last_activity') {
      const withAgg = base.leftJoin(usersByDistrict(db).as('agg'), 'agg.district_id', 'd.id');
      ordered = key === 'users'
        ? withAgg.select('d.id').orderBy(sql`coalesce(agg.users, 0)`, dir)
        : withAgg.select('d.id').orderBy(sql`agg.last_activity_at is null`).orderBy('agg.last_activity_at', dir);
    } else if (key === 'educators') {
      ordered = base.leftJoin(educatorsByDistrict(db).as('agg'), 'agg.district_id', 'd.id')
        .select('d.id').orderBy(sql`coalesce(agg.educators, 0)`, dir);
    } else if (key === 'trial_end') {
      // Only a district on a trial has a trial end that matters (a paying one may keep an old date).
      const trialEnd = sql`case when d.status = 'trial' then d.trial_ends_at end`;
      ordered = base.select('d.id').orderBy(sql`${trialEnd} is null`).orderBy(trialEnd, dir);
    } else if (key === 'created') {
      ordered = base.select('d.id').orderBy('d.created_at', dir);
    } else {
      ordered = base.select('d.id').orderBy(sql`lower(d.name)`, dir);
    }
    const [{ total }, pageIds] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ordered.orderBy(sql`lower(d.name)`).orderBy('d.id').limit(page.perPage).offset(page.offset).execute(),
    ]);
    const ids = pageIds.map((r) => r.id);
    if (!ids.length) return { total: Number(total), rows: [] };

    const [districts, users, educators, schools] = await Promise.all([
      db.selectFrom('districts as d').innerJoin('plans as p', 'p.id', 'd.plan_id').select(DISTRICT_COLUMNS).where('d.id', 'in', ids).execute(),
      usersByDistrict(db, ids).execute(),
      educatorsByDistrict(db, ids).execute(),
      schoolsByDistrict(db, ids).execute(),
    ]);
    const byId = new Map(districts.map((d) => [d.id, d]));
    const usersOf = new Map(users.map((u) => [u.district_id!, u]));
    const educatorsOf = new Map(educators.map((e) => [e.district_id, Number(e.educators)]));
    const schoolsOf = new Map(schools.map((s) => [s.district_id, Number(s.schools)]));
    const rows = ids.map((id) => ({
      district: byId.get(id)!,
      users: Number(usersOf.get(id)?.users ?? 0),
      last_activity_at: (usersOf.get(id)?.last_activity_at as string | null | undefined) ?? null,
      educators: educatorsOf.get(id) ?? 0,
      schools: schoolsOf.get(id) ?? 0,
    }));
    return { total: Number(total), rows };
  });
}
export type DistrictListRow = Awaited<ReturnType<typeof listDistricts>>['rows'][number];

/** Active logins of the district holding the coach role: the seats in use. */
export async function seatsUsed(db: DB, districtId: number): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('users.district_id', '=', districtId).where('users.status', '=', 'active')
    .where((eb) => eb.exists(eb.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(sql.lit(1).as('one')).whereRef('user_roles.user_id', '=', 'users.id').where('roles.name', '=', 'coach')))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The district's first logins by name (DISTRICT_USERS_SHOWN) with their roles, and how many there are. */
export async function districtUsers(db: DB, districtId: number) {
  // The page and its total from one snapshot (a concurrent write never shows between them).
  return readOneSnapshot(db, async (db) => {
    const base = db.selectFrom('users').where('users.district_id', '=', districtId);
    const [{ total }, users] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base.select(['users.id', 'users.name', 'users.email', 'users.status', 'users.last_login_at'])
        .orderBy(sql`lower(users.name)`).orderBy('users.id').limit(DISTRICT_USERS_SHOWN).execute(),
    ]);
    const roles = users.length
      ? await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select(['user_roles.user_id', 'roles.name', 'roles.label']).where('user_roles.user_id', 'in', users.map((u) => u.id))
        .orderBy('roles.id').execute()
      : [];
    const rolesOf = new Map<number, { name: string; label: string }[]>();
    for (const r of roles) rolesOf.set(r.user_id, [...(rolesOf.get(r.user_id) ?? []), { name: r.name, label: r.label }]);
    return { total: Number(total), users: users.map((u) => ({ ...u, roles: rolesOf.get(u.id) ?? [] })) };
  });
}

/** Schools that are not archived, each with the active educators currently there (`today`: YYYY-MM-DD). */
export async function districtSchools(db: DB, districtId: number, today: string) {
  const current = db.selectFrom('staff_buildings as sb').innerJoin('staff as s', 's.id', 'sb.staff_id')
    .select((eb) => ['sb.building_id', eb.fn.count<number>('sb.staff_id').distinct().as('educators')])
    .where('sb.district_id', '=', districtId).where('s.district_id', '=', districtId).where('s.status', '=', 'active')
    .where('sb.start_date', '<=', today)
    .where((eb) => eb.or([eb('sb.end_date', 'is', null), eb('sb.end_date', '>=', today)]))
    .groupBy('sb.building_id');
  const rows = await db.selectFrom('buildings as b').leftJoin(current.as('c'), 'c.building_id', 'b.id')
    .select(['b.id', 'b.name', 'b.code', 'b.grade_band', sql<number>`coalesce(c.educators, 0)`.as('educators')])
    .where('b.district_id', '=', districtId).where('b.deleted_at', 'is', null)
    .orderBy(sql`lower(b.name)`).orderBy('b.id').execute();
  return rows.map((r) => ({ ...r, educators: Number(r.educators) }));
}

/** Usage over the last 30 days (`now`: an ISO instant): interactions held, people who signed in; educators; latest sign-in. */
export async function districtUsage(db: DB, districtId: number, now: string) {
  const since = new Date(Date.parse(now) - 30 * DAY_MS).toISOString();
  const [interactions, users, educators] = await Promise.all([
    db.selectFrom('interactions').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('interactions.district_id', '=', districtId).where('interactions.starts_at', '>=', since)
      .where('interactions.starts_at', '<=', now).where('interactions.deleted_at', 'is', null).executeTakeFirstOrThrow(),
    db.selectFrom('users').select((eb) => [
      eb.fn.sum<number>(sql`case when users.last_login_at >= ${since} then 1 else 0 end`).as('active'),
      eb.fn.max('users.last_login_at').as('last'),
    ]).where('users.district_id', '=', districtId).executeTakeFirstOrThrow(),
    db.selectFrom('staff').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('staff.district_id', '=', districtId).where('staff.status', '=', 'active').executeTakeFirstOrThrow(),
  ]);
  return {
    interactions_last_30_days: Number(interactions.n),
    active_users_last_30_days: Number(users.active ?? 0),
    educators: Number(educators.n),
    last_activity_at: (users.last as string | null) ?? null,
  };
}

/** The district's latest imports of either kind (staff and users), newest first, with who started them. */
export function districtImports(db: DB, districtId: number) {
  return db.selectFrom('imports').leftJoin('users', 'users.id', 'imports.created_by')
    .select([
      'imports.id', 'imports.kind', 'imports.file_name', 'imports.status', 'imports.total_rows', 'imports.created_count',
      'imports.updated_count', 'imports.error_count', 'imports.created_at', 'imports.finished_at',
      'users.id as creator_id', 'users.name as creator_name',
    ])
    .where('imports.district_id', '=', districtId)
    .orderBy('imports.created_at', 'desc').orderBy('imports.id', 'desc').limit(DISTRICT_IMPORTS_SHOWN).execute();
}

/** The name of the provider login who scheduled a deletion (null: gone). */
export async function userName(db: DB, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

/** The provider's deletion certificates, newest first (one page), without their PDFs. */
export async function listDeletionCertificates(db: DB, page: { perPage: number; offset: number; id?: number }) {
  const [{ total }, rows] = await Promise.all([
    db.selectFrom('district_deletion_certificates').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    db.selectFrom('district_deletion_certificates').select([
      'id', 'certificate_number', 'purged_district_id', 'district_name', 'district_timezone', 'scheduled_at', 'purged_at',
      'purged_by', 'purged_by_name', 'counts', 'files_deleted', 'recipients',
    ]).$if(page.id !== undefined, (q) => q.where('id', '=', page.id!)).orderBy('purged_at', 'desc').orderBy('id', 'desc').limit(page.perPage).offset(page.offset).execute(),
  ]);
  return { total: Number(total), rows };
}
export type DeletionCertificateRow = Awaited<ReturnType<typeof listDeletionCertificates>>['rows'][number];

export function findDeletionCertificatePdf(db: DB, id: number) {
  return db.selectFrom('district_deletion_certificates').select(['certificate_number', 'pdf']).where('id', '=', id).executeTakeFirst();
}
