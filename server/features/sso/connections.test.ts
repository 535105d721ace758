// The district's sign-in connections (issue 30): GET/POST /api/district/sso, PUT/DELETE /api/district/sso/{id}, the
// "Test connection" call against a real OpenID provider (oidc-provider on a loopback port), and provider staff's
// read-only view from the admin area. The client secret is sealed at rest and never in an answer, an audit row or
// anything logged.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planFeatureMessage } from '../../../common/plans';
import { domainNotValid, domainTaken, SSO_MESSAGES } from '../../../common/schemas/sso';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import { RateLimiter } from '../../http/rateLimit';
import { HttpError } from '../../http/errors';
import { createMemoryMailer } from '../../lib/mailer';
import { makeSecretBox, secretBoxFor } from '../../lib/secretBox';
import { asGuest, createTestApp, csrfHeaders, loginAs, postAs, putAs, type TestAgent, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildDistrict, buildUser } from '../../testing/factories';
import { impersonatingAgent } from '../../testing/interactions.fixture';
import { SSO_IMPERSONATION_REFUSED } from './connectionsPolicies';
import { createConnection } from './connectionsService';
import { SSO_TOO_MANY_TESTS } from './connectionRoutes';

const SECRET = 'GOCSPX-sealed-client-secret-4711';
const NEW_SECRET = 'GOCSPX-replacement-secret-0815';

const GOOGLE = {
  kind: 'google', issuer: 'https://accounts.google.com', client_id: '123-abc.apps.googleusercontent.com', client_secret: SECRET,
  domains: ['Riverbend.example', '@staff.riverbend.example'],
};

/** The test app, with SSO_ALLOW_HTTP as asked (the local provider speaks plain http) and the limiter as asked. */
async function ssoApp(opts: { allowHttp?: boolean; rateLimits?: boolean } = {}): Promise<TestApp & { config: ReturnType<typeof loadConfig> }> {
  const base = await createTestApp();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', ...(opts.allowHttp ? { SSO_ALLOW_HTTP: '1' } : {}) }),
    databaseFile: ':memory:', publicDir: '/nonexistent', appUrl: 'http://coachwell.test',
  };
  const logged: unknown[] = [];
  const app = createApp({ db: base.db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(base.db, opts.rateLimits ?? false), log: (...a) => { logged.push(a); } });
  return { ...base, app, logged, config };
}

let t: Awaited<ReturnType<typeof ssoApp>>;
let district: { id: number };
let admin: TestAgent;
/** Every answer body seen, to prove the secret was in none. */
const bodies: string[] = [];

async function world(opts: { allowHttp?: boolean; rateLimits?: boolean } = {}) {
  t = await ssoApp(opts);
  district = await buildDistrict(t.db, { planKey: 'enterprise' });
  const user = await buildUser(t.db, { role: 'district-admin', districtId: district.id });
  admin = await loginAs(t.app, user);
}

const keep = <R extends { body: unknown; text?: string }>(res: R): R => {
  bodies.push(JSON.stringify(res.body ?? null), res.text ?? '');
  return res;
};

