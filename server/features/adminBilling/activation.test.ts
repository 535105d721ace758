// POST /api/admin/quote/{id}/activate: an accepted quote becomes the district's plan and first invoice.
import { beforeEach, describe, expect, it } from 'vitest';
import { renewalDate } from '../../../common/renewal';
import { BILLING_MESSAGES as M, INVOICE_DUE_DAYS } from '../../../common/schemas/billing';
import { addDays } from '../../lib/dates';
import { type BillingWorld, buildBillingWorld, buildQuote, districtToday } from '../../testing/adminBilling.fixture';
import { appWith, asGuest, csrfHeaders, loginAs, type TestApp } from '../../testing/app';

let t: TestApp;
let w: BillingWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildBillingWorld(app.db)));
});

const districtRow = (id: number) => t.db.selectFrom('districts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const quoteRow = (id: number) => t.db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const invoices = () => t.db.selectFrom('invoices').selectAll().orderBy('id').execute();
const audits = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const planId = async (key: string) => (await t.db.selectFrom('plans').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

async function as(user: { email: string; district_id: number | null }) {
  const agent = await loginAs(t.app, user);
  return (path: string, body: object = {}) => agent.post(path).set(csrfHeaders(agent)).send(body);
}

describe('POST /api/admin/quote/{id}/activate', () => {
  it('401 without login, 419 without the CSRF token', async () => {
    const q = await buildQuote(t.db, { districtId: w.cedar.id });
    expect((await asGuest(t.app, 'post', `/api/admin/quote/${q.id}/activate`, {})).status).toBe(401);
    const agent = await loginAs(t.app, w.providerAdmin);
    expect((await agent.post(`/api/admin/quote/${q.id}/activate`).set('X-Requested-With', 'XMLHttpRequest').send({})).status).toBe(419);
    expect((await quoteRow(q.id)).activated_at).toBeNull();
  });

  it('404 for an unknown quote or an id that is not one', async () => {
    const post = await as(w.providerAdmin);
    for (const id of ['987654', 'abc', '-1', '2.5']) {
      const res = await post(`/api/admin/quote/${id}/activate`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.quoteNotFound);
    }
  });

  it('403 for provider support (reads but may not change), a district administrator and an impersonating session', async () => {
    const q = await buildQuote(t.db, { districtId: w.cedar.id });
    const support = await as(w.support);
    const refused = await support(`/api/admin/quote/${q.id}/activate`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(M.providerOnly);
    expect((await (await as(w.cedarAdmin))(`/api/admin/quote/${q.id}/activate`)).status).toBe(403);
    const staff = await loginAs(t.app, w.providerAdmin);
    await staff.post('/api/auth/impersonate').set(csrfHeaders(staff)).send({ user_id: w.cedarAdmin.id }).expect(200);
    expect((await staff.post(`/api/admin/quote/${q.id}/activate`).set(csrfHeaders(staff)).send({})).status).toBe(403);
    expect((await quoteRow(q.id)).activated_at).toBeNull();
    expect(await invoices()).toEqual([]);
  });

  it('makes the district active on the quote\'s plan and seats until the end of the term, and issues exactly one invoice', async () => {
    const q = await buildQuote(t.db, { districtId: w.cedar.id, planKey: 'professional', seats: 12, termYears: 2, poNumber: 'PO-2026-118' });
    const post = await as(w.providerAdmin);
    const res = await post(`/api/admin/quote/${q.id}/activate`);
    expect(res.status).toBe(200);

    const renews = renewalDate(districtToday(), 8, 2);
    const district = await districtRow(w.cedar.id);
    expect(district).toMatchObject({ status: 'active', trial_ends_at: null, plan_id: await planId('professional'), seats: 12, renews_on: renews });
    const quote = await quoteRow(q.id);
    expect(quote.activated_at).not.toBeNull();
    expect(quote.activated_by).toBe(w.providerAdmin.id);
    expect(quote.status).toBe('accepted');

    const rows = await invoices();
    expect(rows).toHaveLength(1);
    const invoice = rows[0]!;
    // 12 seats × 2 years × $950 = $22,800, less 5% = $21,660.
    expect(invoice).toMatchObject({
      district_id: w.cedar.id, number: `INV-${districtToday().slice(0, 4)}-0001`, quote_id: q.id, issued_on: districtToday(),
      due_on: addDays(districtToday(), INVOICE_DUE_DAYS), period_start: districtToday(), period_end: renews, amount_cents: 2_166_000,
      po_number: 'PO-2026-118', status: 'open', paid_on: null, created_by: w.providerAdmin.id,
    });
    expect(JSON.parse(invoice.line_items)).toEqual(JSON.parse(q.line_items));
    expect(JSON.parse(invoice.line_items).reduce((s: number, l: { amount_cents: number }) => s + l.amount_cents, 0)).toBe(2_166_000);
    expect(JSON.parse(invoice.bill_to)).toEqual({
      district: 'Cedar Falls Community', name: 'Robin Business', email: 'business@cedar.example', address: '1 Main St\nCedar Falls, IA 50613', tax_exempt_number: 'IA-TX-42',
    });

    // The answer is the district's Billing panel afterwards.
    expect(res.body.renews_on).toBe(renews);
    expect(res.body.quotes[0]).toMatchObject({ id: q.id, status: 'accepted', activated_at: quote.activated_at });
    expect(res.body.invoices).toEqual([expect.objectContaining({ id: invoice.id, number: invoice.number, amount_cents: 2_166_000, status: 'open', quote: { id: q.id, number: q.number }, po_number: 'PO-2026-118' })]);

    const [audit] = await audits('quote_activated');
    expect(audit).toMatchObject({ district_id: w.cedar.id, actor_id: w.providerAdmin.id, impersonator_id: null, subject_type: 'quote', subject_id: q.id });
    expect(JSON.parse(audit!.details!)).toEqual({
      quote: q.number, invoice: invoice.number, amount_cents: 2_166_000,
      status: { from: 'trial', to: 'active' }, plan: { from: 'essentials', to: 'professional' }, seats: { from: 3, to: 12 },
      renews_on: { from: null, to: renews }, trial_ends_at: { from: w.trialEnd, to: null },
    });
  });

  it('the invoice keeps the contact as it was: a later contact change does not rewrite it', async () => {
    const q = await buildQuote(t.db, { districtId: w.cedar.id });
    await (await as(w.providerAdmin))(`/api/admin/quote/${q.id}/activate`).expect(200);
    await t.db.updateTable('districts').set({ billing_contact_name: 'Someone Else' }).where('id', '=', w.cedar.id).execute();
    expect(JSON.parse((await invoices())[0]!.bill_to).name).toBe('Robin Business');
  });

  it('a second activation is 409 and changes nothing', async () => {
    const q = await buildQuote(t.db, { districtId: w.cedar.id });
    const post = await as(w.providerAdmin);
    await post(`/api/admin/quote/${q.id}/activate`).expect(200);
    const before = await districtRow(w.cedar.id);
    const again = await post(`/api/admin/quote/${q.id}/activate`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.quoteAlreadyActivated);
    expect(await invoices()).toHaveLength(1);
    expect(await audits('quote_activated')).toHaveLength(1);
    expect(await districtRow(w.cedar.id)).toEqual(before);
  });

  it('two activations at once make one invoice', async () => {
    const q = await buildQuote(t.db, { districtId: w.cedar.id });
    const post = await as(w.providerAdmin);
    const answers = await Promise.all([post(`/api/admin/quote/${q.id}/activate`), post(`/api/admin/quote/${q.id}/activate`)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await invoices()).toHaveLength(1);
  });

  it.each(['draft', 'sent', 'declined'] as const)('409 for a %s quote', async (status) => {
    const q = await buildQuote(t.db, { districtId: w.cedar.id, status });
    const res = await (await as(w.providerAdmin))(`/api/admin/quote/${q.id}/activate`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.quoteNotAccepted);
    expect((await districtRow(w.cedar.id)).status).toBe('trial');
    expect(await invoices()).toEqual([]);
  });

  it('409 for a suspended district, which stays suspended', async () => {
    const q = await buildQuote(t.db, { districtId: w.cedar.id });
    await t.db.updateTable('districts').set({ status: 'suspended', status_before_suspension: 'trial', suspended_at: new Date().toISOString(), suspension_reason: 'Unpaid' }).where('id', '=', w.cedar.id).execute();
    const res = await (await as(w.providerAdmin))(`/api/admin/quote/${q.id}/activate`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.activateSuspended);
    expect(await districtRow(w.cedar.id)).toMatchObject({ status: 'suspended', status_before_suspension: 'trial' });
    expect((await quoteRow(q.id)).activated_at).toBeNull();
  });

  it('an active district renewing takes the new quote\'s plan, seats and renewal date; invoice numbers follow each other', async () => {
    const first = await buildQuote(t.db, { districtId: w.maple.id, planKey: 'professional', seats: 5 });
    const second = await buildQuote(t.db, { districtId: w.maple.id, planKey: 'enterprise', seats: 8, termYears: 3 });
    const post = await as(w.providerAdmin);
    await post(`/api/admin/quote/${first.id}/activate`).expect(200);
    await post(`/api/admin/quote/${second.id}/activate`).expect(200);
    expect(await districtRow(w.maple.id)).toMatchObject({ status: 'active', plan_id: await planId('enterprise'), seats: 8, renews_on: renewalDate(districtToday(), 8, 3) });
    const year = districtToday().slice(0, 4);
    expect((await invoices()).map((i) => i.number)).toEqual([`INV-${year}-0001`, `INV-${year}-0002`]);
  });
});
