// The retention setting (issue 32, item 4): written with PUT /api/district, previewed by GET
// /api/district/retention-preview, applied by the nightly run (jobs.ts) once per district and night.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nowIso, type DB } from '../../../db/connection';
import { retentionCutoffDay, retentionNight, nextRetentionNight } from '../../../common/retention';
import { appWith, loginAs, putAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildInteractionsWorld, impersonatingAgent, insertActivity, insertInteraction, observationForm, type InteractionsWorld } from '../../testing/interactions.fixture';
import { expectedRollups, storedRollups } from '../../testing/rollups';
import { expectedWalkthroughRollups, storedWalkthroughRollups } from '../../testing/walkthroughRollups';
import { auditSentence } from '../../../common/auditActions';
import { runRetention } from './jobs';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});
afterEach(() => {
  vi.useRealTimers();
});

const log = () => {};
const setYears = (db: DB, districtId: number, years: number | null) =>
  db.updateTable('districts').set({ settings: JSON.stringify({ data_retention_years: years }) }).where('id', '=', districtId).execute();
const count = async (db: DB, table: 'interactions' | 'observations' | 'skill_ratings' | 'activities' | 'coaching_cycles' | 'coaching_cycle_notes' | 'self_ratings' | 'action_steps' | 'coaching_requests' | 'calibration_sessions', districtId: number) =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('district_id', '=', districtId).executeTakeFirstOrThrow()).n);

