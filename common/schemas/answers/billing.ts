// The quote and invoice answers, the district's and the provider's: server/lib/billing/presenter.ts.
import * as z from 'zod/mini';
import { type BillTo, INVOICE_STATUSES, type InvoiceDetail, type InvoiceSummary, QUOTE_STATUSES, type QuoteDetail, type QuoteSummary } from '../billing';
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
