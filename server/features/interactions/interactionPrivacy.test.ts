// The two privacy rules on every endpoint that answers an interaction (list, one, create, update,
// complete, cancel, duplicate, delete):
// - private notes only ever to their author (the key is absent for anyone else);
// - the district's shared_notes_visible_to_admins: on (default), every reader gets notes, next steps and
//   text field values; off, only the author, the coach and the participating educators do — everyone
//   else gets null, notes_hidden: true and no text field values.
import type { Agent } from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import {
  buildInteractionsWorld, insertField, insertInteraction, type InteractionsWorld, setSharedNotesVisible,
} from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
let fields: { text: { id: number }; rating: { id: number } };
beforeEach(async () => {
  t = await createTestApp();
  w = await buildInteractionsWorld(t.db);
  fields = {
    text: await insertField(t.db, { districtId: w.district.id, typeId: w.observation.id, label: 'Evidence', kind: 'long_text', sortOrder: 1 }),
    rating: await insertField(t.db, { districtId: w.district.id, typeId: w.observation.id, label: 'Engagement', kind: 'rating', config: { scale: 4 }, sortOrder: 2 }),
  };
});

/** Casey's interaction with Jordan at Lincoln, authored by Casey, with every kind of note. */
const seed = (status: 'scheduled' | 'completed' = 'scheduled') => insertInteraction(t.db, {
  districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, createdBy: w.coach.id, buildingId: w.lincoln.id,
  status, notes: 'Shared note', nextSteps: 'Next step', privateNotes: 'Private note',
  staff: [{ id: w.jordan.id }], values: [{ fieldId: fields.text.id, value: 'Evidence text' }, { fieldId: fields.rating.id, value: 3 }],
});

const body = (over: Record<string, unknown> = {}) => ({
  interaction_type_id: w.observation.id, starts_at: '2026-10-06T14:00:00.000Z', duration_minutes: 45, status: 'scheduled',
  building_id: w.lincoln.id, staff_ids: [w.jordan.id], notes: 'Shared note', next_steps: 'Next step', private_notes: 'Private note',
  field_values: { [fields.text.id]: 'Evidence text', [fields.rating.id]: 3 }, ...over,
});

type Interaction = Record<string, unknown> & { field_values: { field_id: number }[] };

function expectShared(i: Interaction) {
  expect(i).toMatchObject({ notes: 'Shared note', next_steps: 'Next step', notes_hidden: false });
  expect(i.field_values.map((v) => v.field_id)).toEqual([fields.text.id, fields.rating.id]);
}
function expectHidden(i: Interaction) {
  expect(i).toMatchObject({ notes: null, next_steps: null, notes_hidden: true });
  // Counts, times and non-text values stay visible for reports.
  expect(i.field_values.map((v) => v.field_id)).toEqual([fields.rating.id]);
  expect(i.duration_minutes).toBe(45);
  expect(JSON.stringify(i)).not.toMatch(/Shared note|Next step|Evidence text/);
}
function expectPrivate(i: Interaction, visible: boolean) {
  if (visible) expect(i.private_notes).toBe('Private note');
  else {
    expect(i).not.toHaveProperty('private_notes');
    expect(JSON.stringify(i)).not.toContain('Private note');
  }
}

/**
 * Each endpoint as a function of (agent, id of a fresh interaction) answering one interaction. The
 * writers are the author (Casey) or a district admin; reads also by the principal and the educator.
 */
const ENDPOINTS: Record<string, (agent: Agent & { xsrf: () => string }, id: number) => Promise<Interaction>> = {
  'GET list': async (agent, id) => (await agent.get('/api/interaction')).body.data.find((i: Interaction) => i.id === id),
  'GET one': async (agent, id) => (await agent.get(`/api/interaction/${id}`)).body,
  'PUT': async (agent, id) => (await agent.put(`/api/interaction/${id}`).set(csrfHeaders(agent)).send(body({ private_notes: 'Private note' }))).body,
  'complete': async (agent, id) => (await agent.post(`/api/interaction/${id}/complete`).set(csrfHeaders(agent))).body,
  'cancel': async (agent, id) => (await agent.post(`/api/interaction/${id}/cancel`).set(csrfHeaders(agent))).body,
  'DELETE': async (agent, id) => (await agent.delete(`/api/interaction/${id}`).set(csrfHeaders(agent))).body,
};
const READS = ['GET list', 'GET one'];

