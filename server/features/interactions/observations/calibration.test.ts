// Observer calibration (issue 28, item 5): calibration sessions (/api/calibration-session) and the agreement of
// their observers (/api/calibration-agreement). A small hand-made world whose figures are worked out by hand:
// three observers of one lesson on the Coaching observation form in October, two in November (the form edited
// in between: items matched by lineage across versions), a draft that never counts. Then the order of
// ARCHITECTURE: 401, 419, 422, 404 across districts, 403 (educator, plan), success and the database after it.
import { beforeEach, describe, expect, it } from 'vitest';
import { CALIBRATION_MESSAGES as C } from '../../../../common/schemas/calibration';
import { OBSERVATION_MESSAGES as M } from '../../../../common/schemas/observations';
import { planFeatureMessage } from '../../../../common/plans';
import { nowIso } from '../../../../db/connection';
import { appWith, csrfHeaders, guestAgent, loginAs, postAs, type TestAgent, type TestApp } from '../../../testing/app';
import { expectFieldError } from '../../../testing/checks';
import { buildInteractionsWorld, type InteractionsWorld, observationForm } from '../../../testing/interactions.fixture';
import { districtVersion } from '../../../lib/keptAnswers';
import { compareAnswers } from './calibrationAgreement';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

const coachingForm = (districtId: number) => observationForm(t.db, districtId, 'Coaching observation');

