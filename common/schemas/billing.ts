// The billing contract (issue 14): the district's billing summary and contact, invoices, quotes and the
// provider's side of them, and the read-only state of a trial that has ended. Request schemas, messages
// and answer shapes shared by server and client. Money is integer US cents (common/money.ts).
import * as z from 'zod/mini';
import type { LineItem } from '../money';
import { TERM_YEARS } from '../plans';
import { emailField, optionalText, optionalTrimmed, text } from './fields';
import { filterParam } from './query';
import { MAX_SEATS } from './adminDistricts';

/** Every write of a district whose trial has ended answers 402 with this (reading and exports still work). */
export const TRIAL_ENDED_MESSAGE =
  "Your district's free trial has ended, so Coachwell is read-only: you can still read and export everything. A district administrator can buy a plan under Settings → Billing.";

/** How long a quote can be accepted, in days from its creation (the district's today). */
export const QUOTE_VALID_DAYS = 30;
/** Net terms of an invoice: due this many days after it is issued. */
export const INVOICE_DUE_DAYS = 30;
export const QUOTE_NOTES_MAX = 2000;
/** How many quotes a district may create per day (each one takes a number). */
export const QUOTES_PER_DAY = 20;

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft', sent: 'Sent', accepted: 'Accepted', declined: 'Declined', expired: 'Expired',
};

export const INVOICE_STATUSES = ['open', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { open: 'Open', paid: 'Paid', overdue: 'Overdue', void: 'Void' };

export const BILLING_MESSAGES = {
  quoteNotFound: 'We could not find that quote.',
  invoiceNotFound: 'We could not find that invoice.',
  planRequired: 'Plan is required.',
  planUnknown: 'Choose a plan from the list.',
  seats: `Seats must be a whole number from 1 to ${MAX_SEATS.toLocaleString('en-US')}.`,
  termYears: 'Term must be 1, 2 or 3 school years.',
  notesText: 'Notes must be text.',
  notesTooLong: `Notes must be at most ${QUOTE_NOTES_MAX} characters.`,
  // Actions on a quote in the wrong state (409)
  quoteExpired: 'This quote has expired. Create a new quote for current prices.',
  quoteNotOpen: 'Only a draft or sent quote can be sent, accepted or declined.',
  quoteNotAccepted: 'Only an accepted quote can be activated.',
  quoteAlreadyActivated: 'This quote has already been activated.',
  invoiceNotOpen: 'Only an open invoice can be marked paid or void.',
  // Accept
  poNumberRequired: 'PO number is required.',
  signerNameRequired: 'Signer name is required.',
  signerTitleRequired: 'Signer title is required.',
  acceptWhileImpersonating: 'While impersonating you cannot accept a quote: accepting commits the district to a purchase. Stop impersonating and ask the district to accept it.',
  sendWhileImpersonating: 'While impersonating you cannot send a quote: the email goes out in the name of the district. Stop impersonating and ask the district to send it.',
  contactWhileImpersonating: 'While impersonating you cannot change the billing contact: invoices and renewals go to it. Stop impersonating and ask the district to change it.',
  // Provider
  providerOnly: 'Only a provider administrator can activate quotes and change invoices.',
  paidOnFormat: 'Paid on must be a date (YYYY-MM-DD).',
  paidOnFuture: 'Paid on cannot be in the future.',
  tooManyQuotes: `Your district has created ${QUOTES_PER_DAY} quotes today. Please try again tomorrow.`,
  // Provider side (admin-billing)
  districtNotFound: 'We could not find that district.',
  activateSuspended: 'This district is suspended. Reactivate it before activating a quote, so its plan and invoice start together.',
  paidOnBeforeIssued: 'Paid on cannot be before the invoice was issued.',
  adminQuoteStatus: 'Status must be draft, sent, accepted, declined or expired.',
  adminQuotePlan: 'Plan must be a plan key.',
  adminQuoteDistrict: 'District must be a district id.',
  adminQuoteSearch: 'Search must be text of at most 100 characters.',
} as const;
const M = BILLING_MESSAGES;

/** PUT /api/billing: the billing contact, address and tax-exempt certificate number (all optional). */
export const billingContactSchema = z.object({
  billing_contact_name: optionalText('Billing contact name', 120),
  billing_contact_email: z.pipe(
    optionalText('Billing contact email', 254),
    z.transform((v) => v?.toLowerCase() ?? null),
  ).check(z.refine((v) => v === null || z.safeParse(z.email(), v).success, 'Billing contact email must be a valid email address.')),
  billing_address: optionalText('Billing address', 500),
  tax_exempt_number: optionalText('Tax-exempt certificate number', 60),
});
export type BillingContactInput = z.input<typeof billingContactSchema>;

/** POST /api/quote: `{ plan, seats, term_years, notes }` (plan is a plan key). */
export const createQuoteSchema = z.object({
  plan: z.string({ error: (iss) => (iss.input == null ? M.planRequired : M.planUnknown) })
    .check(z.trim(), z.minLength(1, M.planRequired), z.maxLength(60, M.planUnknown)),
  seats: z.number({ error: M.seats }).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_SEATS, M.seats)),
  term_years: z.number({ error: M.termYears }).check(z.refine((n) => (TERM_YEARS as readonly number[]).includes(n), M.termYears)),
  notes: z.pipe(
    z.optional(z.nullable(z.string({ error: M.notesText }))),
    z.transform((v) => (v ?? '').trim()),
  ).check(z.refine((v) => v.length <= QUOTE_NOTES_MAX, M.notesTooLong)),
});
export type CreateQuoteInput = z.input<typeof createQuoteSchema>;

