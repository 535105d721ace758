// GET /api/admin/quote (quotes across districts) and GET /api/admin/district/{id}/billing (the district
// page's Billing panel). The commands: activation.test.ts and invoices.test.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES as M } from '../../../common/schemas/billing';
import { addDays } from '../../lib/dates';
import { type BillingWorld, buildBillingWorld, buildInvoice, buildQuote, districtToday } from '../../testing/adminBilling.fixture';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { itRejectsQueries, itRequiresLogin, PAGE_QUERY_ROWS } from '../../testing/checks';

let t: TestApp;
let w: BillingWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildBillingWorld(app.db)));
});

const numbers = (body: { data: { number: string }[] }) => body.data.map((q) => q.number);

describe('GET /api/admin/quote', () => {
  async function world() {
    const q1 = await buildQuote(t.db, { districtId: w.maple.id, status: 'draft', createdAt: '2026-09-01T10:00:00.000Z', createdBy: w.mapleAdmin.id });
    const q2 = await buildQuote(t.db, { districtId: w.cedar.id, planKey: 'essentials', seats: 3, status: 'sent', createdAt: '2026-09-02T10:00:00.000Z', validUntil: addDays(districtToday(), -1) });
    const q3 = await buildQuote(t.db, { districtId: w.cedar.id, planKey: 'enterprise', seats: 4, termYears: 3, status: 'accepted', createdAt: '2026-09-03T10:00:00.000Z', poNumber: 'PO-1' });
    const q4 = await buildQuote(t.db, { districtId: w.maple.id, status: 'declined', createdAt: '2026-09-04T10:00:00.000Z' });
    return { q1, q2, q3, q4 };
  }

  itRequiresLogin(() => t.app, 'get', '/api/admin/quote');

  itRejectsQueries('/api/admin/quote', () => loginAs(t.app, w.support), [
    ['filter[status]=paid', 'filter.status', M.adminQuoteStatus],
    ['filter[status][]=draft', 'filter.status', M.adminQuoteStatus],
    ['filter[plan]=Pro%20Plan', 'filter.plan', M.adminQuotePlan],
    ['filter[district]=abc', 'filter.district', M.adminQuoteDistrict],
    ['filter[district]=0', 'filter.district', M.adminQuoteDistrict],
    ['filter[district]=1e3', 'filter.district', M.adminQuoteDistrict],
    ['filter[color]=red', 'filter', 'Unknown filter: color. Filters are status, plan and district.'],
    ['filter=x', 'filter', 'Filters must be written as filter[name]=value.'],
    [`search=${'x'.repeat(101)}`, 'search', M.adminQuoteSearch],
    ['search[]=a', 'search', M.adminQuoteSearch],
    ...PAGE_QUERY_ROWS,
  ]);

  it('bad percent-encoding in the query is a client error, never a 500', async () => {
    const agent = await loginAs(t.app, w.support);
    const res = await agent.get('/api/admin/quote?search=%E0%A4%A');
    expect(res.status).toBeLessThan(500);
  });

  it('403 for district users, and for provider staff while impersonating one', async () => {
    const admin = await loginAs(t.app, w.mapleAdmin);
    expect((await admin.get('/api/admin/quote')).status).toBe(403);
    const staff = await loginAs(t.app, w.providerAdmin);
    await staff.post('/api/auth/impersonate').set(csrfHeaders(staff)).send({ user_id: w.mapleAdmin.id }).expect(200);
    expect((await staff.get('/api/admin/quote')).status).toBe(403);
  });

  it('lists quotes across districts newest first with district, plan, total, status and PO number (support may read)', async () => {
    const { q1, q2, q3, q4 } = await world();
    const agent = await loginAs(t.app, w.support);
    const res = await agent.get('/api/admin/quote');
    expect(res.status).toBe(200);
    expect(numbers(res.body)).toEqual([q4.number, q3.number, q2.number, q1.number]);
    expect(res.body.meta).toEqual({
      page: 1, per_page: 25, total: 4, last_page: 1,
      plans: [{ key: 'essentials', name: 'Essentials' }, { key: 'professional', name: 'Professional' }, { key: 'enterprise', name: 'Enterprise' }],
    });
    const accepted = res.body.data[1];
    expect(accepted).toEqual({
      id: q3.id, number: q3.number, plan: { key: 'enterprise', name: 'Enterprise' }, seats: 4, term_years: 3,
      total_cents: 4 * 3 * 140000 - 168000, status: 'accepted', valid_until: q3.valid_until, created_at: '2026-09-03T10:00:00.000Z',
      created_by: null, activated_at: null, district: { id: w.cedar.id, name: 'Cedar Falls Community' }, po_number: 'PO-1',
    });
    expect(res.body.data[3].created_by).toEqual({ id: w.mapleAdmin.id, name: 'Avery Admin' });
    // A sent quote past its valid-until day reads as expired.
    expect(res.body.data[2].status).toBe('expired');
  });

  it('filters by status (expired = draft or sent past valid until), plan, district and search (number or district name)', async () => {
    const { q1, q2, q3, q4 } = await world();
    const agent = await loginAs(t.app, w.providerAdmin);
    const get = async (qs: string) => numbers((await agent.get(`/api/admin/quote?${qs}`).expect(200)).body);
    expect(await get('filter[status]=expired')).toEqual([q2.number]);
    expect(await get('filter[status]=sent')).toEqual([]);
    expect(await get('filter[status]=draft')).toEqual([q1.number]);
    expect(await get('filter[status]=accepted')).toEqual([q3.number]);
    expect(await get('filter[status]=declined')).toEqual([q4.number]);
    expect(await get('filter[plan]=professional')).toEqual([q4.number, q1.number]);
    expect(await get('filter[plan]=nonexistent')).toEqual([]);
    expect(await get(`filter[district]=${w.cedar.id}`)).toEqual([q3.number, q2.number]);
    expect(await get('filter[district]=987654')).toEqual([]);
    expect(await get('search=cedar')).toEqual([q3.number, q2.number]);
    expect(await get('search=falls%20ced')).toEqual([q3.number, q2.number]);
    expect(await get('search=maple%20falls')).toEqual([]);
    expect(await get(`search=${q1.number.slice(-4)}`)).toEqual([q1.number]);
    expect(await get(`search=${q1.number.toLowerCase()}`)).toEqual([q1.number]);
    expect(await get('search=%25')).toEqual([]);
    expect(await get(`filter[status]=accepted&filter[plan]=enterprise&filter[district]=${w.cedar.id}&search=Q-`)).toEqual([q3.number]);
  });

  it('pages with per_page', async () => {
    const { q3, q4 } = await world();
    const agent = await loginAs(t.app, w.support);
    const res = await agent.get('/api/admin/quote?per_page=2&page=1').expect(200);
    expect(numbers(res.body)).toEqual([q4.number, q3.number]);
    expect(res.body.meta).toMatchObject({ page: 1, per_page: 2, total: 4, last_page: 2 });
    expect((await agent.get('/api/admin/quote?per_page=2&page=3').expect(200)).body.data).toEqual([]);
  });
});