async function addGoogle(body: object = GOOGLE) {
  const res = keep(await postAs(admin, '/api/district/sso', body));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

afterAll(() => {
  // The secret, old or new, was never in any answer this file saw.
  const all = bodies.join('\n');
  expect(all).not.toContain(SECRET);
  expect(all).not.toContain(NEW_SECRET);
  expect(all).not.toContain('client_secret_sealed');
});

describe('POST /api/district/sso', () => {
  beforeEach(() => world());

  itRequiresLogin(() => t.app, 'post', '/api/district/sso', () => GOOGLE);

  it('419 without the CSRF token', async () => {
    const res = await admin.post('/api/district/sso').send(GOOGLE);
    expect(res.status).toBe(419);
  });

  it('422 naming each field', async () => {
    const cases: [object, string, string][] = [
      [{ ...GOOGLE, kind: 'saml' }, 'kind', SSO_MESSAGES.kind],
      [{ ...GOOGLE, issuer: '' }, 'issuer', 'Issuer is required.'],
      [{ ...GOOGLE, issuer: 'accounts.google.com' }, 'issuer', SSO_MESSAGES.issuerUrl],
      [{ ...GOOGLE, issuer: 'https://accounts.google.com/?x=1' }, 'issuer', SSO_MESSAGES.issuerUrl],
      [{ ...GOOGLE, issuer: 'https://login.microsoftonline.com/{tenant}/v2.0' }, 'issuer', SSO_MESSAGES.issuerUrl],
      [{ ...GOOGLE, issuer: 'http://accounts.google.com' }, 'issuer', SSO_MESSAGES.issuerHttps],
      [{ ...GOOGLE, client_id: '  ' }, 'client_id', 'Client ID is required.'],
      [{ ...GOOGLE, client_secret: '' }, 'client_secret', 'Client secret is required.'],
      [{ ...GOOGLE, client_secret: undefined }, 'client_secret', 'Client secret is required.'],
      [{ ...GOOGLE, domains: 'riverbend.example' }, 'domains', SSO_MESSAGES.domainsList],
      [{ ...GOOGLE, domains: [] }, 'domains', SSO_MESSAGES.domainsEmpty],
      [{ ...GOOGLE, domains: ['riverbend'] }, 'domains', domainNotValid('riverbend')],
      [{ ...GOOGLE, domains: ['teacher@riverbend.example'] }, 'domains', domainNotValid('teacher@riverbend.example')],
      [{ ...GOOGLE, password_login: 'no' }, 'password_login', SSO_MESSAGES.passwordLogin],
      [{ ...GOOGLE, create_users: 1 }, 'create_users', SSO_MESSAGES.createUsers],
    ];
    for (const [body, field, message] of cases) {
      const res = keep(await postAs(admin, '/api/district/sso', body));
      expectFieldError(res, field, message);
    }
    expect(await t.db.selectFrom('sso_connections').selectAll().execute()).toEqual([]);
  });

  it("422 on a domain another district's connection claims (a domain finds one district at sign-in)", async () => {
    const other = await buildDistrict(t.db, { planKey: 'enterprise' });
    const otherAdmin = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: other.id }));
    expect((await postAs(otherAdmin, '/api/district/sso', { ...GOOGLE, domains: ['staff.riverbend.example'] })).status).toBe(201);
    expectFieldError(keep(await postAs(admin, '/api/district/sso', GOOGLE)), 'domains', domainTaken('staff.riverbend.example'));
  });

  it('403 without manage settings, on a plan without single sign-on, for provider staff, and while impersonating', async () => {
    const coach = await loginAs(t.app, await buildUser(t.db, { role: 'coach', districtId: district.id }));
    expect((await postAs(coach, '/api/district/sso', GOOGLE)).status).toBe(403);

    const professional = await buildDistrict(t.db, { planKey: 'professional' });
    const lowerPlan = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: professional.id }));
    const refused = await postAs(lowerPlan, '/api/district/sso', GOOGLE);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(planFeatureMessage('sso'));
    expect((await lowerPlan.get('/api/district/sso')).body.message).toBe('Single sign-on is part of the Enterprise plan. Ask your district administrator about upgrading.');

    const provider = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
    expect((await postAs(provider, '/api/district/sso', GOOGLE)).status).toBe(403);

    const districtAdmin = await t.db.selectFrom('users').select('id').where('district_id', '=', district.id).executeTakeFirstOrThrow();
    const impersonating = await impersonatingAgent(t, districtAdmin.id);
    const res = await postAs(impersonating, '/api/district/sso', GOOGLE);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SSO_IMPERSONATION_REFUSED);
    // Reading is fine while impersonating.
    expect((await impersonating.get('/api/district/sso')).status).toBe(200);
    expect(await t.db.selectFrom('sso_connections').selectAll().execute()).toEqual([]);
  });

  it('201: the connection without its secret; the secret sealed at rest; domains lower-case; defaults; an audit row without the secret', async () => {
    const res = keep(await postAs(admin, '/api/district/sso', GOOGLE));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number), kind: 'google', kind_label: 'Google', issuer: 'https://accounts.google.com', client_id: GOOGLE.client_id,
      has_secret: true, domains: ['riverbend.example', 'staff.riverbend.example'], password_login: true, create_users: false,
      redirect_uri: 'http://coachwell.test/api/auth/sso/callback', created_at: expect.any(String), updated_at: expect.any(String), last_test: null,
    });
    const row = await t.db.selectFrom('sso_connections').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ district_id: district.id, kind: 'google', domains: '["riverbend.example","staff.riverbend.example"]', password_login: 1, create_users: 0 });
    expect(row.client_secret_sealed).not.toContain(SECRET);
    expect(row.client_secret_sealed).toMatch(/^v1\./);
    expect(secretBoxFor(t.config).open(row.client_secret_sealed)).toBe(SECRET);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'sso_connection.created').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ district_id: district.id, subject_type: 'sso_connection', subject_id: res.body.id });
    expect(JSON.parse(audit.details!)).toEqual({
      name: 'Google', kind: 'google', issuer: 'https://accounts.google.com', client_id: GOOGLE.client_id,
      domains: 'riverbend.example, staff.riverbend.example', password_login: true, create_users: false,
    });
    expect(audit.details).not.toContain(SECRET);

    // A trailing slash is dropped; password sign-in off and creating logins on are kept.
    const clever = keep(await postAs(admin, '/api/district/sso', {
      ...GOOGLE, kind: 'clever', issuer: 'https://clever.com/', domains: ['riverbend.example'], password_login: false, create_users: true,
    }));
    expect(clever.body).toMatchObject({ kind_label: 'Clever', issuer: 'https://clever.com', password_login: false, create_users: true });
  });

  it('409 for a second connection of the same kind', async () => {
    await addGoogle();
    const res = keep(await postAs(admin, '/api/district/sso', { ...GOOGLE, domains: ['riverbend.example'] }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This district already has a Google connection. Change that one instead.');
  });

  it('a plain-http issuer only with SSO_ALLOW_HTTP=1', async () => {
    await world({ allowHttp: true });
    await addGoogle({ ...GOOGLE, kind: 'oidc', issuer: 'http://127.0.0.1:4000' });
  });

  it('in production without SSO_SECRET_KEY, storing a connection is refused with the message naming the setting', async () => {
    const actor = { districtId: district.id, userId: 1, impersonatorId: null, ip: null, userAgent: null };
    const input = { ...GOOGLE, kind: 'google' as const, domains: ['riverbend.example'], password_login: true, create_users: false };
    const error = await createConnection(t.db, actor, { box: makeSecretBox(null), allowHttp: false }, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: 'Single sign-on secrets cannot be stored: set SSO_SECRET_KEY (32 random bytes in base64, e.g. `openssl rand -base64 32`) and restart.' });
    expect(await t.db.selectFrom('sso_connections').selectAll().execute()).toEqual([]);
  });
});

