// Vitest hooks that many test files register the same way. (Kept apart from app.ts and the fixtures,
// which the benchmarks import outside vitest.)
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { seededDemo } from './demo.fixture';

/**
 * Freezes `Date` (only `Date`: timers still run) at `now` before each test of the file or describe block
 * that calls it, and gives the real clock back after each. Call it before the `beforeEach` that builds the
 * test's world, so the world is built on that day too.
 */
export function freezeDateEachTest(now: Date) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

type SeededDemo = Awaited<ReturnType<typeof seededDemo>>;

/**
 * The whole demo seeded once for the test file or describe block that calls it (seeding is the slow part):
 * the object it answers holds `db` and `maple` (and what `more` reads from them) from its `beforeAll` on,
 * `const demo = seededDemoBeforeAll();` then `demo.db` in the tests.
 */
export function seededDemoBeforeAll<E extends object = object>(more?: (demo: SeededDemo) => Promise<E>): SeededDemo & E {
  const demo = {} as SeededDemo & E;
  beforeAll(async () => {
    const seeded = await seededDemo();
    Object.assign(demo, seeded, more ? await more(seeded) : {});
  });
  return demo;
}