describe('GET /api/admin/district/{id}/billing', () => {
  itRequiresLogin(() => t.app, 'get', () => `/api/admin/district/${w.cedar.id}/billing`);

  it('404 for an unknown district or an id that is not one', async () => {
    const agent = await loginAs(t.app, w.support);
    for (const id of ['987654', 'abc', '0', '1e3']) {
      const res = await agent.get(`/api/admin/district/${id}/billing`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.districtNotFound);
    }
  });

  it('403 for a district administrator (even of that district)', async () => {
    const agent = await loginAs(t.app, w.cedarAdmin);
    expect((await agent.get(`/api/admin/district/${w.cedar.id}/billing`)).status).toBe(403);
  });

  it('answers the contact, renewal date, quotes and invoices of that district only; support reads without can_manage', async () => {
    const q = await buildQuote(t.db, { districtId: w.cedar.id, planKey: 'essentials', seats: 3, status: 'accepted', createdAt: '2026-09-03T10:00:00.000Z' });
    await buildQuote(t.db, { districtId: w.maple.id });
    const overdue = await buildInvoice(t.db, { districtId: w.cedar.id, issuedOn: addDays(districtToday(), -40), dueOn: addDays(districtToday(), -10), amountCents: 180000 });
    await buildInvoice(t.db, { districtId: w.maple.id });
    const support = await loginAs(t.app, w.support);
    const res = await support.get(`/api/admin/district/${w.cedar.id}/billing`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      contact: { district: 'Cedar Falls Community', name: 'Robin Business', email: 'business@cedar.example', address: '1 Main St\nCedar Falls, IA 50613', tax_exempt_number: 'IA-TX-42' },
      renews_on: null,
      today: districtToday(),
      school_year_start_month: 8,
      quotes: [{
        id: q.id, number: q.number, plan: { key: 'essentials', name: 'Essentials' }, seats: 3, term_years: 1, total_cents: 180000,
        status: 'accepted', valid_until: q.valid_until, created_at: '2026-09-03T10:00:00.000Z', created_by: null, activated_at: null, po_number: 'PO-7781',
      }],
      invoices: [{
        id: overdue.id, number: overdue.number, issued_on: overdue.issued_on, due_on: overdue.due_on, period_start: overdue.period_start,
        period_end: overdue.period_end, amount_cents: 180000, status: 'overdue', po_number: null, paid_on: null, quote: null,
      }],
      can_manage: false,
    });
    const admin = await loginAs(t.app, w.providerAdmin);
    expect((await admin.get(`/api/admin/district/${w.cedar.id}/billing`)).body.can_manage).toBe(true);
  });
});
