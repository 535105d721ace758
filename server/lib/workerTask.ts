// Running a pure function of an upload off the main thread, in a worker thread with limits: a heap limit
// (`resourceLimits`) and a hard wall-clock limit, counted from when the task starts on its input, that
// terminates the worker whatever it is doing (V8 stops even a loop that never returns). Reading a calendar or a zip happens here, so a hostile file costs its
// own thread at most `timeoutMs` and never holds the event loop that answers every district.
//
// A task is a module named `*.worker.ts` that calls `serveTask(fn)`; the server runs it with
// `runTask(entry, input, limits)`, `entry` being the module's absolute path (path.join(import.meta.dirname,
// 'x.worker.ts'): the build rewrites import.meta.dirname to the source folder). From source (tsx, vitest,
// npm run dev) the worker registers tsx and imports the .ts module; in the bundled server (dist/server.js)
// it runs dist/x.worker.js, which scripts/build.ts bundles from every server/**/*.worker.ts.
//
// One worker per task (a fresh heap each time, nothing carried over from a hostile file), at most
// WORKER_TASKS_MAX of them at once per process: past that the caller gets a 503 with Retry-After
// (no queue: a queued task would wait for others' time limits on top of its own).
//
// A task may report its progress on the way (issue 32, the district export: rows written): `serveTask`'s function gets a
// `progress(value)` to call, and `runTask`'s `onProgress` receives each value (structured-cloned) on the main thread.
//
// A kept worker (`keptWorker`, `serveKeptTask`, at the end of this file) is the other kind: one thread that stays for
// task after task of our own making (the PDFs), where a fresh thread's start would cost more than the task.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, type Transferable, Worker, workerData } from 'node:worker_threads';
import { HttpError } from '../http/errors';

export interface TaskLimits {
  /**
   * Wall-clock limit for the task itself, from the moment the worker has loaded its module and starts on
   * the input: past it the worker is terminated. Loading the module is not counted (from source, tsx
   * compiles it in the worker, seconds on a busy machine); it has STARTUP_MS_MAX of its own.
   */
  timeoutMs: number;
  /** The worker's V8 heap (old generation); typed arrays' memory is outside it, so count those in the task. */
  maxOldGenerationSizeMb: number;
  /** The young generation's (V8's default when left out: up to 48 MB on 64-bit). */
  maxYoungGenerationSizeMb?: number;
}

/** A task's own refusal of its input (thrown in the worker), carried back with its message. */
export class TaskRefusal extends Error {}

/** The worker was stopped: it ran past its time limit or out of its heap. */
export class TaskStopped extends Error {
  constructor(readonly reason: 'timeout' | 'memory') {
    super(reason === 'timeout' ? 'The worker task ran past its time limit.' : 'The worker task ran out of memory.');
  }
}

/** A safety net for loading a task's module, which no input can lengthen. */
const STARTUP_MS_MAX = 60_000;

export const WORKER_BUSY_MESSAGE = 'The server is reading other uploads right now. Try again in a few seconds.';
const RETRY_AFTER_SECONDS = 5;
let tasksMax = Math.max(4, os.availableParallelism());
let running = 0;

/** Workers running now (tests: a terminated worker is not left behind). */
export function workerTasksRunning(): number {
  return running;
}

/** Changes the cap on workers running at once; answers a function that puts the old cap back (tests). */
export function setWorkerTasksMax(max: number): () => void {
  const before = tasksMax;
  tasksMax = max;
  return () => {
    tasksMax = before;
  };
}

/** The key of workerData holding the input: a thread started by anything else (a test runner's) serves nothing. */
const TASK_INPUT = 'coachwellWorkerTaskInput';

