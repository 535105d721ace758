// Purging a district (issue 32, item 3): all or nothing, in one transaction. Before it, the addresses the certificate
// goes to are read (the district's active administrators and its billing contact) and the files it owns on disk are
// listed. Inside it: the district's writers are waited for (db/locks.ts), the schedule is checked again (a restore
// that committed first wins), the provider's own audit entries about the district are kept with its id and name only
// and every other entry of it deleted, every step of purgePlan.ts runs in order, the district row goes, the
// certificate (its PDF made from the counts) is stored in `district_deletion_certificates` and the "district purged"
// audit entry written. After the commit: the files are removed and the certificate emailed. A crash before the commit
// leaves the district whole and still scheduled (the hourly job tries again); after it, only the emails and files
// may be missing (a file left is a zip named for a district that no longer exists; no row points at it).
import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { withoutRollupTriggers } from '../../../db/dialect';
import { lockDistrictWrites } from '../../../db/locks';
import {
  DELETION_JOB_LABEL, type DeletionCount, DISTRICT_DELETION_MESSAGES as M,
} from '../../../common/schemas/districtDeletion';
import { conflict } from '../../http/errors';
import { type Actor, recordAudit } from '../../lib/audit';
import { defang, escapeHtml, type Mailer } from '../../lib/mailer';
import { deletionCertificatePdf, instantIn } from './certificatePdf';
import { DELETION_KINDS, type DeletionKind, PURGE_STEPS } from './purgePlan';
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

/**
 * Purges a scheduled district (409 when it is not scheduled, or no longer: restored meanwhile). `purger` null is the
 * scheduled job. Answers the certificate stored and who it was emailed to.
 */
