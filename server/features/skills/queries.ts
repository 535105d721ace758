// Skill mapping reads. Every query filters by the caller's district; the heat map starts from
// visibleStaff (the caller's `see skill mapping` scope) and reads skill_current_levels only, never the
// rating history.
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { STAFF_GROUP_OF } from '../../../common/schemas/groups';
import type { SkillMapLayer, SkillMapQuery } from '../../../common/schemas/skills';
import type { DB } from '../../../db/connection';
import { escapeLike } from '../../../db/dialect';
import type { Database } from '../../../db/types';
import type { Scope } from '../../access/guards';
import { visibleStaff } from '../../access/staffScope';
import { today } from '../../lib/dates';
import { currentOn } from '../../lib/history';

export async function activeFramework(db: DB, districtId: number) {
  return db.selectFrom('skill_frameworks').selectAll()
    .where('district_id', '=', districtId).where('active', '=', 1).orderBy('id').executeTakeFirst();
}

export type FrameworkRow = NonNullable<Awaited<ReturnType<typeof activeFramework>>>;

export async function frameworkParts(db: DB, districtId: number, frameworkId: number) {
  const [levels, domains, skills] = await Promise.all([
    db.selectFrom('skill_levels').select(['level', 'name', 'descriptor'])
      .where('district_id', '=', districtId).where('framework_id', '=', frameworkId).orderBy('level').execute(),
    db.selectFrom('skill_domains').select(['id', 'name', 'description', 'sort_order', 'archived_at'])
      .where('district_id', '=', districtId).where('framework_id', '=', frameworkId).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('skills').select(['id', 'domain_id', 'name', 'description', 'sort_order', 'archived_at'])
      .where('district_id', '=', districtId).where('framework_id', '=', frameworkId).orderBy('sort_order').orderBy('id').execute(),
  ]);
  return { levels, domains, skills };
}
export type FrameworkParts = Awaited<ReturnType<typeof frameworkParts>>;

/** Skills shown as heat map columns: active skills of active domains, in domain then skill order. */
export function activeColumns(parts: FrameworkParts) {
  const out: { domainId: number; domainName: string; skills: FrameworkParts['skills'] }[] = [];
  for (const d of parts.domains) {
    if (d.archived_at) continue;
    const skills = parts.skills.filter((s) => s.domain_id === d.id && !s.archived_at);
    if (skills.length) out.push({ domainId: d.id, domainName: d.name, skills });
  }
  return out;
}

export async function findDomain(db: DB, districtId: number, id: number) {
  return db.selectFrom('skill_domains').selectAll().where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
}

export async function findSkill(db: DB, districtId: number, id: number) {
  return db.selectFrom('skills').selectAll().where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
}

/** The educator if the scope reaches them (any status), else undefined. */
export async function findVisibleEducator(db: DB, scope: Scope, id: number) {
  return visibleStaff(db, scope).select(['staff.id', 'staff.first_name', 'staff.last_name']).where('staff.id', '=', id).executeTakeFirst();
}

const RATING_COLUMNS = [
  'r.id', 'r.skill_id', 'r.level', 'r.rated_on', 'r.rated_by', 'u.name as rated_by_name', 'r.note', 'r.interaction_id', 'r.created_at',
] as const;

/** Every rating of one educator, oldest first (date, then id). */
export async function ratingsOf(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('skill_ratings as r').leftJoin('users as u', 'u.id', 'r.rated_by').select(RATING_COLUMNS)
    .where('r.district_id', '=', districtId).where('r.staff_id', '=', staffId).orderBy('r.rated_on').orderBy('r.id').execute();
}
export type RatingRow = Awaited<ReturnType<typeof ratingsOf>>[number];

