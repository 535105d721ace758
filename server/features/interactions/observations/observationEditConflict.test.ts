// An observation's edit carries the version it started from (issue 31, PUT /api/observation/{id} with
// `base_updated_at`), as an interaction's does: an edit from a version that is no longer the stored one is 409
// `edit_conflict` with the exact message, and nothing of the observation changes (its row, its answers, its
// interaction, the audit log); from the current version it saves; another district's observation is its 404 whatever
// the base; a Spanish reader gets the message in Spanish; an edit that changes nothing writes nothing (its version kept). Runs on SQLite and PostgreSQL (npm run test:pg).
import { beforeEach, describe, expect, it } from 'vitest';
import { OBSERVATION_MESSAGES } from '../../../../common/schemas/observations';
import { EDIT_CONFLICT_MESSAGE } from '../../../../common/syncValues';
import { appWith, loginAs, postAs, putAs, type TestApp } from '../../../testing/app';
import { buildInteractionsWorld, type InteractionsWorld, observationForm } from '../../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

/** The walkthrough of Jordan Ellis, the first four look-fors seen. */
async function walkthrough(districtId: number, staffId: number, extra: Record<string, unknown> = {}) {
  const f = await observationForm(t.db, districtId, 'Classroom walkthrough');
  const lookFors = f.items.filter((i) => i.kind === 'look_for');
  return {
    form_id: f.id, staff_id: staffId, observed_at: '2026-10-06T14:05:00.000Z', duration_minutes: 15, status: 'completed',
    answers: lookFors.map((i, n) => ({ item_id: i.id, value: n < 4 ? 'yes' : 'no', evidence: null })),
    notes: 'Table groups explained their strategies.', private_notes: 'Ask about the seating plan.', next_steps: 'Try turn-and-talk.',
    ...extra,
  };
}
const ours = (extra: Record<string, unknown> = {}) => walkthrough(w.district.id, w.jordan.id, extra);

