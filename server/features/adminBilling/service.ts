// The provider's billing commands: activating an accepted quote (the district's plan, seats, status and
// renewal date, and its first invoice) and marking an invoice paid or void. Each runs in one transaction
// that re-reads the rows it checks (two clicks at once cannot activate a quote twice), writes, and
// records its audit row under the staff member with the district as the row's district.
import type { LineItem } from '../../../common/money';
import { lockRecord } from '../../../db/locks';
import { paidTerm } from '../../../common/renewal';
import { BILLING_MESSAGES as M, INVOICE_DUE_DAYS } from '../../../common/schemas/billing';
import { isIsoDate } from '../../../common/schemas/query';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { conflict, notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { nextNumber } from '../../lib/billing/numbering';
import { billToOf } from '../../lib/billing/presenter';
import { addDays } from '../../lib/dates';
import { todayIn } from '../../lib/zone';
import type { ProviderActor } from './policies';
import { findBillingDistrict } from './queries';

/**
 * Turns an accepted quote into the district's plan: status active (trial end cleared), the quote's plan
 * and seats, renews_on from common/renewal.ts; the quote is marked activated; the first invoice is
 * issued today (the district's day), due INVOICE_DUE_DAYS later, for today to renews_on, with the
 * quote's line items, total and PO number and the district's billing contact as it is now.
 * 409 for a quote not accepted, already activated, or a suspended district. Answers the district id.
 */
export async function activateQuote(db: DB, actor: ProviderActor, quoteId: number): Promise<{ districtId: number; invoiceId: number }> {
  return db.transaction().execute(async (trx) => {
    // One activation wins (db/locks.ts): the quote's row is locked before its state is read.
    await lockRecord(trx, 'quotes', quoteId);
    const quote = await trx.selectFrom('quotes').selectAll().where('id', '=', quoteId).executeTakeFirst();
    if (!quote) throw notFound(M.quoteNotFound);
    if (quote.activated_at !== null) throw conflict(M.quoteAlreadyActivated);
    if (quote.status !== 'accepted') throw conflict(M.quoteNotAccepted);
    const district = (await findBillingDistrict(trx, quote.district_id))!;
    if (district.status === 'suspended') throw conflict(M.activateSuspended);
    const plans = await trx.selectFrom('plans').select(['id', 'key']).where('id', 'in', [district.plan_id, quote.plan_id]).execute();
    const planKey = (id: number) => plans.find((p) => p.id === id)?.key ?? null;

    const now = nowIso();
    const today = todayIn(district.timezone);
    const term = paidTerm(today, district.school_year_start_month, quote.term_years);
    await trx.updateTable('districts').set({
      status: 'active', trial_ends_at: null, plan_id: quote.plan_id, seats: quote.seats, renews_on: term.renews_on, updated_at: now,
    }).where('id', '=', district.id).execute();
    await trx.updateTable('quotes').set({ activated_at: now, activated_by: actor.userId, updated_at: now }).where('id', '=', quote.id).execute();
    const number = await nextNumber(trx, 'invoice', Number(today.slice(0, 4)));
    const lineItems = JSON.parse(quote.line_items) as LineItem[];
    const invoice = await trx.insertInto('invoices').values({
      district_id: district.id,
      number,
      quote_id: quote.id,
      issued_on: today,
      due_on: addDays(today, INVOICE_DUE_DAYS),
      period_start: today,
      period_end: term.renews_on,
      line_items: JSON.stringify(lineItems),
      amount_cents: quote.total_cents,
      po_number: quote.po_number,
      bill_to: JSON.stringify(billToOf(district)),
      status: 'open',
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await recordAudit(trx, { ...actor, districtId: district.id }, {
      action: 'quote_activated', subjectType: 'quote', subjectId: quote.id,
      details: {
        quote: quote.number,
        invoice: number,
        amount_cents: quote.total_cents,
        status: { from: district.status, to: 'active' },
        plan: { from: planKey(district.plan_id), to: planKey(quote.plan_id) },
        seats: { from: district.seats, to: quote.seats },
        renews_on: { from: district.renews_on, to: term.renews_on },
        ...(district.trial_ends_at !== null ? { trial_ends_at: { from: district.trial_ends_at, to: null } } : {}),
      },
    });
    return { districtId: district.id, invoiceId: invoice.id };
  });
}

async function openInvoice(trx: DB, invoiceId: number) {
  const invoice = await trx.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
  if (!invoice) throw notFound(M.invoiceNotFound);
  if (invoice.status !== 'open') throw conflict(M.invoiceNotOpen);
  const district = (await findBillingDistrict(trx, invoice.district_id))!;
  return { invoice, district };
}

/**
 * Marks an open (or overdue) invoice paid on `paidOn` (default: the district's today; not in the
 * future, not before the invoice was issued: 422 on paid_on). 409 when not open. Answers the district id.
 */
export async function markInvoicePaid(db: DB, actor: ProviderActor, invoiceId: number, paidOn: string | null): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // An invoice is paid or voided once (db/locks.ts).
    await lockRecord(trx, 'invoices', invoiceId);
    const { invoice, district } = await openInvoice(trx, invoiceId);
    const today = todayIn(district.timezone);
    const day = paidOn ?? today;
    if (!isIsoDate(day)) throw validationError({ paid_on: [M.paidOnFormat] });
    if (day > today) throw validationError({ paid_on: [M.paidOnFuture] });
    if (day < invoice.issued_on) throw validationError({ paid_on: [M.paidOnBeforeIssued] });
    await trx.updateTable('invoices').set({ status: 'paid', paid_on: day, updated_at: nowIso() }).where('id', '=', invoice.id).execute();
    await recordAudit(trx, { ...actor, districtId: district.id }, {
      action: 'invoice_paid', subjectType: 'invoice', subjectId: invoice.id,
      details: { invoice: invoice.number, amount_cents: invoice.amount_cents, paid_on: day, status: { from: 'open', to: 'paid' } },
    });
    return district.id;
  });
}

/** Voids an open (or overdue) invoice with a reason. 409 when not open. Answers the district id. */
export async function voidInvoice(db: DB, actor: ProviderActor, invoiceId: number, reason: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // An invoice is paid or voided once (db/locks.ts).
    await lockRecord(trx, 'invoices', invoiceId);
    const { invoice, district } = await openInvoice(trx, invoiceId);
    const now = nowIso();
    await trx.updateTable('invoices').set({ status: 'void', voided_at: now, void_reason: reason, updated_at: now }).where('id', '=', invoice.id).execute();
    await recordAudit(trx, { ...actor, districtId: district.id }, {
      action: 'invoice_voided', subjectType: 'invoice', subjectId: invoice.id,
      details: { invoice: invoice.number, amount_cents: invoice.amount_cents, reason, status: { from: 'open', to: 'void' } },
    });
    return district.id;
  });
}
