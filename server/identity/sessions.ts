import type { RequestHandler } from 'express';
import session from 'express-session';
import { compiledOnce } from '../../db/compiledOnce';
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';

type Callback = (err?: unknown, data?: session.SessionData | null) => void;

/** One person's concurrent sessions (browsers, devices); signing in again past it ends the oldest. */
export const MAX_SESSIONS_PER_USER = 10;
/** How often a write also clears expired rows (besides the pruner in main.ts). */
const PRUNE_EVERY_MS = 5 * 60_000;
/** A signed-in session's expiry moves at most this often (issue 8: no session write per request). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * Read on every signed-in request, compiled once; the `auth` change version (db/dialect.ts) comes in
 * the same statement, for loadAuth (server/identity/context.ts) to check its kept contexts against.
 */
const sessionRow = compiledOnce((db: DB, sid: string) => db.selectFrom('sessions')
  .select(['data', 'expires_at'])
  .select((eb) => eb.selectFrom('change_versions').select('version').where('scope', '=', 'auth').as('auth_version'))
  .where('sid', '=', sid));

/** Versions read with sessions and not yet taken (a request that failed before loadAuth leaves one). */
const MAX_PENDING_VERSIONS = 10_000;

/**
 * express-session store in the `sessions` table, so sessions survive restarts and can be ended per
 * user. Only signed-in sessions are stored (finding 9): a guest's session holds nothing the next
 * request needs (its CSRF token lives in a signed cookie), so guests never add rows. The table is
 * bounded: expired rows are pruned as sessions are written, and one person keeps at most
 * MAX_SESSIONS_PER_USER. No `touch`: the idle expiry moves through `touchSessionAtMostEveryMinute`.
 */
export class DatabaseSessionStore extends session.Store {
  private lastPrune = 0;
  private readonly authVersions = new Map<string, number>();

  constructor(private readonly db: DB) {
    super();
  }

  override get(sid: string, cb: Callback): void {
    sessionRow(this.db, sid)
      .then(([row]) => {
        if (!row || row.expires_at <= Date.now()) return cb(null, null);
        if (row.auth_version !== null) {
          if (this.authVersions.size >= MAX_PENDING_VERSIONS) this.authVersions.clear();
          this.authVersions.set(sid, row.auth_version);
        }
        cb(null, JSON.parse(row.data));
      }, cb);
  }

  /**
   * The `auth` change version read with this session in the current request (then forgotten), or
   * undefined: the caller reads it itself. Any version read earlier in the request is as good as one
   * read now (a change after it only makes kept data look older than it is).
   */
  takeAuthVersion(sid: string): number | undefined {
    const version = this.authVersions.get(sid);
    if (version !== undefined) this.authVersions.delete(sid);
    return version;
  }

  override set(sid: string, data: session.SessionData, cb?: (err?: unknown) => void): void {
    this.write(sid, data).then(() => cb?.(), (err) => cb?.(err));
  }

  private async write(sid: string, data: session.SessionData): Promise<void> {
    if (!data.userId) {
      // Nothing worth keeping (a guest, or a session just ended): make sure no row stays behind.
      await this.db.deleteFrom('sessions').where('sid', '=', sid).execute();
      return;
    }
    const expiresAt = data.cookie.expires ? new Date(data.cookie.expires).getTime() : Date.now() + 86_400_000;
    const values = { data: JSON.stringify(data), user_id: data.userId, expires_at: expiresAt };
    await this.db.insertInto('sessions').values({ sid, ...values, created_at: nowIso() })
      .onConflict((oc) => oc.column('sid').doUpdateSet(values)).execute();
    await this.db.deleteFrom('sessions').where('user_id', '=', data.userId).where('sid', 'not in', (qb) =>
      qb.selectFrom('sessions').select('sid').where('user_id', '=', data.userId!).orderBy('expires_at', 'desc').limit(MAX_SESSIONS_PER_USER),
    ).execute();
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await pruneExpiredSessions(this.db);
    }
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.db.deleteFrom('sessions').where('sid', '=', sid).execute().then(() => cb?.(), (err) => cb?.(err));
  }
}

/**
 * Idle timeout without a write per request (issue 8): a signed-in session is marked touched at most
 * once a minute, which makes express-session save it (new expiry in the row, fresh cookie). In
 * between, nothing is written; the expiry lags the last request by under a minute.
 */
export const touchSessionAtMostEveryMinute: RequestHandler = (req, _res, next) => {
  const s = req.session;
  if (s?.userId) {
    const last = s.touchedAt ?? s.startedAt ?? 0;
    if (Date.now() - last >= SESSION_TOUCH_INTERVAL_MS) s.touchedAt = Date.now();
  }
  next();
};

/** Ends every session of a user, optionally keeping one (the caller's own). */
export async function endUserSessions(db: DB, userId: number, keepSid?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSid) query = query.where('sid', '!=', keepSid);
  await query.execute();
}

export async function pruneExpiredSessions(db: DB): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', Date.now()).execute();
}

declare module 'express-session' {
  interface SessionData {
    userId?: number;
    /** The district user a provider staff member acts as; kept apart from the real login. */
    impersonatedUserId?: number;
    csrfToken?: string;
    /** Epoch ms of login, for the absolute timeout. */
    startedAt?: number;
    /** Epoch ms the idle expiry was last moved (at most once a minute). */
    touchedAt?: number;
  }
}
