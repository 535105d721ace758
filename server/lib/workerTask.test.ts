// Worker tasks (issue 25, items 1–3): a pure function run off the main thread with a heap and a wall-clock
// limit; the event loop keeps turning while a task loops forever, a stopped worker is not left behind,
// and past the cap of workers at once the caller gets a 503 with Retry-After. A kept worker (issue 32, the PDFs): one
// thread for task after task, started again after a limit, a crash, its idle time or a stop.
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/errors';
import type { KeptTestInput, TestTaskInput } from './workerTask.testWorker';
import { keptWorker, type KeptWorker, runTask, setWorkerTasksMax, TaskRefusal, TaskStopped, workerTasksRunning } from './workerTask';

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

  it('carries the progress a task reports to onProgress, in its order, before its answer', async () => {
    const seen: unknown[] = [];
    const answer = await runTask<TestTaskInput, { steps: number }, { step: number }>(
      ENTRY, { do: 'progress', steps: 3 }, { timeoutMs: 15_000, maxOldGenerationSizeMb: 24 }, [],
      (value) => seen.push(value),
    ).then((value) => { seen.push('answered'); return value; });
    expect(answer).toEqual({ steps: 3 });
    expect(seen).toEqual([{ step: 1 }, { step: 2 }, { step: 3 }, 'answered']);
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

describe('keptWorker', () => {
  const kept: KeptWorker<KeptTestInput, { served: number; bytes?: Uint8Array }>[] = [];
  const make = (options: Partial<{ timeoutMs: number; idleMs: number; queueMax: number }> = {}) => {
    const worker = keptWorker<KeptTestInput, { served: number; bytes?: Uint8Array }>(ENTRY, {
      timeoutMs: 15_000, maxOldGenerationSizeMb: 24, idleMs: 60_000, queueMax: 8, busyMessage: 'The test worker is busy.', ...options,
    });
    kept.push(worker);
    return worker;
  };
  afterEach(async () => {
    for (const worker of kept.splice(0)) await worker.stop();
  });

  it('serves task after task from one thread, in their order, typed arrays included; nothing runs before the first', async () => {
    const worker = make();
    expect(worker.running()).toBe(false);
    const answers = await Promise.all([worker.run({ do: 'count' }), worker.run({ do: 'busy', ms: 50 }), worker.run({ do: 'count' })]);
    expect(answers).toEqual([{ served: 1 }, { served: 2 }, { served: 3 }]);
    const { served, bytes } = await worker.run({ do: 'bytes', size: 1000 });
    expect(served).toBe(4);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([bytes!.length, bytes![999]]).toEqual([1000, 9]);
    expect(worker.running()).toBe(true);
  });

  it('carries a refusal and an error back and keeps the thread; a task past its limit ends it, and the next starts another', async () => {
    const worker = make({ timeoutMs: 1500 });
    expect(await worker.run({ do: 'count' })).toEqual({ served: 1 });
    await expect(worker.run({ do: 'refuse' })).rejects.toEqual(new TaskRefusal('Not this one.'));
    const failed = await worker.run({ do: 'fail' }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(TaskRefusal);
    expect((failed as Error).message).toContain('a bug');
    expect(await worker.run({ do: 'count' })).toEqual({ served: 4 });
    // A task that never returns, and one queued behind it: the first is stopped, the second runs in a new thread.
    const [looped, after] = await Promise.all([worker.run({ do: 'loop' }).catch((err: unknown) => err), worker.run({ do: 'count' })]);
    expect(looped).toEqual(new TaskStopped('timeout'));
    expect(after).toEqual({ served: 1 });
  });

  it('ends after its idle time and when stopped; the next task starts it again', async () => {
    const idle = make({ idleMs: 300 });
    expect(await idle.run({ do: 'count' })).toEqual({ served: 1 });
    await vi.waitFor(() => expect(idle.running()).toBe(false), { timeout: 20_000, interval: 50 });
    expect(await idle.run({ do: 'count' })).toEqual({ served: 1 });

    const stopped = make();
    expect(await stopped.run({ do: 'count' })).toEqual({ served: 1 });
    await stopped.stop();
    expect(stopped.running()).toBe(false);
    expect(await stopped.run({ do: 'count' })).toEqual({ served: 1 });
  });

  it('past its queue, answers 503 with Retry-After at once', async () => {
    const worker = make({ queueMax: 2 });
    const first = worker.run({ do: 'busy', ms: 300 });
    const second = worker.run({ do: 'count' });
    const busy = await worker.run({ do: 'count' }).catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(HttpError);
    expect((busy as HttpError).status).toBe(503);
    expect((busy as HttpError).message).toBe('The test worker is busy.');
    expect((busy as HttpError).headers).toEqual({ 'Retry-After': '5' });
    expect(await Promise.all([first, second])).toEqual([{ served: 1 }, { served: 2 }]);
    expect(await worker.run({ do: 'count' })).toEqual({ served: 3 });
  });
});
