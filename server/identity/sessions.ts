import session from 'express-session';
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';

type Callback = (err?: unknown, data?: session.SessionData | null) => void;

/** express-session store in the `sessions` table, so sessions survive restarts and can be ended per user. */
export class DatabaseSessionStore extends session.Store {
  constructor(private readonly db: DB) {
    super();
  }

  override get(sid: string, cb: Callback): void {
    this.db.selectFrom('sessions').select(['data', 'expires_at']).where('sid', '=', sid).executeTakeFirst()
      .then((row) => {
        if (!row || row.expires_at <= Date.now()) return cb(null, null);
        cb(null, JSON.parse(row.data));
      }, cb);
  }

  override set(sid: string, data: session.SessionData, cb?: (err?: unknown) => void): void {
    const expiresAt = data.cookie.expires ? new Date(data.cookie.expires).getTime() : Date.now() + 86_400_000;
    const values = { data: JSON.stringify(data), user_id: data.userId ?? null, expires_at: expiresAt };
    this.db.insertInto('sessions').values({ sid, ...values, created_at: nowIso() })
      .onConflict((oc) => oc.column('sid').doUpdateSet(values)).execute()
      .then(() => cb?.(), (err) => cb?.(err));
  }

  override touch(sid: string, data: session.SessionData, cb?: (err?: unknown) => void): void {
    const expiresAt = data.cookie.expires ? new Date(data.cookie.expires).getTime() : Date.now() + 86_400_000;
    this.db.updateTable('sessions').set({ expires_at: expiresAt }).where('sid', '=', sid).execute()
      .then(() => cb?.(), (err) => cb?.(err));
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.db.deleteFrom('sessions').where('sid', '=', sid).execute().then(() => cb?.(), (err) => cb?.(err));
  }
}

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
  }
}
