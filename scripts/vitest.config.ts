import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    include: ['{server,client,common,db,scripts}/**/*.test.{ts,tsx}'],
    // Tests of what only PostgreSQL has (*.postgres.test.ts) run under `npm run test:pg` only.
    exclude: ['**/node_modules/**', 'dist/**', '**/*.postgres.test.ts'],
    env: { NODE_ENV: 'test', SCRYPT_N: '1024' },
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Browser tests start their own server each; two cores run two files at a time.
    maxWorkers: 2,
  },
});
