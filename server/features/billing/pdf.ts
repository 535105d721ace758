// Quote and invoice PDFs (issue 14), generated on the server with pdfkit: the provider's block, the
// Q-/INV- number and dates, bill-to (contact, address, tax-exempt number), line items (the list price,
// the discount line) and the total, each once, in US dollars (formatUsd over integer cents), validity or due date, PO number and
// notes. US Letter with margins wide enough that the page also prints on A4 without clipping. Text is
// set in DejaVu Sans Condensed (embedded and subset), so any name a district types, and the minus sign
// of a discount, print as typed.
// Rendered off the event loop, in the PDF worker (lib/pdfRender.ts): the routes and the quote email call
// quotePdfInWorker and invoicePdfInWorker; the worker runs quotePdf and invoicePdf.
import { ACCENT, FONTS, INK, longDate, MARGIN, MONTHS, MUTED, PAGE, RULE, WIDTH } from '../../lib/pdfStyle';
import { renderPdf } from '../../lib/pdfRender';
import { formatUsd, type LineItem } from '../../../common/money';
import {
  BILLING_PROVIDER, type BillTo, type InvoiceDetail, INVOICE_STATUS_LABELS, type QuoteDetail, QUOTE_STATUS_LABELS,
} from '../../../common/schemas/billing';
import type { Locale } from '../../../common/locales';
import { defineServerMessages, formatServer, formatServerDate, type MessageDescriptor } from '../../i18n/messages';

export { longDate };

// Issue 33: the PDFs are in the district's language (dates too); amounts stay US dollars, written as in the US.
const m = defineServerMessages({
  page: { id: 'billing.pdf.page', defaultMessage: 'Page {page} of {pages}' },
  billTo: { id: 'billing.pdf.billTo', defaultMessage: 'BILL TO' },
  attn: { id: 'billing.pdf.attn', defaultMessage: 'Attn: {name}' },
  taxExempt: { id: 'billing.pdf.taxExempt', defaultMessage: 'Tax-exempt certificate: {number}' },
  taxExemptNone: { id: 'billing.pdf.taxExemptNone', defaultMessage: 'Tax-exempt certificate: none on file' },
  description: { id: 'billing.pdf.description', defaultMessage: 'Description' },
  quantity: { id: 'billing.pdf.quantity', defaultMessage: 'Quantity' },
  unitPrice: { id: 'billing.pdf.unitPrice', defaultMessage: 'Unit price' },
  amount: { id: 'billing.pdf.amount', defaultMessage: 'Amount' },
  term: { id: 'billing.pdf.term', defaultMessage: '{count, plural, one {# school year} other {# school years}}' },
  quoteTitle: { id: 'billing.pdf.quoteTitle', defaultMessage: 'Quote {number}' },
  quote: { id: 'billing.pdf.quote', defaultMessage: 'Quote' },
  quoteNumber: { id: 'billing.pdf.quoteNumber', defaultMessage: 'Quote number' },
  date: { id: 'billing.pdf.date', defaultMessage: 'Date' },
  validUntil: { id: 'billing.pdf.validUntil', defaultMessage: 'Valid until' },
  status: { id: 'billing.pdf.status', defaultMessage: 'Status' },
  plan: { id: 'billing.pdf.plan', defaultMessage: 'Plan' },
  coachSeats: { id: 'billing.pdf.coachSeats', defaultMessage: 'Coach seats' },
  termLabel: { id: 'billing.pdf.termLabel', defaultMessage: 'Term' },
  poNumber: { id: 'billing.pdf.poNumber', defaultMessage: 'PO number' },
  preparedBy: { id: 'billing.pdf.preparedBy', defaultMessage: 'Prepared by' },
  totalUsd: { id: 'billing.pdf.totalUsd', defaultMessage: 'Total (USD)' },
  notes: { id: 'billing.pdf.notes', defaultMessage: 'Notes' },
  acceptance: { id: 'billing.pdf.acceptance', defaultMessage: 'Acceptance' },
  acceptedOn: { id: 'billing.pdf.acceptedOn', defaultMessage: 'Accepted on {date} by {signer}, under purchase order {po}.' },
  terms: { id: 'billing.pdf.terms', defaultMessage: 'Terms' },
  termsText: {
    id: 'billing.pdf.termsText',
    defaultMessage: 'This quote is valid until {date}. Prices are per coach seat per school year, in US dollars. Accept it in Coachwell under Settings → Billing → Quotes with your purchase order number, or send the purchase order quoting {number} to {email}. An invoice, due 30 days after it is issued, follows activation.',
  },
  invoiceTitle: { id: 'billing.pdf.invoiceTitle', defaultMessage: 'Invoice {number}' },
  invoice: { id: 'billing.pdf.invoice', defaultMessage: 'Invoice' },
  invoiceNumber: { id: 'billing.pdf.invoiceNumber', defaultMessage: 'Invoice number' },
  issued: { id: 'billing.pdf.issued', defaultMessage: 'Issued' },
  due: { id: 'billing.pdf.due', defaultMessage: 'Due' },
  period: { id: 'billing.pdf.period', defaultMessage: 'Period' },
  paidOn: { id: 'billing.pdf.paidOn', defaultMessage: 'Paid on' },
  totalPaid: { id: 'billing.pdf.totalPaid', defaultMessage: 'Total paid (USD)' },
  amountDue: { id: 'billing.pdf.amountDue', defaultMessage: 'Amount due (USD)' },
  void: { id: 'billing.pdf.void', defaultMessage: 'Void' },
  voidReason: { id: 'billing.pdf.voidReason', defaultMessage: 'This invoice is void: {reason} Nothing is owed on it.' },
  voidPlain: { id: 'billing.pdf.voidPlain', defaultMessage: 'This invoice is void. Nothing is owed on it.' },
  payment: { id: 'billing.pdf.payment', defaultMessage: 'Payment' },
  paidInFullOn: { id: 'billing.pdf.paidInFullOn', defaultMessage: 'Paid in full on {date}. Thank you.' },
  paidInFull: { id: 'billing.pdf.paidInFull', defaultMessage: 'Paid in full. Thank you.' },
  pleasePayPo: {
    id: 'billing.pdf.pleasePayPo',
    defaultMessage: 'Please pay {amount} by {date} against purchase order {po}, quoting {number}. Questions about this invoice: {email}.',
  },
  pleasePay: { id: 'billing.pdf.pleasePay', defaultMessage: 'Please pay {amount} by {date}, quoting {number}. Questions about this invoice: {email}.' },
});

