// Assertions many test files make the same way, each with one home. (Vitest-bound: kept apart from
// app.ts and the fixtures, which the benchmarks import outside vitest.)
import { sql } from 'kysely';
import request, { type Response } from 'supertest';
import { expect, it } from 'vitest';
import type { DB } from '../../db/connection';
import { isPostgres } from '../../db/migrationHelpers';
import { asGuest, type TestApp } from './app';

type Answer = Pick<Response, 'status' | 'body'>;

/** A call refused by validation: 422, and exactly `message` (only it) on `field`. */
export function expectFieldError(res: Answer, field: string, message: string) {
  expect(res.status).toBe(422);
  expect(res.body.errors[field]).toEqual([message]);
}

/**
 * An endpoint's first test, "401 without login": a guest's call answers 401. A write carries a valid CSRF token
 * (and `body()` when given: a valid body, so the sign-in check is shown to come before validation). A `url` naming
 * a record of the test's world is a function, read when the test runs.
 */
export function itRequiresLogin(
  app: () => TestApp['app'], method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string | (() => string), body?: () => object,
) {
  it('401 without login', async () => {
    const path = typeof url === 'string' ? url : url();
    const res = method === 'get' ? await request(app()).get(path) : await asGuest(app(), method, path, body?.());
    expect(res.status).toBe(401);
  });
}

/** A query-string row: `[query, field, message]`, or `[label, query, field, message]` when the query is long. */
type QueryRow = readonly [string, string, string] | readonly [string, string, string, string];
type Reader = { get: (url: string) => PromiseLike<Answer> };

/**
 * One test per row: a GET of `path?query` by the reader `signIn` gives (signed in, allowed to read the
 * list) answers 422 naming the row's field with its message. Each list endpoint keeps its own rows.
 */
export function itRejectsQueries(path: string, signIn: () => Reader | Promise<Reader>, rows: readonly QueryRow[]) {
  const cases = rows.map((row) => {
    const [label, query, field, message] = row.length === 4 ? row : [`?${row[0]}`, ...row];
    return [`${label} names ${field}`, query, field, message] as const;
  });
  it.each(cases)('422 for %s', async (_title, query, field, message) => {
    const reader = await signIn();
    expectFieldError(await reader.get(`${path}?${query}`), field, message);
  });
}

/**
 * The page and per_page rows every list paged by server/http/pagination.ts (parsePage) refuses, with its
 * messages: spread into a list's itRejectsQueries rows beside the rows that are the list's own.
 */
export const PAGE_QUERY_ROWS: readonly QueryRow[] = [
  ['page=0', 'page', 'Page must be at least 1.'],
  ['page=1e20', 'page', 'Page must be a whole number.'],
  ['page=100001', 'page', 'Page must be at most 100000.'],
  ['per_page=101', 'per_page', 'Per page must be at most 100.'],
];

/** The rows a list's `search` (text of at most 100 characters) refuses. */
export const SEARCH_QUERY_ROWS: readonly QueryRow[] = [
  [`search=${'x'.repeat(101)}`, 'search', 'Search must be at most 100 characters.'],
  ['search[]=a', 'search', 'Search must be text.'],
];

/**
 * The rows the query planner believes `table` holds, from its statistics (issue 32: refreshed after a purge or an
 * import): SQLite's `sqlite_stat1` (the first figure of the table's rows; null when never analyzed), PostgreSQL's
 * `pg_class.reltuples` (null before the first ANALYZE: -1).
 */
export async function plannerRowCount(db: DB, table: string): Promise<number | null> {
  if (isPostgres(db)) {
    const row = (await sql<{ n: number | string }>`select reltuples as n from pg_class
      where relname = ${table} and relnamespace = current_schema()::regnamespace`.execute(db)).rows[0];
    return row && Number(row.n) >= 0 ? Number(row.n) : null;
  }
  const rows = (await sql<{ stat: string }>`select stat from sqlite_stat1 where tbl = ${table}`.execute(db)).rows;
  return rows.length ? Math.max(...rows.map((r) => Number.parseInt(r.stat, 10))) : null;
}

/** ANALYZE now (the statistics a test then shows to go stale and be refreshed). */
export async function analyzeNow(db: DB): Promise<void> {
  await sql`analyze`.execute(db);
}