describe('GET /api/district/sso', () => {
  beforeEach(() => world());

  itRequiresLogin(() => t.app, 'get', '/api/district/sso');

  it("403 without manage settings; another district's connections are never listed", async () => {
    await addGoogle();
    const coach = await loginAs(t.app, await buildUser(t.db, { role: 'coach', districtId: district.id }));
    expect((await coach.get('/api/district/sso')).status).toBe(403);
    const other = await buildDistrict(t.db, { planKey: 'enterprise' });
    const otherAdmin = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: other.id }));
    expect((await otherAdmin.get('/api/district/sso')).body).toEqual({ data: [] });
  });

  it("the district's connections, never a secret", async () => {
    await addGoogle();
    await addGoogle({ ...GOOGLE, kind: 'microsoft', issuer: 'https://login.microsoftonline.com/riverbend.example/v2.0', domains: ['riverbend.example'] });
    const res = keep(await admin.get('/api/district/sso'));
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { kind_label: string; has_secret: boolean }) => [c.kind_label, c.has_secret])).toEqual([['Google', true], ['Microsoft Entra ID', true]]);
    expect(JSON.stringify(res.body)).not.toMatch(/secret"\s*:\s*"/);
  });
});

describe('PUT /api/district/sso/{id}', () => {
  let id: number;
  beforeEach(async () => {
    await world();
    ({ id } = await addGoogle());
  });

  itRequiresLogin(() => t.app, 'put', () => `/api/district/sso/${id}`, () => ({ client_id: 'x' }));

  it('419 without the CSRF token', async () => {
    expect((await admin.put(`/api/district/sso/${id}`).send({ client_id: 'x' })).status).toBe(419);
  });

  it('422 naming the field', async () => {
    expectFieldError(keep(await putAs(admin, `/api/district/sso/${id}`, { issuer: 'ftp://x' })), 'issuer', SSO_MESSAGES.issuerUrl);
    expectFieldError(keep(await putAs(admin, `/api/district/sso/${id}`, { domains: ['no spaces.example'] })), 'domains', domainNotValid('no spaces.example'));
    expectFieldError(keep(await putAs(admin, `/api/district/sso/${id}`, { client_secret: 42 })), 'client_secret', 'Client secret must be text.');
  });

  it("404 for another district's connection, and for an id that is not one", async () => {
    const other = await buildDistrict(t.db, { planKey: 'enterprise' });
    const otherAdmin = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: other.id }));
    const res = await putAs(otherAdmin, `/api/district/sso/${id}`, { client_id: 'stolen' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(SSO_MESSAGES.notFound);
    expect((await putAs(admin, '/api/district/sso/abc', { client_id: 'x' })).status).toBe(404);
    expect((await t.db.selectFrom('sso_connections').select('client_id').where('id', '=', id).executeTakeFirstOrThrow()).client_id).toBe(GOOGLE.client_id);
  });

  it('403 without manage settings and while impersonating', async () => {
    const coach = await loginAs(t.app, await buildUser(t.db, { role: 'coach', districtId: district.id }));
    expect((await putAs(coach, `/api/district/sso/${id}`, { client_id: 'x' })).status).toBe(403);
    const districtAdmin = await t.db.selectFrom('users').select('id').where('district_id', '=', district.id).executeTakeFirstOrThrow();
    const impersonating = await impersonatingAgent(t, districtAdmin.id);
    expect((await putAs(impersonating, `/api/district/sso/${id}`, { password_login: false })).body.message).toBe(SSO_IMPERSONATION_REFUSED);
  });

  it('any subset; an empty secret leaves the stored one, a new one replaces it; the audit row names the changes, never the secret', async () => {
    const sealedBefore = (await t.db.selectFrom('sso_connections').select('client_secret_sealed').where('id', '=', id).executeTakeFirstOrThrow()).client_secret_sealed;
    const off = keep(await putAs(admin, `/api/district/sso/${id}`, { password_login: false, client_secret: '' }));
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ password_login: false, create_users: false, client_id: GOOGLE.client_id, has_secret: true });
    const unchanged = await t.db.selectFrom('sso_connections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(unchanged.client_secret_sealed).toBe(sealedBefore);

    const replaced = keep(await putAs(admin, `/api/district/sso/${id}`, { client_secret: NEW_SECRET, domains: ['RIVERBEND.example'] }));
    expect(replaced.body.domains).toEqual(['riverbend.example']);
    const row = await t.db.selectFrom('sso_connections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(secretBoxFor(t.config).open(row.client_secret_sealed)).toBe(NEW_SECRET);

    const audits = await t.db.selectFrom('audit_log').select(['action', 'details']).where('action', '=', 'sso_connection.updated').orderBy('id').execute();
    expect(audits.map((a) => JSON.parse(a.details!))).toEqual([
      { password_login: { from: true, to: false } },
      { domains: { from: 'riverbend.example, staff.riverbend.example', to: 'riverbend.example' }, client_secret: 'replaced' },
    ]);
    for (const audit of audits) {
      expect(audit.details).not.toContain(SECRET);
      expect(audit.details).not.toContain(NEW_SECRET);
    }
    // The admin feed reads it as a sentence.
    const provider = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
    const feed = await provider.get('/api/admin/audit').query({ action: 'sso_connection.updated' });
    expect(feed.status).toBe(200);
    const sentences = (feed.body.data as { sentence: string }[]).map((e) => e.sentence).join('\n');
    expect(sentences).toContain('changed the sign-in connection “Google”, turning password sign-in off');
  });

  it('409 on changing to a kind the district already has', async () => {
    await addGoogle({ ...GOOGLE, kind: 'clever', issuer: 'https://clever.com', domains: ['riverbend.example'] });
    const res = keep(await putAs(admin, `/api/district/sso/${id}`, { kind: 'clever' }));
    expect(res.status).toBe(409);
  });
});

