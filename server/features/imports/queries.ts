// Imports' reads and small writes, each taking `db` first and filtering by district.
import type { CompiledQuery } from 'kysely';
import type { RowOutcome } from '../../../common/schemas/imports';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { importRunIsIdle, jsonArrayElement, writeImportOutcomes, readOneSnapshot } from '../../../db/dialect';
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
  // The page and its total from one snapshot (a concurrent write never shows between them).
  return readOneSnapshot(db, async (db) => {
    const base = db.selectFrom('imports').where('imports.district_id', '=', districtId).where('imports.kind', '=', kind);
    const [{ total }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base.leftJoin('users', 'users.id', 'imports.created_by').selectAll('imports').select('users.name as created_by_name')
        .orderBy('imports.id', 'desc').limit(page.perPage).offset(page.offset).execute(),
    ]);
    return { total: Number(total), rows };
  });
}

/** Every row of an import, in file order, cells parsed. */
export async function importCells(db: DB, districtId: number, importId: number) {
  const rows = await db.selectFrom('import_rows').select(['row_number', 'raw'])
    .where('district_id', '=', districtId).where('import_id', '=', importId).orderBy('row_number').execute();
  return rows.map((r) => ({ rowNumber: r.row_number, cells: JSON.parse(r.raw) as string[] }));
}

/**
 * Row numbers per page when an import's rows are read a page at a time. A page's rows live while it is
 * planned and written, so they outlive the young generation's collections: 100 rather than 250 (or 1 000)
 * leaves less for the old one (a 50 000-row import's peak, two imports at once: see docs/benchmarks.md). The
 * outcomes are written every WRITE_EVERY rows, not every page (service.ts).
 */
export const IMPORT_PAGE = 100;

/**
 * An import's rows in file order, a page at a time, cells parsed: a 50 000-row import never sits in memory
 * whole. A page is a window of row numbers (after, after + pageSize], bounded on both sides, so whatever
 * plan the database picks reads at most that window: "the next pageSize rows" (`row_number > after ...
 * limit`) was planned on PostgreSQL, without statistics for the rows just uploaded, as a sort of every row
 * left, their cells extracted, on every page (quadratic: ~19 ms a page of 250 for 10 000 rows). A window
 * holds fewer rows where the file had blank lines; an empty one moves on to the next stored row, or ends.
 * Each page is read completely before it is yielded, so the caller may write between pages on the same
 * connection (inside its transaction). With `columns`, only those cells are read (the others are missing
 * from `cells`), taken out of the stored JSON by the database.
 */
export async function* importCellPages(db: DB, districtId: number, importId: number, options: { columns?: readonly number[]; pageSize?: number } = {}): AsyncGenerator<ImportCells[]> {
  const { columns, pageSize = IMPORT_PAGE } = options;
  const rows = () => db.selectFrom('import_rows').select('row_number').where('district_id', '=', districtId).where('import_id', '=', importId);
  let after = 0;
  for (;;) {
    const base = rows().where('row_number', '>', after).where('row_number', '<=', after + pageSize).orderBy('row_number');
    let page: ImportCells[];
    if (columns) {
      const found = await base.select(columns.map((c) => jsonArrayElement(db, 'raw', c).as(`c${c}`))).execute() as ({ row_number: number } & Record<string, string | null>)[];
      page = found.map((r) => {
        const cells: string[] = [];
        for (const c of columns) cells[c] = r[`c${c}`] ?? '';
        return { rowNumber: r.row_number, cells };
      });
    } else {
      const found = await base.select('raw').execute();
      page = found.map((r) => ({ rowNumber: r.row_number, cells: JSON.parse(r.raw) as string[] }));
    }
    if (page.length) {
      yield page;
      after += pageSize;
      continue;
    }
    const next = await rows().where('row_number', '>', after).orderBy('row_number').limit(1).executeTakeFirst();
    if (!next) return;
    after = next.row_number - 1;
  }
}

/** Every row of an import back to 'pending' (a preview starts over; rows already pending are left alone). */
export async function resetRowOutcomes(db: DB, districtId: number, importId: number): Promise<void> {
  await db.updateTable('import_rows').set({ outcome: 'pending', errors: '[]', record_id: null })
    .where('district_id', '=', districtId).where('import_id', '=', importId).where('outcome', '<>', 'pending').execute();
}

export async function listImportRows(db: DB, districtId: number, importId: number, outcome: RowOutcome | 'all', page: { perPage: number; offset: number }) {
  // The page and its total from one snapshot (a concurrent write never shows between them).
  return readOneSnapshot(db, async (db) => {
    let base = db.selectFrom('import_rows').where('district_id', '=', districtId).where('import_id', '=', importId);
    if (outcome !== 'all') base = base.where('outcome', '=', outcome);
    const [{ total }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base.select(['row_number', 'raw', 'outcome', 'errors', 'record_id']).orderBy('row_number').limit(page.perPage).offset(page.offset).execute(),
    ]);
    return { total: Number(total), rows };
  });
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
  let first = outcomes[0]![0];
  let last = first;
  for (const [rowNumber] of outcomes) {
    if (rowNumber < first) first = rowNumber;
    if (rowNumber > last) last = rowNumber;
  }
  await writeImportOutcomes(db, districtId, importId, JSON.stringify(outcomes), { first, last });
}

/**
 * A multi-row insert compiled once per chunk size and run with the rows' values, `perStatement` rows a
 * statement: PostgreSQL pays a network round trip per statement, so a row each made a 10 000-row run
 * take most of a minute there; compiling once keeps the builder's garbage out of a 50 000-row run (Kysely's builder and
 * compiler cost more than a small insert). `build` gets markers in place of the values (one set per row),
 * each of which must reach the SQL as a bound parameter, as it is (as in db/compiledOnce.ts). Compile it
 * inside the transaction that runs it.
 * Rows whose ids others refer to get them beforehand (db/dialect.ts reserveIds): a multi-row insert's
 * `returning` order is not promised.
 */
export function compiledInsertMany<K extends string>(
  db: DB, keys: readonly K[], perStatement: number, build: (rows: Record<K, never>[]) => { compile(): CompiledQuery<unknown> },
): (rows: readonly Record<K, unknown>[]) => Promise<void> {
  const bySize = new Map<number, { compiled: CompiledQuery<unknown>; slots: ([number, K] | null)[] }>();
  const compiledFor = (size: number) => {
    let entry = bySize.get(size);
    if (!entry) {
      const slotOf = new Map<unknown, [number, K]>();
      const markers = Array.from({ length: size }, (_, i) => Object.fromEntries(keys.map((k) => {
        const marker = `\u0000compiledInsertMany:${i}:${k}`;
        slotOf.set(marker, [i, k]);
        return [k, marker];
      })) as Record<K, never>);
      const compiled = build(markers).compile();
      const slots = compiled.parameters.map((p) => slotOf.get(p) ?? null);
      if (slots.filter(Boolean).length !== size * keys.length) throw new Error('compiledInsertMany: every value must reach the query as a parameter.');
      entry = { compiled, slots };
      bySize.set(size, entry);
    }
    return entry;
  };
  return async (rows) => {
    for (let start = 0; start < rows.length; start += perStatement) {
      const size = Math.min(perStatement, rows.length - start);
      const { compiled, slots } = compiledFor(size);
      await db.executeQuery({ ...compiled, parameters: slots.map((slot, i) => (slot ? rows[start + slot[0]]![slot[1]] : compiled.parameters[i])) });
    }
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
