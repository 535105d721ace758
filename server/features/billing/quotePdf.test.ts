// GET /api/quote/{id}.pdf and /api/invoice/{id}.pdf (the PDF's text read back), POST /api/quote/{id}/send.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatUsd, type LineItem } from '../../../common/money';
import { BILLING_MESSAGES as M, BILLING_SEND_MESSAGES, QUOTE_EMAIL_LIMITS } from '../../../common/schemas/billing';
import { createMailer } from '../../lib/mailer';
import { appWith, bodyAsBytes, csrfHeaders, guestAgent, type TestApp } from '../../testing/app';
import { itRequiresLogin } from '../../testing/checks';
import { auditRows, type BillingSetup, buildInvoice, buildQuote, memberAgent, setupBilling } from '../../testing/billing.fixture';
import { buildDistrict } from '../../testing/factories';
import { invoicePdf, quotePdf } from './pdf';

let t: TestApp;
let s: BillingSetup;
beforeEach(async () => {
  ({ t, w: s } = await appWith(setupBilling));
});

/** The response body as bytes (supertest parses only text types by itself). */
const binary = (res: request.Response): Buffer => res.body as Buffer;
const getPdf = (agent: BillingSetup['agent'], url: string) => bodyAsBytes(agent.get(url));
async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

const CONTACT = { billing_contact_name: 'Dana Ortiz', billing_contact_email: 'dana@pineridge.example', billing_address: '400 Elm Street, Pine Ridge, IL 60000', tax_exempt_number: 'IL-EX-12345' };

describe('GET /api/quote/{id}.pdf', () => {
  itRequiresLogin(() => t.app, 'get', '/api/quote/1.pdf');

  it('404 for another district\'s quote', async () => {
    const other = await buildDistrict(t.db);
    const theirs = await buildQuote(t.db, { districtId: other.id });
    const res = await s.agent.get(`/api/quote/${theirs.id}.pdf`);
    expect([res.status, res.body.message]).toEqual([404, M.quoteNotFound]);
  });

  it('403 for a coach', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    const { agent } = await memberAgent(t, s.district.id);
    expect((await agent.get(`/api/quote/${quote.id}.pdf`)).status).toBe(403);
  });

  it('downloads a PDF named after the quote whose text has the number, bill-to and exact amounts', async () => {
    await t.db.updateTable('districts').set(CONTACT).where('id', '=', s.district.id).execute();
    const created = await s.agent.post('/api/quote').set(csrfHeaders(s.agent))
      .send({ plan: 'enterprise', seats: 12, term_years: 3, notes: 'Includes onboarding for 4 schools.' });
    const quote = created.body;
    const res = await getPdf(s.agent, `/api/quote/${quote.id}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${quote.number}.pdf"`);
    expect(binary(res).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(binary(res));
    // 12 seats × 3 years × $1,400.00 = $50,400.00; 10% = $5,040.00; total $45,360.00
    for (const expected of [
      quote.number, 'Pine Ridge Schools', 'Attn: Dana Ortiz', 'dana@pineridge.example', '400 Elm Street, Pine Ridge, IL 60000',
      'Tax-exempt certificate: IL-EX-12345', 'Enterprise plan: 12 coach seats × 3 school years', formatUsd(140_000),
      formatUsd(5_040_000), formatUsd(-504_000), formatUsd(4_536_000), 'Multi-year discount (10%)', 'Includes onboarding for 4 schools.',
      'Coachwell, Inc.', 'Valid until',
    ]) expect(text).toContain(expected);
    expect(formatUsd(4_536_000)).toBe('$45,360.00');
    expect(formatUsd(-504_000)).toBe('−$5,040.00');
  });

  it('lays the figures out once each: the list-price line, the discount line, the total (issue 26)', async () => {
    // 10 seats × 2 years × $1,120 = $22,400; 5% = $1,120; total $21,280.
    const quote = await buildQuote(t.db, { districtId: s.district.id, planKey: 'professional', seats: 10, termYears: 2 });
    const text = await textOf(binary(await getPdf(s.agent, `/api/quote/${quote.id}.pdf`)));
    const count = (needle: string) => text.split(needle).length - 1;
    const lines = JSON.parse(quote.line_items) as LineItem[];
    expect(lines).toHaveLength(2);
    const [list, discount] = lines;
    expect(count(formatUsd(list!.amount_cents))).toBe(1);
    expect(count(formatUsd(discount!.amount_cents))).toBe(1);
    expect(count(formatUsd(quote.total_cents))).toBe(1);
    expect(count('Multi-year discount')).toBe(1);
    expect(text).not.toContain('Subtotal');
    expect(text).toMatch(/Total \(USD\)/);
    // In reading order: list price, discount, total.
    const at = (needle: string) => text.indexOf(needle);
    expect(at(formatUsd(list!.amount_cents))).toBeLessThan(at(formatUsd(discount!.amount_cents)));
    expect(at(formatUsd(discount!.amount_cents))).toBeLessThan(at('Total (USD)'));
  });

  it('an accepted quote shows its PO number and signer', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id, status: 'accepted', accepted_at: '2026-11-20T15:00:00.000Z', po_number: 'PO-881', signer_name: 'Morgan Lee', signer_title: 'CFO' });
    const text = await textOf(binary(await getPdf(s.agent, `/api/quote/${quote.id}.pdf`)));
    expect(text).toContain('PO-881');
    expect(text).toContain('Accepted on November 20, 2026 by Morgan Lee, CFO');
  });

  it('long notes flow onto a second page with page numbers', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id, notes: Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the notes.`).join('\n') });
    const res = await getPdf(s.agent, `/api/quote/${quote.id}.pdf`);
    const pdf = await getDocumentProxy(new Uint8Array(binary(res)));
    expect(pdf.numPages).toBe(2);
    const text = await textOf(binary(res));
    expect(text).toContain('Line 40 of the notes.');
    expect(text).toContain('Page 2 of 2');
  });
});

describe('GET /api/invoice/{id}.pdf', () => {
  itRequiresLogin(() => t.app, 'get', '/api/invoice/1.pdf');

  it('404 for another district\'s invoice', async () => {
    const other = await buildDistrict(t.db);
    const theirs = await buildInvoice(t.db, { districtId: other.id });
    expect((await s.agent.get(`/api/invoice/${theirs.id}.pdf`)).status).toBe(404);
  });

  it('403 for a coach', async () => {
    const invoice = await buildInvoice(t.db, { districtId: s.district.id });
    const { agent } = await memberAgent(t, s.district.id);
    expect((await agent.get(`/api/invoice/${invoice.id}.pdf`)).status).toBe(403);
  });

  it('downloads the invoice PDF: number, dates, PO, the bill-to it was issued with and the amount due', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id, status: 'accepted' });
    const invoice = await buildInvoice(t.db, {
      districtId: s.district.id, quoteId: quote.id, po_number: 'PO-778', issued_on: '2026-11-01', due_on: '2026-12-01',
      billTo: { name: 'Dana Ortiz', address: '400 Elm Street', tax_exempt_number: 'IL-EX-12345' },
    });
    const res = await getPdf(s.agent, `/api/invoice/${invoice.id}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const text = await textOf(binary(res));
    for (const expected of [invoice.number, quote.number, 'PO-778', 'November 1, 2026', 'December 1, 2026', 'Attn: Dana Ortiz', 'IL-EX-12345', formatUsd(950_000), 'Amount due (USD)']) {
      expect(text).toContain(expected);
    }
  });

  it('a paid and a void invoice say so', async () => {
    const paid = await buildInvoice(t.db, { districtId: s.district.id, status: 'paid', paid_on: '2026-11-15' });
    expect(await textOf(binary(await getPdf(s.agent, `/api/invoice/${paid.id}.pdf`)))).toContain('Paid in full on November 15, 2026');
    const voided = await buildInvoice(t.db, { districtId: s.district.id, status: 'void', void_reason: 'Issued twice' });
    expect(await textOf(binary(await getPdf(s.agent, `/api/invoice/${voided.id}.pdf`)))).toContain('This invoice is void: Issued twice');
  });
});

