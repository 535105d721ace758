import path from 'node:path';
import { isEmailDomain, SSO_KINDS, type SsoKind } from '../common/ssoValues';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** HOST: the address to listen on; null (unset) listens on every interface, as a server in a container must. */
  host: string | null;
  dataDir: string;
  databaseFile: string;
  /** DATABASE_URL: a postgres:// address selects PostgreSQL (db/connection.ts openDatabase); null is SQLite. */
  databaseUrl: string | null;
  /** PG_POOL_SIZE: connections this process keeps to PostgreSQL at most. */
  pgPoolSize: number;
  sessionSecret: string;
  appUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** SUPPORT_EMAIL: the provider's support address, where "Contact support" messages go. */
  supportEmail: string;
  sentryDsn: string | null;
  publicDir: string;
  /** Rate limits can be turned off for load benchmarks only. */
  rateLimits: boolean;
  /** Socket timeouts (finding 16): whole headers, whole request (body included), idle keep-alive. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** Single sign-on (issue 30). */
  sso: {
    /** SSO_SECRET_KEY: 32 bytes in base64, the key that seals connections' client secrets (server/lib/secretBox.ts); null when unset. */
    secretKey: Buffer | null;
    /** SSO_ALLOW_HTTP=1: plain-http issuers accepted (local test providers); never in production. */
    allowHttp: boolean;
    /** PROVIDER_SSO_*: Coachwell staff sign in to /admin through the provider's own connection; null when unset. */
    providerStaff: ProviderStaffSso | null;
  };
}

/** The provider's own sign-in connection for its staff (issue 30, item 4), from the environment. */
export interface ProviderStaffSso {
  kind: SsoKind;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Staff emails' domains the connection accepts (lower case). */
  domains: string[];
  /** PROVIDER_SSO_PASSWORD_LOGIN=0: staff sign in only through the connection (default: passwords stay). */
  passwordLogin: boolean;
}

/** PROVIDER_SSO_ISSUER and the rest: all of the required four, or none of them. */
function providerStaffSso(env: NodeJS.ProcessEnv): ProviderStaffSso | null {
  const issuer = env.PROVIDER_SSO_ISSUER?.trim() ?? '';
  const clientId = env.PROVIDER_SSO_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.PROVIDER_SSO_CLIENT_SECRET ?? '';
  const domainsText = env.PROVIDER_SSO_DOMAINS?.trim() ?? '';
  if (!issuer && !clientId && !clientSecret && !domainsText) return null;
  const missing = [
    ['PROVIDER_SSO_ISSUER', issuer], ['PROVIDER_SSO_CLIENT_ID', clientId], ['PROVIDER_SSO_CLIENT_SECRET', clientSecret], ['PROVIDER_SSO_DOMAINS', domainsText],
  ].filter(([, value]) => !value).map(([name]) => name);
  if (missing.length > 0) throw new Error(`Coachwell staff single sign-on needs ${missing.join(', ')} too (or none of the PROVIDER_SSO_ variables).`);
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`PROVIDER_SSO_ISSUER must be the provider's issuer address (https://…), got "${issuer}".`);
  }
  // Plain http only for a local test provider, and never in production (as SSO_ALLOW_HTTP for districts).
  if (url.protocol !== 'https:' && (url.protocol !== 'http:' || env.NODE_ENV === 'production')) {
    throw new Error(`PROVIDER_SSO_ISSUER must be an https:// address, got "${issuer}".`);
  }
  const domains = domainsText.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean);
  const bad = domains.find((d) => !isEmailDomain(d));
  if (bad !== undefined) throw new Error(`PROVIDER_SSO_DOMAINS must list email domains separated by commas (like coachwell.example), got "${bad}".`);
  const kind = (env.PROVIDER_SSO_KIND?.trim().toLowerCase() || 'oidc') as SsoKind;
  if (!SSO_KINDS.includes(kind)) throw new Error(`PROVIDER_SSO_KIND must be one of ${SSO_KINDS.join(', ')}, got "${env.PROVIDER_SSO_KIND}".`);
  const password = env.PROVIDER_SSO_PASSWORD_LOGIN?.trim();
  if (password !== undefined && password !== '' && password !== '0' && password !== '1') throw new Error(`PROVIDER_SSO_PASSWORD_LOGIN must be 0 or 1, got "${password}".`);
  return { kind, issuer, clientId, clientSecret, domains, passwordLogin: password !== '0' };
}

function ssoSecretKey(value: string | undefined): Buffer | null {
  const text = value?.trim();
  if (!text) return null;
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (key.length !== 32) throw new Error('SSO_SECRET_KEY must be 32 random bytes in base64 (make one with: openssl rand -base64 32).');
  return key;
}

function positiveMs(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`${name} must be a positive number of milliseconds, got "${value}".`);
  return ms;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${value}".`);
  return n;
}

function databaseUrl(value: string | undefined): string | null {
  if (!value) return null;
  if (!/^postgres(ql)?:\/\//.test(value)) throw new Error('DATABASE_URL must be a postgres:// address (leave it unset for SQLite under DATA_DIR).');
  return value;
}

function supportEmail(value: string | undefined): string {
  const address = value?.trim();
  if (!address) return 'support@coachwell.example';
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address)) throw new Error(`SUPPORT_EMAIL must be one email address, got "${value}".`);
  return address;
}

const ROOT = path.resolve(import.meta.dirname, '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data'));
  if (mode === 'production' && !env.SESSION_SECRET) {
    throw new Error('SESSION_SECRET must be set when NODE_ENV=production.');
  }
  return {
    env: mode,
    port,
    host: env.HOST?.trim() || null,
    dataDir,
    databaseFile: env.DATABASE_FILE ?? path.join(dataDir, 'coachwell.sqlite'),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    pgPoolSize: positiveInt(env.PG_POOL_SIZE, 10, 'PG_POOL_SIZE'),
    sessionSecret: env.SESSION_SECRET ?? 'coachwell-development-secret-change-me',
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Coachwell <no-reply@coachwell.example>',
    supportEmail: supportEmail(env.SUPPORT_EMAIL),
    sentryDsn: env.SENTRY_DSN || null,
    publicDir: path.resolve(env.PUBLIC_DIR ?? path.join(ROOT, 'dist', 'public')),
    rateLimits: env.RATE_LIMITS !== 'off',
    http: {
      headersTimeoutMs: positiveMs(env.HTTP_HEADERS_TIMEOUT_MS, 20_000, 'HTTP_HEADERS_TIMEOUT_MS'),
      requestTimeoutMs: positiveMs(env.HTTP_REQUEST_TIMEOUT_MS, 60_000, 'HTTP_REQUEST_TIMEOUT_MS'),
      keepAliveTimeoutMs: positiveMs(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 5_000, 'HTTP_KEEP_ALIVE_TIMEOUT_MS'),
    },
    sso: {
      secretKey: ssoSecretKey(env.SSO_SECRET_KEY),
      // Never in production, whatever the variable says.
      allowHttp: mode !== 'production' && env.SSO_ALLOW_HTTP === '1',
      providerStaff: providerStaffSso(env),
    },
  };
}