const STATUS = defineServerMessages({
  draft: { id: 'billing.status.draft', defaultMessage: 'Draft' },
  sent: { id: 'billing.status.sent', defaultMessage: 'Sent' },
  accepted: { id: 'billing.status.accepted', defaultMessage: 'Accepted' },
  declined: { id: 'billing.status.declined', defaultMessage: 'Declined' },
  expired: { id: 'billing.status.expired', defaultMessage: 'Expired' },
  open: { id: 'billing.status.open', defaultMessage: 'Open' },
  paid: { id: 'billing.status.paid', defaultMessage: 'Paid' },
  overdue: { id: 'billing.status.overdue', defaultMessage: 'Overdue' },
  void: { id: 'billing.status.void', defaultMessage: 'Void' },
});

/** A quote's or invoice's status word (QUOTE_STATUS_LABELS, INVOICE_STATUS_LABELS) in `locale`. */
function statusIn(locale: Locale, english: string): string {
  const message = Object.values(STATUS).find((d) => d.defaultMessage === english);
  return message ? formatServer(locale, message) : english;
}

const LINES = defineServerMessages({
  plan: {
    id: 'billing.line.plan',
    defaultMessage: '{plan} plan: {seats, plural, one {# coach seat} other {# coach seats}} × {years, plural, one {# school year} other {# school years}}',
  },
  discount: { id: 'billing.line.discount', defaultMessage: 'Multi-year discount ({percent}%)' },
});

/**
 * A line item's description in `locale`. The lines are stored as priced (common/money.ts priceQuote writes them in
 * English); the two kinds it writes are read back and written in the language, anything else prints as stored.
 */
