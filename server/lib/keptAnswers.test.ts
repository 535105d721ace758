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

describe('keptAnswer', () => {
  it('keeps an answer per district version, reader and query', async () => {
    const district = await buildDistrict(t.db);
    const first = await keptAnswer(t.db, district.id, 'reader-1', ['list', { page: 1 }]);
    expect(first.body).toBeUndefined();
    expect(first.keep({ data: [1] })).toBe('{"data":[1]}');
    expect((await keptAnswer(t.db, district.id, 'reader-1', ['list', { page: 1 }])).body).toBe('{"data":[1]}');
    expect((await keptAnswer(t.db, district.id, 'reader-2', ['list', { page: 1 }])).body).toBeUndefined();
    expect((await keptAnswer(t.db, district.id, 'reader-1', ['list', { page: 2 }])).body).toBeUndefined();

    await t.db.updateTable('districts').set({ name: 'Renamed' }).where('id', '=', district.id).execute();
    expect(await districtVersion(t.db, district.id)).toBeGreaterThan(0);
    expect((await keptAnswer(t.db, district.id, 'reader-1', ['list', { page: 1 }])).body).toBeUndefined();
  });

  it('keeps nothing valid for no time, and ends an answer at its moment', async () => {
    const district = await buildDistrict(t.db);
    (await keptAnswer(t.db, district.id, 'r', 'now')).keep({ a: 1 }, 0);
    expect((await keptAnswer(t.db, district.id, 'r', 'now')).body).toBeUndefined();
    (await keptAnswer(t.db, district.id, 'r', 'soon')).keep({ a: 1 }, Date.now() + 40);
    expect((await keptAnswer(t.db, district.id, 'r', 'soon')).body).toBe('{"a":1}');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await keptAnswer(t.db, district.id, 'r', 'soon')).body).toBeUndefined();
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
