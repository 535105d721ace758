// A standing guard for the event loop (issue 25, item 11): every upload route with its worst legal inputs
// and the probe's hostile ones, each sent alone to a server in this process while
// perf_hooks.monitorEventLoopDelay watches the event loop; prints per input the answer, its time and the
// loop's longest delay. Goal: ≤ 100 ms each on a quiet machine (the rest of the server never waits for an
// upload). Routes: the staff CSV import (POST /api/import/staff), the admin User CSV Import
// (POST /api/admin/district/{id}/user-import), the OneRoster zip (POST /api/import/staff?file_name=r.zip)
// and the calendar .ics preview (POST /api/calendar-import/preview).
// `npx tsx scripts/benchUploads.ts` runs it alone; `npm run bench` includes it (BENCH_SKIP=uploads skips).
import http from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { zipSync } from 'fflate';
import { CALENDAR_FILE_MAX_BYTES } from '../common/schemas/calendar';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../common/schemas/imports';
import { nowIso } from '../db/connection';
import { createApp } from '../server/app';
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { deflatedZeros, lyingZip } from '../server/testing/zipBomb.fixture';
import { RateLimiter } from '../server/http/rateLimit';
import { createDistrict, createUser } from '../server/identity/accounts';
import { createMemoryMailer } from '../server/lib/mailer';
import { benchDatabase, benchDbLabel, listen, request, signIn } from './benchLib';

export const EVENT_LOOP_GOAL_MS = 100;
const PASSWORD = 'bench-password-123';
const SCHOOLS = ['Lincoln Elementary', 'Washington Middle', 'Roosevelt High'];
const enc = (s: string) => new TextEncoder().encode(s);

// ---- Inputs -------------------------------------------------------------------------------------------

