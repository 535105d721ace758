// The kept answers' own rules: a newer district version or a passed moment ends an answer, an older
// version never replaces a newer one, readers and queries never share, and the store stays under its size.
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { buildDistrict } from '../testing/factories';
import { AnswerKeeper, districtVersion, keptAnswer } from './keptAnswers';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

/** keptAnswer with a computation that counts its runs. */
function counted(answer: unknown, validUntil?: number) {
  const runs = { n: 0 };
  const compute = async () => {
    runs.n += 1;
    return { answer, validUntil };
  };
  return { runs, compute };
}

describe('keptAnswer', () => {
  it('keeps an answer per district version, reader and query', async () => {
    const district = await buildDistrict(t.db);
    const { runs, compute } = counted({ data: [1] });
    const read = (reader: string, query: unknown) => keptAnswer(t.db, district.id, reader, query, compute);
    expect(await read('reader-1', ['list', { page: 1 }])).toBe('{"data":[1]}');
    expect(await read('reader-1', ['list', { page: 1 }])).toBe('{"data":[1]}');
    expect(runs.n).toBe(1);
    await read('reader-2', ['list', { page: 1 }]);
    await read('reader-1', ['list', { page: 2 }]);
    expect(runs.n).toBe(3);

    await t.db.updateTable('districts').set({ name: 'Renamed' }).where('id', '=', district.id).execute();
    expect(await districtVersion(t.db, district.id)).toBeGreaterThan(0);
    await read('reader-1', ['list', { page: 1 }]);
    expect(runs.n).toBe(4);
  });

  it('keeps nothing valid for no time, and ends an answer at its moment', async () => {
    const district = await buildDistrict(t.db);
    const never = counted({ a: 1 }, 0);
    await keptAnswer(t.db, district.id, 'r', 'now', never.compute);
    await keptAnswer(t.db, district.id, 'r', 'now', never.compute);
    expect(never.runs.n).toBe(2);
    const soon = counted({ a: 1 }, Date.now() + 500);
    await keptAnswer(t.db, district.id, 'r', 'soon', soon.compute);
    await keptAnswer(t.db, district.id, 'r', 'soon', soon.compute);
    expect(soon.runs.n).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 550));
    await keptAnswer(t.db, district.id, 'r', 'soon', soon.compute);
    expect(soon.runs.n).toBe(2);
  });

  it('requests missing together wait for one computation; its error reaches them all and keeps nothing', async () => {
    const district = await buildDistrict(t.db);
    const { runs, compute } = counted({ ok: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => keptAnswer(t.db, district.id, 'r', 'q', compute)));
    expect(answers).toEqual(Array(5).fill('{"ok":true}'));
    expect(runs.n).toBe(1);

    let failures = 0;
    const failing = async () => {
      failures += 1;
      // Still running when the other requests have read the version.
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('The report failed.');
    };
    const settled = await Promise.allSettled(Array.from({ length: 3 }, () => keptAnswer(t.db, district.id, 'r', 'bad', failing)));
    expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(failures).toBe(1);
    await expect(keptAnswer(t.db, district.id, 'r', 'bad', failing)).rejects.toThrow('The report failed.');
    expect(failures).toBe(2);
  });
});

describe('AnswerKeeper', () => {
  it('never lets an answer read at an older version replace a newer one', () => {
    const keeper = new AnswerKeeper(1_000_000);
    keeper.set('k', 5, 'new', Infinity);
    keeper.set('k', 4, 'old', Infinity);
    expect(keeper.get('k', 5, 0)).toBe('new');
    // A request that read the older version finds nothing, and leaves the newer answer in place.
    expect(keeper.get('k', 4, 0)).toBeUndefined();
    expect(keeper.get('k', 5, 0)).toBe('new');
  });

  it('drops the least recently used answers past its size', () => {
    // Each entry: 2 bytes a character of key and body: 2 × (1 + 99) = 200 bytes.
    const keeper = new AnswerKeeper(600);
    const body = 'x'.repeat(99);
    for (const key of ['a', 'b', 'c']) keeper.set(key, 1, body, Infinity);
    expect(keeper.get('a', 1, 0)).toBe(body);
    keeper.set('d', 1, body, Infinity);
    expect(keeper.get('b', 1, 0)).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => keeper.get(k, 1, 0) === body)).toEqual([true, true, true]);
  });
});
