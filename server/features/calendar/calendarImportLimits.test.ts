// The .ics import's limits (issue 25, items 1 and 3): every file is read in a worker thread with a heap and
// a time limit. A repeat rule that can never match (ical.js looks for its next occurrence forever) answers
// a 422 saying what to do, and the rest of the server answers meanwhile; a calendar of many one-time
// events is read whole, and right (its read used to grow with the square of the events).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_MESSAGES, type CalendarPreview } from '../../../common/schemas/calendar';
import { setWorkerTasksMax, WORKER_BUSY_MESSAGE, workerTasksRunning } from '../../lib/workerTask';
import { appWith, loginAs, type TestAgent, type TestApp, whileHealthAsked } from '../../testing/app';
import { calendarImportWorld, type CalendarWorld, previewIcs } from './calendar.fixture';

// Each file is read in a worker of its own, which takes seconds to start from source on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let w: CalendarWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => calendarImportWorld(app.db)));
});

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
const preview = (agent: TestAgent, body: string, range = NOVEMBER) => previewIcs(agent, body, range);

/** The probe's file: one event whose rule asks for 30 February, every day (a couple of hundred bytes). */
const never = (rule: string) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Probe//EN\r\nBEGIN:VEVENT\r\nUID:never@probe\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261101T150000Z\r\nDTEND:20261101T160000Z\r\nRRULE:${rule}\r\nSUMMARY:Never\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;

/** Sends the preview and asks /api/health every 100 ms until it answers: the health answers that came first. */
const previewWhileHealthAsked = (agent: TestAgent, body: string) => whileHealthAsked(t.app, preview(agent, body));

async function noWorkersLeft() {
  for (let i = 0; i < 200 && workerTasksRunning() > 0; i++) await new Promise((r) => setTimeout(r, 25));
  return workerTasksRunning();
}

describe('POST /api/calendar-import/preview: files that cannot be read', () => {
  it('422 at once for the probe’s file (30 February every day), naming the event', async () => {
    const agent = await loginAs(t.app, w.coach);
    const body = never('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=3');
    expect(Buffer.byteLength(body)).toBeLessThan(256);
    const res = await preview(agent, body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ file: [CALENDAR_MESSAGES.ruleNeverMatches('Never')] });
    // The same for the other rules of the kind: 31 in 30-day months, counted from the end, hourly.
    for (const rule of ['FREQ=DAILY;BYMONTH=4,6,9,11;BYMONTHDAY=31', 'FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=-30,-31', 'FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30;BYDAY=MO']) {
      const other = await preview(agent, never(rule));
      expect(other.status, rule).toBe(422);
      expect(other.body.errors, rule).toEqual({ file: [CALENDAR_MESSAGES.ruleNeverMatches('Never')] });
    }
    // A rule that does match now and then is read as before (29 February, on a Monday: 2044).
    const leap = await preview(agent, never('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;COUNT=3'));
    expect(leap.status).toBe(200);
    expect(leap.body.events.map((e: { starts_at: string }) => e.starts_at)).toEqual(['2026-11-01T15:00:00.000Z']);
  });

  it('a rule the quick check does not know (ISO week 53 in June) is stopped by the worker’s time limit: 422 saying what to do, and /api/health answers meanwhile', async () => {
    const agent = await loginAs(t.app, w.coach);
    const { res, healthy, ms } = await previewWhileHealthAsked(agent, never('FREQ=DAILY;BYWEEKNO=53;BYMONTH=6;COUNT=3'));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ file: [CALENDAR_MESSAGES.tooSlowToRead] });
    // It answers at all (the limit is 8 s; a generous bound for a busy machine).
    expect(ms).toBeLessThan(20_000);
    // The server answered other requests while the file was being read.
    expect(healthy.length).toBeGreaterThan(5);
    expect(healthy.every((s) => s === 200)).toBe(true);
    // The stopped worker is gone.
    expect(await noWorkersLeft()).toBe(0);
    // And the next file is read as usual.
    const next = await preview(agent, never('FREQ=DAILY;COUNT=2'));
    expect(next.status).toBe(200);
    expect(next.body.events).toHaveLength(2);
  }, 30_000);

  it('503 with Retry-After when as many files as the server reads at once are being read', async () => {
    const agent = await loginAs(t.app, w.coach);
    const restore = setWorkerTasksMax(0);
    try {
      const res = await preview(agent, never('FREQ=DAILY;COUNT=2'));
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.message).toBe(WORKER_BUSY_MESSAGE);
    } finally {
      restore();
    }
  });
});

