// Demo billing for Maple Grove (issue 14): the billing contact, address and tax-exempt number, the
// renewal at the end of the school year, the accepted quote the provider activated (10 seats, its
// invoice paid), an open invoice for two more seats, and a draft quote for Enterprise. Dates follow the
// seeding day, so the demo always reads as the current school year. Idempotent: a district that already
// has quotes is left alone.
import { sql } from 'kysely';
import { priceQuote, type LineItem } from '../../common/money';
import { PLANS } from '../../common/plans';
import { paidTerm } from '../../common/renewal';
import { INVOICE_DUE_DAYS, QUOTE_VALID_DAYS, type BillTo } from '../../common/schemas/billing';
import type { DB } from '../connection';
import { plusDays } from './demoCalendar';

export interface DemoBillingRefs {
  districtId: number;
  adminId: number;
  /** The provider administrator who activated the quote. */
  providerAdminId: number | null;
  /** The day the demo is seeded (UTC calendar day). */
  today?: Date;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const at = (date: string, time = '15:00:00') => `${date}T${time}.000Z`;

/** The same numbering as server/features/billing/numbering.ts (the seed may not import the server). */
async function nextNumber(db: DB, kind: 'quote' | 'invoice', year: number): Promise<string> {
  const row = await db.insertInto('billing_counters').values({ name: `${kind}-${year}`, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`billing_counters.value + 1` }))
    .returning('value').executeTakeFirstOrThrow();
  return `${kind === 'quote' ? 'Q' : 'INV'}-${year}-${String(row.value).padStart(4, '0')}`;
}

