// The read log (issue 29, "Who has read about me"): the read endpoints of records about an educator write
// who read (person, role, impersonation), the kind and the district's day, at most once a day per reader,
// educator and kind, never for the educator themself; GET /api/me/read-log answers the educator their own,
// 403 when the district turned the view off; another district's record is 404 and writes nothing.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_LOG_MESSAGES } from '../../../common/readLogValues';
import { todayIn } from '../../../common/zone';
import { appWith, guestAgent, loginAs, postAs, putAs, type TestApp, type TestAgent } from '../../testing/app';
import { buildStaff, buildUser } from '../../testing/factories';
import { insertCycle, insertFramework, stagesOfDistrict } from '../../testing/cycles.fixture';
import { freezeDateEachTest } from '../../testing/hooks';
import { buildInteractionsWorld, impersonatingAgent, insertInteraction, observationForm } from '../../testing/interactions.fixture';
import { forgetReadMemo, pruneReadLog } from '../../lib/readLog';

// 23:00 on Tuesday 24 November in Chicago (the world's district timezone), already the 25th in UTC; the
// district's next day starts at 06:00 UTC, within a session's idle time.
const NOW = new Date('2026-11-25T05:00:00.000Z');
const NEXT_DAY = new Date('2026-11-25T06:30:00.000Z');
freezeDateEachTest(NOW);

async function world(db: TestApp['db']) {
  const w = await buildInteractionsWorld(db);
  const skills = await insertFramework(db, w.district.id);
  const stages = await stagesOfDistrict(db, w.district.id);
  const session = await insertInteraction(db, {
    districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, staff: [{ id: w.jordan.id }], notes: 'Talked about exit tickets.',
  });
  const group = await insertInteraction(db, {
    districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, staff: [{ id: w.jordan.id }, { id: w.ana.id }],
  });
  const cycle = await insertCycle(db, { districtId: w.district.id, coachId: w.coach.id, staffIds: [w.jordan.id], stageId: stages[0]!.id });
  return { ...w, skills, stages, session, group, cycle };
}

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => world(app.db)));
});

const reads = () => t.db.selectFrom('record_reads').selectAll().orderBy('id').execute();
const readsOf = async (staffId: number) => (await reads()).filter((r) => r.staff_id === staffId);
const chicagoToday = () => todayIn('America/Chicago');