describe('DELETE /api/district/sso/{id}', () => {
  let id: number;
  beforeEach(async () => {
    await world();
    ({ id } = await addGoogle());
  });

  itRequiresLogin(() => t.app, 'delete', () => `/api/district/sso/${id}`);

  it("404 for another district's connection; 403 while impersonating", async () => {
    const other = await buildDistrict(t.db, { planKey: 'enterprise' });
    const otherAdmin = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: other.id }));
    expect((await otherAdmin.delete(`/api/district/sso/${id}`).set(csrfHeaders(otherAdmin))).status).toBe(404);
    const districtAdmin = await t.db.selectFrom('users').select('id').where('district_id', '=', district.id).executeTakeFirstOrThrow();
    const impersonating = await impersonatingAgent(t, districtAdmin.id);
    expect((await impersonating.delete(`/api/district/sso/${id}`).set(csrfHeaders(impersonating))).status).toBe(403);
    expect(await t.db.selectFrom('sso_connections').select('id').execute()).toEqual([{ id }]);
  });

  it('204: the connection and its links are gone, and the audit row names it', async () => {
    const user = await t.db.selectFrom('users').select('id').where('district_id', '=', district.id).executeTakeFirstOrThrow();
    await t.db.insertInto('sso_links').values({
      district_id: district.id, user_id: user.id, connection_id: id, issuer: GOOGLE.issuer, subject: '1077', email_at_link: 'a@riverbend.example',
      created_at: new Date().toISOString(), last_sign_in_at: null,
    }).execute();
    const res = await admin.delete(`/api/district/sso/${id}`).set(csrfHeaders(admin));
    expect(res.status).toBe(204);
    expect(await t.db.selectFrom('sso_connections').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('sso_links').selectAll().execute()).toEqual([]);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'sso_connection.deleted').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({ name: 'Google', kind: 'google', links_removed: 1 });
    expect(audit.details).not.toContain(SECRET);
  });
});

