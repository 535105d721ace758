// Imports' reads and small writes, each taking `db` first and filtering by district.
import type { CompiledQuery } from 'kysely';
import type { RowOutcome } from '../../../common/schemas/imports';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { importRunIsIdle, jsonArrayElement, writeImportOutcomes } from '../../../db/dialect';
import type { ImportCells, RosterEducator, RosterSchool } from './staffPlan';

export function findImport(db: DB, districtId: number, id: number, kind?: 'staff' | 'users') {
  let q = db.selectFrom('imports').leftJoin('users', 'users.id', 'imports.created_by')
    .selectAll('imports').select('users.name as created_by_name')
    .where('imports.district_id', '=', districtId).where('imports.id', '=', id);
  if (kind) q = q.where('imports.kind', '=', kind);
  return q.executeTakeFirst();
}
export type ImportRow = NonNullable<Awaited<ReturnType<typeof findImport>>>;

export async function listImports(db: DB, districtId: number, kind: 'staff' | 'users', page: { perPage: number; offset: number }) {
  const base = db.selectFrom('imports').where('imports.district_id', '=', districtId).where('imports.kind', '=', kind);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.leftJoin('users', 'users.id', 'imports.created_by').selectAll('imports').select('users.name as created_by_name')
      .orderBy('imports.id', 'desc').limit(page.perPage).offset(page.offset).execute(),
  ]);
  return { total: Number(total), rows };
}

/** Every row of an import, in file order, cells parsed. */
export async function importCells(db: DB, districtId: number, importId: number) {
  const rows = await db.selectFrom('import_rows').select(['row_number', 'raw'])
    .where('district_id', '=', districtId).where('import_id', '=', importId).orderBy('row_number').execute();
  return rows.map((r) => ({ rowNumber: r.row_number, cells: JSON.parse(r.raw) as string[] }));
}

/** Rows per page when an import's rows are read a page at a time. */
export const IMPORT_PAGE = 1000;

/**
 * An import's rows in file order, a page at a time (keyset by row number), cells parsed: a 50 000-row
 * import never sits in memory whole. Each page is read completely before it is yielded, so the caller
 * may write between pages on the same connection (inside its transaction). With `columns`, only those
 * cells are read (the others are missing from `cells`), taken out of the stored JSON by the database.
 */
export async function* importCellPages(db: DB, districtId: number, importId: number, options: { columns?: readonly number[]; pageSize?: number } = {}): AsyncGenerator<ImportCells[]> {
  const { columns, pageSize = IMPORT_PAGE } = options;
  let after = 0;
  for (;;) {
    const base = db.selectFrom('import_rows').select('row_number')
      .where('district_id', '=', districtId).where('import_id', '=', importId).where('row_number', '>', after)
      .orderBy('row_number').limit(pageSize);
    let page: ImportCells[];
    if (columns) {
      const rows = await base.select(columns.map((c) => jsonArrayElement(db, 'raw', c).as(`c${c}`))).execute() as ({ row_number: number } & Record<string, string | null>)[];
      page = rows.map((r) => {
        const cells: string[] = [];
        for (const c of columns) cells[c] = r[`c${c}`] ?? '';
        return { rowNumber: r.row_number, cells };
      });
    } else {
      const rows = await base.select('raw').execute();
      page = rows.map((r) => ({ rowNumber: r.row_number, cells: JSON.parse(r.raw) as string[] }));
    }
    if (!page.length) return;
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.rowNumber;
  }
}

/** Every row of an import back to 'pending' (a preview starts over; rows already pending are left alone). */
export async function resetRowOutcomes(db: DB, districtId: number, importId: number): Promise<void> {
  await db.updateTable('import_rows').set({ outcome: 'pending', errors: '[]', record_id: null })
    .where('district_id', '=', districtId).where('import_id', '=', importId).where('outcome', '<>', 'pending').execute();
}

export async function listImportRows(db: DB, districtId: number, importId: number, outcome: RowOutcome | 'all', page: { perPage: number; offset: number }) {
  let base = db.selectFrom('import_rows').where('district_id', '=', districtId).where('import_id', '=', importId);
  if (outcome !== 'all') base = base.where('outcome', '=', outcome);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.select(['row_number', 'raw', 'outcome', 'errors', 'record_id']).orderBy('row_number').limit(page.perPage).offset(page.offset).execute(),
  ]);
  return { total: Number(total), rows };
}

