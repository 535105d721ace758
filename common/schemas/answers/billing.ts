// The quote and invoice answers, the district's and the provider's: server/lib/billing/presenter.ts.
import * as z from 'zod/mini';
import {
  type AdminDistrictBilling, type AdminQuoteRow, type BillingSummary, type BillTo, INVOICE_STATUSES, type InvoiceDetail, type InvoiceSummary, type PlanSummary,
  QUOTE_STATUSES, type QuoteDetail, type QuoteSummary, type TrialState,
} from '../billing';
import { day, id, instant, ref, type SameShape } from './shapes';

const numbered = z.strictObject({ id, number: z.string() });
const lineItem = z.strictObject({ description: z.string(), quantity: z.number(), unit_cents: z.number(), amount_cents: z.number() });
const billTo = z.strictObject({
  district: z.string(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  address: z.nullable(z.string()),
  tax_exempt_number: z.nullable(z.string()),
});
export const billToMatches: SameShape<z.infer<typeof billTo>, BillTo> = true;

const quoteSummaryFields = {
  id,
  number: z.string(),
  plan: z.strictObject({ key: z.string(), name: z.string() }),
  seats: z.number(),
  term_years: z.number(),
  total_cents: z.number(),
  status: z.enum(QUOTE_STATUSES),
  valid_until: day,
  created_at: instant,
  created_by: z.nullable(ref),
  activated_at: z.nullable(instant),
};
export const quoteSummaryAnswer = z.strictObject(quoteSummaryFields);
export type QuoteSummaryAnswer = z.infer<typeof quoteSummaryAnswer>;
export const quoteSummaryAnswerMatches: SameShape<QuoteSummaryAnswer, QuoteSummary> = true;

export const quoteAnswer = z.strictObject({
  ...quoteSummaryFields,
  notes: z.string(),
  price_per_seat_cents: z.number(),
  line_items: z.array(lineItem),
  subtotal_cents: z.number(),
  discount_bps: z.number(),
  discount_cents: z.number(),
  sent_at: z.nullable(instant),
  sent_to: z.nullable(z.string()),
  accepted_at: z.nullable(instant),
  po_number: z.nullable(z.string()),
  signer_name: z.nullable(z.string()),
  signer_title: z.nullable(z.string()),
  declined_at: z.nullable(instant),
  decline_reason: z.nullable(z.string()),
  bill_to: billTo,
  district: ref,
  invoice: z.nullable(numbered),
});
export type QuoteAnswer = z.infer<typeof quoteAnswer>;
export const quoteAnswerMatches: SameShape<QuoteAnswer, QuoteDetail> = true;

const invoiceSummaryFields = {
  id,
  number: z.string(),
  issued_on: day,
  due_on: day,
  period_start: day,
  period_end: day,
  amount_cents: z.number(),
  status: z.enum(INVOICE_STATUSES),
  po_number: z.nullable(z.string()),
  paid_on: z.nullable(day),
  quote: z.nullable(numbered),
};
export const invoiceSummaryAnswer = z.strictObject(invoiceSummaryFields);
export type InvoiceSummaryAnswer = z.infer<typeof invoiceSummaryAnswer>;
export const invoiceSummaryAnswerMatches: SameShape<InvoiceSummaryAnswer, InvoiceSummary> = true;

export const invoiceAnswer = z.strictObject({
  ...invoiceSummaryFields,
  line_items: z.array(lineItem),
  bill_to: billTo,
  void_reason: z.nullable(z.string()),
  district: ref,
});
export type InvoiceAnswer = z.infer<typeof invoiceAnswer>;
export const invoiceAnswerMatches: SameShape<InvoiceAnswer, InvoiceDetail> = true;

/** GET /api/admin/quote: one row across districts. */
export const adminQuoteRowAnswer = z.strictObject({
  ...quoteSummaryFields,
  district: ref,
  po_number: z.nullable(z.string()),
});
export type AdminQuoteRowAnswer = z.infer<typeof adminQuoteRowAnswer>;
export const adminQuoteRowAnswerMatches: SameShape<AdminQuoteRowAnswer, AdminQuoteRow> = true;

/** GET /api/admin/district/{id}/billing and the provider's billing writes: a district's Billing panel. */
export const adminDistrictBillingAnswer = z.strictObject({
  /** The district's billing contact now (what a new invoice's bill-to copies). */
  contact: billTo,
  /** The end of the paid term; null until a quote is activated. */
  renews_on: z.nullable(day),
  /** The district's today and school-year start month: what an activation's dates are read from. */
  today: day,
  school_year_start_month: z.number(),
  /** Newest first. */
  quotes: z.array(z.strictObject({ ...quoteSummaryFields, po_number: z.nullable(z.string()) })),
  /** Newest first. */
  invoices: z.array(invoiceSummaryAnswer),
  /** The caller may activate quotes and change invoices (provider administrators). */
  can_manage: z.boolean(),
});
export type AdminDistrictBillingAnswer = z.infer<typeof adminDistrictBillingAnswer>;
export const adminDistrictBillingAnswerMatches: SameShape<AdminDistrictBillingAnswer, AdminDistrictBilling> = true;

const planFields = {
  key: z.string(),
  name: z.string(),
  description: z.string(),
  price_per_seat_cents: z.number(),
  features: z.array(z.strictObject({ key: z.string(), label: z.string() })),
};
/** A plan as /pricing shows it (GET /api/plan). */
export const planAnswer = z.strictObject(planFields);
export type PlanAnswer = z.infer<typeof planAnswer>;
export const planAnswerMatches: SameShape<PlanAnswer, PlanSummary> = true;

/** GET /api/billing: the district's plan, status, trial, renewal, seats, contact and every plan. */
export const billingSummaryAnswer = z.strictObject({
  plan: planAnswer,
  status: z.enum(['trial', 'active', 'suspended']),
  /** While on trial. */
  trial_ends_at: z.nullable(instant),
  /** Whole days left in the trial (0 once ended); null unless on trial. */
  trial_days_left: z.nullable(z.number()),
  /** The trial has ended: read-only until a plan is bought. */
  read_only: z.boolean(),
  /** The end of the school year the paid term ends in; null unless active. */
  renews_on: z.nullable(day),
  seats: z.strictObject({ purchased: z.number(), in_use: z.number(), over: z.boolean() }),
  contact: z.strictObject({
    billing_contact_name: z.nullable(z.string()),
    billing_contact_email: z.nullable(z.string()),
    billing_address: z.nullable(z.string()),
    tax_exempt_number: z.nullable(z.string()),
  }),
  plans: z.array(z.strictObject({ ...planFields, current: z.boolean() })),
  /** The caller may edit the contact and create quotes (`manage billing`). */
  can_manage: z.boolean(),
});
export type BillingSummaryAnswer = z.infer<typeof billingSummaryAnswer>;
export const billingSummaryAnswerMatches: SameShape<BillingSummaryAnswer, BillingSummary> = true;

/** GET /api/trial: the trial banner's state, for any district login. */
export const trialAnswer = z.strictObject({
  status: z.enum(['trial', 'active', 'suspended']),
  /** While on trial. */
  trial_ends_at: z.nullable(instant),
  /** Whole days left (0 once ended); null unless on trial. */
  days_left: z.nullable(z.number()),
  /** The trial has ended: every write answers 402. */
  read_only: z.boolean(),
  /** Up to three active people of the district with `manage billing`: whom to ask. */
  ask: z.array(z.strictObject({ name: z.string() })),
});
export type TrialAnswer = z.infer<typeof trialAnswer>;
export const trialAnswerMatches: SameShape<TrialAnswer, TrialState> = true;
