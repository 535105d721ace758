// The district's billing commands: the billing contact, creating a quote, accepting and declining one.
// Each runs in one transaction with its audit row; quote numbers are taken inside the insert's
// transaction (numbering.ts), so concurrent creations never share one and a failed one takes none.
import { defineServerMessages, formatServer, type MessageDescriptor } from '../../i18n/messages';
import { districtLocale } from '../../i18n/recipients';
import type { DB } from '../../../db/connection';
import { lockRecord } from '../../../db/locks';
import { nowIso } from '../../../db/connection';
import { priceQuote } from '../../../common/money';
import type { DistrictAuth } from '../../access/guards';
import {
  BILLING_MESSAGES as M, BILLING_SEND_MESSAGES, QUOTE_EMAIL_LIMITS, QUOTE_VALID_DAYS, QUOTES_PER_DAY,
  type AcceptQuoteInput, type BillingContactInput, type CreateQuoteInput, type DeclineQuoteInput,
} from '../../../common/schemas/billing';
import type { Deps } from '../../deps';
import { conflict, HttpError, notFound, validationError } from '../../http/errors';
import { changedFields, type DistrictActor, recordAudit } from '../../lib/audit';
import { noticeEmail, quoted } from '../../lib/mailer';
import { formatUsd } from '../../../common/money';
import { addDays } from '../../lib/dates';
import { todayIn } from '../../lib/zone';
import { nextNumber } from '../../lib/billing/numbering';
import { pdfFileName, pdfLongDate, quotePdfInWorker } from './pdf';
import { presentQuoteDetail } from '../../lib/billing/presenter';
import type { QuoteRow } from '../../lib/billing/presenter';
import { type BillingDistrict, findPlanByKey, findQuote } from './queries';
import { quoteStatus } from '../../lib/billing/status';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** Throws 429 with `message` when the limiter refuses `key` (the limiter's own message says "a minute"). */
export async function limit(deps: Pick<Deps, 'limiter'>, key: string, max: number, windowMs: number, message: string): Promise<void> {
  try {
    await deps.limiter.hit(key, max, windowMs);
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) throw new HttpError(429, message, 'rate_limited', undefined, err.headers);
    throw err;
  }
}

/** The district's today (YYYY-MM-DD): quotes expire and invoices fall due by it. */
export function districtToday(district: { timezone: string }, now = new Date()): string {
  return todayIn(district.timezone, now);
}

/** 404 for a missing quote or another district's. */
export async function requireQuote(db: DB, districtId: number, id: number): Promise<QuoteRow> {
  const quote = await findQuote(db, districtId, id);
  if (!quote) throw notFound(M.quoteNotFound);
  return quote;
}

/** Saves the billing contact, address and tax-exempt number; a save that changes nothing writes nothing. */
export async function updateBillingContact(db: DB, actor: DistrictActor, district: BillingDistrict, input: Parsed<BillingContactInput>): Promise<void> {
  const after = {
    billing_contact_name: input.billing_contact_name ?? null,
    billing_contact_email: input.billing_contact_email ?? null,
    billing_address: input.billing_address ?? null,
    tax_exempt_number: input.tax_exempt_number ?? null,
  };
  const changes = changedFields(district, after);
  if (!Object.keys(changes).length) return;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('districts').set({ ...after, updated_at: nowIso() }).where('id', '=', actor.districtId).execute();
    await recordAudit(trx, actor, { action: 'billing_contact_updated', subjectType: 'district', subjectId: actor.districtId, details: changes });
  });
}

/**
 * Creates a draft quote priced from the plan's current price: numbered in the insert's transaction,
 * valid until the district's today + QUOTE_VALID_DAYS. 422 `plan` for an unknown plan key; 429 past
 * QUOTES_PER_DAY in a day for the district (each quote takes a number).
 */
