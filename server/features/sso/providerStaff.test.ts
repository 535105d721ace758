// Coachwell staff signing in to /admin through the provider's own connection (issue 30, item 4; PROVIDER_SSO_*),
// against a real OpenID provider (oidc-provider on a loopback port): the button's call, the whole sign-in, the
// link, every refusal going back to the staff sign-in page, the password rule, sign-out, and the secret kept out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_STAFF_SSO_REFUSALS, SSO_MESSAGES } from '../../../common/schemas/ssoSignIn';
import { csrfHeaders, guestAgent, TEST_PASSWORD } from '../../testing/app';
import { buildDistrict, buildUser } from '../../testing/factories';
import { startTestProvider, type TestAccount, type TestProvider } from '../../testing/oidcProvider';
import {
  auditRows, callbackPath, createSsoTestApp, landing, signInWithSchoolAccount, SSO_REDIRECT_URI, startSocial, type SsoTestApp,
} from '../../testing/sso.fixture';

const SAM: TestAccount = { sub: 'staff-sub-sam', email: 'sam@coachwell.example', email_verified: true, name: 'Sam Rivera' };
const STAFF_LOGIN_PAGE = '/admin/auth/login';

function staffEnv(op: TestProvider, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PROVIDER_SSO_ISSUER: op.issuer, PROVIDER_SSO_CLIENT_ID: op.clientId, PROVIDER_SSO_CLIENT_SECRET: op.clientSecret,
    PROVIDER_SSO_DOMAINS: 'coachwell.example', PROVIDER_SSO_KIND: 'google', ...extra,
  };
}

/** Where a refused callback sent the browser: the page and the reason. */
const refusedTo = (res: { headers: Record<string, string> }) => res.headers.location;

