// Every table holding a district's rows is in the export or left out on purpose (like the kept answers' coverage test).
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { EXPORT_KINDS, LEFT_OUT_TABLES } from './kinds';
import { tablesWithDistrictId } from '../../testing/schema';

let t: TestApp;
beforeEach(async () => { t = await createTestApp(); });

describe('the district export\'s kinds', () => {
  it('read every table with a district_id, or list it as left out with its reason; never both', async () => {
    const read = new Set(EXPORT_KINDS.flatMap((k) => k.tables));
    const missing = (await tablesWithDistrictId(t.db)).filter((name) => !read.has(name) && !LEFT_OUT_TABLES[name]);
    expect(missing).toEqual([]);
    expect([...read].filter((name) => LEFT_OUT_TABLES[name])).toEqual([]);
  });

  it('name each file once, and describe every column', () => {
    const files = EXPORT_KINDS.map((k) => k.file);
    expect(new Set(files).size).toBe(files.length);
    for (const kind of EXPORT_KINDS) for (const [column, text] of kind.columns) expect(text, `${kind.file}.${column}`).toMatch(/\S/);
  });
});
