// The district export's job (issue 32, item 1): started in this process right after the 202 (routes.ts), it claims
// its queued row (queued → running, one UPDATE: only one process wins), writes every kind of kinds.ts into
// `<dataDir>/exports/district-<district>-<export>-<random>.zip` through server/lib/exportZip.ts, the progress (rows
// written, kinds done) after every batch and a heartbeat every 15 s, then README.md with each file's row count.
// The zip is written in a worker thread whose heap is capped (EXPORT_WORKER_LIMITS; writer.ts, districtExport.worker.ts),
// so whatever V8 decides the export cannot grow the server's memory past the cap; the worker only reads the database
// (a connection of its own) and writes the zip, and reports its progress, which this thread records. Everything else
// happens here as before. A worker that dies (out of its heap, a crash, its time limit) fails the export like any error:
// its partial zip and staging files deleted. An in-memory SQLite database (the tests') cannot be opened by another thread:
// its export is written in this thread, by the same writer. Ready:
// the size, finished_at, expires_at = finished + 7 days, and an email to the person who asked; failed: the partial
// file removed, the message kept, an email too. `failStaleExports` (start-up, the hourly prune, and before a start)
// fails a queued or running export whose heartbeat stopped a minute ago: its process died ("interrupted"); its partial
// file is deleted and its file_path cleared. `pruneExpiredExports` (hourly) deletes the files past their expiry; the row
// stays, its download answers 410. It also deletes files no queued, running or ready export holds, once an hour old.
// `interruptExportJobs` (shutdown) fails this process's unfinished exports at once and deletes their partial files.
// Tests await a job with `districtExportsSettled(db)`.
import { defineServerMessages, formatServer, formatServerDate, type MessageDescriptor } from '../../i18n/messages';
import { accountLocale, districtLocale } from '../../i18n/recipients';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DISTRICT_EXPORT_MESSAGES, DISTRICT_EXPORT_SCREEN } from '../../../common/schemas/districtExport';
import { type DatabaseTarget, type DB, nowIso } from '../../../db/connection';
import type { Locale } from '../../../common/locales';
import { HttpError } from '../../http/errors';
import { actionEmail, type Mailer } from '../../lib/mailer';
import { runTask, type TaskLimits } from '../../lib/workerTask';
import { localDateTime, zoneOf } from '../../lib/zone';
import { EXPORT_KINDS, exportRulesOf } from './kinds';
import { type ExportProgress, type ExportWorkerInput, type ExportWriteInput, type ExportWritten, writeExportZip } from './writer';

export const EXPORT_KEPT_MS = 7 * 24 * 60 * 60_000;
export const HEARTBEAT_MS = 15_000;
/** A queued or running export without a heartbeat for this long lost its process. */
export const STALE_MS = 60_000;

/**
 * The export's worker thread. Its heap (old and young generations) is all the export's JavaScript may hold: with the
 * bench's 1 000 000 interactions (docs/benchmarks.md, 2026-11-30) the bundled worker's heap used 15–22 MB of 26–30 MB
 * allocated, from source (tsx) 27–33 MB at most, and an export under 32 + 8 MB ran as fast as under 64 + 8. Past it V8
 * stops the thread and the export fails (its message says to start it again; no half file is left). What the heap
 * limit does not hold: the thread itself (about 28 MB of RSS once its module is loaded) and native buffers (zlib's,
 * files', SQLite's page cache). The time limit is a safety net far above the bench's half a minute to a minute and a half.
 */
export const EXPORT_WORKER_LIMITS: TaskLimits = { timeoutMs: 60 * 60_000, maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 };
export const EXPORT_WORKER_ENTRY = join(import.meta.dirname, 'districtExport.worker.ts');
/** While the process runs as many worker tasks as it may (uploads being read), the export waits for a slot this long at most. */
const WORKER_SLOT_WAIT_MS = 10 * 60_000;

