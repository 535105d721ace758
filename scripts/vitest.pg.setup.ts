import { afterAll } from 'vitest';
import { closeTestDatabases } from '../db/postgres';

// Each test file's databases are closed and the fresh ones dropped when the file is done.
afterAll(async () => {
  await closeTestDatabases(process.env.COACHWELL_TEST_POSTGRES!);
});
