// Quote and invoice PDFs (issue 14), generated on the server with pdfkit: the provider's block, the
// Q-/INV- number and dates, bill-to (contact, address, tax-exempt number), line items (the list price,
// the discount line) and the total, each once, in US dollars (formatUsd over integer cents), validity or due date, PO number and
// notes. US Letter with margins wide enough that the page also prints on A4 without clipping. Text is
// set in DejaVu Sans Condensed (embedded and subset), so any name a district types, and the minus sign
// of a discount, print as typed.
import { ACCENT, FONTS, INK, longDate, MARGIN, MONTHS, MUTED, PAGE, RULE, WIDTH } from '../../lib/pdfStyle';
import { formatUsd, type LineItem } from '../../../common/money';
import {
  BILLING_PROVIDER, type BillTo, type InvoiceDetail, INVOICE_STATUS_LABELS, type QuoteDetail, QUOTE_STATUS_LABELS,
} from '../../../common/schemas/billing';
import { plural } from '../../../common/plural';

export { longDate };

/** "Aug 1, 2026" from YYYY-MM-DD (a period's two ends on one line). */
export function shortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]!.slice(0, 3)} ${d}, ${y}`;
}

type Doc = PDFKit.PDFDocument;

async function newDocument(title: string): Promise<Doc> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER', margin: MARGIN, font: FONTS.regular, bufferPages: true,
    info: { Title: title, Author: BILLING_PROVIDER.name, Creator: 'Coachwell' }, lang: 'en-US', displayTitle: true,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  return doc;
}

function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    // Page numbers once every page exists.
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Below the bottom margin: without lifting it, pdfkit would start a new page for the footer.
      doc.page.margins.bottom = 0;
      doc.font('regular').fontSize(8).fillColor(MUTED)
        .text(`Page ${i + 1} of ${range.count}`, MARGIN, PAGE.height - MARGIN + 20, { width: WIDTH, align: 'right', lineBreak: false });
    }
    doc.end();
  });
}

/** Moves to a new page when fewer than `needed` points are left above the bottom margin. */
function ensureRoom(doc: Doc, needed: number): void {
  if (doc.y + needed > PAGE.height - MARGIN) {
    doc.addPage();
    doc.y = MARGIN;
  }
}

/** The provider's block (left) and the document's kind and number (right). */
function header(doc: Doc, kind: string, number: string): void {
  const top = MARGIN;
  doc.font('bold').fontSize(20).fillColor(ACCENT).text('Coachwell', MARGIN, top, { width: WIDTH / 2 });
  doc.font('regular').fontSize(9).fillColor(MUTED);
  doc.text([BILLING_PROVIDER.name, ...BILLING_PROVIDER.address, BILLING_PROVIDER.email].join('\n'), MARGIN, top + 28, { width: WIDTH / 2, lineGap: 1 });
  const leftBottom = doc.y;
  doc.font('bold').fontSize(22).fillColor(INK).text(kind, MARGIN + WIDTH / 2, top, { width: WIDTH / 2, align: 'right' });
  doc.font('bold').fontSize(12).fillColor(INK).text(number, MARGIN + WIDTH / 2, top + 30, { width: WIDTH / 2, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 18;
  rule(doc);
  doc.y += 14;
}

function rule(doc: Doc, weight = 0.75, color = RULE): void {
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + WIDTH, doc.y).lineWidth(weight).strokeColor(color).stroke();
}

/** Two columns side by side: the bill-to block (left) and label/value pairs (right). */
function billToAndFacts(doc: Doc, billTo: BillTo, facts: [string, string][]): void {
  const top = doc.y;
  const colWidth = WIDTH / 2 - 12;
  doc.font('bold').fontSize(8).fillColor(MUTED).text('BILL TO', MARGIN, top, { width: colWidth, characterSpacing: 0.6 });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(10.5).fillColor(INK).text(billTo.district, { width: colWidth });
  doc.font('regular').fontSize(9.5).fillColor(INK);
  const lines: string[] = [];
  if (billTo.name) lines.push(`Attn: ${billTo.name}`);
  if (billTo.email) lines.push(billTo.email);
  if (billTo.address) lines.push(billTo.address);
  if (lines.length) doc.text(lines.join('\n'), { width: colWidth, lineGap: 1 });
  doc.fillColor(MUTED).text(billTo.tax_exempt_number ? `Tax-exempt certificate: ${billTo.tax_exempt_number}` : 'Tax-exempt certificate: none on file', { width: colWidth });
  const leftBottom = doc.y;

  const x = MARGIN + WIDTH / 2 + 12;
  const labelWidth = 92;
  let y = top;
  for (const [label, value] of facts) {
    doc.font('regular').fontSize(9).fillColor(MUTED).text(label, x, y, { width: labelWidth });
    doc.font('bold').fontSize(9.5).fillColor(INK).text(value, x + labelWidth, y, { width: colWidth - labelWidth });
    y = Math.max(y + 15, doc.y + 3);
  }
  doc.y = Math.max(leftBottom, y) + 20;
  doc.x = MARGIN;
}

const COLS = { description: 0, quantity: WIDTH * 0.56, unit: WIDTH * 0.68, amount: WIDTH * 0.84 };

/**
 * Line items, then the total right-aligned under the amount column: the list-price line(s), the discount
 * line and the total, each once, as a purchasing office reads a quote. The discount is one of the lines
 * (common/money.ts priceQuote), so no subtotal or discount row repeats it; its quantity and unit price are
 * left blank, its amount says it.
 */
function lineItemTable(doc: Doc, items: LineItem[], total: { cents: number; label: string }): void {
  const row = (cells: [string, string, string, string], opts: { bold?: boolean; color?: string; size?: number }) => {
    const y = doc.y;
    doc.font(opts.bold ? 'bold' : 'regular').fontSize(opts.size ?? 9.5).fillColor(opts.color ?? INK);
    doc.text(cells[0], MARGIN + COLS.description, y, { width: COLS.quantity - 12 });
    const bottom = doc.y;
    doc.text(cells[1], MARGIN + COLS.quantity, y, { width: COLS.unit - COLS.quantity - 8, align: 'right' });
    doc.text(cells[2], MARGIN + COLS.unit, y, { width: COLS.amount - COLS.unit - 8, align: 'right' });
    doc.text(cells[3], MARGIN + COLS.amount, y, { width: WIDTH - COLS.amount, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 6;
  };
  ensureRoom(doc, 60);
  row(['Description', 'Quantity', 'Unit price', 'Amount'], { bold: true, color: MUTED, size: 8.5 });
  rule(doc, 1, INK);
  doc.y += 6;
  for (const item of items) {
    ensureRoom(doc, 30);
    const discount = item.amount_cents < 0;
    row([item.description, discount ? '' : item.quantity.toLocaleString('en-US'), discount ? '' : formatUsd(item.unit_cents), formatUsd(item.amount_cents)], {});
  }
  rule(doc, 1, INK);
  doc.y += 8;

  ensureRoom(doc, 24);
  const y = doc.y;
  doc.font('bold').fontSize(11.5).fillColor(INK);
  doc.text(total.label, MARGIN + COLS.description, y, { width: COLS.amount - 8, align: 'right' });
  doc.text(formatUsd(total.cents), MARGIN + COLS.amount, y, { width: WIDTH - COLS.amount, align: 'right' });
  doc.y += 18;
  doc.x = MARGIN;
}

/** A titled paragraph (notes, terms). */
function section(doc: Doc, title: string, body: string): void {
  ensureRoom(doc, 50);
  doc.font('bold').fontSize(8).fillColor(MUTED).text(title.toUpperCase(), MARGIN, doc.y, { width: WIDTH, characterSpacing: 0.6 });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(9.5).fillColor(INK).text(body, MARGIN, doc.y, { width: WIDTH, lineGap: 1.5 });
  doc.y += 12;
}

const termLabel = (years: number) => plural(years, 'school year', 'school years');

/** The quote's PDF. `createdOn` is the day it was created in the district's timezone. */
export async function quotePdf(quote: QuoteDetail, createdOn: string): Promise<Buffer> {
  const doc = await newDocument(`Quote ${quote.number}`);
  header(doc, 'Quote', quote.number);
  const facts: [string, string][] = [
    ['Quote number', quote.number],
    ['Date', longDate(createdOn)],
    ['Valid until', longDate(quote.valid_until)],
    ['Status', QUOTE_STATUS_LABELS[quote.status]],
    ['Plan', quote.plan.name],
    ['Coach seats', quote.seats.toLocaleString('en-US')],
    ['Term', termLabel(quote.term_years)],
  ];
  if (quote.po_number) facts.push(['PO number', quote.po_number]);
  if (quote.created_by) facts.push(['Prepared by', quote.created_by.name]);
  billToAndFacts(doc, quote.bill_to, facts);
  lineItemTable(doc, quote.line_items, { cents: quote.total_cents, label: 'Total (USD)' });
  if (quote.notes) section(doc, 'Notes', quote.notes);
  if (quote.accepted_at) {
    section(doc, 'Acceptance', `Accepted on ${longDate(quote.accepted_at.slice(0, 10))} by ${quote.signer_name ?? ''}${quote.signer_title ? `, ${quote.signer_title}` : ''}, under purchase order ${quote.po_number ?? ''}.`);
  }
  section(doc, 'Terms',
    `This quote is valid until ${longDate(quote.valid_until)}. Prices are per coach seat per school year, in US dollars. ` +
    'Accept it in Coachwell under Settings → Billing → Quotes with your purchase order number, or send the purchase order quoting ' +
    `${quote.number} to ${BILLING_PROVIDER.email}. An invoice, due 30 days after it is issued, follows activation.`);
  return finish(doc);
}

export async function invoicePdf(invoice: InvoiceDetail): Promise<Buffer> {
  const doc = await newDocument(`Invoice ${invoice.number}`);
  header(doc, 'Invoice', invoice.number);
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Issued', longDate(invoice.issued_on)],
    ['Due', longDate(invoice.due_on)],
    ['Period', `${shortDate(invoice.period_start)} – ${shortDate(invoice.period_end)}`],
    ['Status', INVOICE_STATUS_LABELS[invoice.status]],
  ];
  if (invoice.po_number) facts.push(['PO number', invoice.po_number]);
  if (invoice.quote) facts.push(['Quote', invoice.quote.number]);
  if (invoice.paid_on) facts.push(['Paid on', longDate(invoice.paid_on)]);
  billToAndFacts(doc, invoice.bill_to, facts);
  lineItemTable(doc, invoice.line_items, { cents: invoice.amount_cents, label: invoice.status === 'paid' ? 'Total paid (USD)' : 'Amount due (USD)' });
  if (invoice.status === 'void') section(doc, 'Void', `This invoice is void${invoice.void_reason ? `: ${invoice.void_reason}` : '.'} Nothing is owed on it.`);
  else if (invoice.status === 'paid') section(doc, 'Payment', `Paid in full${invoice.paid_on ? ` on ${longDate(invoice.paid_on)}` : ''}. Thank you.`);
  else {
    section(doc, 'Payment',
      `Please pay ${formatUsd(invoice.amount_cents)} by ${longDate(invoice.due_on)}${invoice.po_number ? ` against purchase order ${invoice.po_number}` : ''}, ` +
      `quoting ${invoice.number}. Questions about this invoice: ${BILLING_PROVIDER.email}.`);
  }
  return finish(doc);
}

/** `attachment; filename="Q-2026-0001.pdf"` */
export function pdfFileName(number: string): string {
  return `${number.replace(/[^\w.-]/g, '_')}.pdf`;
}
