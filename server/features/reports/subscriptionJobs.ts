// The scheduled report emails' runner (started by server/main.ts; tests call runDueSubscriptions).
// Every minute it reads the due rows, then claims each one in its own transaction with
// `UPDATE … SET claimed_at, claim_token WHERE id = ? AND next_run_at = ? AND (unclaimed or stale)`:
// however many processes run, exactly one update matches, and only that process renders and sends.
// The report is computed AS THE SUBSCRIBER, from their context read fresh: their current permission
// scope, district and plan. Outcomes:
// - sent: last_sent_at = now, next_run_at = the next Monday / 1st at 07:00 in their timezone;
// - a deactivated (or invited, or deleted) login, or a login no longer in the subscription's district:
//   the subscription is REMOVED (audited as report_subscription_dropped);
// - no `see engagement` any more, a report the plan no longer includes, a suspended district or saved
//   filters that no longer validate: the run is SKIPPED and the subscription PAUSED in effect — kept,
//   with last_skipped_reason, and tried again at the next scheduled time (it resumes by itself when
//   the permission or plan comes back);
// - a failure (the mailer, an unexpected error): the claim is released and the row retried in 15 minutes.
// A process that dies mid-send leaves a claim older than CLAIM_STALE_MS, which the next run takes over
// (at-least-once after a crash; exactly once otherwise). Jobs are rows, so they survive restarts.
import { type PeriodicJob, startPeriodicJob } from '../../lib/periodicJob';
import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '../../../common/permissions';
import type { ReportKind, SubscriptionFrequency } from '../../../common/schemas/reports';
import type { DB } from '../../../db/connection';
import { type DistrictAuth, scopeOf } from '../../access/guards';
import { HttpError } from '../../http/errors';
import { buildAuthContext } from '../../identity/context';
import type { Actor } from '../../lib/audit';
import type { Mailer } from '../../lib/mailer';
import { runReport } from './report';
import { reportEmail } from './subscriptionEmail';
import { localeOfUser } from '../../i18n/locale';
import {
  describeQueries, removeSubscription, reportPath, reportQueryOn, type SubscriptionRow, unsubscribeToken,
} from './subscriptions';
import { nextRunAt, sendingZone } from './subscriptionSchedule';
import { todayIn } from '../../lib/zone';

export const RUN_INTERVAL_MS = 60_000;
export const CLAIM_STALE_MS = 10 * 60_000;
export const RETRY_AFTER_MS = 15 * 60_000;
const BATCH = 200;

export interface SubscriptionRunnerDeps {
  db: DB;
  mailer: Mailer;
  appUrl: string;
  secret: string;
  log: (...args: unknown[]) => void;
}

export interface RunSummary {
  sent: number;
  skipped: number;
  removed: number;
  failed: number;
}

const runnerActor = (districtId: number): Actor => ({
  districtId, userId: null, impersonatorId: null, ip: null, userAgent: 'report-subscription-runner',
});

/**
 * Claims one due row: only the process whose update matches (same id, same next_run_at, unclaimed or
 * stale) gets the token back.
 */
async function claim(db: DB, row: Pick<SubscriptionRow, 'id' | 'next_run_at'>, now: Date): Promise<string | null> {
  const token = randomUUID();
  const staleBefore = new Date(now.getTime() - CLAIM_STALE_MS).toISOString();
  const result = await db.transaction().execute((trx) => trx.updateTable('report_subscriptions')
    .set({ claimed_at: now.toISOString(), claim_token: token })
    .where('id', '=', row.id)
    .where('next_run_at', '=', row.next_run_at)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .executeTakeFirst());
  return Number(result.numUpdatedRows) === 1 ? token : null;
}

/** Releases a claim with the row's next state (only while the claim is still this run's). */
async function settle(db: DB, id: number, token: string, values: { next_run_at: string; last_sent_at?: string; last_skipped_reason: string | null }) {
  await db.updateTable('report_subscriptions')
    .set({ ...values, claimed_at: null, claim_token: null, updated_at: new Date().toISOString() })
    .where('id', '=', id).where('claim_token', '=', token).execute();
}

type Outcome = 'sent' | 'skipped' | 'removed' | 'failed';

