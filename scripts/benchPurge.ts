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
// BENCH_REPORTS_CACHE=<file> (SQLite): the district seeded and cached by scripts/benchReports.ts (the file and <file>.json)
// is copied instead of seeding again; the cache itself is only read. "last transaction" is now the time from the last
// batch to the end (the certificate's PDF made in the PDF worker, the last transaction, the emails), with the event
// loop's longest delay in that time: what the last transaction held it for.
// `npx tsx scripts/benchPurge.ts --pdfs`: the PDFs alone (issue 32): the event loop's longest delay while one
// certificate and one quote are made on the main thread (first and warm) and in the PDF worker (its start and warm).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance as perfHooks } from 'node:perf_hooks';
import { checkpointInBackground, type DB, openDatabase } from '../db/connection';
import { settleBulkLoad } from '../db/dialect';
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import type { QuoteDetail } from '../common/schemas/billing';
import { type CertificateFacts, certificatePdfInWorker, deletionCertificatePdf } from '../server/features/adminDistricts/certificatePdf';
import { purgeDistrict } from '../server/features/adminDistricts/purge';
import { DELETION_KINDS, type DeletionKind } from '../server/features/adminDistricts/purgePlan';
import { quotePdf, quotePdfInWorker } from '../server/features/billing/pdf';
import { stopPdfWorker } from '../server/lib/pdfRender';
import { createMemoryMailer } from '../server/lib/mailer';
import { benchDatabase, benchDbLabel, benchPostgres } from './benchLib';

process.env.BENCH_REPORT_INTERACTIONS ??= '51456';
const { seedReportsDistrict } = await import('./benchReports');

const BATCHES = (process.env.BENCH_PURGE_BATCHES ?? '1000,2000,5000,all').split(',').map((b) => (b === 'all' ? 1e9 : Number(b)));

const CACHE = benchPostgres() ? undefined : process.env.BENCH_REPORTS_CACHE || undefined;

async function seeded(name: string): Promise<{ db: DB; districtId: number; drop: () => Promise<void>; file: string; env: Record<string, string> }> {
  const target = await benchDatabase(name);
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent' };
  const cached = CACHE && fs.existsSync(CACHE) && fs.existsSync(`${CACHE}.json`);
  // A copy of the cache (never the cache itself): migrations newer than it run on the copy.
  if (cached) fs.copyFileSync(CACHE, config.databaseFile);
  const prepared = await prepareDatabase(config);
  const seedStarted = performance.now();
  const district = cached
    ? JSON.parse(fs.readFileSync(`${CACHE}.json`, 'utf8')) as { districtId: number }
    : await seedReportsDistrict(prepared.db, config.databaseFile);
  await settleBulkLoad(prepared.db);
  console.error(`${benchDbLabel()}: the district ${cached ? 'copied from the cache' : 'seeded'} and settled in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (load ${os.loadavg()[0]!.toFixed(2)})`);
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
  // The event loop's longest delay since the last batch (reset after each): after the last one, the end's.
  const sinceBatch = monitorEventLoopDelay({ resolution: 1 });
  sinceBatch.enable();
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
      sinceBatch.reset();
    },
  });
  const ended = performance.now();
  const lastCpu = process.cpuUsage(cpuLast);
  delay.disable();
  sinceBatch.disable();
  const rows = result.counts.reduce((n, c) => n + c.count, 0);
  const interactions = result.counts.find((c) => c.kind === 'interactions')?.count ?? 0;
  return `| ${benchDbLabel()} | ${batchRows >= 1e9 ? 'one per table' : batchRows.toLocaleString('en-US')} | ${rows.toLocaleString('en-US')} rows (${interactions.toLocaleString('en-US')} interaction rows) `
    + `| ${((ended - started) / 1000).toFixed(1)} s | ${batches} | ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms) `
    + `| ${longestBatch.toFixed(0)} ms (CPU ${longestBatchCpu.toFixed(0)} ms) | ${(ended - last).toFixed(0)} ms (CPU ${((lastCpu.user + lastCpu.system) / 1000).toFixed(0)} ms, `
    + `event loop held ${(sinceBatch.max / 1e6).toFixed(0)} ms at most) | ${load} |`;
}