/** The current levels of one educator (the rating behind each). */
export async function currentRatingsOf(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('skill_current_levels as cl').innerJoin('skill_ratings as r', 'r.id', 'cl.rating_id')
    .leftJoin('users as u', 'u.id', 'r.rated_by').select(RATING_COLUMNS)
    .where('cl.district_id', '=', districtId).where('cl.staff_id', '=', staffId).orderBy('r.skill_id').execute();
}

/**
 * An educator linked to the signed-in login (`staff.user_id`: the educator themself), any status, or
 * undefined. Self-assessment is theirs alone.
 */
export async function findOwnEducator(db: DB, districtId: number, userId: number, id: number) {
  return db.selectFrom('staff').select(['staff.id', 'staff.first_name', 'staff.last_name'])
    .where('staff.district_id', '=', districtId).where('staff.id', '=', id).where('staff.user_id', '=', userId).executeTakeFirst();
}

/** The latest self rating per (educator, skill) of some educators: the one with the highest id. */
function latestSelfIds(db: DB, districtId: number, staffIds: readonly number[]) {
  return db.selectFrom('self_ratings as ls').select((eb) => eb.fn.max('ls.id').as('id'))
    .where('ls.district_id', '=', districtId).where('ls.staff_id', 'in', [...staffIds]).groupBy(['ls.staff_id', 'ls.skill_id']);
}

/** One educator's latest self-assessed level of each skill they rated. */
export async function selfRatingsOf(db: DB, districtId: number, staffId: number) {
  return db.selectFrom('self_ratings as sr').select(['sr.skill_id', 'sr.level', 'sr.rated_on'])
    .where('sr.district_id', '=', districtId).where('sr.id', 'in', latestSelfIds(db, districtId, [staffId]))
    .orderBy('sr.skill_id').execute();
}
export type SelfRatingRow = Awaited<ReturnType<typeof selfRatingsOf>>[number];

type StaffEb = ExpressionBuilder<Database, 'staff'>;

function jsonListHasAny(eb: StaffEb, column: 'staff.grade_levels' | 'staff.subjects', values: readonly string[]) {
  return eb.or(values.map((v) => sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(JSON.stringify(v))}%`} escape '\\'`));
}

/** The heat map's rows: active educators in the scope, narrowed by the filters. */
export function mapStaff(db: DB, scope: Scope, filter: SkillMapQuery['filter'], day = today()) {
  const districtId = scope.districtId;
  let q = visibleStaff(db, scope).where('staff.status', '=', 'active');
  if (filter.position.length) q = q.where('staff.position', 'in', filter.position);
  if (filter.grade_level.length) q = q.where((eb) => jsonListHasAny(eb, 'staff.grade_levels', filter.grade_level));
  if (filter.subject.length) q = q.where((eb) => jsonListHasAny(eb, 'staff.subjects', filter.subject));
  if (filter.building_id.length) {
    q = q.where('staff.id', 'in', (eb) => eb.selectFrom('staff_buildings as fb').select('fb.staff_id')
      .where('fb.district_id', '=', districtId).where('fb.building_id', 'in', filter.building_id).where(currentOn('fb', day)));
  }
  if (filter.coach_id.length) {
    q = q.where('staff.id', 'in', (eb) => eb.selectFrom('coach_assignments as fc').select('fc.staff_id')
      .where('fc.district_id', '=', districtId).where('fc.coach_id', 'in', filter.coach_id).where(currentOn('fc', day)));
  }
  if (filter.group_id.length) {
    q = q.where('staff.id', 'in', (eb) => eb.selectFrom('group_items as fgi').innerJoin('groups as fg', 'fg.id', 'fgi.group_id')
      .select('fgi.item_id').where('fg.district_id', '=', districtId).where('fg.group_of', '=', STAFF_GROUP_OF)
      .where('fgi.group_id', 'in', filter.group_id));
  }
  return q;
}
type MapStaffQuery = ReturnType<typeof mapStaff>;

/**
 * The average level of a domain's active skills for the educator of the outer row: the current levels, or on
 * the self layer the educator's latest self rating of each skill.
 */
