// Purging a district (issue 32, item 3), in batches so that no district of any size holds the event loop (SQLite is
// synchronous: one transaction for a whole district held every other request for seconds to minutes). Three phases:
// 1. startPurge: the certificate's addresses (the district's active administrators and its billing contact), its files
//    on disk and who scheduled it are read and stored in the district's `district_purges` row (migration
//    20261206_0180), in one transaction that also keeps the provider's own audit entries about the district with its
//    id and name only. From then on the district cannot be restored and the purge only goes forward.
// 2. runPurge, batch after batch: each transaction waits for the district's writers (db/locks.ts), checks that this
//    runner still holds the purge (its lease: `runner`, `heartbeat_at`), deletes at most `batchRows` rows
//    of one table (the audit log's entries of the district first, then purgePlan.ts's steps in order) with the rollup
//    triggers set aside (db/dialect.ts), adds them to the stored counts and commits; then the event loop gets a turn
//    (`setImmediate`) before the next.
// 3. The certificate's PDF is made from the district and the stored counts in the PDF worker (lib/pdfRender.ts), outside
//    any transaction and off the event loop. Then the last transaction looks at every step once more: rows a job wrote
//    meanwhile send their steps round the batches again (and the PDF is made again with the new counts); with none, it
//    deletes the district row, stores the certificate with that PDF, queues its emails and writes the "district purged"
//    audit entry: small statements (it once swept every table with the rollup triggers dropped and made the PDF, 662 ms
//    of CPU for the 1 000 000-interaction district). The district row's delete checks the foreign keys of every table
//    that names a district: 20–35 ms once a large district's rows are gone, but with full statistics of a database where
//    another district holds nearly every row SQLite plans those checks as scans (140–290 ms beside the
//    1 000 000-interaction district). Before the last transaction the statistics of the tables the batches emptied are
//    taken again (db/dialect.ts refreshStatisticsAfterLargeWrite), so the purge's last step and every request after it
//    plan on the rows left. After the commit: the files are removed and the certificate emailed (certificateEmails.ts:
//    those the mail server refuses go again with the hourly job).
// A crash between batches leaves a district marked purging with the counts of the batches committed: the hourly job
// (deletionJobs.ts) claims it once its heartbeat is a minute old and carries on. Two runners never purge the same
// district at once: the claim is one conditional UPDATE, and every batch re-checks it under the row's lock.
import { districtLocale } from '../../i18n/recipients';
import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { deleteSome, refreshStatisticsAfterLargeWrite, withoutRollupTriggers } from '../../../db/dialect';
import { lockDistrictWrites } from '../../../db/locks';
import {
  DELETION_JOB_LABEL, type DeletionCount, DISTRICT_DELETION_MESSAGES as M,
} from '../../../common/schemas/districtDeletion';
import { conflict } from '../../http/errors';
import { type Actor, recordAudit } from '../../lib/audit';
import type { Mailer } from '../../lib/mailer';
import { certificatePdfInWorker } from './certificatePdf';
import { queueCertificateEmails, sendCertificateEmails } from './certificateEmails';
import { DELETION_KINDS, type DeletionKind, PURGE_STEPS, type PurgeStep } from './purgePlan';
import { findDistrict, userName } from './queries';

export interface PurgeDeps {
  db: DB;
  mailer: Mailer;
  dataDir: string;
  log: (...args: unknown[]) => void;
}

/** Who purges: a provider staff member acting now, or the scheduled job (null). */
export type Purger = { actor: Actor & { userId: number }; name: string } | null;

export interface PurgeResult {
  certificateId: number;
  certificateNumber: string;
  counts: DeletionCount[];
  recipients: string[];
}

/**
 * The district's files, read before the purge: its exports' zips (`district_exports.file_path`, relative to the data
 * folder) and any zip under `<dataDir>/exports/` named for it (`district-<id>-…`: one still being written).
 */
