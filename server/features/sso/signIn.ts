// Signing in with a school account (issue 30): the start (an authorization address with PKCE, state and
// nonce kept in this browser's session) and the callback (openid-client exchanges the code and checks the
// ID token: signature through the provider's JWKS, issuer, audience, expiry, nonce), then the person:
// found by the link (issuer + subject), or the first time by email in the connection's district, and
// linked; created as an educator only when the connection allows it.
import type { Request, Response } from 'express';
import * as client from 'openid-client';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { User } from '../../../db/types';
import type { SsoRefusal } from '../../../common/schemas/ssoSignIn';
import { SSO_CALLBACK_PATH } from '../../../common/ssoValues';
import type { Actor } from '../../lib/audit';
import { recordAudit } from '../../lib/audit';
import { createUser, linkStaffToUser } from '../../identity/accounts';
import { findActiveLogin, findUserById, findUserInDistrictByEmail, normalizeEmail } from '../../identity/users';
import type { RelyingParties } from './signInDiscovery';
import {
  domainOfEmail, domainsOf, districtStatusOf, findLink, insertLink, touchLink, type SignInConnection,
} from './signInQueries';

/** The provider's own connection's id (Coachwell staff, features/sso/providerStaff.ts); a district's start at 1. */
export const PROVIDER_STAFF_CONNECTION_ID = 0;

/** How long a started sign-in may take at the provider. */
export const SIGN_IN_TTL_MS = 10 * 60_000;

declare module 'express-session' {
  interface SessionData {
    /** The connection this session signed in with, and its ID token as the provider's end-session hint. */
    ssoSignedIn?: { connectionId: number; districtId: number; idToken: string | null };
  }
}

/**
 * A sign-in under way: what the callback checks. A guest's session is never stored (security finding 9:
 * guests add no rows), so it rides in a cookie of this browser's, sealed (AES-256-GCM, server/lib/secretBox.ts:
 * neither readable nor changeable), httpOnly, SameSite=Lax (sent on the provider's redirect back), only on
 * /api/auth/sso, for SIGN_IN_TTL_MS; the callback clears it, so it works once.
 */
export interface PendingSignIn {
  connectionId: number; districtId: number; state: string; nonce: string; verifier: string; startedAt: number;
  /** This sign-in is the one started again after a key the provider had just published (at most once). */
  retry?: boolean;
}
export const PENDING_COOKIE = 'coachwell_sso';
const PENDING_PATH = '/api/auth/sso';

export interface PendingSeal {
  seal(plain: string): string;
  open(sealed: string): string;
}

function readPending(req: Request, box: PendingSeal): PendingSignIn | undefined {
  const sealed = (req.cookies as Record<string, string> | undefined)?.[PENDING_COOKIE];
  if (!sealed) return undefined;
  try {
    return JSON.parse(box.open(sealed)) as PendingSignIn;
  } catch {
    return undefined;
  }
}

export class SignInRefused extends Error {
  /** The ID token named a signing key we did not hold yet, on the first try: worth one fresh start. */
  keyUnknown = false;
  /** The connection the refused sign-in went through, once known (for the audit row and a fresh start). */
  connection?: SignInConnection;
  /** Which sign-in page the person goes back to: Coachwell staff's (the provider's own connection) or the districts'. */
  area: 'app' | 'admin' = 'app';
  constructor(readonly reason: SsoRefusal, readonly detail: string, readonly user?: User) {
    super(`single sign-on refused: ${reason} (${detail})`);
    this.name = 'SignInRefused';
  }
}

export const callbackAddress = (appUrl: string) => `${appUrl}${SSO_CALLBACK_PATH}`;

