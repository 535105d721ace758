// Single sign-on's callback (issue 30, "the callback's own work p50 ≤ 20 ms, discovery and keys cached"): a district
// connected to the loopback OpenID provider (server/testing/oidcProvider.ts, in this process), one sign-in to warm
// discovery and the provider's keys, then BENCH_SSO_SIGN_INS sign-ins one after another. Each callback,
// GET /api/auth/sso/callback?code&state, is timed over HTTP; the provider's own time answering its token request
// is measured inside the provider and taken off, which leaves the callback's own work: reading the sealed pending
// cookie, opening the client secret, the token request's round trip, every ID token check (signature against the
// cached JWKS), the login found by its link, the session written, the audit row. Its CPU time in this process is
// printed too (wall time on a busy machine is mostly waiting for a core). SQLite in memory, or PostgreSQL
// with BENCH_POSTGRES=<server url> (a throwaway test database through the test setup's naming). `npx tsx scripts/benchSso.ts`.
import http from 'node:http';
import { buildDistrict, buildUser } from '../server/testing/factories';
import { startTestProvider } from '../server/testing/oidcProvider';
import { connectProvider, createSsoTestApp, SSO_APP_URL } from '../server/testing/sso.fixture';
import { benchDbLabel, listen, request } from './benchLib';

const SIGN_INS = Number(process.env.BENCH_SSO_SIGN_INS ?? 200);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main() {
  const t = await createSsoTestApp();
  const { port, close } = await listen(t.app);
  // The provider sends the browser back to APP_URL's callback; the bench then calls this process's port instead.
  const op = await startTestProvider({ redirectUri: `${SSO_APP_URL}/api/auth/sso/callback`, accounts: [{ sub: 'bench-1', email: 'ana@maple.test', email_verified: true }] });
  const agent = new http.Agent({ keepAlive: true });
  try {
    const district = await buildDistrict(t.db, { name: 'Bench SSO District', planKey: 'enterprise' });
    await buildUser(t.db, { role: 'coach', districtId: district.id, email: 'ana@maple.test' });
    await connectProvider(t, district.id, op);

    const signInOnce = async () => {
      const first = await request(agent, port, '/api/auth/user');
      const jar = new Map((first.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!.split('=') as [string, string]));
      const xsrf = decodeURIComponent(jar.get('XSRF-TOKEN')!);
      const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const started = await request(agent, port, '/api/auth/social', {
        cookie: cookie(), 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': xsrf,
      }, 'POST', JSON.stringify({ email: 'ana@maple.test' }));
      for (const c of started.headers['set-cookie'] ?? []) {
        const [k, v] = c.split(';')[0]!.split('=') as [string, string];
        jar.set(k, v);
      }
      if (started.status !== 200) throw new Error(`the start answered ${started.status}: ${started.body}`);
      const back = await op.complete((JSON.parse(started.body) as { redirect: string }).redirect);
      const tokensBefore = op.tokenMs.length;
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const callback = await request(agent, port, `${back.pathname}${back.search}`, { cookie: cookie() });
      const total = performance.now() - t0;
      const cpuUsed = process.cpuUsage(cpu0);
      const cpu = (cpuUsed.user + cpuUsed.system) / 1000 - op.tokenCpuMs.slice(tokensBefore).reduce((a, b) => a + b, 0);
      if (callback.status !== 302 || callback.headers.location !== '/app') throw new Error(`sign-in failed: ${callback.status} ${callback.headers.location}`);
      return { total, cpu, provider: op.tokenMs.slice(tokensBefore).reduce((a, b) => a + b, 0) };
    };

    await signInOnce(); // discovery, JWKS
    const totals: number[] = [];
    const own: number[] = [];
    const provider: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < SIGN_INS; i++) {
      const r = await signInOnce();
      totals.push(r.total);
      provider.push(r.provider);
      own.push(r.total - r.provider);
      cpus.push(r.cpu);
    }
    for (const list of [totals, own, provider, cpus]) list.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1);
    console.log(`Single sign-on callback, ${benchDbLabel()}, ${SIGN_INS} sign-ins one at a time, discovery and keys cached (discovery fetched ${op.hits.get('/.well-known/openid-configuration')}×, JWKS ${op.hits.get('/jwks')}×):`);
    console.log(`  callback over HTTP    p50 ${f(quantile(totals, 0.5))} ms, p90 ${f(quantile(totals, 0.9))} ms, p99 ${f(quantile(totals, 0.99))} ms`);
    console.log(`  provider's token time p50 ${f(quantile(provider, 0.5))} ms, p90 ${f(quantile(provider, 0.9))} ms`);
    console.log(`  callback's own work   p50 ${f(quantile(own, 0.5))} ms, p90 ${f(quantile(own, 0.9))} ms, p99 ${f(quantile(own, 0.99))} ms (goal: p50 ≤ 20 ms)`);
    console.log(`  its CPU (this process, the provider's token CPU taken off; includes the bench's own HTTP client) p50 ${f(quantile(cpus, 0.5))} ms, p90 ${f(quantile(cpus, 0.9))} ms`);
    console.log(`  load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')} on ${(await import('node:os')).cpus().length} cores`);
  } finally {
    agent.destroy();
    close();
    await op.close();
    await t.db.destroy();
  }
}

await main();
