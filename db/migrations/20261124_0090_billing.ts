// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Billing, quotes and invoices (issue 14). Money is integer US cents. A quote's and an invoice's
// status is stored as what happened to it (draft/sent/accepted/declined; open/paid/void); "expired"
// and "overdue" are read off valid_until and due_on against the district's today when answered.
// Numbers (Q-2026-0001, INV-2026-0001) come from billing_counters, incremented inside the transaction
// that inserts the row, so concurrent creations never share a number.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('districts').addColumn('billing_contact_name', 'text').execute();
  await db.schema.alterTable('districts').addColumn('billing_contact_email', 'text').execute();
  await db.schema.alterTable('districts').addColumn('billing_address', 'text').execute();
  await db.schema.alterTable('districts').addColumn('tax_exempt_number', 'text').execute();
  // YYYY-MM-DD: the last day of the school year the paid term ends in (set when a quote is activated).
  await db.schema.alterTable('districts').addColumn('renews_on', 'text').execute();
  // The seats-over-purchase warning: when it was last sent and how many seats were in use then.
  await db.schema.alterTable('districts').addColumn('seat_warning_sent_at', 'text').execute();
  await db.schema.alterTable('districts').addColumn('seat_warning_seats_used', 'integer').execute();

  await db.schema
    .createTable('billing_counters')
    // 'quote-2026', 'invoice-2026'
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quotes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
    // The plan's name and price when quoted: a later price change never rewrites a quote.
    .addColumn('plan_name', 'text', (c) => c.notNull())
    .addColumn('price_per_seat_cents', 'integer', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('term_years', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of { description, quantity, unit_cents, amount_cents }
    .addColumn('line_items', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_bps', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    // draft | sent | accepted | declined
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    // YYYY-MM-DD, the last day the quote can be accepted (district's timezone)
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('sent_to', 'text')
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('po_number', 'text')
    .addColumn('signer_name', 'text')
    .addColumn('signer_title', 'text')
    .addColumn('declined_at', 'text')
    .addColumn('declined_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decline_reason', 'text')
    // The provider turned the accepted quote into the district's plan and first invoice.
    .addColumn('activated_at', 'text')
    .addColumn('activated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('quotes_district_idx').on('quotes').columns(['district_id', 'created_at']).execute();
  await db.schema.createIndex('quotes_status_idx').on('quotes').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('quote_id', 'integer', (c) => c.references('quotes.id').onDelete('set null'))
    // YYYY-MM-DD dates
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    // JSON array of { description, quantity, unit_cents, amount_cents }
    .addColumn('line_items', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('po_number', 'text')
    // The bill-to block as it was when issued: JSON { name, email, address, tax_exempt_number, district }
    .addColumn('bill_to', 'text', (c) => c.notNull())
    // open | paid | void
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('paid_on', 'text')
    .addColumn('voided_at', 'text')
    .addColumn('void_reason', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoices_district_idx').on('invoices').columns(['district_id', 'issued_on']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('quotes').execute();
  await db.schema.dropTable('billing_counters').execute();
  for (const column of ['seat_warning_seats_used', 'seat_warning_sent_at', 'renews_on', 'tax_exempt_number', 'billing_address', 'billing_contact_email', 'billing_contact_name']) {
    await db.schema.alterTable('districts').dropColumn(column).execute();
  }
}