function domainAverage(eb: StaffEb, districtId: number, domainId: number, layer: SkillMapLayer) {
  if (layer === 'self') {
    return eb.selectFrom('self_ratings as al').innerJoin('skills as ask', 'ask.id', 'al.skill_id')
      .select((e) => e.fn.avg<number>('al.level').as('avg'))
      .where('al.district_id', '=', districtId).whereRef('al.staff_id', '=', 'staff.id')
      .where('ask.domain_id', '=', domainId).where('ask.archived_at', 'is', null)
      .where('al.id', 'in', (e) => e.selectFrom('self_ratings as lx').select((x) => x.fn.max('lx.id').as('id'))
        .where('lx.district_id', '=', districtId).whereRef('lx.staff_id', '=', 'staff.id').groupBy('lx.skill_id'));
  }
  return eb.selectFrom('skill_current_levels as al').innerJoin('skills as ask', 'ask.id', 'al.skill_id')
    .select((e) => e.fn.avg<number>('al.level').as('avg'))
    .where('al.district_id', '=', districtId).whereRef('al.staff_id', '=', 'staff.id')
    .where('ask.domain_id', '=', domainId).where('ask.archived_at', 'is', null);
}

/** The rows in the asked order (name, or a domain's average with the unrated last, then name). */
function orderedRows(query: MapStaffQuery, districtId: number, sort: string, layer: SkillMapLayer) {
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  let rows = query.select(['staff.id', 'staff.first_name', 'staff.last_name', 'staff.position']);
  if (key.startsWith('domain:')) {
    const domainId = Number(key.slice('domain:'.length));
    rows = rows.select((eb) => domainAverage(eb, districtId, domainId, layer).as('sort_avg'))
      .orderBy('sort_avg', (ob) => (desc ? ob.desc() : ob.asc()).nullsLast())
      .orderBy('staff.last_name').orderBy('staff.first_name');
  } else {
    rows = rows.orderBy('staff.last_name', desc ? 'desc' : 'asc').orderBy('staff.first_name', desc ? 'desc' : 'asc');
  }
  return rows.orderBy('staff.id');
}

