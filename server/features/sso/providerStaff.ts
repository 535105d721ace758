// Coachwell staff signing in to /admin through the provider's own OpenID Connect connection (issue 30, item 4).
// The connection comes from the environment (PROVIDER_SSO_*, server/config.ts), not from a table: the people who
// run the server set it, and no one signed in can point the staff's sign-in elsewhere. It goes through the same
// code as a district's connections (start, callback, every ID token check, sign-out) as connection id 0; only
// finding the person differs: a staff login (no district), by its link or the first time by email, never created.
import type { Config } from '../../config';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { User } from '../../../db/types';
import type { Actor } from '../../lib/audit';
import { recordAudit } from '../../lib/audit';
import { findUserById, findUserInDistrictByEmail } from '../../identity/users';
import { PROVIDER_STAFF_CONNECTION_ID, SignInRefused, type VerifiedIdentity } from './signIn';
import type { SignInConnection } from './signInQueries';

/**
 * The provider's own connection in the shape of a district's, or null when unset. Its secret is the environment's,
 * kept as is (a district's is sealed in its row): nothing seals it, so production needs no SSO_SECRET_KEY for it.
 */
export function providerStaffConnection(config: Config): (SignInConnection & { client_secret: string }) | null {
  const staff = config.sso.providerStaff;
  if (!staff) return null;
  return {
    id: PROVIDER_STAFF_CONNECTION_ID,
    district_id: 0,
    kind: staff.kind,
    issuer: staff.issuer,
    client_id: staff.clientId,
    client_secret_sealed: '',
    client_secret: staff.clientSecret,
    domains: JSON.stringify(staff.domains),
    create_users: 0,
    // Constant for the process: the relying party is kept until discovery is an hour old.
    updated_at: 'environment',
  };
}

export const isProviderStaffConnection = (connection: Pick<SignInConnection, 'id'> | undefined) =>
  connection?.id === PROVIDER_STAFF_CONNECTION_ID;

/**
 * The staff login the identity signs in as: by its link (issuer + subject), else by email among Coachwell staff
 * (then linked; an invited login has accepted its invitation). A district's login with that email is not staff:
 * refused as no login. Never creates one (staff are invited under Users in /admin).
 */
export async function providerStaffFor(db: DB, actor: Actor, connection: SignInConnection, identity: VerifiedIdentity): Promise<User> {
  const link = await db.selectFrom('provider_sso_links').select(['id', 'user_id'])
    .where('issuer', '=', identity.issuer).where('subject', '=', identity.subject).executeTakeFirst();
  if (link) {
    const user = await findUserById(db, link.user_id);
    if (!user || user.district_id !== null) throw staffRefused('no-login', 'linked staff login gone');
    if (user.status === 'disabled') throw staffRefused('deactivated', 'staff login deactivated', user);
    await db.updateTable('provider_sso_links').set({ last_sign_in_at: nowIso() }).where('id', '=', link.id).execute();
    return user;
  }
  const user = await findUserInDistrictByEmail(db, null, identity.email);
  if (!user) throw staffRefused('no-login', 'no staff login with this email');
  if (user.status === 'disabled') throw staffRefused('deactivated', 'staff login deactivated', user);
  await db.transaction().execute(async (trx) => {
    if (user.status === 'invited') {
      await trx.updateTable('users').set({ status: 'active', updated_at: nowIso() }).where('id', '=', user.id).where('district_id', 'is', null).execute();
      await trx.updateTable('invites').set({ accepted_at: nowIso() }).where('user_id', '=', user.id).where('accepted_at', 'is', null).execute();
    }
    const now = nowIso();
    await trx.insertInto('provider_sso_links').values({
      user_id: user.id, issuer: identity.issuer, subject: identity.subject, email_at_link: identity.email, created_at: now, last_sign_in_at: now,
    }).execute();
    await recordAudit(trx, { ...actor, districtId: null, userId: user.id }, {
      action: 'sso_linked', subjectType: 'user', subjectId: user.id, details: { provider: connection.kind, area: 'admin' },
    });
  });
  return (await findUserById(db, user.id))!;
}

function staffRefused(reason: 'no-login' | 'deactivated', detail: string, user?: User): SignInRefused {
  return Object.assign(new SignInRefused(reason, detail, user), { area: 'admin' as const });
}
