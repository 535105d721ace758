// The benchmarks' load generator, run in its own process (scripts/benchLib.ts spawns it) so that the
// server under test does not share its event loop with the client: `concurrency` keep-alive
// connections issue GETs back to back for `durationMs`; prints one JSON line with requests per second,
// p50, p99, the number of answers that were not 200, and `all`: the requests made, warm-up included.
// Usage: node scripts/loadgen.mjs '{"port":1234,"path":"/x","headers":{},"durationMs":5000,"concurrency":16}'
// Writes: `method` (POST, PUT), `bodies` (sent in turn, one per request) and `okStatus` (201 for a create).
// `intervalMs`: each connection starts a request every intervalMs instead of back to back (an arrival rate of
// concurrency / intervalMs per ms; the connections' first requests spread over one interval), so the latency is
// measured at that rate rather than as the queue of `concurrency` requests always in flight; `late` counts the
// requests that started behind their time because the one before had not answered.
import http from 'node:http';

const { port, path, headers = {}, durationMs = 5000, concurrency = 16, warmupMs = 500, method = 'GET', bodies = [], okStatus = 200, intervalMs = 0 } = JSON.parse(process.argv[2] ?? '{}');
let sent = 0;
let late = 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function get() {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end(bodies.length ? bodies[sent++ % bodies.length] : undefined);
  });
}

async function run(ms, record) {
  const end = Date.now() + ms;
  await Promise.all(Array.from({ length: concurrency }, async (_, k) => {
    let due = Date.now() + (intervalMs * k) / concurrency;
    while (Date.now() < end) {
      if (intervalMs) {
        if (due > Date.now()) await sleep(due - Date.now());
        else if (record && Date.now() - due > 1) late++;
        due += intervalMs;
        if (Date.now() >= end) break;
      }
      const start = process.hrtime.bigint();
      const status = await get();
      record?.(status, Number(process.hrtime.bigint() - start) / 1e6);
    }
  }));
}

let warmupRequests = 0;
await run(warmupMs, () => warmupRequests++);
const latencies = [];
let errors = 0;
const started = process.hrtime.bigint();
await run(durationMs, (status, ms) => {
  if (status !== okStatus) errors++;
  latencies.push(ms);
});
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
process.stdout.write(`${JSON.stringify({ requests: latencies.length, all: latencies.length + warmupRequests, rps: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), errors, late })}\n`);