/** One record of every kind the run removes, dated at `at` (an instant; its UTC day for day-dated kinds). */
async function recordsAt(db: DB, at: string, closed = true) {
  const now = nowIso();
  const d = w.district.id;
  const day = at.slice(0, 10);
  const interaction = await insertInteraction(db, {
    districtId: d, typeId: w.checkIn.id, coachId: w.coach.id, startsAt: at, staff: [{ id: w.ana.id }], notes: 'n', privateNotes: 'p',
  });
  const form = await observationForm(db, d, 'Classroom walkthrough');
  const obsInteraction = await insertInteraction(db, { districtId: d, typeId: form.interaction_type_id!, coachId: w.coach.id, startsAt: at, staff: [{ id: w.ben.id }] });
  const observation = await db.insertInto('observations').values({
    district_id: d, form_id: form.id, version_id: form.versionId, staff_id: w.ben.id, observer_id: w.coach.id, interaction_id: obsInteraction.id,
    building_id: w.lincoln.id, status: 'completed', observed_at: at, duration_minutes: 30, notes: null, private_notes: null, next_steps: null,
    calibration_id: null, share_answers: 0, share_notes: 0, shared_at: null, shared_by: null, acknowledged_at: null, reflection: null,
    created_at: now, updated_at: now, deleted_at: null, client_id: null,
  }).returning('id').executeTakeFirstOrThrow();
  const item = form.items[0]!;
  await db.insertInto('observation_answers').values({ observation_id: observation.id, item_id: item.id, district_id: d, value: JSON.stringify('yes'), evidence: null }).execute();
  await insertActivity(db, { districtId: d, userId: w.coach.id, startsAt: at });
  const skill = await db.selectFrom('skills').select('id').where('district_id', '=', d).orderBy('id').executeTakeFirstOrThrow();
  await db.insertInto('skill_ratings').values({
    district_id: d, staff_id: w.ana.id, skill_id: skill.id, level: 2, rated_on: day, rated_by: w.coach.id, note: null, interaction_id: null, created_at: now,
  }).execute();
  await db.insertInto('self_ratings').values({ district_id: d, staff_id: w.jordan.id, skill_id: skill.id, level: 3, rated_on: day, rated_by: w.teacher.id, created_at: now }).execute();
  const cycle = await db.insertInto('coaching_cycles').values({
    district_id: d, coach_id: w.coach.id, title: 'Cycle', goal: null, start_date: day, target_end_date: day, status: closed ? 'completed' : 'active',
    stage_id: null, stage_entered_on: null, outcome: null, reflection: null, completed_on: closed ? day : null, created_by: w.coach.id, updated_by: w.coach.id,
    created_at: now, updated_at: now, deleted_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('coaching_cycle_notes').values({ district_id: d, cycle_id: cycle.id, author_id: w.coach.id, body: 'note', created_at: at, updated_at: at, deleted_at: null }).execute();
  await db.insertInto('action_steps').values({
    district_id: d, staff_id: w.ana.id, title: 'Step', detail: null, due_on: day, set_by_user_id: w.coach.id, source_type: null, source_id: null,
    status: closed ? 'done' : 'open', done_on: closed ? day : null, note: null, status_by_user_id: null, status_at: closed ? at : null, created_at: at, updated_at: at, client_id: null,
  }).execute();
  await db.insertInto('coaching_requests').values({
    district_id: d, staff_id: w.jordan.id, requested_by_user_id: w.teacher.id, topic: 'Help', message: 'Please', preferred_times: null,
    status: closed ? 'withdrawn' : 'open', interaction_id: null, accepted_by_user_id: null, accepted_at: null, pass_note: null, passed_by_user_id: null,
    passed_at: null, withdrawn_at: closed ? at : null, created_at: at, updated_at: at,
  }).execute();
  return { interaction, observation, cycle };
}

const NONE = {
  interactions: 0, activities: 0, observations: 0, calibration_sessions: 0, cycles: 0, cycle_notes: 0,
  skill_ratings: 0, self_ratings: 0, action_steps: 0, coaching_requests: 0,
};
const ONE_OF_EACH = { ...NONE, interactions: 2, activities: 1, observations: 1, cycles: 1, skill_ratings: 1, self_ratings: 1, action_steps: 1, coaching_requests: 1 };

describe('the cut-off', () => {
  it('is the start of the school year N years before the one holding the night', () => {
    expect(retentionCutoffDay('2026-11-30', 8, 1)).toBe('2025-08-01');
    expect(retentionCutoffDay('2026-08-01', 8, 1)).toBe('2025-08-01');
    expect(retentionCutoffDay('2026-07-31', 8, 1)).toBe('2024-08-01');
    expect(retentionCutoffDay('2026-01-15', 1, 3)).toBe('2023-01-01');
    expect(retentionCutoffDay('2026-11-30', 7, 10)).toBe('2016-07-01');
  });

  it('a run belongs to the district\'s night from 02:00 to 06:00 on its own clock; the next run is tonight before 02:00, else tomorrow', () => {
    // 07:59 UTC on Nov 30 is 01:59 in Chicago, 08:00 is 02:00.
    expect(retentionNight('America/Chicago', new Date('2026-11-30T07:59:00Z'))).toBeNull();
    expect(retentionNight('America/Chicago', new Date('2026-11-30T08:00:00Z'))).toBe('2026-11-30');
    expect(retentionNight('America/Chicago', new Date('2026-11-30T11:59:00Z'))).toBe('2026-11-30');
    expect(retentionNight('America/Chicago', new Date('2026-11-30T12:00:00Z'))).toBeNull();
    expect(nextRetentionNight('America/Chicago', new Date('2026-11-30T07:59:00Z'))).toBe('2026-11-30');
    expect(nextRetentionNight('America/Chicago', new Date('2026-11-30T08:00:00Z'))).toBe('2026-12-01');
  });

  it('removes what started before the cut-off day\'s midnight in the district\'s timezone and keeps what started at it', async () => {
    await setYears(t.db, w.district.id, 1);
    // Night of 2026-11-30 (Chicago): cut-off 2025-08-01, which starts at 05:00 UTC (CDT).
    const before = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, startsAt: '2025-08-01T04:59:59.000Z', staff: [{ id: w.ana.id }] });
    const at = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, startsAt: '2025-08-01T05:00:00.000Z', staff: [{ id: w.ana.id }] });
    const [run] = await runRetention({ db: t.db, log }, new Date('2026-11-30T08:30:00Z'));
    expect(run).toMatchObject({ districtId: w.district.id, night: '2026-11-30', cutoffDay: '2025-08-01' });
    const left = (await t.db.selectFrom('interactions').select('id').where('district_id', '=', w.district.id).execute()).map((r) => r.id);
    expect(left).toContain(at.id);
    expect(left).not.toContain(before.id);
    expect(await t.db.selectFrom('interaction_participants').select('id').where('interaction_id', '=', before.id).execute()).toEqual([]);
  });
});

