// Calendar sync: the .ics import (preview of a file exported from Google Calendar or Outlook, then the
// chosen events as interactions or activities, keyed by event UID so importing again updates).
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_FILE_MAX_BYTES, CALENDAR_MESSAGES, type CalendarPreview } from '../../../common/schemas/calendar';
import { appWith, asGuest, csrfHeaders, guestAgent, loginAs, type TestAgent, type TestApp } from '../../testing/app';
import { buildBuilding } from '../../testing/factories';
import { calendarImportWorld, type CalendarWorld, previewIcs, typeIdOf } from './calendar.fixture';

// Each file is read in a worker of its own, which takes seconds to start from source on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8').replace(/\r?\n/g, '\r\n');
const GOOGLE = fixture('google.ics');
const OUTLOOK = fixture('outlook.ics');

let t: TestApp;
let w: CalendarWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => calendarImportWorld(app.db)));
});

const preview = (agent: TestAgent, body: string, range: Record<string, string> = { from: '2026-10-01', to: '2026-10-31' }) => previewIcs(agent, body, range);
const importEvents = (agent: TestAgent, events: unknown[]) => agent.post('/api/calendar-import').set(csrfHeaders(agent)).send({ events });

async function rowCounts() {
  const count = async (table: 'interactions' | 'activities') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const audits = await t.db.selectFrom('audit_log').select('id').where('action', 'like', 'calendar%').execute();
  return { interactions: await count('interactions'), activities: await count('activities'), audits: audits.length };
}

