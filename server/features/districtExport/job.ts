// The district export's job (issue 32, item 1): started in this process right after the 202 (routes.ts), it claims
// its queued row (queued → running, one UPDATE: only one process wins), writes every kind of kinds.ts into
// `<dataDir>/exports/district-<district>-<export>-<random>.zip` through server/lib/exportZip.ts, the progress (rows
// written, kinds done) after every batch and a heartbeat every 15 s, then README.md with each file's row count. Ready:
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
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DISTRICT_EXPORT_MESSAGES, DISTRICT_EXPORT_SCREEN } from '../../../common/schemas/districtExport';
import { type DB, nowIso } from '../../../db/connection';
import type { Locale } from '../../../common/locales';
import { ExportZip } from '../../lib/exportZip';
import { actionEmail, type Mailer } from '../../lib/mailer';
import { localDateTime, zoneOf } from '../../lib/zone';
import { EXPORT_KINDS, exportReadme, exportRulesOf } from './kinds';

export const EXPORT_KEPT_MS = 7 * 24 * 60 * 60_000;
export const HEARTBEAT_MS = 15_000;
/** A queued or running export without a heartbeat for this long lost its process. */
export const STALE_MS = 60_000;

export interface ExportJobDeps {
  db: DB;
  dataDir: string;
  appUrl: string;
  mailer: Mailer;
  log: (...args: unknown[]) => void;
}

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
    .catch((err: unknown) => deps.log('District export job failed:', err))
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

/** Writes one export: claim, kinds, README, ready (or failed), email. */
export async function runExport(deps: ExportJobDeps, exportId: number): Promise<void> {
  const { db } = deps;
  const now = nowIso();
  const queued = await db.selectFrom('district_exports').select('district_id').where('id', '=', exportId).executeTakeFirst();
  if (!queued) return;
  // Named for its district, so a purge finds a file still being written (adminDistricts/purge.ts).
  const relative = join('exports', `district-${queued.district_id}-${exportId}-${randomBytes(6).toString('hex')}.zip`);
  const claimed = await db.updateTable('district_exports')
    .set({ status: 'running', started_at: now, heartbeat_at: now, kinds_total: EXPORT_KINDS.length, file_path: relative })
    .where('id', '=', exportId).where('status', '=', 'queued')
    .returning(['id', 'district_id', 'requested_by', 'created_at']).executeTakeFirst();
  if (!claimed) return;
  const districtId = claimed.district_id;
  const district = await db.selectFrom('districts').select(['name', 'timezone', 'settings']).where('id', '=', districtId).executeTakeFirstOrThrow();
  const file = exportFile(deps.dataDir, relative);
  const heartbeat = setInterval(() => {
    void db.updateTable('district_exports').set({ heartbeat_at: nowIso() }).where('id', '=', exportId).execute().catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let zip: ExportZip | null = null;
  try {
    await mkdir(join(deps.dataDir, 'exports'), { recursive: true });
    zip = new ExportZip(createWriteStream(file), join(deps.dataDir, 'exports'));
    const rules = await exportRulesOf(db, districtId);
    const counts = new Map<string, number>();
    let rowsDone = 0;
    let kindsDone = 0;
    for (const kind of EXPORT_KINDS) {
      const n = await zip.addTable(kind.file, kind.columns.map(([c]) => c), kind.batches(db, districtId, rules), async (rows) => {
        rowsDone += rows;
        await db.updateTable('district_exports').set({ rows_done: rowsDone, heartbeat_at: nowIso() }).where('id', '=', exportId).execute();
      });
      counts.set(kind.file, n);
      kindsDone++;
      await db.updateTable('district_exports').set({ kinds_done: kindsDone, heartbeat_at: nowIso() }).where('id', '=', exportId).execute();
    }
    await zip.addText('README.md', exportReadme(district.name, claimed.created_at, counts, rules, await readerLocale(db, claimed.requested_by, district)));
    const size = await zip.finish();
    const finished = new Date();
    const expiresAt = new Date(finished.getTime() + EXPORT_KEPT_MS).toISOString();
    const marked = await db.updateTable('district_exports')
      .set({ status: 'ready', size_bytes: size, finished_at: finished.toISOString(), expires_at: expiresAt, heartbeat_at: finished.toISOString() })
      .where('id', '=', exportId).where('status', '=', 'running').executeTakeFirst();
    // Failed meanwhile (shutdown, or a stale check that thought the process gone): the file is nobody's.
    if (Number(marked.numUpdatedRows) === 0) {
      await rm(file, { force: true });
      return;
    }
    // The export is ready whatever the mail does: a failed send is logged, never turned into a failed export.
    await tellRequester(deps, claimed.requested_by, district, { ready: true, expiresAt, rows: rowsDone })
      .catch((e: unknown) => deps.log('District export email failed:', e));
  } catch (err) {
    deps.log(`District export ${exportId} failed:`, err);
    await zip?.abort().catch(() => {});
    await rm(file, { force: true }).catch(() => {});
    await db.updateTable('district_exports')
      .set({ status: 'failed', error: DISTRICT_EXPORT_MESSAGES.failed, finished_at: nowIso(), file_path: null })
      .where('id', '=', exportId).where('status', '=', 'running').execute();
    await tellRequester(deps, claimed.requested_by, district, { ready: false }).catch((e: unknown) => deps.log('District export email failed:', e));
  } finally {
    clearInterval(heartbeat);
  }
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
