// The coaching records (interactions, coaching cycles) a reader's Visibility reaches, as one query both
// features start from: the district's records not deleted; an educator (`participant`) the ones they take
// part in; any other scope what they coach or started, plus (building, assigned) the records of an
// educator their `see educators` scope reaches, plus (building, for a record kept at a school) the
// records of their schools.
import type { ExpressionBuilder, SelectQueryBuilder, Transaction } from 'kysely';
import type { DB } from '../../db/connection';
import type { Database } from '../../db/types';
import type { Visibility } from './coachingReach';
import { visibleStaff } from './staffScope';

/** A kind of coaching record: its table, and the table naming its educators (`staff_id`) by `record`. */
export interface CoachingRecordTable<T extends 'interactions' | 'coaching_cycles'> {
  table: T;
  people: { table: 'interaction_participants' | 'coaching_cycle_staff'; record: 'interaction_id' | 'cycle_id' };
  /** The record names its school (interactions.building_id): a building scope reaches its schools' records. */
  atSchool?: boolean;
}

export const INTERACTION_RECORDS: CoachingRecordTable<'interactions'> = {
  table: 'interactions', people: { table: 'interaction_participants', record: 'interaction_id' }, atSchool: true,
};
export const CYCLE_RECORDS: CoachingRecordTable<'coaching_cycles'> = {
  table: 'coaching_cycles', people: { table: 'coaching_cycle_staff', record: 'cycle_id' },
};

/** The records (not deleted) of the reader's district that `v` may see. */
export function visibleCoachingRecords<T extends 'interactions' | 'coaching_cycles'>(
  db: DB | Transaction<Database>, v: Visibility, r: CoachingRecordTable<T>,
): SelectQueryBuilder<Database, T, object> {
  // The two tables share the columns used here; Kysely cannot type a column of "either table", so the
  // query is built over the record table's name and typed back at the end.
  const t = r.table as 'interactions';
  const link = `${r.people.table} as link` as 'interaction_participants as link';
  const linkRecord = `link.${r.people.record}` as 'link.interaction_id';
  const query = db.selectFrom(t)
    .where(`${t}.district_id`, '=', v.districtId)
    .where(`${t}.deleted_at`, 'is', null);
  const typed = (q: typeof query) => q as unknown as SelectQueryBuilder<Database, T, object>;
  if (v.kind === 'district') return typed(query);
  if (v.kind === 'participant') {
    return typed(query.where(`${t}.id`, 'in', (eb: ExpressionBuilder<Database, 'interactions'>) =>
      eb.selectFrom(link).innerJoin('staff as s', 's.id', 'link.staff_id')
        .select(linkRecord)
        .where('link.district_id', '=', v.districtId).where('s.district_id', '=', v.districtId)
        .where('s.user_id', '=', v.userId)));
  }
  return typed(query.where((eb) => {
    const ors = [eb(`${t}.coach_id`, '=', v.userId), eb(`${t}.created_by`, '=', v.userId)];
    if (v.kind === 'building' && r.atSchool) {
      ors.push(eb(`${t}.building_id`, 'in', v.buildingIds.length ? v.buildingIds : [-1]));
    }
    if (v.kind === 'building' || v.kind === 'assigned') {
      const scope = { kind: v.kind, districtId: v.districtId, userId: v.userId, buildingIds: v.buildingIds };
      ors.push(eb(`${t}.id`, 'in',
        eb.selectFrom(link).select(linkRecord)
          .where('link.district_id', '=', v.districtId)
          .where('link.staff_id', 'in', visibleStaff(db as DB, scope).select('staff.id'))));
    }
    return eb.or(ors);
  }));
}

/**
 * An active login of the district holding `permission` in any scope (`see activity`, `see skill mapping`):
 * who may coach an interaction or run a cycle.
 */
export async function isActiveHolder(db: DB | Transaction<Database>, districtId: number, userId: number, permission: string): Promise<boolean> {
  const row = await db.selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select('users.id')
    .where('users.id', '=', userId).where('users.district_id', '=', districtId).where('users.status', '=', 'active')
    .where((eb) => eb.or([eb('permissions.name', '=', permission), eb('permissions.name', 'like', `${permission}.%`)]))
    .executeTakeFirst();
  return row !== undefined;
}