/** Pages of an import's failed rows (keyset by row number), for the failed-rows download. */
export async function* failedRowPages(db: DB, districtId: number, importId: number, pageSize = 1000) {
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('import_rows').select(['row_number', 'raw', 'errors'])
      .where('district_id', '=', districtId).where('import_id', '=', importId).where('outcome', '=', 'error')
      .where('row_number', '>', after).orderBy('row_number').limit(pageSize).execute();
    if (!rows.length) return;
    yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.row_number;
  }
}

/** The district's roster as the staff import matches it: keys, fields, the open school row. */
export async function rosterOf(db: DB, districtId: number): Promise<RosterEducator[]> {
  const rows = await db.selectFrom('staff')
    .leftJoin('staff_source_ids as ss', (j) => j.onRef('ss.staff_id', '=', 'staff.id').on('ss.district_id', '=', districtId))
    .select(['staff.id', 'staff.first_name', 'staff.last_name', 'staff.email', 'staff.employee_id', 'ss.source_id', 'staff.position',
      'staff.grade_levels', 'staff.subjects', 'staff.hire_date', 'staff.status'])
    .select((eb) => [
      eb.selectFrom('staff_buildings as sb').select('sb.building_id').whereRef('sb.staff_id', '=', 'staff.id')
        .where('sb.district_id', '=', districtId).where('sb.end_date', 'is', null).orderBy('sb.start_date', 'desc').limit(1).as('building_id'),
      eb.selectFrom('staff_buildings as sb').select('sb.start_date').whereRef('sb.staff_id', '=', 'staff.id')
        .where('sb.district_id', '=', districtId).where('sb.end_date', 'is', null).orderBy('sb.start_date', 'desc').limit(1).as('building_start'),
    ])
    .where('staff.district_id', '=', districtId).execute();
  return rows.map((r) => ({ ...r, building_id: r.building_id ?? null, building_start: r.building_start ?? null }));
}

export function schoolsOf(db: DB, districtId: number): Promise<RosterSchool[]> {
  return db.selectFrom('buildings').select(['id', 'name', 'code']).where('district_id', '=', districtId).where('deleted_at', 'is', null).execute();
}

/** Every row's outcome from [row_number, outcome, errors JSON, record_id] tuples, in one update (db/dialect.ts). Run it inside a transaction. */
export async function writeRowOutcomes(db: DB, districtId: number, importId: number, outcomes: [number, RowOutcome, string, number | null][]): Promise<void> {
  if (!outcomes.length) return;
  await writeImportOutcomes(db, districtId, importId, JSON.stringify(outcomes));
}

/**
 * A write compiled once and run with each row's values (the staff import's inserts): Kysely's builder
 * and compiler cost more than a small insert, and their garbage grew the heap of a 50 000-row run.
 * `build` gets a marker in place of each named value; every marker must reach the SQL as a bound
 * parameter, as it is (as in db/compiledOnce.ts, which answers a query's rows; this answers the new
 * row's id, and takes nulls). Compile it inside the transaction that runs it.
 */
export function compiledWrite<K extends string>(db: DB, keys: readonly K[], build: (values: Record<K, never>) => { compile(): CompiledQuery<unknown> }): (values: Record<K, unknown>) => Promise<number> {
  const markers = Object.fromEntries(keys.map((k) => [k, `\u0000compiledWrite:${k}`])) as Record<K, never>;
  const compiled = build(markers).compile();
  const slots = compiled.parameters.map((p) => keys.find((k) => markers[k] === p) ?? null);
  for (const k of keys) if (!slots.includes(k)) throw new Error(`compiledWrite: ${k} does not reach the query as a parameter.`);
  return async (values) => {
    const result = await db.executeQuery({ ...compiled, parameters: slots.map((k, i) => (k === null ? compiled.parameters[i] : values[k])) });
    // The new row's id: from `returning id` where the write asks for it (PostgreSQL has no last insert id).
    return Number((result.rows[0] as { id?: number } | undefined)?.id ?? result.insertId ?? 0);
  };
}

/**
 * At start-up: imports a stopped process left running show as interrupted (their writes were rolled back).
 * Not one that another live process is running (PostgreSQL behind several processes: db/dialect.ts holdImportRun).
 */
export async function markInterruptedImports(db: DB): Promise<number> {
  const result = await db.updateTable('imports')
    .set({ status: 'interrupted', finished_at: nowIso(), failure: 'The server stopped while this import was running. Nothing from it was saved: run it again.' })
    .where('status', '=', 'running').where((eb) => importRunIsIdle(db, eb.ref('id'))).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