export interface ExportJobDeps {
  db: DB;
  dataDir: string;
  appUrl: string;
  mailer: Mailer;
  log: (...args: unknown[]) => void;
  /**
   * The database `db` was opened on (the server's config): the zip is written in a worker thread of its own connection to
   * it. Left out, or an in-memory SQLite database, the zip is written in this thread.
   */
  database?: Pick<DatabaseTarget, 'databaseUrl' | 'databaseFile'>;
  /** The worker's module and limits (tests: a module that crashes, a smaller heap). */
  worker?: { entry?: string; limits?: TaskLimits };
}

/** Whether the export of this database is written in a worker thread (not an in-memory SQLite database: see above). */
export const writesInWorker = (database: ExportJobDeps['database']): database is NonNullable<ExportJobDeps['database']> =>
  !!database && (!!database.databaseUrl || database.databaseFile !== ':memory:');

const running = new WeakMap<DB, Set<Promise<void>>>();
/** The exports this process is writing, per database (shutdown marks them interrupted). */
const writing = new WeakMap<DB, Set<number>>();

/** Starts the export's job in the background (never throws: a failure is written to its row). */
export function startExportJob(deps: ExportJobDeps, exportId: number): void {
  const jobs = running.get(deps.db) ?? new Set<Promise<void>>();
  running.set(deps.db, jobs);
  const ids = writing.get(deps.db) ?? new Set<number>();
  writing.set(deps.db, ids);
  ids.add(exportId);
  const job = runExport(deps, exportId)
    .then(() => undefined, (err: unknown) => deps.log('District export job failed:', err))
    .finally(() => { jobs.delete(job); ids.delete(exportId); });
  jobs.add(job);
}

/** Resolves once every export job this process started on `db` has ended (tests, shutdown). */
export async function districtExportsSettled(db: DB): Promise<void> {
  for (;;) {
    const jobs = running.get(db);
    if (!jobs?.size) return;
    await Promise.all([...jobs]);
  }
}

/** The zip's absolute path from the row's data-folder-relative `file_path`. */
export const exportFile = (dataDir: string, relative: string) => join(dataDir, relative);

