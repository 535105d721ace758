// The two privacy rules on every endpoint that answers an interaction (list, one, create, update,
// complete, cancel, duplicate, delete):
// - private notes only ever to their author (the key is absent for anyone else);
// - the district's shared_notes_visible_to_admins: on (default), every reader gets notes, next steps and
//   text field values; off, only the author, the coach and the participating educators do — everyone
//   else gets null, notes_hidden: true and no text field values.
// And what a writer may not see is neither copied by their duplicate nor changed by their edit: the copy
// leaves it out, the edit keeps its stored value (issue 25, items 4 and 5).
import type { Agent } from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Interaction as Answer } from '../../../common/schemas/interactions';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import {
  buildInteractionsWorld, insertField, insertInteraction, interactionAudits, type InteractionsWorld, setSharedNotesVisible,
} from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
let fields: { text: { id: number }; rating: { id: number } };
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
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

    // The admin may read the shared notes (setting on): the copy has them, but not Casey's private notes.
    const admin = await loginAs(t.app, w.admin);
    const copy = await admin.post(`/api/interaction/${(await seed()).id}/duplicate`).set(csrfHeaders(admin));
    expect(copy.status).toBe(201);
    expectShared(copy.body);
    expect(copy.body.private_notes).toBeNull();
    const caseyReads = (await coach.get(`/api/interaction/${copy.body.id}`)).body;
    expectShared(caseyReads);
    expectPrivate(caseyReads, false);
    await setSharedNotesVisible(t.db, w.district.id, false);
    const principal = (await (await loginAs(t.app, w.principal)).get(`/api/interaction/${copy.body.id}`)).body;
    expectHidden(principal);
  });
});