/** Starts a sign-in: remembers state, nonce and the PKCE verifier in this session; answers the provider's address. */
export async function startSignIn(
  res: Response, box: PendingSeal, secure: boolean, parties: RelyingParties, connection: SignInConnection, appUrl: string, loginHint?: string, retry = false,
): Promise<string> {
  const config = await parties.configurationFor(connection);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const pending: PendingSignIn = { connectionId: connection.id, districtId: connection.district_id, state, nonce, verifier, startedAt: Date.now(), ...(retry ? { retry } : {}) };
  res.cookie(PENDING_COOKIE, box.seal(JSON.stringify(pending)), { httpOnly: true, sameSite: 'lax', secure, path: PENDING_PATH, maxAge: SIGN_IN_TTL_MS });
  const parameters: Record<string, string> = {
    redirect_uri: callbackAddress(appUrl),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  if (loginHint) parameters.login_hint = loginHint;
  return client.buildAuthorizationUrl(config, parameters).href;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string | null;
  idToken: string | null;
}

/**
 * Whether the provider vouches for the email, each provider its own way (docs/guide/single-sign-on.md):
 * `email_verified: true` everywhere it is sent; Microsoft Entra ID sends none, so its `xms_edov` optional
 * claim (the email's domain is verified by the tenant) stands for it; Clever and ClassLink hand out the
 * district's rostered accounts, so without the claim their email counts when it is not said to be unverified
 * (the allowed domains are checked for everyone after this).
 */
export function emailVerified(kind: string, claims: Record<string, unknown>): boolean {
  if (claims.email_verified === true || claims.email_verified === 'true') return true;
  if (kind === 'microsoft') return claims.xms_edov === true || claims.xms_edov === 'true' || claims.xms_edov === 1;
  if (kind === 'clever' || kind === 'classlink') return claims.email_verified === undefined;
  return false;
}

/** The callback's token work: the pending sign-in must be this browser's, then openid-client does every check. */
export async function verifyCallback(
  req: Request, res: Response, box: PendingSeal, secure: boolean, parties: RelyingParties, findConnection: (districtId: number, id: number) => Promise<SignInConnection | undefined>, appUrl: string,
): Promise<{ connection: SignInConnection; identity: VerifiedIdentity }> {
  const pending = readPending(req, box);
  // One use: a replay of this callback finds nothing pending.
  res.clearCookie(PENDING_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: PENDING_PATH });
  const state = typeof req.query.state === 'string' ? req.query.state : '';
  if (!pending || !state || pending.state !== state || Date.now() - pending.startedAt > SIGN_IN_TTL_MS) {
    const refused = new SignInRefused('state', !pending ? 'nothing pending in this session' : pending.state !== state ? 'state does not match' : 'expired');
    // The provider's own connection's people go back to the staff sign-in page.
    if (pending?.connectionId === PROVIDER_STAFF_CONNECTION_ID) refused.area = 'admin';
    throw refused;
  }
  const connection = await findConnection(pending.districtId, pending.connectionId);
  if (!connection) {
    throw Object.assign(new SignInRefused('failed', 'the connection was removed meanwhile'), { area: pending.connectionId === PROVIDER_STAFF_CONNECTION_ID ? 'admin' : 'app' });
  }
  if (typeof req.query.error === 'string') {
    throw Object.assign(new SignInRefused(req.query.error === 'access_denied' ? 'cancelled' : 'failed', `provider error ${req.query.error.slice(0, 60)}`), { connection });
  }
  const config = await parties.configurationFor(connection);
  const query = new URL(req.originalUrl, 'http://callback.invalid').search;
  let tokens;
  try {
    tokens = await client.authorizationCodeGrant(config, new URL(`${callbackAddress(appUrl)}${query}`), {
      pkceCodeVerifier: pending.verifier, expectedState: pending.state, expectedNonce: pending.nonce, idTokenExpected: true,
    });
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as Error).name;
    // The provider's own refusal (a code already used or expired: invalid_grant) is named with its description.
    const said = err instanceof client.ResponseBodyError ? ` ${err.error}${err.error_description ? ` (${err.error_description.slice(0, 100)})` : ''}` : '';
    const refused = new SignInRefused('failed', `token or ID token refused: ${String(code)}${said}: ${(err as Error).message.slice(0, 200)}`);
    // A signing key we do not hold (openid-client fetches the JWKS again itself only once its copy is a minute
    // old): drop the connection's discovery and keys, and the caller starts the sign-in once more.
    if (/KEY_SELECTION/i.test(String(code))) {
      parties.forget(connection.id, connection.issuer);
      refused.keyUnknown = !pending.retry;
    }
    refused.connection = connection;
    throw refused;
  }
  const claims = tokens.claims() as Record<string, unknown> | undefined;
  if (!claims) throw Object.assign(new SignInRefused('failed', 'no ID token'), { connection });
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
  if (!email) throw Object.assign(new SignInRefused('unverified-email', 'no email claim'), { connection });
  if (!emailVerified(connection.kind, claims)) throw Object.assign(new SignInRefused('unverified-email', 'email not verified by the provider'), { connection });
  if (!domainsOf(connection).includes(domainOfEmail(email))) throw Object.assign(new SignInRefused('domain', `domain ${domainOfEmail(email)} not allowed`), { connection });
  return {
    connection,
    identity: {
      issuer: String(claims.iss), subject: String(claims.sub), email,
      name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 120) : null,
      idToken: tokens.id_token ?? null,
    },
  };
}

