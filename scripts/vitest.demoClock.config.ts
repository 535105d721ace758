// The demo's server tests at a chosen instant (scripts/demoClock.ts; docs/testing.md "The demo at any hour").
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { shared } from './vitest.config';

const root = path.resolve(import.meta.dirname, '..');

/** Every server test file that seeds the whole demo and reads what it holds. */
export const DEMO_TEST_FILES = [
  'server/demo*.test.ts',
  'server/features/retention/retentionDemo.test.ts',
  'server/features/interactions/observations/forms.test.ts',
];

export default defineConfig({
  root,
  test: {
    ...shared, include: DEMO_TEST_FILES, setupFiles: ['scripts/vitest.demoClock.setup.ts'],
    globalSetup: ['scripts/vitest.templates.ts'], maxWorkers: 2,
  },
});
