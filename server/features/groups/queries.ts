// Staff groups queries. Groups carry district_id; group_items do not, so every item query goes
// through its group (and staff lookups through the staff row's district_id).
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import type { GroupItemsTable, GroupsTable } from '../../../db/types';
import type { Selectable, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from '../../../db/types';
import { containsText } from '../../../db/dialect';

type Conn = DB | Transaction<Database>;
export type GroupRow = Selectable<GroupsTable>;
export type GroupItemRow = Selectable<GroupItemsTable> & { staff_first_name: string | null; staff_last_name: string | null };

export interface GroupFilters {
  search: string;
  status: 'active' | 'all';
  staffId?: number;
  /**
   * The staff ids the caller may see (a subquery), when their scope is narrower than the district:
   * the staff_id filter then matches only an educator in scope, so an id outside it answers as if it
   * matched nothing (security finding 6).
   */
  visibleStaff?: SelectQueryBuilder<Database, 'staff', { id: number }>;
}

/** The district's groups matching the filters, ordered by name (case-insensitive). */
export function listGroups(db: Conn, districtId: number, filters: GroupFilters): Promise<GroupRow[]> {
  let query = db.selectFrom('groups').selectAll('groups').where('groups.district_id', '=', districtId);
  if (filters.status === 'active') query = query.where('groups.deleted_at', 'is', null);
  if (filters.search) {
    query = query.where(containsText(db, sql.ref('groups.name'), filters.search));
  }
  if (filters.staffId !== undefined) {
    const staffId = filters.staffId;
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('group_items as gi').select(sql.lit(1).as('one'))
          .whereRef('gi.group_id', '=', 'groups.id')
          .where('gi.item_id', '=', staffId)
          .$if(filters.visibleStaff !== undefined, (q) => q.where('gi.item_id', 'in', filters.visibleStaff!)),
      ),
    );
  }
  return query.orderBy(sql`lower(groups.name)`).orderBy('groups.id').execute();
}

/** One group of the district, or undefined (another district's group is "not found"). */
export function findGroup(db: Conn, districtId: number, id: number): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
}

/**
 * The items of these groups with their educator's name (only staff of the same district); `visibleStaff`
 * (a subquery of staff ids) limits them to the educators the caller may see.
 */
export async function itemsOfGroups(
  db: Conn, districtId: number, groupIds: number[], visibleStaff?: SelectQueryBuilder<Database, 'staff', { id: number }>,
): Promise<GroupItemRow[]> {
  if (groupIds.length === 0) return [];
  let query = db.selectFrom('group_items')
    .innerJoin('groups', 'groups.id', 'group_items.group_id')
    .leftJoin('staff', (join) => join.onRef('staff.id', '=', 'group_items.item_id').on('staff.district_id', '=', districtId))
    .selectAll('group_items')
    .select(['staff.first_name as staff_first_name', 'staff.last_name as staff_last_name'])
    .where('groups.district_id', '=', districtId)
    .where('group_items.group_id', 'in', groupIds);
  if (visibleStaff) query = query.where('group_items.item_id', 'in', visibleStaff);
  return query
    .orderBy('staff.last_name')
    .orderBy('staff.first_name')
    .orderBy('group_items.id')
    .execute();
}

/** True when another group of the district already has this name (case-insensitive). */
export async function groupNameTaken(db: Conn, districtId: number, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('groups').select('id').where('district_id', '=', districtId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Which of these staff ids belong to the district. */
export async function staffIdsInDistrict(db: Conn, districtId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('staff').select('id').where('district_id', '=', districtId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
