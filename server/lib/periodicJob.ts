// The skeleton every background job of the process shares (report emails, action-step digests, retention,
// district deletions): a pass every `everyMs`, the first after `firstAfterMs` (0: at once), a pass never
// overlapping the one before (a slow pass skips the ticks that come while it runs), timers that never keep
// the process alive, and a stop that waits for the pass under way, so shutdown closes the database after it.

export interface PeriodicJob {
  /** No more passes; resolves when the pass under way (if any) has ended. */
  stop: () => Promise<void>;
}

/** Runs `pass` periodically; its failure is given to `onError` and the next tick runs as usual. */
export function startPeriodicJob(
  pass: () => Promise<unknown>, { everyMs, firstAfterMs, onError }: { everyMs: number; firstAfterMs: number; onError: (error: unknown) => void },
): PeriodicJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    // The pass starts now (a throw inside it too becomes a rejection).
    running = new Promise<unknown>((resolve) => { resolve(pass()); }).then(() => undefined, onError).finally(() => { running = null; });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  const first = firstAfterMs > 0 ? setTimeout(tick, firstAfterMs) : undefined;
  first?.unref();
  if (firstAfterMs <= 0) tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (first) clearTimeout(first);
      await running;
    },
  };
}
