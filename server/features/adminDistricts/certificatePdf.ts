// The deletion certificate (issue 32, item 3): a one-page PDF that names the purged district, says what was deleted
// (each kind with its count), when (UTC and the district's own timezone), by whom (a provider staff member or the
// scheduled deletion job) and under which certificate number. Set in the house style of lib/pdfStyle.ts, like the billing documents.
import type { DeletionCount } from '../../../common/schemas/districtDeletion';
import { BILLING_PROVIDER } from '../../../common/schemas/billing';
import { countText } from '../../../common/plural';
import { ACCENT, FONTS, INK, longDate, MARGIN, MUTED, PAGE, RULE, WIDTH } from '../../lib/pdfStyle';
import { renderPdf } from '../../lib/pdfRender';
import { localDateTime } from '../../lib/zone';
import type { Locale } from '../../../common/locales';
import { defineServerMessages, formatServer, formatServerDate } from '../../i18n/messages';
import { translate } from '../../i18n/translate';

// Issue 33: the certificate and its email are in the district's language (English unchanged).
export const CERTIFICATE_MESSAGES = defineServerMessages({
  at: { id: 'adminDistricts.certificate.at', defaultMessage: '{date} at {time} {zone}' },
  title: { id: 'adminDistricts.certificate.title', defaultMessage: 'Certificate of data deletion' },
  docTitle: { id: 'adminDistricts.certificate.docTitle', defaultMessage: 'Certificate of data deletion {number}' },
  docSubject: { id: 'adminDistricts.certificate.docSubject', defaultMessage: 'The deletion of {district}' },
  statement: {
    id: 'adminDistricts.certificate.statement',
    defaultMessage: "{provider} certifies that every record it held for the district named below has been permanently deleted from the Coachwell service: its rows in every table of the database, its files, and the sessions of its people. The district's users can no longer sign in, and their email addresses are free. Copies in backups taken before the deletion are not covered by this certificate: they expire on the provider's backup schedule.",
  },
  district: { id: 'adminDistricts.certificate.district', defaultMessage: 'District' },
  districtId: { id: 'adminDistricts.certificate.districtId', defaultMessage: 'District id' },
  deletedUtc: { id: 'adminDistricts.certificate.deletedUtc', defaultMessage: 'Deleted (UTC)' },
  deletedLocal: { id: 'adminDistricts.certificate.deletedLocal', defaultMessage: "Deleted (district's time)" },
  deletedBy: { id: 'adminDistricts.certificate.deletedBy', defaultMessage: 'Deleted by' },
  scheduled: { id: 'adminDistricts.certificate.scheduled', defaultMessage: 'Deletion scheduled' },
  scheduledBy: { id: 'adminDistricts.certificate.scheduledBy', defaultMessage: '{when} by {name}' },
  certificate: { id: 'adminDistricts.certificate.certificate', defaultMessage: 'Certificate' },
  whatDeleted: { id: 'adminDistricts.certificate.whatDeleted', defaultMessage: 'WHAT WAS DELETED' },
  files: { id: 'adminDistricts.certificate.files', defaultMessage: 'Files (exports and uploads)' },
  total: { id: 'adminDistricts.certificate.total', defaultMessage: 'Records deleted in all' },
  footer: {
    id: 'adminDistricts.certificate.footer',
    defaultMessage: "The provider keeps this certificate and, in its log, the district's id and name only. Questions: {email}.",
  },
});
const m = CERTIFICATE_MESSAGES;

