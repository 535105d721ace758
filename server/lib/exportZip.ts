// The streaming zip of the data exports (issue 32): a district's whole export and a person's own build on it.
//
//   const zip = new ExportZip(fs.createWriteStream(file));          // any Writable: a file, an HTTP response
//   await zip.addText('README.md', readme);                         // a small entry written at once
//   const n = await zip.addTable('schools', ['id', 'name'], batches(...)); // schools.csv, then schools.json
//   const bytes = await zip.finish();                               // the central directory; waits for the sink
//   // on any error: await zip.abort() (the sink is destroyed; the caller removes a partial file)
//   // a download closed early: zip.abort() from the response's 'close' (Node reports no error on a destroyed
//   // response): every write, wait and `finish` after it throws ExportAborted, so the table stops reading batches
//
// `addTable(name, columns, batches)` reads `batches` (an AsyncIterable of row-object arrays) once and writes
// `<name>.csv` (server/lib/csv.ts: BOM, CRLF, every cell quoted, formula injection defanged) and `<name>.json` (one
// JSON array of objects with exactly `columns` as keys, values as read). The CSV entry streams into the zip while
// the JSON text goes to a staging file beside it (in os.tmpdir() unless the constructor names a folder), copied into the zip once the CSV entry ends: a zip
// writes one entry at a time, and the kind is read only once. Memory is one batch plus fflate's deflate window,
// whatever the kind's size; the sink's back-pressure is waited for after every batch.
//
// `keysetBatches(fetch, size)` pages a table by id (`fetch(afterId, size)` answers rows ordered by id) and gives
// the event loop a turn between batches, so a long export never starves requests.
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { constants as zlibConstants, crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { type AsyncFlateStreamHandler, Zip } from 'fflate';
import { csvLine, UTF8_BOM } from './csv';

/** The rows of one batch a table yields: plain objects, read by the table's column names. */
export type ExportRow = Readonly<Record<string, unknown>>;

/**
 * The default batch of `keysetBatches`: 1 000 rows a query. The export of 1 000 000 interactions takes the same time
 * with 2 000 (scripts/benchExport.ts), but each turn of the event loop holds it half as long (43 against 70 ms at most).
 */
export const EXPORT_BATCH_SIZE = 1000;

/** The staging file's JSON is copied into the zip this many bytes at a time, through one buffer. */
const STAGE_READ_BYTES = 256 * 1024;

/** Deflate level: zlib's default balance of size and speed. */
const LEVEL = zlibConstants.Z_DEFAULT_COMPRESSION;

const encoder = new TextEncoder();

/** Pages of a table by id: `fetch(afterId, size)` answers up to `size` rows with id > afterId, ordered by id. */
export async function* keysetBatches<R extends { id: number }>(
  fetch: (afterId: number, size: number) => Promise<R[]>,
  size = EXPORT_BATCH_SIZE,
): AsyncGenerator<R[]> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after, size);
    // A turn between the read (synchronous on SQLite) and the writing of its rows: neither holds the loop for both.
    await nextTurn();
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
    await nextTurn();
  }
}

/** What an aborted zip's pending and later calls throw. */
export class ExportAborted extends Error {
  constructor() { super('The export was aborted.'); this.name = 'ExportAborted'; }
}

/** A zip written entry by entry into `out`, each entry deflated as it is written. */
export class ExportZip {
  private readonly zip: Zip;
  private failure: Error | null = null;
  /** Rejects once `abort` is called: every wait (zlib's or the sink's back-pressure, the end) races it. */
  private readonly stopped: Promise<never>;
  private stop!: (err: Error) => void;
  private bytes = 0;
  private ended: Promise<void>;
  private resolveEnded!: () => void;
  private readonly mtime = new Date();

  /**
   * `tempDir` holds the tables' staging files, named `<stagePrefix>-<random>.json` (a caller whose writer may die without
   * its `finally`, a worker thread out of memory, names them after its zip to find them: districtExport/job.ts).
   */
  constructor(private readonly out: Writable, private readonly tempDir = tmpdir(), private readonly stagePrefix = `coachwell-export-${process.pid}`) {
    this.ended = new Promise((resolve) => { this.resolveEnded = resolve; });
    this.stopped = new Promise<never>((_, reject) => { this.stop = reject; });
    this.stopped.catch(() => { /* answered by the call it stops */ });
    out.on('error', (err) => { this.failure ??= err; });
    this.zip = new Zip((err, chunk, final) => {
      if (err) { this.failure ??= err; return; }
      this.bytes += chunk.length;
      out.write(chunk);
      if (final) this.resolveEnded();
    });
  }

  /** The zip's size so far (all of it once `finish` answered). */
  get size(): number { return this.bytes; }

  /** One entry written at once (a README, a small manifest). */
  async addText(name: string, text: string): Promise<void> {
    const entry = this.entry(name);
    await entry.write(encoder.encode(text));
    await entry.end();
  }

