// The skill map (heat map) on a big district: 20 000 educators in 40 schools, the default framework's
// 24 skills, 10 ratings per educator and skill (4.8 million ratings, 480 000 current levels). Requests
// per second and p99 of one page of 100 rows for a district administrator (by name, filtered by school,
// sorted by a domain's average), for a principal (their school), the summary row, and one educator's
// ratings. Goal (issue 10): one page of 100 rows at p99 ≤ 30 ms with 16 concurrent requests; the page
// reads skill_current_levels (one seek per educator), never the history.
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import { type DB, nowIso } from '../db/connection';
import { dayPlusDays, refreshPlannerStatistics, settleBulkLoad } from '../db/dialect';
import { createApp } from '../server/app';
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { createDistrict, createUser } from '../server/identity/accounts';
import { RateLimiter } from '../server/http/rateLimit';
import { createMemoryMailer } from '../server/lib/mailer';
import { listen, load, request, signIn, benchDatabase, benchDbLabel, keptAnswerRows } from './benchLib';

const EDUCATORS = 20_000;
const BUILDINGS = 40;
const RATINGS_PER_SKILL = 10;
const PASSWORD = 'bench-password-123';

async function chunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export function seedSkillsDistrict(db: DB) {
  return db.transaction().execute(async (trx) => {
    const districtId = await createDistrict(trx, { name: 'Bench Skills District', state: 'TX', planKey: 'enterprise', status: 'active' });
    const now = nowIso();
    const buildingIds = (await trx.insertInto('buildings').values(Array.from({ length: BUILDINGS }, (_, i) => ({
      district_id: districtId, name: `School ${i + 1}`, code: `S${i + 1}`, grade_band: 'K-5', created_at: now, updated_at: now,
    }))).returning('id').execute()).map((b) => b.id);
    const admin = await createUser(trx, { districtId, email: 'admin@bench.example', name: 'Bench Admin', roles: ['district-admin'], password: PASSWORD });
    await createUser(trx, { districtId, email: 'principal@bench.example', name: 'Bench Principal', roles: ['building-admin'], password: PASSWORD, buildingIds: [buildingIds[0]!] });
    const staffIds: number[] = [];
    await chunked(Array.from({ length: EDUCATORS }, (_, i) => i), 1000, async (chunk) => {
      const rows = await trx.insertInto('staff').values(chunk.map((i) => ({
        district_id: districtId, first_name: `First${i}`, last_name: `Last${(i * 7919) % EDUCATORS}`, email: `educator${i}@bench.example`, employee_id: `B${i}`,
        position: i % 5 === 0 ? 'Interventionist' : 'Classroom Teacher', grade_levels: JSON.stringify([String(1 + (i % 5))]), subjects: '["Mathematics"]',
        hire_date: '2015-08-15', status: 'active' as const, user_id: null, created_at: now, updated_at: now,
      }))).returning('id').execute();
      staffIds.push(...rows.map((r) => r.id));
    });
    await chunked(staffIds.map((id, k) => ({
      district_id: districtId, staff_id: id, building_id: buildingIds[k % BUILDINGS]!, start_date: '2015-08-15', end_date: null, created_at: now,
    })), 1000, (chunk) => trx.insertInto('staff_buildings').values(chunk).execute());

    // 10 ratings per educator and skill, a month apart; the latest (k = 10) is current. Generated in SQL:
    // 4.8 million rows inserted row by row from JavaScript would take minutes.
    await sql`
      WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < ${sql.lit(RATINGS_PER_SKILL)})
      INSERT INTO skill_ratings (district_id, staff_id, skill_id, level, rated_on, rated_by, note, interaction_id, created_at)
      SELECT ${sql.lit(districtId)}, st.id, sk.id, 1 + ((st.id + sk.id + k.n) % 4), ${dayPlusDays(trx, sql.lit('2025-09-01'), sql`k.n * 30`)}, ${sql.lit(admin.id)},
        CASE WHEN k.n % 3 = 0 THEN 'Seen in the observation.' ELSE NULL END, NULL, ${now}
      FROM staff st CROSS JOIN skills sk CROSS JOIN k
      WHERE st.district_id = ${districtId} AND sk.district_id = ${districtId}
      ORDER BY k.n, st.id, sk.id`.execute(trx);
    await sql`
      INSERT INTO skill_current_levels (district_id, staff_id, skill_id, rating_id, level, rated_on, rated_by, note)
      SELECT r.district_id, r.staff_id, r.skill_id, r.id, r.level, r.rated_on, r.rated_by, r.note FROM skill_ratings r
      WHERE r.district_id = ${districtId} AND r.rated_on = ${dayPlusDays(trx, sql.lit('2025-09-01'), sql.lit(RATINGS_PER_SKILL * 30))}`.execute(trx);
    const domains = await trx.selectFrom('skill_domains').select('id').where('district_id', '=', districtId).orderBy('sort_order').execute();
    const skills = await trx.selectFrom('skills').select('id').where('district_id', '=', districtId).execute();
    return { districtId, buildingIds, domainIds: domains.map((d) => d.id), skills: skills.length, staffIds };
  });
}

