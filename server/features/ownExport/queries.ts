import type { DB } from '../../../db/connection';

/** The district's educator records linked to the login. */
export async function linkedStaffIds(db: DB, districtId: number, userId: number): Promise<number[]> {
  return (await db.selectFrom('staff').select('id').where('district_id', '=', districtId).where('user_id', '=', userId).orderBy('id').execute()).map((r) => r.id);
}
