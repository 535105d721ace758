// Assertions many test files make the same way, each with one home. (Vitest-bound: kept apart from
// app.ts and the fixtures, which the benchmarks import outside vitest.)
import type { Response } from 'supertest';
import { expect, it } from 'vitest';

type Answer = Pick<Response, 'status' | 'body'>;

/** A call refused by validation: 422, and exactly `message` (only it) on `field`. */
export function expectFieldError(res: Answer, field: string, message: string) {
  expect(res.status).toBe(422);
  expect(res.body.errors[field]).toEqual([message]);
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
