// Asking for coaching (issue 29, item 4): an educator asks; their coaches (or their school's coaches when they
// have none) hold it; one accepts (a scheduled interaction) or passes it on; the educator withdraws. Who reads
// what, the daily limit in the district's day, the emails and the database after each call.
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { COACHING_REQUEST_MESSAGES as M, COACHING_REQUESTS_PER_DAY } from '../../../common/schemas/coachingRequests';
import { startOfLocalDay, todayIn } from '../../../common/zone';
import { appWith, asGuest, guestAgent, loginAs, postAs, type TestAgent, type TestApp } from '../../testing/app';
import { expectFieldError, itRejectsQueries, PAGE_QUERY_ROWS } from '../../testing/checks';
import { buildBuilding, buildCoachAssignment, buildDistrict, buildSchoolsAndLogins, buildStaff, buildUser } from '../../testing/factories';
import { auditOf, impersonating } from '../../testing/alerts.fixture';

async function world(t: TestApp) {
  const district = await buildDistrict(t.db, { name: 'Maple Grove USD', state: 'IL' });
  const logins = await buildSchoolsAndLogins(t.db, district.id, 'Tess Teacher');
  const lee = await buildUser(t.db, { role: 'coach', districtId: district.id, buildingIds: [logins.lincoln.id], name: 'Lee Lincoln' });
  // Tess teaches at Lincoln and is on Cole's caseload (Cole coaches at Oak Hollow).
  const tess = await buildStaff(t.db, { districtId: district.id, buildingId: logins.lincoln.id, firstName: 'Tess', lastName: 'Teacher', userId: logins.teacher.id });
  await buildCoachAssignment(t.db, { districtId: district.id, coachId: logins.coach2.id, staffId: tess.id });
  // Eli teaches at Lincoln without a coach: his requests go to Lincoln's coaches (Casey, Lee).
  const eliLogin = await buildUser(t.db, { role: 'educator', districtId: district.id, name: 'Eli Educator' });
  const eli = await buildStaff(t.db, { districtId: district.id, buildingId: logins.lincoln.id, firstName: 'Eli', lastName: 'Educator', userId: eliLogin.id });
  // Nia teaches at a school without coaches and has none.
  const pine = await buildBuilding(t.db, district.id, { name: 'Pine Ridge' });
  const niaLogin = await buildUser(t.db, { role: 'educator', districtId: district.id, name: 'Nia North' });
  const nia = await buildStaff(t.db, { districtId: district.id, buildingId: pine.id, firstName: 'Nia', lastName: 'North', userId: niaLogin.id });
  const other = await buildDistrict(t.db, { name: 'Cedar Falls CSD' });
  const otherAdmin = await buildUser(t.db, { role: 'district-admin', districtId: other.id });
  return { district, ...logins, lee, tess, eli, eliLogin, nia, niaLogin, pine, otherAdmin };
}

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;
beforeEach(async () => {
  ({ t, w } = await appWith(world));
});

const VALID = { topic: 'Small-group reading', message: 'My Tuesday group stalls after ten minutes.\nCould you watch one?', preferred_times: 'Tuesdays after 2 pm' };
const ask = async (agent: TestAgent, body: object = VALID) => postAs(agent, '/api/coaching-request', body);
const inAnHour = () => new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000).toISOString();
const holdersOf = (id: number) => t.db.selectFrom('coaching_request_holders').select(['user_id', 'reason', 'ended_at'])
  .where('request_id', '=', id).orderBy('id').execute();