  /**
   * `<name>.csv` and `<name>.json` of the rows `batches` yields (see the header comment); `onBatch(rows)` after each
   * batch (progress). Answers the number of rows.
   */
  async addTable(
    name: string,
    columns: readonly string[],
    batches: AsyncIterable<readonly ExportRow[]>,
    onBatch?: (rows: number) => void | Promise<void>,
  ): Promise<number> {
    const stagePath = join(this.tempDir, `${this.stagePrefix}-${randomBytes(6).toString('hex')}.json`);
    const stage = createWriteStream(stagePath);
    let count = 0;
    try {
      const csv = this.entry(`${name}.csv`);
      await csv.write(encoder.encode(UTF8_BOM + csvLine(columns)));
      await writeTo(stage, '[');
      for await (const batch of batches) {
        if (!batch.length) continue;
        let text = '';
        let json = '';
        for (const row of batch) {
          const cells = columns.map((c) => row[c]);
          text += csvLine(cells);
          json += `${count ? ',' : ''}\n${JSON.stringify(Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? null])))}`;
          count++;
        }
        await Promise.all([csv.write(encoder.encode(text)), writeTo(stage, json)]);
        await onBatch?.(batch.length);
      }
      await csv.end();
      await writeTo(stage, count ? '\n]\n' : ']\n');
      await new Promise<void>((resolve, reject) => stage.end((err?: Error | null) => (err ? reject(err) : resolve())));
      const json = this.entry(`${name}.json`);
      // One buffer read into again and again, each time once zlib has taken the last read: a stream's fresh 256 KB chunk
      // per read is memory outside the JavaScript heap that V8 frees only at its next collection, which a copy allocating
      // nothing else on the heap puts off (the export's RSS grew by tens of MB while copying a large kind's JSON).
      const file = await open(stagePath, 'r');
      try {
        const buffer = Buffer.allocUnsafe(STAGE_READ_BYTES);
        for (;;) {
          const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
          if (!bytesRead) break;
          await json.write(buffer.subarray(0, bytesRead), { taken: true });
        }
      } finally {
        await file.close();
      }
      await json.end();
      return count;
    } finally {
      // A write still pending when the table failed (an abort) errors once the stage is destroyed: nothing to report then.
      stage.on('error', () => { /* the table has already failed or ended */ });
      stage.destroy();
      await rm(stagePath, { force: true });
    }
  }

  /** Ends the zip (its central directory) and waits until `out` has taken every byte and closed. */
  async finish(): Promise<number> {
    this.check();
    this.zip.end();
    await this.untilStopped(this.ended);
    await this.untilStopped(new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(() => resolve());
    }));
    this.check();
    return this.bytes;
  }

  /**
   * Stops writing: the sink is destroyed (a file's caller removes it), and every pending or later call throws
   * (ExportAborted unless something failed first), so `addTable` reads no further batch. Calling it again is harmless.
   */
  async abort(): Promise<void> {
    this.failure ??= new ExportAborted();
    this.stop(this.failure);
    this.zip.terminate();
    this.out.destroy();
  }

  private untilStopped<T>(wait: Promise<T>): Promise<T> {
    return Promise.race([wait, this.stopped]);
  }

  private entry(name: string): NativeDeflate {
    this.check();
    const entry = new NativeDeflate(name, this.mtime, this.out, () => this.check(), (wait) => this.untilStopped(wait));
    this.zip.add(entry);
    return entry;
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }
}

/**
 * One zip entry deflated by zlib off the event loop: fflate's `Zip` takes it as a file (its `ondata` set by
 * `Zip.add`; `size` and `crc` read when the final chunk arrives). `write` waits for zlib's and the sink's back-pressure.
 */
class NativeDeflate {
  readonly compression = 8;
  size = 0;
  crc = 0;
  ondata?: AsyncFlateStreamHandler;
  private readonly z: DeflateRaw;
  private readonly ended: Promise<void>;

  constructor(
    readonly filename: string, readonly mtime: Date, private readonly out: Writable, private readonly check: () => void,
    private readonly untilStopped: (wait: Promise<void>) => Promise<void>,
  ) {
    this.z = createDeflateRaw({ level: LEVEL });
    this.z.on('data', (chunk: Buffer) => {
      this.ondata!(null, chunk as Uint8Array as Parameters<AsyncFlateStreamHandler>[1], false);
      // The sink is full: stop deflating until it drains (zlib then holds back, and `write` waits).
      const sink = this.out as Writable & { writableNeedDrain?: boolean };
      if (sink.writableNeedDrain && !sink.destroyed) {
        this.z.pause();
        const go = () => { sink.off('drain', go); sink.off('close', go); this.z.resume(); };
        sink.once('drain', go);
        sink.once('close', go);
      }
    });
    this.ended = new Promise((resolve, reject) => {
      this.z.once('end', () => {
        this.ondata!(null, new Uint8Array(0), true);
        resolve();
      });
      this.z.once('error', reject);
    });
  }

  /** Waits for zlib's and the sink's back-pressure; with `taken`, until zlib has taken `bytes` (the caller may then reuse them). */
  async write(bytes: Uint8Array, options: { taken?: boolean } = {}): Promise<void> {
    this.check();
    this.size += bytes.length;
    this.crc = crc32(bytes, this.crc);
    if (options.taken) {
      await this.untilStopped(new Promise<void>((resolve, reject) => {
        this.z.write(bytes, (err) => (err ? reject(err) : resolve()));
      }));
    } else if (!this.z.write(bytes)) {
      await this.untilStopped(new Promise<void>((resolve, reject) => {
        const done = () => { this.z.off('error', fail); resolve(); };
        const fail = (err: Error) => { this.z.off('drain', done); reject(err); };
        this.z.once('drain', done);
        this.z.once('error', fail);
      }));
    }
    this.check();
  }

  async end(): Promise<void> {
    this.check();
    this.z.end();
    await this.untilStopped(this.ended);
    this.check();
  }

  terminate(): void {
    this.z.destroy();
  }
}

function writeTo(stream: WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.write(text)) return resolve();
    const done = () => { stream.off('error', fail); resolve(); };
    const fail = (err: Error) => { stream.off('drain', done); reject(err); };
    stream.once('drain', done);
    stream.once('error', fail);
  });
}