/** Running from TypeScript sources (tsx, vitest) rather than the esbuild bundle. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

function startWorker(entry: string, data: Record<string, unknown>, limits: TaskLimits, transfer: readonly Transferable[]): Worker {
  const options = {
    workerData: data,
    transferList: [...transfer],
    // Past these V8 stops the thread (ERR_WORKER_OUT_OF_MEMORY), never the process. Ignored for the old generation when
    // the process runs with --max-old-space-size (in NODE_OPTIONS too): that flag then sets every thread's (Node's docs).
    resourceLimits: {
      maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
      ...limits.maxYoungGenerationSizeMb !== undefined && { maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb },
    },
    // The parent's flags would start a second tsx, an inspector or a CPU profile in every worker.
    execArgv: [] as string[],
  };
  if (!FROM_SOURCE) {
    return new Worker(new URL(`./${path.basename(entry, '.ts')}.js`, import.meta.url), options);
  }
  // tsx's loader registered inside the worker (a Worker given a .ts file or `--import tsx` refuses the extension).
  const boot = `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(entry).href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

let tsxApiUrl: string | undefined;
/** tsx's ESM API module (`tsx/esm/api`, its `import` condition: require.resolve would give the CommonJS one). */
function tsxApi(): string {
  if (tsxApiUrl) return tsxApiUrl;
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exported = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!;
  return (tsxApiUrl = pathToFileURL(path.join(path.dirname(manifest), exported.import.default)).href);
}

/** The worker's messages: `started` once its module is loaded and the task begins, its progress if it reports any, then the task's answer. */
type Reply = { started: true } | { progress: unknown } | { ok: true; value: unknown } | { ok: false; refusal: string | null; message: string };

/**
 * Runs the task module `entry` on `input` (structured-cloned; `transfer` moves buffers instead of copying)
 * in a worker of its own. Resolves with what the task returned; rejects with a TaskRefusal carrying the
 * task's message, a TaskStopped past a limit, an Error for anything else (a bug: a 500), or a 503 HttpError
 * when WORKER_TASKS_MAX workers are running already. The worker is terminated however it ends.
 */
export function runTask<I, O, P = never>(
  entry: string, input: I, limits: TaskLimits, transfer: readonly Transferable[] = [], onProgress?: (value: P) => void,
): Promise<O> {
  if (running >= tasksMax) {
    return Promise.reject(new HttpError(503, WORKER_BUSY_MESSAGE, 'busy', undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) }));
  }
  running += 1;
  let worker: Worker;
  try {
    worker = startWorker(entry, { [TASK_INPUT]: input }, limits, transfer);
  } catch (err) {
    running -= 1;
    return Promise.reject(err);
  }
  // The slot is freed when the thread has ended, not when the answer is known.
  worker.once('exit', () => {
    running -= 1;
  });
  // A server shutting down does not wait for a task.
  worker.unref();
  return new Promise<O>((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      done();
    };
    const stop = () => settle(() => reject(new TaskStopped('timeout')));
    let timer = setTimeout(stop, STARTUP_MS_MAX);
    worker.on('message', (reply: Reply) => {
      if ('started' in reply) {
        clearTimeout(timer);
        timer = setTimeout(stop, limits.timeoutMs);
        return;
      }
      if ('progress' in reply) {
        if (!settled) onProgress?.(reply.progress as P);
        return;
      }
      settle(() => {
        if (reply.ok) resolve(reply.value as O);
        else reject(reply.refusal !== null ? new TaskRefusal(reply.refusal) : new Error(`Worker task ${path.basename(entry)} failed: ${reply.message}`));
      });
    });
    worker.once('error', (err: Error & { code?: string }) => settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new TaskStopped('memory') : err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`Worker task ${path.basename(entry)} ended (exit code ${code}) without an answer.`))));
  });
}

/** The buffers of typed arrays in a result, moved to the main thread rather than copied. */
function buffersOf(value: unknown, found = new Set<ArrayBuffer>(), depth = 0): Set<ArrayBuffer> {
  if (depth > 4 || value === null || typeof value !== 'object') return found;
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) found.add(value.buffer);
  } else if (Array.isArray(value)) {
    for (const item of value) buffersOf(item, found, depth + 1);
  } else {
    for (const item of Object.values(value)) buffersOf(item, found, depth + 1);
  }
  return found;
}

/**
 * The worker side: called once at the top of a `*.worker.ts` module. Runs `fn` on the task's input and
 * posts its result (typed arrays moved, not copied) or its refusal; `progress(value)` posts a value to runTask's
 * `onProgress` on the way. Does nothing on the main thread.
 */