export async function createQuote(
  deps: Pick<Deps, 'db' | 'limiter'>, actor: DistrictActor, district: BillingDistrict,
  input: { plan: string; seats: number; term_years: number; notes: string },
): Promise<number> {
  const { db } = deps;
  const plan = await findPlanByKey(db, input.plan);
  if (!plan) throw validationError({ plan: [M.planUnknown] });
  await limit(deps, `quotes|district|${district.id}`, QUOTES_PER_DAY, DAY_MS, M.tooManyQuotes);
  const price = priceQuote(plan, input.seats, input.term_years);
  const today = districtToday(district);
  return db.transaction().execute(async (trx) => {
    const number = await nextNumber(trx, 'quote', Number(today.slice(0, 4)));
    const now = nowIso();
    const { id } = await trx.insertInto('quotes').values({
      district_id: district.id,
      number,
      plan_id: plan.id,
      plan_name: plan.name,
      price_per_seat_cents: plan.price_per_seat_cents,
      seats: input.seats,
      term_years: input.term_years,
      notes: input.notes,
      line_items: JSON.stringify(price.line_items),
      subtotal_cents: price.subtotal_cents,
      discount_bps: price.discount_bps,
      discount_cents: price.discount_cents,
      total_cents: price.total_cents,
      status: 'draft',
      valid_until: addDays(today, QUOTE_VALID_DAYS),
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'quote_created', subjectType: 'quote', subjectId: id,
      details: { number, plan: plan.key, seats: input.seats, term_years: input.term_years, total_cents: price.total_cents },
    });
    return id;
  });
}
export type CreateQuoteParsed = Parsed<CreateQuoteInput>;

/**
 * Reads the quote again inside the transaction and refuses what is not open today: an expired quote
 * (draft or sent past valid_until) 409 quoteExpired, an accepted or declined one 409 quoteNotOpen.
 */
async function openQuoteIn(trx: DB, district: BillingDistrict, id: number): Promise<QuoteRow> {
  const quote = await requireQuote(trx, district.id, id);
  const status = quoteStatus(quote, districtToday(district));
  if (status === 'expired') throw conflict(M.quoteExpired);
  if (status !== 'draft' && status !== 'sent') throw conflict(M.quoteNotOpen);
  return quote;
}

/** Accepts a draft or sent quote with the district's PO number and the signer's name and title. */
export async function acceptQuote(db: DB, actor: DistrictActor, district: BillingDistrict, id: number, input: Parsed<AcceptQuoteInput>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // A quote is accepted, declined or sent once (db/locks.ts): its state is read after its row is locked.
    await lockRecord(trx, 'quotes', id);
    const quote = await openQuoteIn(trx, district, id);
    const now = nowIso();
    await trx.updateTable('quotes').set({
      status: 'accepted', accepted_at: now, accepted_by: actor.userId,
      po_number: input.po_number, signer_name: input.signer_name, signer_title: input.signer_title, updated_at: now,
    }).where('id', '=', id).where('district_id', '=', district.id).execute();
    await recordAudit(trx, actor, {
      action: 'quote_accepted', subjectType: 'quote', subjectId: id,
      details: { number: quote.number, po_number: input.po_number, signer_name: input.signer_name, signer_title: input.signer_title, total_cents: quote.total_cents },
    });
  });
}

/** Declines a draft or sent quote, with an optional reason. */
export async function declineQuote(db: DB, actor: DistrictActor, district: BillingDistrict, id: number, input: Parsed<DeclineQuoteInput>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // A quote is accepted, declined or sent once (db/locks.ts): its state is read after its row is locked.
    await lockRecord(trx, 'quotes', id);
    const quote = await openQuoteIn(trx, district, id);
    const now = nowIso();
    await trx.updateTable('quotes').set({
      status: 'declined', declined_at: now, declined_by: actor.userId, decline_reason: input.reason ?? null, updated_at: now,
    }).where('id', '=', id).where('district_id', '=', district.id).execute();
    await recordAudit(trx, actor, {
      action: 'quote_declined', subjectType: 'quote', subjectId: id,
      details: { number: quote.number, ...(input.reason ? { reason: input.reason } : {}) },
    });
  });
}

