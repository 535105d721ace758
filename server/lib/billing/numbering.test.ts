import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/app';
import { nextNumber } from './numbering';

describe('nextNumber', () => {
  it('numbers each kind per year from 0001, in order', async () => {
    const { db } = await createTestApp();
    const take = (kind: 'quote' | 'invoice', year: number) => db.transaction().execute((trx) => nextNumber(trx, kind, year));
    expect(await take('quote', 2026)).toBe('Q-2026-0001');
    expect(await take('quote', 2026)).toBe('Q-2026-0002');
    expect(await take('invoice', 2026)).toBe('INV-2026-0001');
    expect(await take('quote', 2027)).toBe('Q-2027-0001');
  });

  it('gives concurrent creations distinct numbers and takes none for a rolled-back one', async () => {
    const { db } = await createTestApp();
    const numbers = await Promise.all(Array.from({ length: 25 }, () => db.transaction().execute((trx) => nextNumber(trx, 'quote', 2026))));
    expect(new Set(numbers).size).toBe(25);
    await expect(db.transaction().execute(async (trx) => { await nextNumber(trx, 'quote', 2026); throw new Error('rollback'); })).rejects.toThrow('rollback');
    expect(await db.transaction().execute((trx) => nextNumber(trx, 'quote', 2026))).toBe('Q-2026-0026');
  });
});
