import type { DB } from '../../../db/connection';
import { districtSettingsOf } from '../../../common/schemas/site';

/** The district's educator records linked to the login. */
export async function linkedStaffIds(db: DB, districtId: number, userId: number): Promise<number[]> {
  return (await db.selectFrom('staff').select('id').where('district_id', '=', districtId).where('user_id', '=', userId).orderBy('id').execute()).map((r) => r.id);
}

/** The district's setting `educator_read_log_visible` (Site settings): educators see who has read about them. */
export async function readLogVisible(db: DB, districtId: number): Promise<boolean> {
  const row = await db.selectFrom('districts').select('settings').where('id', '=', districtId).executeTakeFirst();
  return districtSettingsOf(row?.settings).educator_read_log_visible;
}