/** One page of rows in the asked order, and the total of the filtered set. */
export async function mapPage(
  query: MapStaffQuery, districtId: number, sort: string, page: { perPage: number; offset: number }, layer: SkillMapLayer = 'coach',
) {
  const [list, count] = await Promise.all([
    orderedRows(query, districtId, sort, layer).limit(page.perPage).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(count.n) };
}

/** Every row of the filtered set in the asked order (the CSV export). */
export async function mapAll(query: MapStaffQuery, districtId: number, sort: string, layer: SkillMapLayer = 'coach') {
  return orderedRows(query, districtId, sort, layer).execute();
}
export type MapRow = Awaited<ReturnType<typeof mapAll>>[number];

/**
 * The current cells of some educators: level, date, rater and note, from skill_current_levels alone
 * (clustered by educator: one contiguous read each); the raters' names in one more query.
 */
export async function cellsOf(db: DB, districtId: number, staffIds: readonly number[], layer: SkillMapLayer = 'coach') {
  if (staffIds.length === 0) return [];
  if (layer === 'self') return selfCellsOf(db, districtId, staffIds);
  const cells = await db.selectFrom('skill_current_levels as cl')
    .select(['cl.staff_id', 'cl.skill_id', 'cl.level', 'cl.rated_on', 'cl.rated_by', 'cl.note'])
    .where('cl.district_id', '=', districtId).where('cl.staff_id', 'in', [...staffIds]).execute();
  const raterIds = [...new Set(cells.map((c) => c.rated_by).filter((id): id is number => id !== null))];
  const names = raterIds.length
    ? new Map((await db.selectFrom('users').select(['id', 'name']).where('id', 'in', raterIds).execute()).map((u) => [u.id, u.name]))
    : new Map<number, string>();
  return cells.map((c) => ({ ...c, rated_by_name: c.rated_by !== null ? names.get(c.rated_by) ?? null : null }));
}
export type CellRow = Awaited<ReturnType<typeof cellsOf>>[number];

/** The self layer's cells: each educator's latest self rating per skill (given by themself: no rater named, no note). */
async function selfCellsOf(db: DB, districtId: number, staffIds: readonly number[]) {
  const rows = await db.selectFrom('self_ratings as sr').select(['sr.staff_id', 'sr.skill_id', 'sr.level', 'sr.rated_on'])
    .where('sr.district_id', '=', districtId).where('sr.id', 'in', latestSelfIds(db, districtId, staffIds)).execute();
  return rows.map((r) => ({ ...r, rated_by: null as number | null, note: null as string | null, rated_by_name: null as string | null }));
}

/** The current school name of some educators. */
export async function buildingNamesOf(db: DB, districtId: number, staffIds: readonly number[], day = today()) {
  if (staffIds.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom('staff_buildings as sb').innerJoin('buildings as b', 'b.id', 'sb.building_id')
    .select(['sb.staff_id', 'b.name', 'sb.start_date']).where('sb.district_id', '=', districtId)
    .where('sb.staff_id', 'in', [...staffIds]).where(currentOn('sb', day)).orderBy('sb.start_date').execute();
  return new Map(rows.map((r) => [r.staff_id, r.name]));
}

/**
 * How many filtered educators stand at each level of each active skill (the summary row): current levels, or
 * on the self layer their latest self ratings.
 */
export async function levelCounts(db: DB, query: MapStaffQuery, districtId: number, layer: SkillMapLayer = 'coach') {
  const [counts, total] = await Promise.all([
    layer === 'self' ? selfLevelCounts(db, query, districtId) : db.selectFrom('skill_current_levels as cl').innerJoin('skills as s', 's.id', 'cl.skill_id')
      .select(['cl.skill_id', 'cl.level', (eb) => eb.fn.countAll<number>().as('n')])
      .where('cl.district_id', '=', districtId).where('s.archived_at', 'is', null)
      .where('cl.staff_id', 'in', query.select('staff.id'))
      .groupBy(['cl.skill_id', 'cl.level']).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { counts, total: Number(total.n) };
}

function selfLevelCounts(db: DB, query: MapStaffQuery, districtId: number) {
  return db.selectFrom('self_ratings as sr').innerJoin('skills as s', 's.id', 'sr.skill_id')
    .select(['sr.skill_id', 'sr.level', (eb) => eb.fn.countAll<number>().as('n')])
    .where('sr.district_id', '=', districtId).where('s.archived_at', 'is', null)
    .where('sr.id', 'in', (eb) => eb.selectFrom('self_ratings as lx').select((x) => x.fn.max('lx.id').as('id'))
      .where('lx.district_id', '=', districtId).where('lx.staff_id', 'in', query.select('staff.id')).groupBy(['lx.staff_id', 'lx.skill_id']))
    .groupBy(['sr.skill_id', 'sr.level']).execute();
}

/**
 * An interaction the caller may link a rating to: in the district, not deleted, with the educator
 * taking part, and the caller's own (coach or author) unless they read activity district-wide.
 */
export async function linkableInteraction(db: DB, districtId: number, id: number, staffId: number, userId: number, anyCoach: boolean) {
  let q = db.selectFrom('interactions as i').select('i.id')
    .where('i.district_id', '=', districtId).where('i.id', '=', id).where('i.deleted_at', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('interaction_participants as ip').select(sql.lit(1).as('one'))
      .whereRef('ip.interaction_id', '=', 'i.id').where('ip.staff_id', '=', staffId)));
  if (!anyCoach) q = q.where((eb) => eb.or([eb('i.coach_id', '=', userId), eb('i.created_by', '=', userId)]));
  return q.executeTakeFirst();
}