/** POST /api/quote/{id}/send: the quote (PDF attached) goes to this address. */
export const sendQuoteSchema = z.object({ email: emailField });
export type SendQuoteInput = z.input<typeof sendQuoteSchema>;

/** POST /api/quote/{id}/accept */
export const acceptQuoteSchema = z.object({
  po_number: text('PO number', 60),
  signer_name: text('Signer name', 120),
  signer_title: text('Signer title', 120),
});
export type AcceptQuoteInput = z.input<typeof acceptQuoteSchema>;

/** POST /api/quote/{id}/decline: an optional reason. */
export const declineQuoteSchema = z.object({ reason: optionalText('Reason', 500) });
export type DeclineQuoteInput = z.input<typeof declineQuoteSchema>;

/** POST /api/admin/invoice/{id}/paid: the day the payment arrived (default: the provider's today). */
export const markInvoicePaidSchema = z.object({
  paid_on: optionalTrimmed(M.paidOnFormat, (v) => /^\d{4}-\d{2}-\d{2}$/.test(v), M.paidOnFormat),
});
/** POST /api/admin/invoice/{id}/void */
export const voidInvoiceSchema = z.object({ reason: text('Reason', 500) });

/** GET /api/admin/quote: `filter[status]`, `filter[plan]` (key), `filter[district]` (id), `search` (number or district name), `page`, `per_page`. */
const filterText = (message: string, ok: (v: string) => boolean) => z.pipe(
  z.optional(z.string({ error: message })),
  z.transform((v) => (v ?? '').trim()),
).check(z.refine((v) => v === '' || ok(v), message));
export const adminQuoteListQuerySchema = z.object({
  search: filterText(M.adminQuoteSearch, (v) => v.length <= 100),
  filter: filterParam({
    status: filterText(M.adminQuoteStatus, (v) => (QUOTE_STATUSES as readonly string[]).includes(v)),
    plan: filterText(M.adminQuotePlan, (v) => /^[a-z0-9-]{1,40}$/.test(v)),
    district: filterText(M.adminQuoteDistrict, (v) => /^[1-9]\d{0,14}$/.test(v)),
  }, 'status, plan and district'),
});
export type AdminQuoteListQuery = z.output<typeof adminQuoteListQuerySchema>;

export interface BillTo {
  district: string;
  name: string | null;
  email: string | null;
  address: string | null;
  tax_exempt_number: string | null;
}

export interface PlanSummary {
  key: string;
  name: string;
  description: string;
  price_per_seat_cents: number;
  features: { key: string; label: string }[];
}

/** GET /api/billing */
export interface BillingSummary {
  plan: PlanSummary;
  status: 'trial' | 'active' | 'suspended';
  /** The trial's end (an instant) while on trial. */
  trial_ends_at: string | null;
  /** Whole days left in the trial (0 once ended); null unless on trial. */
  trial_days_left: number | null;
  /** True when the trial has ended: the district is read-only until a plan is bought. */
  read_only: boolean;
  /** YYYY-MM-DD, the end of the school year the paid term ends in; null unless active. */
  renews_on: string | null;
  seats: { purchased: number; in_use: number; over: boolean };
  contact: {
    billing_contact_name: string | null;
    billing_contact_email: string | null;
    billing_address: string | null;
    tax_exempt_number: string | null;
  };
  /** Every plan, as on /pricing, with which is current. */
  plans: (PlanSummary & { current: boolean })[];
  /** Whether the caller may edit the contact and create quotes (`manage billing`). */
  can_manage: boolean;
}

export interface InvoiceSummary {
  id: number;
  number: string;
  issued_on: string;
  due_on: string;
  period_start: string;
  period_end: string;
  amount_cents: number;
  status: InvoiceStatus;
  po_number: string | null;
  paid_on: string | null;
  quote: { id: number; number: string } | null;
}

