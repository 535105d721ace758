// The export worker of exportWorker.test.ts: the real writer (writer.ts writeInWorker) until the second kind's first batch,
// then this thread dies as COACHWELL_TEST_EXPORT_CRASH says: 'memory' fills its heap until V8 stops the thread,
// 'exit' ends the thread at once. Before dying it checks that a half-written zip and a staging file are on disk (waiting
// for the staging file's open at most 10 s), and fails differently if not, so the test knows what the job cleaned up.
import { existsSync, readdirSync } from 'node:fs';
import { serveTask } from '../../lib/workerTask';
import { type ExportProgress, type ExportWorkerInput, type ExportWritten, writeInWorker } from './writer';

const crash = process.env.COACHWELL_TEST_EXPORT_CRASH;

const staged = (input: ExportWorkerInput) => readdirSync(input.stageDir).some((name) => name.startsWith(`${input.stagePrefix}-`));

serveTask<ExportWorkerInput, ExportWritten, ExportProgress>((input, progress) => {
  let kindsDone = 0;
  return writeInWorker(input, async (p) => {
    progress(p);
    if ('kinds' in p) kindsDone = p.kinds;
    if (!('rows' in p) || kindsDone < 1) return;
    for (let waited = 0; !staged(input) && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    if (!existsSync(input.file) || !staged(input)) throw new Error('Nothing half written to crash on.');
    if (crash === 'exit') process.exit(7);
    const kept: number[][] = [];
    for (;;) kept.push(new Array(100_000).fill(kept.length));
  });
});
