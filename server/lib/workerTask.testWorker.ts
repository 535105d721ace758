// The task of server/lib/workerTask.test.ts: answers, refuses, fails, loops or fills its heap, as asked.
import { serveTask, TaskRefusal } from './workerTask';

export type TestTaskInput = { do: 'echo'; text: string } | { do: 'bytes'; size: number } | { do: 'refuse' | 'fail' | 'loop' | 'fill' };

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
