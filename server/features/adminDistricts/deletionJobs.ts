// The scheduled deletion job (issue 32, item 3), started by server/main.ts (tests call runDistrictDeletions), and the
// purges "Delete now" starts in this process. Each purge runs in batches (purge.ts), so none holds the event loop.
// Hourly, and once at start: first the deletion certificates' emails due again (certificateEmails.ts), then every purge already under way whose runner is gone (a crash or restart in the
// middle: its heartbeat is a minute old, or it was given back) is carried on to its end, at any hour, since a started
// purge cannot be undone and should not wait a day; then, within PURGE_HOURS_UTC only, every district whose deletion
// is due (its 30 days' grace has passed) is started and purged, one at a time. A district restored meanwhile is
// skipped (409); one that fails is logged and carried on by the next run. Several processes may run it: the purge's
// lease lets one runner purge a district at a time, the others skip it.
import { type PeriodicJob, startPeriodicJob } from '../../lib/periodicJob';
import type { DB } from '../../../db/connection';
import type { Mailer } from '../../lib/mailer';
import { sendCertificateEmails } from './certificateEmails';
import { type Purger, type PurgeResult, purgingStopped, runPurge, startPurge, stopPurging } from './purge';

export const DELETION_INTERVAL_MS = 60 * 60_000;

/**
 * The hours (UTC) the hourly job starts purges in: 07:00 to 11:00, the night across the United States (2 to 6 AM
 * Eastern, 11 PM to 3 AM Pacific in winter). A purge's batches set the reports' rollup triggers aside and on PostgreSQL
 * every district's writes of interactions and observations wait for each batch (milliseconds), so it starts while
 * nobody coaches. A provider administrator's "Delete now" runs when they choose; a purge already started goes on at
 * any hour.
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

/**
 * Carries on the purges under way that no runner holds, then (unless `startDue` is false) starts and purges the
 * districts whose deletion is due at `now`; answers the certificates written.
 */
export async function runDistrictDeletions(deps: DeletionRunnerDeps, now = new Date(), { startDue = true } = {}): Promise<PurgeResult[]> {
  const done: PurgeResult[] = [];
  // First the certificates' emails the mail server refused earlier, whose wait has passed (at any hour).
  await sendCertificateEmails(deps, now).catch((err: unknown) => deps.log('Sending deletion certificates again failed:', err));
  const run = async (districtId: number, start: boolean) => {
    if (purgingStopped(deps.db)) return;
    try {
      if (start) await startPurge(deps, districtId, null);
      const result = await runPurge(deps, districtId);
      if (result) done.push(result);
    } catch (err) {
      if ((err as { status?: number }).status === 409) return;
      deps.log(`Purging district ${districtId} failed:`, err);
    }
  };
  const underWay = await deps.db.selectFrom('district_purges').select('district_id')
    .orderBy('started_at').orderBy('district_id').execute();
  for (const purge of underWay) await run(purge.district_id, false);
  if (!startDue) return done;
  const due = await deps.db.selectFrom('districts').select('id')
    .where('deletion_due_at', 'is not', null).where('deletion_due_at', '<=', now.toISOString())
    .where((eb) => eb.not(eb.exists(eb.selectFrom('district_purges as dp').select('dp.district_id').whereRef('dp.district_id', '=', 'districts.id'))))
    .orderBy('deletion_due_at').orderBy('id').execute();
  for (const district of due) await run(district.id, true);
  return done;
}

const purging = new WeakMap<DB, Set<Promise<void>>>();

/**
 * Runs a started purge in the background of this process ("Delete now": the route has answered 202 already). Never
 * throws: a failure is logged and the hourly job carries the purge on.
 */
export function startPurgeJob(deps: DeletionRunnerDeps, districtId: number, purger: Purger): void {
  const jobs = purging.get(deps.db) ?? new Set<Promise<void>>();
  purging.set(deps.db, jobs);
  const job = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => runPurge(deps, districtId, {}, purger))
    .then(() => undefined)
    .catch((err: unknown) => deps.log(`Purging district ${districtId} failed:`, err))
    .finally(() => { jobs.delete(job); });
  jobs.add(job);
}

/** Resolves once every purge this process runs on `db` in the background has ended (tests, shutdown). */
export async function districtPurgesSettled(db: DB): Promise<void> {
  for (;;) {
    const jobs = purging.get(db);
    if (!jobs?.size) return;
    await Promise.all([...jobs]);
  }
}

/**
 * Runs at start and then hourly; `stop()` at shutdown: the purges under way end after their current batch and give
 * their lease back (so the next start carries them on at once), and resolves when they have.
 */
export function startDistrictDeletionRunner(deps: DeletionRunnerDeps): PeriodicJob {
  const job = startPeriodicJob(() => runDistrictDeletions(deps, new Date(), { startDue: inPurgeWindow(new Date()) }), {
    everyMs: DELETION_INTERVAL_MS, firstAfterMs: 0, onError: (err) => deps.log('The scheduled deletion job failed:', err),
  });
  return {
    stop: async () => {
      stopPurging(deps.db);
      await job.stop();
      await districtPurgesSettled(deps.db);
    },
  };
}