async function runOne(deps: SubscriptionRunnerDeps, row: SubscriptionRow, token: string, now: Date): Promise<Outcome> {
  const { db } = deps;
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  if (!user || user.status !== 'active' || user.district_id !== row.district_id) {
    await removeSubscription(db, runnerActor(row.district_id), row, 'user_inactive');
    return 'removed';
  }
  const auth = await buildAuthContext(db, user, null);
  const district = auth.district;
  if (!district) {
    await removeSubscription(db, runnerActor(row.district_id), row, 'user_inactive');
    return 'removed';
  }
  const zone = sendingZone(user.timezone, district.timezone);
  const next = nextRunAt(row.frequency as SubscriptionFrequency, zone, now).toISOString();
  const skip = async (reason: string): Promise<Outcome> => {
    await settle(db, row.id, token, { next_run_at: next, last_skipped_reason: reason });
    deps.log(`[report-subscription] ${row.id} skipped: ${reason}`);
    return 'skipped';
  };
  if (district.status === 'suspended') return skip('The district is suspended.');
  const scope = scopeOf(auth as DistrictAuth, PERMISSIONS.seeEngagement);
  if (!scope) return skip('The subscriber no longer has the see engagement permission.');

  const kind = row.report as ReportKind;
  const reader = { district: { id: district.id, timezone: district.timezone }, scope, features: auth.features };
  let report;
  try {
    report = await runReport(db, reader, kind, reportQueryOn(row.query, todayIn(district.timezone, now)), { now });
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return skip(error.message);
    if (error instanceof HttpError && error.status === 422) {
      const fields = Object.entries(error.errors ?? {}).map(([field, messages]) => `${field}: ${messages.join(' ')}`).join('; ');
      return skip(`The saved filters are no longer valid (${fields || error.message}).`);
    }
    throw error;
  }
  const [description] = await describeQueries(db, district.id, [row.query]);
  const search = new URLSearchParams(row.query).toString();
  const mail = reportEmail({
    to: user.email,
    kind,
    frequency: row.frequency as SubscriptionFrequency,
    report,
    description: description ?? '',
    viewUrl: `${deps.appUrl}${reportPath(kind)}${search ? `?${search}` : ''}`,
    unsubscribeUrl: `${deps.appUrl}/api/report-subscription/unsubscribe/${unsubscribeToken(deps.secret, row)}`,
    locale: localeOfUser(user, district),
  });
  await deps.mailer.send(mail);
  await settle(db, row.id, token, { next_run_at: next, last_sent_at: now.toISOString(), last_skipped_reason: null });
  return 'sent';
}

/** One pass of the runner: every due row this process manages to claim. */
export async function runDueSubscriptions(deps: SubscriptionRunnerDeps, now = new Date()): Promise<RunSummary> {
  const { db } = deps;
  const summary: RunSummary = { sent: 0, skipped: 0, removed: 0, failed: 0 };
  const staleBefore = new Date(now.getTime() - CLAIM_STALE_MS).toISOString();
  const due = await db.selectFrom('report_subscriptions').select(['id', 'next_run_at'])
    .where('next_run_at', '<=', now.toISOString())
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .orderBy('next_run_at').orderBy('id').limit(BATCH).execute();
  for (const candidate of due) {
    const token = await claim(db, candidate, now);
    if (!token) continue;
    const row = await db.selectFrom('report_subscriptions').selectAll().where('id', '=', candidate.id).where('claim_token', '=', token).executeTakeFirst();
    if (!row) continue;
    try {
      summary[await runOne(deps, row, token, now)] += 1;
    } catch (error) {
      summary.failed += 1;
      deps.log(`[report-subscription] ${row.id} failed, retrying in ${RETRY_AFTER_MS / 60_000} minutes:`, error);
      await settle(db, row.id, token, {
        next_run_at: new Date(now.getTime() + RETRY_AFTER_MS).toISOString(), last_skipped_reason: row.last_skipped_reason,
      }).catch(() => {});
    }
  }
  return summary;
}

/** Runs every minute until stopped; a pass never overlaps the previous one. */
export function startSubscriptionRunner(deps: SubscriptionRunnerDeps, intervalMs = RUN_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob(() => runDueSubscriptions(deps), {
    everyMs: intervalMs, firstAfterMs: 5_000, onError: (error) => deps.log('[report-subscription] run failed:', error),
  });
}
