import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import type { BuildingStatus } from '../../../common/schemas/site';
import { today } from '../../lib/dates';

export function districtProfile(db: DB, districtId: number) {
  return db.selectFrom('districts').innerJoin('plans', 'plans.id', 'districts.plan_id')
    .select([
      'districts.id', 'districts.name', 'districts.state', 'districts.timezone', 'districts.school_year_start_month',
      'districts.status', 'districts.trial_ends_at', 'districts.settings', 'plans.key as plan_key', 'plans.name as plan_name',
    ])
    .where('districts.id', '=', districtId).executeTakeFirstOrThrow();
}

export type DistrictProfileRow = Awaited<ReturnType<typeof districtProfile>>;

export function buildingsQuery(db: DB, districtId: number, day = today()) {
  return db.selectFrom('buildings')
    .select(['buildings.id', 'buildings.name', 'buildings.code', 'buildings.grade_band', 'buildings.deleted_at'])
    // Educators at the school now or starting there later (open history rows of active staff).
    .select((eb) =>
      eb.selectFrom('staff_buildings as sb')
        .innerJoin('staff as s', 's.id', 'sb.staff_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('sb.building_id', '=', 'buildings.id')
        .where('sb.district_id', '=', districtId)
        .where('s.district_id', '=', districtId)
        .where('s.status', '=', 'active')
        .where((e) => e.or([e('sb.end_date', 'is', null), e('sb.end_date', '>=', day)]))
        .as('educator_count'))
    .where('buildings.district_id', '=', districtId);
}

export type BuildingRow = { id: number; name: string; code: string | null; grade_band: string | null; deleted_at: string | null; educator_count: number | string | bigint | null };

export async function listBuildings(db: DB, districtId: number, status: BuildingStatus): Promise<BuildingRow[]> {
  let query = buildingsQuery(db, districtId);
  if (status === 'active') query = query.where('buildings.deleted_at', 'is', null);
  if (status === 'archived') query = query.where('buildings.deleted_at', 'is not', null);
  return query.orderBy(sql`lower(buildings.name)`).orderBy('buildings.id').execute() as Promise<BuildingRow[]>;
}

/** One building of the district (archived too), or undefined — another district's building is never found. */
export function findBuilding(db: DB, districtId: number, id: number): Promise<BuildingRow | undefined> {
  return buildingsQuery(db, districtId).where('buildings.id', '=', id).executeTakeFirst() as Promise<BuildingRow | undefined>;
}

/** Another building of the district whose column equals `value` case-insensitively (archived ones count). */
export function findClash(db: DB, districtId: number, column: 'name' | 'code', value: string, exceptId?: number) {
  let query = db.selectFrom('buildings').select('id').where('district_id', '=', districtId)
    .where(sql<string>`lower(${sql.ref(column)})`, '=', value.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}
