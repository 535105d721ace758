// Child processes that die with the test (issue 25, item 10). Every process a test starts goes through
// spawnForTest: it runs in its own process group (detached), so stopping it reaches whatever it started
// in turn (npm's node, tsx's node, a shell's command), and the group is killed when its leader exits,
// when stopTestChildren() runs (each file's afterEach/afterAll) and when the test worker itself exits or
// is signalled. Children get HOST=127.0.0.1 (a server a test starts listens on loopback only) and the
// test run's marker, COACHWELL_TEST_RUN, that scripts/vitest.leakCheck.ts looks for after the suite.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

/** The environment variable naming the test run; set by scripts/vitest.leakCheck.ts in the vitest process. */
export const TEST_RUN_VARIABLE = 'COACHWELL_TEST_RUN';

export interface TestChild {
  readonly process: ChildProcess;
  readonly pid: number;
  /** stdout and stderr so far (when piped, the default). */
  output(): string;
  /** Resolves when the child itself has exited (and its output has been read). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
  /** SIGTERM to the whole group, SIGKILL after `graceMs` (at once for 0); resolves once the group has gone. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const live = new Set<TestChild>();

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already (ESRCH)
  }
}

function groupExists(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Cleanups run once when this process ends: a normal exit, an uncaught error, SIGINT, SIGTERM or SIGHUP. */
const cleanups = new Set<() => void>();
let hooked = false;

function runCleanups(): void {
  for (const cleanup of [...cleanups]) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch {
      // keep going: the next cleanup matters as much
    }
  }
}

/**
 * Runs `cleanup` (synchronous) when this process ends, however it ends short of SIGKILL. A signal nobody
 * else listens to runs the cleanups and is raised again, so the process still ends as it would have; one
 * that another listener handles is left to it, and the cleanups run at the exit. Returns a function that
 * unregisters the cleanup.
 */
export function whenProcessEnds(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  if (!hooked) {
    hooked = true;
    process.on('exit', runCleanups);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      const onSignal = () => {
        // Another listener decides when this process ends (the 'exit' above then runs the cleanups).
        if (process.listenerCount(signal) > 1) return;
        runCleanups();
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      };
      process.on(signal, onSignal);
    }
  }
  return () => cleanups.delete(cleanup);
}

let guarded = false;

/**
 * Spawns `command` for a test in its own process group. `env` defaults to this process's environment;
 * HOST defaults to 127.0.0.1 and the test run's marker is always passed on.
 */
export function spawnForTest(command: string, args: string[], options: Omit<SpawnOptions, 'detached' | 'env'> & { env?: NodeJS.ProcessEnv } = {}): TestChild {
  if (!guarded) {
    guarded = true;
    whenProcessEnds(() => {
      for (const child of live) killGroup(child.pid, 'SIGKILL');
    });
  }
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env) };
  env.HOST ??= '127.0.0.1';
  if (process.env[TEST_RUN_VARIABLE]) env[TEST_RUN_VARIABLE] = process.env[TEST_RUN_VARIABLE];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options, env, detached: true });
  if (child.pid === undefined) {
    // spawn failed (ENOENT and the like): the 'error' event says why; nothing runs to be stopped.
    const failure = new Promise<never>((_, reject) => child.once('error', reject));
    failure.catch(() => {});
    throw new Error(`Could not start ${command} ${args.join(' ')}`);
  }
  const pid = child.pid;
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      // Whatever the child started and left behind goes with it.
      killGroup(pid, 'SIGKILL');
      live.delete(handle);
      // Resolved once its output is all read ('close'), or a moment later should a stray process hold the pipes.
      const late = setTimeout(() => resolve({ code, signal }), 1_000);
      child.once('close', () => {
        clearTimeout(late);
        resolve({ code, signal });
      });
    });
  });
  const handle: TestChild = {
    process: child,
    pid,
    output: () => log,
    exited,
    running: () => !done,
    async stop(graceMs = 5_000) {
      if (!done) {
        killGroup(pid, graceMs > 0 ? 'SIGTERM' : 'SIGKILL');
        const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      // The leader's exit killed the rest of its group; wait (a little) until the group is gone too.
      for (const deadline = Date.now() + 3_000; groupExists(pid) && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
      return exited;
    },
  };
  live.add(handle);
  return handle;
}

/** Stops every child this process started that still runs (SIGKILL without grace by default). */
export async function stopTestChildren(graceMs = 0): Promise<void> {
  await Promise.all([...live].map((child) => child.stop(graceMs)));
}
