// Purging a district (issue 32) in batches: the reports' big district (scripts/benchReports.ts seedReportsDistrict,
// BENCH_REPORT_INTERACTIONS interactions, default here 51 456, with 4 000 educators, 6 000 cycles, ratings…) scheduled
// and purged by `purgeDistrict` (server/features/adminDistricts/purge.ts) as the job runs it, once per batch size of
// BENCH_PURGE_BATCHES (default "1000,2000,5000,all": "all" is one batch per table, the old one-transaction purge but
// for the per-table commits). For each: the wall time, the batches, the event loop's longest delay and p99
// (perf_hooks.monitorEventLoopDelay at 1 ms: what a request beside the purge waits at worst), the longest gap between
// two batches' ends (one batch's transaction) and the last transaction (sweep, district row, certificate), each also in
// CPU time of this process (on SQLite what it holds the event loop for on an idle machine). SQLite:
// the seeded file is copied for each run; PostgreSQL (BENCH_POSTGRES): the district is seeded again for each run.
// `npx tsx scripts/benchPurge.ts` (SQLite) or `npx tsx scripts/benchPurge.ts --db=pg` (PostgreSQL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { checkpointInBackground, type DB, openDatabase } from '../db/connection';
import { settleBulkLoad } from '../db/dialect';
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { purgeDistrict } from '../server/features/adminDistricts/purge';
import { createMemoryMailer } from '../server/lib/mailer';
import { benchDatabase, benchDbLabel, benchPostgres } from './benchLib';

process.env.BENCH_REPORT_INTERACTIONS ??= '51456';
const { seedReportsDistrict } = await import('./benchReports');

const BATCHES = (process.env.BENCH_PURGE_BATCHES ?? '1000,2000,5000,all').split(',').map((b) => (b === 'all' ? 1e9 : Number(b)));

async function seeded(name: string): Promise<{ db: DB; districtId: number; drop: () => Promise<void>; file: string; env: Record<string, string> }> {
  const target = await benchDatabase(name);
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent' };
  const prepared = await prepareDatabase(config);
  const district = await seedReportsDistrict(prepared.db, config.databaseFile);
  await settleBulkLoad(prepared.db);
  await prepared.db.destroy();
  const db = openDatabase({ databaseUrl: config.databaseUrl, databaseFile: config.databaseFile, pool: { max: config.pgPoolSize } });
  return { db, districtId: district.districtId, drop: target.drop, file: config.databaseFile, env: target.env as Record<string, string> };
}

async function purgeOnce(db: DB, districtId: number, batchRows: number): Promise<string> {
  const at = new Date().toISOString();
  await db.updateTable('districts').set({ deletion_scheduled_at: at, deletion_due_at: at }).where('id', '=', districtId).execute();
  const load = os.loadavg()[0]!.toFixed(2);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let last = 0;
  let longestBatch = 0;
  // CPU time this process used in each batch: on SQLite what a batch holds the event loop for on an idle machine
  // (the wall figures also count the time other processes had the cores).
  let cpuLast = process.cpuUsage();
  let longestBatchCpu = 0;
  let batches = 0;
  delay.enable();
  const started = performance.now();
  last = started;
  const result = await purgeDistrict({ db, mailer: createMemoryMailer(), dataDir: '/nonexistent-bench', log: console.error }, districtId, null, {
    batchRows,
    afterBatch: (n, batch) => {
      const now = performance.now();
      if (process.env.BENCH_PURGE_TRACE && now - last > 50) console.error(`  ${batch.table}: ${batch.deleted} rows in ${(now - last).toFixed(0)} ms`);
      longestBatch = Math.max(longestBatch, now - last);
      const cpu = process.cpuUsage(cpuLast);
      longestBatchCpu = Math.max(longestBatchCpu, (cpu.user + cpu.system) / 1000);
      cpuLast = process.cpuUsage();
      last = now;
      batches = n;
    },
  });
  const ended = performance.now();
  const lastCpu = process.cpuUsage(cpuLast);
  delay.disable();
  const rows = result.counts.reduce((n, c) => n + c.count, 0);
  const interactions = result.counts.find((c) => c.kind === 'interactions')?.count ?? 0;
  return `| ${benchDbLabel()} | ${batchRows >= 1e9 ? 'one per table' : batchRows.toLocaleString('en-US')} | ${rows.toLocaleString('en-US')} rows (${interactions.toLocaleString('en-US')} interaction rows) `
    + `| ${((ended - started) / 1000).toFixed(1)} s | ${batches} | ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms) `
    + `| ${longestBatch.toFixed(0)} ms (CPU ${longestBatchCpu.toFixed(0)} ms) | ${(ended - last).toFixed(0)} ms (CPU ${((lastCpu.user + lastCpu.system) / 1000).toFixed(0)} ms) | ${load} |`;
}

export async function benchPurge(): Promise<string[]> {
  const out = ['| database | rows a batch | deleted | total | batches | event loop: longest delay | longest batch | last transaction | load before |', '|---|---|---|---|---|---|---|---|---|'];
  if (benchPostgres()) {
    for (const batch of BATCHES) {
      const s = await seeded('purge');
      const checkpoints = checkpointInBackground(s.db);
      out.push(await purgeOnce(s.db, s.districtId, batch));
      console.error(out.at(-1));
      await checkpoints.stop();
      await s.db.destroy();
      await s.drop();
    }
    return out;
  }
  const seed = await seeded('purge');
  await seed.db.destroy();
  for (const batch of BATCHES) {
    const copy = path.join(path.dirname(seed.file), `copy-${batch}.sqlite`);
    fs.copyFileSync(seed.file, copy);
    const db = openDatabase({ databaseUrl: null, databaseFile: copy });
    const checkpoints = checkpointInBackground(db);
    out.push(await purgeOnce(db, seed.districtId, batch));
    console.error(out.at(-1));
    await checkpoints.stop();
    await db.destroy();
    for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) fs.rmSync(f, { force: true });
  }
  await seed.drop();
  return out;
}

// `--db=pg`: on a throwaway PostgreSQL server (scripts/postgresServer.ts) unless BENCH_POSTGRES names one.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  let server: { stop(): void } | undefined;
  if (process.argv.includes('--db=pg') && !process.env.BENCH_POSTGRES) {
    const { startThrowawayPostgres } = await import('./postgresServer');
    const started = await startThrowawayPostgres();
    server = started;
    process.env.BENCH_POSTGRES = started.url;
    process.on('exit', () => server?.stop());
  }
  for (const line of await benchPurge()) console.log(line);
  server?.stop();
}