export async function purgeDistrict(deps: PurgeDeps, districtId: number, purger: Purger): Promise<PurgeResult> {
  const { db } = deps;
  const before = await findDistrict(db, districtId);
  if (!before?.deletion_scheduled_at) throw conflict(M.notScheduled);
  const recipients = await certificateRecipients(db, districtId, before.billing_contact_email);
  // Files that exist (a listed zip may have expired already).
  const files = (await Promise.all((await districtFilePaths(db, deps.dataDir, districtId))
    .map(async (f) => ((await stat(f).catch(() => null))?.isFile() ? f : null)))).filter((f): f is string => f !== null);
  const scheduledByName = await userName(db, before.deletion_scheduled_by);

  const result = await db.transaction().execute(async (trx) => {
    // Every writer of the district under way commits first; none starts until this commit (PostgreSQL).
    await lockDistrictWrites(trx, districtId);
    const district = await trx.selectFrom('districts').select(['id', 'name', 'timezone', 'deletion_scheduled_at', 'deletion_scheduled_by'])
      .where('id', '=', districtId).executeTakeFirst();
    if (!district?.deletion_scheduled_at) throw conflict(M.notScheduled);
    const purgedAt = nowIso();
    const number = certificateNumber(purgedAt);
    const counts = new Map<DeletionKind, number>();
    const add = (kind: DeletionKind, n: number) => counts.set(kind, (counts.get(kind) ?? 0) + n);

    // The audit log: the provider's own entries about the district stay, with its id and name only; the rest goes.
    const users = sql`(select u.id from users u where u.district_id = ${districtId})`;
    await sql`update audit_log set district_id = null, details = ${JSON.stringify({ name: district.name })}
      where subject_type = 'district' and subject_id = ${districtId}
        and (actor_id is null or actor_id not in ${users}) and (impersonator_id is null or impersonator_id not in ${users})`.execute(trx);
    const audit = await sql`delete from audit_log where district_id = ${districtId} or actor_id in ${users}
      or impersonator_id in ${users} or (subject_type = 'user' and subject_id in ${users})`.execute(trx);
    add('logs', Number(audit.numAffectedRows ?? 0));

    // Without the rollup triggers: the district's rollup rows are deleted by their own steps (db/dialect.ts).
    await withoutRollupTriggers(trx, async () => {
      for (const s of PURGE_STEPS) {
        const deleted = await sql`delete from ${sql.table(s.table)} where ${s.where(districtId)}`.execute(trx);
        add(s.kind, Number(deleted.numAffectedRows ?? 0));
      }
    });
    await trx.deleteFrom('districts').where('id', '=', districtId).execute();
    // The district row's own deletion bumped its version (on PostgreSQL the bump comes again at the commit).
    await trx.deleteFrom('district_versions').where('district_id', '=', districtId).execute();

    const list: DeletionCount[] = (Object.keys(DELETION_KINDS) as DeletionKind[])
      .filter((k) => (counts.get(k) ?? 0) > 0)
      .map((k) => ({ kind: k, label: DELETION_KINDS[k], count: counts.get(k)! }));
    const pdf = await deletionCertificatePdf({
      certificateNumber: number, districtId, districtName: district.name, timezone: district.timezone,
      scheduledAt: district.deletion_scheduled_at, scheduledBy: scheduledByName,
      purgedAt, purgedBy: purger?.name ?? DELETION_JOB_LABEL, counts: list, filesDeleted: files.length,
    });
    const inserted = await trx.insertInto('district_deletion_certificates').values({
      certificate_number: number, purged_district_id: districtId, district_name: district.name, district_timezone: district.timezone,
      scheduled_at: district.deletion_scheduled_at, scheduled_by: district.deletion_scheduled_by, scheduled_by_name: scheduledByName,
      purged_at: purgedAt, purged_by: purger?.actor.userId ?? null, purged_by_name: purger?.name ?? null,
      counts: JSON.stringify(list), files_deleted: files.length, recipients: recipients.length, pdf,
    }).returning('id').executeTakeFirstOrThrow();
    const actor: Actor = purger?.actor ?? { districtId: null, userId: null, impersonatorId: null, ip: null, userAgent: null };
    await recordAudit(trx, { ...actor, districtId: null }, {
      action: 'district_purged', subjectType: 'district', subjectId: districtId,
      details: { name: district.name, certificate: number, by: purger ? 'staff' : 'scheduled_job' },
    });
    return { certificateId: inserted.id, certificateNumber: number, counts: list, pdf, name: district.name, timezone: district.timezone, purgedAt };
  });

  // After the commit: the district's files, then the certificate to its administrators and billing contact.
  for (const file of files) {
    await rm(file, { force: true }).catch((err: unknown) => deps.log('Removing a purged district\'s file failed:', file, err));
  }
  for (const to of recipients) {
    await deps.mailer.send(certificateMail(to, result)).catch((err: unknown) => deps.log('Sending a deletion certificate failed:', to, err));
  }
  return { certificateId: result.certificateId, certificateNumber: result.certificateNumber, counts: result.counts, recipients };
}

function certificateMail(to: string, r: { certificateNumber: string; name: string; timezone: string; purgedAt: string; pdf: Buffer; counts: DeletionCount[] }) {
  const when = instantIn(r.purgedAt, r.timezone);
  const text = [
    'Hello,',
    '',
    `As scheduled, Coachwell has permanently deleted every record it held for ${defang(r.name)}: its data in every table, its files and its people's sessions. Its users can no longer sign in.`,
    `Deleted on ${when}.`,
    '',
    `The certificate of data deletion (${r.certificateNumber}) is attached, with the counts of what was deleted.`,
    '',
    'Coachwell',
  ].join('\n');
  const html = `<p>Hello,</p><p>As scheduled, Coachwell has permanently deleted every record it held for <strong>${escapeHtml(defang(r.name))}</strong>: `
    + 'its data in every table, its files and its people&#39;s sessions. Its users can no longer sign in.</p>'
    + `<p>Deleted on ${escapeHtml(when)}.</p><p>The certificate of data deletion (${escapeHtml(r.certificateNumber)}) is attached, `
    + 'with the counts of what was deleted.</p><p>Coachwell</p>';
  return {
    to,
    subject: `Certificate of data deletion: ${defang(r.name)}`,
    text,
    html,
    attachments: [{ filename: `${r.certificateNumber}.pdf`, content: r.pdf, contentType: 'application/pdf' }],
  };
}