describe('pdf.ts', () => {
  it('prints names in any script the font has, and a discount line on an invoice', async () => {
    const invoice = {
      id: 1, number: 'INV-2026-0042', issued_on: '2026-11-01', due_on: '2026-12-01', period_start: '2026-08-01', period_end: '2027-07-31',
      amount_cents: 1_805_000, status: 'open' as const, po_number: null, paid_on: null, quote: null, void_reason: null,
      line_items: [
        { description: 'Professional plan: 10 coach seats × 2 school years', quantity: 20, unit_cents: 95_000, amount_cents: 1_900_000 },
        { description: 'Multi-year discount (5%)', quantity: 1, unit_cents: -95_000, amount_cents: -95_000 },
      ],
      bill_to: { district: 'Distrito Escolar Peña — Ωμέγα', name: 'José Müller', email: null, address: null, tax_exempt_number: null },
      district: { id: 1, name: 'Distrito Escolar Peña' },
    };
    const text = await textOf(await invoicePdf(invoice));
    for (const expected of ['Distrito Escolar Peña — Ωμέγα', 'José Müller', '$19,000.00', '−$950.00', '$18,050.00']) expect(text).toContain(expected);
    // Each figure once: no subtotal or discount row repeats the lines (issue 26); "Please pay" names the amount due.
    for (const once of ['$19,000.00', '−$950.00', 'Multi-year discount']) expect(text.split(once).length - 1, once).toBe(1);
    expect(text.split('$18,050.00').length - 1).toBe(2);
    expect(text).not.toContain('Subtotal');
    expect(typeof quotePdf).toBe('function');
  });
});