// The quote email, in the district's language (issue 33), as its PDF.
const qm = defineServerMessages({
  subject: { id: 'billing.quoteEmail.subject', defaultMessage: 'Coachwell quote {number}' },
  first: {
    id: 'billing.quoteEmail.first',
    defaultMessage: '{sender} of {district} sent you Coachwell quote {number}: the {plan} plan, {seats, plural, one {# coach seat} other {# coach seats}} for {years, plural, one {# school year} other {# school years}}, {total} in total.',
  },
  second: { id: 'billing.quoteEmail.second', defaultMessage: 'The quote is attached as a PDF ({file}). It is valid until {date}; prices are in US dollars.' },
  third: {
    id: 'billing.quoteEmail.third',
    defaultMessage: 'A district administrator accepts it in Coachwell under Settings → Billing → Quotes with the purchase order number. If you were not expecting this quote, you can ignore this email.',
  },
});

/**
 * Emails the quote with its PDF attached to `email`, then marks it sent (sent_at, sent_to). Only a draft
 * or sent quote (409 otherwise); quote emails are limited like every email people can make Coachwell
 * send (per user per hour, per district per day, per quote per day: 429, nothing sent). The sender's
 * and district's names appear only quoted and defanged, never in the subject.
 */
export async function sendQuote(
  deps: Pick<Deps, 'db' | 'limiter' | 'mailer'>, caller: { actor: DistrictActor; auth: DistrictAuth }, district: BillingDistrict, id: number, email: string,
): Promise<void> {
  const { db } = deps;
  const { actor } = caller;
  await openQuoteIn(db, district, id);
  await limit(deps, `quote-emails|user|${actor.userId}`, QUOTE_EMAIL_LIMITS.perUserPerHour, HOUR_MS, BILLING_SEND_MESSAGES.tooManyQuoteEmails);
  await limit(deps, `quote-emails|district|${district.id}`, QUOTE_EMAIL_LIMITS.perDistrictPerDay, DAY_MS, BILLING_SEND_MESSAGES.tooManyQuoteEmails);
  await limit(deps, `quote-emails|quote|${id}`, QUOTE_EMAIL_LIMITS.perQuotePerDay, DAY_MS, BILLING_SEND_MESSAGES.tooManyQuoteEmails);
  const quote = await requireQuote(db, district.id, id);
  const today = districtToday(district);
  const detail = presentQuoteDetail(quote, district, today);
  const locale = districtLocale(caller.auth.district);
  const pdf = await quotePdfInWorker(detail, districtToday(district, new Date(quote.created_at)), locale);
  const to = email.trim().toLowerCase();
  const f = (message: MessageDescriptor, values?: Record<string, string | number>) => formatServer(locale, message, values);
  await deps.mailer.send({
    ...noticeEmail({
      to,
      subject: f(qm.subject, { number: quote.number }),
      paragraphs: [
        f(qm.first, {
          sender: quoted(caller.auth.user.name), district: quoted(district.name), number: quote.number, plan: quote.plan_name,
          seats: quote.seats, years: quote.term_years, total: formatUsd(quote.total_cents),
        }),
        f(qm.second, { file: pdfFileName(quote.number), date: pdfLongDate(quote.valid_until, locale) }),
        f(qm.third),
      ],
    }),
    attachments: [{ filename: pdfFileName(quote.number), content: pdf, contentType: 'application/pdf' }],
  });
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx.updateTable('quotes').set({ status: 'sent', sent_at: now, sent_to: to, updated_at: now })
      .where('id', '=', id).where('district_id', '=', district.id).where('status', 'in', ['draft', 'sent']).execute();
    await recordAudit(trx, actor, { action: 'quote_sent', subjectType: 'quote', subjectId: id, details: { number: quote.number, to } });
  });
}