describe('POST /api/coaching-request', () => {
  it('401 for a guest, 419 without the CSRF token', async () => {
    expect((await asGuest(t.app, 'post', '/api/coaching-request', VALID)).status).toBe(401);
    const tess = await loginAs(t.app, w.teacher);
    expect((await tess.post('/api/coaching-request').set('X-Requested-With', 'XMLHttpRequest').send(VALID)).status).toBe(419);
  });

  it('422 naming each field', async () => {
    const tess = await loginAs(t.app, w.teacher);
    const empty = await ask(tess, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ topic: ['Topic is required.'], message: ['Message is required.'] });
    const long = await ask(tess, { topic: 'x'.repeat(151), message: 'y'.repeat(2001), preferred_times: 'z'.repeat(501) });
    expect(long.body.errors).toEqual({
      topic: ['Topic must be at most 150 characters.'], message: ['Message must be at most 2000 characters.'],
      preferred_times: ['Times that suit must be at most 500 characters.'],
    });
    expect(await t.db.selectFrom('coaching_requests').selectAll().execute()).toEqual([]);
  });

  it('403 for a login without an educator record, and while impersonating an educator', async () => {
    const coach = await loginAs(t.app, w.coach);
    const res = await ask(coach);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.educatorsOnly);
    const staff = await impersonating(t, w.teacher.id);
    const imp = await ask(staff.agent);
    expect(imp.status).toBe(403);
    expect(imp.body.message).toBe(M.impersonating);
    expect(await t.db.selectFrom('coaching_requests').selectAll().execute()).toEqual([]);
  });

  it('201: goes to the educator\'s coach, who gets an email naming the topic but not the message; stored and audited', async () => {
    const tess = await loginAs(t.app, w.teacher);
    const res = await ask(tess);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'open', staff: { id: w.tess.id, name: 'Tess Teacher' }, topic: 'Small-group reading', message: VALID.message,
      preferred_times: 'Tuesdays after 2 pm', holders: [{ id: w.coach2.id, name: 'Cole Coach' }], accepted_by: null, session: null,
      pass_note: null, can: { accept: false, pass: false, withdraw: true },
    });
    const row = await t.db.selectFrom('coaching_requests').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ district_id: w.district.id, staff_id: w.tess.id, requested_by_user_id: w.teacher.id, status: 'open', interaction_id: null });
    expect(await holdersOf(res.body.id)).toEqual([{ user_id: w.coach2.id, reason: 'coach', ended_at: null }]);
    expect(t.mailer.sent.map((m) => m.to)).toEqual([w.coach2.email]);
    const mail = t.mailer.sent[0]!;
    expect(mail.subject).toBe('A coaching request is waiting for you');
    expect(mail.text).toContain('“Tess Teacher” asked for coaching: “Small-group reading”. You are their coach');
    expect(mail.text).not.toContain('Tuesday group');
    expect(mail.text).not.toContain('after 2 pm');
    expect(await auditOf(t, 'coaching_request_created')).toEqual([expect.objectContaining({
      district_id: w.district.id, actor_id: w.teacher.id, subject_type: 'coaching_request', subject_id: res.body.id,
      details: { staff_id: w.tess.id, holders: [w.coach2.id], holders_are: 'coach' },
    })]);
  });

  it('without a coach it goes to the coaches of the educator\'s school; with neither, 409', async () => {
    const eli = await loginAs(t.app, w.eliLogin);
    const res = await ask(eli);
    expect(res.status).toBe(201);
    expect(res.body.holders).toEqual([{ id: w.coach.id, name: 'Casey Coach' }, { id: w.lee.id, name: 'Lee Lincoln' }]);
    expect((await holdersOf(res.body.id)).map((h) => h.reason)).toEqual(['school', 'school']);
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual([w.coach.email, w.lee.email].sort());
    expect(t.mailer.sent[0]!.text).toContain('They have no coach, and you coach at their school');

    const nia = await ask(await loginAs(t.app, w.niaLogin));
    expect(nia.status).toBe(409);
    expect(nia.body.message).toBe(M.noCoach);
  });

  it(`429 after ${COACHING_REQUESTS_PER_DAY} in the district's day; the count starts again at the district's midnight`, async () => {
    const tess = await loginAs(t.app, w.teacher);
    for (let i = 0; i < COACHING_REQUESTS_PER_DAY; i += 1) expect((await ask(tess)).status).toBe(201);
    const refused = await ask(tess);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(M.tooMany);
    expect(await t.db.selectFrom('coaching_requests').selectAll().execute()).toHaveLength(COACHING_REQUESTS_PER_DAY);
    // Another educator is not held back by Tess's limit.
    expect((await ask(await loginAs(t.app, w.eliLogin))).status).toBe(201);
    // One minute before Chicago's midnight is yesterday there: the day's count is 0 again.
    const midnight = startOfLocalDay(todayIn('America/Chicago'), 'America/Chicago');
    // created_at is never updated by the app (its type says so): the test moves it back through raw SQL.
    await sql`update coaching_requests set created_at = ${new Date(Date.parse(midnight) - 60_000).toISOString()} where staff_id = ${w.tess.id}`.execute(t.db);
    expect((await ask(tess)).status).toBe(201);
    // At the midnight itself, it is today's.
    await sql`update coaching_requests set created_at = ${midnight} where staff_id = ${w.tess.id}`.execute(t.db);
    expect((await ask(tess)).status).toBe(429);
  });
});

