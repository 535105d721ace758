// GET and PUT /api/billing, GET /api/invoice and /api/invoice/{id} (quotes: quotes.test.ts; PDFs and
// sending: quotePdf.test.ts; the seat warning: seatWarning.test.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import { PLANS } from '../../../common/plans';
import { BILLING_MESSAGES } from '../../../common/schemas/billing';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { itRejectsQueries, itRequiresLogin, PAGE_QUERY_ROWS } from '../../testing/checks';
import { auditRows, type BillingSetup, buildInvoice, buildQuote, memberAgent, setupBilling } from '../../testing/billing.fixture';
import { buildDistrict, buildUser } from '../../testing/factories';

let t: TestApp;
let s: BillingSetup;
beforeEach(async () => {
  ({ t, w: s } = await appWith(setupBilling));
});

const CONTACT = {
  billing_contact_name: 'Dana Ortiz',
  billing_contact_email: 'Dana.Ortiz@PineRidge.example',
  billing_address: '400 Elm Street\nPine Ridge, IL 60000',
  tax_exempt_number: 'IL-EX-12345',
};

describe('GET /api/billing', () => {
  itRequiresLogin(() => t.app, 'get', '/api/billing');

  it('403 without manage billing: a coach, a principal, provider staff outside a district', async () => {
    for (const role of ['coach', 'building-admin', 'educator']) {
      const { agent } = await memberAgent(t, s.district.id, role);
      const res = await agent.get('/api/billing');
      expect(res.status).toBe(403);
    }
    const provider = await buildUser(t.db, { role: 'provider-admin' });
    expect((await (await loginAs(t.app, provider)).get('/api/billing')).status).toBe(403);
  });

  it('answers the plan with its features, status, seats in use (active coaches only), contact and every plan', async () => {
    await buildUser(t.db, { districtId: s.district.id, role: 'coach' });
    await buildUser(t.db, { districtId: s.district.id, role: 'coach' });
    await buildUser(t.db, { districtId: s.district.id, role: 'coach', status: 'invited' });
    await buildUser(t.db, { districtId: s.district.id, role: 'coach', status: 'disabled' });
    await buildUser(t.db, { districtId: s.district.id, role: 'educator' });
    const other = await buildDistrict(t.db);
    await buildUser(t.db, { districtId: other.id, role: 'coach' });
    await t.db.updateTable('districts').set({ renews_on: '2027-07-31', ...CONTACT }).where('id', '=', s.district.id).execute();

    const res = await s.agent.get('/api/billing');
    expect(res.status).toBe(200);
    const pro = PLANS.find((p) => p.key === 'professional')!;
    expect(res.body.plan).toEqual({
      key: 'professional', name: 'Professional', description: pro.description, price_per_seat_cents: 95000,
      features: [
        { key: 'csv-import', label: 'CSV import and export' }, { key: 'coaching-cycles', label: 'Coaching cycles' },
        { key: 'skill-mapping', label: 'Skill mapping' }, { key: 'calendar-sync', label: 'Calendar sync' },
        { key: 'custom-fields', label: 'Custom interaction fields' },
        { key: 'observation-forms', label: 'Observation forms and the walkthrough report' },
      ],
    });
    expect(res.body).toMatchObject({
      status: 'active', trial_ends_at: null, trial_days_left: null, read_only: false, renews_on: '2027-07-31',
      seats: { purchased: 10, in_use: 2, over: false }, contact: CONTACT, can_manage: true,
    });
    expect(res.body.plans.map((p: { key: string; current: boolean }) => [p.key, p.current]))
      .toEqual([['essentials', false], ['professional', true], ['enterprise', false]]);
    expect(Object.keys(res.body).sort()).toEqual(
      ['can_manage', 'contact', 'plan', 'plans', 'read_only', 'renews_on', 'seats', 'status', 'trial_days_left', 'trial_ends_at']);
  });

  it('a trial: its end, whole days left, no renewal; read-only once it has ended', async () => {
    const ends = new Date(Date.now() + 3.5 * 24 * 3600 * 1000).toISOString();
    await t.db.updateTable('districts').set({ status: 'trial', trial_ends_at: ends, renews_on: '2027-07-31' }).where('id', '=', s.district.id).execute();
    let res = await s.agent.get('/api/billing');
    expect(res.body).toMatchObject({ status: 'trial', trial_ends_at: ends, trial_days_left: 4, read_only: false, renews_on: null });

    const ended = new Date(Date.now() - 1000).toISOString();
    await t.db.updateTable('districts').set({ trial_ends_at: ended }).where('id', '=', s.district.id).execute();
    res = await s.agent.get('/api/billing');
    expect(res.body).toMatchObject({ status: 'trial', trial_ends_at: ended, trial_days_left: 0, read_only: true });
  });

  it('seats over: more active coaches than purchased; a trial with no seats purchased is never over', async () => {
    await t.db.updateTable('districts').set({ seats: 1 }).where('id', '=', s.district.id).execute();
    await buildUser(t.db, { districtId: s.district.id, role: 'coach' });
    await buildUser(t.db, { districtId: s.district.id, role: 'coach' });
    expect((await s.agent.get('/api/billing')).body.seats).toEqual({ purchased: 1, in_use: 2, over: true });
    await t.db.updateTable('districts').set({ seats: 0, status: 'trial', trial_ends_at: new Date(Date.now() + 86400000).toISOString() })
      .where('id', '=', s.district.id).execute();
    expect((await s.agent.get('/api/billing')).body.seats).toEqual({ purchased: 0, in_use: 2, over: false });
  });
});

