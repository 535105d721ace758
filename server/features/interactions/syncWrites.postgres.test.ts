// Work without a signal (issue 31) on PostgreSQL, where transactions run side by side at READ COMMITTED: creates
// with one client id sent at once look for it before either has committed, so the unique index of migration
// 20261204_0174 decides and the loser answers the winner's record (server/lib/clientIds.ts); and edits from one
// version sent at once are checked under the record's lock, so exactly one is saved. Never a 5xx, never a second row.
// Runs only under `npm run test:pg` (a *.postgres.test.ts file).
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { appWith, csrfHeaders, loginAs, postAs, type TestApp } from '../../testing/app';
import { buildInteractionsWorld, type InteractionsWorld, observationForm } from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

const AT_ONCE = 6;
const ROUNDS = 4;

const countWith = async (table: 'interactions' | 'observations' | 'action_steps', clientId: string) =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', clientId).executeTakeFirstOrThrow()).n);

describe('creates with one client id at once [PostgreSQL]', () => {
  it('interactions, observations and action steps: one record each, one 201 and the rest 200 with its id, no 5xx', async () => {
    const coach = await loginAs(t.app, w.coach);
    const h = csrfHeaders(coach);
    const f = await observationForm(t.db, w.district.id, 'Classroom walkthrough');
    const bodies = {
      interactions: ['/api/interaction', {
        interaction_type_id: w.observation.id, starts_at: '2026-10-06T14:00:00.000Z', duration_minutes: 45, status: 'completed',
        building_id: w.lincoln.id, staff_ids: [w.ana.id], group_ids: [], notes: 'Offline visit.', private_notes: null, next_steps: null, field_values: {},
      }],
      observations: ['/api/observation', {
        form_id: f.id, staff_id: w.jordan.id, observed_at: '2026-10-06T14:05:00.000Z', duration_minutes: 15, status: 'completed',
        answers: f.items.filter((i) => i.kind === 'look_for').map((i) => ({ item_id: i.id, value: 'yes' })), notes: null, private_notes: null, next_steps: null,
      }],
      action_steps: ['/api/action-step', { staff_id: w.jordan.id, title: 'Post the learning goal' }],
    } as const;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [table, [url, body]] of Object.entries(bodies) as [keyof typeof bodies, (typeof bodies)[keyof typeof bodies]][]) {
        const clientId = randomUUID();
        const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => coach.post(url).set(h).send({ ...body, client_id: clientId })));
        const where = `${table}, round ${round}: ${answers.map((a) => `${a.status} ${a.status >= 400 ? JSON.stringify(a.body) : ''}`).join(', ')}`;
        expect(answers.map((a) => a.status).sort(), where).toEqual([200, 200, 200, 200, 200, 201].slice(-AT_ONCE).sort());
        expect(new Set(answers.map((a) => a.body.id)).size, where).toBe(1);
        expect(answers.every((a) => a.body.client_id === clientId), where).toBe(true);
        expect(await countWith(table, clientId), where).toBe(1);
      }
    }
    // One audit row per record made.
    const made = await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', 'in', ['interaction_created', 'observation.completed', 'action_step.created']).executeTakeFirstOrThrow();
    expect(Number(made.n)).toBe(3 * ROUNDS);
  });

  it('two people sending the same client id at once each get their own record', async () => {
    const clientId = randomUUID();
    const coach = await loginAs(t.app, w.coach);
    const admin = await loginAs(t.app, w.admin);
    const body = { staff_id: w.jordan.id, title: 'Try turn-and-talk', client_id: clientId };
    const answers = await Promise.all([coach, admin, coach, admin].map((a) => postAs(a, '/api/action-step', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201, 201]);
    expect(answers[0]!.body.id).toBe(answers[2]!.body.id);
    expect(answers[1]!.body.id).toBe(answers[3]!.body.id);
    expect(answers[0]!.body.id).not.toBe(answers[1]!.body.id);
    expect(await countWith('action_steps', clientId)).toBe(2);
  });
});

describe('edits from one version at once [PostgreSQL]', () => {
  it('exactly one is saved, the others answer 409 edit_conflict, and the stored row is the saved one', async () => {
    const coach = await loginAs(t.app, w.coach);
    const h = csrfHeaders(coach);
    for (let round = 0; round < ROUNDS; round++) {
      const made = await postAs(coach, '/api/action-step', { staff_id: w.jordan.id, title: `Round ${round}` });
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => coach.put(`/api/action-step/${made.body.id}`).set(h)
        .send({ title: `Edit ${i}`, base_updated_at: made.body.updated_at })));
      const saved = answers.filter((a) => a.status === 200);
      expect(saved, answers.map((a) => a.status).join(',')).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(AT_ONCE - 1).fill('edit_conflict'));
      const row = await t.db.selectFrom('action_steps').select(['title', 'updated_at']).where('id', '=', made.body.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ title: saved[0]!.body.title, updated_at: saved[0]!.body.updated_at });
    }
  });
});
