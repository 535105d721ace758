// Calendar sync: the feed's management (/api/calendar-feed) and the subscription feed itself
// (/api/calendar/{token}.ics), parsed with ical.js, a different library from the one that writes it.
import ICAL from 'ical.js';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '../../../common/schemas/calendar';
import { hashToken } from '../../identity/tokens';
import { appWith, asGuest, bodyAsBytes, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { addInteraction, calendarWorld, daysFromNow } from './calendar.fixture';

let t: TestApp;
let w: Awaited<ReturnType<typeof calendarWorld>>;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => calendarWorld(app.db)));
});

const audits = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const feedRow = (userId: number) => t.db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Turns the coach's feed on; answers the agent and the feed's path. */
async function coachFeed(user = w.coach) {
  const agent = await loginAs(t.app, user);
  const res = await agent.post('/api/calendar-feed').set(csrfHeaders(agent));
  expect(res.status).toBe(201);
  return { agent, path: new URL(res.body.url as string).pathname, url: res.body.url as string };
}

function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text) as unknown as string);
  const events = root.getAllSubcomponents('vevent').map((v) => ({
    uid: String(v.getFirstPropertyValue('uid')),
    summary: String(v.getFirstPropertyValue('summary')),
    description: String(v.getFirstPropertyValue('description') ?? ''),
    location: v.getFirstPropertyValue('location'),
    sequence: Number(v.getFirstPropertyValue('sequence')),
    status: String(v.getFirstPropertyValue('status')),
    start: (v.getFirstPropertyValue('dtstart') as InstanceType<typeof ICAL.Time>).toJSDate().toISOString(),
    end: (v.getFirstPropertyValue('dtend') as InstanceType<typeof ICAL.Time>).toJSDate().toISOString(),
    stamp: v.hasProperty('dtstamp'),
  }));
  return { root, events };
}

describe('GET /api/calendar-feed', () => {
  it('401 for guests', async () => {
    const res = await request(t.app).get('/api/calendar-feed');
    expect(res.status).toBe(401);
  });

  it('403 without see activity (an educator)', async () => {
    const agent = await loginAs(t.app, w.educatorLogin);
    const res = await agent.get('/api/calendar-feed');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have permission to do that.');
  });

  it('403 explaining the Professional plan without the plan feature', async () => {
    const agent = await loginAs(t.app, w.essentialsCoach);
    const res = await agent.get('/api/calendar-feed');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CALENDAR_MESSAGES.planRequired);
  });

  it('answers off, then on without the address (only its hash is stored)', async () => {
    const agent = await loginAs(t.app, w.coach);
    expect((await agent.get('/api/calendar-feed')).body).toEqual({ enabled: false, title_mode: 'names', url: null, created_at: null });
    await agent.post('/api/calendar-feed').set(csrfHeaders(agent));
    const res = await agent.get('/api/calendar-feed');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: true, title_mode: 'names', url: null, created_at: expect.any(String) });
  });
});

