// What the admin Logs screen reads besides browser errors: every 500 of the API (stored always, also
// when Sentry is configured) and security events (failed sign-ins, rate-limit and CSRF refusals), and
// the retention that prunes them. Writes are fire-and-forget: they never delay or break the request.
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { LOG_RETENTION, type SecurityEventKind } from '../../common/schemas/adminOps';
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import type { ErrorRecorder } from '../http/errors';

export const LOG_RETENTION_KEY = 'log_retention_days';

type Log = (...args: unknown[]) => void;

const clip = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max));

/** Who the request was for, as far as it got: loadAuth's actor, else the session's user. */
function whoOf(req: Request): { userId: number | null; districtId: number | null; impersonatorId: number | null } {
  const auth = req.auth;
  if (auth) return { userId: auth.user.id, districtId: auth.user.district_id, impersonatorId: auth.impersonator?.id ?? null };
  const sessionUser = req.session?.userId;
  return { userId: typeof sessionUser === 'number' ? sessionUser : null, districtId: null, impersonatorId: null };
}

function pathOf(req: Request): string {
  return (req.originalUrl ?? req.url ?? '').split('?')[0]!.slice(0, 500);
}

/** Stores one 500 of the API; answers the request id it was stored under (also sent as X-Request-Id). */
export function recordServerError(db: DB, req: Request, err: unknown, log: Log): string {
  const requestId = clip(req.get('x-request-id'), 100) ?? randomUUID();
  const error = err instanceof Error ? err : null;
  const who = whoOf(req);
  db.insertInto('server_errors').values({
    message: (error ? `${error.name}: ${error.message}` : String(err)).slice(0, 2000),
    stack: clip(error?.stack, 20_000),
    method: req.method.slice(0, 10),
    path: pathOf(req),
    status: 500,
    user_id: who.userId,
    impersonator_id: who.impersonatorId,
    district_id: who.districtId,
    request_id: requestId,
    ip: clip(req.ip, 100),
    user_agent: clip(req.get('user-agent'), 300),
    at: nowIso(),
  }).execute().catch((e: unknown) => log('Could not store a server error:', e));
  return requestId;
}

export interface SecurityEvent {
  kind: SecurityEventKind;
  email?: string | null;
  userId?: number | null;
  districtId?: number | null;
  details?: Record<string, unknown>;
}

/**
 * Stores a security event about a request. At most SECURITY_EVENTS_PER_MINUTE per kind and client
 * address are written each minute (a flood of refusals must not become a flood of writes); the rest
 * are counted in the next row written (`details.dropped`).
 */
export const SECURITY_EVENTS_PER_MINUTE = 30;

export class SecurityEventRecorder {
  private readonly windows = new Map<string, { count: number; dropped: number; resetAt: number }>();

  constructor(private readonly db: DB, private readonly log: Log) {}

  record(req: Request, event: SecurityEvent): void {
    try {
      const key = `${event.kind}|${req.ip ?? ''}`;
      const now = Date.now();
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        if (this.windows.size > 10_000) for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
        window = { count: 0, dropped: window?.dropped ?? 0, resetAt: now + 60_000 };
        this.windows.set(key, window);
      }
      if (++window.count > SECURITY_EVENTS_PER_MINUTE) {
        window.dropped += 1;
        return;
      }
      const dropped = window.dropped;
      window.dropped = 0;
      const who = whoOf(req);
      const details = { ...event.details, ...(dropped ? { dropped } : {}) };
      this.db.insertInto('security_events').values({
        kind: event.kind,
        ip: clip(req.ip, 100),
        user_agent: clip(req.get('user-agent'), 300),
        email: clip(event.email?.trim().toLowerCase() || null, 254),
        user_id: event.userId !== undefined ? event.userId : who.userId,
        district_id: event.districtId !== undefined ? event.districtId : who.districtId,
        method: req.method.slice(0, 10),
        path: pathOf(req),
        details: Object.keys(details).length ? JSON.stringify(details) : null,
        at: nowIso(),
      }).execute().catch((e: unknown) => this.log('Could not store a security event:', e));
    } catch (e) {
      this.log('Could not store a security event:', e);
    }
  }
}

/** One recorder per database (the app and the sign-in route share it). */
const recorders = new WeakMap<DB, SecurityEventRecorder>();
export function securityEvents(db: DB, log: Log): SecurityEventRecorder {
  let recorder = recorders.get(db);
  if (!recorder) recorders.set(db, (recorder = new SecurityEventRecorder(db, log)));
  return recorder;
}

/** The email a refused request's JSON body names (sign-in, password reset), if any. */
export function emailInBody(req: Request): string | null {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.length <= 254 ? email : null;
}

export async function readRetentionDays(db: DB): Promise<{ days: number; updatedAt: string | null }> {
  const row = await db.selectFrom('provider_settings').select(['value', 'updated_at']).where('key', '=', LOG_RETENTION_KEY).executeTakeFirst();
  const days = row ? Number(JSON.parse(row.value)) : NaN;
  const valid = Number.isInteger(days) && days >= LOG_RETENTION.min && days <= LOG_RETENTION.max;
  return { days: valid ? days : LOG_RETENTION.default, updatedAt: row?.updated_at ?? null };
}

/**
 * Deletes client errors, server errors and security events older than the retention setting (the
 * audit log is never pruned). Answers how many rows of each went.
 */
export async function pruneOpsLogs(db: DB, now = new Date()): Promise<{ client: number; server: number; security: number }> {
  const { days } = await readRetentionDays(db);
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  const deleted = async (table: 'client_errors' | 'server_errors' | 'security_events') =>
    Number((await db.deleteFrom(table).where('at', '<', cutoff).executeTakeFirst()).numDeletedRows);
  return { client: await deleted('client_errors'), server: await deleted('server_errors'), security: await deleted('security_events') };
}

/** The error middleware's recorder (server/http/errors.ts): 500s, 419 and 429 refusals. */
export function opsErrorRecorder(db: DB, log: Log): ErrorRecorder {
  return {
    serverError: (req, err) => {
      try {
        return recordServerError(db, req, err, log);
      } catch (e) {
        log('Could not store a server error:', e);
        return randomUUID();
      }
    },
    refused: (req, kind, err) => securityEvents(db, log).record(req, {
      kind,
      email: kind === 'rate-limited' ? emailInBody(req) : null,
      details: { message: err.message },
    }),
  };
}
