// The interactions list on a big district: 200 000 interactions (three school years of 40 coaches with
// 4 000 educators in 40 schools), each with a participant; requests per second and p99 of a coach
// listing their own month (the Activity agenda), the admin filtering one coach's month, and one
// interaction read. Goal (issue 9): a coach's month at p99 ≤ 20 ms with 16 concurrent requests.
import http from 'node:http';
import type { Insertable } from 'kysely';
import { type DB, nowIso } from '../db/connection';
import type { Database } from '../db/types';
import { createDistrict, createUser } from '../server/identity/accounts';
import { chunked, insertSchools, printWhenRunAlone, startBenchApp } from './benchApp';
import { keptAnswerRows, load, profiled, request, signIn } from './benchLib';

const INTERACTIONS = 200_000;
const COACHES = 40;
const BUILDINGS = 40;
const EDUCATORS = 4_000;
const PASSWORD = 'bench-password-123';
/** Aug 2024 – Jun 2027: three school years. */
const FIRST_DAY = Date.parse('2024-08-15T13:00:00.000Z');
const SPAN_DAYS = 1_050;

export function seedInteractionsDistrict(db: DB) {
  return db.transaction().execute(async (trx) => {
    const districtId = await createDistrict(trx, { name: 'Bench Interactions District', state: 'TX', planKey: 'enterprise', status: 'active' });
    const now = nowIso();
    const buildingIds = await insertSchools(trx, districtId, BUILDINGS, now);
    await createUser(trx, { districtId, email: 'admin@bench.example', name: 'Bench Admin', roles: ['district-admin'], password: PASSWORD });
    const coachIds: number[] = [];
    for (let c = 0; c < COACHES; c++) {
      coachIds.push((await createUser(trx, {
        districtId, email: `coach${c}@bench.example`, name: `Coach ${c}`, roles: ['coach'], password: c === 0 ? PASSWORD : undefined,
        buildingIds: [buildingIds[c % BUILDINGS]!],
      })).id);
    }
    const staffIds: number[] = [];
    await chunked(Array.from({ length: EDUCATORS }, (_, i) => i), 1000, async (chunk) => {
      const rows = await trx.insertInto('staff').values(chunk.map((i) => ({
        district_id: districtId, first_name: `First${i}`, last_name: `Last${i}`, email: `educator${i}@bench.example`, employee_id: `B${i}`,
        position: 'Classroom Teacher', grade_levels: '["3"]', subjects: '["Mathematics"]', hire_date: '2015-08-15', status: 'active' as const,
        user_id: null, created_at: now, updated_at: now,
      }))).returning('id').execute();
      staffIds.push(...rows.map((r) => r.id));
    });
    const history = staffIds.map((id, k) => ({
      district_id: districtId, staff_id: id, building_id: buildingIds[k % BUILDINGS]!, start_date: '2015-08-15', end_date: null, created_at: now,
    }));
    await chunked(history, 1000, (chunk) => trx.insertInto('staff_buildings').values(chunk).execute());
    const types = await trx.selectFrom('interaction_types').select(['id', 'default_minutes']).where('district_id', '=', districtId).execute();

    let firstId = 0;
    const rows: Insertable<Database['interactions']>[] = [];
    for (let i = 0; i < INTERACTIONS; i++) {
      const c = i % COACHES;
      const type = types[(i * 7) % types.length]!;
      const startsAt = new Date(FIRST_DAY + ((i * 7919) % SPAN_DAYS) * 86_400_000 + ((i * 31) % 8) * 3_600_000).toISOString();
      rows.push({
        district_id: districtId, interaction_type_id: type.id, coach_id: coachIds[c]!, starts_at: startsAt, duration_minutes: type.default_minutes,
        status: i % 23 === 0 ? 'cancelled' : 'completed', building_id: buildingIds[c % BUILDINGS]!, notes: 'Observed the lesson; strong routines.',
        private_notes: null, next_steps: 'Try a written exit ticket.', sequence: 0, import_uid: null, created_by: coachIds[c]!, updated_by: coachIds[c]!,
        created_at: now, updated_at: now, deleted_at: null,
      });
    }
    await chunked(rows, 1000, async (chunk) => {
      const ids = await trx.insertInto('interactions').values(chunk).returning('id').execute();
      if (!firstId) firstId = ids[0]!.id;
    });
    // One participant each: an educator of the coach's school.
    const participants = rows.map((_, i) => ({
      district_id: districtId, interaction_id: firstId + i, staff_id: staffIds[((i % COACHES) + BUILDINGS * ((i * 13) % (EDUCATORS / BUILDINGS))) % EDUCATORS]!, group_id: null,
    }));
    await chunked(participants, 2000, (chunk) => trx.insertInto('interaction_participants').values(chunk).execute());
    return { districtId, coachIds, firstId };
  });
}

