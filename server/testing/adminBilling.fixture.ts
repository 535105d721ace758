// Quotes and invoices for the provider's billing tests, inserted directly (priced by priceQuote, numbered
// by nextNumber in the inserting transaction) so these tests never depend on the district quote API.
// A small world: a provider administrator and support login, Maple Grove (Professional, active) with its
// district administrator and billing contact, and Cedar Falls (Essentials, on a trial).
import { priceQuote } from '../../common/money';
import { PLANS } from '../../common/plans';
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import { nextNumber } from '../lib/billing/numbering';
import { addDays } from '../lib/dates';
import { todayIn } from '../lib/zone';
import { buildDistrict, buildUser } from './factories';

export interface QuoteOptions {
  districtId: number;
  planKey?: string;
  seats?: number;
  termYears?: number;
  status?: 'draft' | 'sent' | 'accepted' | 'declined';
  /** Default: 30 days from the district's today. */
  validUntil?: string;
  createdAt?: string;
  createdBy?: number | null;
  poNumber?: string | null;
}

/** A quote as the district's quote API would store it, in the state asked for. */
export async function buildQuote(db: DB, opts: QuoteOptions) {
  const planKey = opts.planKey ?? 'professional';
  const plan = PLANS.find((p) => p.key === planKey)!;
  const planRow = await db.selectFrom('plans').select('id').where('key', '=', planKey).executeTakeFirstOrThrow();
  const seats = opts.seats ?? 10;
  const termYears = opts.termYears ?? 1;
  const price = priceQuote(plan, seats, termYears);
  const status = opts.status ?? 'accepted';
  const at = opts.createdAt ?? nowIso();
  const today = districtToday();
  return db.transaction().execute(async (trx) => {
    const number = await nextNumber(trx, 'quote', Number(at.slice(0, 4)));
    return trx.insertInto('quotes').values({
      district_id: opts.districtId,
      number,
      plan_id: planRow.id,
      plan_name: plan.name,
      price_per_seat_cents: plan.price_per_seat_cents,
      seats,
      term_years: termYears,
      notes: '',
      line_items: JSON.stringify(price.line_items),
      subtotal_cents: price.subtotal_cents,
      discount_bps: price.discount_bps,
      discount_cents: price.discount_cents,
      total_cents: price.total_cents,
      status,
      valid_until: opts.validUntil ?? addDays(today, 30),
      created_by: opts.createdBy ?? null,
      created_at: at,
      updated_at: at,
      sent_at: status === 'draft' ? null : at,
      sent_to: status === 'draft' ? null : 'business@example.org',
      accepted_at: status === 'accepted' ? at : null,
      po_number: status === 'accepted' ? (opts.poNumber === undefined ? 'PO-7781' : opts.poNumber) : null,
      signer_name: status === 'accepted' ? 'Robin Business' : null,
      signer_title: status === 'accepted' ? 'Business manager' : null,
      declined_at: status === 'declined' ? at : null,
      decline_reason: status === 'declined' ? 'Budget' : null,
    }).returningAll().executeTakeFirstOrThrow();
  });
}

/** An open invoice of a district (issued `issuedOn`, due 30 days later unless said). */
export async function buildInvoice(db: DB, opts: { districtId: number; amountCents?: number; issuedOn?: string; dueOn?: string; status?: 'open' | 'paid' | 'void' }) {
  const issued = opts.issuedOn ?? districtToday();
  const amount = opts.amountCents ?? 950_000;
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const number = await nextNumber(trx, 'invoice', Number(issued.slice(0, 4)));
    return trx.insertInto('invoices').values({
      district_id: opts.districtId, number, quote_id: null, issued_on: issued, due_on: opts.dueOn ?? addDays(issued, 30),
      period_start: issued, period_end: addDays(issued, 300),
      line_items: JSON.stringify([{ description: 'Professional plan', quantity: 1, unit_cents: amount, amount_cents: amount }]),
      amount_cents: amount, po_number: null, bill_to: JSON.stringify({ district: 'x', name: null, email: null, address: null, tax_exempt_number: null }),
      status: opts.status ?? 'open', paid_on: opts.status === 'paid' ? issued : null, created_by: null, created_at: now, updated_at: now,
    }).returningAll().executeTakeFirstOrThrow();
  });
}

export async function buildBillingWorld(db: DB) {
  const providerAdmin = await buildUser(db, { role: 'provider-admin', name: 'Pat Provider' });
  const support = await buildUser(db, { role: 'provider-support', name: 'Sam Support' });
  const maple = await buildDistrict(db, { name: 'Maple Grove Unified', planKey: 'professional' });
  const cedar = await buildDistrict(db, { name: 'Cedar Falls Community', planKey: 'essentials', state: 'IA' });
  const trialEnd = new Date(Date.now() + 10 * 24 * 3600_000).toISOString();
  await db.updateTable('districts').set({ status: 'trial', trial_ends_at: trialEnd, seats: 3 }).where('id', '=', cedar.id).execute();
  await db.updateTable('districts').set({
    billing_contact_name: 'Robin Business', billing_contact_email: 'business@cedar.example',
    billing_address: '1 Main St\nCedar Falls, IA 50613', tax_exempt_number: 'IA-TX-42',
  }).where('id', '=', cedar.id).execute();
  const mapleAdmin = await buildUser(db, { districtId: maple.id, role: 'district-admin', name: 'Avery Admin', email: 'admin@maple.example' });
  const cedarAdmin = await buildUser(db, { districtId: cedar.id, role: 'district-admin', name: 'Cedar Admin', email: 'admin@cedar.example' });
  return { providerAdmin, support, maple, cedar, mapleAdmin, cedarAdmin, trialEnd };
}
export type BillingWorld = Awaited<ReturnType<typeof buildBillingWorld>>;

/** Today where both districts of the world are (Illinois and Iowa: America/Chicago), the day their billing reads. */
export const districtToday = () => todayIn('America/Chicago');