describe('PUT /api/billing', () => {
  const put = (agent: BillingSetup['agent'], body: unknown, headers = true) => {
    const req = agent.put('/api/billing');
    return (headers ? req.set(csrfHeaders(agent)) : req).send(body as object);
  };

  itRequiresLogin(() => t.app, 'put', '/api/billing', () => CONTACT);

  it('419 without the CSRF token', async () => {
    const res = await put(s.agent, CONTACT, false);
    expect(res.status).toBe(419);
  });

  it.each([
    ['billing_contact_name', 'x'.repeat(121), 'Billing contact name must be at most 120 characters.'],
    ['billing_contact_name', 42, 'Billing contact name must be text.'],
    ['billing_contact_email', 'not-an-email', 'Billing contact email must be a valid email address.'],
    ['billing_contact_email', ['a@b.example'], 'Billing contact email must be text.'],
    ['billing_address', 'x'.repeat(501), 'Billing address must be at most 500 characters.'],
    ['billing_address', { street: 'Elm' }, 'Billing address must be text.'],
    ['tax_exempt_number', 'x'.repeat(61), 'Tax-exempt certificate number must be at most 60 characters.'],
    ['tax_exempt_number', 12345, 'Tax-exempt certificate number must be text.'],
  ])('422 for a bad %s (%j)', async (field, value, message) => {
    const res = await put(s.agent, { ...CONTACT, [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
    expect((await t.db.selectFrom('districts').select('billing_contact_name').where('id', '=', s.district.id).executeTakeFirstOrThrow()).billing_contact_name).toBeNull();
  });

  it('403 for a coach', async () => {
    const { agent } = await memberAgent(t, s.district.id);
    expect((await put(agent, CONTACT)).status).toBe(403);
  });

  it('saves the contact (email lower-cased, blanks as none), answers the summary and audits the change', async () => {
    const res = await put(s.agent, CONTACT);
    expect(res.status).toBe(200);
    expect(res.body.contact).toEqual({ ...CONTACT, billing_contact_email: 'dana.ortiz@pineridge.example' });
    const row = await t.db.selectFrom('districts').select(['billing_contact_name', 'billing_contact_email', 'billing_address', 'tax_exempt_number'])
      .where('id', '=', s.district.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ ...CONTACT, billing_contact_email: 'dana.ortiz@pineridge.example' });
    const [audit] = await auditRows(t, 'billing_contact_updated');
    expect(audit).toMatchObject({ district_id: s.district.id, actor_id: s.admin.id, subject_type: 'district', subject_id: s.district.id });
    expect(JSON.parse(audit!.details!)).toMatchObject({ billing_contact_name: { from: null, to: 'Dana Ortiz' } });

    const cleared = await put(s.agent, { ...CONTACT, billing_contact_email: 'dana.ortiz@pineridge.example', tax_exempt_number: '   ' });
    expect(cleared.body.contact.tax_exempt_number).toBeNull();
    expect(await auditRows(t, 'billing_contact_updated')).toHaveLength(2);
    // The same again changes nothing and writes no audit row.
    await put(s.agent, { ...CONTACT, billing_contact_email: 'dana.ortiz@pineridge.example', tax_exempt_number: null });
    expect(await auditRows(t, 'billing_contact_updated')).toHaveLength(2);
  });

  it('never touches another district', async () => {
    const other = await buildDistrict(t.db, { name: 'Other District' });
    await put(s.agent, CONTACT);
    const row = await t.db.selectFrom('districts').select('billing_contact_name').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(row.billing_contact_name).toBeNull();
  });
});

describe('GET /api/invoice', () => {
  itRequiresLogin(() => t.app, 'get', '/api/invoice');

  itRejectsQueries('/api/invoice', () => s.agent, [
    ...PAGE_QUERY_ROWS,
    ['page=999999999999999999999', 'page', 'Page must be at most 100000.'],
    ['per_page[]=2', 'per_page', 'Per page must be a whole number.'],
  ]);

  it('403 for a coach', async () => {
    const { agent } = await memberAgent(t, s.district.id);
    expect((await agent.get('/api/invoice')).status).toBe(403);
  });

  it('lists the district\'s invoices newest first, paged, with overdue read off the due date', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id, status: 'accepted' });
    const old = await buildInvoice(t.db, { districtId: s.district.id, issued_on: '2025-08-01', due_on: '2025-08-31', status: 'paid', paid_on: '2025-08-20' });
    const late = await buildInvoice(t.db, { districtId: s.district.id, issued_on: '2026-01-10', due_on: '2026-02-09' });
    const open = await buildInvoice(t.db, { districtId: s.district.id, issued_on: '2026-11-01', due_on: '2099-12-01', quoteId: quote.id, po_number: 'PO-1' });
    const other = await buildDistrict(t.db);
    await buildInvoice(t.db, { districtId: other.id, issued_on: '2026-11-02' });

    const res = await s.agent.get('/api/invoice?per_page=2');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(res.body.data.map((i: { number: string }) => i.number)).toEqual([open.number, late.number]);
    expect(res.body.data[0]).toEqual({
      id: open.id, number: open.number, issued_on: '2026-11-01', due_on: '2099-12-01', period_start: '2026-08-01', period_end: '2027-07-31',
      amount_cents: 950000, status: 'open', po_number: 'PO-1', paid_on: null, quote: { id: quote.id, number: quote.number },
    });
    expect(res.body.data[1].status).toBe('overdue');
    const page2 = await s.agent.get('/api/invoice?per_page=2&page=2');
    expect(page2.body.data.map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([[old.id, 'paid']]);
    expect((await s.agent.get('/api/invoice?page=100000')).body.data).toEqual([]);
  });
});

