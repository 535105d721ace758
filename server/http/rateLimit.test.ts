// The rate limiter's counters live in the database (issue 15): two limiters on two connections to one
// database (as two app processes have) count together. Under `npm run test:pg` the same file name is
// one PostgreSQL database for both connections.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DB, openDatabase } from '../../db/connection';
import { prepareDatabase } from '../bootstrap';
import { HttpError } from './errors';
import { PRUNE_EVERY_MS, RateLimiter } from './rateLimit';

let dir: string;
let first: DB;
let second: DB;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-ratelimit-'));
  const file = path.join(dir, 'limits.sqlite');
  first = (await prepareDatabase({ databaseFile: file })).db;
  second = openDatabase(file);
});

afterEach(async () => {
  vi.useRealTimers();
  await first.deleteFrom('rate_limits').execute();
});

afterAll(async () => {
  await first.destroy();
  await second.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const T = Date.parse('2030-03-04T05:06:07.000Z');
const at = (ms: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
};
const rows = () => first.selectFrom('rate_limits').select(['key', 'count', 'reset_at']).orderBy('key').execute();

/** The 429 a limiter call threw (fails the test when it did not throw one). */
async function refusal(call: Promise<unknown>): Promise<HttpError> {
  const err = await call.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(HttpError);
  expect(err).toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' });
  return err as HttpError;
}

describe('RateLimiter on the database', () => {
  it('two limiters on one database share the count: hits on the first, 429 on the second', async () => {
    at(T);
    const a = new RateLimiter(first, true);
    const b = new RateLimiter(second, true);
    await a.hit('login|1.2.3.4', 3);
    await a.hit('login|1.2.3.4', 3);
    await b.hit('login|1.2.3.4', 3);
    const err = await refusal(b.hit('login|1.2.3.4', 3));
    expect(err.headers).toEqual({ 'Retry-After': '60' });
    // The first one is refused too now; another key is not.
    await refusal(a.hit('login|1.2.3.4', 3));
    await a.hit('login|5.6.7.8', 3);
    expect(await rows()).toEqual([
      { key: 'login|1.2.3.4', count: 5, reset_at: T + 60_000 },
      { key: 'login|5.6.7.8', count: 1, reset_at: T + 60_000 },
    ]);
  });

  it('counts every one of many concurrent events from both limiters (one atomic statement each)', async () => {
    const a = new RateLimiter(first, true);
    const b = new RateLimiter(second, true);
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).record('burst', 60_000)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await rows())[0]).toMatchObject({ key: 'burst', count: 40 });
  });

  it('starts a new window once the old one has ended', async () => {
    at(T);
    const a = new RateLimiter(first, true);
    const b = new RateLimiter(second, true);
    await a.hit('reset|x', 2, 10_000);
    await b.hit('reset|x', 2, 10_000);
    at(T + 9_999);
    const err = await refusal(a.hit('reset|x', 2, 10_000));
    // Retry-After: the seconds left in the window, rounded up.
    expect(err.headers).toEqual({ 'Retry-After': '1' });
    at(T + 10_000);
    await b.hit('reset|x', 2, 10_000);
    expect(await rows()).toEqual([{ key: 'reset|x', count: 1, reset_at: T + 20_000 }]);
    expect(await a.record('reset|x', 10_000)).toBe(2);
    expect(await b.record('reset|x', 10_000)).toBe(3);
  });

  it('check refuses with Retry-After once the limit is reached, without counting itself', async () => {
    at(T);
    const a = new RateLimiter(first, true);
    const b = new RateLimiter(second, true);
    await b.check('failed|x', 3);
    expect(await rows()).toEqual([]);
    expect(await a.record('failed|x', 60_000)).toBe(1);
    expect(await b.record('failed|x', 60_000)).toBe(2);
    await a.check('failed|x', 3);
    expect(await a.record('failed|x', 60_000)).toBe(3);
    at(T + 15_200);
    const err = await refusal(b.check('failed|x', 3));
    expect(err.headers).toEqual({ 'Retry-After': '45' });
    await refusal(a.check('failed|x', 3));
    // A higher limit is not reached; checking counted nothing.
    await a.check('failed|x', 4);
    expect(await rows()).toEqual([{ key: 'failed|x', count: 3, reset_at: T + 60_000 }]);
    // An ended window does not refuse (its row still there, until pruned).
    at(T + 60_000);
    await b.check('failed|x', 3);
  });

  it('a disabled limiter never refuses and never writes a row', async () => {
    const off = new RateLimiter(first, false);
    for (let i = 0; i < 20; i++) await off.hit('off|x', 1);
    expect(await off.record('off|x', 60_000)).toBe(0);
    await off.check('off|x', 0);
    expect(await rows()).toEqual([]);
    // A row an enabled limiter wrote does not make the disabled one refuse either.
    const on = new RateLimiter(second, true);
    await on.hit('off|x', 5);
    await off.check('off|x', 1);
    await off.hit('off|x', 1);
    expect(await rows()).toEqual([expect.objectContaining({ key: 'off|x', count: 1 })]);
  });

  it('prunes the rows of ended windows, at most once a minute per limiter', async () => {
    at(T);
    const a = new RateLimiter(first, true);
    const b = new RateLimiter(second, true);
    await a.record('short', 1_000);
    await a.record('long', 60 * 60_000);
    await b.record('other', 1_000);
    // b pruned on its first count, a moment ago; a pruned on its first too: nothing had ended.
    at(T + 30_000);
    await a.record('later', 60 * 60_000);
    expect((await rows()).map((r) => r.key)).toEqual(['later', 'long', 'other', 'short']);
    at(T + PRUNE_EVERY_MS);
    await a.record('later', 60 * 60_000);
    expect(await rows()).toEqual([
      { key: 'later', count: 2, reset_at: T + 30_000 + 60 * 60_000 },
      { key: 'long', count: 1, reset_at: T + 60 * 60_000 },
    ]);
    // prune() on its own deletes every ended window as of now.
    await b.prune(T + 60 * 60_000);
    expect((await rows()).map((r) => r.key)).toEqual(['later']);
  });
});