/** Writes one export: claim, kinds, README, ready (or failed), email. Answers what the writer wrote once ready (the bench), else null. */
export async function runExport(deps: ExportJobDeps, exportId: number): Promise<ExportWritten | null> {
  const { db } = deps;
  const now = nowIso();
  const queued = await db.selectFrom('district_exports').select('district_id').where('id', '=', exportId).executeTakeFirst();
  if (!queued) return null;
  // Named for its district, so a purge finds a file still being written (adminDistricts/purge.ts).
  const relative = join('exports', `district-${queued.district_id}-${exportId}-${randomBytes(6).toString('hex')}.zip`);
  const claimed = await db.updateTable('district_exports')
    .set({ status: 'running', started_at: now, heartbeat_at: now, kinds_total: EXPORT_KINDS.length, file_path: relative })
    .where('id', '=', exportId).where('status', '=', 'queued')
    .returning(['id', 'district_id', 'requested_by', 'created_at']).executeTakeFirst();
  if (!claimed) return null;
  const districtId = claimed.district_id;
  const district = await db.selectFrom('districts').select(['name', 'timezone', 'settings']).where('id', '=', districtId).executeTakeFirstOrThrow();
  const file = exportFile(deps.dataDir, relative);
  const folder = join(deps.dataDir, 'exports');
  // The tables' staging files are named after the zip (`district-<district>-…`: a purge finds them too).
  const stagePrefix = `${basename(relative, '.zip')}-stage`;
  const heartbeat = setInterval(() => {
    void db.updateTable('district_exports').set({ heartbeat_at: nowIso() }).where('id', '=', exportId).execute().catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const progress = progressRecorder(db, exportId);
  try {
    await mkdir(folder, { recursive: true });
    const input: ExportWriteInput = {
      districtId, file, stageDir: folder, stagePrefix,
      rules: await exportRulesOf(db, districtId),
      readme: { district: district.name, createdAt: claimed.created_at, locale: await readerLocale(db, claimed.requested_by, district) },
    };
    const written = writesInWorker(deps.database)
      ? await writeWithWorker(deps, { ...input, database: { databaseUrl: deps.database.databaseUrl, databaseFile: deps.database.databaseFile } }, progress.note)
      // In this thread, each progress row is written before the next batch is read (as the worker's are, one after another).
      : await writeExportZip(db, input, (p) => { progress.note(p); return progress.settled(); });
    await progress.settled();
    const finished = new Date();
    const expiresAt = new Date(finished.getTime() + EXPORT_KEPT_MS).toISOString();
    const marked = await db.updateTable('district_exports')
      .set({
        status: 'ready', size_bytes: written.size, rows_done: written.rows, kinds_done: written.kinds,
        finished_at: finished.toISOString(), expires_at: expiresAt, heartbeat_at: finished.toISOString(),
      })
      .where('id', '=', exportId).where('status', '=', 'running').executeTakeFirst();
    // Failed meanwhile (shutdown, or a stale check that thought the process gone): the file is nobody's.
    if (Number(marked.numUpdatedRows) === 0) {
      await rm(file, { force: true });
      return null;
    }
    // The export is ready whatever the mail does: a failed send is logged, never turned into a failed export.
    await tellRequester(deps, claimed.requested_by, district, { ready: true, expiresAt, rows: written.rows })
      .catch((e: unknown) => deps.log('District export email failed:', e));
    return written;
  } catch (err) {
    deps.log(`District export ${exportId} failed:`, err);
    await progress.settled().catch(() => {});
    await rm(file, { force: true }).catch(() => {});
    // A worker that died never ran its writer's cleanup: its staging files go too.
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      if (name.startsWith(`${stagePrefix}-`)) await rm(join(folder, name), { force: true }).catch(() => {});
    }
    await db.updateTable('district_exports')
      .set({ status: 'failed', error: DISTRICT_EXPORT_MESSAGES.failed, finished_at: nowIso(), file_path: null })
      .where('id', '=', exportId).where('status', '=', 'running').execute();
    await tellRequester(deps, claimed.requested_by, district, { ready: false }).catch((e: unknown) => deps.log('District export email failed:', e));
    return null;
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * The zip written by a worker thread (runTask: a fresh thread with EXPORT_WORKER_LIMITS, ended however it ends). Its
 * progress goes to `onProgress`. While the process runs its most worker tasks at once (the 503 of runTask: uploads being
 * read), it waits for a slot, its heartbeat still beating, up to WORKER_SLOT_WAIT_MS.
 */
async function writeWithWorker(deps: ExportJobDeps, input: ExportWorkerInput, onProgress: (p: ExportProgress) => void): Promise<ExportWritten> {
  const entry = deps.worker?.entry ?? EXPORT_WORKER_ENTRY;
  const limits = deps.worker?.limits ?? EXPORT_WORKER_LIMITS;
  for (const until = Date.now() + WORKER_SLOT_WAIT_MS; ;) {
    try {
      return await runTask<ExportWorkerInput, ExportWritten, ExportProgress>(entry, input, limits, [], onProgress);
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 503) || Date.now() > until) throw err;
      await sleep(5_000);
    }
  }
}

/**
 * The export's progress written to its row (with a heartbeat) in order, never two writes at once: a value noted while
 * one is written waits for it, and only the latest of those is written next (a worker reports faster than a busy
 * database may take it). `settled` answers once every noted value is written, and throws the first write's error.
 */
function progressRecorder(db: DB, exportId: number) {
  let next: { rows_done?: number; kinds_done?: number } | null = null;
  let writing: Promise<void> | null = null;
  let failure: unknown = null;
  const write = async () => {
    try {
      while (next) {
        const set = next;
        next = null;
        await db.updateTable('district_exports').set({ ...set, heartbeat_at: nowIso() }).where('id', '=', exportId).execute();
      }
    } catch (err) {
      failure ??= err;
      next = null;
    } finally {
      writing = null;
    }
  };
  return {
    note: (p: ExportProgress) => {
      next = { ...next, ...'rows' in p ? { rows_done: p.rows } : { kinds_done: p.kinds } };
      writing ??= write();
    },
    settled: async () => {
      while (writing) await writing;
      if (failure) throw failure;
    },
  };
}

/** The README's language (issue 33): the administrator's who asked for the export, else the district's. */
async function readerLocale(db: DB, userId: number | null, district: { settings: string }): Promise<Locale> {
  const user = userId === null ? undefined
    : await db.selectFrom('users').select(['locale', 'district_id']).where('id', '=', userId).executeTakeFirst();
  return user ? accountLocale(db, user) : districtLocale(district);
}

// The requester's email, in their language (issue 33).
const em = defineServerMessages({
  readySubject: { id: 'districtExport.ready.subject', defaultMessage: 'Your district export is ready' },
  readyIntro: {
    id: 'districtExport.ready.intro',
    defaultMessage: 'The export of all {district} data you asked for is ready: {count, plural, one {# row} other {# rows}} in one zip file.',
  },
  readyAction: { id: 'districtExport.ready.action', defaultMessage: 'Download it on the Export and import screen' },
  readyOutro: {
    id: 'districtExport.ready.outro',
    defaultMessage: "It can be downloaded until {date} at {time} ({zone}); after that, start a new one. Only the district's administrators can download it.",
  },
  failedSubject: { id: 'districtExport.failed.subject', defaultMessage: 'Your district export failed' },
  failedIntro: { id: 'districtExport.failed.intro', defaultMessage: 'The export of all {district} data you asked for could not be written. Nothing was kept.' },
  failedAction: { id: 'districtExport.failed.action', defaultMessage: 'Start a new one on the Export and import screen' },
  failedOutro: { id: 'districtExport.failed.outro', defaultMessage: 'If it fails again, contact Coachwell support.' },
});

async function tellRequester(
  deps: ExportJobDeps,
  userId: number | null,
  district: { name: string; timezone: string },
  outcome: { ready: true; expiresAt: string; rows: number } | { ready: false },
): Promise<void> {
  if (userId === null) return;
  const user = await deps.db.selectFrom('users').select(['email', 'timezone', 'status', 'locale', 'district_id']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.status !== 'active') return;
  const locale = await accountLocale(deps.db, user);
  const f = (message: MessageDescriptor, values?: Record<string, string | number>) => formatServer(locale, message, values);
  const link = `${deps.appUrl}${DISTRICT_EXPORT_SCREEN}`;
  if (outcome.ready) {
    const zone = zoneOf(user.timezone, district.timezone);
    const until = locale === 'en' ? localDateTime(outcome.expiresAt, zone)
      : { date: formatServerDate(locale, outcome.expiresAt, { dateStyle: 'long', timeZone: zone }), time: formatServerDate(locale, outcome.expiresAt, { timeStyle: 'short', timeZone: zone }) };
    await deps.mailer.send(actionEmail({
      locale,
      to: user.email,
      subject: f(em.readySubject),
      intro: f(em.readyIntro, { district: district.name, count: outcome.rows }),
      action: f(em.readyAction),
      link,
      outro: f(em.readyOutro, { date: until.date, time: until.time, zone }),
    }));
  } else {
    await deps.mailer.send(actionEmail({
      locale,
      to: user.email,
      subject: f(em.failedSubject),
      intro: f(em.failedIntro, { district: district.name }),
      action: f(em.failedAction),
      link,
      outro: f(em.failedOutro),
    }));
  }
}

/**
 * Fails queued or running exports whose heartbeat stopped STALE_MS ago (their process died); of one district or all.
 * Their partial files are deleted and file_path cleared (nothing else would: the file is nobody's).
 */
export async function failStaleExports(db: DB, dataDir: string, districtId?: number, now = Date.now()): Promise<number> {
  const before = new Date(now - STALE_MS).toISOString();
  let stale = db.selectFrom('district_exports').select(['id', 'file_path'])
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([
      eb('heartbeat_at', '<', before),
      eb.and([eb('heartbeat_at', 'is', null), eb('created_at', '<', before)]),
    ]));
  if (districtId !== undefined) stale = stale.where('district_id', '=', districtId);
  const rows = await stale.execute();
  if (!rows.length) return 0;
  // The same conditions again: a heartbeat that came meanwhile keeps its export (and its file).
  const failed = await db.updateTable('district_exports')
    .set({ status: 'failed', error: DISTRICT_EXPORT_MESSAGES.interrupted, finished_at: new Date(now).toISOString(), file_path: null })
    .where('id', 'in', rows.map((r) => r.id))
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([
      eb('heartbeat_at', '<', before),
      eb.and([eb('heartbeat_at', 'is', null), eb('created_at', '<', before)]),
    ]))
    .returning('id').execute();
  const ids = new Set(failed.map((r) => r.id));
  for (const row of rows) if (ids.has(row.id) && row.file_path) await rm(exportFile(dataDir, row.file_path), { force: true }).catch(() => {});
  return failed.length;
}