describe('PUT /api/district data_retention_years', () => {
  const profile = { name: 'Maple Test District', timezone: 'America/Chicago', school_year_start_month: 8 };

  it.each([
    [0], [11], [1.5], ['3'], [true],
  ])('422 naming the field for %j, nothing changed', async (value) => {
    const asAdmin = await loginAs(t.app, w.admin);
    const res = await putAs(asAdmin, '/api/district', { ...profile, data_retention_years: value });
    expectFieldError(res, 'data_retention_years', 'Data retention must be off or a whole number of school years from 1 to 10.');
    const row = await t.db.selectFrom('districts').select('settings').where('id', '=', w.district.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings).data_retention_years).toBeUndefined();
  });

  it('403 without manage settings', async () => {
    const res = await putAs(await loginAs(t.app, w.principal), '/api/district', { ...profile, data_retention_years: 3 });
    expect(res.status).toBe(403);
    expect((await (await loginAs(t.app, w.admin)).get('/api/district')).body.data_retention_years).toBeNull();
  });

  it('403 while Coachwell staff impersonate an administrator: turning it on or changing it is the district\'s own act; the same value saves', async () => {
    await setYears(t.db, w.district.id, 5);
    const asSupport = await impersonatingAgent(t, w.admin.id);
    for (const years of [3, null]) {
      const res = await putAs(asSupport, '/api/district', { ...profile, data_retention_years: years });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Coachwell staff cannot change the data retention setting while signed in as someone. The district's administrators can.");
    }
    const row = await t.db.selectFrom('districts').select(['name', 'settings']).where('id', '=', w.district.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings).data_retention_years).toBe(5);
    expect(row.name).toBe('Maple Test District');
    // The profile form sends the setting as it is: the rest of the profile still saves.
    const same = await putAs(asSupport, '/api/district', { ...profile, name: 'Maple Grove Renamed', data_retention_years: 5 });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ name: 'Maple Grove Renamed', data_retention_years: 5 });
  });

  it('stores it, answers it with the day records are kept from, audits it, and null turns it off', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T18:00:00Z'));
    const asAdmin = await loginAs(t.app, w.admin);
    const res = await putAs(asAdmin, '/api/district', { ...profile, data_retention_years: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data_retention_years: 3, retained_from: '2023-08-01' });
    // Every district user reads it (the reports' line).
    expect((await (await loginAs(t.app, w.teacher)).get('/api/district')).body).toMatchObject({ data_retention_years: 3, retained_from: '2023-08-01' });
    const audit = await t.db.selectFrom('audit_log').select('details').where('action', '=', 'district_updated').where('district_id', '=', w.district.id).execute();
    expect(JSON.parse(audit.at(-1)!.details!)).toMatchObject({ data_retention_years: { from: null, to: 3 } });
    // The other settings stay when absent.
    const off = await putAs(asAdmin, '/api/district', { ...profile, data_retention_years: null });
    expect(off.body).toMatchObject({ data_retention_years: null, retained_from: null, shared_notes_visible_to_admins: true });
    const kept = await putAs(asAdmin, '/api/district', { ...profile, data_retention_years: 2 });
    expect((await putAs(asAdmin, '/api/district', profile)).body.data_retention_years).toBe(2);
    expect(kept.status).toBe(200);
  });
});

