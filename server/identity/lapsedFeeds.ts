// Security finding 6 (issue 25): a calendar feed address is a credential of its own (the token in the
// address, no cookie), so it must not outlive its owner's access. The feed route answers 404 while the
// owner is not an active user of the district or lacks `see activity`, but a row that stayed would answer
// again after a reactivation or a role change back. So every command that deactivates a login, moves it
// out of its district or changes its roles calls this in its own transaction, after its writes: the feeds
// of those users who may no longer hold one are deleted. A person who gets access back turns the feed on
// again and gets a new address. (The district's own state, suspension or a plan without calendar sync,
// stays a check at read time in the calendar feature's `feedStillAnswers`: it is the district's, not the
// person's, and turns back on with the district.)
import { sql } from 'kysely';
import { PERMISSIONS } from '../../common/permissions';
import type { DB } from '../../db/connection';

/** The permission a feed needs (any scope: the feed is always the owner's own activity). */
const FEED_PERMISSION = PERMISSIONS.seeActivity;

/**
 * Deletes the calendar feeds of the given users who are not active users of the feed's district or
 * who no longer hold `see activity` through any role. Answers how many were deleted.
 */
export async function dropLapsedCalendarFeeds(db: DB, userIds: readonly number[]): Promise<number> {
  if (!userIds.length) return 0;
  const result = await db.deleteFrom('calendar_feeds')
    .where('calendar_feeds.user_id', 'in', [...userIds])
    .where((eb) => eb.or([
      eb.not(eb.exists(eb.selectFrom('users').select(sql.lit(1).as('one'))
        .whereRef('users.id', '=', 'calendar_feeds.user_id')
        .whereRef('users.district_id', '=', 'calendar_feeds.district_id')
        .where('users.status', '=', 'active'))),
      eb.not(eb.exists(eb.selectFrom('user_roles')
        .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .select(sql.lit(1).as('one'))
        .whereRef('user_roles.user_id', '=', 'calendar_feeds.user_id')
        // permissionMatches (common/permissions.ts): the name itself or the name with a dotted suffix.
        .where((p) => p.or([p('permissions.name', '=', FEED_PERMISSION), p('permissions.name', 'like', `${FEED_PERMISSION}.%`)])))),
    ]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
