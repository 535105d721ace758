// GET and POST /api/quote, GET /api/quote/{id}, POST /api/quote/{id}/accept and /decline.
import { beforeEach, describe, expect, it } from 'vitest';
import { formatUsd } from '../../../common/money';
import { BILLING_MESSAGES as M, QUOTES_PER_DAY } from '../../../common/schemas/billing';
import { addDays } from '../../lib/dates';
import { todayIn } from '../../lib/zone';
import { appWith, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { itRejectsQueries, itRequiresLogin } from '../../testing/checks';
import { auditRows, type BillingSetup, buildQuote, memberAgent, setupBilling } from '../../testing/billing.fixture';
import { buildDistrict, buildUser } from '../../testing/factories';

let t: TestApp;
let s: BillingSetup;
beforeEach(async () => {
  ({ t, w: s } = await appWith(setupBilling));
});

const VALID = { plan: 'professional', seats: 12, term_years: 2, notes: 'For the 2027–28 school year.' };
const post = (agent: BillingSetup['agent'], path: string, body: unknown) => agent.post(path).set(csrfHeaders(agent)).send(body as object);
const quotesIn = (districtId: number) => t.db.selectFrom('quotes').selectAll().where('district_id', '=', districtId).orderBy('id').execute();
const today = () => todayIn('America/Chicago');

describe('POST /api/quote', () => {
  it('401 without login', async () => {
    const guest = await guestAgent(t.app);
    expect((await post(guest, '/api/quote', VALID)).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    expect((await s.agent.post('/api/quote').send(VALID)).status).toBe(419);
  });

  it.each([
    ['plan', undefined, M.planRequired],
    ['plan', '', M.planRequired],
    ['plan', 'platinum', M.planUnknown],
    ['plan', 7, M.planUnknown],
    ['seats', 0, M.seats],
    ['seats', 10_001, M.seats],
    ['seats', 2.5, M.seats],
    ['seats', '12', M.seats],
    ['seats', null, M.seats],
    ['term_years', 4, M.termYears],
    ['term_years', 0, M.termYears],
    ['term_years', '1', M.termYears],
    ['notes', 'x'.repeat(2001), M.notesTooLong],
    ['notes', 42, M.notesText],
  ])('422 for %s = %j', async (field, value, message) => {
    const res = await post(s.agent, '/api/quote', { ...VALID, [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
    expect(await quotesIn(s.district.id)).toEqual([]);
  });

  it('422 naming every bad field at once, and for a body that is not an object', async () => {
    const res = await post(s.agent, '/api/quote', { plan: 'x', seats: -1, term_years: 9 });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['plan', 'seats', 'term_years']);
    const list = await post(s.agent, '/api/quote', [1, 2]);
    expect(list.status).toBe(422);
  });

  it('403 for a coach', async () => {
    const { agent } = await memberAgent(t, s.district.id);
    expect((await post(agent, '/api/quote', VALID)).status).toBe(403);
    expect(await quotesIn(s.district.id)).toEqual([]);
  });

  it('creates a numbered draft priced from the plan\'s current price, valid for 30 days, and audits it', async () => {
    await t.db.updateTable('plans').set({ price_per_seat_cents: 99_999 }).where('key', '=', 'professional').execute();
    const res = await post(s.agent, '/api/quote', { ...VALID, notes: '  For the 2027–28 school year.  ' });
    expect(res.status).toBe(201);
    const year = today().slice(0, 4);
    // 12 seats × 2 years × $999.99 = $23,999.76; 5% = $1,199.988 → $1,199.99 (half up); total $22,799.77
    expect(res.body).toMatchObject({
      number: `Q-${year}-0001`, plan: { key: 'professional', name: 'Professional' }, seats: 12, term_years: 2, status: 'draft',
      price_per_seat_cents: 99_999, subtotal_cents: 2_399_976, discount_bps: 500, discount_cents: 119_999, total_cents: 2_279_977,
      valid_until: addDays(today(), 30), notes: 'For the 2027–28 school year.', created_by: { id: s.admin.id, name: 'Ada Admin' },
      bill_to: { district: 'Pine Ridge Schools', name: null, email: null, address: null, tax_exempt_number: null },
      district: { id: s.district.id, name: 'Pine Ridge Schools' }, invoice: null, sent_at: null, accepted_at: null, activated_at: null,
    });
    expect(res.body.line_items).toEqual([
      { description: 'Professional plan: 12 coach seats × 2 school years', quantity: 24, unit_cents: 99_999, amount_cents: 2_399_976 },
      { description: 'Multi-year discount (5%)', quantity: 1, unit_cents: -119_999, amount_cents: -119_999 },
    ]);
    const [row] = await quotesIn(s.district.id);
    expect(row).toMatchObject({ id: res.body.id, number: `Q-${year}-0001`, status: 'draft', total_cents: 2_279_977, created_by: s.admin.id, plan_name: 'Professional' });
    const [audit] = await auditRows(t, 'quote_created');
    expect(audit).toMatchObject({ district_id: s.district.id, actor_id: s.admin.id, subject_type: 'quote', subject_id: row!.id });
    expect(JSON.parse(audit!.details!)).toEqual({ number: `Q-${year}-0001`, plan: 'professional', seats: 12, term_years: 2, total_cents: 2_279_977 });
    expect(formatUsd(res.body.total_cents)).toBe('$22,799.77');
  });

  it('the largest order prices exactly in whole cents', async () => {
    const res = await post(s.agent, '/api/quote', { plan: 'enterprise', seats: 10_000, term_years: 3 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subtotal_cents: 4_200_000_000, discount_cents: 420_000_000, total_cents: 3_780_000_000, notes: '' });
  });

  it('numbers concurrent creations distinctly and in order', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(s.agent, '/api/quote', VALID)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    const rows = await quotesIn(s.district.id);
    const year = today().slice(0, 4);
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 10 }, (_, i) => `Q-${year}-${String(i + 1).padStart(4, '0')}`));
    expect(new Set(answers.map((r) => r.body.number)).size).toBe(10);
  });

  it(`429 after ${QUOTES_PER_DAY} quotes in a day for the district; nothing is numbered`, async () => {
    ({ t, w: s } = await appWith(setupBilling, { rateLimits: true }));
    for (let i = 0; i < QUOTES_PER_DAY; i++) expect((await post(s.agent, '/api/quote', VALID)).status).toBe(201);
    const res = await post(s.agent, '/api/quote', VALID);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(M.tooManyQuotes);
    expect(await quotesIn(s.district.id)).toHaveLength(QUOTES_PER_DAY);
    // Another district is not affected.
    const other = await setupBilling(t, { name: 'Other Schools' });
    expect((await post(other.agent, '/api/quote', VALID)).status).toBe(201);
  });
});

