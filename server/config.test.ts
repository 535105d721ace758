import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('HOST (issue 25, item 10)', () => {
  it('unset or empty: null, and main.ts listens on every interface, as a server in a container must', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', HOST: ' ' }).host).toBeNull();
  });

  it('set: the one address main.ts listens on (tests start servers with 127.0.0.1)', () => {
    expect(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's', HOST: '::' }).host).toBe('::');
  });
});

describe('PROVIDER_SSO_* (issue 30, item 4: Coachwell staff sign in through the provider\'s own connection)', () => {
  const full = {
    NODE_ENV: 'test', PROVIDER_SSO_ISSUER: 'https://accounts.google.com', PROVIDER_SSO_CLIENT_ID: 'staff-client',
    PROVIDER_SSO_CLIENT_SECRET: 's3cret', PROVIDER_SSO_DOMAINS: 'Coachwell.example, support.coachwell.example',
  };

  it('unset: no staff connection', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sso.providerStaff).toBeNull();
  });

  it('set: the connection, domains in lower case, kind oidc and passwords on unless said', () => {
    expect(loadConfig(full).sso.providerStaff).toEqual({
      kind: 'oidc', issuer: 'https://accounts.google.com', clientId: 'staff-client', clientSecret: 's3cret',
      domains: ['coachwell.example', 'support.coachwell.example'], passwordLogin: true,
    });
    expect(loadConfig({ ...full, PROVIDER_SSO_KIND: 'Google', PROVIDER_SSO_PASSWORD_LOGIN: '0' }).sso.providerStaff)
      .toMatchObject({ kind: 'google', passwordLogin: false });
  });

  it('refuses to start with a part missing or a value it cannot use, naming the variable', () => {
    expect(() => loadConfig({ ...full, PROVIDER_SSO_CLIENT_SECRET: '', PROVIDER_SSO_DOMAINS: '' }))
      .toThrow('Coachwell staff single sign-on needs PROVIDER_SSO_CLIENT_SECRET, PROVIDER_SSO_DOMAINS too (or none of the PROVIDER_SSO_ variables).');
    expect(() => loadConfig({ ...full, PROVIDER_SSO_ISSUER: 'accounts.google.com' })).toThrow(/^PROVIDER_SSO_ISSUER must be/);
    expect(() => loadConfig({ ...full, PROVIDER_SSO_ISSUER: 'ftp://accounts.google.com' })).toThrow(/^PROVIDER_SSO_ISSUER must be an https/);
    expect(() => loadConfig({ ...full, NODE_ENV: 'production', SESSION_SECRET: 's', PROVIDER_SSO_ISSUER: 'http://127.0.0.1:4000' })).toThrow(/^PROVIDER_SSO_ISSUER must be an https/);
    expect(() => loadConfig({ ...full, PROVIDER_SSO_DOMAINS: 'coachwell.example, not a domain' })).toThrow('PROVIDER_SSO_DOMAINS must list email domains separated by commas (like coachwell.example), got "not a domain".');
    expect(() => loadConfig({ ...full, PROVIDER_SSO_KIND: 'okta' })).toThrow(/^PROVIDER_SSO_KIND must be one of google, microsoft, clever, classlink, oidc/);
    expect(() => loadConfig({ ...full, PROVIDER_SSO_PASSWORD_LOGIN: 'no' })).toThrow('PROVIDER_SSO_PASSWORD_LOGIN must be 0 or 1, got "no".');
  });
});