describe('GET /api/district/retention-preview', () => {
  itRequiresLogin(() => t.app, 'get', '/api/district/retention-preview');

  it('403 without manage settings', async () => {
    expect((await (await loginAs(t.app, w.principal)).get('/api/district/retention-preview')).status).toBe(403);
    expect((await (await loginAs(t.app, w.coach)).get('/api/district/retention-preview')).status).toBe(403);
  });

  it.each([['0'], ['11'], ['x'], ['2.5']])('422 naming years for %s', async (years) => {
    const res = await (await loginAs(t.app, w.admin)).get(`/api/district/retention-preview?years=${years}`);
    expectFieldError(res, 'years', 'Data retention must be off or a whole number of school years from 1 to 10.');
  });

  it('off: the next run\'s date and no counts; with years, what that setting would remove', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T18:00:00Z')); // 12:00 in Chicago: the next run is the night of Dec 1
    await recordsAt(t.db, '2023-05-01T15:00:00.000Z');
    const asAdmin = await loginAs(t.app, w.admin);
    const off = await asAdmin.get('/api/district/retention-preview');
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ years: null, saved_years: null, next_run_on: '2026-12-01', cutoff_day: null, counts: null, last_run: null });
    const three = await asAdmin.get('/api/district/retention-preview?years=3');
    expect(three.body).toMatchObject({ years: 3, saved_years: null, cutoff_day: '2023-08-01', counts: ONE_OF_EACH });
  });

  it('equals what the next run removes, and names the last run afterwards; another district is untouched', async () => {
    await setYears(t.db, w.district.id, 2);
    await setYears(t.db, w.other.id, null);
    await recordsAt(t.db, '2024-07-31T12:00:00.000Z'); // before 2024-08-01
    await recordsAt(t.db, '2024-08-02T12:00:00.000Z'); // after: kept
    await recordsAt(t.db, '2023-01-10T12:00:00.000Z', false); // open cycle, step and request: kept; the rest goes
    const otherBefore = await count(t.db, 'interactions', w.other.id);
    await insertInteraction(t.db, { districtId: w.other.id, typeId: w.otherType.id, coachId: w.otherAdmin.id, startsAt: '2020-01-01T12:00:00.000Z', staff: [{ id: w.stranger.id }] });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T07:00:00Z')); // 01:00 in Chicago: tonight's run is next
    const preview = await (await loginAs(t.app, w.admin)).get('/api/district/retention-preview');
    expect(preview.body).toMatchObject({ years: 2, saved_years: 2, next_run_on: '2026-11-30', cutoff_day: '2024-08-01' });
    const expected = { ...ONE_OF_EACH, interactions: 4, activities: 2, observations: 2, cycle_notes: 1, skill_ratings: 2, self_ratings: 2 };
    expect(preview.body.counts).toEqual(expected);
    vi.setSystemTime(new Date('2026-11-30T08:05:00Z'));
    const runs = await runRetention({ db: t.db, log });
    expect(runs).toEqual([{ districtId: w.district.id, night: '2026-11-30', cutoffDay: '2024-08-01', counts: expected }]);
    // What is left: one of each after the cut-off, and the open cycle (its old note gone), step and request.
    expect(await count(t.db, 'interactions', w.district.id)).toBe(2);
    expect(await count(t.db, 'coaching_cycles', w.district.id)).toBe(2);
    expect(await count(t.db, 'coaching_cycle_notes', w.district.id)).toBe(1);
    expect(await count(t.db, 'action_steps', w.district.id)).toBe(2);
    expect(await count(t.db, 'coaching_requests', w.district.id)).toBe(2);
    expect(await count(t.db, 'interactions', w.other.id)).toBe(otherBefore + 1);
    const after = await (await loginAs(t.app, w.admin)).get('/api/district/retention-preview');
    expect(after.body.counts).toEqual(NONE);
    expect(after.body.last_run).toEqual({ night: '2026-11-30', cutoff_day: '2024-08-01', finished_at: expect.any(String), counts: expected });
  });
});