describe('GET /api/coaching-request', () => {
  let tessId: number;
  let eliId: number;
  beforeEach(async () => {
    tessId = (await ask(await loginAs(t.app, w.teacher))).body.id;
    eliId = (await ask(await loginAs(t.app, w.eliLogin))).body.id;
  });
  const list = async (agent: TestAgent, query = '') => {
    const res = await agent.get(`/api/coaching-request${query}`);
    expect(res.status).toBe(200);
    return res.body as { data: { id: number; message: string | null; can: { accept: boolean } }[]; meta: { total: number } };
  };

  it('401 for a guest', async () => {
    expect((await (await guestAgent(t.app)).get('/api/coaching-request')).status).toBe(401);
  });

  itRejectsQueries('/api/coaching-request', () => loginAs(t.app, w.teacher), [
    ['filter[status]=late', 'filter.status', 'Status must be open, passed, accepted or withdrawn.'],
    ['filter[coach]=1', 'filter', 'Unknown filter: coach. Filters are status, queue.'],
    ['filter[queue]=yes', 'filter.queue', 'Queue must be 1.'],
    ...PAGE_QUERY_ROWS,
  ]);

  it('an educator reads their own only; a coach their queue; a principal their school\'s without the words; an administrator all; another district none', async () => {
    const mine = await list(await loginAs(t.app, w.teacher));
    expect(mine.data.map((r) => r.id)).toEqual([tessId]);
    expect(mine.data[0]!.message).toBe(VALID.message);

    const cole = await list(await loginAs(t.app, w.coach2));
    expect(cole.data.map((r) => [r.id, r.can.accept])).toEqual([[tessId, true]]);
    const casey = await list(await loginAs(t.app, w.coach));
    expect(casey.data.map((r) => [r.id, r.message, r.can.accept])).toEqual([[eliId, VALID.message, true]]);

    const principal = await list(await loginAs(t.app, w.principal));
    expect(principal.data.map((r) => [r.id, r.message, r.can.accept])).toEqual([[eliId, null, false], [tessId, null, false]]);
    const admin = await list(await loginAs(t.app, w.admin));
    expect(admin.meta.total).toBe(2);
    expect(admin.data.every((r) => r.message === null)).toBe(true);
    expect((await list(await loginAs(t.app, w.otherAdmin))).data).toEqual([]);
    expect((await list(await loginAs(t.app, w.admin), '?filter[status]=accepted')).data).toEqual([]);
    // The queue: only what the reader holds now.
    expect((await list(await loginAs(t.app, w.admin), '?filter[queue]=1')).data).toEqual([]);
    expect((await list(await loginAs(t.app, w.coach2), '?filter[queue]=1')).data.map((r) => r.id)).toEqual([tessId]);
  });

  it('one request: 404 for another educator\'s, another district\'s or an out-of-reach id', async () => {
    const tess = await loginAs(t.app, w.teacher);
    expect((await tess.get(`/api/coaching-request/${tessId}`)).status).toBe(200);
    const res = await tess.get(`/api/coaching-request/${eliId}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.notFound);
    expect((await (await loginAs(t.app, w.otherAdmin)).get(`/api/coaching-request/${tessId}`)).status).toBe(404);
    expect((await (await loginAs(t.app, w.coach)).get(`/api/coaching-request/${tessId}`)).status).toBe(404);
    expect((await tess.get('/api/coaching-request/abc')).status).toBe(404);
  });
});

describe('accept, pass and withdraw', () => {
  let id: number;
  beforeEach(async () => {
    id = (await ask(await loginAs(t.app, w.teacher))).body.id;
  });

  it('accept: 422 naming the fields, 404 out of reach, 403 for a reader who does not hold it', async () => {
    const cole = await loginAs(t.app, w.coach2);
    const bad = await postAs(cole, `/api/coaching-request/${id}/accept`, { starts_at: 'tomorrow', duration_minutes: 0, interaction_type_id: 'x' });
    expect(bad.body.errors).toEqual({
      starts_at: ['Start must be a UTC timestamp (ISO 8601).'], duration_minutes: ['Duration must be from 1 to 720 minutes.'],
      interaction_type_id: [M.typeNotFound],
    });
    expectFieldError(await postAs(cole, `/api/coaching-request/${id}/accept`, { starts_at: '2020-01-01T15:00:00Z' }), 'starts_at', M.startPast);
    expect((await postAs(await loginAs(t.app, w.otherAdmin), `/api/coaching-request/${id}/accept`, { starts_at: inAnHour() })).status).toBe(404);
    expect((await postAs(await loginAs(t.app, w.coach), `/api/coaching-request/${id}/accept`, { starts_at: inAnHour() })).status).toBe(404);
    const principal = await postAs(await loginAs(t.app, w.principal), `/api/coaching-request/${id}/accept`, { starts_at: inAnHour() });
    expect(principal.status).toBe(403);
    expect(principal.body.message).toBe(M.notHolder);
    expect((await t.db.selectFrom('coaching_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('open');
  });

  it('accept schedules the session: a scheduled interaction with the coach and the educator, audited; the request leaves the queue; once only', async () => {
    const cole = await loginAs(t.app, w.coach2);
    const startsAt = inAnHour();
    const res = await postAs(cole, `/api/coaching-request/${id}/accept`, { starts_at: startsAt, duration_minutes: 45 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', accepted_by: { id: w.coach2.id, name: 'Cole Coach' }, holders: [], can: { accept: false, pass: false, withdraw: false } });
    expect(res.body.session).toMatchObject({ starts_at: startsAt, duration_minutes: 45, status: 'scheduled' });
    const session = await t.db.selectFrom('interactions').selectAll().where('id', '=', res.body.session.id).executeTakeFirstOrThrow();
    const type = await t.db.selectFrom('interaction_types').selectAll().where('id', '=', session.interaction_type_id).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ district_id: w.district.id, coach_id: w.coach2.id, status: 'scheduled', starts_at: startsAt, duration_minutes: 45, building_id: w.lincoln.id, created_by: w.coach2.id });
    expect(type).toMatchObject({ district_id: w.district.id, counts_as_coaching: 1, archived_at: null });
    expect(await t.db.selectFrom('interaction_participants').select(['staff_id', 'group_id']).where('interaction_id', '=', session.id).execute())
      .toEqual([{ staff_id: w.tess.id, group_id: null }]);
    expect((await holdersOf(id)).every((h) => h.ended_at !== null)).toBe(true);
    expect(await auditOf(t, 'coaching_request_accepted')).toEqual([expect.objectContaining({ actor_id: w.coach2.id, subject_id: id, details: { staff_id: w.tess.id, interaction_id: session.id } })]);
    expect((await auditOf(t, 'interaction_created')).map((a) => a.subject_id)).toEqual([session.id]);
    // The educator's login is told the day and time (the district's clock), without the coaches' words.
    const told = t.mailer.sent.filter((m) => m.to === w.teacher.email);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Your coaching request was accepted');
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', dateStyle: 'full', timeStyle: 'short' }).format(new Date(startsAt));
    expect(told[0]!.text).toContain(`“Cole Coach” accepted your coaching request “Small-group reading” and scheduled a session on ${local}.`);
    // The educator sees where it stands, and the session among their interactions.
    const tess = await loginAs(t.app, w.teacher);
    expect((await tess.get(`/api/coaching-request/${id}`)).body).toMatchObject({ status: 'accepted', session: { id: session.id } });
    expect((await tess.get('/api/interaction')).body.data.map((i: { id: number }) => i.id)).toContain(session.id);
    const again = await postAs(cole, `/api/coaching-request/${id}/accept`, { starts_at: startsAt });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.closed);
    expect(await t.db.selectFrom('interactions').select('id').where('district_id', '=', w.district.id).execute()).toHaveLength(1);
  });

  it('two acceptances at once: one schedules the session, the other is 409; one interaction', async () => {
    const [cole, lee] = [await loginAs(t.app, w.coach2), await loginAs(t.app, w.lee)];
    // Both hold it: Cole passes it to the school, then Lee and Casey both may accept.
    await postAs(cole, `/api/coaching-request/${id}/pass`, { note: 'For Lincoln.' });
    const casey = await loginAs(t.app, w.coach);
    const answers = await Promise.all([lee, casey].map((a) => postAs(a, `/api/coaching-request/${id}/accept`, { starts_at: inAnHour() })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await t.db.selectFrom('interactions').select('id').where('district_id', '=', w.district.id).execute()).toHaveLength(1);
    expect(await auditOf(t, 'coaching_request_accepted')).toHaveLength(1);
  });

  it('pass: needs a note and a coach of the district; passes to one coach with the note, who may now accept; the passer may not', async () => {
    const cole = await loginAs(t.app, w.coach2);
    expectFieldError(await postAs(cole, `/api/coaching-request/${id}/pass`, { to_user_id: w.lee.id }), 'note', 'Note is required.');
    for (const to of [w.teacher.id, w.coach2.id, w.otherAdmin.id]) {
      expectFieldError(await postAs(cole, `/api/coaching-request/${id}/pass`, { to_user_id: to, note: 'Lee knows reading groups.' }), 'to_user_id', M.passTarget);
    }
    t.mailer.sent.length = 0;
    const res = await postAs(cole, `/api/coaching-request/${id}/pass`, { to_user_id: w.lee.id, note: 'Lee knows reading groups.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'passed', holders: [{ id: w.lee.id, name: 'Lee Lincoln' }], passed_by: { id: w.coach2.id }, pass_note: 'Lee knows reading groups.', can: { accept: false } });
    expect(await holdersOf(id)).toEqual([
      { user_id: w.coach2.id, reason: 'coach', ended_at: expect.any(String) }, { user_id: w.lee.id, reason: 'passed', ended_at: null },
    ]);
    expect(t.mailer.sent.map((m) => m.to)).toEqual([w.lee.email]);
    expect(t.mailer.sent[0]!.text).toContain('“Cole Coach” passed on to you a coaching request from “Tess Teacher”: “Small-group reading”.');
    expect(t.mailer.sent[0]!.text).not.toContain('reading groups.');
    expect(await auditOf(t, 'coaching_request_passed')).toEqual([expect.objectContaining({ details: { staff_id: w.tess.id, from: [w.coach2.id], to: [w.lee.id] } })]);
    // The educator sees it was passed on and to whom, not the coaches' note.
    expect((await (await loginAs(t.app, w.teacher)).get(`/api/coaching-request/${id}`)).body).toMatchObject({ status: 'passed', holders: [{ id: w.lee.id }], pass_note: null });
    expect((await postAs(cole, `/api/coaching-request/${id}/accept`, { starts_at: inAnHour() })).status).toBe(403);
    expect((await postAs(await loginAs(t.app, w.lee), `/api/coaching-request/${id}/accept`, { starts_at: inAnHour() })).status).toBe(200);
  });

  it('pass without a coach named: to the other coaches of the educator\'s school', async () => {
    const cole = await loginAs(t.app, w.coach2);
    const res = await postAs(cole, `/api/coaching-request/${id}/pass`, { note: 'Better with someone at Lincoln.' });
    expect(res.body.holders).toEqual([{ id: w.coach.id, name: 'Casey Coach' }, { id: w.lee.id, name: 'Lee Lincoln' }]);
    // Casey passes it on: Lee is the other coach at the school.
    const casey = await postAs(await loginAs(t.app, w.coach), `/api/coaching-request/${id}/pass`, { note: 'Lee has Tuesdays free.' });
    expect(casey.body.holders).toEqual([{ id: w.lee.id, name: 'Lee Lincoln' }]);
    // With Casey's login disabled, Lee is Lincoln's only coach: there is nobody to pass it to without naming one.
    const lee = await loginAs(t.app, w.lee);
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', w.coach.id).execute();
    expectFieldError(await postAs(lee, `/api/coaching-request/${id}/pass`, { note: 'Not me.' }), 'to_user_id', M.passNobody);
    expect((await holdersOf(id)).filter((h) => h.ended_at === null).map((h) => h.user_id)).toEqual([w.lee.id]);
  });

  it('withdraw: the educator only, while it waits', async () => {
    const cole = await postAs(await loginAs(t.app, w.coach2), `/api/coaching-request/${id}/withdraw`);
    expect(cole.status).toBe(403);
    expect(cole.body.message).toBe(M.notOwner);
    const tess = await loginAs(t.app, w.teacher);
    const res = await postAs(tess, `/api/coaching-request/${id}/withdraw`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'withdrawn', holders: [], can: { withdraw: false } });
    expect(await auditOf(t, 'coaching_request_withdrawn')).toHaveLength(1);
    expect((await postAs(tess, `/api/coaching-request/${id}/withdraw`)).status).toBe(409);
    expect((await postAs(await loginAs(t.app, w.coach2), `/api/coaching-request/${id}/accept`, { starts_at: inAnHour() })).status).toBe(409);
    // Out of Cole's queue now, still readable by him (he held it).
    const list = await (await loginAs(t.app, w.coach2)).get('/api/coaching-request?filter[status]=open&filter[status]=passed');
    expect(list.body.data).toEqual([]);
  });
});