describe('GET /api/quote', () => {
  itRequiresLogin(() => t.app, 'get', '/api/quote');

  itRejectsQueries('/api/quote', () => s.agent, [
    ['filter[status]=gone', 'filter.status', 'Status must be draft, sent, accepted, declined or expired.'],
    ['filter=draft', 'filter', 'Filter must be an object.'],
    ['page=abc', 'page', 'Page must be a whole number.'],
    ['per_page=0', 'per_page', 'Per page must be at least 1.'],
  ]);

  it('403 for a coach', async () => {
    const { agent } = await memberAgent(t, s.district.id);
    expect((await agent.get('/api/quote')).status).toBe(403);
  });

  it('lists the district\'s quotes newest first, paged, with expired read off valid_until and filterable', async () => {
    const d = s.district.id;
    const yesterday = addDays(today(), -1);
    const a = await buildQuote(t.db, { districtId: d, created_at: '2026-09-01T10:00:00.000Z', status: 'sent', valid_until: yesterday });
    const b = await buildQuote(t.db, { districtId: d, created_at: '2026-09-02T10:00:00.000Z', status: 'accepted', valid_until: yesterday });
    const c = await buildQuote(t.db, { districtId: d, created_at: '2026-09-03T10:00:00.000Z', status: 'draft', valid_until: today() });
    const e = await buildQuote(t.db, { districtId: d, created_at: '2026-09-04T10:00:00.000Z', status: 'declined' });
    const other = await buildDistrict(t.db);
    await buildQuote(t.db, { districtId: other.id });

    const res = await s.agent.get('/api/quote');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 25, total: 4, last_page: 1 });
    expect(res.body.data.map((q: { id: number; status: string }) => [q.id, q.status]))
      .toEqual([[e.id, 'declined'], [c.id, 'draft'], [b.id, 'accepted'], [a.id, 'expired']]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      ['activated_at', 'created_at', 'created_by', 'id', 'number', 'plan', 'seats', 'status', 'term_years', 'total_cents', 'valid_until']);

    const ids = async (qs: string) => {
      const r = await s.agent.get(`/api/quote?${qs}`);
      return [r.body.meta.total, r.body.data.map((q: { id: number }) => q.id)];
    };
    expect(await ids('filter[status]=expired')).toEqual([1, [a.id]]);
    expect(await ids('filter[status]=draft')).toEqual([1, [c.id]]);
    expect(await ids('filter[status]=sent')).toEqual([0, []]);
    expect(await ids('filter[status]=accepted')).toEqual([1, [b.id]]);
    expect(await ids('per_page=1&page=2')).toEqual([4, [c.id]]);
    expect(await ids('page=100000')).toEqual([4, []]);
  });
});

