// Account migration: a person with an active login in one district accepts another district's
// invitation and moves their login there. Only an active login holds an email, so "moving" means:
// the invited row of the new district becomes the person's login (their password, name and
// preferences), and the former district's row is deactivated but KEPT with its history and audit
// (security finding 10). Its educator rows are unlinked and open caseloads there end.
import type { ExpressionBuilder } from 'kysely';
import { lockDistrictWrites } from '../../../db/locks';
import type { DB } from '../../../db/connection';
import type { Database } from '../../../db/types';
import { nowIso } from '../../../db/connection';
import { USER_MESSAGES } from '../../../common/schemas/users';
import { conflict } from '../../http/errors';
import { hashToken } from '../../identity/tokens';
import { dropLapsedCalendarFeeds } from '../../identity/lapsedFeeds';
import { endUserSessions } from '../../identity/sessions';
import { linkStaffToUser } from '../../identity/accounts';
import { dayBefore, today } from '../../lib/dates';
import { isLastActiveAdmin } from './queries';

/**
 * The open migration behind a token, or undefined when unknown, accepted, revoked or expired, when
 * the login is no longer active (a deactivated login is never migrated: finding 10) or when the new
 * district's invitation is gone.
 */
export function findOpenMigration(db: DB, token: string) {
  return db.selectFrom('account_migrations')
    .innerJoin('users', 'users.id', 'account_migrations.user_id')
    .innerJoin('users as invited', 'invited.id', 'account_migrations.invite_user_id')
    .innerJoin('districts', 'districts.id', 'account_migrations.to_district_id')
    .leftJoin('users as inviter', 'inviter.id', 'account_migrations.invited_by')
    .select([
      'account_migrations.id', 'account_migrations.user_id', 'account_migrations.invite_user_id', 'account_migrations.to_district_id',
      'account_migrations.expires_at', 'users.email', 'users.password_hash', 'users.name as user_name', 'users.date_locale',
      'users.timezone', 'users.district_id as current_district_id', 'districts.name as district_name', 'inviter.name as invited_by_name',
    ])
    .where('account_migrations.token_hash', '=', hashToken(token))
    .where('account_migrations.accepted_at', 'is', null)
    .where('account_migrations.revoked_at', 'is', null)
    .where('account_migrations.expires_at', '>', nowIso())
    .where('users.status', '=', 'active')
    .where('invited.status', '=', 'invited')
    .where('invited.district_id', '=', (eb) => eb.ref('account_migrations.to_district_id'))
    // Provider staff never move into a district.
    .where('users.district_id', 'is not', null)
    .executeTakeFirst();
}

export type OpenMigration = NonNullable<Awaited<ReturnType<typeof findOpenMigration>>>;

/**
 * Moves the login in one transaction. 409 when the person is the last active district administrator
 * of their current district (finding 7). Otherwise: the migration is marked accepted (the link works
 * once), the former row is deactivated (its sessions end, its educator rows unlink, its open
 * caseloads end; history stays), and the new district's invited row becomes active with the
 * person's password, name and preferences, its roles and schools as the new district set them.
 * Returns the former district and the id of the person's login now.
 */
export async function acceptMigration(db: DB, migration: OpenMigration): Promise<{ fromDistrictId: number; userId: number }> {
  const now = nowIso();
  const from = migration.current_district_id!;
  const newId = migration.invite_user_id!;
  await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): the district the login leaves keeps an administrator.
    await lockDistrictWrites(trx, from);
    if (await isLastActiveAdmin(trx, from, migration.user_id)) throw conflict(USER_MESSAGES.migrationLastAdmin);
    const claimed = await trx.updateTable('account_migrations').set({ accepted_at: now })
      .where('id', '=', migration.id).where('accepted_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new Error('Account migration was accepted twice.');

    // The former district keeps the row, deactivated (one active login per email).
    await trx.updateTable('users').set({ status: 'disabled', updated_at: now }).where('id', '=', migration.user_id).execute();
    await trx.updateTable('staff').set({ user_id: null, updated_at: now })
      .where('district_id', '=', from).where('user_id', '=', migration.user_id).execute();
    // Caseloads in the former district end; their history stays there.
    const end = dayBefore(today());
    // Open = no end date or one not yet passed (an end date set for later is still on the caseload).
    const stillOpen = (eb: ExpressionBuilder<Database, 'coach_assignments'>) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', end)]);
    await trx.updateTable('coach_assignments').set({ end_date: end, updated_at: now })
      .where('district_id', '=', from).where('coach_id', '=', migration.user_id).where(stillOpen)
      .where('start_date', '<=', end).execute();
    await trx.deleteFrom('coach_assignments')
      .where('district_id', '=', from).where('coach_id', '=', migration.user_id).where(stillOpen)
      .where('start_date', '>', end).execute();
    // Other open offers to move this login go too.
    await trx.updateTable('account_migrations').set({ revoked_at: now })
      .where('user_id', '=', migration.user_id).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
    await endUserSessions(trx, migration.user_id);
    await dropLapsedCalendarFeeds(trx, [migration.user_id]);

    // The new district's invited row becomes the person's login.
    await trx.updateTable('users').set({
      status: 'active', password_hash: migration.password_hash, name: migration.user_name, date_locale: migration.date_locale,
      timezone: migration.timezone, updated_at: now,
    }).where('id', '=', newId).execute();
    await trx.updateTable('invites').set({ accepted_at: now })
      .where('user_id', '=', newId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
    await linkStaffToUser(trx, { id: newId, district_id: migration.to_district_id, email: migration.email });
  });
  return { fromDistrictId: from, userId: newId };
}
