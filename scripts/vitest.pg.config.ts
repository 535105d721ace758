import path from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run test:pg` (scripts/testPg.ts): the server suite and the CLI tests on PostgreSQL. Tests whose name
// says [SQLite] test what only SQLite has and are left out.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    include: ['server/**/*.test.ts', 'db/**/*.test.ts', 'scripts/cli.test.ts', 'scripts/copyToPostgres.test.ts', 'scripts/start.test.ts'],
    exclude: ['**/node_modules/**', 'dist/**'],
    // HOST: any server a test starts listens on loopback only (scripts/testChildren.ts sets it too).
    env: { NODE_ENV: 'test', SCRYPT_N: '1024', HOST: '127.0.0.1' },
    // Fails the run when a process the tests started outlives the suite (issue 25, item 10).
    globalSetup: ['scripts/vitest.leakCheck.ts'],
    testNamePattern: /^(?!.*\[SQLite\])/,
    setupFiles: ['scripts/vitest.pg.setup.ts'],
    // Every statement is a round trip to a server (the demo seed makes thousands): longer than SQLite's.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