/** GET /api/invoice/{id} (and each row of the admin district's invoices) */
export interface InvoiceDetail extends InvoiceSummary {
  line_items: LineItem[];
  bill_to: BillTo;
  void_reason: string | null;
  district: { id: number; name: string };
}

export interface QuoteSummary {
  id: number;
  number: string;
  plan: { key: string; name: string };
  seats: number;
  term_years: number;
  total_cents: number;
  status: QuoteStatus;
  valid_until: string;
  created_at: string;
  created_by: { id: number; name: string } | null;
  /** When the provider turned it into the district's plan. */
  activated_at: string | null;
}

/** GET /api/quote/{id} */
export interface QuoteDetail extends QuoteSummary {
  notes: string;
  price_per_seat_cents: number;
  line_items: LineItem[];
  subtotal_cents: number;
  discount_bps: number;
  discount_cents: number;
  sent_at: string | null;
  sent_to: string | null;
  accepted_at: string | null;
  po_number: string | null;
  signer_name: string | null;
  signer_title: string | null;
  declined_at: string | null;
  decline_reason: string | null;
  bill_to: BillTo;
  district: { id: number; name: string };
  /** The invoice activation created, if any. */
  invoice: { id: number; number: string } | null;
}

/** GET /api/quote: the district's quotes, newest first (paged like every list). */
export interface QuoteList {
  data: QuoteSummary[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** GET /api/admin/quote: one row across districts. */
export interface AdminQuoteRow extends QuoteSummary {
  district: { id: number; name: string };
  po_number: string | null;
}

/** GET /api/admin/quote */
export interface AdminQuoteList {
  data: AdminQuoteRow[];
  meta: { page: number; per_page: number; total: number; last_page: number; plans: { key: string; name: string }[] };
}

/** GET /api/admin/district/{id}/billing: the provider's Billing panel of a district. */
export interface AdminDistrictBilling {
  /** The district's current billing contact (what a new invoice's bill-to copies). */
  contact: BillTo;
  /** YYYY-MM-DD: the end of the paid term; null until a quote is activated. */
  renews_on: string | null;
  /** The district's today (YYYY-MM-DD) and school-year start month: what an activation's dates are read from. */
  today: string;
  school_year_start_month: number;
  /** Newest first, each with its PO number. */
  quotes: (QuoteSummary & { po_number: string | null })[];
  /** Newest first. */
  invoices: InvoiceSummary[];
  /** Whether the caller may activate quotes and change invoices (provider administrators). */
  can_manage: boolean;
}

// Added by the billing server (issue 14): the quote list's query, quote emails' limits and messages.

/** GET /api/quote query (besides page, per_page): `filter[status]`, expired included. */
export const quoteListQuerySchema = z.object({
  filter: z._default(
    z.object({
      status: z.optional(z.enum(QUOTE_STATUSES, { error: 'Status must be draft, sent, accepted, declined or expired.' })),
    }, { error: 'Filter must be an object.' }),
    {},
  ),
});

/**
 * Quote emails (POST /api/quote/{id}/send) are limited like every email people can make Coachwell
 * send (security finding 2): per user per hour, per district per day and per quote per day.
 */
export const QUOTE_EMAIL_LIMITS = { perUserPerHour: 10, perDistrictPerDay: 30, perQuotePerDay: 3 } as const;

export const BILLING_SEND_MESSAGES = {
  tooManyQuoteEmails: `Too many quote emails: at most ${QUOTE_EMAIL_LIMITS.perUserPerHour} an hour per person, ${QUOTE_EMAIL_LIMITS.perDistrictPerDay} a day per district and ${QUOTE_EMAIL_LIMITS.perQuotePerDay} a day per quote. Please try again later, or download the PDF and send it yourself.`,
} as const;

/** The provider's block at the top of every quote and invoice (PDF and printed page). */
export const BILLING_PROVIDER = {
  name: 'Coachwell, Inc.',
  address: ['1200 Lakeshore Avenue, Suite 300', 'Madison, WI 53703', 'United States'],
  email: 'billing@coachwell.example',
} as const;

/**
 * GET /api/trial: what the app's trial banner needs, for any district login. `ask` names up to three
 * active people of the district who hold `manage billing` (whom a coach should ask to buy a plan).
 */
export interface TrialState {
  status: 'trial' | 'active' | 'suspended';
  /** The trial's end (an instant) while on trial, else null. */
  trial_ends_at: string | null;
  /** Whole days left in the trial (0 once ended); null unless on trial. */
  days_left: number | null;
  /** True when the trial has ended: every write answers 402 with TRIAL_ENDED_MESSAGE. */
  read_only: boolean;
  ask: { name: string }[];
}
