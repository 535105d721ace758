// npm run test:pg [-- vitest arguments]: the whole server suite (every supertest file and the CLI tests)
// on PostgreSQL. Uses the server at DATABASE_URL (its role must be allowed to create databases) or starts
// a throwaway one (scripts/postgresServer.ts). A template database is migrated once; then every database
// a test opens is a fresh copy of it (db/postgres.ts openTestPostgres). Tests named "[SQLite]" test what
// only SQLite has (its schema snapshot, its file backup, its busy handling) and are left out here.
// The throwaway server stops however this script ends (scripts/postgresServer.ts); vitest runs in its own
// process group, and a SIGINT, SIGTERM or SIGHUP to this script is passed on to that whole group (so the
// workers stop what the tests started), then the server is stopped and this script ends with the signal.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres, prepareTestTemplate, TEST_TEMPLATE_DATABASE, withDatabase } from '../db/postgres';
import { prepareDatabase } from '../server/bootstrap';
import { startThrowawayPostgres, type ThrowawayServer } from './postgresServer';

const ROOT = path.resolve(import.meta.dirname, '..');

async function prepareTemplate(serverUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${TEST_TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEST_TEMPLATE_DATABASE}`);
  await admin.end();
  const templateUrl = withDatabase(serverUrl, TEST_TEMPLATE_DATABASE);
  const { db } = await prepareDatabase({ databaseUrl: templateUrl, databaseFile: 'unused' });
  await db.destroy();
  const raw = openPostgres(templateUrl);
  await prepareTestTemplate(raw);
  await raw.destroy();
}

/** Vitest in its own process group; resolves with its exit status. A signal to this script goes to the group. */
function runVitest(env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'scripts/vitest.pg.config.ts', ...process.argv.slice(2)], {
    cwd: ROOT, env, stdio: 'inherit', detached: true,
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group is gone
    }
  };
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    received = signal;
    signalGroup(signal);
    // A vitest that does not stop within 15 s is killed.
    setTimeout(() => signalGroup('SIGKILL'), 15_000).unref();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  // Should this script die some other way, vitest goes too.
  process.on('exit', () => signalGroup('SIGKILL'));
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      signalGroup('SIGKILL');
      if (received) resolve(128 + (os.constants.signals[received] ?? 1));
      else resolve(code ?? 128 + (signal ? os.constants.signals[signal] ?? 1 : 1));
    });
  });
}

let server: ThrowawayServer | undefined;
let status = 1;
try {
  const given = process.env.DATABASE_URL;
  if (!given) server = await startThrowawayPostgres();
  const serverUrl = given ?? server!.url;
  const started = Date.now();
  await prepareTemplate(serverUrl);
  console.log(`PostgreSQL ready at ${serverUrl.replace(/\/\/[^@]*@/, '//…@')} (template migrated in ${Date.now() - started} ms)`);
  status = await runVitest({ ...process.env, COACHWELL_TEST_POSTGRES: serverUrl, DATABASE_URL: '' });
} catch (err) {
  console.error(err);
} finally {
  server?.stop();
}
process.exit(status);