describe('POST /api/district/sso/{id}/test against a real OpenID provider', () => {
  let server: http.Server;
  let issuer: string;
  let notOidc: http.Server;
  let notOidcUrl: string;

  beforeAll(async () => {
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [{ client_id: 'coachwell-test', client_secret: SECRET, redirect_uris: ['http://coachwell.test/api/auth/sso/callback'] }],
    });
    server.on('request', provider.callback());
    notOidc = http.createServer((_req, res) => { res.writeHead(404, { 'content-type': 'text/html' }); res.end('<h1>Not here</h1>'); });
    await new Promise<void>((resolve) => notOidc.listen(0, '127.0.0.1', resolve));
    notOidcUrl = `http://127.0.0.1:${(notOidc.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => notOidc.close(resolve));
  });

  async function tested(body: object) {
    const { id } = await addGoogle({ ...GOOGLE, kind: 'oidc', ...body });
    const res = keep(await postAs(admin, `/api/district/sso/${id}/test`));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id, res };
  }

  it('401 without login; 419 without the token; 404 for another district\'s; 403 without manage settings', async () => {
    await world({ allowHttp: true });
    const { id } = await addGoogle();
    expect((await asGuest(t.app, 'post', `/api/district/sso/${id}/test`)).status).toBe(401);
    expect((await admin.post(`/api/district/sso/${id}/test`)).status).toBe(419);
    const other = await buildDistrict(t.db, { planKey: 'enterprise' });
    const otherAdmin = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: other.id }));
    expect((await postAs(otherAdmin, `/api/district/sso/${id}/test`)).status).toBe(404);
    const coach = await loginAs(t.app, await buildUser(t.db, { role: 'coach', districtId: district.id }));
    expect((await postAs(coach, `/api/district/sso/${id}/test`)).status).toBe(403);
  });

  it('connected: discovery works and the provider does not refuse the client; the result is kept', async () => {
    await world({ allowHttp: true });
    const { id, res } = await tested({ issuer, client_id: 'coachwell-test' });
    const host = new URL(issuer).host;
    expect(res.body.last_test).toEqual({
      at: expect.any(String), ok: true,
      message: `Connected: ${host} answers as an OpenID issuer and did not refuse the client id. The first sign-in confirms the rest.`,
    });
    const row = await t.db.selectFrom('sso_connections').select(['last_tested_at', 'last_test_result']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_tested_at).toBe(res.body.last_test.at);
    // A new client id makes the last test say nothing any more.
    const changed = keep(await putAs(admin, `/api/district/sso/${id}`, { client_id: 'another' }));
    expect(changed.body.last_test).toBeNull();
  });

  it('says the provider refused the client id or secret', async () => {
    await world({ allowHttp: true });
    const { res } = await tested({ issuer, client_id: 'nobody-registered-this' });
    expect(res.body.last_test).toMatchObject({ ok: false, message: `${new URL(issuer).host} is an OpenID issuer, but it refused the client id or secret (invalid_client). Copy both again from the provider's console.` });
    const wrongSecret = await tested({ issuer, client_id: 'coachwell-test', kind: 'classlink', client_secret: 'not-the-secret' });
    expect(wrongSecret.res.body.last_test.message).toContain('refused the client id or secret');
  });

  it('says what is wrong in words: not an OpenID issuer, not reachable, http not allowed', async () => {
    await world({ allowHttp: true });
    const host = new URL(notOidcUrl).host;
    expect((await tested({ issuer: notOidcUrl })).res.body.last_test).toMatchObject({
      ok: false, message: `${host} answered, but it is not an OpenID issuer: there is no discovery document at ${notOidcUrl}/.well-known/openid-configuration. Check the issuer's address.`,
    });
    // A port nothing listens on.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    expect((await tested({ issuer: closedUrl, kind: 'clever' })).res.body.last_test).toMatchObject({ ok: false, message: expect.stringContaining(`${new URL(closedUrl).host} could not be reached`) });
    // An http issuer stored while it was allowed, tested after: refused without a request.
    const { id } = await addGoogle({ ...GOOGLE, kind: 'classlink', issuer });
    const strict = createApp({ db: t.db, config: { ...t.config, sso: { ...t.config.sso, allowHttp: false } }, mailer: createMemoryMailer(), limiter: new RateLimiter(t.db, false), log: () => undefined });
    const strictAdmin = await loginAs(strict, (await t.db.selectFrom('users').select(['email', 'district_id']).where('district_id', '=', district.id).executeTakeFirstOrThrow()));
    const res = await postAs(strictAdmin, `/api/district/sso/${id}/test`);
    expect(res.body.last_test).toMatchObject({ ok: false, message: 'Plain http:// issuers are not allowed: the issuer must start with https://.' });
  });

  it('429 past 20 tests a district in ten minutes', async () => {
    await world({ allowHttp: true, rateLimits: true });
    const { id } = await addGoogle({ ...GOOGLE, kind: 'oidc', issuer: notOidcUrl });
    for (let i = 0; i < 20; i++) expect((await postAs(admin, `/api/district/sso/${id}/test`)).status).toBe(200);
    const res = await postAs(admin, `/api/district/sso/${id}/test`);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(SSO_TOO_MANY_TESTS);
  });
});

