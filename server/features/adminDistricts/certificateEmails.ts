// A deletion certificate's emails (issue 32): the purge's last transaction queues one per recipient (the district's
// administrators and billing contact, read when the purge started), they are sent right after its commit, and the
// hourly deletion job (deletionJobs.ts) sends again those the mail server refused or could not take, waiting longer
// each time (CERTIFICATE_EMAIL_WAITS), CERTIFICATE_EMAIL_ATTEMPTS times at most. An address is the one personal
// datum a purged district leaves behind, so it is cleared once its email is sent or given up. Several processes may
// run the job: an attempt is claimed by one conditional UPDATE, so an email goes once per attempt.
import type { Locale } from '../../../common/locales';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { defineServerMessages, formatServer } from '../../i18n/messages';
import { defang, escapeHtml, type Mailer } from '../../lib/mailer';
import { instantIn } from './certificatePdf';

/** How many times an email is tried in all (the first, right after the purge, included). */
export const CERTIFICATE_EMAIL_ATTEMPTS = 8;
/** The wait after each failed attempt (the hourly job sends it at its first run past that). */
export const CERTIFICATE_EMAIL_WAITS_MS = [10, 30, 60, 3 * 60, 6 * 60, 12 * 60, 24 * 60].map((minutes) => minutes * 60_000);
/** How long a runner holds an attempt it claimed before another may take it (a crash while sending). */
const CLAIM_MS = 10 * 60_000;

export interface CertificateEmailDeps {
  db: DB;
  mailer: Mailer;
  log: (...args: unknown[]) => void;
}

/** Queues the certificate's emails (in the purge's last transaction). */
export async function queueCertificateEmails(trx: DB, certificateId: number, recipients: string[], locale: Locale): Promise<void> {
  if (recipients.length === 0) return;
  const now = nowIso();
  await trx.insertInto('certificate_emails').values(recipients.map((recipient) => ({
    certificate_id: certificateId, recipient, locale, attempts: 0, next_attempt_at: now, created_at: now,
  }))).execute();
}

/**
 * Sends the certificate emails due at `now` (only `certificateId`'s when given: right after its purge). Each is
 * claimed first; sent, its address is cleared; refused, it waits for its next attempt, or is given up (address
 * cleared, `failed_at` set) after the last. Never throws for a mail failure (logged). Answers how many went.
 */
export async function sendCertificateEmails(deps: CertificateEmailDeps, now = new Date(), certificateId?: number): Promise<number> {
  const { db } = deps;
  const due = await db.selectFrom('certificate_emails')
    .innerJoin('district_deletion_certificates as c', 'c.id', 'certificate_emails.certificate_id')
    .select([
      'certificate_emails.id', 'certificate_emails.recipient', 'certificate_emails.locale', 'certificate_emails.attempts',
      'certificate_emails.next_attempt_at', 'c.certificate_number', 'c.district_name', 'c.district_timezone', 'c.purged_at', 'c.pdf',
    ])
    .where('certificate_emails.sent_at', 'is', null).where('certificate_emails.failed_at', 'is', null)
    .where('certificate_emails.recipient', 'is not', null)
    .where('certificate_emails.next_attempt_at', '<=', now.toISOString())
    .$if(certificateId !== undefined, (q) => q.where('certificate_emails.certificate_id', '=', certificateId!))
    .orderBy('certificate_emails.id').execute();
  let sent = 0;
  for (const email of due) {
    // The claim: only the runner that moves this attempt's time ahead sends it.
    const claimed = await db.updateTable('certificate_emails')
      .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS).toISOString(), attempts: email.attempts + 1 })
      .where('id', '=', email.id).where('attempts', '=', email.attempts).where('sent_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      await deps.mailer.send(certificateMail(email.recipient!, {
        certificateNumber: email.certificate_number, name: email.district_name, timezone: email.district_timezone,
        purgedAt: email.purged_at, pdf: Buffer.from(email.pdf),
        locale: email.locale === 'es' ? 'es' : 'en',
      }));
      await db.updateTable('certificate_emails').set({ sent_at: nowIso(), recipient: null, next_attempt_at: null, last_error: null })
        .where('id', '=', email.id).execute();
      sent += 1;
    } catch (err) {
      const attempts = email.attempts + 1;
      const message = err instanceof Error ? err.message.slice(0, 300) : 'the mail server refused it';
      deps.log(`Sending a deletion certificate (${email.certificate_number}) failed, attempt ${attempts} of ${CERTIFICATE_EMAIL_ATTEMPTS}:`, err);
      const last = attempts >= CERTIFICATE_EMAIL_ATTEMPTS;
      await db.updateTable('certificate_emails').set(last
        ? { failed_at: nowIso(), recipient: null, next_attempt_at: null, last_error: message }
        : { next_attempt_at: new Date(now.getTime() + CERTIFICATE_EMAIL_WAITS_MS[attempts - 1]!).toISOString(), last_error: message })
        .where('id', '=', email.id).execute();
    }
  }
  return sent;
}

