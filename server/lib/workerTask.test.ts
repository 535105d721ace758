// Worker tasks (issue 25, items 1–3): a pure function run off the main thread with a heap and a wall-clock
// limit; the event loop keeps turning while a task loops forever, a stopped worker is not left behind,
// and past the cap of workers at once the caller gets a 503 with Retry-After.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import type { TestTaskInput } from './workerTask.testWorker';
import { runTask, setWorkerTasksMax, TaskRefusal, TaskStopped, workerTasksRunning } from './workerTask';

const ENTRY = path.join(import.meta.dirname, 'workerTask.testWorker.ts');
const run = <O>(input: TestTaskInput, timeoutMs = 15_000) => runTask<TestTaskInput, O>(ENTRY, input, { timeoutMs, maxOldGenerationSizeMb: 24 });

async function noWorkersLeft() {
  for (let i = 0; i < 200 && workerTasksRunning() > 0; i++) await new Promise((r) => setTimeout(r, 25));
  return workerTasksRunning();
}

afterEach(async () => {
  expect(await noWorkersLeft()).toBe(0);
});

describe('runTask', () => {
  it('answers what the task returns, typed arrays included', async () => {
    expect(await run({ do: 'echo', text: 'hello' })).toEqual({ text: 'HELLO' });
    const { bytes } = await run<{ bytes: Uint8Array }>({ do: 'bytes', size: 1000 });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBe(1000);
    expect(bytes[999]).toBe(7);
  });

  it('carries a refusal back with its message; any other error is an Error', async () => {
    await expect(run({ do: 'refuse' })).rejects.toEqual(new TaskRefusal('Not this one.'));
    const failed = await run({ do: 'fail' }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(TaskRefusal);
    expect((failed as Error).message).toContain('a bug');
  });

  it('terminates a task that never returns at its time limit, and the event loop turns meanwhile', async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const started = Date.now();
    const failed = await run({ do: 'loop' }, 1500).catch((err: unknown) => err);
    clearInterval(ticker);
    expect(failed).toEqual(new TaskStopped('timeout'));
    expect(Date.now() - started).toBeLessThan(10_000);
    // 1.5 s of a 10 ms interval: the main thread was free (a generous floor for a busy machine).
    expect(ticks).toBeGreaterThan(20);
  });

  it('counts the time limit from when the task starts: loading its module is not counted', async () => {
    expect(await run({ do: 'echo', text: 'loaded', loadMs: 2000 }, 1000)).toEqual({ text: 'LOADED' });
  });

  it('stops a task that fills its heap', async () => {
    await expect(run({ do: 'fill' })).rejects.toEqual(new TaskStopped('memory'));
  });

  it('past the cap, answers 503 with Retry-After at once; the slot is free again once the worker has ended', async () => {
    const restore = setWorkerTasksMax(1);
    try {
      const looping = run({ do: 'loop' }, 1500).catch((err: unknown) => err);
      const busy = await run({ do: 'echo', text: 'x' }).catch((err: unknown) => err);
      expect(busy).toBeInstanceOf(HttpError);
      expect((busy as HttpError).status).toBe(503);
      expect((busy as HttpError).headers).toEqual({ 'Retry-After': '5' });
      expect(await looping).toEqual(new TaskStopped('timeout'));
      expect(await noWorkersLeft()).toBe(0);
      expect(await run({ do: 'echo', text: 'x' })).toEqual({ text: 'X' });
    } finally {
      restore();
    }
  });
});
