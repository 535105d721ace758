// Action steps (/api/action-step, issue 29 item 2). Everything goes by `see educators`: an educator reads and
// acts only on their own steps (anyone else's is 404), adds their own and marks theirs done; a coach or principal
// the educators of their schools, a district administrator everyone, setting steps from an interaction, an
// observation or a cycle about the same educator, reopening and dropping them; another district's is 404.
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTION_STEP_MESSAGES as M } from '../../../common/schemas/actionSteps';
import { nowIso } from '../../../db/connection';
import { districtVersion } from '../../lib/keptAnswers';
import { appWith, asGuest, guestAgent, loginAs, postAs, putAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRejectsQueries, PAGE_QUERY_ROWS } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import { freezeDateEachTest } from '../../testing/hooks';
import { buildInteractionsWorld, impersonatingAgent, insertInteraction, type InteractionsWorld, observationForm } from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});
// Wednesday 14 October 2026, mid-morning in Chicago.
freezeDateEachTest(new Date('2026-10-14T15:00:00.000Z'));

const stepRow = (id: number) => t.db.selectFrom('action_steps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A step written straight to the database (set by the coach unless told). */
async function insertStep(opts: { staffId: number; districtId?: number; setBy?: number | null; status?: 'open' | 'done' | 'dropped'; dueOn?: string | null; title?: string; doneOn?: string | null }) {
  const now = nowIso();
  return t.db.insertInto('action_steps').values({
    district_id: opts.districtId ?? w.district.id, staff_id: opts.staffId, title: opts.title ?? 'Try turn-and-talk', detail: null, due_on: opts.dueOn ?? null,
    set_by_user_id: opts.setBy === undefined ? w.coach.id : opts.setBy, source_type: null, source_id: null, status: opts.status ?? 'open',
    done_on: opts.doneOn ?? (opts.status === 'done' ? '2026-10-01' : null), note: null, status_by_user_id: null, status_at: null, created_at: now, updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
}

async function insertCycle(staffIds: number[], districtId = w.district.id, coachId = w.coach.id) {
  const now = nowIso();
  const cycle = await t.db.insertInto('coaching_cycles').values({
    district_id: districtId, coach_id: coachId, title: 'Student discourse', goal: 'More student talk', start_date: '2026-09-01', target_end_date: null,
    status: 'active', stage_id: null, stage_entered_on: null, outcome: null, reflection: null, completed_on: null, created_by: coachId, updated_by: coachId,
    created_at: now, updated_at: now, deleted_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  for (const id of staffIds) await t.db.insertInto('coaching_cycle_staff').values({ district_id: districtId, cycle_id: cycle.id, staff_id: id }).execute();
  return cycle;
}

async function insertObservation(staffId: number, districtId = w.district.id) {
  const f = await observationForm(t.db, districtId, 'Classroom walkthrough');
  const now = nowIso();
  return t.db.insertInto('observations').values({
    district_id: districtId, form_id: f.id, version_id: f.current_version_id!, staff_id: staffId, observer_id: w.coach.id, interaction_id: null,
    building_id: null, status: 'completed', observed_at: '2026-10-06T14:05:00.000Z', duration_minutes: 15, notes: null, private_notes: null,
    next_steps: 'Try turn-and-talk.', calibration_id: null, share_answers: 0, share_notes: 0, shared_at: null, shared_by: null, acknowledged_at: null,
    reflection: null, created_at: now, updated_at: now, deleted_at: null,
  }).returning('id').executeTakeFirstOrThrow();
}

describe('GET /api/action-step', () => {
  it('401 for a guest', async () => {
    expect((await (await guestAgent(t.app)).get('/api/action-step')).status).toBe(401);
  });

  itRejectsQueries('/api/action-step', () => loginAs(t.app, w.coach), [
    ...PAGE_QUERY_ROWS,
    ['filter[status]=late', 'filter.status', 'Status must be open, done or dropped.'],
    ['filter[staff_id]=x', 'filter.staff_id', 'Educator must be an educator ID.'],
    ['filter[due]=soon', 'filter', 'Unknown filter: due. Filters are staff_id and status.'],
  ]);

  it('each reader sees the steps of the educators their scope reaches, in order: open by due day, then done and dropped', async () => {
    const late = await insertStep({ staffId: w.jordan.id, dueOn: '2026-10-10', title: 'Post the learning goal' });
    const soon = await insertStep({ staffId: w.jordan.id, dueOn: '2026-10-16', title: 'Try turn-and-talk' });
    const undated = await insertStep({ staffId: w.jordan.id, title: 'Read the discourse chapter' });
    const done = await insertStep({ staffId: w.jordan.id, status: 'done', doneOn: '2026-10-02', title: 'Plan exit tickets' });
    const dropped = await insertStep({ staffId: w.jordan.id, status: 'dropped', title: 'Seating chart' });
    const ana = await insertStep({ staffId: w.ana.id });
    const cy = await insertStep({ staffId: w.cy.id, setBy: w.coach2.id });
    await insertStep({ staffId: w.stranger.id, districtId: w.other.id, setBy: w.otherAdmin.id });
    const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((s) => s.id);

    const teacher = await loginAs(t.app, w.teacher);
    const own = await teacher.get('/api/action-step');
    expect(own.status).toBe(200);
    expect(ids(own)).toEqual([late.id, soon.id, undated.id, done.id, dropped.id]);
    expect(own.body.meta).toEqual({ page: 1, per_page: 25, total: 5, last_page: 1 });
    expect(own.body.data[0]).toEqual({
      id: late.id, educator: { id: w.jordan.id, name: 'Jordan Ellis' }, title: 'Post the learning goal', detail: null, due_on: '2026-10-10', status: 'open',
      done_on: null, note: null, source: null, set_by: { id: w.coach.id, name: 'Casey Coach' }, can_edit: false, can_complete: true, can_manage: false,
      created_at: late.created_at, updated_at: late.updated_at, client_id: null,
    });
    // An educator asking for someone else's steps gets none of them.
    expect(ids(await teacher.get(`/api/action-step?filter[staff_id]=${w.ana.id}`))).toEqual([]);

    const coach = await loginAs(t.app, w.coach); // Lincoln's coach: Jordan and Ana, not Cy at Oak
    expect(ids(await coach.get('/api/action-step?filter[status]=open')).sort()).toEqual([late.id, soon.id, undated.id, ana.id].sort());
    expect(ids(await coach.get(`/api/action-step?filter[staff_id]=${w.cy.id}`))).toEqual([]);
    const coach2 = await loginAs(t.app, w.coach2);
    expect(ids(await coach2.get('/api/action-step'))).toEqual([cy.id]);
    const principal = await loginAs(t.app, w.principal);
    expect(ids(await principal.get('/api/action-step')).sort()).toEqual([late.id, soon.id, undated.id, done.id, dropped.id, ana.id].sort());
    const admin = await loginAs(t.app, w.admin);
    expect(ids(await admin.get('/api/action-step?filter[status][]=done&filter[status][]=dropped'))).toEqual([done.id, dropped.id]);
    expect((await admin.get('/api/action-step')).body.meta.total).toBe(7);
    const paged = await admin.get('/api/action-step?per_page=2&page=2');
    expect(paged.body.meta).toEqual({ page: 2, per_page: 2, total: 7, last_page: 4 });
  });
});

describe('GET /api/action-step/{id}', () => {
  it('404 for another district\'s, another educator\'s (to an educator), a coach\'s other school, and a bad id', async () => {
    const jordans = await insertStep({ staffId: w.jordan.id });
    const anas = await insertStep({ staffId: w.ana.id });
    const cys = await insertStep({ staffId: w.cy.id });
    const strangers = await insertStep({ staffId: w.stranger.id, districtId: w.other.id, setBy: w.otherAdmin.id });
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.get(`/api/action-step/${jordans.id}`)).status).toBe(200);
    expect((await teacher.get(`/api/action-step/${anas.id}`)).body).toEqual({ message: M.notFound, code: 'not_found' });
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.get(`/api/action-step/${cys.id}`)).status).toBe(404);
    const admin = await loginAs(t.app, w.admin);
    expect((await admin.get(`/api/action-step/${strangers.id}`)).status).toBe(404);
    expect((await admin.get('/api/action-step/abc')).status).toBe(404);
    expect((await admin.get(`/api/action-step/${cys.id}`)).body).toMatchObject({ id: cys.id, can_edit: true, can_complete: true, can_manage: true });
  });
});

describe('POST /api/action-step', () => {
  it('401 for a guest, 419 without the CSRF token', async () => {
    expect((await asGuest(t.app, 'post', '/api/action-step', { staff_id: w.jordan.id, title: 'x' })).status).toBe(401);
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.post('/api/action-step').send({ staff_id: w.jordan.id, title: 'x' })).status).toBe(419);
  });

  it('422 naming each bad field', async () => {
    const coach = await loginAs(t.app, w.coach);
    const base = { staff_id: w.jordan.id, title: 'Try turn-and-talk' };
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, title: '  ' }), 'title', 'Title is required.');
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, title: 'x'.repeat(201) }), 'title', 'Title must be at most 200 characters.');
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, detail: 'x'.repeat(2001) }), 'detail', 'Detail must be at most 2000 characters.');
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, due_on: '2026-02-30' }), 'due_on', 'Due date must be a date (YYYY-MM-DD).');
    expectFieldError(await postAs(coach, '/api/action-step', { title: 'x' }), 'staff_id', M.educatorNotFound);
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, source_type: 'email' }), 'source_type', M.sourceType);
    // Educators the caller cannot see, in their district or another: the same 422.
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, staff_id: w.cy.id }), 'staff_id', M.educatorNotFound);
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, staff_id: w.stranger.id }), 'staff_id', M.educatorNotFound);
    // Sources: named, of the district, about the same educator.
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, source_type: 'interaction' }), 'source_id', M.sourceIdRequired);
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, source_id: 5 }), 'source_id', M.sourceIdNotAllowed);
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, source_type: 'own' }), 'source_type', M.sourceOwnByCoach);
    const anasVisit = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, staff: [{ id: w.ana.id }] });
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, source_type: 'interaction', source_id: anasVisit.id }), 'source_id', M.sourceInteraction);
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, source_type: 'interaction', source_id: w.otherInteraction.id }), 'source_id', M.sourceInteraction);
    const anasObservation = await insertObservation(w.ana.id);
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, source_type: 'observation', source_id: anasObservation.id }), 'source_id', M.sourceObservation);
    const anasCycle = await insertCycle([w.ana.id]);
    expectFieldError(await postAs(coach, '/api/action-step', { ...base, source_type: 'cycle', source_id: anasCycle.id }), 'source_id', M.sourceCycle);
    // An educator adds only their own.
    const teacher = await loginAs(t.app, w.teacher);
    expectFieldError(await postAs(teacher, '/api/action-step', { ...base, staff_id: w.ana.id }), 'staff_id', M.educatorNotFound);
    expectFieldError(await postAs(teacher, '/api/action-step', { ...base, source_type: 'observation', source_id: anasObservation.id }), 'source_type', M.ownOnly);
    expect(await t.db.selectFrom('action_steps').select('id').execute()).toEqual([]);
  });

  it('403 for provider staff not impersonating', async () => {
    const support = await loginAs(t.app, await buildUser(t.db, { role: 'provider-support' }));
    expect((await postAs(support, '/api/action-step', { staff_id: w.jordan.id, title: 'x' })).status).toBe(403);
  });

  it('a coach sets a step from an interaction, an observation or a cycle about the educator; stored, audited, and the district version bumped', async () => {
    const coach = await loginAs(t.app, w.coach);
    const visit = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, staff: [{ id: w.jordan.id }] });
    const observation = await insertObservation(w.jordan.id);
    const cycle = await insertCycle([w.jordan.id, w.ana.id]);
    const before = await districtVersion(t.db, w.district.id);
    const res = await postAs(coach, '/api/action-step', {
      staff_id: w.jordan.id, title: ' Try turn-and-talk twice this week ', detail: 'After the mini-lesson.', due_on: '2026-10-21', source_type: 'interaction', source_id: visit.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      educator: { id: w.jordan.id, name: 'Jordan Ellis' }, title: 'Try turn-and-talk twice this week', detail: 'After the mini-lesson.', due_on: '2026-10-21',
      status: 'open', source: { type: 'interaction', id: visit.id }, set_by: { id: w.coach.id, name: 'Casey Coach' }, can_edit: true, can_complete: true, can_manage: true,
    });
    expect(await stepRow(res.body.id)).toMatchObject({ district_id: w.district.id, staff_id: w.jordan.id, set_by_user_id: w.coach.id, source_type: 'interaction', source_id: visit.id, status: 'open' });
    expect(await districtVersion(t.db, w.district.id)).toBeGreaterThan(before);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'subject_type', 'subject_id', 'actor_id']).where('action', 'like', 'action_step.%').execute();
    expect(audit).toEqual([{ action: 'action_step.created', subject_type: 'action_step', subject_id: res.body.id, actor_id: w.coach.id }]);

    for (const [type, id] of [['observation', observation.id], ['cycle', cycle.id]] as const) {
      const more = await postAs(coach, '/api/action-step', { staff_id: w.jordan.id, title: 'Next', source_type: type, source_id: id });
      expect(more.status).toBe(201);
      expect(more.body.source).toEqual({ type, id });
    }
    // From none: a step set straight on the profile.
    const plain = await postAs(coach, '/api/action-step', { staff_id: w.ana.id, title: 'Visit a colleague\'s class' });
    expect(plain.status).toBe(201);
    expect(plain.body.source).toBeNull();
  });

  it('an educator adds their own: source own, set by themself, and may change it', async () => {
    const teacher = await loginAs(t.app, w.teacher);
    const res = await postAs(teacher, '/api/action-step', { staff_id: w.jordan.id, title: 'Film a lesson and watch it', due_on: '2026-10-30' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source: { type: 'own', id: null }, set_by: { id: w.teacher.id }, can_edit: true, can_complete: true, can_manage: false });
    const explicit = await postAs(teacher, '/api/action-step', { staff_id: w.jordan.id, title: 'Read a chapter', source_type: 'own' });
    expect(explicit.status).toBe(201);
    const changed = await putAs(teacher, `/api/action-step/${res.body.id}`, { title: 'Film two lessons', due_on: null });
    expect(changed.status).toBe(200);
    expect(await stepRow(res.body.id)).toMatchObject({ title: 'Film two lessons', due_on: null, detail: null });
  });

  it('provider staff impersonating a coach act as the coach, audited with the impersonator', async () => {
    const agent = await impersonatingAgent(t, w.coach.id);
    const res = await postAs(agent, '/api/action-step', { staff_id: w.jordan.id, title: 'Try turn-and-talk' });
    expect(res.status).toBe(201);
    const audit = await t.db.selectFrom('audit_log').select(['actor_id', 'impersonator_id']).where('action', '=', 'action_step.created').executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(w.coach.id);
    expect(audit.impersonator_id).not.toBeNull();
  });
});