function futureEvent(uid: string, summary: string, daysAhead: number) {
  const start = new Date(Date.now() + daysAhead * 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(new Date(start.getTime() + 30 * 60_000))}\r\nSUMMARY:${summary}\r\nEND:VEVENT\r\n`;
}
const calendarOf = (...events: string[]) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n${events.join('')}END:VCALENDAR\r\n`;

describe('POST /api/calendar-import/preview', () => {
  it('401 for guests', async () => {
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/calendar-import/preview').query({ from: '2026-10-01', to: '2026-10-31' }).set(csrfHeaders(agent)).send(GOOGLE);
    expect(res.status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/calendar-import/preview').query({ from: '2026-10-01', to: '2026-10-31' }).set('Content-Type', 'text/calendar').send(GOOGLE);
    expect(res.status).toBe(419);
  });

  it('422 naming from and to: missing, not a date, backwards, longer than a year', async () => {
    const agent = await loginAs(t.app, w.coach);
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{}, { from: ['From is required (YYYY-MM-DD).'], to: ['To is required (YYYY-MM-DD).'] }],
      [{ from: '2026-02-30', to: '2026-10-31' }, { from: ['From must be a date (YYYY-MM-DD).'] }],
      [{ from: '2026-10-01', to: 'soon' }, { to: ['To must be a date (YYYY-MM-DD).'] }],
      [{ from: '2026-10-31', to: '2026-10-01' }, { to: [CALENDAR_MESSAGES.rangeBackwards] }],
      [{ from: '2026-01-01', to: '2027-01-02' }, { to: [CALENDAR_MESSAGES.rangeTooLong] }],
    ];
    for (const [query, errors] of cases) {
      const res = await preview(agent, GOOGLE, query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body.errors, JSON.stringify(query)).toEqual(errors);
    }
  });

  it('422 naming the file: empty, not iCalendar, binary, too big, no events in range, too many events', async () => {
    const agent = await loginAs(t.app, w.coach);
    const cases: [string | Buffer, string][] = [
      ['', CALENDAR_MESSAGES.fileEmpty],
      ['Subject,Start Date\r\nMeeting,10/05/2026\r\n', CALENDAR_MESSAGES.fileNotCalendar],
      ['BEGIN:VCALENDAR\r\nthis is : not ; valid\r\nBEGIN:VEVENT\r\n', CALENDAR_MESSAGES.fileNotCalendar],
      ['BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Someone\r\nEND:VCARD\r\nBEGIN:VCALENDAR', CALENDAR_MESSAGES.fileNotCalendar],
      [Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x89, 0x50, 0x4e, 0x47]), CALENDAR_MESSAGES.fileNotCalendar],
      [calendarOf(), CALENDAR_MESSAGES.noEventsInRange],
      [GOOGLE.replace(/2026/g, '2024'), CALENDAR_MESSAGES.noEventsInRange],
      [calendarOf('BEGIN:VEVENT\r\nUID:daily\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261001T150000Z\r\nDTEND:20261001T151000Z\r\nRRULE:FREQ=HOURLY\r\nSUMMARY:Too often\r\nEND:VEVENT\r\n'), CALENDAR_MESSAGES.tooManyEvents],
      // A moved occurrence whose series is not in the file, with a start, end or original start ical.js cannot read.
      ...['DTSTART:garbage', 'DTSTART;VALUE=DATE:2026', 'DURATION:garbage\r\nDTSTART:20261005T150000Z'].map((line) => [
        calendarOf(`BEGIN:VEVENT\r\nUID:moved\r\nRECURRENCE-ID:20261005T150000Z\r\n${line}\r\nSUMMARY:Moved\r\nEND:VEVENT\r\n`), CALENDAR_MESSAGES.fileNotCalendar,
      ] as [string, string]),
      [calendarOf('BEGIN:VEVENT\r\nUID:moved\r\nRECURRENCE-ID:garbage\r\nDTSTART:20261005T150000Z\r\nSUMMARY:Moved\r\nEND:VEVENT\r\n'), CALENDAR_MESSAGES.fileNotCalendar],
    ];
    for (const [body, message] of cases) {
      const res = await preview(agent, body as string);
      expect(res.status, String(body).slice(0, 40)).toBe(422);
      expect(res.body.errors, String(body).slice(0, 40)).toEqual({ file: [message] });
    }
    const filler = `X-FILLER:${'a'.repeat(70)}\r\n`;
    const big = await preview(agent, `BEGIN:VCALENDAR\r\n${filler.repeat(Math.ceil(CALENDAR_FILE_MAX_BYTES / filler.length) + 1)}END:VCALENDAR\r\n`);
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ file: [CALENDAR_MESSAGES.fileTooBig] });
  });

  it('422 for repeating events that step through too many occurrences before the range, however many series or however costly their rule', async () => {
    const agent = await loginAs(t.app, w.coach);
    // `start` is the DTSTART (and DTEND) value with its parameters: ":20200101T150000Z" or ";TZID=…:…".
    const series = (uid: string, start: string, rule: string) =>
      `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20261101T000000Z\r\nDTSTART${start}\r\nDTEND${start}\r\nRRULE:${rule}\r\nSUMMARY:Old series\r\nEND:VEVENT\r\n`;
    const cases: [string, string][] = [
      // Three series, each under any per-series limit, all before October: together too many to step through.
      ['three minutely series', calendarOf(...['a', 'b', 'c'].map((uid) => series(uid, ':20200101T150000Z', 'FREQ=MINUTELY;COUNT=20000')))],
      // One series whose rule costs ical.js about a millisecond an occurrence, from the year 1000.
      ['BYSETPOS since 1000', calendarOf(series('setpos', ':10000101T150000Z', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,2,3,-1'))],
      // Hourly in a named zone, from 2000 (each occurrence converted through the zone).
      ['hourly in Chicago since 2000', calendarOf(series('hourly', ';TZID=America/Chicago:20000101T090000', 'FREQ=HOURLY'))],
    ];
    for (const [name, body] of cases) {
      const res = await preview(agent, body);
      expect(res.status, name).toBe(422);
      expect(res.body.errors, name).toEqual({ file: [CALENDAR_MESSAGES.tooManyOccurrences] });
    }
  }, 60_000); // Each costly case runs until the 5 s scan limit.

  it('an ordinary calendar with years of repeating meetings is read whole (10 weekly series since 2015, a daily one since 2020)', async () => {
    const agent = await loginAs(t.app, w.coach);
    const series = (uid: string, start: string, rule: string) =>
      `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;TZID=America/Chicago:${start}\r\nDTEND;TZID=America/Chicago:${start.slice(0, 11)}${String(Number(start.slice(9, 11)) + 1).padStart(2, '0')}0000\r\nRRULE:${rule}\r\nSUMMARY:Meeting ${uid}\r\nEND:VEVENT\r\n`;
    const weekly = Array.from({ length: 10 }, (_, k) => series(`weekly-${k}`, `2015010${(k % 5) + 5}T${String(8 + (k % 8)).padStart(2, '0')}0000`, 'FREQ=WEEKLY'));
    const res = await preview(agent, calendarOf(...weekly, series('daily', '20200106T073000', 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR')));
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.events.length).toBeGreaterThan(0);
  });

  it('403 without see activity, and with the plan explanation without calendar sync', async () => {
    const educator = await loginAs(t.app, w.educatorLogin);
    expect((await preview(educator, GOOGLE)).status).toBe(403);
    const essentials = await loginAs(t.app, w.essentialsCoach);
    const res = await preview(essentials, GOOGLE);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CALENDAR_MESSAGES.planRequired);
  });

  it('lists a Google export’s events in range: repeating events expanded (EXDATE, a moved occurrence), all-day and cancelled ones not importable', async () => {
    const agent = await loginAs(t.app, w.coach);
    const before = await rowCounts();
    const res = await preview(agent, GOOGLE);
    expect(res.status).toBe(200);
    const body = res.body as CalendarPreview;
    expect(body).toMatchObject({ from: '2026-10-01', to: '2026-10-31', calendar_name: 'Work' });
    expect(body.events.map((e) => [e.key, e.summary, e.starts_at, e.duration_minutes, e.importable, e.reason])).toEqual([
      ['obs-ellis-1@google.com', 'Observation: Jordan Ellis, period 3', '2026-10-05T14:00:00.000Z', 45, true, null],
      ['plc-weekly@google.com#2026-10-06T19:00:00.000Z', 'PLC – Grade 6', '2026-10-06T19:00:00.000Z', 30, true, null],
      ['cancelled-1@google.com', 'Cancelled check-in', '2026-10-07T15:00:00.000Z', 30, false, 'Cancelled in your calendar.'],
      ['inservice@google.com', 'In-service day', '2026-10-09T05:00:00.000Z', 1440, false, 'All-day events have no time to log.'],
      // The 13 October occurrence was moved to the 15th, 8:00; the 20th is excluded (EXDATE).
      ['plc-weekly@google.com#2026-10-13T19:00:00.000Z', 'PLC – Grade 6 (moved)', '2026-10-15T13:00:00.000Z', 60, true, null],
      ['plc-weekly@google.com#2026-10-27T19:00:00.000Z', 'PLC – Grade 6', '2026-10-27T19:00:00.000Z', 30, true, null],
    ]);
    expect(body.interaction_types.map((t) => t.name)).toEqual([
      'Classroom observation', 'Feedback conversation', 'Co-teaching', 'Modeling a lesson', 'Planning session', 'Data conversation', 'PLC facilitation', 'Check-in', 'Walkthrough',
    ]);
    expect(body.interaction_types[0]).toEqual({ id: w.types.observation, name: 'Classroom observation', colour: 'blue' });
    expect(body.events[1]).toMatchObject({ uid: 'plc-weekly@google.com', recurring: true, all_day: false, imported: null, ends_at: '2026-10-06T19:30:00.000Z' });
    // A preview changes nothing.
    expect(await rowCounts()).toEqual(before);
  });

  it('reads an Outlook export with Windows time zone names through the file’s own VTIMEZONE', async () => {
    const agent = await loginAs(t.app, w.coach);
    const res = await preview(agent, OUTLOOK, { from: '2026-10-01', to: '2026-11-30' });
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: { summary: string; starts_at: string; duration_minutes: number }) => [e.summary, e.starts_at, e.duration_minutes])).toEqual([
      ['Coaching debrief', '2026-10-14T14:30:00.000Z', 30], // EDT
      ['Data team', '2026-11-02T20:30:00.000Z', 60], // EST, the day after the change
    ]);
  });
});

