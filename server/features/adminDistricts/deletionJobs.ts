// The scheduled deletion job (issue 32, item 3): hourly in the night's hours (started by server/main.ts; tests call runDistrictDeletions),
// it purges every district whose deletion is due (its 30 days' grace has passed), one at a time, each in its own
// transaction (purge.ts). A district restored meanwhile is skipped (the purge checks the schedule again under the
// district's writers' lock); one that fails is logged and tried again on the next run. Several processes may run it:
// the second to reach a district finds it gone or answers 409, which is skipped.
import type { DB } from '../../../db/connection';
import type { Mailer } from '../../lib/mailer';
import { purgeDistrict, type PurgeResult } from './purge';

export const DELETION_INTERVAL_MS = 60 * 60_000;

/**
 * The hours (UTC) the hourly job purges in: 07:00 to 11:00, the night across the United States (2 to 6 AM Eastern,
 * 11 PM to 3 AM Pacific in winter). A purge sets the reports' rollup triggers aside in its transaction, and on
 * PostgreSQL every district's writes of interactions and observations wait for it, so it runs while nobody coaches.
 * A provider administrator's "Delete now" runs when they choose.
 */
export const PURGE_HOURS_UTC = { from: 7, until: 11 } as const;

export function inPurgeWindow(now: Date): boolean {
  const hour = now.getUTCHours();
  return hour >= PURGE_HOURS_UTC.from && hour < PURGE_HOURS_UTC.until;
}

export interface DeletionRunnerDeps {
  db: DB;
  mailer: Mailer;
  dataDir: string;
  log: (...args: unknown[]) => void;
}

/** Purges the districts whose deletion is due at `now`; answers the certificates written. */
export async function runDistrictDeletions(deps: DeletionRunnerDeps, now = new Date()): Promise<PurgeResult[]> {
  const due = await deps.db.selectFrom('districts').select(['id', 'name'])
    .where('deletion_due_at', 'is not', null).where('deletion_due_at', '<=', now.toISOString())
    .orderBy('deletion_due_at').orderBy('id').execute();
  const done: PurgeResult[] = [];
  for (const district of due) {
    try {
      done.push(await purgeDistrict(deps, district.id, null));
    } catch (err) {
      if ((err as { status?: number }).status === 409) continue;
      deps.log(`Purging district ${district.id} failed:`, err);
    }
  }
  return done;
}

/** Runs at start and then hourly, purging only within PURGE_HOURS_UTC; `stop()` for shutdown. */
export function startDistrictDeletionRunner(deps: DeletionRunnerDeps): { stop: () => void } {
  let running = false;
  const tick = () => {
    if (running || !inPurgeWindow(new Date())) return;
    running = true;
    void runDistrictDeletions(deps)
      .catch((err: unknown) => deps.log('The scheduled deletion job failed:', err))
      .finally(() => { running = false; });
  };
  tick();
  const timer = setInterval(tick, DELETION_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