/** Everything an edit of the observation writes: its row, its answers, its interaction and the audit log about them. */
async function stored(id: number) {
  const row = await t.db.selectFrom('observations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const answers = await t.db.selectFrom('observation_answers').selectAll().where('observation_id', '=', id).orderBy('item_id').execute();
  const interaction = row.interaction_id === null ? null
    : await t.db.selectFrom('interactions').selectAll().where('id', '=', row.interaction_id).executeTakeFirstOrThrow();
  // The audit log's rows about observations and interactions (a sign-in writes its own).
  const audits = await t.db.selectFrom('audit_log').select(['id', 'action', 'subject_type', 'subject_id'])
    .where('subject_type', 'in', ['observation', 'interaction']).orderBy('id').execute();
  return { row, answers, interaction, audits };
}

describe('PUT /api/observation/{id} with base_updated_at', () => {
  it('409 edit_conflict from an older version, with the exact message; the observation, its answers, its interaction and the audit log unchanged', async () => {
    const coach = await loginAs(t.app, w.coach);
    const made = await postAs(coach, '/api/observation', await ours());
    expect(made.status).toBe(201);
    const started = made.body.updated_at as string;
    // Saved meanwhile from another device (from the same version): the stored version moves on.
    const theirs = await putAs(coach, `/api/observation/${made.body.id}`, await ours({ notes: 'Saved on the tablet.', duration_minutes: 20, base_updated_at: started }));
    expect(theirs.status).toBe(200);
    expect(theirs.body.updated_at > started).toBe(true);
    const before = await stored(made.body.id);

    const stale = await putAs(coach, `/api/observation/${made.body.id}`, await ours({
      notes: 'Written on the phone.', next_steps: 'Other steps.', duration_minutes: 30,
      answers: [], base_updated_at: started,
    }));
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: 'This record changed since you started editing it.', code: 'edit_conflict' });
    expect(stale.body.message).toBe(EDIT_CONFLICT_MESSAGE);
    expect(await stored(made.body.id)).toEqual(before);
    expect((await coach.get(`/api/observation/${made.body.id}`)).body).toMatchObject({ notes: 'Saved on the tablet.', duration_minutes: 20, updated_at: theirs.body.updated_at });
  });

  it('200 from the current version (also written as a UTC instant of another form), each answer\'s version the next edit\'s base', async () => {
    const coach = await loginAs(t.app, w.coach);
    const made = await postAs(coach, '/api/observation', await ours({ status: 'draft' }));
    const current = await putAs(coach, `/api/observation/${made.body.id}`, await ours({ status: 'draft', notes: 'One.', base_updated_at: made.body.updated_at }));
    expect(current.status).toBe(200);
    expect(current.body.notes).toBe('One.');
    // The same instant without its milliseconds' zeros (a device's own formatting) is the same version.
    const sameInstant = new Date(current.body.updated_at).toISOString().replace('.000Z', 'Z');
    const again = await putAs(coach, `/api/observation/${made.body.id}`, await ours({ status: 'completed', notes: 'Two.', base_updated_at: sameInstant }));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'completed', notes: 'Two.' });
    expect((await stored(made.body.id)).row.notes).toBe('Two.');
    // The first answer's version is no longer current.
    expect((await putAs(coach, `/api/observation/${made.body.id}`, await ours({ notes: 'Three.', base_updated_at: made.body.updated_at }))).status).toBe(409);
  });

  it('an edit that changes nothing writes nothing: 200 with the stored version (updated_at kept), no audit row, its interaction untouched; one changed answer writes', async () => {
    const coach = await loginAs(t.app, w.coach);
    for (const status of ['draft', 'completed'] as const) {
      const made = await postAs(coach, '/api/observation', await ours({ status }));
      expect(made.status).toBe(201);
      const before = await stored(made.body.id);
      // The same whole observation again, from its current version and without one, and with the instant spelt otherwise.
      for (const extra of [{ base_updated_at: made.body.updated_at }, {}, { observed_at: '2026-10-06T14:05:00Z' }]) {
        const same = await putAs(coach, `/api/observation/${made.body.id}`, await ours({ status, ...extra }));
        expect(same.status).toBe(200);
        expect(same.body.updated_at).toBe(made.body.updated_at);
        expect(same.body).toEqual((await coach.get(`/api/observation/${made.body.id}`)).body);
        expect(await stored(made.body.id)).toEqual(before);
      }
      // One look-for's evidence more: written, a new version, one audit row.
      const current = await ours({ status, base_updated_at: made.body.updated_at });
      const body = { ...current, answers: current.answers.map((a, n) => ({ ...a, evidence: n === 0 ? 'Seen at the carpet.' : a.evidence as string | null })) };
      const changed = await putAs(coach, `/api/observation/${made.body.id}`, body);
      expect(changed.status).toBe(200);
      expect(changed.body.updated_at > made.body.updated_at).toBe(true);
      const after = await stored(made.body.id);
      expect(after.answers.map((a) => a.evidence)).toEqual(before.answers.map((a, n) => (n === 0 ? 'Seen at the carpet.' : a.evidence)));
      expect(after.audits.length).toBe(before.audits.length + 1);
      // The same content from the version it replaced is still a conflict: the client settles it (issue 31).
      expect((await putAs(coach, `/api/observation/${made.body.id}`, { ...body, base_updated_at: made.body.updated_at })).status).toBe(409);
    }
  });

  it('another district\'s observation is 404 whatever the base, and nothing of it changes', async () => {
    const otherCoach = await loginAs(t.app, w.otherAdmin);
    const theirs = await postAs(otherCoach, '/api/observation', await walkthrough(w.other.id, w.stranger.id));
    expect(theirs.status).toBe(201);
    const before = await stored(theirs.body.id);
    const coach = await loginAs(t.app, w.coach);
    for (const base of [theirs.body.updated_at, '2026-10-01T09:00:00.000Z']) {
      const res = await putAs(coach, `/api/observation/${theirs.body.id}`, await ours({ base_updated_at: base }));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(OBSERVATION_MESSAGES.notFound);
    }
    expect(await stored(theirs.body.id)).toEqual(before);
  });

  it('a Spanish reader gets the conflict in Spanish', async () => {
    await t.db.updateTable('users').set({ locale: 'es' }).where('id', '=', w.coach.id).execute();
    const coach = await loginAs(t.app, w.coach);
    const made = await postAs(coach, '/api/observation', await ours());
    expect((await putAs(coach, `/api/observation/${made.body.id}`, await ours({ notes: 'Antes.', base_updated_at: made.body.updated_at }))).status).toBe(200);
    const stale = await putAs(coach, `/api/observation/${made.body.id}`, await ours({ base_updated_at: made.body.updated_at }));
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: 'Este registro cambió desde que empezó a editarlo.', code: 'edit_conflict' });
  });
});
