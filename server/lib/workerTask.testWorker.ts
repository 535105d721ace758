// The task of server/lib/workerTask.test.ts: answers, refuses, fails, loops or fills its heap, as asked.
import { workerData } from 'node:worker_threads';
import { serveTask, TaskRefusal } from './workerTask';

export type TestTaskInput = { do: 'echo'; text: string; loadMs?: number } | { do: 'bytes'; size: number } | { do: 'refuse' | 'fail' | 'loop' | 'fill' };

// A module slow to load (as tsx compiling one on a busy machine): `loadMs` of work before serveTask.
const loadMs = (workerData as { coachwellWorkerTaskInput?: { loadMs?: number } } | null)?.coachwellWorkerTaskInput?.loadMs ?? 0;
for (const until = Date.now() + loadMs; Date.now() < until;) { /* loading */ }

serveTask((input: TestTaskInput) => {
  switch (input.do) {
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
