import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    include: ['{server,client,common,db,scripts}/**/*.test.{ts,tsx}'],
    // Tests of what only PostgreSQL has (*.postgres.test.ts) run under `npm run test:pg` only.
    exclude: ['**/node_modules/**', 'dist/**', '**/*.postgres.test.ts'],
    // HOST: any server a test starts listens on loopback only (scripts/testChildren.ts sets it too).
    env: { NODE_ENV: 'test', SCRYPT_N: '1024', HOST: '127.0.0.1' },
    // Fails the run when a process the tests started outlives the suite (issue 25, item 10); and
    // (vitest.templates.ts) a folder for the run's prepared databases, made once and copied by the tests.
    globalSetup: ['scripts/vitest.leakCheck.ts', 'scripts/vitest.templates.ts'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Browser tests start their own server each; two cores run two files at a time.
    maxWorkers: 2,
  },
});