describe('what the writer may not see is neither copied nor changed by them', () => {
  const stored = async (id: number) => ({
    row: await t.db.selectFrom('interactions').select(['notes', 'next_steps', 'private_notes', 'duration_minutes', 'created_by', 'updated_by', 'sequence'])
      .where('id', '=', id).executeTakeFirstOrThrow(),
    values: Object.fromEntries((await t.db.selectFrom('interaction_field_values').select(['field_id', 'value']).where('interaction_id', '=', id).execute())
      .map((v) => [v.field_id, JSON.parse(v.value) as unknown])),
  });
  /** The stored row matches `row`; the stored field values are exactly `values`. */
  const expectStored = async (id: number, row: Record<string, unknown>, values: Record<number, unknown>) => {
    const now = await stored(id);
    expect(now.row).toMatchObject(row);
    expect(now.values).toEqual(values);
  };
  const ORIGINAL = {
    row: { notes: 'Shared note', next_steps: 'Next step', private_notes: 'Private note' },
    values: () => ({ [fields.text.id]: 'Evidence text', [fields.rating.id]: 3 }),
  };
  /** The PUT body of an interaction exactly as its reader got it, with `over` changed. */
  const asRead = (i: Answer, over: Record<string, unknown> = {}) => ({
    interaction_type_id: i.interaction_type.id, coach_id: i.coach.id, starts_at: i.starts_at, duration_minutes: i.duration_minutes,
    status: i.status, building_id: i.building?.id ?? null, staff_ids: i.participants.map((p) => p.id),
    group_ids: i.groups.map((g) => g.id), notes: i.notes, next_steps: i.next_steps, private_notes: i.private_notes ?? null,
    field_values: Object.fromEntries(i.field_values.map((v) => [v.field_id, v.value])),
    coaching_cycle_id: i.coaching_cycle?.id ?? null, skill_ids: i.focus_skills.map((k) => k.id), ...over,
  });

  describe('shared notes off: an administrator (not author, coach or participant)', () => {
    beforeEach(() => setSharedNotesVisible(t.db, w.district.id, false));

    it('duplicate: 201, the copy has no notes, next steps or text values (answered and stored); the original is unchanged', async () => {
      const source = await seed();
      const admin = await loginAs(t.app, w.admin);
      const res = await admin.post(`/api/interaction/${source.id}/duplicate`).set(csrfHeaders(admin));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ notes: null, next_steps: null, private_notes: null, status: 'scheduled', duration_minutes: 45 });
      expect(res.body.field_values.map((v: { field_id: number }) => v.field_id)).toEqual([fields.rating.id]);
      expect(JSON.stringify(res.body)).not.toMatch(/Shared note|Next step|Evidence text|Private note/);
      await expectStored(res.body.id, { notes: null, next_steps: null, private_notes: null, created_by: w.admin.id }, { [fields.rating.id]: 3 });
      await expectStored(source.id, ORIGINAL.row, ORIGINAL.values());
      // Casey, who may read everything, finds nothing of the original's texts in the copy either.
      const casey = (await (await loginAs(t.app, w.coach)).get(`/api/interaction/${res.body.id}`)).body;
      expect(casey).toMatchObject({ notes: null, next_steps: null, notes_hidden: false });
      expect(casey.field_values.map((v: { field_id: number }) => v.field_id)).toEqual([fields.rating.id]);
    });

    it('PUT as read, only the duration changed: 200, the notes, next steps, private notes and text values keep their stored values', async () => {
      const source = await seed();
      const admin = await loginAs(t.app, w.admin);
      const read = (await admin.get(`/api/interaction/${source.id}`)).body;
      expectHidden(read);
      const res = await admin.put(`/api/interaction/${source.id}`).set(csrfHeaders(admin)).send(asRead(read, { duration_minutes: 30 }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ duration_minutes: 30, notes: null, next_steps: null, notes_hidden: true });
      expect(res.body.field_values.map((v: { field_id: number }) => v.field_id)).toEqual([fields.rating.id]);
      await expectStored(source.id, { ...ORIGINAL.row, duration_minutes: 30, updated_by: w.admin.id, sequence: 1 }, ORIGINAL.values());
      const [audit] = await interactionAudits(t.db, 'interaction_updated');
      expect(JSON.parse(audit!.details!)).not.toHaveProperty('texts_changed');
      // Casey still reads what she wrote.
      expectShared((await (await loginAs(t.app, w.coach)).get(`/api/interaction/${source.id}`)).body);
    });

    it('PUT with values for what is hidden: ignored (stored values kept), the visible values are changed', async () => {
      const source = await seed();
      const admin = await loginAs(t.app, w.admin);
      const res = await admin.put(`/api/interaction/${source.id}`).set(csrfHeaders(admin)).send(body({
        notes: 'Overwritten', next_steps: 'Overwritten', private_notes: 'Overwritten', field_values: { [fields.text.id]: 'Overwritten', [fields.rating.id]: 1 },
      }));
      expect(res.status).toBe(200);
      await expectStored(source.id, ORIGINAL.row, { [fields.text.id]: 'Evidence text', [fields.rating.id]: 1 });
      expect(JSON.stringify(res.body)).not.toMatch(/Overwritten|Evidence text/);
    });

    it('PUT completing with a required text field hidden from them: no 422, its stored value kept; kept across a type change too', async () => {
      await t.db.updateTable('interaction_fields').set({ required: 1 }).where('id', '=', fields.text.id).execute();
      const source = await seed('scheduled');
      const admin = await loginAs(t.app, w.admin);
      const read = (await admin.get(`/api/interaction/${source.id}`)).body;
      const done = await admin.put(`/api/interaction/${source.id}`).set(csrfHeaders(admin)).send(asRead(read, { status: 'completed' }));
      expect(done.status).toBe(200);
      expect((await stored(source.id)).values).toEqual(ORIGINAL.values());
      // Another type: the visible values of the old type go, as for anyone; the hidden one stays.
      const moved = await admin.put(`/api/interaction/${source.id}`).set(csrfHeaders(admin))
        .send(asRead(read, { status: 'completed', interaction_type_id: w.checkIn.id, field_values: {} }));
      expect(moved.status).toBe(200);
      await expectStored(source.id, ORIGINAL.row, { [fields.text.id]: 'Evidence text' });
    });
  });

  describe('shared notes off: those who may read the notes duplicate and edit them as before', () => {
    beforeEach(() => setSharedNotesVisible(t.db, w.district.id, false));

    it('the author: the copy has everything, private notes too; an edit changes and clears them', async () => {
      const source = await seed();
      const coach = await loginAs(t.app, w.coach);
      const copy = await coach.post(`/api/interaction/${source.id}/duplicate`).set(csrfHeaders(coach));
      expect(copy.status).toBe(201);
      expectShared(copy.body);
      expectPrivate(copy.body, true);
      await expectStored(copy.body.id, ORIGINAL.row, ORIGINAL.values());

      const read = (await coach.get(`/api/interaction/${source.id}`)).body;
      const res = await coach.put(`/api/interaction/${source.id}`).set(csrfHeaders(coach))
        .send(asRead(read, { notes: null, next_steps: 'New step', private_notes: 'New private', field_values: { [fields.rating.id]: 2 } }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ notes: null, next_steps: 'New step', private_notes: 'New private', notes_hidden: false });
      await expectStored(source.id, { notes: null, next_steps: 'New step', private_notes: 'New private' }, { [fields.rating.id]: 2 });
    });

    it('the coach who did not author it: copies and edits the shared texts, never the author\'s private notes', async () => {
      const forCasey = await insertInteraction(t.db, {
        districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, createdBy: w.admin.id, notes: 'Shared note', nextSteps: 'Next step',
        privateNotes: 'Private note', values: [{ fieldId: fields.text.id, value: 'Evidence text' }, { fieldId: fields.rating.id, value: 3 }],
      });
      const coach = await loginAs(t.app, w.coach);
      const copy = await coach.post(`/api/interaction/${forCasey.id}/duplicate`).set(csrfHeaders(coach));
      expect(copy.status).toBe(201);
      expectShared(copy.body);
      await expectStored(copy.body.id, { ...ORIGINAL.row, private_notes: null }, ORIGINAL.values());

      const read = (await coach.get(`/api/interaction/${forCasey.id}`)).body;
      const res = await coach.put(`/api/interaction/${forCasey.id}`).set(csrfHeaders(coach))
        .send(asRead(read, { notes: 'Edited', field_values: { [fields.text.id]: 'Edited evidence', [fields.rating.id]: 3 }, private_notes: 'Mine now?' }));
      expect(res.status).toBe(200);
      await expectStored(forCasey.id, { notes: 'Edited', next_steps: 'Next step', private_notes: 'Private note' }, { [fields.text.id]: 'Edited evidence', [fields.rating.id]: 3 });
    });
  });

  describe('shared notes on: the administrator reads them, so copies and edits them', () => {
    it('duplicate copies the shared texts (not the private notes); an edit as read keeps them; an edit may clear them', async () => {
      const source = await seed();
      const admin = await loginAs(t.app, w.admin);
      const copy = await admin.post(`/api/interaction/${source.id}/duplicate`).set(csrfHeaders(admin));
      expect(copy.status).toBe(201);
      expectShared(copy.body);
      await expectStored(copy.body.id, { ...ORIGINAL.row, private_notes: null }, ORIGINAL.values());

      const read = (await admin.get(`/api/interaction/${source.id}`)).body;
      expect((await admin.put(`/api/interaction/${source.id}`).set(csrfHeaders(admin)).send(asRead(read, { duration_minutes: 30 }))).status).toBe(200);
      await expectStored(source.id, { ...ORIGINAL.row, duration_minutes: 30 }, ORIGINAL.values());

      const cleared = await admin.put(`/api/interaction/${source.id}`).set(csrfHeaders(admin))
        .send(asRead(read, { notes: null, next_steps: null, field_values: { [fields.rating.id]: 3 } }));
      expect(cleared.status).toBe(200);
      await expectStored(source.id, { notes: null, next_steps: null, private_notes: 'Private note' }, { [fields.rating.id]: 3 });
    });
  });
});
