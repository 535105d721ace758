// Assertions many test files make the same way, each with one home. (Vitest-bound: kept apart from
// app.ts and the fixtures, which the benchmarks import outside vitest.)
import request, { type Response } from 'supertest';
import { expect, it } from 'vitest';
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
