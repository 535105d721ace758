import { afterAll, afterEach, beforeEach } from 'vitest';
import { closeTestDatabases, setTestDatabasePhase } from '../db/postgres';

// Databases a test opens are closed (and recycled) when it is done; those opened for the whole file
// (beforeAll) when the file is done (db/postgres.ts).
const server = process.env.COACHWELL_TEST_POSTGRES!;
beforeEach(() => setTestDatabasePhase('test'));
afterEach(async () => {
  setTestDatabasePhase('file');
  await closeTestDatabases(server, 'test');
});
afterAll(async () => {
  await closeTestDatabases(server, 'file');
});
