import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '..');

// Tests of what only PostgreSQL has (*.postgres.test.ts) run under `npm run test:pg` only.
const EXCLUDE = ['**/node_modules/**', 'dist/**', '**/*.postgres.test.ts'];

/** What every test file gets, in both projects below (and in vitest.pg.config.ts's, with its own timeouts). */
export const shared = {
  // HOST: any server a test starts listens on loopback only (scripts/testChildren.ts sets it too).
  env: { NODE_ENV: 'test', SCRYPT_N: '1024', HOST: '127.0.0.1' },
  testTimeout: 20_000,
  hookTimeout: 120_000,
  // expect.poll waits up to 10 s by default, not Vitest's 1 s: a browser test's screen answers later on a loaded CI
  // machine (a cycles e2e poll gave up after 1 s at load 18). A test may still pass its own { timeout }.
  expect: { poll: { timeout: 10_000 } },
};

/**
 * Server test files that change Vitest itself or mock a module (vi.setConfig, vi.mock): these run in a
 * process of their own, as every file but the server's does (under `npm run test:pg` too). A new server test
 * file that does either goes here.
 */
export const SERVER_FILES_ALONE = [
  'server/security/clientErrors.test.ts',
  'server/features/calendar/calendarImport.test.ts',
  'server/features/calendar/calendarImportLimits.test.ts',
];

export default defineConfig({
  root,
  test: {
    // Fails the run when a process the tests started outlives the suite (issue 25, item 10); and
    // (vitest.templates.ts) a folder for the run's prepared databases, made once and copied by the tests.
    // Here only, not in the projects: they would run once per project.
    globalSetup: ['scripts/vitest.leakCheck.ts', 'scripts/vitest.templates.ts'],
    // Browser tests start their own server each; two cores run two files at a time (both projects together).
    maxWorkers: 2,
    projects: [
      {
        // The server's supertest files share their worker's loaded modules (isolate: false): importing the app
        // costs ~4.5 s a file, more than most files' tests. Safe because nothing the app keeps lives in a module
        // but per database (WeakMaps keyed by the db: every test has its own), the files restore the real clock
        // after each test (freezeDateEachTest), and none changes process.env (docs/testing.md, "What the suite costs").
        root,
        test: { ...shared, name: 'server', include: ['{server,db}/**/*.test.ts'], exclude: [...EXCLUDE, ...SERVER_FILES_ALONE], isolate: false },
      },
      {
        // Everything else, each file in a fresh process: browser files (one server and browser each), the
        // client's, the scripts' (the CLI tests set DATA_DIR) and the server files above.
        root,
        test: { ...shared, name: 'isolated', include: ['{client,common,scripts}/**/*.test.{ts,tsx}', ...SERVER_FILES_ALONE], exclude: EXCLUDE },
      },
    ],
  },
});
