// A district scheduled for deletion (issue 32) takes no one in: an invitation into it is not accepted and no login
// moves into it, since everything in it is about to be purged (its sign-in refusal lives in features/auth and
// features/sso, its signing out in identity/context.ts). Used by features/auth (accepting an invitation) and
// features/accountMigrations (moving a login).
import type { DB } from '../../db/connection';
import { deletionDay, districtScheduledForDeletionMessage } from '../../common/schemas/districtDeletion';
import { forbidden } from '../http/errors';

/** 403 with the sign-in page's words when the district is scheduled for deletion. */
export async function refuseIfScheduledForDeletion(db: DB, districtId: number | null): Promise<void> {
  if (districtId === null) return;
  const district = await db.selectFrom('districts').select(['timezone', 'deletion_due_at']).where('id', '=', districtId).executeTakeFirst();
  if (district?.deletion_due_at) throw forbidden(districtScheduledForDeletionMessage(deletionDay(district.deletion_due_at, district.timezone)));
}
