// The educators list on a big district: 20 000 educators across 40 schools (with building history,
// caseloads and groups), signed in as the district administrator through the API; requests per second
// and p99 of GET /api/staff with search and filters, searches alone (a name, 1 and 2 letters, two words)
// and no filters; and the time the search index migration takes on that roster.
import http from 'node:http';
import { STAFF_GROUP_OF } from '../common/schemas/groups';
import { GRADE_LEVELS, POSITIONS, SUBJECTS } from '../common/schemas/staff';
import { type DB, nowIso } from '../db/connection';
import { refreshPlannerStatistics, settleBulkLoad } from '../db/dialect';
import * as staffSearchMigration from '../db/migrations/20261122_0003_staff_search';
import type { Database } from '../db/types';
import { createDistrict, createUser } from '../server/identity/accounts';
import { chunked, printWhenRunAlone, startBenchApp } from './benchApp';
import { keptAnswerRows, load, profiled, request, signIn } from './benchLib';
import type { Insertable } from 'kysely';

const EDUCATORS = 20_000;
const BUILDINGS = 40;
const COACHES = 40;
const PASSWORD = 'bench-password-123';
const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Isabella', 'Lucas', 'Mia', 'Levi', 'Amelia', 'Asher', 'Harper', 'James', 'Evelyn', 'Leo', 'Abigail', 'Ezra', 'Priya', 'Malik', 'Grace', 'Diego', 'Hannah', 'Andre', 'Chloe', 'Samuel', 'Lucia', 'Marcus', 'Naomi', 'Owen', 'Keisha', 'Daniel', 'Mei', 'Isaac', 'Fatima', 'Caleb', 'Rosa', 'Julian'];
const LAST = ['Johnson', 'Nguyen', 'Garcia', 'Patel', 'Williams', 'Okafor', 'Brown', 'Martinez', 'Kowalski', 'Davis', 'Lopez', 'Schmidt', 'Wilson', 'Anderson', 'Thomas', 'Hernandez', 'Moore', 'Jackson', 'Kim', 'Lee', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Chen', 'Phillips', 'Evans'];

/** A district of EDUCATORS educators inserted in one transaction (multi-row inserts of 1000). */
export function seedBigDistrict(db: DB) {
  return db.transaction().execute(async (trx) => {
    const districtId = await createDistrict(trx, { name: 'Bench Unified School District', state: 'TX', planKey: 'enterprise', status: 'active' });
    const now = nowIso();
    const buildings = await trx.insertInto('buildings').values(Array.from({ length: BUILDINGS }, (_, i) => ({
      district_id: districtId, name: `School ${String(i + 1).padStart(2, '0')}`, code: `S${i + 1}`, grade_band: 'K-5', created_at: now, updated_at: now,
    }))).returning('id').execute();
    const buildingIds = buildings.map((b) => b.id);
    await createUser(trx, { districtId, email: 'admin@bench.example', name: 'Bench Admin', roles: ['district-admin'], password: PASSWORD });
    const coachIds: number[] = [];
    for (let c = 0; c < COACHES; c++) {
      coachIds.push((await createUser(trx, {
        districtId, email: `coach${c}@bench.example`, name: `Coach ${c}`, roles: ['coach'], buildingIds: [buildingIds[c % BUILDINGS]!],
      })).id);
    }

    const staff: Insertable<Database['staff']>[] = Array.from({ length: EDUCATORS }, (_, i) => ({
      district_id: districtId,
      first_name: FIRST[i % FIRST.length]!,
      last_name: `${LAST[(i * 7) % LAST.length]!}${i % 3 === 0 ? '' : `-${LAST[(i * 13) % LAST.length]!}`}`,
      email: `educator${i}@bench.example`,
      employee_id: `B${String(100000 + i)}`,
      position: POSITIONS[i % POSITIONS.length]!,
      grade_levels: JSON.stringify([GRADE_LEVELS[(i + Math.floor(i / BUILDINGS)) % GRADE_LEVELS.length]!]),
      subjects: JSON.stringify([SUBJECTS[i % SUBJECTS.length]!]),
      hire_date: `${2000 + (i % 25)}-08-${String(10 + (i % 15)).padStart(2, '0')}`,
      status: i % 20 === 0 ? 'inactive' : 'active',
      user_id: null,
      created_at: now,
      updated_at: now,
    }));
    const staffIds: number[] = [];
    await chunked(staff, 1000, async (chunk) => {
      staffIds.push(...(await trx.insertInto('staff').values(chunk).returning('id').execute()).map((r) => r.id));
    });
    // Every fourth educator moved once: a closed row at another school, then the current one.
    const history: Insertable<Database['staff_buildings']>[] = [];
    staffIds.forEach((id, i) => {
      const building = buildingIds[i % BUILDINGS]!;
      if (i % 4 === 1) {
        history.push({ district_id: districtId, staff_id: id, building_id: buildingIds[(i + 1) % BUILDINGS]!, start_date: '2015-08-15', end_date: '2023-06-14', created_at: now });
        history.push({ district_id: districtId, staff_id: id, building_id: building, start_date: '2023-08-14', end_date: null, created_at: now });
      } else {
        history.push({ district_id: districtId, staff_id: id, building_id: building, start_date: '2015-08-15', end_date: null, created_at: now });
      }
    });
    await chunked(history, 1000, (chunk) => trx.insertInto('staff_buildings').values(chunk).execute());
    // Caseloads: two thirds of the educators, each with the coach of their school.
    const caseloads = staffIds.flatMap((id, i) => (i % 3 === 2 ? [] : [{
      district_id: districtId, coach_id: coachIds[i % COACHES]!, staff_id: id, start_date: '2025-08-18', end_date: null, created_at: now, updated_at: now,
    }]));
    await chunked(caseloads, 1000, (chunk) => trx.insertInto('coach_assignments').values(chunk).execute());
    // Twenty groups of 50 educators.
    for (let g = 0; g < 20; g++) {
      const { id } = await trx.insertInto('groups').values({
        district_id: districtId, name: `PLC ${g + 1}`, description: null, group_of: STAFF_GROUP_OF, created_at: now, updated_at: now, deleted_at: null,
      }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('group_items').values(Array.from({ length: 50 }, (_, k) => ({
        group_id: id, item_id: staffIds[(g * 997 + k * 131) % EDUCATORS]!, start_date: '2025-08-18T05:00:00.000Z', end_date: null,
      }))).execute();
    }
    return { districtId, buildingIds, coachIds };
  });
}

/** A write in the bench district: one educator's record edited (ends the kept answers, the kept totals and matches). */
function editEducator(db: DB, k: number) {
  return db.updateTable('staff').set({ updated_at: nowIso() }).where('id', '=', 1 + (k % 1000)).execute();
}

export async function benchStaff(): Promise<string[]> {
  let indexMs = 0;
  let statsMs = 0;
  const server = await startBenchApp('staff', seedBigDistrict, async (db) => {
    // A real database has long checkpointed its roster: do not measure the first checkpoint of the bulk insert.
    await settleBulkLoad(db);
    // The search index migration landing on this roster: built for every existing row, then the planner
    // statistics refresh every start runs (it analyses the new index tables once).
    await staffSearchMigration.down(db);
    const indexStarted = Date.now();
    await staffSearchMigration.up(db);
    indexMs = Date.now() - indexStarted;
    const statsStarted = Date.now();
    await refreshPlannerStatistics(db);
    statsMs = Date.now() - statsStarted;
    await settleBulkLoad(db);
  });
  const { db, seedMs, seeded: { buildingIds, coachIds } } = server;
  const session = await signIn(server.port, 'admin@bench.example', PASSWORD);
  const headers = { cookie: session, accept: 'application/json' };

  const runs: [string, string][] = [
    ['search + school + status, sort last_name', `/api/staff?search=son&filter[building_id][]=${buildingIds[7]}&filter[status]=active&sort=last_name&per_page=25`],
    ['search only (whole district)', '/api/staff?search=garcia&sort=last_name&per_page=25'],
    ['search of two words (whole district)', '/api/staff?search=liam%20mart&per_page=25'],
    ['search of 2 letters, word starts (whole district)', '/api/staff?search=ga&per_page=25'],
    ['search of 1 letter, word starts (whole district)', '/api/staff?search=a&per_page=25'],
    ['coach caseload + grade level, sort -hire_date', `/api/staff?filter[coach_id][]=${coachIds[3]}&filter[grade_level]=3&sort=-hire_date&per_page=25`],
    ['no filters, page 1', '/api/staff?per_page=25'],
  ];
  const rows: string[] = [
    `| educators list setup: ${EDUCATORS.toLocaleString('en-US')} educators in ${BUILDINGS} schools inserted (search index kept by triggers) | ${seedMs} ms |`,
    `| search index migration on ${EDUCATORS.toLocaleString('en-US')} existing educators, then planner statistics | ${indexMs} ms + ${statsMs} ms |`,
  ];
  const probe = new http.Agent({ keepAlive: false });
  const only = process.env.BENCH_STAFF_ONLY?.split(',').map(Number);
  for (const [i, [label, url]] of runs.entries()) {
    if (only && !only.includes(i)) continue;
    const check = await request(probe, server.port, url, headers);
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}: ${check.body}`);
    const { total } = (JSON.parse(check.body) as { meta: { total: number } }).meta;
    const cpu = process.cpuUsage();
    const result = await profiled(`staff${i}`, () => load(server.port, url, headers));
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000 / (result.all ?? result.requests);
    rows.push(`| GET /api/staff, ${label} (${total.toLocaleString('en-US')} matches of ${EDUCATORS.toLocaleString('en-US')}) | ${result.rps} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, server CPU ${cpuMs.toFixed(2)} ms/request (${result.errors} errors) |`);
    // The list keeps a page until a write in the district (server/lib/keptAnswers.ts): its first read after
    // one (an educator's record edited), and a busy district with such an edit every 100 ms.
    rows.push(...await keptAnswerRows(server.port, url, headers, (k) => editEducator(db, k), i === 0));
  }
  // A search nobody has made since the last write pays the index once: each of these words searched for
  // the first time, one request at a time (then it is kept, as in the runs above).
  if (!only) {
    const firsts: number[] = [];
    for (const word of ['johnson', 'nguyen', 'patel', 'okafor', 'kowalski', 'schmidt', 'thomas', 'jackson', 'harris', 'lewis', 'mi', 'ch', 'r']) {
      const started = performance.now();
      const res = await request(probe, server.port, `/api/staff?search=${word}&per_page=25`, headers);
      if (res.status !== 200) throw new Error(`search ${word} answered ${res.status}`);
      firsts.push(performance.now() - started);
    }
    firsts.sort((a, b) => a - b);
    rows.push(`| GET /api/staff, a search made for the first time since the last write (13 words of 1 to 8 letters, one at a time) | median ${firsts[6]!.toFixed(1)} ms, max ${firsts.at(-1)!.toFixed(1)} ms |`);
  }
  probe.destroy();
  await server.close();
  return rows;
}

// `npx tsx scripts/benchStaff.ts`: the educators list alone.
await printWhenRunAlone(import.meta.filename, benchStaff);
