// Reads of the provider's billing: quotes across districts (the admin Quotes list) and one district's
// quotes and invoices (its Billing panel). Quote and invoice rows select exactly the QuoteRow and
// InvoiceRow fields of lib/billing/presenter.ts. The provider reads every district, so these filter by
// the district asked for (a route id or filter[district]) or none.
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import { containsText, searchWords, type TextSearchIndex, textSearchMatches, readOneSnapshot } from '../../../db/dialect';
import type { AdminQuoteListQuery } from '../../../common/schemas/billing';
import type { InvoiceRow, QuoteRow } from '../../lib/billing/presenter';
import { todayIn } from '../../lib/zone';

/** District names through the districts' search index (migration 20261124_0092_admin_search). */
const DISTRICT_NAME_SEARCH: TextSearchIndex = {
  table: 'district_search', key: 'd.id', columns: ['name'], starts: 'starts', names: ['d.name'], fields: [], searched: ['d.name'],
};

/** The district page shows this many of a district's quotes and invoices (newest first); the Quotes list has the rest. */
export const DISTRICT_BILLING_SHOWN = 50;

function quoteRows(db: DB) {
  return db.selectFrom('quotes as q')
    .innerJoin('plans as p', 'p.id', 'q.plan_id')
    .innerJoin('districts as d', 'd.id', 'q.district_id')
    .leftJoin('users as u', 'u.id', 'q.created_by')
    .selectAll('q')
    .select(['p.key as plan_key', 'u.name as created_by_name', 'd.name as district_name', 'd.timezone as district_timezone'])
    // Activation creates one invoice per quote: the first one's id and number.
    .select([
      sql<number | null>`(select i.id from invoices i where i.quote_id = q.id order by i.id limit 1)`.as('invoice_id'),
      sql<string | null>`(select i.number from invoices i where i.quote_id = q.id order by i.id limit 1)`.as('invoice_number'),
    ]);
}
/** A quote row and its district's timezone (whose today decides whether it has expired). */
export type AdminQuoteListRow = QuoteRow & { district_timezone: string };

/**
 * Each district's today, as one SQL expression: a CASE over the districts' timezones (a handful), so
 * "expired" (a draft or sent quote past valid_until) is read against the quote's own district's day.
 */
async function districtToday(db: DB) {
  const zones = await db.selectFrom('districts').select('timezone').distinct().execute();
  if (zones.length === 0) return sql<string>`${todayIn('UTC')}`;
  const cases = zones.map((z) => sql`when ${z.timezone} then ${todayIn(z.timezone)}`);
  return sql<string>`(case d.timezone ${sql.join(cases, sql` `)} else ${todayIn('UTC')} end)`;
}

/** One page of quotes across districts, newest first, with the total. */
export async function listAdminQuotes(db: DB, query: AdminQuoteListQuery, page: { perPage: number; offset: number }) {
  // The page and its total from one snapshot (a concurrent write never shows between them).
  return readOneSnapshot(db, async (db) => {
    let q = quoteRows(db);
    const { status, plan, district } = query.filter;
    if (status) {
      const today = await districtToday(db);
      if (status === 'accepted' || status === 'declined') q = q.where('q.status', '=', status as 'accepted' | 'declined');
      else if (status === 'expired') q = q.where('q.status', 'in', ['draft', 'sent']).where(sql<boolean>`q.valid_until < ${today}`);
      else q = q.where('q.status', '=', status as 'draft' | 'sent').where(sql<boolean>`q.valid_until >= ${today}`);
    }
    if (plan) q = q.where('p.key', '=', plan);
    if (district) q = q.where('q.district_id', '=', Number(district));
    // The search is a quote number (or part of one: "0042") or words of the district's name, each of which
    // must match (the one search helper); quote numbers are few enough to scan.
    const words = searchWords(query.search);
    if (words.length) {
      q = q.where((eb) => eb.or([containsText(db, sql.ref('q.number'), query.search), textSearchMatches(db, DISTRICT_NAME_SEARCH, words)]));
    }
    const [rows, count] = await Promise.all([
      q.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc').limit(page.perPage).offset(page.offset).execute(),
      q.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as AdminQuoteListRow[], total: Number(count.total) };
  });
}

export function listPlanKeys(db: DB) {
  return db.selectFrom('plans').select(['key', 'name']).orderBy('sort_order').orderBy('id').execute();
}

/** One quote (any district) with its district's timezone. */
export async function findQuote(db: DB, id: number): Promise<AdminQuoteListRow | undefined> {
  return (await quoteRows(db).where('q.id', '=', id).executeTakeFirst()) as AdminQuoteListRow | undefined;
}

/** A district's quotes, newest first. */
export async function districtQuotes(db: DB, districtId: number): Promise<AdminQuoteListRow[]> {
  return (await quoteRows(db).where('q.district_id', '=', districtId)
    .orderBy('q.created_at', 'desc').orderBy('q.id', 'desc').limit(DISTRICT_BILLING_SHOWN).execute()) as AdminQuoteListRow[];
}

function invoiceRows(db: DB) {
  return db.selectFrom('invoices as i')
    .innerJoin('districts as d', 'd.id', 'i.district_id')
    .leftJoin('quotes as q', 'q.id', 'i.quote_id')
    .selectAll('i')
    .select(['d.name as district_name', 'q.number as quote_number', 'd.timezone as district_timezone']);
}
export type AdminInvoiceRow = InvoiceRow & { district_timezone: string };

/** A district's invoices, newest first. */
export async function districtInvoices(db: DB, districtId: number): Promise<AdminInvoiceRow[]> {
  return invoiceRows(db).where('i.district_id', '=', districtId)
    .orderBy('i.issued_on', 'desc').orderBy('i.id', 'desc').limit(DISTRICT_BILLING_SHOWN).execute();
}

/** One invoice (any district). */
export function findInvoice(db: DB, id: number): Promise<AdminInvoiceRow | undefined> {
  return invoiceRows(db).where('i.id', '=', id).executeTakeFirst();
}

const DISTRICT_BILLING_COLUMNS = [
  'id', 'name', 'status', 'plan_id', 'seats', 'trial_ends_at', 'timezone', 'school_year_start_month', 'renews_on',
  'billing_contact_name', 'billing_contact_email', 'billing_address', 'tax_exempt_number',
] as const;

/** The district's account and billing contact (any district). */
export function findBillingDistrict(db: DB, id: number) {
  return db.selectFrom('districts').select(DISTRICT_BILLING_COLUMNS).where('id', '=', id).executeTakeFirst();
}
export type BillingDistrictRow = NonNullable<Awaited<ReturnType<typeof findBillingDistrict>>>;
