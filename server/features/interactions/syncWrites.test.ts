// Work without a signal (issue 31), the server's side: a create carrying a client id is made once per person and
// district (a repeat answers the record made then, 200), an edit carrying the version it started from is refused
// (409 edit_conflict) when the record changed since. Interactions and observations; action steps in
// server/features/actionSteps/actionStepSync.test.ts; two creates at once on PostgreSQL in syncWrites.postgres.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { INTERACTION_MESSAGES } from '../../../common/schemas/interactions';
import { OBSERVATION_MESSAGES } from '../../../common/schemas/observations';
import { EDIT_CONFLICT_MESSAGE } from '../../../common/syncValues';
import { appWith, csrfHeaders, loginAs, postAs, putAs, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { buildInteractionsWorld, impersonatingAgent, insertInteraction, interactionAudits, type InteractionsWorld, observationForm } from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

const interactionRows = (clientId: string) => t.db.selectFrom('interactions').selectAll().where('client_id', '=', clientId).orderBy('id').execute();
const observationRows = (clientId: string) => t.db.selectFrom('observations').selectAll().where('client_id', '=', clientId).orderBy('id').execute();
const interactionRow = (id: number) => t.db.selectFrom('interactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const observationRow = (id: number) => t.db.selectFrom('observations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const countOf = async (table: 'interactions' | 'observations' | 'audit_log') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const interaction = (over: Record<string, unknown> = {}) => ({
  interaction_type_id: w.observation.id, starts_at: '2026-10-06T14:00:00.000Z', duration_minutes: 45, status: 'completed',
  building_id: w.lincoln.id, staff_ids: [w.ana.id], group_ids: [], notes: 'Students on task most of the lesson.', private_notes: null,
  next_steps: 'Try cold-calling.', field_values: {}, ...over,
});

describe('POST /api/interaction with a client id', () => {
  it('422 naming client_id for anything but a lower-case UUID, and nothing written', async () => {
    const coach = await loginAs(t.app, w.coach);
    const before = await countOf('interactions');
    for (const bad of ['offline-1', randomUUID().toUpperCase(), `${randomUUID()}0`, '', 42, ['a']]) {
      expectFieldError(await postAs(coach, '/api/interaction', interaction({ client_id: bad })), 'client_id', 'Client ID must be a UUID.');
    }
    expect(await countOf('interactions')).toBe(before);
  });

  it('the first answer is 201, a repeat 200 with the same interaction; one row, one audit row, the repeat\'s body not applied', async () => {
    const coach = await loginAs(t.app, w.coach);
    const clientId = randomUUID();
    const first = await postAs(coach, '/api/interaction', interaction({ client_id: clientId }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ client_id: clientId, notes: 'Students on task most of the lesson.', coach: { id: w.coach.id } });
    const audits = (await interactionAudits(t.db, 'interaction_created')).length;

    // The answer was lost on the way: the device sends it again (here with a later edit of the notes, which a repeat does not apply).
    const again = await postAs(coach, '/api/interaction', interaction({ client_id: clientId, notes: 'Changed on the device.' }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await interactionRows(clientId);
    expect(rows.map((r) => [r.id, r.created_by, r.notes])).toEqual([[first.body.id, w.coach.id, 'Students on task most of the lesson.']]);
    expect((await interactionAudits(t.db, 'interaction_created')).length).toBe(audits);
    // Its participant once.
    expect(await t.db.selectFrom('interaction_participants').select('staff_id').where('interaction_id', '=', first.body.id).execute()).toEqual([{ staff_id: w.ana.id }]);

    // Every read carries the client id; one made without one has null.
    expect((await coach.get(`/api/interaction/${first.body.id}`)).body.client_id).toBe(clientId);
    const plain = await postAs(coach, '/api/interaction', interaction());
    expect(plain.status).toBe(201);
    expect(plain.body.client_id).toBeNull();
    const again2 = await postAs(coach, '/api/interaction', interaction());
    expect(again2.status).toBe(201);
    expect(again2.body.id).not.toBe(plain.body.id);
  });

  it('a repeat is answered even when the first could no longer be written (its body is not checked again beyond the schema)', async () => {
    const coach = await loginAs(t.app, w.coach);
    const clientId = randomUUID();
    const first = await postAs(coach, '/api/interaction', interaction({ client_id: clientId }));
    // Archive the type since: a new interaction of it would be a 422, the repeat answers the one made.
    await t.db.updateTable('interaction_types').set({ archived_at: '2026-10-07T00:00:00.000Z' }).where('id', '=', w.observation.id).execute();
    expect((await postAs(coach, '/api/interaction', interaction())).status).toBe(422);
    const again = await postAs(coach, '/api/interaction', interaction({ client_id: clientId }));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
  });

  it('another person\'s or another district\'s same client id makes its own interaction', async () => {
    const clientId = randomUUID();
    const coach = await loginAs(t.app, w.coach);
    const admin = await loginAs(t.app, w.admin);
    const other = await loginAs(t.app, w.otherAdmin);
    const mine = await postAs(coach, '/api/interaction', interaction({ client_id: clientId }));
    const theirs = await postAs(admin, '/api/interaction', interaction({ client_id: clientId }));
    const elsewhere = await postAs(other, '/api/interaction', interaction({
      client_id: clientId, interaction_type_id: w.otherType.id, building_id: w.otherBuilding.id, staff_ids: [w.stranger.id],
    }));
    expect([mine.status, theirs.status, elsewhere.status]).toEqual([201, 201, 201]);
    expect(new Set([mine.body.id, theirs.body.id, elsewhere.body.id]).size).toBe(3);
    expect((await interactionRows(clientId)).map((r) => [r.district_id, r.created_by])).toEqual([
      [w.district.id, w.coach.id], [w.district.id, w.admin.id], [w.other.id, w.otherAdmin.id],
    ]);
    // Each one's repeat answers their own.
    expect((await postAs(admin, '/api/interaction', interaction({ client_id: clientId }))).body.id).toBe(theirs.body.id);
    expect((await postAs(coach, '/api/interaction', interaction({ client_id: clientId }))).body.id).toBe(mine.body.id);
  });

  it('the client id is the author\'s: logged for another coach, it is the logging person\'s repeat that is answered', async () => {
    const admin = await loginAs(t.app, w.admin);
    const coach = await loginAs(t.app, w.coach);
    const clientId = randomUUID();
    const forCoach = await postAs(admin, '/api/interaction', interaction({ client_id: clientId, coach_id: w.coach.id }));
    expect(forCoach.status).toBe(201);
    expect(forCoach.body.coach.id).toBe(w.coach.id);
    // The coach's own create with the same id is theirs, not the administrator's.
    const own = await postAs(coach, '/api/interaction', interaction({ client_id: clientId }));
    expect(own.status).toBe(201);
    expect(own.body.id).not.toBe(forCoach.body.id);
  });

  it('two requests with one client id at once: one interaction, both answers carry its id', async () => {
    const coach = await loginAs(t.app, w.coach);
    const clientId = randomUUID();
    const h = csrfHeaders(coach);
    const answers = await Promise.all([1, 2, 3].map(() => coach.post('/api/interaction').set(h).send(interaction({ client_id: clientId }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await interactionRows(clientId)).toHaveLength(1);
    expect((await interactionAudits(t.db, 'interaction_created')).filter((a) => a.subject_id === answers[0]!.body.id)).toHaveLength(1);
  });

  it('a repeat whose interaction was deleted since answers its 404 and makes nothing', async () => {
    const coach = await loginAs(t.app, w.coach);
    const clientId = randomUUID();
    const first = await postAs(coach, '/api/interaction', interaction({ client_id: clientId }));
    expect((await coach.delete(`/api/interaction/${first.body.id}`).set(csrfHeaders(coach))).status).toBe(200);
    const before = await countOf('interactions');
    const again = await postAs(coach, '/api/interaction', interaction({ client_id: clientId }));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: INTERACTION_MESSAGES.notFound, code: 'not_found' });
    expect(await countOf('interactions')).toBe(before);
  });

  it('while impersonating, the client id is the impersonated person\'s', async () => {
    const clientId = randomUUID();
    const support = await impersonatingAgent(t, w.coach.id);
    const first = await postAs(support, '/api/interaction', interaction({ client_id: clientId }));
    expect(first.status).toBe(201);
    const coach = await loginAs(t.app, w.coach);
    const again = await postAs(coach, '/api/interaction', interaction({ client_id: clientId }));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
  });
});

describe('PUT /api/interaction/{id} with the version it started from', () => {
  it('422 naming base_updated_at when it is not a UTC timestamp', async () => {
    const coach = await loginAs(t.app, w.coach);
    const row = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, staff: [{ id: w.ana.id }] });
    for (const bad of ['yesterday', '2026-10-06 14:00', 17]) {
      expectFieldError(await putAs(coach, `/api/interaction/${row.id}`, interaction({ base_updated_at: bad })), 'base_updated_at',
        'Base updated at must be a UTC timestamp (ISO 8601).');
    }
  });

  it('409 edit_conflict when it changed since, with the exact message; nothing changes and nothing is audited', async () => {
    const coach = await loginAs(t.app, w.coach);
    const made = await postAs(coach, '/api/interaction', interaction());
    const started = made.body.updated_at as string;
    // Someone else's edit lands first.
    const admin = await loginAs(t.app, w.admin);
    const theirs = await putAs(admin, `/api/interaction/${made.body.id}`, interaction({ notes: 'The administrator\'s words.', base_updated_at: started }));
    expect(theirs.status).toBe(200);
    expect(theirs.body.updated_at > started).toBe(true);
    const stored = await interactionRow(made.body.id);
    const audits = await countOf('audit_log');

    const mine = await putAs(coach, `/api/interaction/${made.body.id}`, interaction({ notes: 'Mine, from the older version.', duration_minutes: 30, base_updated_at: started }));
    expect(mine.status).toBe(409);
    expect(mine.body).toEqual({ message: EDIT_CONFLICT_MESSAGE, code: 'edit_conflict' });
    expect(mine.body.message).toBe('This record changed since you started editing it.');
    expect(await interactionRow(made.body.id)).toEqual(stored);
    expect(await countOf('audit_log')).toBe(audits);

    // From the current version it is saved; completing it moves the version too.
    const retry = await putAs(coach, `/api/interaction/${made.body.id}`, interaction({ notes: 'Mine, merged.', status: 'scheduled', base_updated_at: theirs.body.updated_at }));
    expect(retry.status).toBe(200);
    expect(retry.body.notes).toBe('Mine, merged.');
    const done = await postAs(coach, `/api/interaction/${made.body.id}/complete`);
    expect(done.status).toBe(200);
    expect((await putAs(coach, `/api/interaction/${made.body.id}`, interaction({ base_updated_at: retry.body.updated_at }))).status).toBe(409);
  });

  it('a matching base (written with or without milliseconds) saves, and each save moves updated_at on; without one the edit is as before', async () => {
    const coach = await loginAs(t.app, w.coach);
    const made = await postAs(coach, '/api/interaction', interaction());
    const first = await putAs(coach, `/api/interaction/${made.body.id}`, interaction({ notes: 'One.', base_updated_at: made.body.updated_at }));
    expect(first.status).toBe(200);
    expect(first.body.notes).toBe('One.');
    expect(first.body.updated_at > made.body.updated_at).toBe(true);
    // Two saves in a row from the answers: each starts from the version the last one answered.
    const second = await putAs(coach, `/api/interaction/${made.body.id}`, interaction({ notes: 'Two.', base_updated_at: first.body.updated_at }));
    expect(second.status).toBe(200);
    expect(second.body.updated_at > first.body.updated_at).toBe(true);
    // The same instant written without milliseconds is the same version.
    await t.db.updateTable('interactions').set({ updated_at: '2026-10-07T09:30:00.000Z' }).where('id', '=', made.body.id).execute();
    expect((await putAs(coach, `/api/interaction/${made.body.id}`, interaction({ notes: 'Three.', base_updated_at: '2026-10-07T09:30:00Z' }))).status).toBe(200);
    // No base: not checked (today's behaviour).
    const plain = await putAs(coach, `/api/interaction/${made.body.id}`, interaction({ notes: 'Four.' }));
    expect(plain.status).toBe(200);
    expect((await interactionRow(made.body.id)).notes).toBe('Four.');
  });

  it('another district\'s interaction stays 404 and another\'s stays 403, before any version check', async () => {
    const coach = await loginAs(t.app, w.coach);
    const old = '2020-01-01T00:00:00.000Z';
    expect((await putAs(coach, `/api/interaction/${w.otherInteraction.id}`, interaction({ base_updated_at: old }))).status).toBe(404);
    const coach2s = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach2.id, staff: [{ id: w.cy.id }] });
    const principal = await loginAs(t.app, w.principal);
    const res = await putAs(principal, `/api/interaction/${coach2s.id}`, interaction({ base_updated_at: old }));
    expect([403, 404]).toContain(res.status);
  });
});

// ---- Observations ------------------------------------------------------------------------------------

async function walkthrough(extra: Record<string, unknown> = {}) {
  const f = await observationForm(t.db, w.district.id, 'Classroom walkthrough');
  const lookFors = f.items.filter((i) => i.kind === 'look_for');
  return {
    form_id: f.id, staff_id: w.jordan.id, observed_at: '2026-10-06T14:05:00.000Z', duration_minutes: 15, status: 'completed',
    answers: lookFors.map((i, n) => ({ item_id: i.id, value: n < 4 ? 'yes' : 'no' })),
    notes: 'Table groups explained their strategies.', private_notes: null, next_steps: 'Try turn-and-talk.',
    ...extra,
  };
}

describe('POST /api/observation with a client id', () => {
  it('422 naming client_id for anything but a lower-case UUID', async () => {
    const coach = await loginAs(t.app, w.coach);
    expectFieldError(await postAs(coach, '/api/observation', await walkthrough({ client_id: 'not-a-uuid' })), 'client_id', 'Client ID must be a UUID.');
    expect(await countOf('observations')).toBe(0);
  });

  it('201, then 200 with the same observation: one observation, one interaction, its answers and audit row once', async () => {
    const coach = await loginAs(t.app, w.coach);
    const clientId = randomUUID();
    const interactionsBefore = await countOf('interactions');
    const first = await postAs(coach, '/api/observation', await walkthrough({ client_id: clientId }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ client_id: clientId, status: 'completed', look_fors: { seen: 4, applicable: 8 } });
    const again = await postAs(coach, '/api/observation', await walkthrough({ client_id: clientId, notes: 'Sent again, changed.' }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await observationRows(clientId);
    expect(rows.map((r) => [r.id, r.observer_id, r.notes])).toEqual([[first.body.id, w.coach.id, 'Table groups explained their strategies.']]);
    expect(await countOf('interactions')).toBe(interactionsBefore + 1);
    expect(await t.db.selectFrom('observation_answers').select('item_id').where('observation_id', '=', first.body.id).execute()).toHaveLength(8);
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'observation.completed').execute()).toHaveLength(1);
    // The list carries it too.
    expect((await coach.get('/api/observation')).body.data.map((o: { client_id: string | null }) => o.client_id)).toEqual([clientId]);
  });

  it('another observer\'s same client id is their own observation; two at once make one; deleted since is its 404', async () => {
    const clientId = randomUUID();
    const coach = await loginAs(t.app, w.coach);
    const admin = await loginAs(t.app, w.admin);
    const h = csrfHeaders(coach);
    const body = await walkthrough({ client_id: clientId });
    const both = await Promise.all([coach.post('/api/observation').set(h).send(body), coach.post('/api/observation').set(h).send(body)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.id).toBe(both[1]!.body.id);
    const theirs = await postAs(admin, '/api/observation', body);
    expect(theirs.status).toBe(201);
    expect((await observationRows(clientId)).map((r) => r.observer_id)).toEqual([w.coach.id, w.admin.id]);

    expect((await coach.delete(`/api/observation/${both[0]!.body.id}`).set(h)).status).toBe(204);
    const gone = await postAs(coach, '/api/observation', body);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(OBSERVATION_MESSAGES.notFound);
    expect(await observationRows(clientId)).toHaveLength(2);
  });
});

describe('PUT /api/observation/{id} with the version it started from', () => {
  it('409 edit_conflict after a share changed it; the observation unchanged; from the current version it saves', async () => {
    const coach = await loginAs(t.app, w.coach);
    const made = await postAs(coach, '/api/observation', await walkthrough());
    const started = made.body.updated_at as string;
    const shared = await postAs(coach, `/api/observation/${made.body.id}/share`, { answers: true, notes: false });
    expect(shared.status).toBe(200);
    const stored = await observationRow(made.body.id);

    const stale = await putAs(coach, `/api/observation/${made.body.id}`, await walkthrough({ notes: 'Edited offline.', base_updated_at: started }));
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: 'This record changed since you started editing it.', code: 'edit_conflict' });
    expect(await observationRow(made.body.id)).toEqual(stored);

    const current = await putAs(coach, `/api/observation/${made.body.id}`, await walkthrough({ notes: 'Edited offline.', base_updated_at: shared.body.updated_at }));
    expect(current.status).toBe(200);
    expect(current.body.notes).toBe('Edited offline.');
    expect(current.body.updated_at > shared.body.updated_at).toBe(true);
    expect((await putAs(coach, `/api/observation/${made.body.id}`, await walkthrough({ notes: 'No base.' }))).status).toBe(200);
  });

  it('a draft autosaved from each answer\'s version keeps saving', async () => {
    const coach = await loginAs(t.app, w.coach);
    let last = await postAs(coach, '/api/observation', await walkthrough({ status: 'draft', client_id: randomUUID() }));
    for (const notes of ['One', 'Two', 'Three']) {
      last = await putAs(coach, `/api/observation/${last.body.id}`, await walkthrough({ status: 'draft', notes, base_updated_at: last.body.updated_at }));
      expect(last.status).toBe(200);
    }
    expect((await observationRow(last.body.id)).notes).toBe('Three');
  });
});
