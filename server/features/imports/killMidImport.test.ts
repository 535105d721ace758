// A process killed in the middle of an import leaves no rows of it behind, and after a restart the
// import shows as interrupted, never stuck as running: a real child process, killed with SIGKILL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../../db/connection';
import { prepareDatabase } from '../../bootstrap';
import { spawnForTest, stopTestChildren } from '../../../scripts/testChildren';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let dir = '';
afterEach(async () => {
  // The child, had the test failed before killing it.
  await stopTestChildren();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('a SIGKILL mid-import writes nothing; the next start marks the import interrupted', async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'coachwell-kill-'));
  const file = path.join(dir, 'kill.sqlite');
  // Node itself with tsx's loader (the tsx command would run the script in a grandchild the kill misses).
  const test = spawnForTest(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'killMidImport.child.ts'), file], {
    cwd: ROOT, env: { ...process.env, NODE_ENV: 'test' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const child = test.process;
  const exited = test.exited.then(({ signal }) => signal);
  const mid = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /MID (\d+) (\d+)/.exec(out);
      if (m) resolve(m[0]);
    });
    child.on('exit', () => reject(new Error(`child exited before the middle of the import: ${out}`)));
  });
  const [, importId, districtId] = mid.split(' ').map(Number);

  // While the child holds its transaction, another connection sees the import running and no educators.
  const reader = openDatabase(file);
  expect(await reader.selectFrom('imports').select('status').where('id', '=', importId!).executeTakeFirst()).toEqual({ status: 'running' });
  expect(await reader.selectFrom('staff').select('id').where('district_id', '=', districtId!).execute()).toEqual([]);
  await reader.destroy();

  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');

  const { db } = await prepareDatabase({ databaseFile: file });
  try {
    const imp = await db.selectFrom('imports').selectAll().where('id', '=', importId!).executeTakeFirstOrThrow();
    expect(imp).toMatchObject({ status: 'interrupted', created_count: 0 });
    expect(imp.failure).toMatch(/Nothing from it was saved/);
    expect(await db.selectFrom('staff').select('id').where('district_id', '=', districtId!).execute()).toEqual([]);
    expect(await db.selectFrom('staff_buildings').select('id').where('district_id', '=', districtId!).execute()).toEqual([]);
    const outcomes = await db.selectFrom('import_rows').select('outcome').distinct().where('import_id', '=', importId!).execute();
    expect(outcomes).toEqual([{ outcome: 'pending' }]);
    expect(await db.selectFrom('audit_log').select('id').where('action', '=', 'staff_import_run').execute()).toEqual([]);
  } finally {
    await db.destroy();
  }
});
