import path from 'node:path';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  databaseFile: string;
  sessionSecret: string;
  appUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  sentryDsn: string | null;
  publicDir: string;
  /** Rate limits can be turned off for load benchmarks only. */
  rateLimits: boolean;
  /** Socket timeouts (finding 16): whole headers, whole request (body included), idle keep-alive. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
}

function positiveMs(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`${name} must be a positive number of milliseconds, got "${value}".`);
  return ms;
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
    dataDir,
    databaseFile: env.DATABASE_FILE ?? path.join(dataDir, 'coachwell.sqlite'),
    sessionSecret: env.SESSION_SECRET ?? 'coachwell-development-secret-change-me',
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Coachwell <no-reply@coachwell.example>',
    sentryDsn: env.SENTRY_DSN || null,
    publicDir: path.resolve(env.PUBLIC_DIR ?? path.join(ROOT, 'dist', 'public')),
    rateLimits: env.RATE_LIMITS !== 'off',
    http: {
      headersTimeoutMs: positiveMs(env.HTTP_HEADERS_TIMEOUT_MS, 20_000, 'HTTP_HEADERS_TIMEOUT_MS'),
      requestTimeoutMs: positiveMs(env.HTTP_REQUEST_TIMEOUT_MS, 60_000, 'HTTP_REQUEST_TIMEOUT_MS'),
      keepAliveTimeoutMs: positiveMs(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 5_000, 'HTTP_KEEP_ALIVE_TIMEOUT_MS'),
    },
  };
}