/** At shutdown: the exports this process is still writing are failed as interrupted at once, their partial files deleted. */
export async function interruptExportJobs(db: DB, dataDir: string): Promise<void> {
  const ids = [...(writing.get(db) ?? [])];
  if (!ids.length) return;
  const rows = await db.selectFrom('district_exports').select(['id', 'file_path']).where('id', 'in', ids).where('status', 'in', ['queued', 'running']).execute();
  if (!rows.length) return;
  await db.updateTable('district_exports')
    .set({ status: 'failed', error: DISTRICT_EXPORT_MESSAGES.interrupted, finished_at: nowIso(), file_path: null })
    .where('id', 'in', rows.map((r) => r.id)).execute();
  for (const row of rows) if (row.file_path) await rm(exportFile(dataDir, row.file_path), { force: true }).catch(() => {});
}

/** What the prune leaves alone in exports/: files younger than this may belong to a job writing now. */
export const ORPHAN_AGE_MS = 60 * 60_000;

/**
 * Deletes the files of ready exports past their expiry (the rows stay: their download answers 410), and the files in
 * exports/ that no queued, running or ready export holds and that are older than an hour: a zip or staging file left by
 * a process that died (a failed row's file_path never keeps its file).
 */
export async function pruneExpiredExports(db: DB, dataDir: string, now = new Date()): Promise<number> {
  const rows = await db.selectFrom('district_exports').select(['id', 'file_path'])
    .where('status', '=', 'ready').where('expires_at', '<=', now.toISOString()).where('file_deleted_at', 'is', null).execute();
  for (const row of rows) {
    if (row.file_path) await rm(exportFile(dataDir, row.file_path), { force: true });
    await db.updateTable('district_exports').set({ file_deleted_at: now.toISOString() }).where('id', '=', row.id).execute();
  }
  const folder = join(dataDir, 'exports');
  const names = await readdir(folder).catch(() => [] as string[]);
  if (names.length) {
    const held = new Set((await db.selectFrom('district_exports').select('file_path')
      .where('file_path', 'is not', null).where('file_deleted_at', 'is', null).where('status', 'in', ['queued', 'running', 'ready'])
      .execute()).map((r) => r.file_path));
    for (const name of names) {
      if (held.has(join('exports', name))) continue;
      const file = join(folder, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && now.getTime() - info.mtimeMs > ORPHAN_AGE_MS) await rm(file, { force: true });
    }
  }
  return rows.length;
}