/** What was deleted (purgePlan.ts DELETION_KINDS) and who deleted it when nobody did (DELETION_JOB_LABEL), as the certificate words them. */
const KINDS = defineServerMessages({
  schools: { id: 'adminDistricts.kind.schools', defaultMessage: 'Schools' },
  educators: { id: 'adminDistricts.kind.educators', defaultMessage: 'Educators and their school history' },
  logins: { id: 'adminDistricts.kind.logins', defaultMessage: 'User accounts, their roles, schools, invitations, preferences and sessions' },
  groups: { id: 'adminDistricts.kind.groups', defaultMessage: 'Staff groups and their members' },
  caseloads: { id: 'adminDistricts.kind.caseloads', defaultMessage: 'Caseload assignments' },
  interactions: { id: 'adminDistricts.kind.interactions', defaultMessage: 'Interactions with their participants, custom fields, groups and skills' },
  activities: { id: 'adminDistricts.kind.activities', defaultMessage: 'Activities (logged time)' },
  cycles: { id: 'adminDistricts.kind.cycles', defaultMessage: 'Coaching cycles with their educators, skills, stage moves and notes' },
  ratings: { id: 'adminDistricts.kind.ratings', defaultMessage: 'Skill ratings and self-assessments' },
  observations: { id: 'adminDistricts.kind.observations', defaultMessage: 'Observations, their answers and calibration sessions' },
  actionSteps: { id: 'adminDistricts.kind.actionSteps', defaultMessage: 'Action steps' },
  requests: { id: 'adminDistricts.kind.requests', defaultMessage: 'Coaching requests and school staff requests' },
  settings: {
    id: 'adminDistricts.kind.settings',
    defaultMessage: 'Settings: interaction types and fields, cycle stages and goal templates, skill frameworks, observation forms, single sign-on',
  },
  imports: { id: 'adminDistricts.kind.imports', defaultMessage: 'Imports and their rows' },
  exports: { id: 'adminDistricts.kind.exports', defaultMessage: 'Data exports and retention runs' },
  billing: { id: 'adminDistricts.kind.billing', defaultMessage: 'Quotes and invoices' },
  logs: { id: 'adminDistricts.kind.logs', defaultMessage: 'Audit log entries, sign-in security events, error reports and the read log' },
  summaries: { id: 'adminDistricts.kind.summaries', defaultMessage: 'Report summaries' },
  job: { id: 'adminDistricts.kind.job', defaultMessage: 'the scheduled deletion job' },
});

/** A label of the certificate in `locale` (one it does not know, through the shared texts). */
function labelIn(locale: Locale, english: string): string {
  const message = Object.values(KINDS).find((d) => d.defaultMessage === english);
  return message ? formatServer(locale, message) : translate(locale, english);
}