describe('GET /api/invoice/{id}', () => {
  itRequiresLogin(() => t.app, 'get', '/api/invoice/1');

  it('404 for another district\'s invoice, a missing one and ids that are not ids', async () => {
    const other = await buildDistrict(t.db);
    const theirs = await buildInvoice(t.db, { districtId: other.id });
    for (const path of [`/api/invoice/${theirs.id}`, `/api/invoice/${theirs.id}.pdf`, '/api/invoice/999', '/api/invoice/abc', '/api/invoice/1e3', '/api/invoice/-1', '/api/invoice/%E0%A4%A', '/api/invoice/1.csv']) {
      const res = await s.agent.get(path);
      expect([path, res.status]).toEqual([path, path.includes('%E0') ? 400 : 404]);
      if (res.status === 404) expect(res.body.message).toBe(BILLING_MESSAGES.invoiceNotFound);
    }
  });

  it('403 for a coach', async () => {
    const invoice = await buildInvoice(t.db, { districtId: s.district.id });
    const { agent } = await memberAgent(t, s.district.id);
    expect((await agent.get(`/api/invoice/${invoice.id}`)).status).toBe(403);
  });

  it('answers the invoice with its line items and the bill-to it was issued with', async () => {
    const invoice = await buildInvoice(t.db, {
      districtId: s.district.id, billTo: { name: 'Dana Ortiz', address: '400 Elm Street', tax_exempt_number: 'IL-EX-1' }, status: 'void', void_reason: 'Duplicate',
    });
    const res = await s.agent.get(`/api/invoice/${invoice.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: invoice.id, number: invoice.number, status: 'void', void_reason: 'Duplicate', amount_cents: 950000,
      line_items: [{ description: 'Professional plan: 10 coach seats × 1 school year', quantity: 10, unit_cents: 95000, amount_cents: 950000 }],
      bill_to: { district: 'Pine Ridge Schools', name: 'Dana Ortiz', email: null, address: '400 Elm Street', tax_exempt_number: 'IL-EX-1' },
      district: { id: s.district.id, name: 'Pine Ridge Schools' }, quote: null,
    });
  });
});

describe('bad input never answers 500', () => {
  it.each([
    ['GET', '/api/invoice?page=-1'],
    ['GET', '/api/invoice?page=99999999999999999999999999&per_page=1e3'],
    ['GET', '/api/invoice?page[]=1&page[]=2'],
    ['GET', '/api/quote?filter[status][]=draft'],
    ['GET', '/api/quote?filter[status][nested]=x'],
    ['GET', '/api/quote?filter[__proto__][status]=draft'],
    ['GET', '/api/quote/%ZZ'],
    ['GET', '/api/quote/%ZZ.pdf'],
    ['GET', '/api/quote/1%00.pdf'],
    ['GET', '/api/invoice/..%2F..%2Fetc%2Fpasswd.pdf'],
    ['GET', `/api/quote/${'9'.repeat(400)}.pdf`],
    ['POST', '/api/quote', '{"plan": "professional", "seats": 1e400, "term_years": 1}'],
    ['POST', '/api/quote', '{"plan": {"$ne": 1}, "seats": [1], "term_years": {"a": 1}, "notes": {"toString": 1}}'],
    ['POST', '/api/quote', '{"__proto__": {"seats": 1}, "constructor": {"prototype": {"x": 1}}}'],
    ['POST', '/api/quote', '{"plan": "professional", "seats": 9007199254740993, "term_years": 1}'],
    ['POST', '/api/quote', '{not json'],
    ['POST', '/api/quote', '"just a string"'],
    ['POST', '/api/quote', 'null'],
    ['PUT', '/api/billing', '{"billing_contact_email": "a@b.example\\u0000"}'],
    ['PUT', '/api/billing', '[]'],
    ['POST', '/api/quote/1/accept', '{"po_number": {"length": 5}}'],
    ['POST', '/api/quote/abc/accept', '{}'],
    ['POST', '/api/quote/1/send', '{"email": ["a@b.example", "c@d.example"]}'],
    ['POST', '/api/quote/1/decline', '{"reason": 1}'],
  ])('%s %s', async (method, path, body?: string) => {
    await buildQuote(t.db, { districtId: s.district.id });
    let req = method === 'GET' ? s.agent.get(path) : method === 'PUT' ? s.agent.put(path) : s.agent.post(path);
    if (method !== 'GET') req = req.set(csrfHeaders(s.agent)).set('Content-Type', 'application/json').send(body);
    const res = await req;
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) expect(res.body.message).toEqual(expect.any(String));
  });

  it('a body in a charset other than UTF-8 is 415', async () => {
    const res = await s.agent.post('/api/quote').set(csrfHeaders(s.agent)).set('Content-Type', 'application/json; charset=koi8-r')
      .send('{"plan":"professional","seats":1,"term_years":1}');
    expect(res.status).toBe(415);
  });
});
