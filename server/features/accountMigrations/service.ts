// Account migration: a person with a login in one district accepts another district's invitation
// and moves that login there. The former district keeps its records (educator rows stay, their link
// to the login is cleared; caseload history stays and open caseloads end).
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../../db/connection';
import type { Database } from '../../../db/types';
import { nowIso } from '../../../db/connection';
import { hashToken } from '../../identity/tokens';
import { endUserSessions } from '../../identity/sessions';
import { dayBefore, today } from '../../lib/dates';

/** The open migration behind a token, or undefined when unknown, accepted, revoked or expired. */
export function findOpenMigration(db: DB, token: string) {
  return db.selectFrom('account_migrations')
    .innerJoin('users', 'users.id', 'account_migrations.user_id')
    .innerJoin('districts', 'districts.id', 'account_migrations.to_district_id')
    .leftJoin('users as inviter', 'inviter.id', 'account_migrations.invited_by')
    .select([
      'account_migrations.id', 'account_migrations.user_id', 'account_migrations.to_district_id', 'account_migrations.roles',
      'account_migrations.building_ids', 'account_migrations.expires_at', 'users.email', 'users.password_hash',
      'users.district_id as current_district_id', 'districts.name as district_name', 'inviter.name as invited_by_name',
    ])
    .where('account_migrations.token_hash', '=', hashToken(token))
    .where('account_migrations.accepted_at', 'is', null)
    .where('account_migrations.revoked_at', 'is', null)
    .where('account_migrations.expires_at', '>', nowIso())
    // Provider staff never move into a district.
    .where('users.district_id', 'is not', null)
    .executeTakeFirst();
}

export type OpenMigration = NonNullable<Awaited<ReturnType<typeof findOpenMigration>>>;

/**
 * Moves the login in one transaction: new district, roles and schools replaced, status active,
 * staff rows of the former district unlinked, open caseloads there ended, the migration marked
 * accepted (so the link works once) and every session of the person ended.
 */
export async function acceptMigration(db: DB, migration: OpenMigration): Promise<{ fromDistrictId: number | null }> {
  const now = nowIso();
  const from = migration.current_district_id;
  await db.transaction().execute(async (trx) => {
    const claimed = await trx.updateTable('account_migrations').set({ accepted_at: now })
      .where('id', '=', migration.id).where('accepted_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new Error('Account migration was accepted twice.');
    await trx.updateTable('users').set({ district_id: migration.to_district_id, status: 'active', updated_at: now })
      .where('id', '=', migration.user_id).execute();

    const roleNames = JSON.parse(migration.roles) as string[];
    const roles = await trx.selectFrom('roles').select('id').where('name', 'in', roleNames.length ? roleNames : ['']).where('area', '=', 'app').execute();
    await trx.deleteFrom('user_roles').where('user_id', '=', migration.user_id).execute();
    for (const role of roles) await trx.insertInto('user_roles').values({ user_id: migration.user_id, role_id: role.id }).execute();

    // Schools chosen at invite time that are still current schools of the new district.
    const wanted = JSON.parse(migration.building_ids) as number[];
    const buildings = wanted.length
      ? await trx.selectFrom('buildings').select('id').where('district_id', '=', migration.to_district_id)
        .where('deleted_at', 'is', null).where('id', 'in', wanted).execute()
      : [];
    await trx.deleteFrom('user_buildings').where('user_id', '=', migration.user_id).execute();
    for (const b of buildings) await trx.insertInto('user_buildings').values({ user_id: migration.user_id, building_id: b.id }).execute();

    if (from !== null) {
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
      await trx.updateTable('invites').set({ revoked_at: now })
        .where('user_id', '=', migration.user_id).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
    }
    await endUserSessions(trx, migration.user_id);
  });
  return { fromDistrictId: from };
}