describe("provider staff: a district's connections from the admin area", () => {
  let id: number;
  beforeEach(async () => {
    await world();
    // An issuer on the server's own loopback: refused before any request (lib/publicAddress.ts), reaching nothing.
    ({ id } = await addGoogle({ ...GOOGLE, kind: 'oidc', issuer: 'https://127.0.0.1:9' }));
  });

  itRequiresLogin(() => t.app, 'get', () => `/api/admin/district/${district.id}/sso`);

  it('403 for district users; 404 for a district that does not exist or a connection of another district', async () => {
    expect((await admin.get(`/api/admin/district/${district.id}/sso`)).status).toBe(403);
    const support = await loginAs(t.app, await buildUser(t.db, { role: 'provider-support' }));
    expect((await support.get('/api/admin/district/999999/sso')).status).toBe(404);
    const other = await buildDistrict(t.db);
    expect((await postAs(support, `/api/admin/district/${other.id}/sso/${id}/test`)).status).toBe(404);
  });

  it("reads the district's connections (never a secret) and tests one; changes stay the district's", async () => {
    const support = await loginAs(t.app, await buildUser(t.db, { role: 'provider-support' }));
    const res = keep(await support.get(`/api/admin/district/${district.id}/sso`));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ id, kind: 'oidc', has_secret: true })]);
    const tested = keep(await postAs(support, `/api/admin/district/${district.id}/sso/${id}/test`));
    expect(tested.status).toBe(200);
    expect(tested.body.last_test).toMatchObject({ ok: false, message: '127.0.0.1:9 is on a private network, which Coachwell does not reach. Enter the provider\'s public issuer address.' });
    // No provider route changes a connection.
    expect((await putAs(support, `/api/district/sso/${id}`, { password_login: false })).status).toBe(403);
  }, 15_000);
});

describe('the secret in logs', () => {
  it('is never logged, even when a request fails', async () => {
    await world({ allowHttp: true });
    await addGoogle();
    await postAs(admin, '/api/district/sso', { ...GOOGLE, domains: ['riverbend.example'] });
    await request(t.app).post('/api/district/sso').send(GOOGLE);
    expect(JSON.stringify(t.logged)).not.toContain(SECRET);
  });
});
