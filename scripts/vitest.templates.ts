// A vitest globalSetup (scripts/vitest.config.ts): a folder for this run's prepared databases, named in
// COACHWELL_TEST_TEMPLATES, which every worker inherits: the migrated image each server test's database is
// copied from (server/testing/databaseImage.ts) and the seeded demo database each browser file's server
// starts from (client/e2e/harness.ts). Made by the first file that needs it, then shared; removed after the run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The same name as server/testing/databaseImage.ts TEST_TEMPLATES_VARIABLE (not imported: that loads the app). */
const TEST_TEMPLATES_VARIABLE = 'COACHWELL_TEST_TEMPLATES';
let dir = '';

export function setup(): void {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-test-templates-'));
  process.env[TEST_TEMPLATES_VARIABLE] = dir;
}

export function teardown(): void {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
