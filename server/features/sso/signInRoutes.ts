// Signing in with a school account (issue 30): POST /api/auth/social (the spec's path) answers the provider's
// address; GET /api/auth/sso/callback finishes the sign-in and redirects into /app, or to the login page
// with `?sso=<reason>` (common/schemas/ssoSignIn.ts says it in words); GET /api/auth/sso/options gives the
// login page's buttons for a district; POST /api/auth/sso/logout ends our session and answers the
// provider's end-session address where it offers one. Coachwell staff sign in to /admin the same way through the
// provider's own connection when PROVIDER_SSO_* is set (providerStaff.ts): `{ area: 'admin' }` starts it, and
// GET /api/auth/sso/provider-staff tells the staff sign-in page which button to show.
import { Router, type Response } from 'express';
import * as client from 'openid-client';
import { SSO_KINDS } from '../../../common/ssoValues';
import { SSO_MESSAGES, socialSignInSchema, ssoOptionsQuerySchema, type SsoRefusal } from '../../../common/schemas/ssoSignIn';
import type { SsoOptionsAnswer, SsoProviderStaffAnswer, SsoRedirectAnswer, SsoSignOutAnswer } from '../../../common/schemas/answers/ssoSignIn';
import { nowIso } from '../../../db/connection';
import type { Deps } from '../../deps';
import { issueCsrfToken } from '../../http/csrf';
import { HttpError, notFound, validationError } from '../../http/errors';
import { clientKey } from '../../http/rateLimit';
import { validate } from '../../http/validate';
import { recordAudit } from '../../lib/audit';
import { securityEvents } from '../../lib/opsLog';
import { secretBoxFor } from '../../lib/secretBox';
import { startSession } from '../../identity/signIn';
import { findActiveLogin, normalizeEmail } from '../../identity/users';
import { personFor, PROVIDER_STAFF_CONNECTION_ID, SignInRefused, startSignIn, verifyCallback } from './signIn';
import { isProviderStaffConnection, providerStaffConnection, providerStaffFor } from './providerStaff';
import { RelyingParties } from './signInDiscovery';
import {
  connectionById, connectionOfKind, connectionsForDomain, districtSignInOptions, domainOfEmail, type SignInConnection,
} from './signInQueries';

/** Sign-ins one client address may start per minute, and per minute for one email from it. */
export const SSO_STARTS_PER_ADDRESS = 30;
export const SSO_STARTS_PER_ADDRESS_AND_EMAIL = 10;
/** Logins first sign-ins may create per client address per hour, and per district per day. */
export const SSO_CREATIONS_PER_ADDRESS_PER_HOUR = 10;
export const SSO_CREATIONS_PER_DISTRICT_PER_DAY = 200;
export const SSO_NO_CONNECTION_OF_KIND = 'This district has no sign-in connection of that kind.';
export const SSO_PROVIDER_UNREACHABLE = 'We could not reach your school account\'s provider. Try again in a few minutes; if it keeps failing, ask your district administrator to test the connection.';

const LOGIN_PAGE = '/app/auth/login';
const STAFF_LOGIN_PAGE = '/admin/auth/login';
const kindOrder = (kind: string) => SSO_KINDS.indexOf(kind as (typeof SSO_KINDS)[number]);