describe('POST /api/quote/{id}/send', () => {
  const send = (agent: BillingSetup['agent'], id: number, body: unknown) => agent.post(`/api/quote/${id}/send`).set(csrfHeaders(agent)).send(body as object);

  it('401 without login', async () => {
    const guest = await guestAgent(t.app);
    expect((await send(guest, 1, { email: 'po@pineridge.example' })).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    expect((await s.agent.post(`/api/quote/${quote.id}/send`).send({ email: 'po@pineridge.example' })).status).toBe(419);
  });

  it.each([
    [undefined, 'Email is required.'],
    ['', 'Email is required.'],
    ['not-an-email', 'Enter a valid email address.'],
    [['po@pineridge.example'], 'Email is required.'],
  ])('422 for email %j', async (email, message) => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    const res = await send(s.agent, quote.id, { email });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: [message] });
    expect(t.mailer.sent).toEqual([]);
  });

  it('404 for another district\'s quote', async () => {
    const other = await buildDistrict(t.db);
    const theirs = await buildQuote(t.db, { districtId: other.id });
    expect((await send(s.agent, theirs.id, { email: 'po@pineridge.example' })).status).toBe(404);
    expect(t.mailer.sent).toEqual([]);
  });

  it('403 for a coach', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    const { agent } = await memberAgent(t, s.district.id);
    expect((await send(agent, quote.id, { email: 'po@pineridge.example' })).status).toBe(403);
  });

  it('409 for an expired or declined quote; nothing is sent', async () => {
    const expired = await buildQuote(t.db, { districtId: s.district.id, valid_until: '2020-01-01' });
    expect((await send(s.agent, expired.id, { email: 'po@pineridge.example' })).body.message).toBe(M.quoteExpired);
    const declined = await buildQuote(t.db, { districtId: s.district.id, status: 'declined' });
    expect((await send(s.agent, declined.id, { email: 'po@pineridge.example' })).status).toBe(409);
    expect(t.mailer.sent).toEqual([]);
  });

  it('emails the quote with its PDF attached, marks it sent and audits it; names are quoted and defanged', async () => {
    await t.db.updateTable('districts').set({ name: 'Pine Ridge http://evil.example' }).where('id', '=', s.district.id).execute();
    const quote = await buildQuote(t.db, { districtId: s.district.id, seats: 3, termYears: 1 });
    const res = await send(s.agent, quote.id, { email: 'PO@PineRidge.example' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'sent', sent_to: 'po@pineridge.example' });
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('po@pineridge.example');
    expect(mail.subject).toBe(`Coachwell quote ${quote.number}`);
    expect(mail.text).toContain('“Ada Admin” of “Pine Ridge http[:]//evil[.]example” sent you Coachwell quote');
    expect(mail.text).toContain(formatUsd(285_000));
    expect(mail.text).not.toContain('http://evil.example');
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments!;
    expect(attachment).toMatchObject({ filename: `${quote.number}.pdf`, contentType: 'application/pdf' });
    const text = await textOf(attachment!.content);
    expect(text).toContain(quote.number);
    expect(text).toContain(formatUsd(285_000));
    const row = await t.db.selectFrom('quotes').selectAll().where('id', '=', quote.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', sent_to: 'po@pineridge.example' });
    expect(row.sent_at).not.toBeNull();
    const [audit] = await auditRows(t, 'quote_sent');
    expect(audit).toMatchObject({ actor_id: s.admin.id, subject_type: 'quote', subject_id: quote.id });
    expect(JSON.parse(audit!.details!)).toEqual({ number: quote.number, to: 'po@pineridge.example' });
    // A sent quote can be sent again (to someone else) and still be accepted.
    expect((await send(s.agent, quote.id, { email: 'cfo@pineridge.example' })).body.sent_to).toBe('cfo@pineridge.example');
  });

  it(`429 after ${QUOTE_EMAIL_LIMITS.perQuotePerDay} emails of one quote in a day, with a clear message and nothing sent`, async () => {
    ({ t, w: s } = await appWith(setupBilling, { rateLimits: true }));
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    for (let i = 0; i < QUOTE_EMAIL_LIMITS.perQuotePerDay; i++) expect((await send(s.agent, quote.id, { email: `p${i}@pineridge.example` })).status).toBe(200);
    const res = await send(s.agent, quote.id, { email: 'again@pineridge.example' });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(BILLING_SEND_MESSAGES.tooManyQuoteEmails);
    expect(t.mailer.sent).toHaveLength(QUOTE_EMAIL_LIMITS.perQuotePerDay);
    expect(await auditRows(t, 'quote_sent')).toHaveLength(QUOTE_EMAIL_LIMITS.perQuotePerDay);
  });
});

describe('the file mailer', () => {
  it('writes attachments into the .eml', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-mail-'));
    try {
      const mailer = createMailer({ smtpUrl: null, from: 'Coachwell <no-reply@coachwell.example>', dataDir: dir, log: () => {} });
      await mailer.send({ to: 'po@example.org', subject: 'Quote', text: 'Attached.', html: '<p>Attached.</p>', attachments: [{ filename: 'Q-2026-0001.pdf', content: Buffer.from('%PDF-1.7 test'), contentType: 'application/pdf' }] });
      const [file] = fs.readdirSync(path.join(dir, 'mail'));
      const eml = fs.readFileSync(path.join(dir, 'mail', file!), 'utf8');
      expect(eml).toContain('Content-Type: application/pdf; name=Q-2026-0001.pdf');
      expect(eml).toContain(Buffer.from('%PDF-1.7 test').toString('base64'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