describe('POST /api/calendar-import', () => {
  const chosen = (overrides: Record<string, unknown> = {}) => ({
    key: 'obs-ellis-1@google.com', summary: 'Observation: Jordan Ellis, period 3', starts_at: '2026-10-05T14:00:00.000Z', duration_minutes: 45,
    as: 'interaction', interaction_type_id: w.types.observation, ...overrides,
  });

  it('401 for guests', async () => {
    expect((await asGuest(t.app, 'post', '/api/calendar-import', { events: [chosen()] })).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.coach);
    expect((await agent.post('/api/calendar-import').send({ events: [chosen()] })).status).toBe(419);
  });

  it('422 naming each bad field, and nothing is written', async () => {
    const agent = await loginAs(t.app, w.coach);
    const before = await rowCounts();
    const cases: [unknown, Record<string, string[]>][] = [
      [undefined, { events: ['Events must be a list.'] }],
      [[], { events: ['Choose at least one event to import.'] }],
      [[chosen({ starts_at: 'yesterday' })], { 'events.0.starts_at': ['Start must be a UTC timestamp (ISO 8601).'] }],
      [[chosen({ duration_minutes: 0 })], { 'events.0.duration_minutes': ['Duration must be from 1 to 720 minutes.'] }],
      [[chosen({ key: '' })], { 'events.0.key': ['Event key is required.'] }],
      [[chosen({ as: 'meeting' })], { 'events.0.as': ['Import each event as an interaction or an activity.'] }],
      [[chosen({ as: 'activity', category: 'nap' })], { 'events.0.category': ['Choose a category from the list.'] }],
    ];
    for (const [events, errors] of cases) {
      const res = await agent.post('/api/calendar-import').set(csrfHeaders(agent)).send(events === undefined ? {} : { events });
      expect(res.status, JSON.stringify(events)).toBe(422);
      expect(res.body.errors, JSON.stringify(events)).toEqual(errors);
    }
    // An archived type, another district's type and the same event twice: one 422, nothing written
    // (the first event is fine, yet not imported either).
    const archived = await typeIdOf(t.db, w.district.id, 'Check-in');
    await t.db.updateTable('interaction_types').set({ archived_at: new Date().toISOString() }).where('id', '=', archived).execute();
    const foreign = await typeIdOf(t.db, w.essentials.id, 'Classroom observation');
    const res = await importEvents(agent, [
      chosen({ key: 'fine' }),
      chosen({ key: 'a', interaction_type_id: archived }),
      chosen({ key: 'b', interaction_type_id: foreign }),
      chosen({ key: 'fine', as: 'activity', category: 'planning' }),
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'events.1.interaction_type_id': [CALENDAR_MESSAGES.typeNotAvailable],
      'events.2.interaction_type_id': [CALENDAR_MESSAGES.typeNotAvailable],
      'events.3.key': [CALENDAR_MESSAGES.keyTwice],
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('403 without see activity or the plan feature, and nothing is written', async () => {
    const before = await rowCounts();
    const educator = await loginAs(t.app, w.educatorLogin);
    expect((await importEvents(educator, [chosen()])).status).toBe(403);
    const essentials = await loginAs(t.app, w.essentialsCoach);
    const res = await importEvents(essentials, [chosen()]);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CALENDAR_MESSAGES.planRequired);
    expect(await rowCounts()).toEqual(before);
  });

  it('creates the caller’s interactions and activities: completed in the past, scheduled ahead, no shared notes; audited', async () => {
    const agent = await loginAs(t.app, w.coach);
    const ahead = calendarOf(futureEvent('ahead-1@google.com', 'Planning with Ms. Ruiz', 10));
    const previewAhead = (await preview(agent, ahead, { from: new Date().toISOString().slice(0, 10), to: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) })).body as CalendarPreview;
    const future = previewAhead.events[0]!;
    const res = await importEvents(agent, [
      chosen(),
      { key: future.key, summary: future.summary, starts_at: future.starts_at, duration_minutes: future.duration_minutes, as: 'interaction', interaction_type_id: w.types.plc },
      chosen({ key: 'plc-weekly@google.com#2026-10-06T19:00:00.000Z', summary: 'PLC – Grade 6', starts_at: '2026-10-06T19:00:00.000Z', duration_minutes: 30, as: 'activity', category: 'meeting' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 3, updated: 0, moved: 0 });
    const interactions = await t.db.selectFrom('interactions').selectAll().where('import_uid', 'is not', null).orderBy('starts_at').execute();
    expect(interactions).toMatchObject([
      {
        district_id: w.district.id, coach_id: w.coach.id, interaction_type_id: w.types.observation, starts_at: '2026-10-05T14:00:00.000Z',
        duration_minutes: 45, status: 'completed', notes: null, next_steps: null, building_id: w.building.id, sequence: 0,
        private_notes: 'From your calendar: Observation: Jordan Ellis, period 3', import_uid: 'obs-ellis-1@google.com',
        created_by: w.coach.id, updated_by: w.coach.id, deleted_at: null,
      },
      { interaction_type_id: w.types.plc, status: 'scheduled', import_uid: 'ahead-1@google.com', starts_at: future.starts_at, duration_minutes: 30, building_id: w.building.id },
    ]);
    expect(res.body.interactions).toEqual(interactions.map((i) => i.id));
    const activities = await t.db.selectFrom('activities').selectAll().where('import_uid', 'is not', null).execute();
    expect(activities).toMatchObject([{
      district_id: w.district.id, user_id: w.coach.id, category: 'meeting', starts_at: '2026-10-06T19:00:00.000Z', minutes: 30,
      notes: 'PLC – Grade 6', import_uid: 'plc-weekly@google.com#2026-10-06T19:00:00.000Z', sequence: 0,
    }]);
    const [audit] = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'calendar_imported').execute();
    expect(audit).toMatchObject({ actor_id: w.coach.id, district_id: w.district.id });
    expect(JSON.parse(audit!.details!)).toMatchObject({ created: 3, updated: 0, interactions: interactions.map((i) => i.id), activities: activities.map((a) => a.id) });
  });

  it('importing the same events again updates them: no duplicates, SEQUENCE grows only on a change, the preview says they are imported', async () => {
    const agent = await loginAs(t.app, w.coach);
    const { events } = (await preview(agent, GOOGLE)).body as CalendarPreview;
    const picks = events.filter((e) => e.importable).map((e) => ({
      key: e.key, summary: e.summary, starts_at: e.starts_at, duration_minutes: e.duration_minutes, as: 'interaction', interaction_type_id: w.types.observation,
    }));
    const first = await importEvents(agent, picks);
    expect(first.body).toMatchObject({ created: 4, updated: 0 });
    const again = await importEvents(agent, picks);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 0, updated: 4, interactions: first.body.interactions });
    const rows = await t.db.selectFrom('interactions').select(['id', 'sequence']).where('import_uid', 'is not', null).execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.sequence === 0)).toBe(true);

    // The event moved in the calendar: the same row changes, and its SEQUENCE grows (the feed shows it).
    const moved = await importEvents(agent, [{ ...picks[0], starts_at: '2026-10-05T15:00:00.000Z', duration_minutes: 60 }]);
    expect(moved.body).toMatchObject({ created: 0, updated: 1 });
    const row = await t.db.selectFrom('interactions').selectAll().where('import_uid', '=', picks[0]!.key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: first.body.interactions[0], starts_at: '2026-10-05T15:00:00.000Z', duration_minutes: 60, sequence: 1 });

    const after = (await preview(agent, GOOGLE)).body as CalendarPreview;
    expect(after.events.filter((e) => e.imported).map((e) => e.imported)).toEqual(first.body.interactions.map((id: number) => ({ kind: 'interaction', id })));
  });

  it('an event imported as an interaction and then as an activity moves: one record, never two', async () => {
    const agent = await loginAs(t.app, w.coach);
    const first = await importEvents(agent, [chosen()]);
    const res = await importEvents(agent, [chosen({ as: 'activity', category: 'planning' })]);
    expect(res.body).toMatchObject({ created: 0, updated: 0, moved: 1 });
    const interaction = await t.db.selectFrom('interactions').selectAll().where('id', '=', first.body.interactions[0]).executeTakeFirstOrThrow();
    expect(interaction.deleted_at).not.toBeNull();
    expect(interaction.sequence).toBe(1);
    expect(await t.db.selectFrom('activities').select('id').where('import_uid', '=', 'obs-ellis-1@google.com').where('deleted_at', 'is', null).execute()).toHaveLength(1);
    const { events } = (await preview(agent, GOOGLE)).body as CalendarPreview;
    expect(events[0]!.imported).toEqual({ kind: 'activity', id: res.body.activities[0] });
  });

  it("an imported interaction gets the default school (the coach's one school: an event names no educators); a coach of two schools chooses it; a school set later is kept", async () => {
    // Casey coaches at Lincoln only: the event is held there (issue 26: never "No school" by default).
    const agent = await loginAs(t.app, w.coach);
    const first = await importEvents(agent, [chosen()]);
    const row = () => t.db.selectFrom('interactions').select(['building_id', 'sequence']).where('id', '=', first.body.interactions[0]).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ building_id: w.building.id, sequence: 0 });
    // The coach moves it to no school on purpose: importing again (a changed time) keeps their choice.
    await t.db.updateTable('interactions').set({ building_id: null }).where('id', '=', first.body.interactions[0]).execute();
    await importEvents(agent, [chosen({ starts_at: '2026-10-05T15:00:00.000Z' })]);
    expect(await row()).toEqual({ building_id: null, sequence: 1 });

    // The other coach is at two schools: no default, the interaction waits for them to choose.
    const oak = await buildBuilding(t.db, w.district.id, { name: 'Oak Hollow Elementary' });
    await t.db.insertInto('user_buildings').values({ user_id: w.otherCoach.id, building_id: oak.id }).execute();
    const theirs = await importEvents(await loginAs(t.app, w.otherCoach), [chosen()]);
    expect(theirs.status).toBe(200);
    expect((await t.db.selectFrom('interactions').select('building_id').where('id', '=', theirs.body.interactions[0]).executeTakeFirstOrThrow()).building_id).toBeNull();
  });

  it('imports are per user: another coach importing the same file gets records of their own', async () => {
    const mine = await loginAs(t.app, w.coach);
    const theirs = await loginAs(t.app, w.otherCoach);
    const a = await importEvents(mine, [chosen()]);
    const b = await importEvents(theirs, [chosen()]);
    expect(b.body).toMatchObject({ created: 1, updated: 0 });
    expect(b.body.interactions[0]).not.toBe(a.body.interactions[0]);
    const { events } = (await preview(theirs, GOOGLE)).body as CalendarPreview;
    expect(events[0]!.imported).toEqual({ kind: 'interaction', id: b.body.interactions[0] });
  });
});

describe('the upload', () => {
  it('a declared body over the limit is refused before it is read, with the file message', async () => {
    const agent = await loginAs(t.app, w.coach);
    const res = await request(t.app).post('/api/calendar-import/preview?from=2026-10-01&to=2026-10-31')
      .set('Content-Length', String(CALENDAR_FILE_MAX_BYTES + 1)).set('Content-Type', 'text/calendar').send('BEGIN:VCALENDAR');
    void agent;
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ file: [CALENDAR_MESSAGES.fileTooBig] });
  });
});