export function serveTask<I, O, P = never>(fn: (input: I, progress: (value: P) => void) => O | Promise<O>): void {
  const data = workerData as Record<string, unknown> | null;
  if (isMainThread || !parentPort || !data || typeof data !== 'object' || !(TASK_INPUT in data)) return;
  const port = parentPort;
  // The time limit starts now: the module (and what it imports) is loaded.
  port.postMessage({ started: true } satisfies Reply);
  Promise.resolve()
    .then(() => fn(data[TASK_INPUT] as I, (progress) => port.postMessage({ progress } satisfies Reply)))
    .then(
      (value) => port.postMessage({ ok: true, value } satisfies Reply, [...buffersOf(value)]),
      (err: unknown) => port.postMessage({
        ok: false,
        refusal: err instanceof TaskRefusal ? err.message : null,
        message: err instanceof Error ? err.stack ?? err.message : String(err),
      } satisfies Reply),
    );
}

// A kept worker (issue 32): one worker thread that serves task after task, for work that is ours rather than an
// upload's (the PDFs: lib/pdfRender.ts). Started on the first task, it stays for the next ones (its module loaded and its
// code warm: a PDF takes a few hundred milliseconds of a fresh thread, a couple of seconds from source, and about
// 150 ms of a warm one), ends after `idleMs` without a task, and is started again by the one after. Tasks run one at a time
// in their order of arrival, each with its time limit from when it is handed to the worker; a task past its limit, a
// worker out of its heap or ended for any reason rejects the task under way (TaskStopped, Error), and the next task
// starts a new worker. Past `queueMax` tasks waiting, the caller gets a 503 as runTask's, with the kept worker's own message. The thread holds the
// process open only while a task is under way (a command-line seed awaiting a PDF), never while idle (a server closing).

/** The key of workerData marking a kept worker's thread (serveKeptTask). */
const KEPT_TASK = 'coachwellKeptWorker';

/** A kept worker's memory after its last task, as the thread measured it (its own V8 heap; its buffers outside it). */
export interface KeptMemory { heapUsedMb: number; externalMb: number; tasks: number }

type KeptReply = { ready: true } | (({ id: number; ok: true; value: unknown } | { id: number; ok: false; refusal: string | null; message: string }) & { memory: Omit<KeptMemory, 'tasks'> });

export interface KeptWorkerOptions extends TaskLimits {
  /** Without a task for this long, the worker ends (the next task starts another). */
  idleMs: number;
  /** Tasks waiting or under way at most; past it the caller gets a 503. */
  queueMax: number;
  /** The 503's message past `queueMax`, in the words of what the worker makes (runTask's speaks of uploads). */
  busyMessage: string;
}

export interface KeptWorker<I, O> {
  /** Runs the task on `input` once the tasks before it are done. */
  run(input: I): Promise<O>;
  /** Ends the worker now (a server closing; the task under way, if any, is rejected); a later task starts a new one. */
  stop(): Promise<void>;
  /** Whether a worker thread is running now (tests). */
  running(): boolean;
  /** The running thread's memory after its last task and how many it served (null: none running, or no task yet). */
  memory(): KeptMemory | null;
}

interface Live {
  worker: Worker;
  ready: Promise<void>;
  pending: { id: number; resolve: (value: unknown) => void; reject: (err: Error) => void } | null;
  end: (err: Error) => Promise<void>;
  memory: KeptMemory | null;
}