/** A write in the bench district: one interaction's notes (any write there ends its kept answers). */
function bumpDistrict(db: DB, interactionId: number) {
  return db.updateTable('interactions').set({ notes: `Observed the lesson (${Date.now()}).`, updated_at: nowIso() }).where('id', '=', interactionId).execute();
}

export async function benchInteractions(): Promise<string[]> {
  const server = await startBenchApp('interactions', seedInteractionsDistrict);
  const { db, seedMs, seeded: { coachIds, firstId } } = server;
  const asCoach = { cookie: await signIn(server.port, 'coach0@bench.example', PASSWORD), accept: 'application/json' };
  const asAdmin = { cookie: await signIn(server.port, 'admin@bench.example', PASSWORD), accept: 'application/json' };
  const month = 'filter[from]=2026-10-01&filter[to]=2026-10-31';
  const runs: [string, string, Record<string, string>][] = [
    ['a coach\'s own month (agenda), sort starts_at, 25 a page, with totals', `/api/interaction?${month}&sort=starts_at&per_page=25`, asCoach],
    ['a coach\'s own month, 100 a page', `/api/interaction?${month}&sort=starts_at&per_page=100`, asCoach],
    ['district admin, one coach\'s month', `/api/interaction?${month}&filter[coach_id][]=${coachIds[0]}&per_page=25`, asAdmin],
    ['one interaction', `/api/interaction/${firstId}`, asCoach],
  ];
  const out = [`| interactions setup: ${INTERACTIONS.toLocaleString('en-US')} interactions of ${COACHES} coaches with participants inserted | ${seedMs} ms |`];
  const probe = new http.Agent({ keepAlive: false });
  for (const [i, [label, url, headers]] of runs.entries()) {
    const check = await request(probe, server.port, url, headers);
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}: ${check.body}`);
    const total = (JSON.parse(check.body) as { meta?: { total: number } }).meta?.total;
    const started = process.hrtime.bigint();
    for (let k = 0; k < 50; k++) await request(probe, server.port, url, headers);
    const single = Number(process.hrtime.bigint() - started) / 50 / 1e6;
    const result = await profiled(`interactions${i}`, () => load(server.port, url, headers));
    const what = `GET ${url.split('?')[0]}, ${label}${total !== undefined ? ` (${total} of ${INTERACTIONS.toLocaleString('en-US')})` : ''}`;
    out.push(`| ${what} | ${result.rps} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms (${result.errors} errors); ${single.toFixed(2)} ms one at a time |`);
    // The first read since a write, and a busy district (the list keeps a page until a write).
    if (i !== 3) out.push(...await keptAnswerRows(server.port, url, headers, (k) => bumpDistrict(db, firstId + k), i === 0));
  }
  probe.destroy();
  await server.close();
  return out;
}

// `npx tsx scripts/benchInteractions.ts`: the interactions list alone.
await printWhenRunAlone(import.meta.filename, benchInteractions);
