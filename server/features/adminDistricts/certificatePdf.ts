// The deletion certificate (issue 32, item 3): a one-page PDF that names the purged district, says what was deleted
// (each kind with its count), when (UTC and the district's own timezone), by whom (a provider staff member or the
// scheduled deletion job) and under which certificate number. Set in the house style of lib/pdfStyle.ts, like the billing documents.
import type { DeletionCount } from '../../../common/schemas/districtDeletion';
import { BILLING_PROVIDER } from '../../../common/schemas/billing';
import { countText } from '../../../common/plural';
import { ACCENT, FONTS, INK, longDate, MARGIN, MUTED, PAGE, RULE, WIDTH } from '../../lib/pdfStyle';
import { localDateTime } from '../../lib/zone';

/** "November 29, 2026 at 17:04 UTC" / "… at 11:04 (America/Chicago)". */
export function instantIn(iso: string, timeZone: string): string {
  const { date, time } = localDateTime(iso, timeZone);
  return `${longDate(date)} at ${time.slice(0, 5)}${timeZone === 'UTC' ? ' UTC' : ` (${timeZone})`}`;
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
}

export async function deletionCertificatePdf(facts: CertificateFacts): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER', margin: MARGIN, font: FONTS.regular,
    info: {
      Title: `Certificate of data deletion ${facts.certificateNumber}`, Subject: `The deletion of ${facts.districtName}`,
      Author: BILLING_PROVIDER.name, Creator: 'Coachwell',
    },
    lang: 'en-US', displayTitle: true,
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
  doc.font('bold').fontSize(16).fillColor(INK).text('Certificate of data deletion', MARGIN + WIDTH / 2, top, { width: WIDTH / 2, align: 'right' });
  doc.font('bold').fontSize(11).fillColor(INK).text(facts.certificateNumber, MARGIN + WIDTH / 2, top + 24, { width: WIDTH / 2, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 18;
  rule();
  doc.y += 14;

  doc.x = MARGIN;
  doc.font('regular').fontSize(10.5).fillColor(INK).text(
    `${BILLING_PROVIDER.name} certifies that every record it held for the district named below has been permanently `
    + 'deleted from the Coachwell service: its rows in every table of the database, its files, and the sessions of its '
    + 'people. The district\'s users can no longer sign in, and their email addresses are free. Copies in backups taken '
    + 'before the deletion are not covered by this certificate: they expire on the provider\'s backup schedule.',
    { width: WIDTH, lineGap: 2 },
  );
  doc.moveDown(1);

  const facts2: [string, string][] = [
    ['District', facts.districtName],
    ['District id', String(facts.districtId)],
    ['Deleted (UTC)', instantIn(facts.purgedAt, 'UTC')],
    ["Deleted (district's time)", instantIn(facts.purgedAt, facts.timezone)],
    ['Deleted by', facts.purgedBy],
    ...(facts.scheduledAt ? [['Deletion scheduled', `${instantIn(facts.scheduledAt, 'UTC')}${facts.scheduledBy ? ` by ${facts.scheduledBy}` : ''}`] as [string, string]] : []),
    ['Certificate', facts.certificateNumber],
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
  doc.font('bold').fontSize(8).fillColor(MUTED).text('WHAT WAS DELETED', MARGIN, doc.y, { characterSpacing: 0.6 });
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
  for (const c of facts.counts) row(c.label, countText(c.count));
  row('Files (exports and uploads)', countText(facts.filesDeleted));
  doc.y += 2;
  rule();
  doc.y += 6;
  row('Records deleted in all', countText(facts.counts.reduce((n, c) => n + c.count, 0)), true);
  doc.moveDown(1.2);
  doc.x = MARGIN;
  doc.font('regular').fontSize(8.5).fillColor(MUTED).text(
    `The provider keeps this certificate and, in its log, the district's id and name only. Questions: ${BILLING_PROVIDER.email}.`,
    { width: WIDTH },
  );
  doc.end();
  return done;
}