describe('writing the read log', () => {
  it('writes one row for a principal opening an interaction, on the district\'s day, and none on a repeat read that day', async () => {
    const principal = await loginAs(t.app, w.principal);
    expect((await principal.get(`/api/interaction/${w.session.id}`)).status).toBe(200);
    expect((await principal.get(`/api/interaction/${w.session.id}`)).status).toBe(200);
    const rows = await reads();
    expect(rows).toEqual([{
      id: expect.any(Number), district_id: w.district.id, staff_id: w.jordan.id, reader_user_id: w.principal.id,
      reader_role: 'Principal (building administrator)', impersonated_by: null, kind: 'interaction', day: '2026-11-24',
    }]);
    expect(chicagoToday()).toBe('2026-11-24');
  });

  it('asks the database nothing on a repeat read that day (the memo), and writes again the next day', async () => {
    const principal = await loginAs(t.app, w.principal);
    await principal.get(`/api/interaction/${w.session.id}`);
    // Taken away behind the memo's back: a repeat read the same day does not look, so it stays gone.
    await t.db.deleteFrom('record_reads').execute();
    await principal.get(`/api/interaction/${w.session.id}`);
    expect(await reads()).toEqual([]);
    vi.setSystemTime(NEXT_DAY);
    await principal.get(`/api/interaction/${w.session.id}`);
    expect((await reads()).map((r) => [r.kind, r.day])).toEqual([['interaction', '2026-11-25']]);
  });

  it('keeps one row per reader, educator, kind and day even when the memo is lost (another process)', async () => {
    const principal = await loginAs(t.app, w.principal);
    await principal.get(`/api/interaction/${w.session.id}`);
    forgetReadMemo(t.db);
    await principal.get(`/api/interaction/${w.session.id}`);
    expect(await reads()).toHaveLength(1);
  });

  it('names every participant of a group session the reader sees, each once', async () => {
    const principal = await loginAs(t.app, w.principal);
    await principal.get(`/api/interaction/${w.group.id}`);
    await principal.get(`/api/interaction/${w.session.id}`);
    expect((await reads()).map((r) => r.staff_id).sort()).toEqual([w.jordan.id, w.ana.id].sort());
  });

  it('never logs an educator reading their own records', async () => {
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.get(`/api/interaction/${w.session.id}`)).status).toBe(200);
    expect((await teacher.get(`/api/interaction/${w.group.id}`)).status).toBe(200);
    expect((await teacher.get(`/api/interaction?filter[staff_id]=${w.jordan.id}`)).status).toBe(200);
    expect((await teacher.get(`/api/coaching-cycle/${w.cycle.id}`)).status).toBe(200);
    expect((await teacher.get(`/api/staff/${w.jordan.id}/skill-rating`)).status).toBe(200);
    expect(await reads()).toEqual([]);
  });

  it('never logs a reader\'s own educator record, whatever their role', async () => {
    // The coach also has an educator record of their own (a teacher-leader) and opens their own cycle's educator page.
    const self = await buildStaff(t.db, { districtId: w.district.id, buildingId: w.lincoln.id, firstName: 'Casey', lastName: 'Coach', userId: w.coach.id });
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.get(`/api/staff/${self.id}/skill-rating`)).status).toBe(200);
    expect((await coach.get(`/api/staff/${w.jordan.id}/skill-rating`)).status).toBe(200);
    expect((await reads()).map((r) => [r.staff_id, r.kind, r.reader_role])).toEqual([[w.jordan.id, 'skill_rating', 'Coach']]);
  });

  it('writes a kind per record type: skill ratings, a cycle and its list, an observation and its list', async () => {
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.get(`/api/staff/${w.jordan.id}/skill-rating`)).status).toBe(200);
    expect((await coach.get(`/api/coaching-cycle/${w.cycle.id}`)).status).toBe(200);
    const f = await observationForm(t.db, w.district.id, 'Classroom walkthrough');
    const created = await postAs(coach, '/api/observation', {
      form_id: f.id, staff_id: w.ana.id, observed_at: '2026-11-24T15:00:00.000Z', duration_minutes: 15, answers: [],
    });
    expect(created.status).toBe(201);
    // Writing it is not a read: only opening it is.
    expect((await readsOf(w.ana.id))).toEqual([]);
    expect((await coach.get(`/api/observation/${created.body.id}`)).status).toBe(200);
    expect((await coach.get(`/api/observation?filter[staff_id]=${w.ana.id}`)).status).toBe(200);
    expect((await reads()).map((r) => [r.staff_id, r.kind])).toEqual([
      [w.jordan.id, 'skill_rating'], [w.jordan.id, 'cycle'], [w.ana.id, 'observation'],
    ]);
  });

  it('writes action steps: one step opened, and the list of one educator\'s steps; never the educator reading theirs', async () => {
    const coach = await loginAs(t.app, w.coach);
    const made = await postAs(coach, '/api/action-step', { staff_id: w.jordan.id, title: 'Try a hinge question before the exit ticket' });
    expect(made.status).toBe(201);
    expect(await reads()).toEqual([]);
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.get(`/api/action-step/${made.body.id}`)).status).toBe(200);
    expect((await teacher.get(`/api/action-step?filter[staff_id]=${w.jordan.id}`)).status).toBe(200);
    expect(await reads()).toEqual([]);
    const principal = await loginAs(t.app, w.principal);
    expect((await principal.get(`/api/action-step/${made.body.id}`)).status).toBe(200);
    expect((await coach.get(`/api/action-step?filter[staff_id]=${w.jordan.id}`)).body.data).toHaveLength(1);
    expect((await reads()).map((r) => [r.reader_user_id, r.staff_id, r.kind])).toEqual([
      [w.principal.id, w.jordan.id, 'action_step'], [w.coach.id, w.jordan.id, 'action_step'],
    ]);
  });

  it('counts a list filtered to one educator that answers rows, not a list of several or an empty one', async () => {
    const principal = await loginAs(t.app, w.principal);
    expect((await principal.get(`/api/interaction?filter[staff_id][]=${w.jordan.id}&filter[staff_id][]=${w.ana.id}`)).status).toBe(200);
    expect((await principal.get(`/api/interaction?filter[staff_id]=${w.ben.id}`)).body.data).toEqual([]);
    expect((await principal.get('/api/coaching-cycle')).status).toBe(200);
    expect(await reads()).toEqual([]);
    expect((await principal.get(`/api/interaction?filter[staff_id]=${w.jordan.id}`)).body.data).toHaveLength(2);
    expect((await principal.get(`/api/coaching-cycle?filter[staff_id]=${w.jordan.id}`)).body.data).toHaveLength(1);
    expect((await reads()).map((r) => [r.staff_id, r.kind])).toEqual([[w.jordan.id, 'interaction'], [w.jordan.id, 'cycle']]);
  });

  it('writes the kept interactions page\'s read on the district\'s new day too', async () => {
    const principal = await loginAs(t.app, w.principal);
    // 23:00 in Chicago, then 00:30 the next Chicago day: the same UTC day (the kept page's own day).
    await principal.get(`/api/interaction?filter[staff_id]=${w.jordan.id}`);
    vi.setSystemTime(NEXT_DAY);
    await principal.get(`/api/interaction?filter[staff_id]=${w.jordan.id}`);
    expect((await reads()).map((r) => r.day)).toEqual(['2026-11-24', '2026-11-25']);
  });

  it('records provider staff impersonating a district user as that user, impersonated by them', async () => {
    const support = await impersonatingAgent(t, w.principal.id);
    expect((await support.get(`/api/interaction/${w.session.id}`)).status).toBe(200);
    const principal = await loginAs(t.app, w.principal);
    await principal.get(`/api/interaction/${w.session.id}`);
    const rows = await reads();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ reader_user_id: w.principal.id, impersonated_by: expect.any(Number), kind: 'interaction' });
    expect(rows[1]).toMatchObject({ reader_user_id: w.principal.id, impersonated_by: null });
  });

  it('answers 404 for another district\'s record and writes nothing', async () => {
    const other = await loginAs(t.app, w.otherAdmin);
    expect((await other.get(`/api/interaction/${w.session.id}`)).status).toBe(404);
    expect((await other.get(`/api/staff/${w.jordan.id}/skill-rating`)).status).toBe(404);
    expect((await other.get(`/api/coaching-cycle/${w.cycle.id}`)).status).toBe(404);
    expect((await other.get(`/api/interaction?filter[staff_id]=${w.jordan.id}`)).status).toBe(200);
    expect(await reads()).toEqual([]);
  });
});