describe('GET /api/quote/{id}', () => {
  itRequiresLogin(() => t.app, 'get', '/api/quote/1');

  it('404 for another district\'s quote, a missing one and ids that are not ids', async () => {
    const other = await buildDistrict(t.db);
    const theirs = await buildQuote(t.db, { districtId: other.id });
    for (const path of [`/api/quote/${theirs.id}`, `/api/quote/${theirs.id}.pdf`, '/api/quote/4242', '/api/quote/0', '/api/quote/x.pdf', '/api/quote/1.pdf.pdf', '/api/quote/99999999999999999999']) {
      const res = await s.agent.get(path);
      expect([path, res.status, res.body.message]).toEqual([path, 404, M.quoteNotFound]);
    }
  });

  it('403 for a coach', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    const { agent } = await memberAgent(t, s.district.id);
    expect((await agent.get(`/api/quote/${quote.id}`)).status).toBe(403);
  });

  it('answers the quote with the district\'s current bill-to', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id, termYears: 3, createdBy: s.admin.id, notes: 'Hello' });
    await t.db.updateTable('districts').set({ billing_contact_name: 'Dana Ortiz', tax_exempt_number: 'EX-9' }).where('id', '=', s.district.id).execute();
    const res = await s.agent.get(`/api/quote/${quote.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: quote.id, number: quote.number, term_years: 3, discount_bps: 1000, notes: 'Hello', created_by: { id: s.admin.id, name: 'Ada Admin' },
      bill_to: { district: 'Pine Ridge Schools', name: 'Dana Ortiz', email: null, address: null, tax_exempt_number: 'EX-9' },
    });
  });
});

describe('in Spanish (issue 33)', () => {
  it('answers a person who reads Spanish in Spanish: 422 by field, 404, 409; nothing changes', async () => {
    await t.db.updateTable('users').set({ locale: 'es' }).where('id', '=', s.admin.id).execute();
    const bad = await post(s.agent, '/api/quote', { ...VALID, seats: 0, notes: 42 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      seats: ['Las licencias deben ser un número entero entre 1 y 10,000.'], notes: ['Las notas deben ser texto.'],
    });
    expect(await quotesIn(s.district.id)).toEqual([]);
    const missing = await s.agent.get('/api/quote/4242');
    expect([missing.status, missing.body.message]).toEqual([404, 'No encontramos esa cotización.']);
    const closed = await buildQuote(t.db, { districtId: s.district.id, status: 'declined' });
    const conflict = await post(s.agent, `/api/quote/${closed.id}/accept`, { po_number: 'PO-1', signer_name: 'Morgan Lee', signer_title: '' });
    expect(conflict.status).toBe(422);
    expect(conflict.body.errors).toEqual({ signer_title: ['El cargo del firmante es obligatorio.'] });
    const refused = await post(s.agent, `/api/quote/${closed.id}/accept`, { po_number: 'PO-1', signer_name: 'Morgan Lee', signer_title: 'CFO' });
    expect([refused.status, refused.body.message]).toEqual([409, 'Solo se puede enviar, aceptar o rechazar una cotización en borrador o enviada.']);
    expect((await t.db.selectFrom('quotes').select('status').where('id', '=', closed.id).executeTakeFirstOrThrow()).status).toBe('declined');
    // The same person in English again: the exact English messages.
    await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', s.admin.id).execute();
    expect((await s.agent.get('/api/quote/4242')).body.message).toBe(M.quoteNotFound);
  });
});

describe('POST /api/quote/{id}/accept', () => {
  const ACCEPT = { po_number: 'PO-2026-118', signer_name: 'Morgan Lee', signer_title: 'Chief Business Officer' };

  it('401 without login', async () => {
    const guest = await guestAgent(t.app);
    expect((await post(guest, '/api/quote/1/accept', ACCEPT)).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    expect((await s.agent.post(`/api/quote/${quote.id}/accept`).send(ACCEPT)).status).toBe(419);
  });

  it.each([
    ['po_number', '', M.poNumberRequired],
    ['po_number', undefined, M.poNumberRequired],
    ['po_number', 'x'.repeat(61), 'PO number must be at most 60 characters.'],
    ['signer_name', '  ', M.signerNameRequired],
    ['signer_name', 5, M.signerNameRequired],
    ['signer_title', null, M.signerTitleRequired],
  ])('422 for %s = %j', async (field, value, message) => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    const res = await post(s.agent, `/api/quote/${quote.id}/accept`, { ...ACCEPT, [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
    expect((await quotesIn(s.district.id))[0]!.status).toBe('draft');
  });

  it('404 for another district\'s quote', async () => {
    const other = await buildDistrict(t.db);
    const theirs = await buildQuote(t.db, { districtId: other.id });
    const res = await post(s.agent, `/api/quote/${theirs.id}/accept`, ACCEPT);
    expect(res.status).toBe(404);
    expect((await quotesIn(other.id))[0]!.status).toBe('draft');
  });

  it('403 for a coach', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    const { agent } = await memberAgent(t, s.district.id);
    expect((await post(agent, `/api/quote/${quote.id}/accept`, ACCEPT)).status).toBe(403);
  });

  it('409 for an expired quote (valid_until moved into the past) and for one already accepted or declined', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id, status: 'sent' });
    await t.db.updateTable('quotes').set({ valid_until: addDays(today(), -1) }).where('id', '=', quote.id).execute();
    expect((await s.agent.get(`/api/quote/${quote.id}`)).body.status).toBe('expired');
    let res = await post(s.agent, `/api/quote/${quote.id}/accept`, ACCEPT);
    expect([res.status, res.body.message]).toEqual([409, M.quoteExpired]);
    for (const status of ['accepted', 'declined'] as const) {
      const closed = await buildQuote(t.db, { districtId: s.district.id, status });
      res = await post(s.agent, `/api/quote/${closed.id}/accept`, ACCEPT);
      expect([res.status, res.body.message]).toEqual([409, M.quoteNotOpen]);
    }
    expect(await auditRows(t, 'quote_accepted')).toEqual([]);
  });

  it('accepts a quote valid through today with the PO number and signer, and audits it', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id, valid_until: today(), status: 'sent' });
    const res = await post(s.agent, `/api/quote/${quote.id}/accept`, { po_number: ' PO-2026-118 ', signer_name: 'Morgan Lee', signer_title: 'Chief Business Officer' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', ...ACCEPT });
    const row = (await quotesIn(s.district.id))[0]!;
    expect(row).toMatchObject({ status: 'accepted', accepted_by: s.admin.id, ...ACCEPT });
    expect(Date.parse(row.accepted_at!)).toBeGreaterThan(Date.now() - 60_000);
    const [audit] = await auditRows(t, 'quote_accepted');
    expect(audit).toMatchObject({ actor_id: s.admin.id, subject_type: 'quote', subject_id: quote.id });
    expect(JSON.parse(audit!.details!)).toMatchObject({ number: quote.number, ...ACCEPT });
    // Accepted is final: it never reads as expired.
    await t.db.updateTable('quotes').set({ valid_until: '2000-01-01' }).where('id', '=', quote.id).execute();
    expect((await s.agent.get(`/api/quote/${quote.id}`)).body.status).toBe('accepted');
  });
});

describe('POST /api/quote/{id}/accept while impersonating', () => {
  it('403 for provider staff impersonating the district administrator; the quote stays as it was', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id, status: 'sent' });
    const staff = await buildUser(t.db, { role: 'provider-support', name: 'Sue Support' });
    const agent = await loginAs(t.app, staff);
    expect((await post(agent, '/api/auth/impersonate', { user_id: s.admin.id })).status).toBe(200);
    const res = await post(agent, `/api/quote/${quote.id}/accept`, { po_number: 'PO-1', signer_name: 'Morgan Lee', signer_title: 'CBO' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.acceptWhileImpersonating);
    expect((await quotesIn(s.district.id))[0]).toMatchObject({ status: 'sent', po_number: null, accepted_at: null });
  });
});

// Security finding 8 (issue 25): sending a quote and changing the billing contact commit the district too
// (an email in its name to any address; the contact that invoices go to, kept after the impersonation).
describe('PUT /api/billing and POST /api/quote/{id}/send while impersonating', () => {
  const impersonatingAdmin = async () => {
    const staff = await buildUser(t.db, { role: 'provider-support', name: 'Sue Support' });
    const agent = await loginAs(t.app, staff);
    expect((await post(agent, '/api/auth/impersonate', { user_id: s.admin.id })).status).toBe(200);
    return agent;
  };
  const contactOf = () => t.db.selectFrom('districts')
    .select(['billing_contact_name', 'billing_contact_email', 'billing_address', 'tax_exempt_number'])
    .where('id', '=', s.district.id).executeTakeFirstOrThrow();
  const actions = (action: string) => t.db.selectFrom('audit_log').select('id').where('action', '=', action).execute();

  it('403 for changing the billing contact; the contact stays as it was and no change is audited', async () => {
    await t.db.updateTable('districts').set({ billing_contact_name: 'Dana Ortiz', billing_contact_email: 'dana@pineridge.example' })
      .where('id', '=', s.district.id).execute();
    const before = await contactOf();
    const agent = await impersonatingAdmin();
    expect((await agent.get('/api/billing')).status).toBe(200);
    const res = await agent.put('/api/billing').set(csrfHeaders(agent))
      .send({ billing_contact_name: 'Mallory', billing_contact_email: 'mallory@evil.example', billing_address: null, tax_exempt_number: null });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.contactWhileImpersonating);
    expect(await contactOf()).toEqual(before);
    expect(await actions('billing_contact_updated')).toEqual([]);
    // The district's own administrator still can.
    expect((await s.agent.put('/api/billing').set(csrfHeaders(s.agent)).send({ billing_contact_name: 'Lee Park' })).status).toBe(200);
  });

  it('403 for emailing a quote; nothing is sent, the quote stays as it was and nothing is audited', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    const agent = await impersonatingAdmin();
    const res = await post(agent, `/api/quote/${quote.id}/send`, { email: 'anyone@elsewhere.example' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.sendWhileImpersonating);
    expect(t.mailer.sent).toEqual([]);
    expect((await quotesIn(s.district.id))[0]).toMatchObject({ status: 'draft', sent_to: null, sent_at: null });
    expect(await actions('quote_sent')).toEqual([]);
    // The same refusal for another district's quote id (nothing is looked up before the check).
    const other = await buildDistrict(t.db);
    const theirs = await buildQuote(t.db, { districtId: other.id });
    expect((await post(agent, `/api/quote/${theirs.id}/send`, { email: 'anyone@elsewhere.example' })).status).toBe(403);
  });
});

describe('POST /api/quote/{id}/decline', () => {
  it('401 without login', async () => {
    const guest = await guestAgent(t.app);
    expect((await post(guest, '/api/quote/1/decline', {})).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    expect((await s.agent.post(`/api/quote/${quote.id}/decline`).send({})).status).toBe(419);
  });

  it('422 for a reason that is too long or not text', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    let res = await post(s.agent, `/api/quote/${quote.id}/decline`, { reason: 'x'.repeat(501) });
    expect(res.body.errors).toEqual({ reason: ['Reason must be at most 500 characters.'] });
    res = await post(s.agent, `/api/quote/${quote.id}/decline`, { reason: ['no'] });
    expect([res.status, res.body.errors]).toEqual([422, { reason: ['Reason must be text.'] }]);
  });

  it('404 for another district\'s quote', async () => {
    const other = await buildDistrict(t.db);
    const theirs = await buildQuote(t.db, { districtId: other.id });
    expect((await post(s.agent, `/api/quote/${theirs.id}/decline`, {})).status).toBe(404);
  });

  it('403 for a coach', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    const { agent } = await memberAgent(t, s.district.id);
    expect((await post(agent, `/api/quote/${quote.id}/decline`, {})).status).toBe(403);
  });

  it('409 for an expired or accepted quote', async () => {
    const expired = await buildQuote(t.db, { districtId: s.district.id, valid_until: '2020-01-01' });
    expect((await post(s.agent, `/api/quote/${expired.id}/decline`, {})).body.message).toBe(M.quoteExpired);
    const accepted = await buildQuote(t.db, { districtId: s.district.id, status: 'accepted' });
    const res = await post(s.agent, `/api/quote/${accepted.id}/decline`, {});
    expect([res.status, res.body.message]).toEqual([409, M.quoteNotOpen]);
  });

  it('declines with an optional reason and audits it', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    const res = await post(s.agent, `/api/quote/${quote.id}/decline`, { reason: ' Budget moved to next year ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'declined', decline_reason: 'Budget moved to next year' });
    expect((await quotesIn(s.district.id))[0]).toMatchObject({ status: 'declined', declined_by: s.admin.id, decline_reason: 'Budget moved to next year' });
    expect(JSON.parse((await auditRows(t, 'quote_declined'))[0]!.details!)).toEqual({ number: quote.number, reason: 'Budget moved to next year' });
    const again = await post(s.agent, `/api/quote/${quote.id}/decline`, {});
    expect(again.status).toBe(409);
  });
});
