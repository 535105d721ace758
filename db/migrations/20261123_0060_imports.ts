// Frozen once landed: never import app code here, never edit; add a new migration instead.
// Export and import (issue 12): every import recorded with each row's raw values and outcome, and the
// OneRoster sourcedId kept on the educator so the next import updates rather than duplicates.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    // staff | users
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // csv | oneroster-1.1 | oneroster-1.2
    .addColumn('format', 'text', (c) => c.notNull())
    // add-update | full-sync
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('add-update'))
    // JSON: { skip_invalid, create_missing_schools, send_invites }
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    // JSON: the file's column headers, in order
    .addColumn('headers', 'text', (c) => c.notNull())
    // JSON: { header: field }
    .addColumn('mapping', 'text', (c) => c.notNull().defaultTo('{}'))
    // pending (uploaded, not run) | running | completed | failed | interrupted
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deactivated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('imports_district_idx').on('imports').columns(['district_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('imports_status_idx').on('imports').column('status').execute();

  await db.schema
    .createTable('import_rows')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    // the line's number as a spreadsheet shows it (the header is row 1)
    .addColumn('row_number', 'integer', (c) => c.notNull())
    // JSON array of the row's cells, in the order of imports.headers
    .addColumn('raw', 'text', (c) => c.notNull())
    // pending | created | updated | unchanged | error | skipped
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('pending'))
    // JSON array of { column, message }
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    // the educator or login the row created or updated
    .addColumn('record_id', 'integer')
    .execute();
  await db.schema.createIndex('import_rows_import_idx').on('import_rows').columns(['import_id', 'row_number']).execute();
  await db.schema.createIndex('import_rows_outcome_idx').on('import_rows').columns(['import_id', 'outcome', 'row_number']).execute();

  // The OneRoster sourcedId (or another system's id) of an educator, unique per district; a table of
  // its own so the staff row (and every query selecting it) stays as it is.
  await db.schema
    .createTable('staff_source_ids')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().unique().references('staff.id').onDelete('cascade'))
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_source_ids_unique').on('staff_source_ids').columns(['district_id', 'source_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_source_ids').execute();
  await db.schema.dropTable('import_rows').execute();
  await db.schema.dropTable('imports').execute();
}
