// The billing shapes of common/schemas/billing.ts, field by field. Queries select the rows below
// (a quote or invoice with the few joined names it shows); the presenters never read anything else.
import type {
  AdminQuoteRowAnswer, InvoiceAnswer, InvoiceSummaryAnswer, PlanAnswer, QuoteAnswer, QuoteSummaryAnswer,
} from '../../../common/schemas/answers/billing';
import type { Selectable } from 'kysely';
import type { LineItem } from '../../../common/money';
import { PLAN_FEATURES, type PlanFeature } from '../../../common/permissions';
import type { BillTo } from '../../../common/schemas/billing';
import type { DistrictsTable, InvoicesTable, PlansTable, QuotesTable } from '../../../db/types';
import { invoiceStatus, quoteStatus } from './status';

export type QuoteRow = Selectable<QuotesTable> & {
  plan_key: string;
  created_by_name: string | null;
  district_name: string;
  invoice_id: number | null;
  invoice_number: string | null;
};

export type InvoiceRow = Selectable<InvoicesTable> & {
  district_name: string;
  quote_number: string | null;
};

export type BillingContactRow = Pick<Selectable<DistrictsTable>,
  'name' | 'billing_contact_name' | 'billing_contact_email' | 'billing_address' | 'tax_exempt_number'>;

/** The bill-to block of a quote: the district's contact as it is now (an invoice keeps its own copy). */
export function billToOf(district: BillingContactRow): BillTo {
  return {
    district: district.name,
    name: district.billing_contact_name,
    email: district.billing_contact_email,
    address: district.billing_address,
    tax_exempt_number: district.tax_exempt_number,
  };
}

export function presentQuoteSummary(row: QuoteRow, today: string): QuoteSummaryAnswer {
  return {
    id: row.id,
    number: row.number,
    plan: { key: row.plan_key, name: row.plan_name },
    seats: row.seats,
    term_years: row.term_years,
    total_cents: row.total_cents,
    status: quoteStatus(row, today),
    valid_until: row.valid_until,
    created_at: row.created_at,
    created_by: row.created_by !== null && row.created_by_name !== null ? { id: row.created_by, name: row.created_by_name } : null,
    activated_at: row.activated_at,
  };
}

export function presentQuoteDetail(row: QuoteRow, district: BillingContactRow, today: string): QuoteAnswer {
  return {
    ...presentQuoteSummary(row, today),
    notes: row.notes,
    price_per_seat_cents: row.price_per_seat_cents,
    line_items: JSON.parse(row.line_items) as LineItem[],
    subtotal_cents: row.subtotal_cents,
    discount_bps: row.discount_bps,
    discount_cents: row.discount_cents,
    sent_at: row.sent_at,
    sent_to: row.sent_to,
    accepted_at: row.accepted_at,
    po_number: row.po_number,
    signer_name: row.signer_name,
    signer_title: row.signer_title,
    declined_at: row.declined_at,
    decline_reason: row.decline_reason,
    bill_to: billToOf(district),
    district: { id: row.district_id, name: row.district_name },
    invoice: row.invoice_id !== null && row.invoice_number !== null ? { id: row.invoice_id, number: row.invoice_number } : null,
  };
}

export function presentAdminQuoteRow(row: QuoteRow, today: string): AdminQuoteRowAnswer {
  return { ...presentQuoteSummary(row, today), district: { id: row.district_id, name: row.district_name }, po_number: row.po_number };
}

export function presentInvoiceSummary(row: InvoiceRow, today: string): InvoiceSummaryAnswer {
  return {
    id: row.id,
    number: row.number,
    issued_on: row.issued_on,
    due_on: row.due_on,
    period_start: row.period_start,
    period_end: row.period_end,
    amount_cents: row.amount_cents,
    status: invoiceStatus(row, today),
    po_number: row.po_number,
    paid_on: row.paid_on,
    quote: row.quote_id !== null && row.quote_number !== null ? { id: row.quote_id, number: row.quote_number } : null,
  };
}

export function presentInvoiceDetail(row: InvoiceRow, today: string): InvoiceAnswer {
  return {
    ...presentInvoiceSummary(row, today),
    line_items: JSON.parse(row.line_items) as LineItem[],
    bill_to: JSON.parse(row.bill_to) as BillTo,
    void_reason: row.void_reason,
    district: { id: row.district_id, name: row.district_name },
  };
}

/** A plan as /pricing and the Billing page show it (GET /api/plan and GET /api/billing). */
export function presentPlan(plan: Pick<Selectable<PlansTable>, 'key' | 'name' | 'description' | 'price_per_seat_cents' | 'features'>): PlanAnswer {
  return {
    key: plan.key,
    name: plan.name,
    description: plan.description,
    price_per_seat_cents: plan.price_per_seat_cents,
    features: (JSON.parse(plan.features) as PlanFeature[]).map((key) => ({ key, label: PLAN_FEATURES[key] ?? key })),
  };
}