describe('the nightly run', () => {
  it('runs once per district and night across two runners, audited with its counts', async () => {
    await setYears(t.db, w.district.id, 1);
    await recordsAt(t.db, '2024-03-01T12:00:00.000Z');
    const night = new Date('2026-11-30T09:00:00Z');
    const [a, b] = await Promise.all([runRetention({ db: t.db, log }, night), runRetention({ db: t.db, log }, night)]);
    expect([...a, ...b]).toHaveLength(1);
    expect((await runRetention({ db: t.db, log }, new Date('2026-11-30T10:00:00Z')))).toEqual([]);
    const runs = await t.db.selectFrom('retention_runs').selectAll().execute();
    expect(runs).toEqual([expect.objectContaining({ district_id: w.district.id, night: '2026-11-30', cutoff_day: '2025-08-01', years: 1, status: 'done' })]);
    const audits = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'retention_run').execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ district_id: w.district.id, actor_id: null, subject_type: 'district', subject_id: w.district.id });
    expect(JSON.parse(audits[0]!.details!)).toEqual({ night: '2026-11-30', years: 1, cutoff_day: '2025-08-01', counts: ONE_OF_EACH });
    expect(auditSentence({
      action: 'retention_run', actor: null, impersonator: null, subject: { type: 'district', id: w.district.id, label: w.district.name },
      district: { id: w.district.id, name: w.district.name }, details: JSON.parse(audits[0]!.details!) as Record<string, unknown>,
    })).toBe(`The nightly retention run deleted coaching records dated before 2025-08-01 under the retention setting of ${w.district.name}: `
      + '2 interactions, 1 observation, 1 skill rating and other records');
    // The next night runs again (nothing left to remove).
    const next = await runRetention({ db: t.db, log }, new Date('2026-12-01T09:00:00Z'));
    expect(next).toEqual([{ districtId: w.district.id, night: '2026-12-01', cutoffDay: '2025-08-01', counts: NONE }]);
  });

  it('does nothing outside the night, nor for a district with the setting off', async () => {
    await recordsAt(t.db, '2020-03-01T12:00:00.000Z');
    expect(await runRetention({ db: t.db, log }, new Date('2026-11-30T09:00:00Z'))).toEqual([]);
    await setYears(t.db, w.district.id, 1);
    expect(await runRetention({ db: t.db, log }, new Date('2026-11-30T18:00:00Z'))).toEqual([]);
    expect(await count(t.db, 'interactions', w.district.id)).toBe(2);
    expect(await t.db.selectFrom('retention_runs').selectAll().execute()).toEqual([]);
  });

  it('keeps the reports\' rollups equal to the rows, and an educator\'s current level falls back to their latest rating left', async () => {
    await setYears(t.db, w.district.id, 1);
    for (const at of ['2024-02-01T15:00:00.000Z', '2025-07-31T15:00:00.000Z', '2025-08-15T15:00:00.000Z', '2026-09-15T15:00:00.000Z']) await recordsAt(t.db, at);
    const skill = await t.db.selectFrom('skills').select('id').where('district_id', '=', w.district.id).orderBy('id').executeTakeFirstOrThrow();
    const now = nowIso();
    // Cy's current level points at a rating of 2024 that the run removes (as do his 2023 one); his 2025-10-01 rating
    // is the latest left and becomes current.
    const old = await t.db.insertInto('skill_ratings').values({
      district_id: w.district.id, staff_id: w.cy.id, skill_id: skill.id, level: 4, rated_on: '2024-01-01', rated_by: w.coach.id, note: null, interaction_id: null, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('skill_current_levels').values({ district_id: w.district.id, staff_id: w.cy.id, skill_id: skill.id, rating_id: old.id, level: 4, rated_on: '2024-01-01', rated_by: w.coach.id, note: null }).execute();
    await t.db.insertInto('skill_ratings').values({
      district_id: w.district.id, staff_id: w.cy.id, skill_id: skill.id, level: 1, rated_on: '2023-12-01', rated_by: w.coach.id, note: null, interaction_id: null, created_at: now,
    }).execute();
    // An interaction before the cut-off that carried a rating dated after it: the rating goes with it.
    const carried = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, startsAt: '2025-01-10T15:00:00.000Z', staff: [{ id: w.ben.id }] });
    await t.db.insertInto('skill_ratings').values({
      district_id: w.district.id, staff_id: w.ben.id, skill_id: skill.id, level: 3, rated_on: '2025-09-01', rated_by: w.coach.id, note: null, interaction_id: carried.id, created_at: now,
    }).execute();
    const latest = await t.db.insertInto('skill_ratings').values({
      district_id: w.district.id, staff_id: w.cy.id, skill_id: skill.id, level: 2, rated_on: '2025-10-01', rated_by: w.coach.id, note: null, interaction_id: null, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await runRetention({ db: t.db, log }, new Date('2026-11-30T09:00:00Z'));
    expect(await storedRollups(t.db)).toEqual(await expectedRollups(t.db));
    expect(await storedWalkthroughRollups(t.db)).toEqual(await expectedWalkthroughRollups(t.db));
    expect(await t.db.selectFrom('skill_ratings').select('id').where('interaction_id', '=', carried.id).execute()).toEqual([]);
    const current = await t.db.selectFrom('skill_current_levels').select(['rating_id', 'level'])
      .where('staff_id', '=', w.cy.id).where('skill_id', '=', skill.id).executeTakeFirstOrThrow();
    expect(current).toEqual({ rating_id: latest.id, level: 2 });
    expect(await count(t.db, 'observations', w.district.id)).toBe(2);
  });
});
