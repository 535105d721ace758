// Writing a district export's zip (issue 32, item 1): every kind of kinds.ts, then README.md with each file's row count,
// through server/lib/exportZip.ts. The job (job.ts) runs it in a worker thread with a capped heap
// (districtExport.worker.ts, its own database connection), or in the server's own thread on an in-memory SQLite
// database (the tests'), which no other thread can open. Either way it only reads the database and writes the zip: the
// job, on the main thread, claims the row, records the progress this reports, marks the export ready or failed, deletes a
// partial file and sends the email.
import { createWriteStream } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { type DatabaseTarget, type DB, openDatabase } from '../../../db/connection';
import { asSmallReader } from '../../../db/dialect';
import type { Locale } from '../../../common/locales';
import { ExportZip } from '../../lib/exportZip';
import { EXPORT_KINDS, exportReadme, type ExportRules } from './kinds';

export interface ExportWriteInput {
  districtId: number;
  /** The zip's absolute path (its folder exists). */
  file: string;
  /** The staging files' folder and their names' start (`<stagePrefix>-<random>.json`), so the job finds a dead writer's. */
  stageDir: string;
  stagePrefix: string;
  rules: ExportRules;
  /** What README.md says above the files: the district's name, when the export was asked for, in whose language. */
  readme: { district: string; createdAt: string; locale: Locale };
}

/** Rows written so far, after each batch; kinds done so far, after each kind. */
export type ExportProgress = { rows: number } | { kinds: number };

export interface ExportWritten {
  /** The zip's size in bytes. */
  size: number;
  rows: number;
  kinds: number;
  /** The largest heap (this thread's V8 heap, MB) seen after a batch: the bench reports it. */
  heapPeakMb: number;
}

/** Writes the whole zip; `progress` is awaited after every batch and kind. On any error the zip is aborted (the caller deletes the file). */
export async function writeExportZip(db: DB, input: ExportWriteInput, progress: (p: ExportProgress) => void | Promise<void>): Promise<ExportWritten> {
  const zip = new ExportZip(createWriteStream(input.file), input.stageDir, input.stagePrefix);
  let heapPeak = 0;
  const sampleHeap = () => { heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size); };
  try {
    const counts = new Map<string, number>();
    let rows = 0;
    let kinds = 0;
    for (const kind of EXPORT_KINDS) {
      const n = await zip.addTable(kind.file, kind.columns.map(([c]) => c), kind.batches(db, input.districtId, input.rules), async (batch) => {
        rows += batch;
        sampleHeap();
        await progress({ rows });
      });
      counts.set(kind.file, n);
      kinds++;
      await progress({ kinds });
    }
    await zip.addText('README.md', exportReadme(input.readme.district, input.readme.createdAt, counts, input.rules, input.readme.locale));
    const size = await zip.finish();
    return { size, rows, kinds, heapPeakMb: Math.round(heapPeak / 1024 / 102.4) / 10 };
  } catch (err) {
    await zip.abort().catch(() => {});
    throw err;
  }
}

export interface ExportWorkerInput extends ExportWriteInput {
  /** The server's database (never ':memory:': job.ts writes those in its own thread). */
  database: Pick<DatabaseTarget, 'databaseUrl' | 'databaseFile'>;
}

/** Connections of the worker's PostgreSQL pool: it reads one query at a time, a second for a kind that reads two. */
const WORKER_POOL_SIZE = 2;
/** The worker's SQLite page cache (MB): it reads each table once, in order of id. */
const WORKER_SQLITE_CACHE_MB = 2;

/** The worker's own connection to the server's database: small, and it cannot write (SQLite's query_only, PostgreSQL's read-only transactions). */
export async function openWorkerReader(database: ExportWorkerInput['database']): Promise<DB> {
  const db = openDatabase({ ...database, pool: { max: WORKER_POOL_SIZE, idleTimeoutMillis: 1_000, readOnly: true } });
  try {
    await asSmallReader(db, WORKER_SQLITE_CACHE_MB);
    return db;
  } catch (err) {
    await db.destroy();
    throw err;
  }
}

/** The worker thread's task (districtExport.worker.ts): the zip written on a database connection of its own, closed after. */
export async function writeInWorker(input: ExportWorkerInput, progress: (p: ExportProgress) => void): Promise<ExportWritten> {
  const db = await openWorkerReader(input.database);
  try {
    return await writeExportZip(db, input, progress);
  } finally {
    await db.destroy();
  }
}