/** Version 2 of the form, as an edit after observations writes it: every item copied, keeping its lineage. */
async function newVersion(form: Awaited<ReturnType<typeof coachingForm>>) {
  const now = nowIso();
  const { id } = await t.db.insertInto('observation_form_versions').values({
    district_id: w.district.id, form_id: form.id, version: 2, name: 'Coaching observation', description: null, created_by: w.admin.id, created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  for (const i of form.items) {
    await t.db.insertInto('observation_form_items').values({
      district_id: w.district.id, version_id: id, lineage_id: i.lineage_id ?? i.id, position: i.position, section: i.section,
      label: i.label === 'Clear learning goals' ? 'Clear learning goals, stated and used' : i.label, kind: i.kind, required: i.required, config: i.config, skill_id: i.skill_id,
    }).execute();
  }
  await t.db.updateTable('observation_forms').set({ current_version_id: id }).where('id', '=', form.id).execute();
  return coachingForm(w.district.id);
}

const OCT = '2026-10-06T14:00:00.000Z';
const NOV = '2026-11-10T15:00:00.000Z';

async function session(agent: TestAgent, formId: number, observedAt: string, title = 'Grade 7 math, Jordan Ellis') {
  const res = await postAs(agent, '/api/calibration-session', { title, form_id: formId, staff_id: w.jordan.id, observed_at: observedAt, notes: 'Period 2.' });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

type Answers = { focus?: string; parts?: string[]; goals?: number; explanations?: number };
async function observe(agent: TestAgent, form: Awaited<ReturnType<typeof coachingForm>>, calibrationId: number, observedAt: string, a: Answers, status = 'completed') {
  const answers: { item_id: number; value: unknown }[] = [{ item_id: form.item('What students said and did').id, value: 'Pairs compared graphs.' }];
  if (a.focus) answers.push({ item_id: form.item('Focus of this observation').id, value: a.focus });
  if (a.parts) answers.push({ item_id: form.item('Part of the lesson seen').id, value: a.parts });
  if (a.goals) answers.push({ item_id: form.items.find((i) => i.label.startsWith('Clear learning goals'))!.id, value: a.goals });
  if (a.explanations) answers.push({ item_id: form.item('Clear explanations').id, value: a.explanations });
  return postAs(agent, '/api/observation', {
    form_id: form.id, staff_id: w.jordan.id, observed_at: observedAt, duration_minutes: 40, status, answers, calibration_id: calibrationId,
  });
}

/** The hand-made world: October's session with three observers, November's with two (on version 2) and a draft. */
async function calibratedWorld() {
  const [admin, principal, coach] = [await loginAs(t.app, w.admin), await loginAs(t.app, w.principal), await loginAs(t.app, w.coach)];
  let form = await coachingForm(w.district.id);
  const october = await session(coach, form.id, OCT);
  expect((await observe(coach, form, october.id, OCT, { focus: 'A regular visit', parts: ['Opening', 'Closing'], goals: 3, explanations: 2 })).status).toBe(201);
  expect((await observe(principal, form, october.id, OCT, { focus: 'A regular visit', parts: ['Closing', 'Opening'], goals: 3, explanations: 4 })).status).toBe(201);
  expect((await observe(admin, form, october.id, OCT, { focus: 'A new practice being tried', goals: 2, explanations: 3 })).status).toBe(201);
  form = await newVersion(form);
  const november = await session(coach, form.id, NOV, 'Grade 7 math again');
  expect((await observe(coach, form, november.id, NOV, { focus: 'A regular visit', goals: 3, explanations: 3 })).status).toBe(201);
  expect((await observe(principal, form, november.id, NOV, { focus: 'A regular visit', goals: 3, explanations: 3 })).status).toBe(201);
  // A draft never counts: had it counted, November's agreement would not be whole.
  expect((await observe(admin, form, november.id, NOV, { focus: 'A lesson the educator asked us to see', goals: 1, explanations: 1 }, 'draft')).status).toBe(201);
  return { admin, principal, coach, form, october, november };
}

describe('agreement, item by item', () => {
  it('compares ratings exactly and within one level, look-fors (na as an answer) and choices exactly, and nothing else', () => {
    expect(compareAnswers('rating', 3, 3)).toEqual({ compared: 1, exact: 1, rating_compared: 1, within_one: 1 });
    expect(compareAnswers('rating', 2, 3)).toEqual({ compared: 1, exact: 0, rating_compared: 1, within_one: 1 });
    expect(compareAnswers('rating', 1, 3)).toEqual({ compared: 1, exact: 0, rating_compared: 1, within_one: 0 });
    expect(compareAnswers('look_for', 'na', 'na')).toEqual({ compared: 1, exact: 1, rating_compared: 0, within_one: 0 });
    expect(compareAnswers('look_for', 'na', 'yes')).toEqual({ compared: 1, exact: 0, rating_compared: 0, within_one: 0 });
    expect(compareAnswers('choice', ['a', 'b'], ['b', 'a'])).toEqual({ compared: 1, exact: 1, rating_compared: 0, within_one: 0 });
    expect(compareAnswers('choice', ['a'], ['a', 'b'])).toEqual({ compared: 1, exact: 0, rating_compared: 0, within_one: 0 });
    expect(compareAnswers('text', 'x', 'x')).toBeNull();
    expect(compareAnswers('number', 4, 4)).toBeNull();
    expect(compareAnswers('rating', 3, null)).toBeNull();
  });
});

describe('GET /api/calibration-session/{id}', () => {
  it('answers the session, its observers and the agreement per item and per pair, from completed observations only', async () => {
    const { coach, october, november } = await calibratedWorld();
    // Five completed calibration observations with rating items linked to skills: none rated Jordan's skills.
    expect(await t.db.selectFrom('skill_ratings').selectAll().where('staff_id', '=', w.jordan.id).execute()).toEqual([]);
    const res = await coach.get(`/api/calibration-session/${october.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: october.id, title: 'Grade 7 math, Jordan Ellis', notes: 'Period 2.', observed_at: OCT, archived_at: null,
      educator: { id: w.jordan.id, name: 'Jordan Ellis' }, school: { id: w.lincoln.id, name: 'Lincoln Middle' },
      created_by: { id: w.coach.id, name: 'Casey Coach' }, can_archive: true,
      observers: [{ id: w.coach.id, name: 'Casey Coach' }, { id: w.principal.id, name: 'Pia Principal' }, { id: w.admin.id, name: 'Ada Admin' }],
    });
    expect(res.body.my_observation).toMatchObject({ status: 'completed' });
    const { agreement } = res.body;
    // Three pairs. Ada–Pia: focus differs, parts not compared (Ada left it), goals 2/3 and explanations 3/4 within one.
    // Ada–Casey: focus differs, goals 2/3 and explanations 3/2 within one. Pia–Casey: focus, parts (same set) and goals agree, explanations 4/2 do not.
    expect(agreement.overall).toEqual({ compared: 10, exact: 3, exact_rate: 0.3, rating_compared: 6, within_one: 5, within_one_rate: 0.833 });
    const byLabel = Object.fromEntries(agreement.items.map((i: { label: string }) => [i.label, i]));
    expect(byLabel['Focus of this observation']).toMatchObject({ kind: 'choice', compared: 3, exact: 1, exact_rate: 0.333, rating_compared: 0, within_one_rate: null });
    expect(byLabel['Part of the lesson seen']).toMatchObject({ compared: 1, exact: 1, exact_rate: 1 });
    // Named as the form's latest version names it (the item kept its lineage).
    expect(byLabel['Clear learning goals, stated and used']).toMatchObject({ kind: 'rating', compared: 3, exact: 1, within_one: 3, within_one_rate: 1 });
    expect(byLabel['Clear explanations']).toMatchObject({ compared: 3, exact: 0, within_one: 2, within_one_rate: 0.667 });
    expect(byLabel['Active engagement']).toMatchObject({ compared: 0, exact_rate: null });
    // Text and number items are not compared.
    expect(agreement.items.map((i: { kind: string }) => i.kind)).not.toContain('text');
    expect(agreement.items.map((i: { kind: string }) => i.kind)).not.toContain('number');
    expect(agreement.pairs).toEqual([
      { observers: [{ id: w.admin.id, name: 'Ada Admin' }, { id: w.principal.id, name: 'Pia Principal' }], sessions: 1, compared: 3, exact: 0, exact_rate: 0, rating_compared: 2, within_one: 2, within_one_rate: 1 },
      { observers: [{ id: w.admin.id, name: 'Ada Admin' }, { id: w.coach.id, name: 'Casey Coach' }], sessions: 1, compared: 3, exact: 0, exact_rate: 0, rating_compared: 2, within_one: 2, within_one_rate: 1 },
      { observers: [{ id: w.principal.id, name: 'Pia Principal' }, { id: w.coach.id, name: 'Casey Coach' }], sessions: 1, compared: 4, exact: 3, exact_rate: 0.75, rating_compared: 2, within_one: 1, within_one_rate: 0.5 },
    ].sort((a, b) => a.observers[0]!.name.localeCompare(b.observers[0]!.name) || a.observers[1]!.name.localeCompare(b.observers[1]!.name)));

    // November: the admin's draft is not an observer and not counted; the two completed ones agree on all three items.
    const nov = await coach.get(`/api/calibration-session/${november.id}`);
    expect(nov.body.observers.map((o: { id: number }) => o.id)).toEqual([w.coach.id, w.principal.id]);
    expect(nov.body.agreement.overall).toEqual({ compared: 3, exact: 3, exact_rate: 1, rating_compared: 2, within_one: 2, within_one_rate: 1 });
    const admin = await loginAs(t.app, w.admin);
    expect((await admin.get(`/api/calibration-session/${november.id}`)).body.my_observation).toMatchObject({ status: 'draft' });
  });

  it('404 for another district\'s session, and for a session of an educator outside the reader\'s scope', async () => {
    const { october } = await calibratedWorld();
    const other = await loginAs(t.app, w.otherAdmin);
    const res = await other.get(`/api/calibration-session/${october.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(C.notFound);
    expect((await other.get('/api/calibration-session')).body.data).toEqual([]);
    // Cole coaches at Oak Hollow: Jordan (Lincoln) is outside his scope.
    const cole = await loginAs(t.app, w.coach2);
    expect((await cole.get(`/api/calibration-session/${october.id}`)).status).toBe(404);
    expect((await cole.get('/api/calibration-session')).body.data).toEqual([]);
    expect((await cole.get('/api/calibration-session/abc')).status).toBe(404);
  });

  it('403 for an educator and without the observation-forms plan feature', async () => {
    const { october } = await calibratedWorld();
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.get(`/api/calibration-session/${october.id}`)).status).toBe(403);
    const essentials = await t.db.selectFrom('plans').select('id').where('key', '=', 'essentials').executeTakeFirstOrThrow();
    await t.db.updateTable('districts').set({ plan_id: essentials.id }).where('id', '=', w.district.id).execute();
    const coach = await loginAs(t.app, w.coach);
    const res = await coach.get(`/api/calibration-session/${october.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(planFeatureMessage('observation-forms'));
    expect((await postAs(coach, '/api/calibration-session', {})).status).toBe(403);
    expect((await coach.get('/api/calibration-agreement?filter[form_id]=1')).status).toBe(403);
  });
});

describe('GET /api/calibration-agreement', () => {
  it('answers a form\'s agreement by month and by pair across its sessions (archived ones too)', async () => {
    const { coach, form, october } = await calibratedWorld();
    expect((await postAs(coach, `/api/calibration-session/${october.id}/archive`)).status).toBe(200);
    const res = await coach.get(`/api/calibration-agreement?filter[form_id]=${form.id}`);
    expect(res.status).toBe(200);
    expect(res.body.form).toEqual({ id: form.id, name: 'Coaching observation' });
    expect(res.body.sessions).toBe(2);
    expect(res.body.months).toEqual([
      { month: '2026-10', sessions: 1, compared: 10, exact: 3, exact_rate: 0.3, rating_compared: 6, within_one: 5, within_one_rate: 0.833 },
      { month: '2026-11', sessions: 1, compared: 3, exact: 3, exact_rate: 1, rating_compared: 2, within_one: 2, within_one_rate: 1 },
    ]);
    expect(res.body.overall).toEqual({ compared: 13, exact: 6, exact_rate: 0.462, rating_compared: 8, within_one: 7, within_one_rate: 0.875 });
    const pia = res.body.pairs.find((p: { observers: { id: number }[] }) => p.observers.every((o) => [w.principal.id, w.coach.id].includes(o.id)));
    expect(pia).toMatchObject({ sessions: 2, compared: 7, exact: 6, rating_compared: 4, within_one: 3 });
    // A range that holds November only.
    const nov = await coach.get(`/api/calibration-agreement?filter[form_id]=${form.id}&filter[from]=2026-11-01&filter[to]=2026-11-30`);
    expect(nov.body.months.map((m: { month: string }) => m.month)).toEqual(['2026-11']);
  });

  it('422 without a form, for another district\'s form, on bad dates', async () => {
    const coach = await loginAs(t.app, w.coach);
    expectFieldError(await coach.get('/api/calibration-agreement'), 'filter.form_id', C.formNeeded);
    const other = await t.db.selectFrom('observation_forms').select('id').where('district_id', '=', w.other.id).executeTakeFirstOrThrow();
    expectFieldError(await coach.get(`/api/calibration-agreement?filter[form_id]=${other.id}`), 'filter.form_id', C.formNeeded);
    const form = await coachingForm(w.district.id);
    expectFieldError(await coach.get(`/api/calibration-agreement?filter[form_id]=${form.id}&filter[from]=2026-11-02&filter[to]=2026-11-01`), 'filter.to', 'To must be on or after From.');
    expect((await coach.get(`/api/calibration-agreement?filter[form_id]=${form.id}&filter[colour]=red`)).status).toBe(422);
  });
});

describe('POST /api/calibration-session', () => {
  it('401 for a guest, 419 without the CSRF token', async () => {
    const guest = await guestAgent(t.app);
    expect((await guest.get('/api/calibration-session')).status).toBe(401);
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.post('/api/calibration-session').send({})).status).toBe(419);
  });

  it('422 per bad field', async () => {
    const coach = await loginAs(t.app, w.coach);
    const form = await coachingForm(w.district.id);
    const good = { title: 'Calibration', form_id: form.id, staff_id: w.jordan.id, observed_at: OCT };
    expectFieldError(await postAs(coach, '/api/calibration-session', { ...good, title: '' }), 'title', 'Title is required.');
    expectFieldError(await postAs(coach, '/api/calibration-session', { ...good, observed_at: 'soon' }), 'observed_at', expect.any(String) as unknown as string);
    // An educator outside the caller's scope, or of another district: the same message.
    expectFieldError(await postAs(coach, '/api/calibration-session', { ...good, staff_id: w.cy.id }), 'staff_id', M.educatorNotFound);
    expectFieldError(await postAs(coach, '/api/calibration-session', { ...good, staff_id: w.stranger.id }), 'staff_id', M.educatorNotFound);
    const otherForm = await t.db.selectFrom('observation_forms').select('id').where('district_id', '=', w.other.id).executeTakeFirstOrThrow();
    expectFieldError(await postAs(coach, '/api/calibration-session', { ...good, form_id: otherForm.id }), 'form_id', M.formNotFound);
    await t.db.updateTable('observation_forms').set({ archived_at: nowIso() }).where('id', '=', form.id).execute();
    expectFieldError(await postAs(coach, '/api/calibration-session', good), 'form_id', M.formArchived);
    expect(await t.db.selectFrom('calibration_sessions').selectAll().execute()).toEqual([]);
  });

  it('403 for an educator', async () => {
    const teacher = await loginAs(t.app, w.teacher);
    expect((await postAs(teacher, '/api/calibration-session', {})).status).toBe(403);
  });

  it('201: the session at the educator\'s school, audited; the district\'s version moves (migration 0161\'s triggers)', async () => {
    const coach = await loginAs(t.app, w.coach);
    const form = await coachingForm(w.district.id);
    const before = { mine: await districtVersion(t.db, w.district.id), other: await districtVersion(t.db, w.other.id) };
    const { id } = await session(coach, form.id, OCT);
    expect(await districtVersion(t.db, w.district.id)).toBeGreaterThan(before.mine);
    expect(await districtVersion(t.db, w.other.id)).toBe(before.other);
    const archived = await districtVersion(t.db, w.district.id);
    expect((await postAs(coach, `/api/calibration-session/${id}/archive`)).status).toBe(200);
    expect(await districtVersion(t.db, w.district.id)).toBeGreaterThan(archived);
    expect((await postAs(coach, `/api/calibration-session/${id}/restore`)).status).toBe(200);
    const row = await t.db.selectFrom('calibration_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      district_id: w.district.id, form_id: form.id, staff_id: w.jordan.id, building_id: w.lincoln.id, observed_at: OCT,
      title: 'Grade 7 math, Jordan Ellis', notes: 'Period 2.', created_by: w.coach.id, archived_at: null,
    });
    const audit = await t.db.selectFrom('audit_log').select(['action', 'subject_id']).where('action', 'like', 'calibration_session.%').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'calibration_session.created', subject_id: id }, { action: 'calibration_session.archived', subject_id: id },
      { action: 'calibration_session.restored', subject_id: id },
    ]);
    const list = await coach.get('/api/calibration-session');
    expect(list.body.data).toMatchObject([{ id, observers: [], my_observation: null, can_archive: true }]);
  });
});

describe('POST /api/observation with calibration_id', () => {
  it('422 on calibration_id for another district\'s session, another educator or form, an archived session, a second observation', async () => {
    const coach = await loginAs(t.app, w.coach);
    const form = await coachingForm(w.district.id);
    const s = await session(coach, form.id, OCT);
    const otherForm = await t.db.selectFrom('observation_forms').select('id').where('district_id', '=', w.other.id).executeTakeFirstOrThrow();
    const otherStaff = await t.db.selectFrom('staff').select('id').where('district_id', '=', w.other.id).executeTakeFirstOrThrow();
    const { id: foreign } = await t.db.insertInto('calibration_sessions').values({
      district_id: w.other.id, form_id: otherForm.id, staff_id: otherStaff.id, building_id: null, observed_at: OCT, title: 'Cedar',
      notes: null, created_by: w.otherAdmin.id, created_at: nowIso(), updated_at: nowIso(), archived_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    expectFieldError(await observe(coach, form, foreign, OCT, { goals: 3 }), 'calibration_id', C.sessionNotFound);
    expectFieldError(await observe(coach, form, 999999, OCT, { goals: 3 }), 'calibration_id', C.sessionNotFound);
    // Another educator than the session's.
    const ana = await postAs(coach, '/api/observation', {
      form_id: form.id, staff_id: w.ana.id, observed_at: OCT, duration_minutes: 30, answers: [], calibration_id: s.id,
    });
    expectFieldError(ana, 'calibration_id', C.sessionNotFound);
    // Another form than the session's.
    const walk = await t.db.selectFrom('observation_forms').select('id').where('district_id', '=', w.district.id).where('builtin', '=', 1).executeTakeFirstOrThrow();
    expectFieldError(await postAs(coach, '/api/observation', {
      form_id: walk.id, staff_id: w.jordan.id, observed_at: OCT, duration_minutes: 30, answers: [], calibration_id: s.id,
    }), 'calibration_id', C.sessionNotFound);
    // One observation per observer and session (a draft too).
    expect((await observe(coach, form, s.id, OCT, { goals: 3 }, 'draft')).status).toBe(201);
    expectFieldError(await observe(coach, form, s.id, OCT, { goals: 3 }), 'calibration_id', C.alreadyObserved);
    // An archived session takes no new observation, but its observers still edit theirs.
    const principal = await loginAs(t.app, w.principal);
    expect((await postAs(coach, `/api/calibration-session/${s.id}/archive`)).status).toBe(200);
    expectFieldError(await observe(principal, form, s.id, OCT, { goals: 3 }), 'calibration_id', C.sessionNotFound);
    const mine = await t.db.selectFrom('observations').select('id').where('calibration_id', '=', s.id).executeTakeFirstOrThrow();
    const edited = await coach.put(`/api/observation/${mine.id}`).set(csrfHeaders(coach)).send({
      form_id: form.id, staff_id: w.jordan.id, observed_at: OCT, duration_minutes: 40, status: 'completed', calibration_id: s.id,
      answers: [{ item_id: form.item('What students said and did').id, value: 'Pairs compared graphs.' }, { item_id: form.item('Focus of this observation').id, value: 'A regular visit' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.calibration_id).toBe(s.id);
  });

  it('a calibration observation is an interaction, but the walkthrough report leaves it out', async () => {
    const coach = await loginAs(t.app, w.coach);
    const walk = await t.db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
      .select(['f.id', 'f.current_version_id']).where('f.district_id', '=', w.district.id).where('f.builtin', '=', 1).executeTakeFirstOrThrow();
    const items = await t.db.selectFrom('observation_form_items').select(['id', 'kind']).where('version_id', '=', walk.current_version_id!).orderBy('position').execute();
    const s = await session(coach, walk.id, OCT);
    const body = (extra: object) => ({
      form_id: walk.id, staff_id: w.jordan.id, observed_at: OCT, duration_minutes: 15, status: 'completed',
      answers: items.filter((i) => i.kind === 'look_for').map((i) => ({ item_id: i.id, value: 'yes' })), ...extra,
    });
    const calibrated = await postAs(coach, '/api/observation', body({ calibration_id: s.id }));
    expect(calibrated.status).toBe(201);
    expect(calibrated.body.interaction_id).toEqual(expect.any(Number));
    expect((await postAs(coach, '/api/observation', body({}))).status).toBe(201);
    const admin = await loginAs(t.app, w.admin);
    const report = await admin.get(`/api/report/walkthroughs?form_id=${walk.id}&filter[from]=2026-10-01&filter[to]=2026-10-31`);
    expect(report.status).toBe(200);
    expect(report.body.headline.observations).toBe(1);
  });
});

describe('GET /api/observation/{id} of a calibration observation', () => {
  it('names its session to a reader of the session; null for the educator it was shared with and without the plan feature', async () => {
    const coach = await loginAs(t.app, w.coach);
    const form = await coachingForm(w.district.id);
    const s = await session(coach, form.id, OCT, 'Grade 7 math, period 2');
    const made = await observe(coach, form, s.id, OCT, { focus: 'A regular visit', goals: 3 });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect(made.body.calibration).toEqual({ id: s.id, title: 'Grade 7 math, period 2' });
    // The principal reads the session (Jordan is at her school), the admin all of them.
    for (const agent of [await loginAs(t.app, w.principal), await loginAs(t.app, w.admin)]) {
      const res = await agent.get(`/api/observation/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.calibration).toEqual({ id: s.id, title: 'Grade 7 math, period 2' });
    }
    // The educator reads the shared observation but has no calibration (the session is 403 to them).
    expect((await postAs(coach, `/api/observation/${id}/share`, { answers: true, notes: true })).status).toBe(200);
    const teacher = await loginAs(t.app, w.teacher);
    const own = await teacher.get(`/api/observation/${id}`);
    expect(own.status).toBe(200);
    expect(own.body.calibration).toBeNull();
    expect((await teacher.get(`/api/calibration-session/${s.id}`)).status).toBe(403);
    // An observation outside any session: null.
    const plain = await postAs(coach, '/api/observation', { form_id: form.id, staff_id: w.jordan.id, observed_at: NOV, duration_minutes: 30, status: 'draft', answers: [] });
    expect(plain.body.calibration).toBeNull();
    // Without the plan feature the session is not readable, and the observation does not name it.
    const essentials = await t.db.selectFrom('plans').select('id').where('key', '=', 'essentials').executeTakeFirstOrThrow();
    await t.db.updateTable('districts').set({ plan_id: essentials.id }).where('id', '=', w.district.id).execute();
    const again = await (await loginAs(t.app, w.coach)).get(`/api/observation/${id}`);
    expect(again.status).toBe(200);
    expect(again.body.calibration).toBeNull();
  });
});

describe('POST /api/calibration-session/{id}/archive and /restore', () => {
  it('its creator or a district administrator; 403 for another observer; 409 twice; audited; the list leaves it out', async () => {
    const { principal, coach, admin, october } = await calibratedWorld();
    const refused = await postAs(principal, `/api/calibration-session/${october.id}/archive`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(C.cannotArchive);
    const done = await postAs(coach, `/api/calibration-session/${october.id}/archive`);
    expect(done.status).toBe(200);
    expect(done.body.archived_at).toEqual(expect.any(String));
    expect((await postAs(coach, `/api/calibration-session/${october.id}/archive`)).status).toBe(409);
    expect((await coach.get('/api/calibration-session')).body.data.map((s: { id: number }) => s.id)).not.toContain(october.id);
    expect((await coach.get('/api/calibration-session?filter[status]=archived')).body.data.map((s: { id: number }) => s.id)).toEqual([october.id]);
    expect((await postAs(admin, `/api/calibration-session/${october.id}/restore`)).status).toBe(200);
    const audit = await t.db.selectFrom('audit_log').select('action').where('subject_type', '=', 'calibration_session').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['calibration_session.created', 'calibration_session.created', 'calibration_session.archived', 'calibration_session.restored']);
    const other = await loginAs(t.app, w.otherAdmin);
    expect((await postAs(other, `/api/calibration-session/${october.id}/archive`)).status).toBe(404);
  });
});