describe('PUT /api/action-step/{id}', () => {
  it('the educator cannot change a step their coach set (403); a coach can; 409 once done; 404 out of reach', async () => {
    const step = await insertStep({ staffId: w.jordan.id, dueOn: '2026-10-20' });
    const teacher = await loginAs(t.app, w.teacher);
    const refused = await putAs(teacher, `/api/action-step/${step.id}`, { title: 'Mine now' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(M.cannotEdit);
    const coach = await loginAs(t.app, w.coach);
    expectFieldError(await putAs(coach, `/api/action-step/${step.id}`, { title: '' }), 'title', 'Title is required.');
    const res = await putAs(coach, `/api/action-step/${step.id}`, { title: 'Try turn-and-talk in two lessons', detail: 'Math block', due_on: '2026-10-23' });
    expect(res.status).toBe(200);
    expect(await stepRow(step.id)).toMatchObject({ title: 'Try turn-and-talk in two lessons', detail: 'Math block', due_on: '2026-10-23' });
    const audit = await t.db.selectFrom('audit_log').select('details').where('action', '=', 'action_step.updated').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!).changes).toEqual({
      title: { from: 'Try turn-and-talk', to: 'Try turn-and-talk in two lessons' }, detail: { from: null, to: 'Math block' }, due_on: { from: '2026-10-20', to: '2026-10-23' },
    });
    const done = await insertStep({ staffId: w.jordan.id, status: 'done' });
    const conflict = await putAs(coach, `/api/action-step/${done.id}`, { title: 'x' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe(M.notOpen);
    const coach2 = await loginAs(t.app, w.coach2);
    expect((await putAs(coach2, `/api/action-step/${step.id}`, { title: 'x' })).status).toBe(404);
  });
});

describe('complete, reopen, drop', () => {
  it('the owner educator marks a step done with a note; done today (the district\'s day); 409 twice', async () => {
    const step = await insertStep({ staffId: w.jordan.id, dueOn: '2026-10-16' });
    const teacher = await loginAs(t.app, w.teacher);
    expectFieldError(await postAs(teacher, `/api/action-step/${step.id}/complete`, { note: 'x'.repeat(2001) }), 'note', 'Note must be at most 2000 characters.');
    const res = await postAs(teacher, `/api/action-step/${step.id}/complete`, { note: 'Tried it twice; the quiet table talked most.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'done', done_on: '2026-10-14', note: 'Tried it twice; the quiet table talked most.', can_complete: false, can_edit: false });
    expect(await stepRow(step.id)).toMatchObject({ status: 'done', done_on: '2026-10-14', status_by_user_id: w.teacher.id });
    const again = await postAs(teacher, `/api/action-step/${step.id}/complete`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.notOpen);
    expect((await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'action_step.%').execute()).map((a) => a.action)).toEqual(['action_step.completed']);
  });

  it('an educator cannot complete another educator\'s step (404), nor reopen or drop their own (403)', async () => {
    const anas = await insertStep({ staffId: w.ana.id });
    const own = await insertStep({ staffId: w.jordan.id });
    const teacher = await loginAs(t.app, w.teacher);
    expect((await postAs(teacher, `/api/action-step/${anas.id}/complete`, {})).status).toBe(404);
    for (const action of ['drop', 'reopen']) {
      const res = await postAs(teacher, `/api/action-step/${own.id}/${action}`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(M.coachesOnly);
    }
    expect(await stepRow(own.id)).toMatchObject({ status: 'open' });
    expect(await stepRow(anas.id)).toMatchObject({ status: 'open' });
  });

  it('the coach completes, reopens and drops; the principal in scope too; the coach of another school and another district get 404', async () => {
    const step = await insertStep({ staffId: w.jordan.id });
    const coach = await loginAs(t.app, w.coach);
    expect((await postAs(coach, `/api/action-step/${step.id}/complete`)).body).toMatchObject({ status: 'done', done_on: '2026-10-14', note: null });
    const reopened = await postAs(coach, `/api/action-step/${step.id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'open', done_on: null });
    expect((await postAs(coach, `/api/action-step/${step.id}/reopen`)).status).toBe(409);
    const principal = await loginAs(t.app, w.principal);
    const dropped = await postAs(principal, `/api/action-step/${step.id}/drop`);
    expect(dropped.status).toBe(200);
    expect(await stepRow(step.id)).toMatchObject({ status: 'dropped', status_by_user_id: w.principal.id });
    const again = await postAs(principal, `/api/action-step/${step.id}/drop`);
    expect(again.status).toBe(409);
    const coach2 = await loginAs(t.app, w.coach2);
    expect((await postAs(coach2, `/api/action-step/${step.id}/reopen`)).status).toBe(404);
    const otherAdmin = await loginAs(t.app, w.otherAdmin);
    expect((await postAs(otherAdmin, `/api/action-step/${step.id}/reopen`)).status).toBe(404);
    expect((await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'action_step.%').orderBy('id').execute()).map((a) => a.action))
      .toEqual(['action_step.completed', 'action_step.reopened', 'action_step.dropped']);
  });

  it('a note kept from before stays when the step is done again without one', async () => {
    const step = await insertStep({ staffId: w.jordan.id });
    const teacher = await loginAs(t.app, w.teacher);
    await postAs(teacher, `/api/action-step/${step.id}/complete`, { note: 'Worked well.' });
    const coach = await loginAs(t.app, w.coach);
    await postAs(coach, `/api/action-step/${step.id}/reopen`);
    const res = await postAs(teacher, `/api/action-step/${step.id}/complete`, {});
    expect(res.body).toMatchObject({ status: 'done', note: 'Worked well.' });
  });
});

describe('GET /api/action-step/follow-through', () => {
  it('counts each educator\'s open, overdue, done and done-on-time steps in the reader\'s scope, most overdue first', async () => {
    // Today is Wednesday 14 October 2026.
    await insertStep({ staffId: w.jordan.id, dueOn: '2026-10-10' }); // overdue
    await insertStep({ staffId: w.jordan.id, dueOn: '2026-10-20' }); // open
    await insertStep({ staffId: w.jordan.id, status: 'done', dueOn: '2026-10-05', doneOn: '2026-10-05' }); // on time
    await insertStep({ staffId: w.jordan.id, status: 'done', dueOn: '2026-10-05', doneOn: '2026-10-07' }); // late
    await insertStep({ staffId: w.ana.id, status: 'done', doneOn: '2026-10-02' }); // undated: on time
    await insertStep({ staffId: w.ana.id, status: 'dropped' });
    await insertStep({ staffId: w.cy.id });
    await insertStep({ staffId: w.stranger.id, districtId: w.other.id, setBy: w.otherAdmin.id });
    expect((await (await guestAgent(t.app)).get('/api/action-step/follow-through')).status).toBe(401);
    const coach = await loginAs(t.app, w.coach);
    const res = await coach.get('/api/action-step/follow-through');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { educator: { id: w.jordan.id, name: 'Jordan Ellis' }, open: 2, overdue: 1, done: 2, done_on_time: 1 },
      { educator: { id: w.ana.id, name: 'Ana Alvarez' }, open: 0, overdue: 0, done: 1, done_on_time: 1 },
    ]);
    const admin = await loginAs(t.app, w.admin);
    expect((await admin.get('/api/action-step/follow-through')).body.data.map((r: { educator: { name: string } }) => r.educator.name)).toEqual(['Jordan Ellis', 'Cy Chen', 'Ana Alvarez']);
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.get('/api/action-step/follow-through')).body.data.map((r: { educator: { id: number } }) => r.educator.id)).toEqual([w.jordan.id]);
  });
});
