import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodicJob';

afterEach(() => { vi.useRealTimers(); });

/** A pass that stays under way until `finish()` is called, counting its starts. */
function controlledPass() {
  const state = { starts: 0, finish: () => undefined as void };
  const pass = () => new Promise<void>((resolve) => { state.starts += 1; state.finish = resolve; });
  return { state, pass };
}

describe('startPeriodicJob', () => {
  it('runs the first pass after firstAfterMs, then every everyMs, never two at once', async () => {
    vi.useFakeTimers();
    const { state, pass } = controlledPass();
    const job = startPeriodicJob(pass, { everyMs: 1_000, firstAfterMs: 300, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(299);
    expect(state.starts).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.starts).toBe(1);
    // Still under way at the next two ticks: they are skipped.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(state.starts).toBe(1);
    state.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.starts).toBe(2);
    state.finish();
    await job.stop();
  });

  it('with firstAfterMs 0 the first pass starts at once', async () => {
    vi.useFakeTimers();
    const { state, pass } = controlledPass();
    const job = startPeriodicJob(pass, { everyMs: 1_000, firstAfterMs: 0, onError: () => undefined });
    expect(state.starts).toBe(1);
    state.finish();
    await job.stop();
  });

  it('a failing pass is reported and the next tick runs again', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const job = startPeriodicJob(async () => { calls += 1; throw new Error(`pass ${calls} failed`); }, { everyMs: 100, firstAfterMs: 50, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(150);
    expect(calls).toBe(2);
    expect(errors.map((e) => (e as Error).message)).toEqual(['pass 1 failed', 'pass 2 failed']);
    await job.stop();
  });

  it('stop waits for the pass under way and no pass starts after it', async () => {
    vi.useFakeTimers();
    const { state, pass } = controlledPass();
    const job = startPeriodicJob(pass, { everyMs: 100, firstAfterMs: 100, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = job.stop().then(() => { stopped = true; });
    await vi.advanceTimersByTimeAsync(500);
    expect(stopped).toBe(false);
    state.finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.starts).toBe(1);
  });
});
