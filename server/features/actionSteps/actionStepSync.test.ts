// Work without a signal (issue 31) for action steps: a create carrying a client id is made once per person and
// district (a repeat answers the step made then, 200); an edit carrying the version it started from is refused
// (409 edit_conflict) when the step changed since. The clock is frozen here, so every write happens in the same
// millisecond: an edit's updated_at still moves on (server/lib/clientIds.ts editedAt).
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTION_STEP_MESSAGES as M } from '../../../common/schemas/actionSteps';
import { appWith, csrfHeaders, loginAs, postAs, putAs, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { freezeDateEachTest } from '../../testing/hooks';
import { buildInteractionsWorld, type InteractionsWorld } from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});
freezeDateEachTest(new Date('2026-10-14T15:00:00.000Z'));

const stepRows = (clientId: string) => t.db.selectFrom('action_steps').selectAll().where('client_id', '=', clientId).orderBy('id').execute();
const stepRow = (id: number) => t.db.selectFrom('action_steps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const createdAudits = () => t.db.selectFrom('audit_log').select('subject_id').where('action', '=', 'action_step.created').execute();
const step = (over: Record<string, unknown> = {}) => ({ staff_id: w.jordan.id, title: 'Post the learning goal', due_on: '2026-10-21', ...over });

describe('POST /api/action-step with a client id', () => {
  it('422 naming client_id for anything but a lower-case UUID, and nothing written', async () => {
    const coach = await loginAs(t.app, w.coach);
    for (const bad of ['step-1', randomUUID().toUpperCase(), 7]) {
      expectFieldError(await postAs(coach, '/api/action-step', step({ client_id: bad })), 'client_id', 'Client ID must be a UUID.');
    }
    expect(await t.db.selectFrom('action_steps').select('id').execute()).toEqual([]);
  });

  it('201, then 200 with the same step; one row, one audit row; the repeat\'s body not applied', async () => {
    const coach = await loginAs(t.app, w.coach);
    const clientId = randomUUID();
    const first = await postAs(coach, '/api/action-step', step({ client_id: clientId }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ client_id: clientId, title: 'Post the learning goal', set_by: { id: w.coach.id } });
    const again = await postAs(coach, '/api/action-step', step({ client_id: clientId, title: 'Changed before it synced' }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await stepRows(clientId)).map((r) => [r.id, r.set_by_user_id, r.title])).toEqual([[first.body.id, w.coach.id, 'Post the learning goal']]);
    expect(await createdAudits()).toEqual([{ subject_id: first.body.id }]);
    // A step made without one answers null.
    expect((await postAs(coach, '/api/action-step', step())).body.client_id).toBeNull();
  });

  it('the educator\'s, another coach\'s and another district\'s same client id each make their own step', async () => {
    const clientId = randomUUID();
    const coach = await loginAs(t.app, w.coach);
    const teacher = await loginAs(t.app, w.teacher);
    const admin = await loginAs(t.app, w.admin);
    const other = await loginAs(t.app, w.otherAdmin);
    const answers = [
      await postAs(coach, '/api/action-step', step({ client_id: clientId })),
      await postAs(teacher, '/api/action-step', step({ client_id: clientId, title: 'My own' })),
      await postAs(admin, '/api/action-step', step({ client_id: clientId })),
      await postAs(other, '/api/action-step', step({ client_id: clientId, staff_id: w.stranger.id })),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect((await stepRows(clientId)).map((r) => [r.district_id, r.set_by_user_id])).toEqual([
      [w.district.id, w.coach.id], [w.district.id, w.teacher.id], [w.district.id, w.admin.id], [w.other.id, w.otherAdmin.id],
    ]);
    // The educator's repeat answers theirs.
    const again = await postAs(teacher, '/api/action-step', step({ client_id: clientId }));
    expect([again.status, again.body.id, again.body.title]).toEqual([200, answers[1]!.body.id, 'My own']);
  });

  it('two requests with one client id at once: one step, both answers carry its id', async () => {
    const coach = await loginAs(t.app, w.coach);
    const clientId = randomUUID();
    const h = csrfHeaders(coach);
    const both = await Promise.all([0, 1].map(() => coach.post('/api/action-step').set(h).send(step({ client_id: clientId }))));
    expect(both.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.id).toBe(both[1]!.body.id);
    expect(await stepRows(clientId)).toHaveLength(1);
    expect(await createdAudits()).toHaveLength(1);
  });
});

describe('PUT /api/action-step/{id} with the version it started from', () => {
  it('422 naming base_updated_at when it is not a UTC timestamp', async () => {
    const coach = await loginAs(t.app, w.coach);
    const made = await postAs(coach, '/api/action-step', step());
    expectFieldError(await putAs(coach, `/api/action-step/${made.body.id}`, { title: 'x', base_updated_at: 'now' }), 'base_updated_at',
      'Base updated at must be a UTC timestamp (ISO 8601).');
  });

  it('409 edit_conflict when it changed since (an edit or being marked done), the step unchanged; from the current version it saves', async () => {
    const coach = await loginAs(t.app, w.coach);
    const made = await postAs(coach, '/api/action-step', step());
    const started = made.body.updated_at as string;
    const first = await putAs(coach, `/api/action-step/${made.body.id}`, { title: 'Post the goal and the criteria', base_updated_at: started });
    expect(first.status).toBe(200);
    // The clock is frozen: the edit still moved the version on.
    expect(first.body.updated_at > started).toBe(true);
    const stored = await stepRow(made.body.id);
    const audits = await t.db.selectFrom('audit_log').select('id').execute();

    const stale = await putAs(coach, `/api/action-step/${made.body.id}`, { title: 'From the old version', due_on: null, base_updated_at: started });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: 'This record changed since you started editing it.', code: 'edit_conflict' });
    expect(M.editConflict).toBe('This record changed since you started editing it.');
    expect(await stepRow(made.body.id)).toEqual(stored);
    expect(await t.db.selectFrom('audit_log').select('id').execute()).toEqual(audits);

    const current = await putAs(coach, `/api/action-step/${made.body.id}`, { title: 'Merged', base_updated_at: first.body.updated_at });
    expect(current.status).toBe(200);
    expect(current.body.title).toBe('Merged');

    // The educator marks it done: an edit from before that is a conflict (not the "reopen it first" 409).
    const teacher = await loginAs(t.app, w.teacher);
    expect((await postAs(teacher, `/api/action-step/${made.body.id}/complete`, { note: 'Done daily.' })).status).toBe(200);
    const late = await putAs(coach, `/api/action-step/${made.body.id}`, { title: 'Too late', base_updated_at: current.body.updated_at });
    expect([late.status, late.body.code]).toEqual([409, 'edit_conflict']);
    // Without a base it is today's refusal of a step that is not open.
    const plain = await putAs(coach, `/api/action-step/${made.body.id}`, { title: 'Too late' });
    expect([plain.status, plain.body.code, plain.body.message]).toEqual([409, 'conflict', M.notOpen]);
  });
});