describe('Coachwell staff sign in to /admin through the provider\'s own connection', () => {
  let t: SsoTestApp;
  let op: TestProvider;

  beforeEach(async () => {
    op = await startTestProvider({ redirectUri: SSO_REDIRECT_URI, accounts: [SAM], postLogoutRedirectUris: ['http://coachwell.test/admin/auth/login'] });
    t = await createSsoTestApp({ env: staffEnv(op) });
  });
  afterEach(async () => {
    await op.close();
    await t.db.destroy();
  });

  const signInAsStaff = () => signInWithSchoolAccount(t.app, op, { area: 'admin' });

  describe('without PROVIDER_SSO_*', () => {
    it('has no staff button and no staff start (404 in words)', async () => {
      const plain = await createSsoTestApp();
      try {
        const guest = await guestAgent(plain.app);
        const option = await guest.get('/api/auth/sso/provider-staff');
        expect(option.status).toBe(200);
        expect(option.body).toEqual({ kind: null });
        const { res } = await startSocial(plain.app, { area: 'admin' });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(SSO_MESSAGES.staffNotSetUp);
      } finally {
        await plain.db.destroy();
      }
    });
  });

  it('tells the staff sign-in page the kind, and starts at the provider with PKCE, state and nonce', async () => {
    const guest = await guestAgent(t.app);
    const option = await guest.get('/api/auth/sso/provider-staff');
    expect(option.status).toBe(200);
    expect(option.body).toEqual({ kind: 'google' });
    const { res } = await startSocial(t.app, { area: 'admin' });
    expect(res.status).toBe(200);
    const url = new URL(res.body.redirect);
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/auth`);
    expect(url.searchParams.get('client_id')).toBe(op.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(SSO_REDIRECT_URI);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    const bad = await startSocial(t.app, { area: 'app' });
    expect(bad.res.status).toBe(422);
  });

  it('signs a staff login in to /admin, links it by email the first time and audits it with no district', async () => {
    const sam = await buildUser(t.db, { role: 'provider-support', email: 'sam@coachwell.example', name: 'Sam Rivera' });
    const { agent, callback } = await signInAsStaff();
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/admin');
    const me = await agent.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: sam.id, email: 'sam@coachwell.example', area: 'admin' });
    expect(await t.db.selectFrom('provider_sso_links').select(['user_id', 'issuer', 'subject', 'email_at_link']).execute())
      .toEqual([{ user_id: sam.id, issuer: op.issuer, subject: SAM.sub, email_at_link: 'sam@coachwell.example' }]);
    expect(await t.db.selectFrom('sso_links').selectAll().execute()).toEqual([]);
    expect((await auditRows(t.db, 'sso_linked')).map((r) => [r.actor_id, r.district_id, JSON.parse(r.details!)]))
      .toEqual([[sam.id, null, { provider: 'google', area: 'admin' }]]);
    expect((await auditRows(t.db, 'login')).map((r) => [r.actor_id, r.district_id, JSON.parse(r.details!)]))
      .toEqual([[sam.id, null, { area: 'admin', provider: 'google' }]]);
    // The staff session reaches the admin area's API, and not a district's.
    expect((await agent.get('/api/admin/district')).status).toBe(200);
  });

  it('keeps the link when the email changes at the provider', async () => {
    const sam = await buildUser(t.db, { role: 'provider-admin', email: 'sam@coachwell.example' });
    expect(landing((await signInAsStaff()).callback)).toBe('/admin');
    op.accounts.get(SAM.sub)!.email = 'samuel@coachwell.example';
    const again = await signInAsStaff();
    expect(landing(again.callback)).toBe('/admin');
    expect((await again.agent.get('/api/auth/user')).body.id).toBe(sam.id);
  });

  it('accepts an invited staff login\'s invitation at its first sign-in', async () => {
    const sam = await buildUser(t.db, { role: 'provider-support', email: 'sam@coachwell.example', status: 'invited' });
    expect(landing((await signInAsStaff()).callback)).toBe('/admin');
    expect((await t.db.selectFrom('users').select('status').where('id', '=', sam.id).executeTakeFirstOrThrow()).status).toBe('active');
  });

  describe('refusals go back to the staff sign-in page with the reason, and sign no one in', () => {
    it('no staff login with that email: never created, and a district\'s login with it is not staff', async () => {
      const nobody = await signInAsStaff();
      expect(refusedTo(nobody.callback)).toBe(`${STAFF_LOGIN_PAGE}?sso=no-login`);
      expect((await nobody.agent.get('/api/auth/user')).status).toBe(401);
      expect(await t.db.selectFrom('users').select('id').where('email', '=', 'sam@coachwell.example').execute()).toEqual([]);
      const district = await buildDistrict(t.db, { name: 'Maple Grove Schools', planKey: 'enterprise' });
      await buildUser(t.db, { role: 'district-admin', districtId: district.id, email: 'sam@coachwell.example' });
      const districtLogin = await signInAsStaff();
      expect(refusedTo(districtLogin.callback)).toBe(`${STAFF_LOGIN_PAGE}?sso=no-login`);
      expect((await districtLogin.agent.get('/api/auth/user')).status).toBe(401);
      const refused = await auditRows(t.db, 'login_refused');
      expect(refused.map((r) => [r.district_id, JSON.parse(r.details!)])).toEqual([
        [null, { reason: 'no-login', provider: 'google', area: 'admin' }],
        [null, { reason: 'no-login', provider: 'google', area: 'admin' }],
      ]);
    });

    it('a deactivated staff login', async () => {
      await buildUser(t.db, { role: 'provider-support', email: 'sam@coachwell.example', status: 'disabled' });
      expect(refusedTo((await signInAsStaff()).callback)).toBe(`${STAFF_LOGIN_PAGE}?sso=deactivated`);
    });

    it('an email outside PROVIDER_SSO_DOMAINS, and one the provider does not vouch for', async () => {
      await buildUser(t.db, { role: 'provider-support', email: 'sam@gmail.example' });
      op.accounts.get(SAM.sub)!.email = 'sam@gmail.example';
      expect(refusedTo((await signInAsStaff()).callback)).toBe(`${STAFF_LOGIN_PAGE}?sso=domain`);
      op.accounts.get(SAM.sub)!.email = 'sam@coachwell.example';
      op.accounts.get(SAM.sub)!.email_verified = false;
      await buildUser(t.db, { role: 'provider-support', email: 'sam@coachwell.example' });
      expect(refusedTo((await signInAsStaff()).callback)).toBe(`${STAFF_LOGIN_PAGE}?sso=unverified-email`);
      expect(await t.db.selectFrom('provider_sso_links').selectAll().execute()).toEqual([]);
    });

    it('a state this browser never sent', async () => {
      await buildUser(t.db, { role: 'provider-support', email: 'sam@coachwell.example' });
      const { agent, res } = await startSocial(t.app, { area: 'admin' });
      const back = await op.complete(res.body.redirect);
      back.searchParams.set('state', 'a-state-this-browser-never-sent');
      expect(refusedTo(await agent.get(callbackPath(back)))).toBe(`${STAFF_LOGIN_PAGE}?sso=state`);
      expect((await agent.get('/api/auth/user')).status).toBe(401);
    });

    it('every refusal the staff page can show has its own words', () => {
      for (const reason of ['no-login', 'deactivated', 'unverified-email', 'domain', 'state', 'cancelled', 'failed'] as const) {
        expect(PROVIDER_STAFF_SSO_REFUSALS[reason]).toMatch(/\.$/);
      }
    });
  });

  it('ends our session and answers the provider\'s end-session address back to the staff sign-in page', async () => {
    await buildUser(t.db, { role: 'provider-support', email: 'sam@coachwell.example' });
    const { agent } = await signInAsStaff();
    const out = await agent.post('/api/auth/sso/logout').set(csrfHeaders(agent)).send({});
    expect(out.status).toBe(200);
    const end = new URL(out.body.redirect);
    expect(`${end.origin}${end.pathname}`).toBe(`${op.issuer}/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe('http://coachwell.test/admin/auth/login');
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('never answers or logs the client secret', async () => {
    await buildUser(t.db, { role: 'provider-support', email: 'sam@coachwell.example' });
    const { agent, callback } = await signInAsStaff();
    const answers = [callback, await agent.get('/api/auth/user'), await agent.get('/api/auth/sso/provider-staff')];
    for (const answer of answers) expect(JSON.stringify({ body: answer.body, headers: answer.headers })).not.toContain(op.clientSecret);
    expect(JSON.stringify(t.logged)).not.toContain(op.clientSecret);
    const audit = await t.db.selectFrom('audit_log').select('details').execute();
    expect(JSON.stringify(audit)).not.toContain(op.clientSecret);
  });
});

describe('PROVIDER_SSO_PASSWORD_LOGIN=0: Coachwell staff sign in with the company account', () => {
  let t: SsoTestApp;
  let op: TestProvider;

  beforeEach(async () => {
    op = await startTestProvider({ redirectUri: SSO_REDIRECT_URI, accounts: [SAM] });
    t = await createSsoTestApp({ env: staffEnv(op, { PROVIDER_SSO_PASSWORD_LOGIN: '0' }) });
  });
  afterEach(async () => {
    await op.close();
    await t.db.destroy();
  });

  const passwordLogin = async (email: string) => {
    const guest = await guestAgent(t.app);
    return guest.post('/api/auth/login').set(csrfHeaders(guest)).send({ email, password: TEST_PASSWORD, area: 'admin' });
  };

  it('refuses a staff member\'s password (403 naming the company account) and audits it', async () => {
    const sam = await buildUser(t.db, { role: 'provider-support', email: 'sam@coachwell.example' });
    const res = await passwordLogin('sam@coachwell.example');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SSO_MESSAGES.staffPasswordOff);
    expect((await auditRows(t.db, 'login_refused')).map((r) => [r.actor_id, r.district_id, JSON.parse(r.details!)]))
      .toEqual([[sam.id, null, { reason: 'password_sign_in_off', area: 'admin' }]]);
    // The company account still signs them in.
    expect(landing((await signInWithSchoolAccount(t.app, op, { area: 'admin' })).callback)).toBe('/admin');
  });

  it('keeps a provider administrator\'s password as a break-glass, audited as such', async () => {
    const admin = await buildUser(t.db, { role: 'provider-admin', email: 'ops@coachwell.example' });
    const res = await passwordLogin('ops@coachwell.example');
    expect(res.status).toBe(200);
    expect((await auditRows(t.db, 'login')).map((r) => [r.actor_id, JSON.parse(r.details!)]))
      .toEqual([[admin.id, { area: 'admin', break_glass: true }]]);
  });

  it('leaves a district\'s people to their district\'s own rule', async () => {
    const district = await buildDistrict(t.db, { name: 'Maple Grove Schools' });
    const coach = await buildUser(t.db, { role: 'coach', districtId: district.id, email: 'coach@maple.test' });
    const guest = await guestAgent(t.app);
    const res = await guest.post('/api/auth/login').set(csrfHeaders(guest)).send({ email: coach.email, password: TEST_PASSWORD, area: 'app' });
    expect(res.status).toBe(200);
  });
});
