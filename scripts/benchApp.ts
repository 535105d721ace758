// One bench section's app (scripts/bench*.ts): a new database of its own (benchDatabase: SQLite, or
// PostgreSQL under BENCH_POSTGRES), migrated, seeded and settled as a long-running database would be,
// then the app listening on a free port; `close` stops the server, closes and drops the database. Also the
// small pieces every seed repeats: multi-row inserts in chunks and a district's numbered schools.
import path from 'node:path';
import type { Transaction } from 'kysely';
import { checkpointInBackground, type DB } from '../db/connection';
import { refreshPlannerStatistics, settleBulkLoad } from '../db/dialect';
import type { Database } from '../db/types';
import { createApp } from '../server/app';
import { prepareDatabase } from '../server/bootstrap';
import { type Config, loadConfig } from '../server/config';
import { RateLimiter } from '../server/http/rateLimit';
import { createMemoryMailer } from '../server/lib/mailer';
import { benchDatabase, listen } from './benchLib';

/** Runs `insert` on `rows` `size` at a time (multi-row inserts stay under the drivers' parameter limits). */
export async function chunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** `count` schools of a bench district ("School 1", code "S1", …); their ids in order. */
export async function insertSchools(trx: Transaction<Database>, districtId: number, count: number, now: string): Promise<number[]> {
  const rows = await trx.insertInto('buildings').values(Array.from({ length: count }, (_, i) => ({
    district_id: districtId, name: `School ${i + 1}`, code: `S${i + 1}`, grade_band: 'K-5', created_at: now, updated_at: now,
  }))).returning('id').execute();
  return rows.map((b) => b.id);
}

export interface BenchApp<T> {
  db: DB;
  config: Config;
  port: number;
  /** What `seed` answered, and how long it took. */
  seeded: T;
  seedMs: number;
  /** Stops the server, closes the database and drops it. */
  close(): Promise<void>;
}

/**
 * A section's database (named `name`), seeded by `seed` (timed), then `settle` (by default: the bulk
 * load checkpointed and the planner's statistics refreshed, as on a database that has run for a while),
 * then the app listening.
 */
export async function startBenchApp<T>(
  name: string,
  seed: (db: DB) => Promise<T>,
  settle: (db: DB) => Promise<void> = async (db) => {
    await settleBulkLoad(db);
    await refreshPlannerStatistics(db);
  },
): Promise<BenchApp<T>> {
  const target = await benchDatabase(name);
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent' };
  const { db } = await prepareDatabase(config);
  const seedStarted = Date.now();
  const seeded = await seed(db);
  const seedMs = Date.now() - seedStarted;
  await settle(db);
  // As the server runs (server/main.ts): SQLite's checkpoints on a worker thread.
  const checkpoints = checkpointInBackground(db);
  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: console.error });
  const server = await listen(app);
  return {
    db, config, port: server.port, seeded, seedMs,
    close: async () => {
      server.close();
      await checkpoints.stop();
      await db.destroy();
      await target.drop();
    },
  };
}

/** Prints a section's table rows when its file is run alone (`npx tsx scripts/benchX.ts`). */
export async function printWhenRunAlone(filename: string, rows: () => Promise<string[]>): Promise<void> {
  if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(filename)) {
    for (const row of await rows()) console.log(row);
  }
}
