// The clock the demo tests run at under `npm run test:demo-clock` (scripts/demoClock.ts): DEMO_CLOCK, an ISO instant,
// fakes `Date` alone (timers run) from there on, so the demo is seeded and read as if the suite ran at that instant.
import { vi } from 'vitest';

const at = process.env.DEMO_CLOCK;
if (at) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(at));
}
