// Every table holding a district's rows is in the export or left out on purpose (like the kept answers' coverage test).
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { isPostgres } from '../../../db/dialect';
import { createTestApp, type TestApp } from '../../testing/app';
import { EXPORT_KINDS, LEFT_OUT_TABLES } from './kinds';

let t: TestApp;
beforeEach(async () => { t = await createTestApp(); });

async function tablesWithDistrictId(): Promise<string[]> {
  if (isPostgres(t.db)) {
    const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.columns
      where column_name = 'district_id' and table_schema = current_schema()`.execute(t.db);
    return rows.map((r) => r.table_name).sort();
  }
  const { rows } = await sql<{ name: string }>`select m.name from sqlite_master m, pragma_table_info(m.name) c
    where m.type = 'table' and c.name = 'district_id'`.execute(t.db);
  return rows.map((r) => r.name).sort();
}

describe('the district export\'s kinds', () => {
  it('read every table with a district_id, or list it as left out with its reason; never both', async () => {
    const read = new Set(EXPORT_KINDS.flatMap((k) => k.tables));
    const missing = (await tablesWithDistrictId()).filter((name) => !read.has(name) && !LEFT_OUT_TABLES[name]);
    expect(missing).toEqual([]);
    expect([...read].filter((name) => LEFT_OUT_TABLES[name])).toEqual([]);
  });

  it('name each file once, and describe every column', () => {
    const files = EXPORT_KINDS.map((k) => k.file);
    expect(new Set(files).size).toBe(files.length);
    for (const kind of EXPORT_KINDS) for (const [column, text] of kind.columns) expect(text, `${kind.file}.${column}`).toMatch(/\S/);
  });
});