export function ssoSignInRoutes(deps: Deps): Router {
  const { db, config, limiter } = deps;
  const secure = config.env === 'production';
  const box = secretBoxFor(config, (m) => deps.log(m));
  const parties = new RelyingParties({ allowHttp: config.sso.allowHttp, open: (sealed) => box.open(sealed), fetch: deps.ssoFetch });
  const staffConnection = providerStaffConnection(config);
  const findConnection = async (districtId: number, id: number) =>
    (id === PROVIDER_STAFF_CONNECTION_ID ? staffConnection ?? undefined : connectionById(db, districtId, id));
  const router = Router();

  /** The connection an email's domain finds: in the district where the email already signs in when several claim it. */
  async function connectionForEmail(email: string): Promise<SignInConnection | undefined> {
    const found = await connectionsForDomain(db, domainOfEmail(email));
    const districts = new Set(found.map((c) => c.district_id));
    let candidates = found;
    if (districts.size > 1) {
      const login = await findActiveLogin(db, email);
      candidates = found.filter((c) => c.district_id === login?.district_id);
    }
    return candidates.sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind))[0];
  }

  async function addressOf(res: Response, connection: SignInConnection, loginHint?: string): Promise<string> {
    try {
      return await startSignIn(res, box, secure, parties, connection, config.appUrl, loginHint);
    } catch (err) {
      deps.log(`Single sign-on: starting a sign-in with connection ${connection.id} (${connection.kind}) failed:`, (err as Error).message);
      throw new HttpError(502, SSO_PROVIDER_UNREACHABLE, 'provider_unreachable');
    }
  }

  router.post('/auth/social', async (req, res) => {
    await limiter.hit(clientKey(req, 'sso-start'), SSO_STARTS_PER_ADDRESS);
    const input = validate(socialSignInSchema, req.body);
    let connection: SignInConnection | undefined;
    if ('area' in input) {
      if (!staffConnection) throw notFound(SSO_MESSAGES.staffNotSetUp);
      res.json({ redirect: await addressOf(res, staffConnection) } satisfies SsoRedirectAnswer);
      return;
    }
    if ('email' in input) {
      await limiter.hit(clientKey(req, 'sso-start', input.email), SSO_STARTS_PER_ADDRESS_AND_EMAIL);
      connection = await connectionForEmail(input.email);
      if (!connection) throw validationError({ email: [SSO_MESSAGES.noConnection] });
      res.json({ redirect: await addressOf(res, connection, normalizeEmail(input.email)) } satisfies SsoRedirectAnswer);
      return;
    }
    connection = input.district_id <= Number.MAX_SAFE_INTEGER ? await connectionOfKind(db, input.district_id, input.kind) : undefined;
    if (!connection) throw notFound(SSO_NO_CONNECTION_OF_KIND);
    res.json({ redirect: await addressOf(res, connection) } satisfies SsoRedirectAnswer);
  });

  router.get('/auth/sso/options', async (req, res) => {
    await limiter.hit(clientKey(req, 'sso-options'), SSO_STARTS_PER_ADDRESS);
    const query = validate(ssoOptionsQuerySchema, req.query);
    const options = await districtSignInOptions(db, query.district.trim().toLowerCase());
    if (!options || options.kinds.length === 0) throw notFound('This district has no single sign-on.');
    res.json({
      district: { id: options.district.id, name: options.district.name },
      kinds: [...options.kinds].sort((a, b) => kindOrder(a) - kindOrder(b)),
    } satisfies SsoOptionsAnswer);
  });

  // Answered for every staff sign-in page, so a server without the connection answers null, not an error.
  router.get('/auth/sso/provider-staff', (_req, res) => {
    res.json({ kind: staffConnection?.kind ?? null } satisfies SsoProviderStaffAnswer);
  });

  router.get('/auth/sso/callback', async (req, res) => {
    let connection: SignInConnection | undefined;
    try {
      const verified = await verifyCallback(req, res, box, secure, parties, findConnection, config.appUrl);
      connection = verified.connection;
      const { identity } = verified;
      const found = connection;
      const staff = isProviderStaffConnection(found);
      const user = staff
        ? await providerStaffFor(db, req.actor, found, identity)
        : await personFor(db, req.actor, found, identity, async () => {
          await limiter.hit(clientKey(req, 'sso-create'), SSO_CREATIONS_PER_ADDRESS_PER_HOUR, 60 * 60_000);
          await limiter.hit(`sso-create|district:${found.district_id}`, SSO_CREATIONS_PER_DISTRICT_PER_DAY, 24 * 60 * 60_000);
        });
      await startSession(req, res, user, secure);
      req.session.ssoSignedIn = { connectionId: found.id, districtId: found.district_id, idToken: identity.idToken };
      await db.updateTable('users').set({ last_login_at: nowIso() }).where('id', '=', user.id).execute();
      await recordAudit(db, { ...req.actor, districtId: user.district_id, userId: user.id }, {
        action: 'login', details: { area: staff ? 'admin' : 'app', provider: found.kind },
      });
      res.redirect(302, staff ? '/admin' : '/app');
    } catch (err) {
      if (err instanceof SignInRefused) connection ??= err.connection;
      // The provider signed with a key it had only just published: start once more (its own session makes
      // that invisible to the person), and this time the keys are fetched afresh.
      if (err instanceof SignInRefused && err.keyUnknown && connection) {
        try {
          res.redirect(302, await startSignIn(res, box, secure, parties, connection, config.appUrl, undefined, true));
          return;
        } catch (again) {
          deps.log('Single sign-on: starting again after an unknown signing key failed:', (again as Error).message);
        }
      }
      let reason: SsoRefusal = 'failed';
      let detail: string;
      let userId: number | null = null;
      if (err instanceof SignInRefused) {
        ({ reason, detail } = err);
        userId = err.user?.id ?? null;
      } else if (err instanceof HttpError && err.status === 429) {
        detail = 'rate limited';
      } else {
        detail = (err as Error).message;
        deps.log('Single sign-on callback failed:', detail);
      }
      const area = isProviderStaffConnection(connection) || (err instanceof SignInRefused && err.area === 'admin') ? 'admin' : 'app';
      const districtId = area === 'admin' ? null : connection?.district_id ?? null;
      await recordAudit(db, { ...req.actor, districtId, userId }, {
        action: 'login_refused', details: { reason, provider: connection?.kind ?? null, area },
      });
      securityEvents(db, deps.log).record(req, {
        kind: 'failed-sign-in', email: null, userId, districtId,
        details: { area, reason: `sso:${reason}`, detail: detail.slice(0, 300) },
      });
      res.redirect(302, `${area === 'admin' ? STAFF_LOGIN_PAGE : LOGIN_PAGE}?sso=${reason}`);
    }
  });

  router.post('/auth/sso/logout', async (req, res) => {
    const signedIn = req.session.ssoSignedIn;
    const auth = req.auth;
    let redirect: string | null = null;
    if (signedIn && auth && !auth.impersonator) {
      const connection = await findConnection(signedIn.districtId, signedIn.connectionId);
      if (connection) {
        try {
          const relying = await parties.configurationFor(connection);
          if (relying.serverMetadata().end_session_endpoint) {
            const loginPage = isProviderStaffConnection(connection) ? STAFF_LOGIN_PAGE : LOGIN_PAGE;
            const parameters: Record<string, string> = { post_logout_redirect_uri: `${config.appUrl}${loginPage}`, client_id: connection.client_id };
            if (signedIn.idToken) parameters.id_token_hint = signedIn.idToken;
            redirect = client.buildEndSessionUrl(relying, parameters).href;
          }
        } catch (err) {
          deps.log('Single sign-on: the provider\'s end-session address is unknown:', (err as Error).message);
        }
      }
    }
    if (auth) {
      await recordAudit(db, { ...req.actor, districtId: auth.impersonator ? null : auth.user.district_id, userId: (auth.impersonator ?? auth.user).id }, {
        action: 'logout',
      });
    }
    await new Promise<void>((resolve) => req.session.regenerate(() => resolve()));
    issueCsrfToken(req, res, secure, true);
    res.json({ redirect } satisfies SsoSignOutAnswer);
  });

  return router;
}