export async function seedDemoBilling(db: DB, refs: DemoBillingRefs): Promise<void> {
  const existing = await db.selectFrom('quotes').select('id').where('district_id', '=', refs.districtId).executeTakeFirst();
  if (existing) return;
  const district = await db.selectFrom('districts').select(['name', 'school_year_start_month']).where('id', '=', refs.districtId).executeTakeFirstOrThrow();
  const today = day(refs.today ?? new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  // The school year running today: from the first day of its start month to the day before the next one.
  const startYear = month >= district.school_year_start_month ? year : year - 1;
  const currentYearStart = `${startYear}-${String(district.school_year_start_month).padStart(2, '0')}-01`;
  // Last spring's quote, activated in June: its one-year term is this school year (common/renewal.ts).
  const quotedOn = plusDays(currentYearStart, -60);
  const acceptedOn = plusDays(quotedOn, 9);
  const activatedOn = plusDays(acceptedOn, 2);
  const term = paidTerm(activatedOn, district.school_year_start_month, 1);
  const schoolYearStart = term.starts_with;
  const schoolYearEnd = term.renews_on;

  const contact = {
    billing_contact_name: 'Karen Lindqvist',
    billing_contact_email: 'accounts.payable@maplegrove.example',
    billing_address: 'Business Office\n1200 Maple Grove Parkway\nMaple Grove, IL 60050',
    tax_exempt_number: 'E9998-1234-05',
  };
  await db.updateTable('districts').set({ ...contact, renews_on: schoolYearEnd }).where('id', '=', refs.districtId).execute();
  const billTo: BillTo = {
    district: district.name, name: contact.billing_contact_name, email: contact.billing_contact_email,
    address: contact.billing_address, tax_exempt_number: contact.tax_exempt_number,
  };
  const plans = await db.selectFrom('plans').select(['id', 'key', 'name', 'price_per_seat_cents']).execute();
  const plan = (key: string) => plans.find((p) => p.key === key) ?? { ...PLANS.find((p) => p.key === key)!, id: 0 };

  const insertQuote = async (values: { planKey: string; seats: number; termYears: number; createdOn: string; notes: string; extra: Record<string, unknown> }) => {
    const p = plan(values.planKey);
    const price = priceQuote(p, values.seats, values.termYears);
    const created = at(values.createdOn, '14:20:00');
    return db.insertInto('quotes').values({
      district_id: refs.districtId, number: await nextNumber(db, 'quote', Number(values.createdOn.slice(0, 4))), plan_id: p.id, plan_name: p.name,
      price_per_seat_cents: p.price_per_seat_cents, seats: values.seats, term_years: values.termYears, notes: values.notes,
      line_items: JSON.stringify(price.line_items), subtotal_cents: price.subtotal_cents, discount_bps: price.discount_bps,
      discount_cents: price.discount_cents, total_cents: price.total_cents, status: 'draft',
      valid_until: plusDays(values.createdOn, QUOTE_VALID_DAYS), created_by: refs.adminId, created_at: created, updated_at: created,
      ...values.extra,
    }).returning(['id', 'number', 'total_cents', 'line_items']).executeTakeFirstOrThrow();
  };
  const insertInvoice = async (values: { quoteId: number | null; issuedOn: string; lineItems: LineItem[]; amount: number; poNumber: string | null; paidOn: string | null }) => {
    const created = at(values.issuedOn, '16:00:00');
    await db.insertInto('invoices').values({
      district_id: refs.districtId, number: await nextNumber(db, 'invoice', Number(values.issuedOn.slice(0, 4))), quote_id: values.quoteId,
      issued_on: values.issuedOn, due_on: plusDays(values.issuedOn, INVOICE_DUE_DAYS), period_start: schoolYearStart, period_end: schoolYearEnd,
      line_items: JSON.stringify(values.lineItems), amount_cents: values.amount, po_number: values.poNumber, bill_to: JSON.stringify(billTo),
      status: values.paidOn ? 'paid' : 'open', paid_on: values.paidOn, voided_at: null, void_reason: null,
      created_by: refs.providerAdminId, created_at: created, updated_at: values.paidOn ? at(values.paidOn) : created,
    }).execute();
  };

  // Last spring: the quote for this school year, accepted with a PO, activated, its invoice paid.
  const accepted = await insertQuote({
    planKey: 'professional', seats: 10, termYears: 1, createdOn: quotedOn,
    notes: 'Professional plan for the coming school year: ten coaches across our four schools.',
    extra: {
      status: 'accepted', sent_at: at(plusDays(quotedOn, 1)), sent_to: contact.billing_contact_email,
      accepted_at: at(acceptedOn), accepted_by: refs.adminId, po_number: `MG-PO-${startYear}-0417`,
      signer_name: 'Dana Whitfield', signer_title: 'Assistant Superintendent for Business', activated_at: at(activatedOn, '17:30:00'),
      activated_by: refs.providerAdminId, updated_at: at(activatedOn, '17:30:00'),
    },
  });
  await insertInvoice({
    quoteId: accepted.id, issuedOn: activatedOn, lineItems: JSON.parse(accepted.line_items) as LineItem[], amount: accepted.total_cents,
    poNumber: `MG-PO-${startYear}-0417`, paidOn: plusDays(activatedOn, 19),
  });

  // This autumn: two more coaches joined; the provider invoiced the two extra seats (open, not yet due).
  const pro = plan('professional');
  const extraSeats: LineItem = { description: 'Professional plan: 2 additional coach seats × 1 school year', quantity: 2, unit_cents: pro.price_per_seat_cents, amount_cents: 2 * pro.price_per_seat_cents };
  await insertInvoice({ quoteId: null, issuedOn: plusDays(today, -10), lineItems: [extraSeats], amount: extraSeats.amount_cents, poNumber: `MG-PO-${startYear}-0933`, paidOn: null });

  // Being considered: Enterprise for three years (advanced reports), still a draft.
  await insertQuote({
    planKey: 'enterprise', seats: 12, termYears: 3, createdOn: plusDays(today, -3),
    notes: 'For the board’s January meeting: Enterprise from next school year for advanced reports, with the three-year discount.',
    extra: {},
  });
}
