// Signing in with a school account (issue 30), against a real OpenID provider (oidc-provider on a loopback
// port, server/testing/oidcProvider.ts): the start call, the callback's every refusal, linking, creation on
// first sign-in, the password rule, the secret kept out of answers, audit rows and logs, and the rate limits.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SSO_MESSAGES } from '../../../common/schemas/ssoSignIn';
import { createPublicOnlyFetch } from '../../lib/publicAddress';
import { csrfHeaders, guestAgent, loginAs, TEST_PASSWORD } from '../../testing/app';
import { buildDistrict, buildStaff, buildUser } from '../../testing/factories';
import { startTestProvider, type TestProvider } from '../../testing/oidcProvider';
import {
  auditRows, callbackPath, connectProvider, createSsoTestApp, landing, signInWithSchoolAccount, SSO_REDIRECT_URI, startSocial, type SsoTestApp,
} from '../../testing/sso.fixture';
import { PENDING_COOKIE } from './signIn';
import { SSO_PROVIDER_UNREACHABLE } from './signInRoutes';

const ANA = { sub: 'google-sub-ana', email: 'ana@maple.test', email_verified: true, name: 'Ana Alvarez' };

describe('signing in with a school account', () => {
  let t: SsoTestApp;
  let op: TestProvider;
  let districtId: number;

  beforeEach(async () => {
    op = await startTestProvider({ redirectUri: SSO_REDIRECT_URI, accounts: [ANA], postLogoutRedirectUris: ['http://coachwell.test/app/auth/login'] });
    t = await createSsoTestApp();
    districtId = (await buildDistrict(t.db, { name: 'Maple Grove Schools', planKey: 'enterprise' })).id;
  });
  afterEach(async () => {
    await op.close();
    await t.db.destroy();
  });

  describe('POST /api/auth/social', () => {
    it('refuses without a CSRF token (419)', async () => {
      const res = await (await guestAgent(t.app)).post('/api/auth/social').send({ email: 'ana@maple.test' });
      expect(res.status).toBe(419);
    });

    it('names the bad fields (422)', async () => {
      const bad = await startSocial(t.app, { email: 'not-an-email' });
      expect(bad.res.status).toBe(422);
      expect(bad.res.body.errors.email).toEqual(['Enter a valid email address.']);
      const neither = await startSocial(t.app, {});
      expect(neither.res.status).toBe(422);
      expect(neither.res.body.message).toBe('Give your school email, or a district and a provider.');
    });

    it('says when no connection allows the email\'s domain (422 on email), and 404 for a district without that kind', async () => {
      await connectProvider(t, districtId, op, { domains: ['maple.test'] });
      const unknown = await startSocial(t.app, { email: 'someone@elsewhere.test' });
      expect(unknown.res.status).toBe(422);
      expect(unknown.res.body.errors.email).toEqual([SSO_MESSAGES.noConnection]);
      const noKind = await startSocial(t.app, { district_id: districtId, kind: 'clever' });
      expect(noKind.res.status).toBe(404);
      expect(noKind.res.body.message).toBe('This district has no sign-in connection of that kind.');
    });

    it('answers the provider\'s authorization address with PKCE, state and nonce, by email or by district and kind', async () => {
      await connectProvider(t, districtId, op);
      for (const body of [{ email: 'Ana@Maple.test' }, { district_id: districtId, kind: 'google' }]) {
        const { res } = await startSocial(t.app, body);
        expect(res.status).toBe(200);
        expect(Object.keys(res.body)).toEqual(['redirect']);
        const url = new URL(res.body.redirect);
        expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/auth`);
        expect(url.searchParams.get('client_id')).toBe(op.clientId);
        expect(url.searchParams.get('redirect_uri')).toBe(SSO_REDIRECT_URI);
        expect(url.searchParams.get('response_type')).toBe('code');
        expect(url.searchParams.get('code_challenge_method')).toBe('S256');
        expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
        expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
        expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
        expect(url.searchParams.get('scope')).toBe('openid email profile');
        expect(url.searchParams.get('login_hint')).toBe('email' in body ? 'ana@maple.test' : null);
      }
    });

    it('answers 502 in words when the provider cannot be reached, and never the secret', async () => {
      await connectProvider(t, districtId, { ...op, issuer: 'http://127.0.0.1:9' });
      const { res } = await startSocial(t.app, { email: 'ana@maple.test' });
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/could not reach your school account's provider/);
      expect(JSON.stringify(res.body)).not.toContain(op.clientSecret);
    });
  });

  describe('the whole sign-in', () => {
    it('signs in a login found by email, links it, rotates the session id and audits it with the provider', async () => {
      const ana = await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test', name: 'Ana Alvarez' });
      await connectProvider(t, districtId, op);
      // A browser already holding a session (signed in as someone else): signing in must not keep its id.
      const other = await buildUser(t.db, { role: 'coach', districtId, email: 'other@maple.test' });
      const agent = await loginAs(t.app, other);
      const sessionId = () => (agent as unknown as { jar: { getCookie: (n: string, o: unknown) => { value: string } | undefined } }).jar
        .getCookie('coachwell_session', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.value;
      const before = sessionId();
      expect(before).toBeTruthy();
      const started = await agent.post('/api/auth/social').set(csrfHeaders(agent)).send({ email: 'ana@maple.test' });
      const callback = await agent.get(callbackPath(await op.complete(started.body.redirect)));
      expect(callback.status).toBe(302);
      expect(callback.headers.location).toBe('/app');
      const after = sessionId();
      expect(after).toBeTruthy();
      expect(after).not.toBe(before);
      expect(await t.db.selectFrom('sessions').select('user_id').where('user_id', '=', other.id).execute()).toEqual([]);
      const me = await agent.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.body.email).toBe('ana@maple.test');
      const links = await t.db.selectFrom('sso_links').selectAll().execute();
      expect(links).toEqual([expect.objectContaining({
        district_id: districtId, user_id: ana.id, issuer: op.issuer, subject: ANA.sub, email_at_link: 'ana@maple.test',
      })]);
      expect((await auditRows(t.db, 'sso_linked')).map((r) => [r.actor_id, JSON.parse(r.details!)])).toEqual([[ana.id, { provider: 'google' }]]);
      const logins = await auditRows(t.db, 'login');
      expect(logins.map((r) => [r.actor_id, r.district_id, JSON.parse(r.details!)])).toEqual([
        [other.id, districtId, { area: 'app' }],
        [ana.id, districtId, { area: 'app', provider: 'google' }],
      ]);
      const user = await t.db.selectFrom('users').select('last_login_at').where('id', '=', ana.id).executeTakeFirstOrThrow();
      expect(user.last_login_at).not.toBeNull();
    });

    it('keeps the link when the email changes at the provider (found by issuer and subject)', async () => {
      const ana = await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
      await connectProvider(t, districtId, op);
      expect(landing((await signInWithSchoolAccount(t.app, op)).callback)).toBe('/app');
      op.accounts.get(ANA.sub)!.email = 'ana.alvarez@maple.test';
      const again = await signInWithSchoolAccount(t.app, op, { email: 'ana.alvarez@maple.test' });
      expect(landing(again.callback)).toBe('/app');
      expect((await again.agent.get('/api/auth/user')).body.id).toBe(ana.id);
      expect(await t.db.selectFrom('sso_links').select(['user_id', 'email_at_link']).execute()).toEqual([{ user_id: ana.id, email_at_link: 'ana@maple.test' }]);
    });

    it('ends our session and answers the provider\'s end-session address on sign-out', async () => {
      await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
      await connectProvider(t, districtId, op);
      const { agent } = await signInWithSchoolAccount(t.app, op);
      const out = await agent.post('/api/auth/sso/logout').set(csrfHeaders(agent)).send({});
      expect(out.status).toBe(200);
      const end = new URL(out.body.redirect);
      expect(`${end.origin}${end.pathname}`).toBe(`${op.issuer}/session/end`);
      expect(end.searchParams.get('post_logout_redirect_uri')).toBe('http://coachwell.test/app/auth/login');
      expect(end.searchParams.get('id_token_hint')).toMatch(/^ey/);
      expect((await agent.get('/api/auth/user')).status).toBe(401);
      // A password session has no provider to leave.
      const guest = await guestAgent(t.app);
      expect((await guest.post('/api/auth/sso/logout').set(csrfHeaders(guest)).send({})).body).toEqual({ redirect: null });
    });
  });

  describe('through the checked connection production uses (lib/publicAddress.ts)', () => {
    it('signs in with discovery, the token and the keys each fetched through the check (the provider\'s loopback address allowed by the test\'s rule)', async () => {
      const asked: string[] = [];
      const ssoFetch = createPublicOnlyFetch({ isPrivate: (ip) => { asked.push(ip); return ip !== '127.0.0.1'; } });
      const pinned = await createSsoTestApp({ ssoFetch });
      try {
        const district = await buildDistrict(pinned.db, { planKey: 'enterprise' });
        const ana = await buildUser(pinned.db, { role: 'coach', districtId: district.id, email: 'ana@maple.test' });
        await connectProvider(pinned, district.id, op);
        const { agent, callback } = await signInWithSchoolAccount(pinned.app, op);
        expect(landing(callback)).toBe('/app');
        expect((await agent.get('/api/auth/user')).body.id).toBe(ana.id);
        expect([op.hits.get('/.well-known/openid-configuration'), op.hits.get('/token'), op.hits.get('/jwks')]).toEqual([1, 1, 1]);
        // One check per request: discovery, the token, the keys.
        expect(asked).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
      } finally {
        await pinned.db.destroy();
      }
    });

    it('with the production rule, a provider on the server\'s own loopback is refused before any request: the start answers 502 in words', async () => {
      const strict = await createSsoTestApp({ ssoFetch: createPublicOnlyFetch() });
      try {
        const district = await buildDistrict(strict.db, { planKey: 'enterprise' });
        await connectProvider(strict, district.id, op);
        const { res } = await startSocial(strict.app, { email: 'ana@maple.test' });
        expect(res.status).toBe(502);
        expect(res.body.message).toBe(SSO_PROVIDER_UNREACHABLE);
        expect(op.hits.get('/.well-known/openid-configuration')).toBeUndefined();
        expect(JSON.stringify(strict.logged)).toContain(`${new URL(op.issuer).host} is on a private network`);
      } finally {
        await strict.db.destroy();
      }
    });
  });

  describe('refusals go back to the login page with the reason', () => {
    beforeEach(async () => {
      await connectProvider(t, districtId, op);
    });

    it('a state this browser never sent', async () => {
      await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
      const { res } = await startSocial(t.app, { email: 'ana@maple.test' });
      const back = await op.complete(res.body.redirect);
      // Another browser (no pending sign-in), and this browser with a state it never sent.
      const other = await guestAgent(t.app);
      expect(landing(await other.get(callbackPath(back)))).toBe('refused:state');
      const { agent: mine, res: mineStarted } = await startSocial(t.app, { email: 'ana@maple.test' });
      const forged = await op.complete(mineStarted.body.redirect);
      forged.searchParams.set('state', 'a-state-this-browser-never-sent');
      expect(landing(await mine.get(callbackPath(forged)))).toBe('refused:state');
      expect((await mine.get('/api/auth/user')).status).toBe(401);
      expect(await t.db.selectFrom('sso_links').selectAll().execute()).toEqual([]);
      const refused = await auditRows(t.db, 'login_refused');
      expect(refused.map((r) => JSON.parse(r.details!).reason)).toEqual(['state', 'state']);
    });

    it('a replayed callback (the code reused) finds nothing pending', async () => {
      await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
      const { agent, callback, back } = await signInWithSchoolAccount(t.app, op);
      expect(landing(callback)).toBe('/app');
      expect(landing(await agent.get(callbackPath(back)))).toBe('refused:state');
    });

    describe('a code the provider already exchanged', () => {
      /** A first sign-in done by hand: the agent, the address the provider sent back, and this sign-in's pending cookie. */
      async function firstSignIn() {
        const { agent, res } = await startSocial(t.app, { email: 'ana@maple.test' });
        const pending = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith(`${PENDING_COOKIE}=`))!.split(';')[0]!;
        const back = await op.complete(res.body.redirect);
        expect(landing(await agent.get(callbackPath(back)))).toBe('/app');
        expect(op.hits.get('/token')).toBe(1);
        return { agent, back, pending };
      }

      /**
       * The provider refused the code by `providerRule` (its own words, which it answers only as 'grant request is invalid'),
       * and the refusal left no session for Ana, one login_refused row, and a security event naming invalid_grant.
       */
      async function expectRefusedByProvider(anaId: number, providerRule: string) {
        expect(op.hits.get('/token')).toBe(2);
        expect(op.tokenRefusals).toEqual([`invalid_grant: ${providerRule}`]);
        expect(await t.db.selectFrom('sessions').select('sid').where('user_id', '=', anaId).execute()).toEqual([]);
        const refused = await auditRows(t.db, 'login_refused');
        expect(refused.map((r) => [r.actor_id, r.district_id, JSON.parse(r.details!)])).toEqual([[null, districtId, { reason: 'failed', provider: 'google', area: 'app' }]]);
        await expect.poll(async () => (await t.db.selectFrom('security_events').select('details').where('kind', '=', 'failed-sign-in').execute())
          .map((e) => JSON.parse(e.details!) as { reason: string; detail: string }), { timeout: 10_000 }).toEqual([
          { area: 'app', reason: 'sso:failed', detail: expect.stringContaining('OAUTH_RESPONSE_BODY_ERROR invalid_grant (grant request is invalid)') },
        ]);
        expect(await t.db.selectFrom('sso_links').select('user_id').execute()).toEqual([{ user_id: anaId }]);
      }

      it('sent back with a new sign-in\'s state in the same browser: the provider refuses it (invalid_grant), no session starts', async () => {
        const ana = await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
        const { agent, back } = await firstSignIn();
        // Signed out, the same browser starts again: a new, valid state and nonce in its pending cookie.
        expect((await agent.post('/api/auth/sso/logout').set(csrfHeaders(agent)).send({})).status).toBe(200);
        const { res } = await startSocial(t.app, { email: 'ana@maple.test' }, agent);
        const state = new URL(res.body.redirect).searchParams.get('state')!;
        expect(state).not.toBe(back.searchParams.get('state'));
        const replay = new URL(back);
        replay.searchParams.set('state', state);
        const refused = await agent.get(callbackPath(replay));
        expect(refused.status).toBe(302);
        expect(refused.headers.location).toBe('/app/auth/login?sso=failed');
        expect((await agent.get('/api/auth/user')).status).toBe(401);
        // The code was bound to the first sign-in's PKCE challenge: the provider's PKCE check refuses it first.
        await expectRefusedByProvider(ana.id, 'code_verifier does not match code_challenge');
      });

      it('replayed whole with a kept copy of the first pending cookie: only the provider\'s one-use rule is left, and it refuses', async () => {
        const ana = await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
        const { agent, back, pending } = await firstSignIn();
        expect((await agent.post('/api/auth/sso/logout').set(csrfHeaders(agent)).send({})).status).toBe(200);
        // State, nonce and PKCE verifier all match this code; the provider has already exchanged it once.
        const replayed = await request(t.app).get(callbackPath(back)).set('Cookie', pending);
        expect(landing(replayed)).toBe('refused:failed');
        await expectRefusedByProvider(ana.id, 'authorization code already consumed');
      });
    });

    it('a nonce from another sign-in (replayed) is refused by the ID token check', async () => {
      await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
      const { agent, res } = await startSocial(t.app, { email: 'ana@maple.test' });
      const address = new URL(res.body.redirect);
      address.searchParams.set('nonce', 'a-nonce-from-an-earlier-sign-in-000000000000');
      const back = await op.complete(address.href);
      expect(landing(await agent.get(callbackPath(back)))).toBe('refused:failed');
      expect((await agent.get('/api/auth/user')).status).toBe(401);
    });

    it('an expired code', async () => {
      await op.close();
      op = await startTestProvider({ redirectUri: SSO_REDIRECT_URI, accounts: [ANA], codeTtl: 1 });
      await t.db.updateTable('sso_connections').set({ issuer: op.issuer, updated_at: new Date().toISOString() }).execute();
      await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
      const { agent, res } = await startSocial(t.app, { email: 'ana@maple.test' });
      const back = await op.complete(res.body.redirect);
      await new Promise((r) => setTimeout(r, 2100));
      expect(landing(await agent.get(callbackPath(back)))).toBe('refused:failed');
    });

    it('an ID token for another audience, one signed by a key the provider does not publish, and one past its expiry', async () => {
      await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
      const cases: [string, () => void][] = [
        ['audience', () => op.tamperNextIdToken((c) => ({ ...c, aud: 'someone-else' }))],
        ['signature', () => op.tamperNextIdToken((c) => c, 'foreign')],
        ['expiry', () => op.tamperNextIdToken((c) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }))],
        ['issuer', () => op.tamperNextIdToken((c) => ({ ...c, iss: 'https://accounts.example.com' }))],
      ];
      for (const [name, tamper] of cases) {
        const { agent, res } = await startSocial(t.app, { email: 'ana@maple.test' });
        const back = await op.complete(res.body.redirect);
        tamper();
        expect(landing(await agent.get(callbackPath(back))), name).toBe('refused:failed');
        expect((await agent.get('/api/auth/user')).status, name).toBe(401);
      }
      expect(await t.db.selectFrom('sso_links').selectAll().execute()).toEqual([]);
    });

    it('an email the provider has not verified', async () => {
      await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
      op.accounts.get(ANA.sub)!.email_verified = false;
      expect(landing((await signInWithSchoolAccount(t.app, op)).callback)).toBe('refused:unverified-email');
    });

    it('a domain the connection does not allow (started by district and kind)', async () => {
      op.accounts.get(ANA.sub)!.email = 'ana@gmail.test';
      await buildUser(t.db, { role: 'coach', districtId, email: 'ana@gmail.test' });
      const { callback } = await signInWithSchoolAccount(t.app, op, { district_id: districtId, kind: 'google' });
      expect(landing(callback)).toBe('refused:domain');
    });

    it('an email whose login is in another district', async () => {
      const other = await buildDistrict(t.db, { name: 'Pine Ridge Schools', planKey: 'enterprise' });
      await buildUser(t.db, { role: 'coach', districtId: other.id, email: 'ana@maple.test' });
      expect(landing((await signInWithSchoolAccount(t.app, op)).callback)).toBe('refused:no-login');
      // Even when first sign-ins may create logins: the email already signs in elsewhere.
      await t.db.updateTable('sso_connections').set({ create_users: 1 }).execute();
      expect(landing((await signInWithSchoolAccount(t.app, op)).callback)).toBe('refused:elsewhere');
      expect(await t.db.selectFrom('users').select('district_id').where('email', '=', 'ana@maple.test').execute()).toEqual([{ district_id: other.id }]);
    });

    it('a deactivated login, linked or not', async () => {
      const ana = await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
      expect(landing((await signInWithSchoolAccount(t.app, op)).callback)).toBe('/app');
      await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', ana.id).execute();
      expect(landing((await signInWithSchoolAccount(t.app, op)).callback)).toBe('refused:deactivated');
      await t.db.deleteFrom('sso_links').execute();
      expect(landing((await signInWithSchoolAccount(t.app, op)).callback)).toBe('refused:deactivated');
    });

    it('a suspended district', async () => {
      await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
      await t.db.updateTable('districts').set({ status: 'suspended' }).where('id', '=', districtId).execute();
      const { agent, callback } = await signInWithSchoolAccount(t.app, op);
      expect(landing(callback)).toBe('refused:suspended');
      expect((await agent.get('/api/auth/user')).status).toBe(401);
    });

    it('a district scheduled for deletion (issue 32)', async () => {
      await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
      const at = new Date().toISOString();
      await t.db.updateTable('districts').set({ deletion_scheduled_at: at, deletion_due_at: at }).where('id', '=', districtId).execute();
      const { agent, callback } = await signInWithSchoolAccount(t.app, op);
      expect(landing(callback)).toBe('refused:scheduled-for-deletion');
      expect((await agent.get('/api/auth/user')).status).toBe(401);
    });

    it('no login in the district while first sign-ins may not create one', async () => {
      expect(landing((await signInWithSchoolAccount(t.app, op)).callback)).toBe('refused:no-login');
      expect(await t.db.selectFrom('users').select('id').where('email', '=', 'ana@maple.test').execute()).toEqual([]);
    });

    it('cancelled at the provider', async () => {
      const { agent, res } = await startSocial(t.app, { email: 'ana@maple.test' });
      const state = new URL(res.body.redirect).searchParams.get('state')!;
      expect(landing(await agent.get(`/api/auth/sso/callback?error=access_denied&state=${state}`))).toBe('refused:cancelled');
    });
  });

  describe('first sign-in', () => {
    it('creates an educator login when the connection allows it, linked to their roster row, audited', async () => {
      await connectProvider(t, districtId, op, { createUsers: true });
      const staff = await buildStaff(t.db, { districtId, email: 'ana@maple.test', firstName: 'Ana', lastName: 'Alvarez' });
      const { agent, callback } = await signInWithSchoolAccount(t.app, op);
      expect(landing(callback)).toBe('/app');
      const me = (await agent.get('/api/auth/user')).body;
      expect(me).toMatchObject({ email: 'ana@maple.test', name: 'Ana Alvarez' });
      expect(me.security.roles).toEqual(['educator']);
      const user = await t.db.selectFrom('users').selectAll().where('email', '=', 'ana@maple.test').executeTakeFirstOrThrow();
      expect(user).toMatchObject({ district_id: districtId, status: 'active', password_hash: null });
      expect((await t.db.selectFrom('staff').select('user_id').where('id', '=', staff.id).executeTakeFirstOrThrow()).user_id).toBe(user.id);
      expect((await auditRows(t.db, 'sso_user_created')).map((r) => [r.subject_id, JSON.parse(r.details!)])).toEqual([[user.id, { provider: 'google' }]]);
    });

    it('activates an invited login that signs in with the district\'s account', async () => {
      await connectProvider(t, districtId, op);
      const invited = await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test', status: 'invited' });
      expect(landing((await signInWithSchoolAccount(t.app, op)).callback)).toBe('/app');
      expect((await t.db.selectFrom('users').select('status').where('id', '=', invited.id).executeTakeFirstOrThrow()).status).toBe('active');
    });
  });

  describe('password sign-in while the district uses single sign-on only', () => {
    it('refuses a password with a message naming single sign-on, but keeps a district administrator\'s break-glass', async () => {
      const coach = await buildUser(t.db, { role: 'coach', districtId, email: 'cole@maple.test' });
      const admin = await buildUser(t.db, { role: 'district-admin', districtId, email: 'ada@maple.test' });
      const login = async (email: string, password = TEST_PASSWORD) => {
        const guest = await guestAgent(t.app);
        return guest.post('/api/auth/login').set(csrfHeaders(guest)).send({ email, password, area: 'app' });
      };
      expect((await login('cole@maple.test')).status).toBe(200);
      await connectProvider(t, districtId, op, { passwordLogin: false });
      const refused = await login('cole@maple.test');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SSO_MESSAGES.passwordOff);
      expect(refused.body.message).toMatch(/single sign-on/);
      // A wrong password says what it always says (nothing about the district).
      expect((await login('cole@maple.test', 'wrong-password-123')).body.errors.email).toEqual(['These credentials do not match our records.']);
      const breakGlass = await login('ada@maple.test');
      expect(breakGlass.status).toBe(200);
      const rows = await t.db.selectFrom('audit_log').select(['action', 'actor_id', 'details']).where('action', 'in', ['login', 'login_refused']).orderBy('id').execute();
      expect(rows.map((r) => [r.action, r.actor_id, JSON.parse(r.details!)])).toEqual([
        ['login', coach.id, { area: 'app' }],
        ['login_refused', coach.id, { reason: 'password_sign_in_off', area: 'app' }],
        ['login', admin.id, { area: 'app', break_glass: true }],
      ]);
    });
  });

  it('a district moved to a plan without single sign-on signs in with passwords again; its connection takes no sign-in until the plan returns', async () => {
    await buildUser(t.db, { role: 'coach', districtId, email: 'cole@maple.test' });
    await connectProvider(t, districtId, op, { passwordLogin: false });
    const login = async () => {
      const guest = await guestAgent(t.app);
      return guest.post('/api/auth/login').set(csrfHeaders(guest)).send({ email: 'cole@maple.test', password: TEST_PASSWORD, area: 'app' });
    };
    expect((await login()).status).toBe(403);
    const planId = async (key: string) => (await t.db.selectFrom('plans').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
    await t.db.updateTable('districts').set({ plan_id: await planId('professional') }).where('id', '=', districtId).execute();
    expect((await login()).status).toBe(200);
    const byEmail = await startSocial(t.app, { email: 'cole@maple.test' });
    expect(byEmail.res.status).toBe(422);
    expect(byEmail.res.body.errors.email).toEqual([SSO_MESSAGES.noConnection]);
    expect((await startSocial(t.app, { district_id: districtId, kind: 'google' })).res.status).toBe(404);
    expect(await t.db.selectFrom('sso_connections').select('id').where('district_id', '=', districtId).execute()).toHaveLength(1);
    await t.db.updateTable('districts').set({ plan_id: await planId('enterprise') }).where('id', '=', districtId).execute();
    expect((await startSocial(t.app, { email: 'cole@maple.test' })).res.status).toBe(200);
    expect((await login()).status).toBe(403);
  });

  it('never puts the client secret in an answer, an audit row, a security event or a log line', async () => {
    await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
    await connectProvider(t, districtId, op);
    const answers: string[] = [];
    const ok = await signInWithSchoolAccount(t.app, op);
    answers.push(JSON.stringify(ok.callback.headers), JSON.stringify(ok.callback.body));
    const { agent, res } = await startSocial(t.app, { email: 'ana@maple.test' });
    answers.push(res.text);
    const back = await op.complete(res.body.redirect);
    op.tamperNextIdToken((c) => ({ ...c, aud: 'someone-else' }));
    const refused = await agent.get(callbackPath(back));
    answers.push(JSON.stringify(refused.headers), refused.text);
    const audit = await t.db.selectFrom('audit_log').selectAll().execute();
    const events = await t.db.selectFrom('security_events').selectAll().execute();
    expect(events.length).toBeGreaterThan(0);
    const everything = [...answers, JSON.stringify(audit), JSON.stringify(events), JSON.stringify(t.logged)].join('\n');
    expect(everything).not.toContain(op.clientSecret);
    const sealed = (await t.db.selectFrom('sso_connections').select('client_secret_sealed').executeTakeFirstOrThrow()).client_secret_sealed;
    expect(everything).not.toContain(sealed);
  });

  it('a signing key the provider has only just published: the sign-in starts once more and succeeds with the keys fetched afresh', async () => {
    const ana = await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
    await connectProvider(t, districtId, op);
    expect(landing((await signInWithSchoolAccount(t.app, op)).callback)).toBe('/app');
    await op.rotateKeys();
    const { agent, callback } = await signInWithSchoolAccount(t.app, op);
    // Not refused: the callback sends the browser to the provider again, with a new state.
    expect(callback.status).toBe(302);
    const again = new URL(callback.headers.location);
    expect(`${again.origin}${again.pathname}`).toBe(`${op.issuer}/auth`);
    expect(landing(await agent.get(callbackPath(await op.complete(again.href))))).toBe('/app');
    expect((await agent.get('/api/auth/user')).body.id).toBe(ana.id);
    expect(op.hits.get('/.well-known/openid-configuration')).toBe(2);
    expect(op.hits.get('/jwks')).toBe(2);
    expect(await auditRows(t.db, 'login_refused')).toEqual([]);
  });

  it('keeps discovery and the provider\'s keys between sign-ins', async () => {
    await buildUser(t.db, { role: 'coach', districtId, email: 'ana@maple.test' });
    await connectProvider(t, districtId, op);
    for (let i = 0; i < 3; i += 1) expect(landing((await signInWithSchoolAccount(t.app, op)).callback)).toBe('/app');
    expect(op.hits.get('/.well-known/openid-configuration')).toBe(1);
    expect(op.hits.get('/jwks')).toBe(1);
    expect(op.hits.get('/token')).toBe(3);
  });
});

describe('rate limits on the start call', () => {
  let t: SsoTestApp;
  let op: TestProvider;

  beforeEach(async () => {
    op = await startTestProvider({ redirectUri: SSO_REDIRECT_URI, accounts: [ANA] });
    t = await createSsoTestApp({ rateLimits: true });
    await connectProvider(t, (await buildDistrict(t.db, { planKey: 'enterprise' })).id, op);
  });
  afterEach(async () => {
    await op.close();
    await t.db.destroy();
  });

  it('allows 10 starts a minute per email and 30 per client address, then 429 with Retry-After', async () => {
    const guest = await guestAgent(t.app);
    const start = (email: string) => guest.post('/api/auth/social').set(csrfHeaders(guest)).send({ email });
    for (let i = 0; i < 10; i += 1) expect((await start('ana@maple.test')).status).toBe(200);
    const limited = await start('ana@maple.test');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Other emails from the same address until the address's 30.
    for (let i = 0; i < 19; i += 1) expect((await start(`person${i}@maple.test`)).status).toBe(200);
    expect((await start('someone@maple.test')).status).toBe(429);
  });
});