async function districtFilePaths(db: DB, dataDir: string, districtId: number): Promise<string[]> {
  const root = path.resolve(dataDir);
  const inside = (p: string) => p.startsWith(root + path.sep);
  const rows = await db.selectFrom('district_exports').select('file_path')
    .where('district_id', '=', districtId).where('file_path', 'is not', null).execute();
  const listed = rows.map((r) => path.resolve(root, r.file_path!)).filter(inside);
  const exportsDir = path.join(root, 'exports');
  const named = (await readdir(exportsDir).catch(() => [] as string[]))
    .filter((name) => name.startsWith(`district-${districtId}-`)).map((name) => path.join(exportsDir, name));
  return [...new Set([...listed, ...named])];
}

/** The district's active administrators' addresses and its billing contact's, each once. */
async function certificateRecipients(db: DB, districtId: number, billingEmail: string | null): Promise<string[]> {
  const admins = await db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('users.email').where('users.district_id', '=', districtId).where('users.status', '=', 'active')
    .where('roles.name', '=', 'district-admin').orderBy('users.email').execute();
  const all = [...admins.map((a) => a.email), ...(billingEmail ? [billingEmail] : [])];
  const seen = new Set<string>();
  return all.filter((e) => { const k = e.trim().toLowerCase(); if (!k || seen.has(k)) return false; seen.add(k); return true; });
}