/** A kept worker of the module `entry` (a `*.worker.ts` calling serveKeptTask), started on its first task. */
export function keptWorker<I, O>(entry: string, options: KeptWorkerOptions): KeptWorker<I, O> {
  let live: Live | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let queued = 0;
  let nextId = 1;
  let idle: NodeJS.Timeout | undefined;

  const launch = (): Live => {
    const worker = startWorker(entry, { [KEPT_TASK]: true }, options, []);
    worker.unref();
    let markReady!: () => void;
    let failReady!: (err: Error) => void;
    const ready = new Promise<void>((resolve, reject) => { markReady = resolve; failReady = reject; });
    ready.catch(() => undefined);
    const self: Live = {
      worker, ready, pending: null, memory: null,
      end: (err) => {
        if (live === self) live = null;
        failReady(err);
        const pending = self.pending;
        self.pending = null;
        pending?.reject(err);
        return worker.terminate().then(() => undefined, () => undefined);
      },
    };
    worker.on('message', (reply: KeptReply) => {
      if ('ready' in reply) return markReady();
      const pending = self.pending;
      if (!pending || pending.id !== reply.id) return;
      self.pending = null;
      self.memory = { ...reply.memory, tasks: (self.memory?.tasks ?? 0) + 1 };
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(reply.refusal !== null ? new TaskRefusal(reply.refusal) : new Error(`Worker task ${path.basename(entry)} failed: ${reply.message}`));
    });
    worker.once('error', (err: Error & { code?: string }) => void self.end(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new TaskStopped('memory') : err));
    worker.once('exit', (code) => void self.end(new Error(`Worker task ${path.basename(entry)} ended (exit code ${code}) without an answer.`)));
    return self;
  };

  const execute = async (input: I): Promise<O> => {
    clearTimeout(idle);
    const self = live ?? (live = launch());
    // Held open while the task is under way, its start included.
    self.worker.ref();
    try {
      let startup: NodeJS.Timeout | undefined;
      await Promise.race([self.ready, new Promise<never>((_, reject) => {
        startup = setTimeout(() => { void self.end(new TaskStopped('timeout')); reject(new TaskStopped('timeout')); }, STARTUP_MS_MAX);
      })]).finally(() => clearTimeout(startup));
      if (live !== self) throw new Error(`Worker task ${path.basename(entry)} ended before its task.`);
      return await new Promise<O>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => void self.end(new TaskStopped('timeout')), options.timeoutMs);
        self.pending = {
          id,
          resolve: (value) => { clearTimeout(timer); resolve(value as O); },
          reject: (err) => { clearTimeout(timer); reject(err); },
        };
        self.worker.postMessage({ id, input });
      });
    } finally {
      self.worker.unref();
      if (live === self) {
        idle = setTimeout(() => { if (live === self && !self.pending) void self.end(new Error('idle')); }, options.idleMs);
        idle.unref();
      }
    }
  };

  return {
    run(input) {
      if (queued >= options.queueMax) {
        return Promise.reject(new HttpError(503, options.busyMessage, 'busy', undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) }));
      }
      queued += 1;
      const result = chain.then(() => execute(input)).finally(() => { queued -= 1; });
      chain = result.catch(() => undefined);
      return result;
    },
    async stop() {
      clearTimeout(idle);
      await live?.end(new Error(`Worker task ${path.basename(entry)} stopped.`));
    },
    running: () => live !== null,
    memory: () => live?.memory ?? null,
  };
}

/**
 * The kept worker's side: called once at the top of its `*.worker.ts` module. Serves every task posted to it with `fn`,
 * one after another, posting each result (typed arrays moved, not copied) or its refusal. Does nothing on the main thread
 * or in a thread started by anything else.
 */
export function serveKeptTask<I, O>(fn: (input: I) => O | Promise<O>): void {
  const data = workerData as Record<string, unknown> | null;
  if (isMainThread || !parentPort || !data || typeof data !== 'object' || !(KEPT_TASK in data)) return;
  const port = parentPort;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
  // This thread's own heap (process.memoryUsage's heap and external figures are the isolate's; its rss the process's).
  const memory = () => { const m = process.memoryUsage(); return { heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external) }; };
  port.on('message', ({ id, input }: { id: number; input: I }) => {
    Promise.resolve()
      .then(() => fn(input))
      .then(
        (value) => port.postMessage({ id, ok: true, value, memory: memory() } satisfies KeptReply, [...buffersOf(value)]),
        (err: unknown) => port.postMessage({
          id, ok: false,
          refusal: err instanceof TaskRefusal ? err.message : null,
          message: err instanceof Error ? err.stack ?? err.message : String(err),
          memory: memory(),
        } satisfies KeptReply),
      );
  });
  port.postMessage({ ready: true } satisfies KeptReply);
}
