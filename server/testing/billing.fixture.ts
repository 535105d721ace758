// Billing test data (issue 14): a district with a signed-in administrator, and quotes and invoices
// written straight to the database (invoices are the provider's; the district only reads them).
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import { priceQuote } from '../../common/money';
import { PLANS } from '../../common/plans';
import type { BillTo } from '../../common/schemas/billing';
import type { InvoicesTable, QuotesTable } from '../../db/types';
import { nextNumber } from '../lib/billing/numbering';
import { loginAs, type TestApp } from './app';
import { buildDistrict, buildUser } from './factories';

/** A district (Professional, active, 10 seats) with a signed-in district administrator. */
export async function setupBilling(t: TestApp, opts: { name?: string; seats?: number } = {}) {
  const district = await buildDistrict(t.db, { name: opts.name ?? 'Pine Ridge Schools', planKey: 'professional' });
  await t.db.updateTable('districts').set({ seats: opts.seats ?? 10 }).where('id', '=', district.id).execute();
  const admin = await buildUser(t.db, { districtId: district.id, role: 'district-admin', name: 'Ada Admin' });
  const agent = await loginAs(t.app, admin);
  return { district: { ...district, seats: opts.seats ?? 10 }, admin, agent };
}
export type BillingSetup = Awaited<ReturnType<typeof setupBilling>>;

/** A quote row priced like the API prices one (draft, valid 30 days from 2026-11-20 unless told). */
export async function buildQuote(
  db: DB,
  opts: {
    districtId: number; planKey?: string; seats?: number; termYears?: number; createdBy?: number | null; created_at?: string;
    accepted_at?: string | null; activated_at?: string | null;
  } & Partial<Pick<QuotesTable, 'status' | 'valid_until' | 'notes' | 'po_number' | 'signer_name' | 'signer_title'>>,
) {
  const planKey = opts.planKey ?? 'professional';
  const plan = await db.selectFrom('plans').select(['id', 'name', 'price_per_seat_cents']).where('key', '=', planKey).executeTakeFirstOrThrow();
  const seats = opts.seats ?? 10;
  const termYears = opts.termYears ?? 1;
  const price = priceQuote(plan, seats, termYears);
  const now = opts.created_at ?? nowIso();
  return db.transaction().execute(async (trx) => {
    const number = await nextNumber(trx, 'quote', Number(now.slice(0, 4)));
    return trx.insertInto('quotes').values({
      district_id: opts.districtId, number, plan_id: plan.id, plan_name: plan.name, price_per_seat_cents: plan.price_per_seat_cents,
      seats, term_years: termYears, notes: opts.notes ?? '', line_items: JSON.stringify(price.line_items),
      subtotal_cents: price.subtotal_cents, discount_bps: price.discount_bps, discount_cents: price.discount_cents, total_cents: price.total_cents,
      status: opts.status ?? 'draft', valid_until: opts.valid_until ?? '2099-12-31', created_by: opts.createdBy ?? null,
      created_at: now, updated_at: now, po_number: opts.po_number ?? null, signer_name: opts.signer_name ?? null,
      signer_title: opts.signer_title ?? null, accepted_at: opts.accepted_at ?? null, activated_at: opts.activated_at ?? null,
    }).returningAll().executeTakeFirstOrThrow();
  });
}

/** An invoice row (open, one Professional line of 10 seats, issued 2026-11-01, due 2026-12-01 unless told). */
export async function buildInvoice(
  db: DB,
  opts: { districtId: number; quoteId?: number | null; billTo?: Partial<BillTo> } & Partial<Pick<InvoicesTable,
    'issued_on' | 'due_on' | 'period_start' | 'period_end' | 'amount_cents' | 'status' | 'paid_on' | 'po_number' | 'void_reason'>>,
) {
  const district = await db.selectFrom('districts').select('name').where('id', '=', opts.districtId).executeTakeFirstOrThrow();
  const plan = PLANS.find((p) => p.key === 'professional')!;
  const price = priceQuote(plan, 10, 1);
  const amount = opts.amount_cents ?? price.total_cents;
  const lineItems = opts.amount_cents === undefined ? price.line_items : [{ description: 'Coachwell subscription', quantity: 1, unit_cents: amount, amount_cents: amount }];
  const billTo: BillTo = { district: district.name, name: null, email: null, address: null, tax_exempt_number: null, ...opts.billTo };
  const issued = opts.issued_on ?? '2026-11-01';
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const number = await nextNumber(trx, 'invoice', Number(issued.slice(0, 4)));
    return trx.insertInto('invoices').values({
      district_id: opts.districtId, number, quote_id: opts.quoteId ?? null, issued_on: issued, due_on: opts.due_on ?? '2026-12-01',
      period_start: opts.period_start ?? '2026-08-01', period_end: opts.period_end ?? '2027-07-31',
      line_items: JSON.stringify(lineItems), amount_cents: amount, po_number: opts.po_number ?? null, bill_to: JSON.stringify(billTo),
      status: opts.status ?? 'open', paid_on: opts.paid_on ?? null, voided_at: opts.status === 'void' ? now : null, void_reason: opts.void_reason ?? null,
      created_by: null, created_at: now, updated_at: now,
    }).returningAll().executeTakeFirstOrThrow();
  });
}

/** A signed-in user of the district with another role (a coach unless told). */
export async function memberAgent(t: TestApp, districtId: number, role = 'coach') {
  const user = await buildUser(t.db, { districtId, role });
  return { user, agent: await loginAs(t.app, user) };
}

export const auditRows = (t: TestApp, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
