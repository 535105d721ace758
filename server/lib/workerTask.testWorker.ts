// The task of server/lib/workerTask.test.ts: answers, refuses, fails, loops or fills its heap, as asked; and, started as a
// kept worker, the tasks it serves one after another (each answer says how many this thread has served).
import { workerData } from 'node:worker_threads';
import { serveKeptTask, serveTask, TaskRefusal } from './workerTask';

export type KeptTestInput = { do: 'count' | 'refuse' | 'fail' | 'loop' } | { do: 'bytes'; size: number } | { do: 'busy'; ms: number };
export type TestTaskInput = { do: 'echo'; text: string; loadMs?: number } | { do: 'bytes'; size: number } | { do: 'progress'; steps: number }
  | { do: 'refuse' | 'fail' | 'loop' | 'fill' };

// A module slow to load (as tsx compiling one on a busy machine): `loadMs` of work before serveTask.
const loadMs = (workerData as { coachwellWorkerTaskInput?: { loadMs?: number } } | null)?.coachwellWorkerTaskInput?.loadMs ?? 0;
for (const until = Date.now() + loadMs; Date.now() < until;) { /* loading */ }

serveTask((input: TestTaskInput, progress: (value: { step: number }) => void) => {
  switch (input.do) {
    case 'progress':
      for (let step = 1; step <= input.steps; step++) progress({ step });
      return { steps: input.steps };
    case 'echo':
      return { text: input.text.toUpperCase() };
    case 'bytes':
      return { bytes: new Uint8Array(input.size).fill(7) };
    case 'refuse':
      throw new TaskRefusal('Not this one.');
    case 'fail':
      throw new Error('a bug');
    case 'loop':
      for (;;) { /* never returns */ }
    case 'fill': {
      const kept: string[][] = [];
      for (;;) kept.push(new Array(100_000).fill(kept.length));
    }
  }
});

let served = 0;
serveKeptTask((input: KeptTestInput) => {
  served += 1;
  switch (input.do) {
    case 'count':
      return { served };
    case 'bytes':
      return { served, bytes: new Uint8Array(input.size).fill(9) };
    case 'busy':
      for (const until = Date.now() + input.ms; Date.now() < until;) { /* working */ }
      return { served };
    case 'refuse':
      throw new TaskRefusal('Not this one.');
    case 'fail':
      throw new Error('a bug');
    case 'loop':
      for (;;) { /* never returns */ }
  }
});
