import { checkpointInBackground } from '../db/connection';
import { createApp } from './app';
import { demoAccountsText, prepareDatabase, runDemoSeed } from './bootstrap';
import { loadConfig } from './config';
import { startActionStepDigestRunner } from './features/actionSteps/digestJobs';
import { failStaleExports, interruptExportJobs, pruneExpiredExports } from './features/districtExport/job';
import { startDistrictDeletionRunner } from './features/adminDistricts/deletionJobs';
import { startSubscriptionRunner } from './features/reports/subscriptionJobs';
import { startRetentionRunner } from './features/retention/jobs';
import { createHttpServer } from './http/listen';
import { RateLimiter } from './http/rateLimit';
import { pruneExpiredSessions } from './identity/sessions';
import { createMailer } from './lib/mailer';
import { pruneOpsLogs } from './lib/opsLog';
import { stopPdfWorker } from './lib/pdfRender';
import { pruneReadLog } from './lib/readLog';
import { initSentry } from './lib/sentry';

const config = loadConfig();
if (config.sentryDsn) await initSentry(config.sentryDsn, config.env);

const { db, isNew } = await prepareDatabase(config);
// SQLite: WAL checkpoints on a worker thread, never inside a request's commit (db/connection.ts).
const checkpoints = checkpointInBackground(db);
if (config.env !== 'production' && (isNew || process.env.SEED_DEMO === '1')) {
  if (await runDemoSeed(db, config)) console.log('Seeded the demo districts.');
}
if (config.env !== 'production') console.log(demoAccountsText());

const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
const app = createApp({
  db,
  config,
  mailer,
  limiter: new RateLimiter(db, config.rateLimits),
  log: (...args) => console.error(...args),
});

// Header, request and keep-alive timeouts from config (finding 16).
const server = createHttpServer(app, config);
// A busy port (or no permission) must fail the start, not print "listening" and exit 0.
server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE'
    ? `Coachwell cannot start: port ${config.port} is already in use (another Coachwell running?). Stop it or set PORT.`
    : `Coachwell cannot start: ${error.message}`);
  process.exit(1);
});
// HOST (tests set 127.0.0.1) or, unset, every interface.
server.listen({ port: config.port, host: config.host ?? undefined }, () => {
  console.log(`Coachwell is listening on ${config.appUrl} (data in ${config.dataDir})`);
});
const pruner = setInterval(() => void pruneExpiredSessions(db).catch(() => {}), 15 * 60_000);
pruner.unref();
// Scheduled report emails: every minute, the due subscriptions this process manages to claim.
const reportEmails = startSubscriptionRunner({
  db, mailer, appUrl: config.appUrl, secret: config.sessionSecret, log: (...args) => console.error(...args),
});
// The educators' weekly action-step email: every 5 minutes, the districts where it is Monday 07:00 to Tuesday 07:00
// (features/actionSteps/digestJobs.ts); each login's week is claimed once across processes.
const actionStepDigests = startActionStepDigestRunner({ db, mailer, appUrl: config.appUrl, log: (...args) => console.error(...args) });
// The districts' retention setting (issue 32): every 5 minutes, the districts where it is 02:00–06:00 whose night this
// process claims (features/retention/jobs.ts) lose the coaching records past their cut-off.
const retention = startRetentionRunner({ db, log: (...args) => console.error(...args) });
// Districts whose scheduled deletion is due (30 days' grace passed): purged with a certificate, once at start, then hourly
// (features/adminDistricts/deletionJobs.ts, issue 32).
const districtDeletions = startDistrictDeletionRunner({ db, mailer, dataDir: config.dataDir, log: (...args) => console.error(...args) });
// Client errors, server errors and security events older than the retention setting (admin Logs), and read log
// rows older than two years (lib/readLog.ts): once at start, then hourly.
const pruneLogs = () => {
  void pruneOpsLogs(db).catch((err: unknown) => console.error('Pruning old logs failed:', err));
  void pruneReadLog(db).catch((err: unknown) => console.error('Pruning the read log failed:', err));
};
pruneLogs();
const logPruner = setInterval(pruneLogs, 60 * 60_000);
// District exports (issue 32, features/districtExport/job.ts): one whose process died (no heartbeat for a minute) is
// failed as interrupted and its partial file deleted, ready files past their 7 days are deleted (the row stays: its download answers 410), and so
// are files no export holds that are over an hour old (a dead process's); once at start, then hourly.
const tidyExports = () => {
  void failStaleExports(db, config.dataDir).catch((err: unknown) => console.error('Failing interrupted exports failed:', err));
  void pruneExpiredExports(db, config.dataDir).catch((err: unknown) => console.error('Pruning expired exports failed:', err));
};
tidyExports();
setInterval(tidyExports, 60 * 60_000).unref();
logPruner.unref();

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  // Each background job stops ticking now; its pass under way ends before the database closes. Purges under way
  // stop after their current batch and give their lease back (the next start carries them on).
  const jobsStopped = Promise.all([reportEmails.stop(), actionStepDigests.stop(), districtDeletions.stop(), retention.stop()]);
  console.log(`${signal} received: finishing requests in flight, then closing.`);
  // Stop accepting connections, let in-flight requests finish, then close the database.
  server.close(async () => {
    // District exports this process was writing: failed as interrupted now, not a minute after the next start.
    await interruptExportJobs(db, config.dataDir).catch((err: unknown) => console.error('Marking exports interrupted failed:', err));
    await jobsStopped.catch((err: unknown) => console.error('Stopping the background jobs failed:', err));
    // The PDF worker (lib/pdfRender.ts), idle now that requests and jobs are done.
    await stopPdfWorker();
    await checkpoints.stop();
    await db.destroy();
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
