// The weekly action-step email for 20 000 educators (issue 29, Speed: "The digest for 20 000 educators is written in
// ≤ 60 s"): one district of 20 000 educator logins, each linked to an active staff row; 3 action steps each over
// 15 000 of them (one overdue, one due in the coming week, one due next month), the other 5 000 with one step due
// next month only (nothing to tell); 1 000 of the first have turned the email off. Then one pass of the runner
// (server/features/actionSteps/digestJobs.ts) at Monday 07:05 in the district's timezone: the claim of every login's
// week, the steps read in chunks, 14 000 emails rendered (text + HTML) and handed to an in-memory mailer (SMTP's own
// time is not measured). Then a second pass at once (nothing to claim).
// `npx tsx scripts/benchDigest.ts` (SQLite), or `BENCH_POSTGRES=<server url> npx tsx scripts/benchDigest.ts` (PostgreSQL: a new
// database on that server, dropped afterwards); BENCH_DIGEST_EDUCATORS sets the size.
import os from 'node:os';
import { type DB, nowIso } from '../db/connection';
import { createDistrict } from '../server/identity/accounts';
import { runActionStepDigests } from '../server/features/actionSteps/digestJobs';
import type { Mail, Mailer } from '../server/lib/mailer';
import { chunked, insertSchools, printWhenRunAlone, startBenchApp } from './benchApp';
import { benchDbLabel } from './benchLib';

const EDUCATORS = Number(process.env.BENCH_DIGEST_EDUCATORS ?? 20_000);
const TIMEZONE = 'America/Chicago';
/** Monday 30 November 2026, 07:05 in Chicago. */
const MONDAY = new Date('2026-11-30T13:05:00.000Z');

async function seed(db: DB) {
  return db.transaction().execute(async (trx) => {
    const districtId = await createDistrict(trx, { name: 'Bench Digest District', state: 'IL', planKey: 'enterprise', status: 'active', timezone: TIMEZONE });
    const now = nowIso();
    const [school] = await insertSchools(trx, districtId, 1, now);
    const educatorRole = await trx.selectFrom('roles').select('id').where('name', '=', 'educator').where('area', '=', 'app').executeTakeFirstOrThrow();
    const index = Array.from({ length: EDUCATORS }, (_, i) => i);
    const userIds: number[] = [];
    await chunked(index, 500, async (chunk) => {
      const rows = await trx.insertInto('users').values(chunk.map((i) => ({
        district_id: districtId, email: `educator${i}@bench.example`, name: `Educator ${i}`, password_hash: null, status: 'active' as const,
        date_locale: 'en-US', timezone: TIMEZONE, last_login_at: null, created_at: now, updated_at: now,
      }))).returning('id').execute();
      userIds.push(...rows.map((r) => r.id));
    });
    await chunked(userIds, 500, (chunk) => trx.insertInto('user_roles').values(chunk.map((id) => ({ user_id: id, role_id: educatorRole.id }))).execute());
    const staffIds: number[] = [];
    await chunked(index, 500, async (chunk) => {
      const rows = await trx.insertInto('staff').values(chunk.map((i) => ({
        district_id: districtId, first_name: `First${i}`, last_name: `Last${i}`, email: `educator${i}@bench.example`, employee_id: `D${i}`,
        position: 'Classroom Teacher', grade_levels: '["3"]', subjects: '["Mathematics"]', hire_date: '2015-08-15', status: 'active' as const,
        user_id: userIds[i]!, created_at: now, updated_at: now,
      }))).returning('id').execute();
      staffIds.push(...rows.map((r) => r.id));
    });
    await chunked(staffIds.map((id) => ({ district_id: districtId, staff_id: id, building_id: school!, start_date: '2015-08-15', end_date: null, created_at: now })),
      500, (chunk) => trx.insertInto('staff_buildings').values(chunk).execute());
    const step = (staffId: number, title: string, due: string) => ({
      district_id: districtId, staff_id: staffId, title, detail: null, due_on: due, set_by_user_id: null, source_type: null, source_id: null,
      status: 'open' as const, done_on: null, note: null, status_by_user_id: null, status_at: null, created_at: now, updated_at: now,
    });
    const steps = staffIds.flatMap((id, i) => (i % 4 === 3
      ? [step(id, 'Plan the next unit', '2026-12-28')]
      : [step(id, 'Try think-pair-share in the warm-up', '2026-11-25'), step(id, 'Post the learning target each lesson', '2026-12-03'), step(id, 'Plan the next unit', '2026-12-28')]));
    await chunked(steps, 400, (chunk) => trx.insertInto('action_steps').values(chunk).execute());
    // Every 15th of those with something due turned the email off.
    const off = userIds.filter((_, i) => i % 4 !== 3 && i % 15 === 0);
    await chunked(off, 500, (chunk) => trx.insertInto('action_step_digests')
      .values(chunk.map((id) => ({ user_id: id, district_id: districtId, weekly_email: 0, last_week: null, updated_at: now }))).execute());
    return { districtId, optedOut: off.length, steps: steps.length };
  });
}

export async function benchDigest(): Promise<string[]> {
  const app = await startBenchApp('digest', seed);
  const { db, seeded } = app;
  let rendered = 0;
  let bytes = 0;
  const mailer: Mailer = {
    async send(mail: Mail) {
      rendered += 1;
      bytes += mail.text.length + mail.html.length;
    },
  };
  const deps = { db, mailer, appUrl: 'https://coachwell.example', log: console.error };
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
  const started = process.hrtime.bigint();
  const first = await runActionStepDigests(deps, MONDAY);
  const firstMs = Number(process.hrtime.bigint() - started) / 1e6;
  const again = process.hrtime.bigint();
  const second = await runActionStepDigests(deps, new Date(MONDAY.getTime() + 5 * 60_000));
  const secondMs = Number(process.hrtime.bigint() - again) / 1e6;
  await app.close();
  return [
    `Action-step digest on ${benchDbLabel()}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores `
      + `(${os.cpus()[0]?.model ?? '?'}), load average ${load}; ${EDUCATORS.toLocaleString('en-US')} educator logins, `
      + `${seeded.steps.toLocaleString('en-US')} open steps, ${seeded.optedOut.toLocaleString('en-US')} turned off; seeded in ${(app.seedMs / 1000).toFixed(1)} s.`,
    '',
    '| pass | logins claimed | emails | failed | time |',
    '|---|---|---|---|---|',
    `| Monday 07:05, the week's pass | ${first.claimed.toLocaleString('en-US')} | ${first.sent.toLocaleString('en-US')} (${(bytes / 1e6).toFixed(1)} MB rendered) | ${first.failed} | ${(firstMs / 1000).toFixed(2)} s |`,
    `| 07:10, the next pass (nothing left) | ${second.claimed} | ${second.sent} | ${second.failed} | ${(secondMs / 1000).toFixed(3)} s |`,
    '',
    `Rendered ${rendered.toLocaleString('en-US')} emails.`,
  ];
}

await printWhenRunAlone(import.meta.filename, benchDigest);
