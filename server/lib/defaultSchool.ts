// The default school of an interaction (issue 26; the rule: `DefaultSchool` in common/schemas/interactions.ts).
// Lives below the features because two of them use it: interactions (a POST without building_id and
// GET /api/interaction/default-school, the log form's default) and calendar (an interaction imported from an
// .ics file). Migration 20261129_0140_interaction_default_school filled the older school-less rows by the
// same rule, with the schools the educators were at on the day (archived since or not).
import type { Transaction } from 'kysely';
import type { DefaultSchool } from '../../common/schemas/interactions';
import type { DB } from '../../db/connection';
import type { Database } from '../../db/types';
import { currentOn } from './history';

/**
 * The one school (not archived) the participants are at on `day` (building history), else the coach's one
 * school. The coach's schools have no history: their schools as they stand.
 */
export async function defaultSchoolOf(
  db: DB | Transaction<Database>, districtId: number, staffIds: readonly number[], coachId: number, day: string,
): Promise<DefaultSchool> {
  if (staffIds.length) {
    const schools = await db.selectFrom('staff_buildings as sb').innerJoin('buildings as b', 'b.id', 'sb.building_id')
      .select(['b.id', 'b.name']).distinct()
      .where('sb.district_id', '=', districtId).where('b.district_id', '=', districtId).where('b.deleted_at', 'is', null)
      .where('sb.staff_id', 'in', [...staffIds]).where(currentOn('sb', day))
      .execute();
    if (schools.length === 1) return { building: schools[0]!, source: 'participants' };
  }
  const coachSchools = await db.selectFrom('user_buildings as ub').innerJoin('buildings as b', 'b.id', 'ub.building_id')
    .innerJoin('users as u', 'u.id', 'ub.user_id')
    .select(['b.id', 'b.name'])
    .where('u.district_id', '=', districtId).where('b.district_id', '=', districtId).where('b.deleted_at', 'is', null)
    .where('ub.user_id', '=', coachId)
    .execute();
  if (coachSchools.length === 1) return { building: coachSchools[0]!, source: 'coach' };
  return { building: null, source: null };
}
