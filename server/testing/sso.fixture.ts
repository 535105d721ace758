// Single sign-on tests' world (issue 30): an app that accepts the plain-http test provider (SSO_ALLOW_HTTP=1),
// a district connected to a provider started by ./oidcProvider.ts, and the whole round trip in one call.
import request from 'supertest';
import type { Agent, Response } from 'supertest';
import { createApp } from '../app';
import { prepareDatabase } from '../bootstrap';
import { loadConfig } from '../config';
import { RateLimiter } from '../http/rateLimit';
import { createMemoryMailer } from '../lib/mailer';
import type { FetchLike } from '../lib/publicAddress';
import { secretBoxFor } from '../lib/secretBox';
import { nowIso } from '../../db/connection';
import type { DB } from '../../db/connection';
import type { SsoKind } from '../../common/ssoValues';
import { csrfHeaders, guestAgent } from './app';
import type { TestProvider } from './oidcProvider';

export const SSO_APP_URL = 'http://coachwell.test';
export const SSO_REDIRECT_URI = `${SSO_APP_URL}/api/auth/sso/callback`;

/**
 * createTestApp's app with plain-http issuers allowed; `logged` keeps every line the app logged. `env` adds
 * variables (PROVIDER_SSO_* for Coachwell staff's own connection). `ssoFetch` sends the app's requests to providers
 * through that fetch (lib/publicAddress.ts's createPublicOnlyFetch with a test's own rule).
 */
export async function createSsoTestApp(opts: { rateLimits?: boolean; env?: NodeJS.ProcessEnv; ssoFetch?: FetchLike } = {}) {
  const base = loadConfig({ NODE_ENV: 'test', SSO_ALLOW_HTTP: '1', ...opts.env });
  const config = { ...base, databaseFile: ':memory:', publicDir: '/nonexistent', appUrl: SSO_APP_URL };
  const { db } = await prepareDatabase(config);
  const mailer = createMemoryMailer();
  const logged: unknown[][] = [];
  const app = createApp({ db, config, mailer, limiter: new RateLimiter(db, opts.rateLimits ?? false), log: (...a) => { logged.push(a); }, ...(opts.ssoFetch ? { ssoFetch: opts.ssoFetch } : {}) });
  return { app, db, mailer, logged, config };
}
export type SsoTestApp = Awaited<ReturnType<typeof createSsoTestApp>>;

/** A connection of the district to the test provider, its secret sealed as the settings screen seals it. */
export async function connectProvider(
  t: Pick<SsoTestApp, 'db' | 'config'>, districtId: number, op: Pick<TestProvider, 'issuer' | 'clientId' | 'clientSecret'>,
  opts: { kind?: SsoKind; domains?: string[]; passwordLogin?: boolean; createUsers?: boolean } = {},
) {
  const now = nowIso();
  return t.db.insertInto('sso_connections').values({
    district_id: districtId, kind: opts.kind ?? 'google', issuer: op.issuer, client_id: op.clientId,
    client_secret_sealed: secretBoxFor(t.config, () => undefined).seal(op.clientSecret),
    domains: JSON.stringify(opts.domains ?? ['maple.test']), password_login: opts.passwordLogin === false ? 0 : 1,
    create_users: opts.createUsers ? 1 : 0, created_by: null, created_at: now, updated_at: now, last_tested_at: null, last_test_result: null,
  }).returningAll().executeTakeFirstOrThrow();
}

export type SsoAgent = Agent & { xsrf: () => string };

/** POST /api/auth/social from a fresh guest (or the given agent). */
export async function startSocial(app: SsoTestApp['app'], body: object, agent?: SsoAgent) {
  const guest = agent ?? (await guestAgent(app));
  const res = await guest.post('/api/auth/social').set(csrfHeaders(guest)).send(body);
  return { agent: guest, res };
}

/** The callback's path and query from the address the provider sent back. */
export const callbackPath = (url: URL) => `${url.pathname}${url.search}`;

/** Start, sign in at the provider as `op.signInAs`, and come back: the callback's answer and the agent. */
export async function signInWithSchoolAccount(app: SsoTestApp['app'], op: TestProvider, body: object = { email: 'ana@maple.test' }) {
  const { agent, res: started } = await startSocial(app, body);
  if (started.status !== 200) throw new Error(`start failed: ${started.status} ${JSON.stringify(started.body)}`);
  const back = await op.complete(started.body.redirect);
  const callback: Response = await agent.get(callbackPath(back));
  return { agent, callback, back };
}

/** The `?sso=` reason of a callback's redirect to the login page, or the path it went to. */
export function landing(res: Response): string {
  const location = res.headers.location ?? '';
  const reason = /[?&]sso=([\w-]+)/.exec(location);
  return reason ? `refused:${reason[1]}` : location;
}

export function auditRows(db: DB, action: string) {
  return db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

export const requestAgent = (app: SsoTestApp['app']) => request.agent(app);
