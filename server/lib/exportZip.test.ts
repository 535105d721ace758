import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExportAborted, ExportZip, keysetBatches } from './exportZip';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'export-zip-')); });
afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

describe('ExportZip', () => {
  it('abort() while a table waits for a sink that stopped reading: the table throws ExportAborted, reads no more and leaves no staging file', async () => {
    // A sink that takes its first chunk and never finishes writing it (a client that stopped reading).
    let firstChunk!: () => void;
    const stalled = new Promise<void>((resolve) => { firstChunk = resolve; });
    const sink = new Writable({ highWaterMark: 1024, write: () => { firstChunk(); } });
    const zip = new ExportZip(sink, dir);
    let finished = false;
    async function* endless() {
      try {
        for (let id = 1; ; id++) yield [{ id, data: randomBytes(32 * 1024).toString('base64') }];
      } finally {
        finished = true;
      }
    }
    const table = zip.addTable('big', ['id', 'data'], endless());
    await stalled;
    await zip.abort();
    await expect(table).rejects.toBeInstanceOf(ExportAborted);
    expect(finished).toBe(true);
    expect(sink.destroyed).toBe(true);
    await expect(zip.finish()).rejects.toBeInstanceOf(ExportAborted);
    expect(await readdir(dir)).toEqual([]);
  });

  it('writes a README and each table as CSV (BOM, quoted, defanged) and JSON, batch by batch, staging nothing left behind', async () => {
    const file = join(dir, 'out.zip');
    const zip = new ExportZip(createWriteStream(file), dir);
    await zip.addText('README.md', '# Export\n');
    const seen: number[] = [];
    async function* batches() {
      yield [{ id: 1, name: 'Maple "Elementary"', extra: 'never written' }, { id: 2, name: '=HYPERLINK("x")' }];
      yield [];
      yield [{ id: 3, name: null }];
    }
    const rows = await zip.addTable('schools', ['id', 'name'], batches(), (n) => { seen.push(n); });
    const empty = await zip.addTable('groups', ['id'], (async function* () {})());
    const size = await zip.finish();

    expect(rows).toBe(3);
    expect(empty).toBe(0);
    expect(seen).toEqual([2, 1]);
    const bytes = await readFile(file);
    expect(size).toBe(bytes.length);
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(['README.md', 'schools.csv', 'schools.json', 'groups.csv', 'groups.json']);
    expect(Buffer.from(files['schools.csv']!).toString('utf8')).toBe('\uFEFF"id","name"\r\n"1","Maple ""Elementary"""\r\n"2","\'=HYPERLINK(""x"")"\r\n"3",""\r\n');
    expect(JSON.parse(strFromU8(files['schools.json']!))).toEqual([
      { id: 1, name: 'Maple "Elementary"' }, { id: 2, name: '=HYPERLINK("x")' }, { id: 3, name: null },
    ]);
    expect(JSON.parse(strFromU8(files['groups.json']!))).toEqual([]);
    expect(Buffer.from(files['groups.csv']!).toString('utf8')).toBe('\uFEFF"id"\r\n');
    expect(await readdir(dir)).toEqual(['out.zip']);
  });

  it('keysetBatches pages by id until a short page', async () => {
    const ids = Array.from({ length: 5 }, (_, i) => ({ id: i + 1 }));
    const asked: number[] = [];
    const pages: number[][] = [];
    for await (const page of keysetBatches(async (after, size) => {
      asked.push(after);
      return ids.filter((r) => r.id > after).slice(0, size);
    }, 2)) pages.push(page.map((r) => r.id));
    expect(pages).toEqual([[1, 2], [3, 4], [5]]);
    expect(asked).toEqual([0, 2, 4]);
  });
});