/** Each certificate's emails by state, for the provider's list. */
export async function certificateEmailStates(db: DB, certificateIds: number[]): Promise<Map<number, { sent: number; waiting: number; failed: number }>> {
  const states = new Map<number, { sent: number; waiting: number; failed: number }>();
  if (certificateIds.length === 0) return states;
  const rows = await db.selectFrom('certificate_emails').select(['certificate_id', 'sent_at', 'failed_at'])
    .where('certificate_id', 'in', certificateIds).execute();
  for (const row of rows) {
    const state = states.get(row.certificate_id) ?? { sent: 0, waiting: 0, failed: 0 };
    if (row.sent_at !== null) state.sent += 1;
    else if (row.failed_at !== null) state.failed += 1;
    else state.waiting += 1;
    states.set(row.certificate_id, state);
  }
  return states;
}

// The certificate's email, in the district's language as the certificate (issue 33).
const cm = defineServerMessages({
  hello: { id: 'adminDistricts.certificateEmail.hello', defaultMessage: 'Hello,' },
  deleted: {
    id: 'adminDistricts.certificateEmail.deleted',
    defaultMessage: "As scheduled, Coachwell has permanently deleted every record it held for {district}: its data in every table, its files and its people's sessions. Its users can no longer sign in.",
  },
  deletedOn: { id: 'adminDistricts.certificateEmail.deletedOn', defaultMessage: 'Deleted on {when}.' },
  attached: {
    id: 'adminDistricts.certificateEmail.attached',
    defaultMessage: 'The certificate of data deletion ({number}) is attached, with the counts of what was deleted.',
  },
  subject: { id: 'adminDistricts.certificateEmail.subject', defaultMessage: 'Certificate of data deletion: {district}' },
});

function certificateMail(to: string, r: { certificateNumber: string; name: string; timezone: string; purgedAt: string; pdf: Buffer; locale: Locale }) {
  const f = (message: (typeof cm)[keyof typeof cm], values?: Record<string, string>) => formatServer(r.locale, message, values);
  const when = instantIn(r.purgedAt, r.timezone, r.locale);
  const name = defang(r.name);
  const text = [f(cm.hello), '', f(cm.deleted, { district: name }), f(cm.deletedOn, { when }), '', f(cm.attached, { number: r.certificateNumber }), '', 'Coachwell'].join('\n');
  // The district's name in bold in the HTML part: the sentence around a marker, each part escaped.
  const MARK = '\u0000';
  const [before = '', after = ''] = f(cm.deleted, { district: MARK }).split(MARK);
  const html = `<p>${escapeHtml(f(cm.hello))}</p><p>${escapeHtml(before)}<strong>${escapeHtml(name)}</strong>${escapeHtml(after)}</p>`
    + `<p>${escapeHtml(f(cm.deletedOn, { when }))}</p><p>${escapeHtml(f(cm.attached, { number: r.certificateNumber }))}</p><p>Coachwell</p>`;
  return {
    to,
    subject: f(cm.subject, { district: name }),
    text,
    html,
    attachments: [{ filename: `${r.certificateNumber}.pdf`, content: r.pdf, contentType: 'application/pdf' }],
  };
}
