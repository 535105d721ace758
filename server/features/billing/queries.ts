// Reads of the district's billing: its plan and contact, seats in use, its invoices and quotes. Every
// query takes the district id (from the session) and filters by it; a record of another district is
// simply not found. Quote and invoice rows select exactly the QuoteRow / InvoiceRow fields (presenter.ts).
import { readOneSnapshot } from '../../../db/dialect';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../../db/connection';
import type { Database } from '../../../db/types';
import type { QuoteStatus } from '../../../common/schemas/billing';
import type { InvoiceRow, QuoteRow } from '../../lib/billing/presenter';

/** The district's billing state: plan, status, seats, renewal, contact and warning bookkeeping. */
export function findBillingDistrict(db: DB, districtId: number) {
  return db.selectFrom('districts as d').innerJoin('plans as p', 'p.id', 'd.plan_id')
    .select([
      'd.id', 'd.name', 'd.timezone', 'd.status', 'd.trial_ends_at', 'd.seats', 'd.renews_on',
      'd.billing_contact_name', 'd.billing_contact_email', 'd.billing_address', 'd.tax_exempt_number',
      'd.seat_warning_sent_at', 'd.seat_warning_seats_used',
      'p.id as plan_id', 'p.key as plan_key',
    ])
    .where('d.id', '=', districtId)
    .executeTakeFirst();
}
export type BillingDistrict = NonNullable<Awaited<ReturnType<typeof findBillingDistrict>>>;

/** Every plan as /pricing lists it. */
export function listPlans(db: DB) {
  return db.selectFrom('plans').select(['id', 'key', 'name', 'description', 'price_per_seat_cents', 'features'])
    .orderBy('sort_order').orderBy('id').execute();
}
export type PlanRow = Awaited<ReturnType<typeof listPlans>>[number];

export function findPlanByKey(db: DB, key: string) {
  return db.selectFrom('plans').select(['id', 'key', 'name', 'price_per_seat_cents']).where('key', '=', key).executeTakeFirst();
}

/** Coach seats in use (server/lib/seatWarning.ts, shared with the features that add coaches). */
export { countCoachSeatsInUse } from '../../lib/seatWarning';

// Invoices ------------------------------------------------------------------------------------------

function invoiceRows(db: DB, districtId: number) {
  return db.selectFrom('invoices')
    .innerJoin('districts', 'districts.id', 'invoices.district_id')
    .leftJoin('quotes', (j) => j.onRef('quotes.id', '=', 'invoices.quote_id').onRef('quotes.district_id', '=', 'invoices.district_id'))
    .selectAll('invoices')
    .select(['districts.name as district_name', 'quotes.number as quote_number'])
    .where('invoices.district_id', '=', districtId);
}

/** One page of the district's invoices, newest first. */
export async function listInvoices(db: DB, districtId: number, page: { perPage: number; offset: number }): Promise<{ rows: InvoiceRow[]; total: number }> {
  const rows = await invoiceRows(db, districtId)
    .orderBy('invoices.issued_on', 'desc').orderBy('invoices.id', 'desc')
    .limit(page.perPage).offset(page.offset).execute();
  const { n } = await db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('district_id', '=', districtId).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export function findInvoice(db: DB, districtId: number, id: number): Promise<InvoiceRow | undefined> {
  return invoiceRows(db, districtId).where('invoices.id', '=', id).executeTakeFirst();
}

// Quotes --------------------------------------------------------------------------------------------

/**
 * Quote rows of one district with the names they show. The invoice is the first one made from the
 * quote (activation creates it), read as a subquery so later invoices never repeat a row.
 */
export function quoteRows(db: DB, districtId: number) {
  return db.selectFrom('quotes')
    .innerJoin('plans', 'plans.id', 'quotes.plan_id')
    .innerJoin('districts', 'districts.id', 'quotes.district_id')
    .leftJoin('users as creator', 'creator.id', 'quotes.created_by')
    .selectAll('quotes')
    .select((eb) => [
      'plans.key as plan_key',
      'creator.name as created_by_name',
      'districts.name as district_name',
      eb.selectFrom('invoices').select('invoices.id').whereRef('invoices.quote_id', '=', 'quotes.id')
        .whereRef('invoices.district_id', '=', 'quotes.district_id').orderBy('invoices.id').limit(1).as('invoice_id'),
      eb.selectFrom('invoices').select('invoices.number').whereRef('invoices.quote_id', '=', 'quotes.id')
        .whereRef('invoices.district_id', '=', 'quotes.district_id').orderBy('invoices.id').limit(1).as('invoice_number'),
    ])
    .where('quotes.district_id', '=', districtId);
}

/** The condition of a status filter: expiry is read off valid_until against the district's today. */
function statusFilter(status: QuoteStatus, today: string) {
  return (eb: ExpressionBuilder<Database, 'quotes'>) => {
    switch (status) {
      case 'expired': return eb.and([eb('quotes.status', 'in', ['draft', 'sent']), eb('quotes.valid_until', '<', today)]);
      case 'draft':
      case 'sent': return eb.and([eb('quotes.status', '=', status), eb('quotes.valid_until', '>=', today)]);
      default: return eb('quotes.status', '=', status);
    }
  };
}

/** One page of the district's quotes, newest first, optionally of one status (expired included). */
export async function listQuotes(
  db: DB, districtId: number, filter: { status?: QuoteStatus; today: string }, page: { perPage: number; offset: number },
): Promise<{ rows: QuoteRow[]; total: number }> {
  // The page and its total from one snapshot (a concurrent write never shows between them).
  return readOneSnapshot(db, async (db) => {
    let rows = quoteRows(db, districtId);
    let count = db.selectFrom('quotes').select((eb) => eb.fn.countAll<number>().as('n')).where('quotes.district_id', '=', districtId);
    if (filter.status) {
      rows = rows.where(statusFilter(filter.status, filter.today));
      count = count.where(statusFilter(filter.status, filter.today));
    }
    const [data, { n }] = await Promise.all([
      rows.orderBy('quotes.created_at', 'desc').orderBy('quotes.id', 'desc').limit(page.perPage).offset(page.offset).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: data, total: Number(n) };
  });
}

export function findQuote(db: DB, districtId: number, id: number): Promise<QuoteRow | undefined> {
  return quoteRows(db, districtId).where('quotes.id', '=', id).executeTakeFirst();
}