function staffCsv(rows: number): string {
  const lines = ['Employee ID,First name,Last name,Email,School,Position,Grades,Subjects,Hire date'];
  for (let i = 0; i < rows; i++) {
    lines.push(`E${100000 + i},First${i},Last${i},person${i}@bench.example,${SCHOOLS[i % SCHOOLS.length]},Classroom Teacher,"${(i % 12) + 1}",Mathematics,2020-08-${String((i % 28) + 1).padStart(2, '0')}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The rows of `staffCsv`, each padded with a Notes cell so the file is close to `bytes`. */
function wideStaffCsv(rows: number, bytes: number): string {
  const base = staffCsv(rows);
  const pad = Math.max(0, Math.floor((bytes - base.length - 16) / rows) - 3);
  const [header, ...lines] = base.trimEnd().split('\r\n');
  const note = 'n'.repeat(pad);
  return `${header},Notes\r\n${lines.map((l) => `${l},"${note}"`).join('\r\n')}\r\n`;
}

function usersCsv(rows: number): string {
  const lines = ['Name,Email,Role,School'];
  for (let i = 0; i < rows; i++) lines.push(`Person ${i},user${i}@bench.example,coach,${SCHOOLS[i % SCHOOLS.length]}`);
  return `${lines.join('\r\n')}\r\n`;
}

function oneRosterZip(staff: number): Uint8Array {
  const users = ['sourcedId,status,enabledUser,orgSourcedIds,role,username,givenName,familyName,email,identifier,grades'];
  for (let i = 0; i < staff; i++) users.push(`u${i},active,true,org${i % 3},teacher,user${i},Given${i},Family${i},user${i}@bench.example,E${i},0${(i % 9) + 1}`);
  const orgs = ['sourcedId,status,name,type,identifier', ...SCHOOLS.map((name, k) => `org${k},active,${name},school,S${k}`)];
  return zipSync({ 'users.csv': enc(`${users.join('\r\n')}\r\n`), 'orgs.csv': enc(`${orgs.join('\r\n')}\r\n`) });
}

/** A zip whose one entry, users.csv, declares 100 bytes and inflates to `megabytes` MB of zeros (the probe's bomb). */
const zipBomb = (megabytes: number) => lyingZip([{ name: 'users.csv', deflated: deflatedZeros(megabytes) }], 100);

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const calendar = (events: string[]) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Bench//EN\r\n${events.join('')}END:VCALENDAR\r\n`;
const vevent = (uid: string, start: number, extra = '') =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(start + 1_800_000)}\r\n${extra}SUMMARY:M ${uid}\r\nEND:VEVENT\r\n`;

/** One-time events every two hours from 2022 until the file is as large as the import takes (2 MiB). */
function largestCalendar(): { text: string; events: number } {
  const events: string[] = [];
  let size = 100;
  for (let i = 0; ; i++) {
    const e = vevent(`e${i}`, Date.UTC(2022, 0, 3, 14) + i * 7_200_000);
    if (size + e.length > CALENDAR_FILE_MAX_BYTES - 64) break;
    events.push(e);
    size += e.length;
  }
  return { text: calendar(events), events: events.length };
}

const series = (uid: string, start: string, rule: string) =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART${start}\r\nDTEND${start}\r\nRRULE:${rule}\r\nSUMMARY:Series ${uid}\r\nEND:VEVENT\r\n`;

// ---- The run ------------------------------------------------------------------------------------------

interface Input {
  route: string;
  name: string;
  path: string;
  contentType: string;
  body: Uint8Array | string;
  as: 'admin' | 'provider' | 'coach';
}

export async function benchUploads(): Promise<string[]> {
  const target = await benchDatabase('uploads');
  const config = { ...loadConfig({ NODE_ENV: 'test', ...target.env }), publicDir: '/nonexistent', appUrl: 'https://coachwell.example' };
  const { db } = await prepareDatabase(config);
  const districtId = await createDistrict(db, { name: 'Bench Uploads District', state: 'TX', planKey: 'enterprise', status: 'active', timezone: 'America/Chicago' });
  const now = nowIso();
  for (const name of SCHOOLS) await db.insertInto('buildings').values({ district_id: districtId, name, code: null, grade_band: null, created_at: now, updated_at: now, deleted_at: null }).execute();
  await createUser(db, { districtId, email: 'admin@bench.example', name: 'Bench Admin', roles: ['district-admin'], password: PASSWORD });
  await createUser(db, { districtId, email: 'coach@bench.example', name: 'Bench Coach', roles: ['coach'], password: PASSWORD });
  await createUser(db, { districtId: null, email: 'provider@bench.example', name: 'Bench Provider', roles: ['provider-admin'], password: PASSWORD });
  // No rate limits: the bench sends more uploads than a person may in an hour.
  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: () => {} });
  const server = await listen(app);
  const agent = new http.Agent({ keepAlive: true });
  const sessions = {
    admin: await signIn(server.port, 'admin@bench.example', PASSWORD),
    coach: await signIn(server.port, 'coach@bench.example', PASSWORD),
    provider: await signIn(server.port, 'provider@bench.example', PASSWORD, 'admin'),
  };
  const xsrf = (cookies: string) => decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(cookies)?.[1] ?? '');

  const staffPath = '/api/import/staff';
  const usersPath = `/api/admin/district/${districtId}/user-import`;
  const previewPath = '/api/calendar-import/preview?from=2026-11-01&to=2026-11-30';
  const largest = largestCalendar();
  const maxRowsCsv = staffCsv(IMPORT_MAX_ROWS);
  const inputs: Input[] = [
    { route: 'staff CSV', name: `${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows (the row limit), ${(maxRowsCsv.length / 2 ** 20).toFixed(1)} MiB`, path: staffPath, contentType: 'text/csv', body: maxRowsCsv, as: 'admin' },
    { route: 'staff CSV', name: '20 000 rows padded to 10 MB (the size limit)', path: staffPath, contentType: 'text/csv', body: wideStaffCsv(20_000, IMPORT_MAX_BYTES - 1024), as: 'admin' },
    { route: 'staff CSV', name: `${(IMPORT_MAX_ROWS + 1).toLocaleString('en-US')} rows (one past the limit: 413)`, path: staffPath, contentType: 'text/csv', body: staffCsv(IMPORT_MAX_ROWS + 1), as: 'admin' },
    { route: 'staff CSV', name: '10 MB in one unclosed quoted cell (422)', path: staffPath, contentType: 'text/csv', body: `Email,Notes\r\na@b.example,"${'x'.repeat(IMPORT_MAX_BYTES - 64)}\r\n`, as: 'admin' },
    { route: 'user CSV', name: `${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows (the row limit)`, path: usersPath, contentType: 'text/csv', body: usersCsv(IMPORT_MAX_ROWS), as: 'provider' },
    { route: 'OneRoster zip', name: `${IMPORT_MAX_ROWS.toLocaleString('en-US')} staff in users.csv`, path: `${staffPath}?file_name=r.zip`, contentType: 'application/zip', body: oneRosterZip(IMPORT_MAX_ROWS), as: 'admin' },
    { route: 'OneRoster zip', name: 'bomb: 2 MB declaring 100 bytes, inflating to 2 GB (422)', path: `${staffPath}?file_name=r.zip`, contentType: 'application/zip', body: zipBomb(2048), as: 'admin' },
    { route: 'OneRoster zip', name: 'bomb: 0.5 MB inflating to 500 MB (422)', path: `${staffPath}?file_name=r.zip`, contentType: 'application/zip', body: zipBomb(500), as: 'admin' },
    { route: 'calendar .ics', name: `${largest.events.toLocaleString('en-US')} one-time events, 2 MiB (the size limit)`, path: previewPath, contentType: 'text/calendar', body: largest.text, as: 'coach' },
    { route: 'calendar .ics', name: '6 000 one-time events, 0.5 MB (the probe’s)', path: previewPath, contentType: 'text/calendar', body: calendar(Array.from({ length: 6000 }, (_, i) => vevent(`p${i}`, Date.UTC(2010, 0, 1, 15) + i * 86_400_000, 'DTSTAMP:20261101T000000Z\r\nDESCRIPTION:Weekly check-in\r\n'))), as: 'coach' },
    { route: 'calendar .ics', name: '10 weekly series since 2015, a daily one since 2020', path: previewPath, contentType: 'text/calendar', body: calendar([...Array.from({ length: 10 }, (_, k) => series(`w${k}`, `;TZID=America/Chicago:2015010${(k % 5) + 5}T${String(8 + k).padStart(2, '0')}0000`, 'FREQ=WEEKLY')), series('d', ';TZID=America/Chicago:20200106T073000', 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR')]), as: 'coach' },
    { route: 'calendar .ics', name: '30 February every day (the probe’s 228 bytes: 422 at once)', path: previewPath, contentType: 'text/calendar', body: calendar([series('never', ':20261101T150000Z', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=3')]), as: 'coach' },
    { route: 'calendar .ics', name: 'ISO week 53 in June every day (422 at the worker’s 8 s limit)', path: previewPath, contentType: 'text/calendar', body: calendar([series('never53', ':20261101T150000Z', 'FREQ=DAILY;BYWEEKNO=53;BYMONTH=6;COUNT=3')]), as: 'coach' },
    { route: 'calendar .ics', name: 'three minutely series of 20 000 (422: too many occurrences)', path: previewPath, contentType: 'text/calendar', body: calendar(['a', 'b', 'c'].map((uid) => series(uid, ':20200101T150000Z', 'FREQ=MINUTELY;COUNT=20000'))), as: 'coach' },
    { route: 'calendar .ics', name: 'BYSETPOS monthly since the year 1000 (422 at the read budget)', path: previewPath, contentType: 'text/calendar', body: calendar([series('setpos', ':10000101T150000Z', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,2,3,-1')]), as: 'coach' },
  ];

  const rows: string[] = [];
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  /** The loop's longest delay (ms) while only health checks are asked for `ms`: the machine's own noise. */
  const idleFloor = async (ms: number) => {
    histogram.reset();
    histogram.enable();
    const started = performance.now();
    while (performance.now() - started < ms) await request(agent, server.port, '/api/health');
    histogram.disable();
    return histogram.max / 1e6;
  };
  const floor = await idleFloor(1000);
  let worst = 0;
  for (const input of inputs) {
    const cookies = sessions[input.as];
    const body = typeof input.body === 'string' ? Buffer.from(input.body) : Buffer.from(input.body);
    const before = await idleFloor(300);
    histogram.reset();
    histogram.enable();
    const started = performance.now();
    const res = await request(agent, server.port, input.path, {
      cookie: cookies, 'content-type': input.contentType, 'content-length': String(body.length),
      'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': xsrf(cookies),
    }, 'POST', body as unknown as string);
    const took = performance.now() - started;
    // A moment after the answer: what the request left behind (a worker ending, garbage) counts too.
    await new Promise((r) => setTimeout(r, 100));
    histogram.disable();
    const maxMs = histogram.max / 1e6;
    worst = Math.max(worst, maxMs);
    let answer = String(res.status);
    if (res.status >= 400) {
      try {
        const parsed = JSON.parse(res.body) as { message?: string; errors?: { file?: string[] } };
        answer += `: ${(parsed.errors?.file?.[0] ?? parsed.message ?? '').slice(0, 48)}…`;
      } catch { /* not JSON */ }
    }
    rows.push(`| ${input.route}: ${input.name} (${(body.length / 1024).toFixed(0)} KiB) | ${answer} | ${Math.round(took)} ms | ${maxMs.toFixed(0)} ms${maxMs > EVENT_LOOP_GOAL_MS ? ' — over goal' : ''} | ${before.toFixed(0)} ms |`);
  }
  agent.destroy();
  server.close();
  await db.destroy();
  await target.drop();
  return [
    `| upload (${benchDbLabel()}; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}) | answer | time to answer | event loop's longest delay (goal ≤ ${EVENT_LOOP_GOAL_MS} ms) | the same with no upload, 0.3 s just before (the machine's noise) |`,
    '|---|---|---|---|---|',
    `| none: GET /api/health only, 1 s | 200 | | ${floor.toFixed(0)} ms | |`,
    ...rows,
    `| worst upload | | | ${worst.toFixed(0)} ms | |`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`${new Date().toISOString()} · ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} · Node ${process.version}`);
  for (const line of await benchUploads()) console.log(line);
}
