// A vitest globalSetup (scripts/vitest.config.ts, scripts/vitest.pg.config.ts): after the suite, nothing
// the tests started may still run (issue 25, item 10). setup() gives this run a marker, COACHWELL_TEST_RUN,
// in the environment every worker and every process the tests start inherits (scripts/testChildren.ts
// passes it on explicitly). teardown() walks /proc for processes that carry the marker or descend from a
// test worker, gives them a few seconds to finish dying, then names each one left (pid, command, the
// addresses it listens on), kills it and fails the run. Linux only: elsewhere the check is skipped.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { TEST_RUN_VARIABLE } from './testChildren';

interface Proc {
  pid: number;
  ppid: number;
  state: string;
  command: string;
  marked: boolean;
}

function readProc(pid: number, marker: string): Proc | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    let marked = false;
    try {
      marked = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${TEST_RUN_VARIABLE}=${marker}`);
    } catch {
      // another user's process: not readable, and not started by these tests' user
    }
    return { pid, ppid: Number(ppid), state: state!, command, marked };
  } catch {
    return null; // gone meanwhile
  }
}

function allProcs(marker: string): Proc[] {
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((d) => readProc(Number(d), marker)).filter((p): p is Proc => p !== null);
}

/** Vitest's own: this process and its pool's workers (they end when vitest closes, after this teardown). */
function isVitestItself(p: Proc): boolean {
  return p.pid === process.pid || (p.ppid === process.pid && /vitest/.test(p.command));
}

/** Processes started by the tests: marked with this run, or below a test worker; zombies excluded. */
function leftovers(marker: string): Proc[] {
  const procs = allProcs(marker);
  const byPid = new Map(procs.map((p) => [p.pid, p]));
  const workers = new Set(procs.filter((p) => p.ppid === process.pid && isVitestItself(p)).map((p) => p.pid));
  const belowWorker = (p: Proc): boolean => {
    for (let q: Proc | undefined = p, depth = 0; q && depth < 64; q = byPid.get(q.ppid), depth++) {
      if (workers.has(q.ppid)) return true;
    }
    return false;
  };
  return procs.filter((p) => p.state !== 'Z' && !isVitestItself(p) && (p.marked || belowWorker(p)));
}

/** The TCP addresses a process listens on (its socket inodes matched against /proc/net/tcp and tcp6). */
function listeningAddresses(pid: number): string[] {
  let inodes: Set<string>;
  try {
    inodes = new Set(fs.readdirSync(`/proc/${pid}/fd`).map((fd) => {
      try {
        return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '';
      } catch {
        return '';
      }
    }).filter(Boolean));
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(`/proc/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address, state 0A = LISTEN, inode in column 9
      if (cols.length < 10 || cols[3] !== '0A' || !inodes.has(cols[9]!)) continue;
      const [hexAddress, hexPort] = cols[1]!.split(':');
      found.push(`${decodeAddress(hexAddress!)}:${parseInt(hexPort!, 16)}`);
    }
  }
  return found;
}

function decodeAddress(hex: string): string {
  if (hex.length === 8) return [3, 2, 1, 0].map((i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16)).join('.');
  if (/^0+$/.test(hex)) return '[::]';
  if (hex === '00000000000000000000000001000000') return '[::1]';
  if (hex.startsWith('0000000000000000FFFF0000')) return `[::ffff:${decodeAddress(hex.slice(24))}]`;
  return `[${hex}]`;
}

let marker = '';

export function setup(): void {
  marker = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  process.env[TEST_RUN_VARIABLE] = marker;
}

export async function teardown(): Promise<void> {
  if (!marker || !fs.existsSync('/proc/self/stat')) return;
  // Processes killed at the end of the last test may still be on their way out.
  const deadline = Date.now() + 5_000;
  let left = leftovers(marker);
  while (left.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    left = leftovers(marker);
  }
  if (!left.length) return;
  const lines = left.map((p) => {
    const listens = listeningAddresses(p.pid);
    return `  pid ${p.pid} (parent ${p.ppid}): ${p.command}${listens.length ? `\n    listening on ${listens.join(', ')}` : ''}`;
  });
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // gone by itself
    }
  }
  const message = `The tests left ${left.length} process(es) running (now killed). Start children with spawnForTest `
    + `(scripts/testChildren.ts) and stop them in afterEach/afterAll:\n${lines.join('\n')}`;
  process.exitCode = 1;
  throw new Error(message);
}