function certificateNumber(at: string): string {
  return `DDC-${at.slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** Rows one batch deletes at most (measured: scripts/bench, docs/benchmarks.md). */
export const PURGE_BATCH_ROWS = 1000;
/** A purge whose runner has not committed a batch for this long lost its process: another runner may claim it. */
export const PURGE_STALE_MS = 60_000;

/** What a purge under way keeps in its `district_purges` row (`progress`). */
interface PurgeProgress {
  counts: Partial<Record<DeletionKind, number>>;
  files: string[];
  recipients: string[];
  scheduled_by_name: string | null;
}

export interface PurgeOptions {
  /** Rows per batch (tests make it small). */
  batchRows?: number;
  /**
   * Called after each batch's commit with how many batches this runner committed and the batch's table and rows (tests
   * interrupt a purge here; the bench times the batches).
   */
  afterBatch?: (batches: number, batch: { table: string; deleted: number }) => void | Promise<void>;
}

/** The audit log's entries of the district: deleted before purgePlan.ts's steps (the provider's own were kept at the start). */
const districtPeople = (id: number) => sql`(select u.id from users u where u.district_id = ${id})`;
const AUDIT_STEP: PurgeStep = {
  table: 'audit_log', kind: 'logs',
  where: (id) => sql`(district_id = ${id} or actor_id in ${districtPeople(id)} or impersonator_id in ${districtPeople(id)}
    or (subject_type = 'user' and subject_id in ${districtPeople(id)}))`,
};
/** Every batch step in order (tests count what each will delete). */
export const BATCH_STEPS: readonly PurgeStep[] = [AUDIT_STEP, ...PURGE_STEPS];

/** The provider's own entries about the district stay, with its id and name only (at the start and again at the end). */
async function keepProviderEntries(trx: DB, districtId: number, name: string): Promise<void> {
  const users = districtPeople(districtId);
  await sql`update audit_log set district_id = null, details = ${JSON.stringify({ name })}
    where subject_type = 'district' and subject_id = ${districtId}
      and (actor_id is null or actor_id not in ${users}) and (impersonator_id is null or impersonator_id not in ${users})`.execute(trx);
}

/**
 * Starts the purge of a scheduled district: 409 when it is not scheduled (or no longer: restored meanwhile) or is being
 * purged already. `purger` null is the scheduled job. Deletes nothing but the district's audit details (kept with its
 * id and name only); runPurge does the rest.
 */
export async function startPurge(deps: Pick<PurgeDeps, 'db' | 'dataDir'>, districtId: number, purger: Purger): Promise<void> {
  const { db } = deps;
  const before = await findDistrict(db, districtId);
  if (!before?.deletion_scheduled_at) throw conflict(M.notScheduled);
  if (before.purge_started_at) throw conflict(M.purgeUnderWay);
  const recipients = await certificateRecipients(db, districtId, before.billing_contact_email);
  // Files that exist (a listed zip may have expired already).
  const files = (await Promise.all((await districtFilePaths(db, deps.dataDir, districtId))
    .map(async (f) => ((await stat(f).catch(() => null))?.isFile() ? f : null)))).filter((f): f is string => f !== null);
  const progress: PurgeProgress = { counts: {}, files, recipients, scheduled_by_name: await userName(db, before.deletion_scheduled_by) };
  await db.transaction().execute(async (trx) => {
    // A restore or another start under way commits first (PostgreSQL); a restore after this commit sees the purge.
    await lockDistrictWrites(trx, districtId);
    const district = await trx.selectFrom('districts').select('deletion_scheduled_at').where('id', '=', districtId).executeTakeFirst();
    if (!district?.deletion_scheduled_at) throw conflict(M.notScheduled);
    const started = await trx.insertInto('district_purges').values({
      district_id: districtId, started_at: nowIso(), started_by: purger?.actor.userId ?? null, started_by_name: purger?.name ?? null,
      progress: JSON.stringify(progress), runner: null, heartbeat_at: null,
    }).onConflict((oc) => oc.column('district_id').doNothing()).returning('district_id').executeTakeFirst();
    if (!started) throw conflict(M.purgeUnderWay);
    await keepProviderEntries(trx, districtId, before.name);
  });
}

/** This runner lost the purge (another claimed it after a stale heartbeat): it stops at once. */
class LostPurge extends Error {}

/** Processes stopping: their purges end after the batch under way and give their lease back (deletionJobs.ts). */
const stopping = new WeakSet<DB>();
export function stopPurging(db: DB): void { stopping.add(db); }
export const purgingStopped = (db: DB): boolean => stopping.has(db);

/**
 * Runs (or resumes) a started purge to its end: claims it, deletes in batches, then the last transaction and the
 * emails. Answers null when another runner holds it, when it is gone already, or when this process is stopping.
 * `purger`: who started it, with the request's details for the audit entry when this process started it.
 */
export async function runPurge(deps: PurgeDeps, districtId: number, options: PurgeOptions = {}, purger?: Purger): Promise<PurgeResult | null> {
  const { db } = deps;
  const batchRows = options.batchRows ?? PURGE_BATCH_ROWS;
  const runner = randomBytes(12).toString('hex');
  const now = new Date();
  // The claim, under the district's writers' lock like every write of the purge's row (migration 20261206_0180).
  const claimed = await db.transaction().execute(async (trx) => {
    await lockDistrictWrites(trx, districtId);
    return trx.updateTable('district_purges').set({ runner, heartbeat_at: now.toISOString() })
      .where('district_id', '=', districtId)
      .where((eb) => eb.or([
        eb('runner', 'is', null), eb('heartbeat_at', 'is', null),
        eb('heartbeat_at', '<', new Date(now.getTime() - PURGE_STALE_MS).toISOString()),
      ]))
      .executeTakeFirst();
  });
  if (Number(claimed.numUpdatedRows) === 0) return null;
  const giveBack = () => db.transaction().execute(async (trx) => {
    await lockDistrictWrites(trx, districtId);
    await trx.updateTable('district_purges').set({ runner: null }).where('district_id', '=', districtId).where('runner', '=', runner).execute();
  });

  /** Inside a batch's transaction: the district's writers waited for, the lease checked and renewed; its progress. */
  const holdPurge = async (trx: DB): Promise<HeldPurge> => {
    await lockDistrictWrites(trx, districtId);
    const row = await trx.updateTable('district_purges').set({ heartbeat_at: nowIso() })
      .where('district_id', '=', districtId).where('runner', '=', runner)
      .returning(['started_by', 'started_by_name', 'progress']).executeTakeFirst();
    if (!row) throw new LostPurge();
    return { ...row, stored: row.progress, progress: JSON.parse(row.progress) as PurgeProgress };
  };
  const saveProgress = async (trx: DB, progress: PurgeProgress) => {
    await trx.updateTable('district_purges').set({ progress: JSON.stringify(progress) }).where('district_id', '=', districtId).execute();
  };

  let batches = 0;
  try {
    // Every step, then the last transaction; rows written meanwhile (a job's) send their steps round again.
    for (let steps: readonly PurgeStep[] = BATCH_STEPS; ;) {
      for (const s of steps) {
        for (let more = true; more;) {
          if (stopping.has(db)) {
            await giveBack();
            return null;
          }
          let deleted = 0;
          more = await db.transaction().execute(async (trx) => {
            const { progress } = await holdPurge(trx);
            deleted = await withoutRollupTriggers(trx, () => deleteSome(trx, s.table, s.where(districtId), batchRows), s.table);
            if (deleted > 0) {
              progress.counts[s.kind] = (progress.counts[s.kind] ?? 0) + deleted;
              await saveProgress(trx, progress);
            }
            return deleted === batchRows;
          });
          batches++;
          await options.afterBatch?.(batches, { table: s.table, deleted });
          // The event loop's turn: every other request goes on between two batches.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      // The batches emptied the district's share of every table: the planner's statistics taken again before the last
      // transaction (its district row's delete checks every table's foreign keys), and the requests after it plan on
      // them (once, not after a round for rows written meanwhile).
      if (steps === BATCH_STEPS) await refreshStatisticsAfterLargeWrite(db, BATCH_STEPS.map((s) => s.table));
      const finished = await finishPurge(deps, districtId, holdPurge, purger);
      if (!('left' in finished)) return finished;
      steps = finished.left;
    }
  } catch (err) {
    if (err instanceof LostPurge) return null;
    // Given back, so the next run (or another process) carries on at once rather than a minute later.
    await giveBack().catch(() => undefined);
    throw err;
  }
}

/** A purge held by this runner, read in a transaction: its progress parsed, and as stored. */
interface HeldPurge {
  started_by: number | null;
  started_by_name: string | null;
  stored: string;
  progress: PurgeProgress;
}

/** The counts of the certificate: each kind with rows deleted, in DELETION_KINDS' order. */
function countList(progress: PurgeProgress): DeletionCount[] {
  return (Object.keys(DELETION_KINDS) as DeletionKind[])
    .filter((k) => (progress.counts[k] ?? 0) > 0)
    .map((k) => ({ kind: k, label: DELETION_KINDS[k], count: progress.counts[k]! }));
}

/** What the certificate says of the district (read before the last transaction and again in it). */
const certificateDistrict = (db: DB, districtId: number) => db.selectFrom('districts')
  .select(['name', 'timezone', 'settings', 'deletion_scheduled_at', 'deletion_scheduled_by']).where('id', '=', districtId).executeTakeFirst();

/**
 * The end of a purge whose batches are done. The certificate's PDF is rendered first, from the district and the stored
 * counts, in the PDF worker (lib/pdfRender.ts): off the event loop and outside any transaction. Then the last
 * transaction, which holds the writer only for small statements: the provider's entries kept once more, a look at every
 * step for rows written since its batches (a job's; usually none), the district row, the certificate with that PDF, its
 * emails queued and the audit entry. When a step has rows again, or the counts or the district changed since the PDF was
 * made, it deletes nothing and answers those steps (`left`): runPurge deletes them in batches and comes back here, so the
 * certificate always says what was deleted. After the commit: the files and the emails.
 */
async function finishPurge(deps: PurgeDeps, districtId: number, holdPurge: (trx: DB) => Promise<HeldPurge>, purger?: Purger): Promise<PurgeResult | { left: readonly PurgeStep[] }> {
  const { db } = deps;
  const district = await certificateDistrict(db, districtId);
  const before = await db.selectFrom('district_purges').select(['started_by_name', 'progress']).where('district_id', '=', districtId).executeTakeFirst();
  if (!district || !before) throw new LostPurge();
  const progress = JSON.parse(before.progress) as PurgeProgress;
  const purgedAt = nowIso();
  const number = certificateNumber(purgedAt);
  const list = countList(progress);
  const purgedByName = before.started_by_name;
  const locale = districtLocale(district);
  const pdf = await certificatePdfInWorker({
    certificateNumber: number, districtId, districtName: district.name, timezone: district.timezone,
    scheduledAt: district.deletion_scheduled_at!, scheduledBy: progress.scheduled_by_name,
    purgedAt, purgedBy: purgedByName ?? DELETION_JOB_LABEL, counts: list, filesDeleted: progress.files.length, locale,
  });

  type Done = PurgeResult & { files: string[] };
  const result = await db.transaction().execute(async (trx): Promise<Done | { left: PurgeStep[] }> => {
    const purge = await holdPurge(trx);
    await keepProviderEntries(trx, districtId, district.name);
    const left: PurgeStep[] = [];
    for (const s of BATCH_STEPS) {
      const found = await sql`select 1 as found from ${sql.table(s.table)} where ${s.where(districtId)} limit 1`.execute(trx);
      if (found.rows.length > 0) left.push(s);
    }
    const now = await certificateDistrict(trx, districtId);
    if (left.length > 0 || purge.stored !== before.progress || purge.started_by_name !== purgedByName || JSON.stringify(now) !== JSON.stringify(district)) {
      return { left };
    }
    await trx.deleteFrom('district_purges').where('district_id', '=', districtId).execute();
    await trx.deleteFrom('districts').where('id', '=', districtId).execute();
    // The district row's own deletion bumped its version (on PostgreSQL the bump comes again at the commit).
    await trx.deleteFrom('district_versions').where('district_id', '=', districtId).execute();

    const inserted = await trx.insertInto('district_deletion_certificates').values({
      certificate_number: number, purged_district_id: districtId, district_name: district.name, district_timezone: district.timezone,
      scheduled_at: district.deletion_scheduled_at, scheduled_by: district.deletion_scheduled_by, scheduled_by_name: progress.scheduled_by_name,
      purged_at: purgedAt, purged_by: purge.started_by, purged_by_name: purgedByName,
      counts: JSON.stringify(list), files_deleted: progress.files.length, recipients: progress.recipients.length, pdf,
    }).returning('id').executeTakeFirstOrThrow();
    // Who started it: the request's own details when this process started it, else the stored id (a resumed purge).
    const nobody: Actor = { districtId: null, userId: null, impersonatorId: null, ip: null, userAgent: null };
    const actor: Actor = purger?.actor ?? (purge.started_by !== null ? { ...nobody, userId: purge.started_by } : nobody);
    await queueCertificateEmails(trx, inserted.id, progress.recipients, locale);
    await recordAudit(trx, { ...actor, districtId: null }, {
      action: 'district_purged', subjectType: 'district', subjectId: districtId,
      details: { name: district.name, certificate: number, by: purge.started_by !== null ? 'staff' : 'scheduled_job' },
    });
    return { certificateId: inserted.id, certificateNumber: number, counts: list, files: progress.files, recipients: progress.recipients };
  });
  // The steps with rows again (none when only the counts or the district changed: the PDF is made again).
  if ('left' in result) return { left: result.left };

  // After the commit: the district's files, then the certificate to its administrators and billing contact.
  for (const file of result.files) {
    await rm(file, { force: true }).catch((err: unknown) => deps.log('Removing a purged district\'s file failed:', file, err));
  }
  // Those the mail server refuses go again with the hourly job (certificateEmails.ts).
  await sendCertificateEmails(deps, new Date(), result.certificateId);
  return { certificateId: result.certificateId, certificateNumber: result.certificateNumber, counts: result.counts, recipients: result.recipients };
}

/**
 * Starts and runs a purge to its end in this call (the demo's seed, tests): 409 as startPurge. Throws when another
 * runner holds it (cannot happen right after the start unless something else resumes it).
 */
export async function purgeDistrict(deps: PurgeDeps, districtId: number, purger: Purger, options: PurgeOptions = {}): Promise<PurgeResult> {
  await startPurge(deps, districtId, purger);
  const result = await runPurge(deps, districtId, options, purger);
  if (!result) throw new Error(`The purge of district ${districtId} is held by another runner.`);
  return result;
}
