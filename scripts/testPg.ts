// npm run test:pg [-- vitest arguments]: the whole server suite (every supertest file and the CLI tests)
// on PostgreSQL. Uses the server at DATABASE_URL (its role must be allowed to create databases) or starts
// a throwaway one (scripts/postgresServer.ts). A template database is migrated once; then every database
// a test opens is a fresh copy of it (db/postgres.ts openTestPostgres). Tests named "[SQLite]" test what
// only SQLite has (its schema snapshot, its file backup, its busy handling) and are left out here.
import { spawnSync } from 'node:child_process';
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

let server: ThrowawayServer | undefined;
let status = 1;
try {
  const given = process.env.DATABASE_URL;
  if (!given) server = await startThrowawayPostgres();
  const serverUrl = given ?? server!.url;
  const started = Date.now();
  await prepareTemplate(serverUrl);
  console.log(`PostgreSQL ready at ${serverUrl.replace(/\/\/[^@]*@/, '//…@')} (template migrated in ${Date.now() - started} ms)`);
  const env = { ...process.env, COACHWELL_TEST_POSTGRES: serverUrl, DATABASE_URL: '' };
  const result = spawnSync('npx', ['vitest', 'run', '--config', 'scripts/vitest.pg.config.ts', ...process.argv.slice(2)], { cwd: ROOT, env, stdio: 'inherit' });
  status = result.status ?? 1;
} catch (err) {
  console.error(err);
} finally {
  server?.stop();
}
process.exit(status);
