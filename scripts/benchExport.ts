// A district's full export (issue 32) on the reports' big district (scripts/benchReports.ts seedReportsDistrict:
// 1 000 000 interactions with their participants, 4 000 educators, 6 000 cycles with their stage history, skill
// ratings): the export job (server/features/districtExport/job.ts runExport) run in this process as the server runs
// it, its zip written in a worker thread with a capped heap (EXPORT_WORKER_LIMITS), measuring its wall time (goal ≤ 2
// minutes), the whole process's peak RSS above what it was before (worker thread included; goal ≤ 100 MB), the main
// thread's heap growth and the worker's own heap peak, the event loop's longest delay while it runs (requests beside
// it wait that long at worst), the zip's size and its rows. BENCH_EXPORT_IN_THREAD=1 writes the zip in this thread
// instead (as before the worker; run it with `node --max-old-space-size=96 --import tsx scripts/benchExport.ts` to see
// what it really holds). BENCH_REPORT_INTERACTIONS sizes the district (default 1 000 000); BENCH_REPORTS_CACHE reuses a
// seeded SQLite file as the reports bench does.
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { checkpointInBackground, openDatabase } from '../db/connection';
import { settleBulkLoad } from '../db/dialect';
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { EXPORT_WORKER_LIMITS, runExport } from '../server/features/districtExport/job';
import { createMemoryMailer } from '../server/lib/mailer';
import { benchDatabase, benchPostgres } from './benchLib';
import { type ReportsDistrict, seedReportsDistrict } from './benchReports';
import { printWhenRunAlone } from './benchApp';

const MB = 1024 * 1024;
const CACHE = benchPostgres() ? undefined : process.env.BENCH_REPORTS_CACHE || undefined;
const IN_THREAD = process.env.BENCH_EXPORT_IN_THREAD === '1';
/** BENCH_EXPORT_HEAP=<old>,<young> (MB): the worker's heap limits instead of EXPORT_WORKER_LIMITS'. */
const [OLD_MB, YOUNG_MB] = (process.env.BENCH_EXPORT_HEAP ?? '').split(',').map(Number);
const LIMITS = OLD_MB && YOUNG_MB ? { ...EXPORT_WORKER_LIMITS, maxOldGenerationSizeMb: OLD_MB, maxYoungGenerationSizeMb: YOUNG_MB } : EXPORT_WORKER_LIMITS;

export async function benchExport(): Promise<string[]> {
  const target = await benchDatabase('export');
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent' };
  const cached = CACHE && fs.existsSync(CACHE) && fs.existsSync(`${CACHE}.json`);
  if (cached) fs.copyFileSync(CACHE, config.databaseFile);
  const prepared = await prepareDatabase(config);
  const seedStarted = Date.now();
  const seeded: ReportsDistrict = cached
    ? JSON.parse(fs.readFileSync(`${CACHE}.json`, 'utf8')) as ReportsDistrict
    : await seedReportsDistrict(prepared.db, config.databaseFile);
  if (!cached) await settleBulkLoad(prepared.db);
  const seedMs = Date.now() - seedStarted;
  await prepared.db.destroy();
  const db = openDatabase({ databaseUrl: config.databaseUrl, databaseFile: config.databaseFile, pool: { max: config.pgPoolSize } });
  const checkpoints = checkpointInBackground(db);

  const row = await db.insertInto('district_exports')
    .values({ district_id: seeded.districtId, requested_by: null, status: 'queued', created_at: new Date().toISOString() })
    .returning('id').executeTakeFirstOrThrow();
  const loadBefore = os.loadavg()[0]!.toFixed(2);
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = Date.now();
  const written = await runExport({
    db, dataDir: config.dataDir, appUrl: 'http://bench.example', mailer: createMemoryMailer(), log: console.error,
    ...!IN_THREAD && { database: { databaseUrl: config.databaseUrl, databaseFile: config.databaseFile }, worker: { limits: LIMITS } },
  }, row.id);
  const wallMs = Date.now() - started;
  delay.disable();
  clearInterval(sampler);
  const done = await db.selectFrom('district_exports').select(['status', 'rows_done', 'kinds_done', 'size_bytes', 'error']).where('id', '=', row.id).executeTakeFirstOrThrow();
  if (done.status !== 'ready') throw new Error(`The export ended ${done.status}: ${done.error}`);
  const counts = Object.entries(seeded.counts).map(([k, v]) => `${v.toLocaleString('en-US')} ${k.replace('_', ' ')}`).join(', ');
  const where = IN_THREAD ? 'in the main thread' : `in a worker thread (heap ${LIMITS.maxOldGenerationSizeMb} + ${LIMITS.maxYoungGenerationSizeMb} MB)`;
  const out = [
    `| where the zip was written | ${where} |`,
    `| export setup: ${counts} ${cached ? `copied from ${CACHE}` : 'inserted'} | ${seedMs} ms |`,
    `| export of the whole district (${done.rows_done.toLocaleString('en-US')} rows in ${done.kinds_done} kinds, CSV + JSON; goal ≤ 120 s) | ${(wallMs / 1000).toFixed(1)} s (load before ${loadBefore}, after ${os.loadavg()[0]!.toFixed(2)}) |`,
    `| its zip | ${(done.size_bytes! / MB).toFixed(1)} MB |`,
    `| peak RSS above the start (goal ≤ 100 MB) | ${((peakRss - before.rss) / MB).toFixed(1)} MB (RSS ${(before.rss / MB).toFixed(0)} → peak ${(peakRss / MB).toFixed(0)} MB) |`,
    `| peak heap above the start (the main thread's) | ${((peakHeap - before.heapUsed) / MB).toFixed(1)} MB |`,
    `| the writer's heap at its largest after a batch | ${written?.heapPeakMb ?? '?'} MB |`,
    `| the event loop's longest delay while it ran (p99) | ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms) |`,
  ];
  await checkpoints.stop();
  await db.destroy();
  if (!process.env.BENCH_KEEP) await target.drop();
  return out;
}

// `npx tsx scripts/benchExport.ts`: the export alone.
await printWhenRunAlone(import.meta.filename, benchExport);
