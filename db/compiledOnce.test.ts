import { describe, expect, it } from 'vitest';
import { compiledOnce } from './compiledOnce';
import { openDatabase } from './connection';
import { migrateToLatest } from './migrator';

async function freshDb() {
  const db = openDatabase(':memory:');
  await migrateToLatest(db);
  for (const key of ['a', 'b', 'c']) {
    await db.insertInto('plans').values({ key, name: key.toUpperCase(), description: '', price_per_seat_cents: 100, features: '[]', sort_order: 1 }).execute();
  }
  return db;
}

describe('compiledOnce', () => {
  it('runs the query compiled on first use with each call\'s own arguments', async () => {
    const db = await freshDb();
    const byKey = compiledOnce((k, key: string) => k.selectFrom('plans').select('name').where('key', '=', key));
    expect(await byKey(db, 'a')).toEqual([{ name: 'A' }]);
    expect(await byKey(db, 'c')).toEqual([{ name: 'C' }]);
    expect(await byKey(db, 'zzz')).toEqual([]);
  });

  it('keeps one compiled query per database', async () => {
    const first = await freshDb();
    const second = await freshDb();
    await second.updateTable('plans').set({ name: 'Other' }).where('key', '=', 'b').execute();
    const byKey = compiledOnce((k, key: string) => k.selectFrom('plans').select('name').where('key', '=', key));
    expect(await byKey(first, 'b')).toEqual([{ name: 'B' }]);
    expect(await byKey(second, 'b')).toEqual([{ name: 'Other' }]);
  });

  it('refuses a build whose argument would be baked into the SQL instead of bound', async () => {
    const db = await freshDb();
    const lowered = compiledOnce((k, key: string) => k.selectFrom('plans').select('name').where('key', '=', key === 'x' ? 'a' : 'b'));
    await expect(lowered(db, 'a')).rejects.toThrow(/argument 0 does not reach the query/);
  });
});