export async function benchPurge(): Promise<string[]> {
  const out = ['| database | rows a batch | deleted | total | batches | event loop: longest delay | longest batch | after the last batch: PDF, last transaction, emails (CPU: the whole process, the PDF worker too) | load before |', '|---|---|---|---|---|---|---|---|---|'];
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

const PDF_QUOTE: QuoteDetail = {
  id: 1, number: 'Q-2026-0042', plan: { key: 'professional', name: 'Professional' }, seats: 25, term_years: 3, total_cents: 2_565_000,
  status: 'sent', valid_until: '2026-12-30', created_at: '2026-11-30T15:00:00.000Z', created_by: { id: 1, name: 'Dana Ortiz' }, activated_at: null,
  notes: 'Pricing held for the 2027–28 school year.', price_per_seat_cents: 36_000,
  line_items: [
    { description: 'Professional plan: 25 coach seats × 3 school years', quantity: 75, unit_cents: 36_000, amount_cents: 2_700_000 },
    { description: 'Multi-year discount (5%)', quantity: 1, unit_cents: -135_000, amount_cents: -135_000 },
  ],
  subtotal_cents: 2_700_000, discount_bps: 500, discount_cents: 135_000, sent_at: '2026-11-30T15:10:00.000Z', sent_to: 'dana@pineridge.example',
  accepted_at: null, po_number: null, signer_name: null, signer_title: null, declined_at: null, decline_reason: null,
  bill_to: { district: 'Pine Ridge School District', name: 'Dana Ortiz', email: 'dana@pineridge.example', address: '400 Elm Street, Pine Ridge, IL 60000', tax_exempt_number: 'IL-EX-12345' },
  district: { id: 1, name: 'Pine Ridge School District' }, invoice: null,
};
const PDF_CERTIFICATE: CertificateFacts = {
  certificateNumber: 'DDC-20261130-0A1B2C3D', districtId: 41, districtName: 'Riverside Unified School District', timezone: 'America/Denver',
  scheduledAt: '2026-10-30T15:00:00.000Z', scheduledBy: 'Pat Provider', purgedAt: '2026-11-30T17:04:00.000Z', purgedBy: 'Pat Provider',
  counts: (Object.keys(DELETION_KINDS) as DeletionKind[]).map((kind, i) => ({ kind, label: DELETION_KINDS[kind], count: 1000 * (i + 1) })), filesDeleted: 2,
};

/** One PDF made while the event loop's delay is recorded: its longest delay and the wall time. */
async function timedPdf(make: () => Promise<Buffer>): Promise<string> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const busyBefore = perfHooks.eventLoopUtilization();
  const pdf = await make();
  const busy = perfHooks.eventLoopUtilization(busyBefore);
  const wall = performance.now() - started;
  // A turn of the loop, so that the delay the render caused is recorded (the monitor's timer fires late, after it).
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  return `${(delay.max / 1e6).toFixed(0)} ms; the loop busy ${busy.active.toFixed(0)} ms of ${wall.toFixed(0)} ms (${(pdf.length / 1024).toFixed(0)} KiB)`;
}

/** The PDFs on the main thread and in the worker: first, then the longest of five warm ones. */
export async function benchPdfs(): Promise<string[]> {
  const out = ['| PDF | where | first: longest event-loop delay; the loop busy (of the wall time) | warm, the longest delay of 5 | load before |', '|---|---|---|---|---|'];
  const kinds: [string, () => Promise<Buffer>, () => Promise<Buffer>][] = [
    ['certificate', () => deletionCertificatePdf(PDF_CERTIFICATE), () => certificatePdfInWorker(PDF_CERTIFICATE)],
    ['quote', () => quotePdf(PDF_QUOTE, '2026-11-30'), () => quotePdfInWorker(PDF_QUOTE, '2026-11-30')],
  ];
  for (const [where, pick] of [['main thread', 1], ['PDF worker', 2]] as const) {
    for (const kind of kinds) {
      const load = os.loadavg()[0]!.toFixed(2);
      const first = await timedPdf(kind[pick]);
      const warm: string[] = [];
      for (let i = 0; i < 5; i++) warm.push(await timedPdf(kind[pick]));
      const longest = warm.sort((a, b) => parseInt(b, 10) - parseInt(a, 10))[0]!;
      out.push(`| ${kind[0]} | ${where} | ${first} | ${longest} | ${load} |`);
      console.error(out.at(-1));
    }
  }
  await stopPdfWorker();
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
  for (const line of await (process.argv.includes('--pdfs') ? benchPdfs() : benchPurge())) console.log(line);
  server?.stop();
}
