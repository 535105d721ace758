// Shared helpers of the benchmarks (scripts/bench.ts, scripts/benchStaff.ts): listen on a random port,
// plain HTTP requests, a closed-loop load run (p99 and requests per second), and signing in.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';

export const DURATION_MS = Number(process.env.BENCH_MS ?? 5000);
export const CONCURRENCY = 16;

export function listen(app: express.Express): Promise<{ port: number; close: () => void }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as AddressInfo).port, close: () => server.close() }));
  });
}

export function request(agent: http.Agent, port: number, pathName: string, headers: Record<string, string> = {}, method = 'GET', body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathName, method, agent, headers }, (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** CONCURRENCY keep-alive connections issuing GETs back to back for DURATION_MS. */
export async function load(port: number, pathName: string, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  const end = Date.now() + DURATION_MS;
  let errors = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < end) {
      const start = process.hrtime.bigint();
      const res = await request(agent, port, pathName, headers);
      if (res.status !== 200) errors++;
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: Math.round(latencies.length / (DURATION_MS / 1000)), p99: latencies[Math.floor(latencies.length * 0.99)]!, errors };
}

/** Signs in through the API and answers the session cookie header for later requests. */
export async function signIn(port: number, email: string, password: string): Promise<string> {
  const agent = new http.Agent({ keepAlive: true });
  const first = await request(agent, port, '/api/auth/user');
  const cookies = (first.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const xsrf = decodeURIComponent((first.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0]!.slice(11));
  const login = await request(agent, port, '/api/auth/login', {
    cookie: cookies, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': xsrf,
  }, 'POST', JSON.stringify({ email, password, area: 'app' }));
  agent.destroy();
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
  return (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
}