describe('GET /api/me/read-log', () => {
  it('answers 401 to a guest and 403 to provider staff outside a district', async () => {
    expect((await (await guestAgent(t.app)).get('/api/me/read-log')).status).toBe(401);
    const staff = await buildUser(t.db, { role: 'provider-support' });
    const provider = await loginAs(t.app, staff);
    expect((await provider.get('/api/me/read-log')).status).toBe(403);
  });

  it('answers the educator who read about them: person, role and day, the kinds as keys, never content', async () => {
    const principal = await loginAs(t.app, w.principal);
    await principal.get(`/api/interaction/${w.session.id}`);
    await principal.get(`/api/staff/${w.jordan.id}/skill-rating`);
    const coach = await loginAs(t.app, w.coach);
    await coach.get(`/api/coaching-cycle/${w.cycle.id}`);
    vi.setSystemTime(NEXT_DAY);
    await coach.get(`/api/interaction/${w.session.id}`);
    const support = await impersonatingAgent(t, w.principal.id);
    await support.get(`/api/staff/${w.jordan.id}/skill-rating`);

    const teacher = await loginAs(t.app, w.teacher);
    const res = await teacher.get('/api/me/read-log');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { day: '2026-11-25', reader: 'Casey Coach', role: 'Coach', support: false, kinds: ['interaction'] },
        { day: '2026-11-25', reader: 'Coachwell support for Pia Principal', role: 'Principal (building administrator)', support: true, kinds: ['skill_rating'] },
        { day: '2026-11-24', reader: 'Casey Coach', role: 'Coach', support: false, kinds: ['cycle'] },
        { day: '2026-11-24', reader: 'Pia Principal', role: 'Principal (building administrator)', support: false, kinds: ['interaction', 'skill_rating'] },
      ],
      meta: { page: 1, per_page: 50, total: 4, last_page: 1 },
    });
    expect(JSON.stringify(res.body)).not.toContain('exit tickets');
    expect(JSON.stringify(res.body)).not.toContain('Sue Support');
  });

  it('pages by entry and refuses a bad page', async () => {
    const principal = await loginAs(t.app, w.principal);
    await principal.get(`/api/interaction/${w.session.id}`);
    const coach = await loginAs(t.app, w.coach);
    await coach.get(`/api/coaching-cycle/${w.cycle.id}`);
    const teacher = await loginAs(t.app, w.teacher);
    const second = await teacher.get('/api/me/read-log?per_page=1&page=2');
    expect(second.body.data).toEqual([{ day: '2026-11-24', reader: 'Pia Principal', role: 'Principal (building administrator)', support: false, kinds: ['interaction'] }]);
    expect(second.body.meta).toEqual({ page: 2, per_page: 1, total: 2, last_page: 2 });
    const bad = await teacher.get('/api/me/read-log?page=0');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.page).toEqual(['Page must be at least 1.']);
  });

  it('answers 403 without the educator role, an educator login without a record an empty list, each educator only their own', async () => {
    const principal = await loginAs(t.app, w.principal);
    await principal.get(`/api/interaction/${w.group.id}`);
    const admin = await loginAs(t.app, w.admin);
    const refused = await admin.get('/api/me/read-log');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(READ_LOG_MESSAGES.notEducator);
    const unlinked = await buildUser(t.db, { role: 'educator', districtId: w.district.id, name: 'Una Unlinked' });
    expect((await (await loginAs(t.app, unlinked)).get('/api/me/read-log')).body).toEqual({ data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1 } });
    const anaLogin = await buildUser(t.db, { role: 'educator', districtId: w.district.id, name: 'Ana Alvarez' });
    await t.db.updateTable('staff').set({ user_id: anaLogin.id }).where('id', '=', w.ana.id).execute();
    const ana = await loginAs(t.app, anaLogin);
    expect((await ana.get('/api/me/read-log')).body.data).toEqual([
      { day: '2026-11-24', reader: 'Pia Principal', role: 'Principal (building administrator)', support: false, kinds: ['interaction'] },
    ]);
    // Another district's educator sees nothing of this district's reads.
    const strangerLogin = await buildUser(t.db, { role: 'educator', districtId: w.other.id, name: 'Sam Stranger' });
    await t.db.updateTable('staff').set({ user_id: strangerLogin.id }).where('id', '=', w.stranger.id).execute();
    expect((await (await loginAs(t.app, strangerLogin)).get('/api/me/read-log')).body.data).toEqual([]);
  });

  it('answers 403 with its message when the district turned the view off in Site settings, and the log is still written', async () => {
    const admin = await loginAs(t.app, w.admin);
    const profile = (await admin.get('/api/district')).body;
    expect(profile.educator_read_log_visible).toBe(true);
    const off = await putAs(admin, '/api/district', {
      name: profile.name, timezone: profile.timezone, school_year_start_month: profile.school_year_start_month, educator_read_log_visible: false,
    });
    expect(off.status).toBe(200);
    expect((await admin.get('/api/district')).body.educator_read_log_visible).toBe(false);
    const audit = await t.db.selectFrom('audit_log').select('details').where('action', '=', 'district_updated').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({ educator_read_log_visible: { from: true, to: false } });

    const principal = await loginAs(t.app, w.principal);
    await principal.get(`/api/interaction/${w.session.id}`);
    const teacher: TestAgent = await loginAs(t.app, w.teacher);
    const res = await teacher.get('/api/me/read-log');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(READ_LOG_MESSAGES.turnedOff);
    expect(await reads()).toHaveLength(1);
    // Another district's setting is its own.
    await putAs(admin, '/api/district', { name: profile.name, timezone: profile.timezone, school_year_start_month: profile.school_year_start_month, educator_read_log_visible: true });
    expect((await teacher.get('/api/me/read-log')).status).toBe(200);
  });

  it('refuses a setting that is not true or false', async () => {
    const admin = await loginAs(t.app, w.admin);
    const profile = (await admin.get('/api/district')).body;
    const res = await putAs(admin, '/api/district', {
      name: profile.name, timezone: profile.timezone, school_year_start_month: profile.school_year_start_month, educator_read_log_visible: 'no',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.educator_read_log_visible).toEqual(['Educators see who has read about them must be true or false.']);
  });
});

describe('pruneReadLog', () => {
  it('deletes rows older than two years and keeps the rest', async () => {
    const row = (day: string) => ({
      district_id: w.district.id, staff_id: w.jordan.id, reader_user_id: w.principal.id, reader_role: 'Principal (building administrator)',
      impersonated_by: null, kind: 'interaction' as const, day,
    });
    await t.db.insertInto('record_reads').values([row('2024-11-24'), row('2024-11-25'), row('2026-01-10')]).execute();
    expect(await pruneReadLog(t.db, NOW)).toBe(1);
    expect((await reads()).map((r) => r.day)).toEqual(['2024-11-25', '2026-01-10']);
  });
});