describe.each(Object.entries(ENDPOINTS))('%s', (name, call) => {
  it('private notes: answered to the author only', async () => {
    const author = await loginAs(t.app, w.coach);
    expectPrivate(await call(author, (await seed()).id), true);
    const admin = await loginAs(t.app, w.admin);
    expectPrivate(await call(admin, (await seed()).id), false);
    if (READS.includes(name)) {
      for (const user of [w.principal, w.teacher]) expectPrivate(await call(await loginAs(t.app, user), (await seed()).id), false);
    }
  });

  it('shared notes on (default): every reader gets them', async () => {
    expectShared(await call(await loginAs(t.app, w.admin), (await seed()).id));
    expectShared(await call(await loginAs(t.app, w.coach), (await seed()).id));
    if (READS.includes(name)) {
      for (const user of [w.principal, w.teacher]) expectShared(await call(await loginAs(t.app, user), (await seed()).id));
    }
  });

  it('shared notes off: the author, the coach and participating educators only', async () => {
    await setSharedNotesVisible(t.db, w.district.id, false);
    expectHidden(await call(await loginAs(t.app, w.admin), (await seed()).id));
    expectShared(await call(await loginAs(t.app, w.coach), (await seed()).id));
    if (READS.includes(name)) {
      expectHidden(await call(await loginAs(t.app, w.principal), (await seed()).id));
      expectShared(await call(await loginAs(t.app, w.teacher), (await seed()).id));
      // The coach who did not author it (the admin logged it for them) still sees the notes.
      const forCasey = await insertInteraction(t.db, {
        districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, createdBy: w.admin.id, notes: 'Shared note', nextSteps: 'Next step',
        privateNotes: 'Private note', values: [{ fieldId: fields.text.id, value: 'Evidence text' }, { fieldId: fields.rating.id, value: 3 }],
      });
      const casey = await call(await loginAs(t.app, w.coach), forCasey.id);
      expectShared(casey);
      expectPrivate(casey, false);
    }
  });
});

describe('POST /api/interaction and duplicate', () => {
  it('create: the author gets everything back, under both rules', async () => {
    for (const visible of [true, false]) {
      await setSharedNotesVisible(t.db, w.district.id, visible);
      const coach = await loginAs(t.app, w.coach);
      const res = await coach.post('/api/interaction').set(csrfHeaders(coach)).send(body());
      expect(res.status).toBe(201);
      expectShared(res.body);
      expectPrivate(res.body, true);
      // The admin logging for Casey is the author: their own private notes come back to them.
      const admin = await loginAs(t.app, w.admin);
      const forCasey = await admin.post('/api/interaction').set(csrfHeaders(admin)).send(body({ coach_id: w.coach.id }));
      expectShared(forCasey.body);
      expectPrivate(forCasey.body, true);
      // Casey reads it: shared notes (coach) but never the admin's private notes.
      const read = (await coach.get(`/api/interaction/${forCasey.body.id}`)).body;
      expectShared(read);
      expectPrivate(read, false);
    }
  });

  it('duplicate: the copy follows both rules for its new author', async () => {
    const coach = await loginAs(t.app, w.coach);
    const own = await coach.post(`/api/interaction/${(await seed()).id}/duplicate`).set(csrfHeaders(coach));
    expectShared(own.body);
    expectPrivate(own.body, true);

    await setSharedNotesVisible(t.db, w.district.id, false);
    const admin = await loginAs(t.app, w.admin);
    const copy = await admin.post(`/api/interaction/${(await seed()).id}/duplicate`).set(csrfHeaders(admin));
    expect(copy.status).toBe(201);
    // The admin authored the copy (so its notes show to them) but Casey's private notes were not copied.
    expectShared(copy.body);
    expect(copy.body.private_notes).toBeNull();
    const caseyReads = (await coach.get(`/api/interaction/${copy.body.id}`)).body;
    expectShared(caseyReads);
    expectPrivate(caseyReads, false);
    const principal = (await (await loginAs(t.app, w.principal)).get(`/api/interaction/${copy.body.id}`)).body;
    expectHidden(principal);
  });
});