/** "November 29, 2026 at 17:04 UTC" / "… at 11:04 (America/Chicago)"; "29 de noviembre de 2026 a las 17:04 UTC" in Spanish. */
export function instantIn(iso: string, timeZone: string, locale: Locale = 'en'): string {
  const zone = timeZone === 'UTC' ? 'UTC' : `(${timeZone})`;
  if (locale === 'en') {
    const { date, time } = localDateTime(iso, timeZone);
    return `${longDate(date)} at ${time.slice(0, 5)} ${zone}`;
  }
  const date = formatServerDate(locale, iso, { dateStyle: 'long', timeZone });
  const time = formatServerDate(locale, iso, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  return formatServer(locale, m.at, { date, time, zone });
}

export interface CertificateFacts {
  certificateNumber: string;
  districtId: number;
  districtName: string;
  timezone: string;
  scheduledAt: string | null;
  scheduledBy: string | null;
  purgedAt: string;
  /** The staff member's name, or the job's label. */
  purgedBy: string;
  counts: DeletionCount[];
  filesDeleted: number;
  /** The district's language (English when left out). */
  locale?: Locale;
}

/** The certificate rendered in the PDF worker (lib/pdfRender.ts), off the event loop: what deletionCertificatePdf makes. */
export function certificatePdfInWorker(facts: CertificateFacts): Promise<Buffer> {
  return renderPdf('certificate', [facts]);
}

export async function deletionCertificatePdf(facts: CertificateFacts): Promise<Buffer> {
  const locale = facts.locale ?? 'en';
  const f = (message: (typeof m)[keyof typeof m], values?: Record<string, string | number>) => formatServer(locale, message, values);
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER', margin: MARGIN, font: FONTS.regular,
    info: {
      Title: f(m.docTitle, { number: facts.certificateNumber }), Subject: f(m.docSubject, { district: facts.districtName }),
      Author: BILLING_PROVIDER.name, Creator: 'Coachwell',
    },
    lang: locale === 'en' ? 'en-US' : 'es-US', displayTitle: true,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const rule = () => { doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + WIDTH, doc.y).lineWidth(0.75).strokeColor(RULE).stroke(); };

  // Header: the provider (left), the document and its number (right).
  const top = MARGIN;
  doc.font('bold').fontSize(20).fillColor(ACCENT).text('Coachwell', MARGIN, top, { width: WIDTH / 2 });
  doc.font('regular').fontSize(9).fillColor(MUTED)
    .text([BILLING_PROVIDER.name, ...BILLING_PROVIDER.address, BILLING_PROVIDER.email].join('\n'), MARGIN, top + 28, { width: WIDTH / 2, lineGap: 1 });
  const leftBottom = doc.y;
  doc.font('bold').fontSize(16).fillColor(INK).text(f(m.title), MARGIN + WIDTH / 2, top, { width: WIDTH / 2, align: 'right' });
  // Under the title, however many lines it takes (the Spanish one takes two).
  doc.font('bold').fontSize(11).fillColor(INK).text(facts.certificateNumber, MARGIN + WIDTH / 2, Math.max(top + 24, doc.y + 4), { width: WIDTH / 2, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 18;
  rule();
  doc.y += 14;

  doc.x = MARGIN;
  doc.font('regular').fontSize(10.5).fillColor(INK).text(
    f(m.statement, { provider: BILLING_PROVIDER.name }),
    { width: WIDTH, lineGap: 2 },
  );
  doc.moveDown(1);

  const facts2: [string, string][] = [
    [f(m.district), facts.districtName],
    [f(m.districtId), String(facts.districtId)],
    [f(m.deletedUtc), instantIn(facts.purgedAt, 'UTC', locale)],
    [f(m.deletedLocal), instantIn(facts.purgedAt, facts.timezone, locale)],
    [f(m.deletedBy), labelIn(locale, facts.purgedBy)],
    ...(facts.scheduledAt ? [[f(m.scheduled), facts.scheduledBy
      ? f(m.scheduledBy, { when: instantIn(facts.scheduledAt, 'UTC', locale), name: facts.scheduledBy })
      : instantIn(facts.scheduledAt, 'UTC', locale)] as [string, string]] : []),
    [f(m.certificate), facts.certificateNumber],
  ];
  const labelWidth = 150;
  for (const [label, value] of facts2) {
    const y = doc.y;
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(label, MARGIN, y, { width: labelWidth });
    doc.font('bold').fontSize(10).fillColor(INK).text(value, MARGIN + labelWidth, y, { width: WIDTH - labelWidth });
    doc.y = Math.max(doc.y, y + 14) + 3;
  }
  doc.moveDown(1);
  doc.x = MARGIN;
  doc.font('bold').fontSize(8).fillColor(MUTED).text(f(m.whatDeleted), MARGIN, doc.y, { characterSpacing: 0.6 });
  doc.moveDown(0.4);
  rule();
  doc.y += 6;
  const countX = MARGIN + WIDTH - 90;
  const row = (label: string, count: string, bold = false) => {
    if (doc.y > PAGE.height - MARGIN - 40) { doc.addPage(); doc.y = MARGIN; }
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(9.5).fillColor(INK).text(label, MARGIN, y, { width: countX - MARGIN - 12 });
    const bottom = doc.y;
    doc.text(count, countX, y, { width: 90, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 4;
  };
  for (const c of facts.counts) row(labelIn(locale, c.label), countText(c.count));
  row(f(m.files), countText(facts.filesDeleted));
  doc.y += 2;
  rule();
  doc.y += 6;
  row(f(m.total), countText(facts.counts.reduce((n, c) => n + c.count, 0)), true);
  doc.moveDown(1.2);
  doc.x = MARGIN;
  doc.font('regular').fontSize(8.5).fillColor(MUTED).text(
    f(m.footer, { email: BILLING_PROVIDER.email }),
    { width: WIDTH },
  );
  doc.end();
  return done;
}
