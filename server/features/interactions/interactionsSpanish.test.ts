// The server's answers of interactions, logged time, observations, action steps and coaching requests in Spanish
// (issue 33): a person whose language is Spanish reads each refusal in Spanish, numbers kept; another district's
// record is still a 404; nothing is written on refusal; the same calls in English keep the spec's words.
import { beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../../db/connection';
import { appWith, loginAs, postAs, putAs, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { buildInteractionsWorld, type InteractionsWorld } from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

const speaks = (userId: number, locale: 'en' | 'es') => t.db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
const count = async (table: 'interactions' | 'activities' | 'action_steps') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const interaction = (over: Record<string, unknown> = {}) => ({
  interaction_type_id: w.observation.id, starts_at: '2026-10-06T14:00:00.000Z', duration_minutes: 45, status: 'completed',
  building_id: w.lincoln.id, staff_ids: [w.ana.id], group_ids: [], notes: '', private_notes: '', next_steps: '', field_values: {}, ...over,
});

describe('interactions, logged time and observations answered in Spanish', () => {
  it('a duration out of range and another district\'s type are refused in Spanish, the limit kept; nothing logged', async () => {
    await speaks(w.coach.id, 'es');
    const agent = await loginAs(t.app, w.coach);
    const before = await count('interactions');
    expectFieldError(await postAs(agent, '/api/interaction', interaction({ duration_minutes: 721 })), 'duration_minutes', 'La duración debe estar entre 1 y 720 minutos.');
    expectFieldError(await postAs(agent, '/api/interaction', interaction({ interaction_type_id: w.otherType.id })), 'interaction_type_id', 'Elija un tipo de interacción de su distrito.');
    expect(await count('interactions')).toBe(before);
  });

  it('another district\'s interaction is a 404 in Spanish; in English the same call keeps the English', async () => {
    await speaks(w.coach.id, 'es');
    const agent = await loginAs(t.app, w.coach);
    const spanish = await putAs(agent, `/api/interaction/${w.otherInteraction.id}`, interaction());
    expect(spanish.status).toBe(404);
    expect(spanish.body.message).toBe('Esta interacción no existe.');
    await speaks(w.coach.id, 'en');
    const english = await putAs(agent, `/api/interaction/${w.otherInteraction.id}`, interaction());
    expect(english.status).toBe(404);
    expect(english.body.message).toBe('This interaction does not exist.');
  });

  it('logged time without a category or with too many minutes is refused in Spanish; nothing logged', async () => {
    await speaks(w.coach.id, 'es');
    const agent = await loginAs(t.app, w.coach);
    const before = await count('activities');
    const res = await postAs(agent, '/api/activity', { category: 'juggling', starts_at: '2026-10-06T14:00:00.000Z', minutes: 721, notes: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors.category).toEqual(['Elija una categoría de la lista.']);
    expect(res.body.errors.minutes).toEqual(['Los minutos deben estar entre 1 y 720.']);
    expect(await count('activities')).toBe(before);
  });

  it('an observation that does not exist is a 404 in Spanish', async () => {
    await speaks(w.coach.id, 'es');
    const res = await (await loginAs(t.app, w.coach)).get('/api/observation/999999');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Esta observación no existe.');
  });
});

describe('action steps and coaching requests answered in Spanish', () => {
  it('another district\'s action step is a 404 in Spanish, and a step for an unseen educator a 422; nothing written', async () => {
    const now = nowIso();
    const foreign = await t.db.insertInto('action_steps').values({
      district_id: w.other.id, staff_id: w.stranger.id, title: 'Try turn-and-talk', detail: null, due_on: null, set_by_user_id: w.otherAdmin.id,
      source_type: null, source_id: null, status: 'open', done_on: null, note: null, status_by_user_id: null, status_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await speaks(w.coach.id, 'es');
    const agent = await loginAs(t.app, w.coach);
    const missing = await postAs(agent, `/api/action-step/${foreign.id}/drop`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Este paso de acción no existe.');
    const before = await count('action_steps');
    expectFieldError(await postAs(agent, '/api/action-step', { staff_id: w.stranger.id, title: 'Try it', detail: '', due_on: null }), 'staff_id', 'Elija un educador que pueda ver.');
    expect(await count('action_steps')).toBe(before);
  });

  it('a coaching request asked by someone who is not an educator is refused in Spanish', async () => {
    await speaks(w.coach.id, 'es');
    const res = await postAs(await loginAs(t.app, w.coach), '/api/coaching-request', { topic: 'Wait time', message: 'Help, please.', preferred_times: '' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Solicitar coaching es para educadores/);
  });
});