export function lineDescription(locale: Locale, description: string): string {
  if (locale === 'en') return description;
  const plan = /^(.+) plan: ([\d,]+) coach seats? × ([\d,]+) school years?$/.exec(description);
  if (plan) return formatServer(locale, LINES.plan, { plan: plan[1]!, seats: Number(plan[2]!.replace(/,/g, '')), years: Number(plan[3]!.replace(/,/g, '')) });
  const discount = /^Multi-year discount \(([\d.]+)%\)$/.exec(description);
  if (discount) return formatServer(locale, LINES.discount, { percent: discount[1]! });
  return description;
}

/** "November 23, 2026" ("23 de noviembre de 2026") from YYYY-MM-DD. */
export function pdfLongDate(date: string, locale: Locale): string {
  return locale === 'en' ? longDate(date) : formatServerDate(locale, date);
}

/** "Aug 1, 2026" from YYYY-MM-DD (a period's two ends on one line); "1 ago 2026" in Spanish. */
export function shortDate(date: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return formatServerDate(locale, date, { month: 'short', day: 'numeric', year: 'numeric' });
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]!.slice(0, 3)} ${d}, ${y}`;
}

type Doc = PDFKit.PDFDocument;

async function newDocument(title: string, locale: Locale): Promise<Doc> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER', margin: MARGIN, font: FONTS.regular, bufferPages: true,
    info: { Title: title, Author: BILLING_PROVIDER.name, Creator: 'Coachwell' }, lang: locale === 'en' ? 'en-US' : 'es-US', displayTitle: true,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  return doc;
}

function finish(doc: Doc, locale: Locale): Promise<Buffer> {
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
        .text(formatServer(locale, m.page, { page: i + 1, pages: range.count }), MARGIN, PAGE.height - MARGIN + 20, { width: WIDTH, align: 'right', lineBreak: false });
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
function billToAndFacts(doc: Doc, locale: Locale, billTo: BillTo, facts: [string, string][]): void {
  const top = doc.y;
  const colWidth = WIDTH / 2 - 12;
  doc.font('bold').fontSize(8).fillColor(MUTED).text(formatServer(locale, m.billTo), MARGIN, top, { width: colWidth, characterSpacing: 0.6 });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(10.5).fillColor(INK).text(billTo.district, { width: colWidth });
  doc.font('regular').fontSize(9.5).fillColor(INK);
  const lines: string[] = [];
  if (billTo.name) lines.push(formatServer(locale, m.attn, { name: billTo.name }));
  if (billTo.email) lines.push(billTo.email);
  if (billTo.address) lines.push(billTo.address);
  if (lines.length) doc.text(lines.join('\n'), { width: colWidth, lineGap: 1 });
  doc.fillColor(MUTED).text(billTo.tax_exempt_number ? formatServer(locale, m.taxExempt, { number: billTo.tax_exempt_number }) : formatServer(locale, m.taxExemptNone), { width: colWidth });
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
function lineItemTable(doc: Doc, locale: Locale, items: LineItem[], total: { cents: number; label: string }): void {
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
  row([m.description, m.quantity, m.unitPrice, m.amount].map((h) => formatServer(locale, h)) as [string, string, string, string], { bold: true, color: MUTED, size: 8.5 });
  rule(doc, 1, INK);
  doc.y += 6;
  for (const item of items) {
    ensureRoom(doc, 30);
    const discount = item.amount_cents < 0;
    row([lineDescription(locale, item.description), discount ? '' : item.quantity.toLocaleString('en-US'), discount ? '' : formatUsd(item.unit_cents), formatUsd(item.amount_cents)], {});
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

/** The quote's PDF, in `locale` (the district's language). `createdOn` is the day it was created in the district's timezone. */
export async function quotePdf(quote: QuoteDetail, createdOn: string, locale: Locale = 'en'): Promise<Buffer> {
  const f = (message: MessageDescriptor, values?: Record<string, string | number>) => formatServer(locale, message, values);
  const day = (date: string) => pdfLongDate(date, locale);
  const doc = await newDocument(f(m.quoteTitle, { number: quote.number }), locale);
  header(doc, f(m.quote), quote.number);
  const facts: [string, string][] = [
    [f(m.quoteNumber), quote.number],
    [f(m.date), day(createdOn)],
    [f(m.validUntil), day(quote.valid_until)],
    [f(m.status), statusIn(locale, QUOTE_STATUS_LABELS[quote.status])],
    [f(m.plan), quote.plan.name],
    [f(m.coachSeats), quote.seats.toLocaleString('en-US')],
    [f(m.termLabel), f(m.term, { count: quote.term_years })],
  ];
  if (quote.po_number) facts.push([f(m.poNumber), quote.po_number]);
  if (quote.created_by) facts.push([f(m.preparedBy), quote.created_by.name]);
  billToAndFacts(doc, locale, quote.bill_to, facts);
  lineItemTable(doc, locale, quote.line_items, { cents: quote.total_cents, label: f(m.totalUsd) });
  if (quote.notes) section(doc, f(m.notes), quote.notes);
  if (quote.accepted_at) {
    section(doc, f(m.acceptance), f(m.acceptedOn, {
      date: day(quote.accepted_at.slice(0, 10)), signer: `${quote.signer_name ?? ''}${quote.signer_title ? `, ${quote.signer_title}` : ''}`, po: quote.po_number ?? '',
    }));
  }
  section(doc, f(m.terms), f(m.termsText, { date: day(quote.valid_until), number: quote.number, email: BILLING_PROVIDER.email }));
  return finish(doc, locale);
}

/** The invoice's PDF, in `locale` (the district's language). */
export async function invoicePdf(invoice: InvoiceDetail, locale: Locale = 'en'): Promise<Buffer> {
  const f = (message: MessageDescriptor, values?: Record<string, string | number>) => formatServer(locale, message, values);
  const day = (date: string) => pdfLongDate(date, locale);
  const doc = await newDocument(f(m.invoiceTitle, { number: invoice.number }), locale);
  header(doc, f(m.invoice), invoice.number);
  const facts: [string, string][] = [
    [f(m.invoiceNumber), invoice.number],
    [f(m.issued), day(invoice.issued_on)],
    [f(m.due), day(invoice.due_on)],
    [f(m.period), `${shortDate(invoice.period_start, locale)} – ${shortDate(invoice.period_end, locale)}`],
    [f(m.status), statusIn(locale, INVOICE_STATUS_LABELS[invoice.status])],
  ];
  if (invoice.po_number) facts.push([f(m.poNumber), invoice.po_number]);
  if (invoice.quote) facts.push([f(m.quote), invoice.quote.number]);
  if (invoice.paid_on) facts.push([f(m.paidOn), day(invoice.paid_on)]);
  billToAndFacts(doc, locale, invoice.bill_to, facts);
  lineItemTable(doc, locale, invoice.line_items, { cents: invoice.amount_cents, label: f(invoice.status === 'paid' ? m.totalPaid : m.amountDue) });
  if (invoice.status === 'void') section(doc, f(m.void), invoice.void_reason ? f(m.voidReason, { reason: invoice.void_reason }) : f(m.voidPlain));
  else if (invoice.status === 'paid') section(doc, f(m.payment), invoice.paid_on ? f(m.paidInFullOn, { date: day(invoice.paid_on) }) : f(m.paidInFull));
  else {
    const values = { amount: formatUsd(invoice.amount_cents), date: day(invoice.due_on), po: invoice.po_number ?? '', number: invoice.number, email: BILLING_PROVIDER.email };
    section(doc, f(m.payment), f(invoice.po_number ? m.pleasePayPo : m.pleasePay, values));
  }
  return finish(doc, locale);
}

/** The quote's PDF rendered in the PDF worker (lib/pdfRender.ts), off the event loop: what quotePdf makes. */
export function quotePdfInWorker(...args: Parameters<typeof quotePdf>): Promise<Buffer> {
  return renderPdf('quote', args);
}

/** The invoice's PDF rendered in the PDF worker, off the event loop: what invoicePdf makes. */
export function invoicePdfInWorker(...args: Parameters<typeof invoicePdf>): Promise<Buffer> {
  return renderPdf('invoice', args);
}

/** `attachment; filename="Q-2026-0001.pdf"` */
export function pdfFileName(number: string): string {
  return `${number.replace(/[^\w.-]/g, '_')}.pdf`;
}