/** A write in the bench district: the notes of one educator's current levels (any write ends its kept answers). */
function changeRatingNote(db: DB, staffId: number) {
  return db.updateTable('skill_current_levels').set({ note: `Seen on ${nowIso()}` }).where('staff_id', '=', staffId).execute();
}

export async function benchSkills(): Promise<string[]> {
  const target = await benchDatabase('skills');
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent' };
  const { db } = await prepareDatabase(config);
  const seedStarted = Date.now();
  const { buildingIds, domainIds, skills, staffIds } = await seedSkillsDistrict(db);
  const seedMs = Date.now() - seedStarted;
  await settleBulkLoad(db);
  await refreshPlannerStatistics(db);
  const ratings = Number((await db.selectFrom('skill_ratings').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: console.error });
  const server = await listen(app);
  const asAdmin = { cookie: await signIn(server.port, 'admin@bench.example', PASSWORD), accept: 'application/json' };
  const asPrincipal = { cookie: await signIn(server.port, 'principal@bench.example', PASSWORD), accept: 'application/json' };
  const runs: [string, string, Record<string, string>][] = [
    ['district admin, one page of 100 rows by name', '/api/skill-map?per_page=100', asAdmin],
    ['district admin, page 50 of 100 rows by name', '/api/skill-map?per_page=100&page=50', asAdmin],
    ['district admin, one school, 100 rows', `/api/skill-map?per_page=100&filter[building_id][]=${buildingIds[3]}`, asAdmin],
    ['district admin, 100 rows sorted by a domain\'s average', `/api/skill-map?per_page=100&sort=-domain:${domainIds[0]}`, asAdmin],
    ['principal (one school), 100 rows', '/api/skill-map?per_page=100', asPrincipal],
    ['principal, the summary row of their school', '/api/skill-map/summary', asPrincipal],
    ['district admin, the summary row of one school', `/api/skill-map/summary?filter[building_id][]=${buildingIds[3]}`, asAdmin],
    ['district admin, the summary row of the whole district', '/api/skill-map/summary', asAdmin],
    ['one educator\'s ratings and history (240 ratings)', `/api/staff/${staffIds[17]}/skill-rating`, asAdmin],
  ];
  const out = [`| skill map setup: ${EDUCATORS.toLocaleString('en-US')} educators × ${skills} skills × ${RATINGS_PER_SKILL} ratings (${ratings.toLocaleString('en-US')} ratings) inserted | ${seedMs} ms |`];
  const probe = new http.Agent({ keepAlive: false });
  for (const [label, url, headers] of runs) {
    const check = await request(probe, server.port, url, headers);
    if (check.status !== 200) {
      // Said in the table rather than ending the run: the other rows are still worth having.
      out.push(`| GET ${url.split('?')[0]}, ${label} | answered ${check.status} on ${benchDbLabel()}: not measured |`);
      continue;
    }
    const started = process.hrtime.bigint();
    for (let k = 0; k < 20; k++) await request(probe, server.port, url, headers);
    const single = Number(process.hrtime.bigint() - started) / 20 / 1e6;
    const result = await load(server.port, url, headers);
    out.push(`| GET ${url.split('?')[0]}, ${label} | ${result.rps} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms (${result.errors} errors); ${single.toFixed(2)} ms one at a time |`);
    // The heat map keeps a page until a write in the district (server/lib/keptAnswers.ts): its first read
    // after one, and a busy district with a rating note changed every 100 ms.
    if (url.startsWith('/api/skill-map')) out.push(...await keptAnswerRows(server.port, url, headers, (k) => changeRatingNote(db, staffIds[k % staffIds.length]!), label === runs[0]![0]));
  }
  probe.destroy();
  server.close();
  await db.destroy();
  await target.drop();
  return out;
}

// `npx tsx scripts/benchSkills.ts`: the skill map alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const row of await benchSkills()) console.log(row);
}
