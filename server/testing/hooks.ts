// Vitest hooks that many test files register the same way. (Kept apart from app.ts and the fixtures,
// which the benchmarks import outside vitest.)
import { afterEach, beforeEach, vi } from 'vitest';

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
