// The admin Districts list on 2 000 districts (issue 13): 40 logins (some deactivated, each with a last
// sign-in), 6 schools and 150 educators each (80 000 logins, 300 000 educators). Requests per second and
// p99 of one page of 50 rows for a provider administrator, sorted by name (the page is chosen from the
// districts alone, then its counts are read), by users and by educators (one grouped count over every
// district, through the index that holds it), filtered and searched. Goal: p99 ≤ 50 ms at 16 concurrent.
import http from 'node:http';
import { sql } from 'kysely';
import type { DB } from '../db/connection';
import { nowIso } from '../db/connection';
import { instantPlusHours } from '../db/dialect';
import { createUser } from '../server/identity/accounts';
import { printWhenRunAlone, startBenchApp } from './benchApp';
import { load, request, signIn } from './benchLib';

const DISTRICTS = 2000;
const USERS = 40;
const BUILDINGS = 6;
const EDUCATORS = 150;
const PASSWORD = 'bench-password-123';

/** Inserted in SQL: 380 000 rows one by one from JavaScript would take minutes. */
export async function seedDistricts(db: DB) {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(DISTRICTS)})
      INSERT INTO districts (name, slug, state, timezone, plan_id, status, trial_ends_at, seats, school_year_start_month, settings, created_at, updated_at)
      SELECT 'Bench District ' || i, 'bench-district-' || i, substr('ILTXCANYWAIA', (i % 6) * 2 + 1, 2),
        'America/Chicago', (SELECT id FROM plans WHERE key = CASE i % 3 WHEN 0 THEN 'essentials' WHEN 1 THEN 'professional' ELSE 'enterprise' END),
        CASE i % 10 WHEN 0 THEN 'trial' WHEN 7 THEN 'suspended' ELSE 'active' END,
        CASE i % 10 WHEN 0 THEN ${instantPlusHours(trx, sql`${now}`, sql`(i % 30) * 24`)} END,
        5 + i % 20, 8, '{}', ${instantPlusHours(trx, sql`${now}`, sql`-i`)}, ${now}
      FROM n`.execute(trx);
    await sql`
      WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ${sql.lit(USERS)})
      INSERT INTO users (district_id, email, name, password_hash, status, date_locale, timezone, last_login_at, created_at, updated_at)
      SELECT d.id, 'u' || k || '@' || d.slug || '.example', 'User ' || k, NULL, CASE WHEN k % 9 = 0 THEN 'disabled' ELSE 'active' END,
        'en-US', 'America/Chicago', ${instantPlusHours(trx, sql`${now}`, sql`-((d.id * 7 + k) % 900)`)}, ${now}, ${now}
      FROM districts d CROSS JOIN n WHERE d.slug LIKE 'bench-district-%'`.execute(trx);
    await sql`
      WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ${sql.lit(BUILDINGS)})
      INSERT INTO buildings (district_id, name, code, grade_band, created_at, updated_at, deleted_at)
      SELECT d.id, 'School ' || k, NULL, 'K-5', ${now}, ${now}, CASE WHEN k = ${sql.lit(BUILDINGS)} THEN ${now} END
      FROM districts d CROSS JOIN n WHERE d.slug LIKE 'bench-district-%'`.execute(trx);
    await sql`
      WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ${sql.lit(EDUCATORS)})
      INSERT INTO staff (district_id, first_name, last_name, email, employee_id, position, grade_levels, subjects, hire_date, status, user_id, created_at, updated_at)
      SELECT d.id, 'First' || k, 'Last' || k, NULL, NULL, 'Classroom Teacher', '["3"]', '["Mathematics"]', '2015-08-15',
        CASE WHEN (d.id + k) % 11 = 0 THEN 'inactive' ELSE 'active' END, NULL, ${now}, ${now}
      FROM districts d CROSS JOIN n WHERE d.slug LIKE 'bench-district-%'`.execute(trx);
  });
  await createUser(db, { districtId: null, email: 'provider@bench.example', name: 'Bench Provider', roles: ['provider-admin'], password: PASSWORD });
}

export async function benchDistricts(): Promise<string[]> {
  const server = await startBenchApp('districts', seedDistricts);
  const { seedMs } = server;
  const headers = { cookie: await signIn(server.port, 'provider@bench.example', PASSWORD, 'admin'), accept: 'application/json' };
  const runs: [string, string][] = [
    ['50 rows by name', '/api/admin/district?per_page=50'],
    ['page 30 of 50 rows by name', '/api/admin/district?per_page=50&page=30'],
    ['50 rows, most users first', '/api/admin/district?per_page=50&sort=-users'],
    ['50 rows, most educators first', '/api/admin/district?per_page=50&sort=-educators'],
    ['50 rows, recently active first', '/api/admin/district?per_page=50&sort=-last_activity'],
    ['trials ending soonest', '/api/admin/district?per_page=50&filter[status]=trial&sort=trial_end'],
    ['searched ("district 1") and filtered by state', '/api/admin/district?per_page=50&search=district%201&filter[state]=TX'],
    ['one district\'s page', '/api/admin/district/1000'],
  ];
  const out = [`| districts setup: ${DISTRICTS.toLocaleString('en-US')} districts, ${(DISTRICTS * USERS).toLocaleString('en-US')} logins, ${(DISTRICTS * EDUCATORS).toLocaleString('en-US')} educators inserted | ${seedMs} ms |`];
  const probe = new http.Agent({ keepAlive: false });
  for (const [label, url] of runs) {
    const check = await request(probe, server.port, url, headers);
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}: ${check.body}`);
    const started = process.hrtime.bigint();
    for (let k = 0; k < 20; k++) await request(probe, server.port, url, headers);
    const single = Number(process.hrtime.bigint() - started) / 20 / 1e6;
    const result = await load(server.port, url, headers);
    out.push(`| GET ${url.split('?')[0].replace(/\/\d+$/, '/{id}')}, ${label} | ${result.rps} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms (${result.errors} errors); ${single.toFixed(2)} ms one at a time |`);
  }
  probe.destroy();
  await server.close();
  return out;
}

// `npx tsx scripts/benchDistricts.ts`: the admin districts list alone.
await printWhenRunAlone(import.meta.filename, benchDistricts);
