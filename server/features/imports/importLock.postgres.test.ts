import { expect, it } from 'vitest';
import { holdImportRun } from '../../../db/dialect';
import { createTestApp } from '../../testing/app';
import { buildDistrict, buildUser } from '../../testing/factories';
import { markInterruptedImports } from './queries';
import { createImport } from './service';

// Several processes on one PostgreSQL: one starting while another runs an import must not mark that import
// interrupted (SQLite is one process's file: whatever is running at its start was cut off).
it('a process starting while another runs an import leaves it running; once the run is gone it is interrupted [PostgreSQL]', async () => {
  const { db } = await createTestApp();
  const district = await buildDistrict(db, { name: 'Lock District' });
  const admin = await buildUser(db, { role: 'district-admin', districtId: district.id });
  const actor = { districtId: district.id, userId: admin.id, impersonatorId: null, ip: null, userAgent: null };
  const id = await createImport(db, actor, 'staff', { fileName: 'a.csv', format: 'csv', headers: ['First name'], rows: [{ rowNumber: 2, cells: ['Ann'] }], skipped: 0 });
  await db.updateTable('imports').set({ status: 'running' }).where('id', '=', id).execute();

  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  let holding!: () => void;
  const isHeld = new Promise<void>((resolve) => { holding = resolve; });
  const run = db.transaction().execute(async (trx) => {
    await holdImportRun(trx, id);
    holding();
    await held;
  });
  await isHeld;
  expect(await markInterruptedImports(db)).toBe(0);
  expect((await db.selectFrom('imports').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('running');
  release();
  await run;
  expect(await markInterruptedImports(db)).toBe(1);
  expect((await db.selectFrom('imports').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('interrupted');
});