/**
 * The person the identity signs in as: by link, else by email in the connection's district (then linked),
 * else a new educator when the connection allows it (`beforeCreate` counts it against the rate limits).
 */
export async function personFor(
  db: DB, actor: Actor, connection: SignInConnection, identity: VerifiedIdentity, beforeCreate: () => Promise<void>,
): Promise<User> {
  const districtId = connection.district_id;
  const link = await findLink(db, identity.issuer, identity.subject);
  if (link && link.district_id !== districtId) throw new SignInRefused('elsewhere', 'subject linked in another district');
  let user: User | undefined;
  if (link) {
    user = await findUserById(db, link.user_id);
    if (!user || user.district_id !== districtId) throw new SignInRefused('no-login', 'linked login gone');
    await checkUsable(db, user);
    await touchLink(db, districtId, link.id);
    return user;
  }
  user = await findUserInDistrictByEmail(db, districtId, identity.email);
  const provider = connection.kind;
  if (user) {
    await checkUsable(db, user);
    const active = await findActiveLogin(db, identity.email);
    if (active && active.id !== user.id) throw new SignInRefused('elsewhere', 'email active in another district', user);
    const linked = user;
    await db.transaction().execute(async (trx) => {
      // An invited login that signs in with the district's own account has accepted its invitation.
      if (linked.status === 'invited') {
        await trx.updateTable('users').set({ status: 'active', updated_at: nowIso() }).where('id', '=', linked.id).where('district_id', '=', districtId).execute();
        await trx.updateTable('invites').set({ accepted_at: nowIso() }).where('user_id', '=', linked.id).where('accepted_at', 'is', null).execute();
        await linkStaffToUser(trx, linked);
      }
      await insertLink(trx, { districtId, userId: linked.id, connectionId: connection.id, issuer: identity.issuer, subject: identity.subject, email: identity.email });
      await recordAudit(trx, { ...actor, districtId, userId: linked.id }, { action: 'sso_linked', subjectType: 'user', subjectId: linked.id, details: { provider } });
    });
    return (await findUserById(db, linked.id))!;
  }
  if (!connection.create_users) throw new SignInRefused('no-login', 'no login with this email in the district');
  if (await findActiveLogin(db, identity.email)) throw new SignInRefused('elsewhere', 'email active in another district');
  await checkDistrict(db, districtId);
  await beforeCreate();
  const created = await db.transaction().execute(async (trx) => {
    const row = await createUser(trx, { districtId, email: identity.email, name: identity.name ?? identity.email, roles: ['educator'] });
    await trx.updateTable('users').set({ status: 'active', updated_at: nowIso() }).where('id', '=', row.id).where('district_id', '=', districtId).execute();
    await linkStaffToUser(trx, row);
    await insertLink(trx, { districtId, userId: row.id, connectionId: connection.id, issuer: identity.issuer, subject: identity.subject, email: identity.email });
    await recordAudit(trx, { ...actor, districtId, userId: row.id }, { action: 'sso_user_created', subjectType: 'user', subjectId: row.id, details: { provider } });
    return row;
  });
  return (await findUserById(db, created.id))!;
}

async function checkDistrict(db: DB, districtId: number) {
  const status = await districtStatusOf(db, districtId);
  if (status === 'suspended') throw new SignInRefused('suspended', 'district suspended');
  if (status === 'scheduled-for-deletion') throw new SignInRefused('scheduled-for-deletion', 'district scheduled for deletion');
}

async function checkUsable(db: DB, user: User) {
  if (user.status === 'disabled') throw new SignInRefused('deactivated', 'login deactivated', user);
  if (user.district_id !== null) {
    const status = await districtStatusOf(db, user.district_id);
    if (status === 'suspended') throw new SignInRefused('suspended', 'district suspended', user);
    if (status === 'scheduled-for-deletion') throw new SignInRefused('scheduled-for-deletion', 'district scheduled for deletion', user);
  }
}
