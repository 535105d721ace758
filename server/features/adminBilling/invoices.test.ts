// POST /api/admin/invoice/{id}/paid and /void: only open (or overdue) invoices, provider administrators.
import { beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES as M } from '../../../common/schemas/billing';
import { addDays } from '../../lib/dates';
import { type BillingWorld, buildBillingWorld, buildInvoice, districtToday } from '../../testing/adminBilling.fixture';
import { appWith, asGuest, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';

let t: TestApp;
let w: BillingWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildBillingWorld(app.db)));
});

const invoiceRow = (id: number) => t.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const audits = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

async function as(user: { email: string; district_id: number | null }) {
  const agent = await loginAs(t.app, user);
  return (path: string, body: object = {}) => agent.post(path).set(csrfHeaders(agent)).send(body);
}

describe.each([
  ['paid', {}],
  ['void', { reason: 'Billed twice' }],
] as const)('POST /api/admin/invoice/{id}/%s', (action, body) => {
  it('401 without login, 419 without the CSRF token', async () => {
    const inv = await buildInvoice(t.db, { districtId: w.cedar.id });
    expect((await asGuest(t.app, 'post', `/api/admin/invoice/${inv.id}/${action}`, body)).status).toBe(401);
    const agent = await loginAs(t.app, w.providerAdmin);
    expect((await agent.post(`/api/admin/invoice/${inv.id}/${action}`).set('X-Requested-With', 'XMLHttpRequest').send(body)).status).toBe(419);
  });

  it('404 for an unknown invoice or an id that is not one', async () => {
    const post = await as(w.providerAdmin);
    for (const id of ['987654', 'x', '0']) {
      const res = await post(`/api/admin/invoice/${id}/${action}`, body);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.invoiceNotFound);
    }
  });

  it('403 for provider support and a district administrator; nothing changes', async () => {
    const inv = await buildInvoice(t.db, { districtId: w.cedar.id });
    const support = await (await as(w.support))(`/api/admin/invoice/${inv.id}/${action}`, body);
    expect(support.status).toBe(403);
    expect(support.body.message).toBe(M.providerOnly);
    expect((await (await as(w.cedarAdmin))(`/api/admin/invoice/${inv.id}/${action}`, body)).status).toBe(403);
    expect((await invoiceRow(inv.id)).status).toBe('open');
  });

  it.each(['paid', 'void'] as const)('409 for a %s invoice', async (status) => {
    const inv = await buildInvoice(t.db, { districtId: w.cedar.id, status });
    const res = await (await as(w.providerAdmin))(`/api/admin/invoice/${inv.id}/${action}`, body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.invoiceNotOpen);
    expect((await invoiceRow(inv.id)).status).toBe(status);
  });
});

describe('POST /api/admin/invoice/{id}/paid', () => {
  it.each([
    [{ paid_on: 5 }, M.paidOnFormat],
    [{ paid_on: '23/11/2026' }, M.paidOnFormat],
    [{ paid_on: '2026-02-30' }, M.paidOnFormat],
    [{ paid_on: addDays(districtToday(), 1) }, M.paidOnFuture],
    [{ paid_on: addDays(districtToday(), -41) }, M.paidOnBeforeIssued],
  ])('422 for %j names paid_on', async (body, message) => {
    const inv = await buildInvoice(t.db, { districtId: w.cedar.id, issuedOn: addDays(districtToday(), -40) });
    const res = await (await as(w.providerAdmin))(`/api/admin/invoice/${inv.id}/paid`, body);
    expectFieldError(res, 'paid_on', message);
    expect((await invoiceRow(inv.id)).status).toBe('open');
  });

  it('marks an overdue invoice paid on the day given, audited', async () => {
    const inv = await buildInvoice(t.db, { districtId: w.cedar.id, issuedOn: addDays(districtToday(), -40), dueOn: addDays(districtToday(), -10), amountCents: 180000 });
    const paidOn = addDays(districtToday(), -3);
    const res = await (await as(w.providerAdmin))(`/api/admin/invoice/${inv.id}/paid`, { paid_on: paidOn });
    expect(res.status).toBe(200);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'paid', paid_on: paidOn, voided_at: null });
    expect(res.body.invoices[0]).toMatchObject({ id: inv.id, status: 'paid', paid_on: paidOn });
    const [audit] = await audits('invoice_paid');
    expect(audit).toMatchObject({ district_id: w.cedar.id, actor_id: w.providerAdmin.id, subject_type: 'invoice', subject_id: inv.id });
    expect(JSON.parse(audit!.details!)).toEqual({ invoice: inv.number, amount_cents: 180000, paid_on: paidOn, status: { from: 'open', to: 'paid' } });
  });

  it('paid on defaults to the district\'s today (an empty value too)', async () => {
    const a = await buildInvoice(t.db, { districtId: w.cedar.id });
    const b = await buildInvoice(t.db, { districtId: w.cedar.id });
    const post = await as(w.providerAdmin);
    await post(`/api/admin/invoice/${a.id}/paid`).expect(200);
    await post(`/api/admin/invoice/${b.id}/paid`, { paid_on: ' ' }).expect(200);
    expect((await invoiceRow(a.id)).paid_on).toBe(districtToday());
    expect((await invoiceRow(b.id)).paid_on).toBe(districtToday());
  });
});

describe('POST /api/admin/invoice/{id}/void', () => {
  it.each([
    [{}, 'Reason is required.'],
    [{ reason: '   ' }, 'Reason is required.'],
    [{ reason: 7 }, 'Reason is required.'],
    [{ reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters.'],
  ])('422 for %j names reason', async (body, message) => {
    const inv = await buildInvoice(t.db, { districtId: w.cedar.id });
    const res = await (await as(w.providerAdmin))(`/api/admin/invoice/${inv.id}/void`, body);
    expectFieldError(res, 'reason', message);
  });

  it('voids an open invoice with its reason, audited', async () => {
    const inv = await buildInvoice(t.db, { districtId: w.cedar.id, amountCents: 95000 });
    const res = await (await as(w.providerAdmin))(`/api/admin/invoice/${inv.id}/void`, { reason: '  Billed twice ' });
    expect(res.status).toBe(200);
    const row = await invoiceRow(inv.id);
    expect(row).toMatchObject({ status: 'void', void_reason: 'Billed twice', paid_on: null });
    expect(row.voided_at).not.toBeNull();
    expect(res.body.invoices[0]).toMatchObject({ id: inv.id, status: 'void' });
    const [audit] = await audits('invoice_voided');
    expect(audit).toMatchObject({ district_id: w.cedar.id, actor_id: w.providerAdmin.id, subject_type: 'invoice', subject_id: inv.id });
    expect(JSON.parse(audit!.details!)).toEqual({ invoice: inv.number, amount_cents: 95000, reason: 'Billed twice', status: { from: 'open', to: 'void' } });
  });
});