describe('POST /api/calendar-import/preview: a calendar of many one-time events', () => {
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

  it('19 000 events (1.9 MB, under the 2 MB limit) with moved occurrences of a series: the range’s events, right', async () => {
    const agent = await loginAs(t.app, w.coach);
    const parts = ['BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Probe//EN\r\n'];
    // One event every 2 hours from 2022, 30 minutes each; the range (November 2026) holds none of them…
    const first = Date.UTC(2022, 0, 3, 14);
    for (let i = 0; i < 19_000; i++) {
      const start = first + i * 2 * 3_600_000;
      parts.push(`BEGIN:VEVENT\r\nUID:e${i}\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(start + 1_800_000)}\r\nSUMMARY:M${i}\r\nEND:VEVENT\r\n`);
    }
    // …but for three in it, a weekly series with one occurrence moved, and a moved occurrence of another
    // series (not in the file) at the same original time: it must not move this series' occurrence.
    for (const [i, day] of [[1, 3], [2, 10], [3, 24]] as const) {
      const start = Date.UTC(2026, 10, day, 16);
      parts.push(`BEGIN:VEVENT\r\nUID:in-range-${i}@probe\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(start + 3_600_000)}\r\nSUMMARY:In range ${i}\r\nEND:VEVENT\r\n`);
    }
    parts.push('BEGIN:VEVENT\r\nUID:weekly@probe\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261104T170000Z\r\nDTEND:20261104T173000Z\r\nRRULE:FREQ=WEEKLY;COUNT=4\r\nSUMMARY:Weekly\r\nEND:VEVENT\r\n');
    parts.push('BEGIN:VEVENT\r\nUID:weekly@probe\r\nDTSTAMP:20261101T000000Z\r\nRECURRENCE-ID:20261111T170000Z\r\nDTSTART:20261112T180000Z\r\nDTEND:20261112T183000Z\r\nSUMMARY:Weekly (moved)\r\nEND:VEVENT\r\n');
    parts.push('BEGIN:VEVENT\r\nUID:other@probe\r\nDTSTAMP:20261101T000000Z\r\nRECURRENCE-ID:20261118T170000Z\r\nDTSTART:20261119T090000Z\r\nDTEND:20261119T093000Z\r\nSUMMARY:Other series, moved\r\nEND:VEVENT\r\n');
    parts.push('END:VCALENDAR\r\n');
    const body = parts.join('');
    expect(body.length).toBeGreaterThan(1_800_000);
    expect(body.length).toBeLessThan(2 * 1024 * 1024);
    const res = await preview(agent, body);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const events = (res.body as CalendarPreview).events.map((e) => [e.starts_at, e.summary, e.key]);
    expect(events).toEqual([
      ['2026-11-03T16:00:00.000Z', 'In range 1', 'in-range-1@probe'],
      ['2026-11-04T17:00:00.000Z', 'Weekly', 'weekly@probe#2026-11-04T17:00:00.000Z'],
      ['2026-11-10T16:00:00.000Z', 'In range 2', 'in-range-2@probe'],
      ['2026-11-12T18:00:00.000Z', 'Weekly (moved)', 'weekly@probe#2026-11-11T17:00:00.000Z'],
      ['2026-11-18T17:00:00.000Z', 'Weekly', 'weekly@probe#2026-11-18T17:00:00.000Z'],
      ['2026-11-19T09:00:00.000Z', 'Other series, moved', 'other@probe#2026-11-18T17:00:00.000Z'],
      ['2026-11-24T16:00:00.000Z', 'In range 3', 'in-range-3@probe'],
      ['2026-11-25T17:00:00.000Z', 'Weekly', 'weekly@probe#2026-11-25T17:00:00.000Z'],
    ]);
  }, 30_000);
});
