// A throwaway PostgreSQL server for `npm run test:pg` and `npm run bench -- --db=pg`: Debian's
// `postgresql` package (initdb and pg_ctl on a temporary directory, as the `postgres` user when run as
// root, since PostgreSQL refuses to run as root). It listens on 127.0.0.1 and on a Unix socket in its own
// temporary directory only, with trust authentication and fsync off: it holds test data for minutes and is
// deleted afterwards. pg_ctl detaches the server from us, so it is stopped however this process ends
// (normally, by an uncaught error, SIGINT, SIGTERM or SIGHUP; scripts/testChildren.ts whenProcessEnds), not
// only by stop().
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort';
import { whenProcessEnds } from './testChildren';

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions.length) {
    throw new Error('PostgreSQL is not installed: `apt-get install -y postgresql` (Debian), or set DATABASE_URL to a server where this role may create databases.');
  }
  return path.join(base, versions[0]!, 'bin');
}

export interface ThrowawayServer {
  url: string;
  stop(): void;
}

export async function startThrowawayPostgres(): Promise<ThrowawayServer> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(dir, Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim()), Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim()));
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, 'data');
  let stopped = false;
  const postmasterPid = () => {
    try {
      return Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || 0;
    } catch {
      return 0;
    }
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    forget();
    try {
      if (postmasterPid()) run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch (err) {
      // pg_ctl could not stop it: the postmaster by its pid (SIGQUIT, PostgreSQL's immediate shutdown).
      const pid = postmasterPid();
      try {
        if (pid > 0) process.kill(pid, 'SIGQUIT');
      } catch {
        // gone already
      }
      throw err;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const forget = whenProcessEnds(() => {
    try {
      stop();
    } catch {
      // exiting anyway
    }
  });
  try {
    run('initdb', ['-D', data, '-U', 'coachwell', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    const port = await freePort();
    const options = [
      `-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c synchronous_commit=off',
      '-c full_page_writes=off', '-c max_connections=400', '-c shared_buffers=256MB',
    ].join(' ');
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
    return { url: `postgres://coachwell@127.0.0.1:${port}/postgres`, stop };
  } catch (err) {
    try {
      stop();
    } catch {
      // the start's error is the one to report
    }
    throw err;
  }
}