describe('POST /api/calendar-feed', () => {
  it('401 for guests', async () => {
    expect((await asGuest(t.app, 'post', '/api/calendar-feed')).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/calendar-feed');
    expect(res.status).toBe(419);
    expect(await feedRow(w.coach.id)).toBeUndefined();
  });

  it('403 without see activity, and with the plan explanation without calendar sync', async () => {
    const educator = await loginAs(t.app, w.educatorLogin);
    expect((await educator.post('/api/calendar-feed').set(csrfHeaders(educator))).status).toBe(403);
    const essentials = await loginAs(t.app, w.essentialsCoach);
    const res = await essentials.post('/api/calendar-feed').set(csrfHeaders(essentials));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CALENDAR_MESSAGES.planRequired);
    expect(await t.db.selectFrom('calendar_feeds').selectAll().execute()).toEqual([]);
  });

  it('403 while impersonating: the address would be a private link to the person’s calendar', async () => {
    const staff = await buildUser(t.db, { role: 'provider-support' });
    const agent = await loginAs(t.app, staff);
    expect((await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: w.coach.id })).status).toBe(200);
    const res = await agent.post('/api/calendar-feed').set(csrfHeaders(agent));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CALENDAR_MESSAGES.impersonating);
    expect(await feedRow(w.coach.id)).toBeUndefined();
  });

  it('turns the feed on (201 with the address once), stores only the token’s hash, and audits', async () => {
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/calendar-feed').set(csrfHeaders(agent));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ enabled: true, title_mode: 'names', url: expect.stringMatching(/^http:\/\/coachwell\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/), created_at: expect.any(String) });
    const token = /calendar\/(.+)\.ics$/.exec(res.body.url)![1]!;
    const row = await feedRow(w.coach.id);
    expect(row).toMatchObject({ district_id: w.district.id, token_hash: hashToken(token), title_mode: 'names' });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await audits('calendar_feed_enabled')).toMatchObject([{ actor_id: w.coach.id, district_id: w.district.id, subject_id: w.coach.id }]);
  });

  it('regenerating answers 200 with a new address; the old one stops working at once; the title choice stays', async () => {
    const { agent, path: oldPath } = await coachFeed();
    await agent.put('/api/calendar-feed').set(csrfHeaders(agent)).send({ title_mode: 'type' });
    const res = await agent.post('/api/calendar-feed').set(csrfHeaders(agent));
    expect(res.status).toBe(200);
    expect(res.body.title_mode).toBe('type');
    const newPath = new URL(res.body.url).pathname;
    expect(newPath).not.toBe(oldPath);
    expect((await request(t.app).get(oldPath)).status).toBe(404);
    expect((await request(t.app).get(newPath)).status).toBe(200);
    expect(await t.db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', w.coach.id).execute()).toHaveLength(1);
    expect(await audits('calendar_feed_regenerated')).toHaveLength(1);
  });

  it('is rate limited: 10 new addresses an hour', async () => {
    ({ t, w } = await appWith((app) => calendarWorld(app.db), { rateLimits: true }));
    const agent = await loginAs(t.app, w.coach);
    for (let i = 0; i < 10; i++) expect((await agent.post('/api/calendar-feed').set(csrfHeaders(agent))).status).toBeLessThan(300);
    const res = await agent.post('/api/calendar-feed').set(csrfHeaders(agent));
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('PUT /api/calendar-feed', () => {
  it('401 for guests', async () => {
    expect((await asGuest(t.app, 'put', '/api/calendar-feed', { title_mode: 'type' })).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const { agent } = await coachFeed();
    expect((await agent.put('/api/calendar-feed').send({ title_mode: 'type' })).status).toBe(419);
    expect((await feedRow(w.coach.id))!.title_mode).toBe('names');
  });

  it('422 naming title_mode for a missing or unknown choice', async () => {
    const { agent } = await coachFeed();
    for (const body of [{}, { title_mode: 'everything' }, { title_mode: 3 }]) {
      const res = await agent.put('/api/calendar-feed').set(csrfHeaders(agent)).send(body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ title_mode: ['Event titles must be names or type.'] });
    }
  });

  it('403 without see activity or the plan feature', async () => {
    const educator = await loginAs(t.app, w.educatorLogin);
    expect((await educator.put('/api/calendar-feed').set(csrfHeaders(educator)).send({ title_mode: 'type' })).status).toBe(403);
    const essentials = await loginAs(t.app, w.essentialsCoach);
    expect((await essentials.put('/api/calendar-feed').set(csrfHeaders(essentials)).send({ title_mode: 'type' })).body.message).toBe(CALENDAR_MESSAGES.planRequired);
  });

  it('409 while the feed is off', async () => {
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.put('/api/calendar-feed').set(csrfHeaders(agent)).send({ title_mode: 'type' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CALENDAR_MESSAGES.feedOff);
  });

  it('changes what titles show, audited with before and after', async () => {
    const { agent, path } = await coachFeed();
    const res = await agent.put('/api/calendar-feed').set(csrfHeaders(agent)).send({ title_mode: 'type' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: true, title_mode: 'type', url: null });
    expect((await feedRow(w.coach.id))!.title_mode).toBe('type');
    const [audit] = await audits('calendar_feed_updated');
    expect(JSON.parse(audit!.details!)).toEqual({ changes: { title_mode: { from: 'names', to: 'type' } } });
    const { events } = parse((await request(t.app).get(path)).text);
    expect(events.find((e) => e.uid === `interaction-${w.interactions.withNames}@coachwell.test`)!.summary).toBe('Classroom observation');
    expect(events.every((e) => !e.summary.includes('Ellis'))).toBe(true);
  });
});

describe('DELETE /api/calendar-feed', () => {
  it('401 for guests', async () => {
    expect((await asGuest(t.app, 'delete', '/api/calendar-feed')).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const { agent } = await coachFeed();
    expect((await agent.delete('/api/calendar-feed')).status).toBe(419);
    expect(await feedRow(w.coach.id)).toBeDefined();
  });

  it('403 without see activity', async () => {
    const educator = await loginAs(t.app, w.educatorLogin);
    expect((await educator.delete('/api/calendar-feed').set(csrfHeaders(educator))).status).toBe(403);
  });

  it('turns the feed off: the address answers 404, audited; turning off again changes nothing', async () => {
    const { agent, path } = await coachFeed();
    expect((await agent.delete('/api/calendar-feed').set(csrfHeaders(agent))).status).toBe(204);
    expect(await feedRow(w.coach.id)).toBeUndefined();
    expect((await request(t.app).get(path)).status).toBe(404);
    expect((await agent.delete('/api/calendar-feed').set(csrfHeaders(agent))).status).toBe(204);
    expect(await audits('calendar_feed_disabled')).toHaveLength(1);
    expect((await agent.get('/api/calendar-feed')).body.enabled).toBe(false);
  });
});

describe('GET /api/calendar/{token}.ics', () => {
  it('404 as plain text for an unknown, malformed or empty token', async () => {
    for (const path of ['/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/api/calendar/short.ics', '/api/calendar/x', '/api/calendar/.ics', '/api/calendar/a%2F..%2Fb.ics']) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^(text\/plain|application\/json)/);
    }
    // Bad percent-encoding is the router's 400, as everywhere in the API (never a 500).
    expect((await request(t.app).get('/api/calendar/%E0%A4%A.ics')).status).toBe(400);
    const res = await request(t.app).get('/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toContain('This calendar feed does not exist or was turned off.');
  });

  it('404 once the owner is deactivated, the district suspended, the plan loses calendar sync or the owner loses see activity', async () => {
    const { path } = await coachFeed();
    expect((await request(t.app).get(path)).status).toBe(200);

    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', w.coach.id).execute();
    expect((await request(t.app).get(path)).status).toBe(404);
    await t.db.updateTable('users').set({ status: 'active' }).where('id', '=', w.coach.id).execute();

    await t.db.updateTable('districts').set({ status: 'suspended' }).where('id', '=', w.district.id).execute();
    expect((await request(t.app).get(path)).status).toBe(404);
    await t.db.updateTable('districts').set({ status: 'active' }).where('id', '=', w.district.id).execute();

    const essentials = await t.db.selectFrom('plans').select('id').where('key', '=', 'essentials').executeTakeFirstOrThrow();
    const professional = await t.db.selectFrom('plans').select('id').where('key', '=', 'professional').executeTakeFirstOrThrow();
    await t.db.updateTable('districts').set({ plan_id: essentials.id }).where('id', '=', w.district.id).execute();
    expect((await request(t.app).get(path)).status).toBe(404);
    await t.db.updateTable('districts').set({ plan_id: professional.id }).where('id', '=', w.district.id).execute();

    const educatorRole = await t.db.selectFrom('roles').select('id').where('name', '=', 'educator').executeTakeFirstOrThrow();
    await t.db.updateTable('user_roles').set({ role_id: educatorRole.id }).where('user_id', '=', w.coach.id).execute();
    expect((await request(t.app).get(path)).status).toBe(404);
  });

  it('answers text/calendar with subscription-friendly caching, no cookie, and 304 for an unchanged feed', async () => {
    const { path } = await coachFeed();
    const res = await request(t.app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=900');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await request(t.app).get(path).set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('is valid RFC 5545: CRLF line ends, lines of at most 75 octets, calendar name, refresh interval', async () => {
    const { path } = await coachFeed();
    const res = await bodyAsBytes(request(t.app).get(path));
    const raw = res.body as Buffer;
    const text = raw.toString('utf8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // Long titles were folded: a continuation line starts with one space.
    expect(text).toMatch(/\r\n [^\r\n]/);

    const { root } = parse(text);
    expect(root.getFirstPropertyValue('version')).toBe('2.0');
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe('Coachwell — Casey Coach');
    expect(root.getFirstPropertyValue('name')).toBe('Coachwell — Casey Coach');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
    expect(text).toContain('X-PUBLISHED-TTL:PT1H\r\n');
  });

  it('holds the owner’s interactions and activities from 90 days back, never another coach’s, never a deleted one', async () => {
    const { path } = await coachFeed();
    const { events } = parse((await request(t.app).get(path)).text);
    const uids = events.map((e) => e.uid).sort();
    const i = w.interactions;
    expect(uids).toEqual([
      `activity-${w.activity}@coachwell.test`,
      ...[i.withNames, i.withGroup, i.cancelled].sort((a, b) => a - b).map((id) => `interaction-${id}@coachwell.test`),
    ].sort());
    for (const e of events) expect(e.stamp).toBe(true);
    const activity = events.find((e) => e.uid.startsWith('activity-'))!;
    expect(activity).toMatchObject({ summary: 'Planning', sequence: 0, status: 'CONFIRMED' });
    expect(Date.parse(activity.end) - Date.parse(activity.start)).toBe(60 * 60_000);
  });

  it('titles: the type and the educators’ names (escaped commas, semicolons, backslashes and newlines), groups by name; STATUS:CANCELLED', async () => {
    const { path } = await coachFeed();
    const res = await request(t.app).get(path);
    const { events } = parse(res.text);
    const byId = (id: number) => events.find((e) => e.uid === `interaction-${id}@coachwell.test`)!;
    expect(byId(w.interactions.withNames)).toMatchObject({
      summary: 'Classroom observation — Ana;Maria Back\\slash, Jordan Ellis, Jr., Line\nBreak Ng',
      location: 'Lincoln Middle School',
      status: 'CONFIRMED',
      sequence: 0,
    });
    // The raw text escapes them as RFC 5545 says.
    expect(res.text.replace(/\r\n /g, '')).toContain('SUMMARY:Classroom observation — Ana\\;Maria Back\\\\slash\\, Jordan Ellis\\, Jr.\\, Line\\nBreak Ng');
    expect(byId(w.interactions.withGroup).summary).toBe('PLC facilitation — Grade 6 team');
    expect(byId(w.interactions.cancelled)).toMatchObject({ status: 'CANCELLED', summary: 'Classroom observation — Jordan Ellis, Jr.' });
  });

  it('never holds notes: shared notes, next steps, private notes and activity notes stay in Coachwell', async () => {
    const { path } = await coachFeed();
    const text = (await request(t.app).get(path)).text.replace(/\r\n /g, '');
    for (const secret of ['SHARED-NOTE-SECRET', 'PRIVATE-NOTE-SECRET', 'NEXT-STEPS-SECRET', 'ACTIVITY-NOTE-SECRET']) expect(text).not.toContain(secret);
  });

  it('SEQUENCE grows when an interaction changes (stable UID)', async () => {
    const { path } = await coachFeed();
    const uid = `interaction-${w.interactions.withNames}@coachwell.test`;
    const before = parse((await request(t.app).get(path)).text).events.find((e) => e.uid === uid)!;
    await t.db.updateTable('interactions').set((eb) => ({ sequence: eb('sequence', '+', 1), starts_at: daysFromNow(-2), updated_at: new Date().toISOString() }))
      .where('id', '=', w.interactions.withNames).execute();
    const after = parse((await request(t.app).get(path)).text).events.find((e) => e.uid === uid)!;
    expect(after.sequence).toBe(before.sequence + 1);
    expect(after.start).not.toBe(before.start);
  });

  it('SEQUENCE grows when the coach edits the interaction through the interactions API', async () => {
    const { agent, path } = await coachFeed();
    const uid = `interaction-${w.interactions.withGroup}@coachwell.test`;
    const before = parse((await request(t.app).get(path)).text).events.find((e) => e.uid === uid)!;
    const res = await agent.put(`/api/interaction/${w.interactions.withGroup}`).set(csrfHeaders(agent)).send({
      interaction_type_id: w.types.plc, starts_at: daysFromNow(6), duration_minutes: 60, status: 'scheduled', staff_ids: [w.ellis.id],
    });
    expect(res.status).toBe(200);
    const after = parse((await request(t.app).get(path)).text).events.find((e) => e.uid === uid)!;
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.start).toBe(daysFromNow(6));
    expect(Date.parse(after.end) - Date.parse(after.start)).toBe(60 * 60_000);
  });

  it('another user’s token gives only that user’s events, and one district’s coach never sees another’s', async () => {
    const mine = await coachFeed(w.coach);
    const theirs = await coachFeed(w.otherCoach);
    const mineUids = parse((await request(t.app).get(mine.path)).text).events.map((e) => e.uid);
    const theirUids = parse((await request(t.app).get(theirs.path)).text).events.map((e) => e.uid);
    expect(theirUids).toEqual([`interaction-${w.interactions.othersInteraction}@coachwell.test`]);
    expect(mineUids).not.toContain(theirUids[0]);
    // A coach of another Professional district with an interaction of their own.
    const { buildDistrict } = await import('../../testing/factories');
    const elsewhere = await buildDistrict(t.db);
    const farCoach = await buildUser(t.db, { role: 'coach', districtId: elsewhere.id });
    const type = await t.db.selectFrom('interaction_types').select('id').where('district_id', '=', elsewhere.id).executeTakeFirstOrThrow();
    const far = await addInteraction(t.db, { districtId: elsewhere.id, coachId: farCoach.id, typeId: type.id, startsAt: daysFromNow(1) });
    const farFeed = await coachFeed(farCoach);
    expect(parse((await request(t.app).get(farFeed.path)).text).events.map((e) => e.uid)).toEqual([`interaction-${far}@coachwell.test`]);
  });
});

describe('folding', () => {
  it('folds at 75 octets of UTF-8 without splitting a character, and unfolds to the same text', async () => {
    const { foldLines } = await import('./feed');
    const line = `SUMMARY:${'Observación — Zoë 👩‍🏫 Müller, 日本語の名前 '.repeat(6)}`;
    const folded = foldLines(`BEGIN:VEVENT\r\n${line}\r\nEND:VEVENT`);
    for (const part of folded.split('\r\n')) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      expect(part).not.toMatch(/[\uD800-\uDBFF]$/); // no surrogate pair cut in two
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(`BEGIN:VEVENT\r\n${line}\r\nEND:VEVENT`);
  });
});
