// POST, PUT, DELETE /api/interaction and …/complete, …/cancel, …/duplicate, in DESIGN's order:
// 401, 419, 422 per field, 404 other district, 403, then success and the database state.
import { beforeEach, describe, expect, it } from 'vitest';
import { INTERACTION_MESSAGES } from '../../../common/schemas/interactions';
import { appWith, asGuest, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import {
  buildInteractionsWorld, impersonatingAgent, insertField, insertInteraction, interactionAudits, type InteractionsWorld,
} from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

const row = (id: number) => t.db.selectFrom('interactions').selectAll().where('id', '=', id).executeTakeFirst();
const participantsOf = async (id: number) => (await t.db.selectFrom('interaction_participants').select(['staff_id', 'group_id'])
  .where('interaction_id', '=', id).orderBy('staff_id').execute());
const groupsOf = async (id: number) => (await t.db.selectFrom('interaction_groups').select('group_id').where('interaction_id', '=', id).execute()).map((g) => g.group_id);
const valuesOf = async (id: number) => Object.fromEntries((await t.db.selectFrom('interaction_field_values').select(['field_id', 'value'])
  .where('interaction_id', '=', id).execute()).map((v) => [v.field_id, JSON.parse(v.value)]));
const count = async () => Number((await t.db.selectFrom('interactions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const payload = (over: Record<string, unknown> = {}) => ({
  interaction_type_id: w.observation.id,
  starts_at: '2026-10-06T14:00:00.000Z',
  duration_minutes: 45,
  status: 'completed',
  building_id: w.lincoln.id,
  staff_ids: [w.ana.id],
  group_ids: [],
  notes: 'Students on task most of the lesson.',
  private_notes: 'Seemed tired.',
  next_steps: 'Try cold-calling.',
  field_values: {},
  ...over,
});

describe('POST /api/interaction', () => {
  itRequiresLogin(() => t.app, 'post', '/api/interaction', payload);

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.coach);
    expect((await agent.post('/api/interaction').set('X-Requested-With', 'XMLHttpRequest').send(payload())).status).toBe(419);
    expect(await count()).toBe(1);
  });

  it.each<[string, () => Record<string, unknown>, string, string]>([
    ['no type', () => ({ interaction_type_id: undefined }), 'interaction_type_id', 'Choose an interaction type.'],
    ['a text type', () => ({ interaction_type_id: 'observation' }), 'interaction_type_id', 'Choose an interaction type.'],
    ['another district\'s type', () => ({ interaction_type_id: w.otherType.id }), 'interaction_type_id', INTERACTION_MESSAGES.typeNotInDistrict],
    ['an unknown type', () => ({ interaction_type_id: 999999 }), 'interaction_type_id', INTERACTION_MESSAGES.typeNotInDistrict],
    ['no start', () => ({ starts_at: undefined }), 'starts_at', 'Start is required.'],
    ['a local start', () => ({ starts_at: '2026-10-06 09:00' }), 'starts_at', 'Start must be a UTC timestamp (ISO 8601).'],
    ['a zero duration', () => ({ duration_minutes: 0 }), 'duration_minutes', 'Duration must be from 1 to 720 minutes.'],
    ['a text duration', () => ({ duration_minutes: '45' }), 'duration_minutes', 'Duration must be a number of minutes.'],
    ['an unknown status', () => ({ status: 'done' }), 'status', 'Status must be scheduled, completed, cancelled or no-show.'],
    ['another district\'s school', () => ({ building_id: w.otherBuilding.id }), 'building_id', INTERACTION_MESSAGES.buildingNotInDistrict],
    ['staff_ids not a list', () => ({ staff_ids: w.ana.id }), 'staff_ids', 'Educators must be a list.'],
    ['another district\'s educator', () => ({ staff_ids: [w.ana.id, w.stranger.id] }), 'staff_ids', INTERACTION_MESSAGES.participantNotFound],
    ['an educator outside the coach\'s schools', () => ({ staff_ids: [w.cy.id] }), 'staff_ids', INTERACTION_MESSAGES.participantNotFound],
    ['another district\'s group', () => ({ group_ids: [w.otherGroup.id] }), 'group_ids', INTERACTION_MESSAGES.groupNotFound],
    ['long notes', () => ({ notes: 'x'.repeat(5001) }), 'notes', 'Notes must be at most 5000 characters.'],
    ['numeric private notes', () => ({ private_notes: 5 }), 'private_notes', 'Private notes must be text.'],
    ['another coach', () => ({ coach_id: w.coach2.id }), 'coach_id', INTERACTION_MESSAGES.coachNotAllowed],
    ['field values as a list', () => ({ field_values: ['x'] }), 'field_values', 'Field values must be an object keyed by field ID.'],
    ['a value for no field', () => ({ field_values: { 999999: 'x' } }), 'field_values.999999', INTERACTION_MESSAGES.fieldNotOfType],
  ])('422 for %s names the field, nothing is written', async (_name, over, field, message) => {
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload(over()));
    expectFieldError(res, field, message);
    expect(await count()).toBe(1);
  });

  it('422 for an archived type on create, the provider\'s default types and a coach from elsewhere', async () => {
    await t.db.updateTable('interaction_types').set({ archived_at: '2026-09-01T00:00:00.000Z' }).where('id', '=', w.checkIn.id).execute();
    const provider = await t.db.selectFrom('interaction_types').select('id').where('district_id', 'is', null).executeTakeFirstOrThrow();
    const coach = await loginAs(t.app, w.coach);
    const archived = await coach.post('/api/interaction').set(csrfHeaders(coach)).send(payload({ interaction_type_id: w.checkIn.id }));
    expect(archived.body.errors).toEqual({ interaction_type_id: [INTERACTION_MESSAGES.typeArchived] });
    const defaults = await coach.post('/api/interaction').set(csrfHeaders(coach)).send(payload({ interaction_type_id: provider.id }));
    expect(defaults.body.errors).toEqual({ interaction_type_id: [INTERACTION_MESSAGES.typeNotInDistrict] });
    const admin = await loginAs(t.app, w.admin);
    for (const coachId of [w.otherAdmin.id, w.teacher.id, 999999]) {
      const res = await admin.post('/api/interaction').set(csrfHeaders(admin)).send(payload({ coach_id: coachId }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ coach_id: [INTERACTION_MESSAGES.coachNotInDistrict] });
    }
    expect(await count()).toBe(1);
  });

  it('wrong types and bad JSON answer 4xx, never 500', async () => {
    const agent = await loginAs(t.app, w.coach);
    for (const body of [[], 'x', { ...payload(), staff_ids: [{}] }, { ...payload(), group_ids: [1.5] }, { ...payload(), field_values: { abc: 1 } }]) {
      const res = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(body as object);
      expect(res.status).toBe(422);
    }
    const proto = await agent.post('/api/interaction').set({ ...csrfHeaders(agent), 'Content-Type': 'application/json' })
      .send(JSON.stringify({ ...payload(), field_values: { ['__proto__']: { x: 1 } } }).replace('"field_values":{}', '"field_values":{"__proto__":{"x":1}}'));
    expect(proto.status).toBeLessThan(500);
    const broken = await agent.post('/api/interaction').set({ ...csrfHeaders(agent), 'Content-Type': 'application/json' }).send('{"interaction_type_id":');
    expect(broken.status).toBe(400);
  });

  it('403 for an educator and for provider staff outside a district', async () => {
    const provider = await buildUser(t.db, { role: 'provider-admin' });
    for (const user of [w.teacher, provider]) {
      const agent = await loginAs(t.app, user);
      expect((await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload({ staff_ids: [w.jordan.id] }))).status).toBe(403);
    }
    expect(await count()).toBe(1);
  });

  it('201: a coach logs as themself; stored with created_by, updated_by, sequence 0; audited without note texts', async () => {
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload({ staff_ids: [w.ana.id, w.jordan.id, w.ana.id] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      coach: { id: w.coach.id, name: 'Casey Coach' }, status: 'completed', private_notes: 'Seemed tired.', can_edit: true,
      participants: [{ id: w.ana.id, name: 'Ana Alvarez', group_id: null }, { id: w.jordan.id, name: 'Jordan Ellis', group_id: null }],
      created_by: { id: w.coach.id, name: 'Casey Coach' }, ends_at: '2026-10-06T14:45:00.000Z',
    });
    expect(await row(res.body.id)).toMatchObject({
      district_id: w.district.id, coach_id: w.coach.id, created_by: w.coach.id, updated_by: w.coach.id, sequence: 0,
      notes: 'Students on task most of the lesson.', private_notes: 'Seemed tired.', next_steps: 'Try cold-calling.', deleted_at: null,
    });
    const [audit] = await interactionAudits(t.db, 'interaction_created');
    expect(audit).toMatchObject({ district_id: w.district.id, actor_id: w.coach.id, subject_type: 'interaction', subject_id: res.body.id });
    expect(audit!.details).not.toContain('tired');
    expect(JSON.parse(audit!.details!)).toMatchObject({ coach_id: w.coach.id, participants: [w.ana.id, w.jordan.id] });
  });

  it('a district admin logs for a coach; a principal with no body defaults to themself; impersonation is audited', async () => {
    const admin = await loginAs(t.app, w.admin);
    const forCoach = await admin.post('/api/interaction').set(csrfHeaders(admin)).send(payload({ coach_id: w.coach2.id, staff_ids: [w.cy.id] }));
    expect(forCoach.status).toBe(201);
    expect(await row(forCoach.body.id)).toMatchObject({ coach_id: w.coach2.id, created_by: w.admin.id });
    const principal = await loginAs(t.app, w.principal);
    const own = await principal.post('/api/interaction').set(csrfHeaders(principal)).send(payload());
    expect(own.body.coach.id).toBe(w.principal.id);
    const asCoach = await impersonatingAgent(t, w.coach.id);
    const res = await asCoach.post('/api/interaction').set(csrfHeaders(asCoach)).send(payload());
    expect(res.status).toBe(201);
    const audits = await interactionAudits(t.db, 'interaction_created');
    expect(audits[2]).toMatchObject({ actor_id: w.coach.id, impersonator_id: expect.any(Number) });
  });

  it('a group is expanded to its members on the interaction\'s date and stored with group_id', async () => {
    const agent = await loginAs(t.app, w.admin);
    const post = async (startsAt: string) => (await agent.post('/api/interaction').set(csrfHeaders(agent))
      .send(payload({ starts_at: startsAt, staff_ids: [w.ana.id], group_ids: [w.group.id] }))).body;
    // Oct 1 (Chicago) is Ben's last day; Cy joins Nov 1.
    const oct1 = await post('2026-10-01T20:00:00.000Z');
    expect(await participantsOf(oct1.id)).toEqual([{ staff_id: w.ana.id, group_id: null }, { staff_id: w.ben.id, group_id: w.group.id }]);
    const oct2 = await post('2026-10-02T14:00:00.000Z');
    expect(await participantsOf(oct2.id)).toEqual([{ staff_id: w.ana.id, group_id: null }]);
    const nov2 = await post('2026-11-02T14:00:00.000Z');
    expect(await participantsOf(nov2.id)).toEqual([{ staff_id: w.ana.id, group_id: null }, { staff_id: w.cy.id, group_id: w.group.id }]);
    expect(await groupsOf(nov2.id)).toEqual([w.group.id]);
    expect(nov2.groups).toEqual([{ id: w.group.id, name: 'Math PLC' }]);
    // Editing the group later does not rewrite the stored participants.
    await t.db.deleteFrom('group_items').where('group_id', '=', w.group.id).execute();
    expect(await participantsOf(nov2.id)).toHaveLength(2);
  });
});

describe('custom field values', () => {
  async function fields() {
    const d = w.district.id;
    const typeId = w.observation.id;
    return {
      short: await insertField(t.db, { districtId: d, typeId, label: 'Lesson', kind: 'short_text', required: true, sortOrder: 1 }),
      long: await insertField(t.db, { districtId: d, typeId, label: 'Evidence', kind: 'long_text', sortOrder: 2 }),
      number: await insertField(t.db, { districtId: d, typeId, label: 'Students', kind: 'number', config: { min: 0, max: 40 }, sortOrder: 3 }),
      single: await insertField(t.db, { districtId: d, typeId, label: 'Focus', kind: 'single_choice', config: { options: ['Engagement', 'Pacing'] }, sortOrder: 4 }),
      multi: await insertField(t.db, { districtId: d, typeId, label: 'Strategies', kind: 'multiple_choice', config: { options: ['Turn and talk', 'Exit ticket', 'Wait time'] }, sortOrder: 5 }),
      yesNo: await insertField(t.db, { districtId: d, typeId, label: 'Objective posted', kind: 'yes_no', sortOrder: 6 }),
      date: await insertField(t.db, { districtId: d, typeId, label: 'Follow-up', kind: 'date', sortOrder: 7 }),
      rating: await insertField(t.db, { districtId: d, typeId, label: 'Engagement level', kind: 'rating', config: { scale: 4 }, sortOrder: 8 }),
      archived: await insertField(t.db, { districtId: d, typeId, label: 'Old rubric', kind: 'short_text', required: true, archived: true, sortOrder: 9 }),
      otherType: await insertField(t.db, { districtId: d, typeId: w.checkIn.id, label: 'Mood', kind: 'short_text', sortOrder: 1 }),
    };
  }

  it.each<[string, (f: Awaited<ReturnType<typeof fields>>) => [number, unknown], string]>([
    ['short text not text', (f) => [f.short.id, 5], 'Lesson must be text.'],
    ['short text too long', (f) => [f.short.id, 'x'.repeat(201)], 'Lesson must be at most 200 characters.'],
    ['long text too long', (f) => [f.long.id, 'x'.repeat(5001)], 'Evidence must be at most 5000 characters.'],
    ['number as text', (f) => [f.number.id, '12'], 'Students must be a number.'],
    ['number below min', (f) => [f.number.id, -1], 'Students must be at least 0.'],
    ['number above max', (f) => [f.number.id, 41], 'Students must be at most 40.'],
    ['single choice not an option', (f) => [f.single.id, 'Rigor'], 'Choose one of the options of Focus.'],
    ['multiple choice not a list', (f) => [f.multi.id, 'Exit ticket'], 'Choose options of Strategies from its list.'],
    ['multiple choice with an unknown option', (f) => [f.multi.id, ['Exit ticket', 'Nap']], 'Choose options of Strategies from its list.'],
    ['yes/no as text', (f) => [f.yesNo.id, 'yes'], 'Objective posted must be yes or no.'],
    ['date not a date', (f) => [f.date.id, '2026-02-30'], 'Follow-up must be a date (YYYY-MM-DD).'],
    ['rating above the scale', (f) => [f.rating.id, 5], 'Engagement level must be a whole number from 1 to 4.'],
    ['rating not whole', (f) => [f.rating.id, 2.5], 'Engagement level must be a whole number from 1 to 4.'],
    ['a field of another type', (f) => [f.otherType.id, 'Happy'], INTERACTION_MESSAGES.fieldNotOfType],
  ])('422 for %s, keyed field_values.<id> naming the field', async (_name, pick, message) => {
    const f = await fields();
    const [id, value] = pick(f);
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload({ field_values: { [f.short.id]: 'Fractions', [id]: value } }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [`field_values.${id}`]: [message] });
    expect(await count()).toBe(1);
  });

  it('a required field needs a value when completed (not the archived one); scheduled may leave it empty', async () => {
    const f = await fields();
    const agent = await loginAs(t.app, w.coach);
    const missing = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload({ field_values: { [f.short.id]: '   ' } }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ [`field_values.${f.short.id}`]: ['Lesson is required.'] });
    const scheduled = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload({ status: 'scheduled' }));
    expect(scheduled.status).toBe(201);
  });

  it('without the plan feature custom-fields no field is required (the log form does not show them)', async () => {
    const f = await fields();
    const essentials = await t.db.selectFrom('plans').select('id').where('key', '=', 'essentials').executeTakeFirstOrThrow();
    await t.db.updateTable('districts').set({ plan_id: essentials.id }).where('id', '=', w.district.id).execute();
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload({ field_values: {} }));
    expect(res.status).toBe(201);
    expect(await count()).toBe(2);
    void f;
  });

  it('stores every kind as sent and answers them in field order with labels', async () => {
    const f = await fields();
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.post('/api/interaction').set(csrfHeaders(agent)).send(payload({
      field_values: {
        [f.short.id]: ' Fractions ', [f.long.id]: '', [f.number.id]: 24, [f.single.id]: 'Pacing', [f.multi.id]: ['Wait time', 'Turn and talk'],
        [f.yesNo.id]: false, [f.date.id]: '2026-10-20', [f.rating.id]: 3,
      },
    }));
    expect(res.status).toBe(201);
    expect(await valuesOf(res.body.id)).toEqual({
      [f.short.id]: 'Fractions', [f.number.id]: 24, [f.single.id]: 'Pacing', [f.multi.id]: ['Turn and talk', 'Wait time'],
      [f.yesNo.id]: false, [f.date.id]: '2026-10-20', [f.rating.id]: 3,
    });
    expect(res.body.field_values.map((v: { label: string; value: unknown }) => [v.label, v.value])).toEqual([
      ['Lesson', 'Fractions'], ['Students', 24], ['Focus', 'Pacing'], ['Strategies', ['Turn and talk', 'Wait time']],
      ['Objective posted', false], ['Follow-up', '2026-10-20'], ['Engagement level', 3],
    ]);
  });

  it('an archived field keeps its old value on edit and is shown marked archived', async () => {
    const f = await fields();
    const old = await insertInteraction(t.db, {
      districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id,
      values: [{ fieldId: f.archived.id, value: 'Level 3' }, { fieldId: f.short.id, value: 'Ratios' }],
    });
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.put(`/api/interaction/${old.id}`).set(csrfHeaders(agent)).send(payload({ field_values: { [f.short.id]: 'Ratios 2' } }));
    expect(res.status).toBe(200);
    expect(await valuesOf(old.id)).toEqual({ [f.archived.id]: 'Level 3', [f.short.id]: 'Ratios 2' });
    expect(res.body.field_values.find((v: { field_id: number }) => v.field_id === f.archived.id)).toEqual({
      field_id: f.archived.id, label: 'Old rubric', kind: 'short_text', value: 'Level 3', archived: true,
    });
  });
});

describe('PUT /api/interaction/{id}', () => {
  let mine: Awaited<ReturnType<typeof insertInteraction>>;
  beforeEach(async () => {
    mine = await insertInteraction(t.db, {
      districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, buildingId: w.lincoln.id,
      startsAt: '2026-10-01T20:00:00.000Z', privateNotes: 'Casey only', notes: 'Before',
      staff: [{ id: w.ana.id, groupId: w.group.id }, { id: w.ben.id, groupId: w.group.id }], groupIds: [w.group.id],
    });
  });

  itRequiresLogin(() => t.app, 'put', () => `/api/interaction/${mine.id}`, payload);

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.coach);
    expect((await agent.put(`/api/interaction/${mine.id}`).set('X-Requested-With', 'XMLHttpRequest').send(payload())).status).toBe(419);
  });

  it('422 per field, nothing changes', async () => {
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.put(`/api/interaction/${mine.id}`).set(csrfHeaders(agent)).send(payload({ duration_minutes: 721, building_id: w.otherBuilding.id }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ duration_minutes: ['Duration must be from 1 to 720 minutes.'] });
    const server = await agent.put(`/api/interaction/${mine.id}`).set(csrfHeaders(agent)).send(payload({ building_id: w.otherBuilding.id, staff_ids: [w.stranger.id] }));
    expect(server.body.errors).toEqual({
      building_id: [INTERACTION_MESSAGES.buildingNotInDistrict], staff_ids: [INTERACTION_MESSAGES.participantNotFound],
    });
    expect(await row(mine.id)).toMatchObject({ notes: 'Before', sequence: 0 });
  });

  it('404 for another district\'s, a deleted and an invisible interaction', async () => {
    const admin = await loginAs(t.app, w.admin);
    expect((await admin.put(`/api/interaction/${w.otherInteraction.id}`).set(csrfHeaders(admin)).send(payload())).status).toBe(404);
    await t.db.updateTable('interactions').set({ deleted_at: '2026-10-10T00:00:00.000Z' }).where('id', '=', mine.id).execute();
    expect((await admin.put(`/api/interaction/${mine.id}`).set(csrfHeaders(admin)).send(payload())).status).toBe(404);
    await t.db.updateTable('interactions').set({ deleted_at: null }).where('id', '=', mine.id).execute();
    const cole = await loginAs(t.app, w.coach2);
    expect((await cole.put(`/api/interaction/${mine.id}`).set(csrfHeaders(cole)).send(payload())).status).toBe(404);
    expect((await row(w.otherInteraction.id))!.sequence).toBe(0);
  });

  it('403 cannotEdit for a principal who may see it, and for an educator', async () => {
    const principal = await loginAs(t.app, w.principal);
    const res = await principal.put(`/api/interaction/${mine.id}`).set(csrfHeaders(principal)).send(payload());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(INTERACTION_MESSAGES.cannotEdit);
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.put(`/api/interaction/${mine.id}`).set(csrfHeaders(teacher)).send(payload())).status).toBe(403);
    expect(await row(mine.id)).toMatchObject({ notes: 'Before', sequence: 0 });
  });

  it('200: replaces the fields, bumps sequence, sets updated_by; audited with changes', async () => {
    const agent = await loginAs(t.app, w.coach);
    const res = await agent.put(`/api/interaction/${mine.id}`).set(csrfHeaders(agent))
      .send(payload({ starts_at: '2026-10-01T20:00:00.000Z', duration_minutes: 30, notes: 'After', group_ids: [w.group.id], staff_ids: [] }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ duration_minutes: 30, notes: 'After', private_notes: 'Seemed tired.' });
    expect(await row(mine.id)).toMatchObject({ sequence: 1, updated_by: w.coach.id, duration_minutes: 30, private_notes: 'Seemed tired.' });
    const [audit] = await interactionAudits(t.db, 'interaction_updated');
    const details = JSON.parse(audit!.details!);
    expect(details.changes).toEqual({ duration_minutes: { from: 45, to: 30 } });
    expect(details.texts_changed).toEqual(['notes', 'next_steps', 'private_notes']);
    expect(audit!.details).not.toContain('After');
  });

  it('a group already on it keeps its stored members while the start is unchanged; a new date expands it again', async () => {
    // Ben has left the group since (his last day was Oct 1) and Cy joined: the stored rows stay.
    await t.db.updateTable('group_items').set({ start_date: '2026-08-17T05:00:00.000Z' }).where('item_id', '=', w.cy.id).execute();
    const agent = await loginAs(t.app, w.coach);
    const same = { starts_at: '2026-10-01T20:00:00.000Z', staff_ids: [], group_ids: [w.group.id] };
    await agent.put(`/api/interaction/${mine.id}`).set(csrfHeaders(agent)).send(payload(same));
    expect(await participantsOf(mine.id)).toEqual([{ staff_id: w.ana.id, group_id: w.group.id }, { staff_id: w.ben.id, group_id: w.group.id }]);
    const moved = await agent.put(`/api/interaction/${mine.id}`).set(csrfHeaders(agent)).send(payload({ ...same, starts_at: '2026-10-08T20:00:00.000Z' }));
    expect(moved.status).toBe(200);
    expect(await participantsOf(mine.id)).toEqual([{ staff_id: w.ana.id, group_id: w.group.id }, { staff_id: w.cy.id, group_id: w.group.id }]);
  });

  it('an archived type may stay on edit but not be newly chosen; a kept coach and participants stay allowed', async () => {
    await t.db.updateTable('interaction_types').set({ archived_at: '2026-09-01T00:00:00.000Z' }).where('id', 'in', [w.observation.id, w.checkIn.id]).execute();
    // The admin logged it for Cole with Cy (outside Casey's schools); Casey authored nothing here.
    const admins = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach2.id, createdBy: w.admin.id, staff: [{ id: w.cy.id }] });
    const cole = await loginAs(t.app, w.coach2);
    const kept = await cole.put(`/api/interaction/${admins.id}`).set(csrfHeaders(cole)).send(payload({ staff_ids: [w.cy.id], building_id: null }));
    expect(kept.status).toBe(200);
    const switched = await cole.put(`/api/interaction/${admins.id}`).set(csrfHeaders(cole)).send(payload({ interaction_type_id: w.checkIn.id, staff_ids: [w.cy.id], building_id: null }));
    expect(switched.body.errors).toEqual({ interaction_type_id: [INTERACTION_MESSAGES.typeArchived] });
    expect((await row(admins.id))!.coach_id).toBe(w.coach2.id);
  });

  it('a district admin may edit anyone\'s; their private notes never replace the author\'s', async () => {
    const admin = await loginAs(t.app, w.admin);
    const res = await admin.put(`/api/interaction/${mine.id}`).set(csrfHeaders(admin)).send(payload({ private_notes: 'Admin wrote this', notes: 'Edited' }));
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('private_notes');
    expect(await row(mine.id)).toMatchObject({ private_notes: 'Casey only', notes: 'Edited', updated_by: w.admin.id, coach_id: w.coach.id });
  });
});

describe('DELETE /api/interaction/{id}', () => {
  it('401, 419, 404 other district, 403 for a reader who cannot edit', async () => {
    const mine = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, buildingId: w.lincoln.id });
    expect((await asGuest(t.app, 'delete', `/api/interaction/${mine.id}`)).status).toBe(401);
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.delete(`/api/interaction/${mine.id}`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    const admin = await loginAs(t.app, w.admin);
    expect((await admin.delete(`/api/interaction/${w.otherInteraction.id}`).set(csrfHeaders(admin))).status).toBe(404);
    const principal = await loginAs(t.app, w.principal);
    expect((await principal.delete(`/api/interaction/${mine.id}`).set(csrfHeaders(principal))).status).toBe(403);
    expect((await row(mine.id))!.deleted_at).toBeNull();
    expect((await row(w.otherInteraction.id))!.deleted_at).toBeNull();
  });

  it('200: soft delete answers the object with deleted_at; hidden from lists and reads; audited; second delete 404', async () => {
    const mine = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, staff: [{ id: w.ana.id }] });
    const coach = await loginAs(t.app, w.coach);
    const res = await coach.delete(`/api/interaction/${mine.id}`).set(csrfHeaders(coach));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: mine.id, participants: [{ id: w.ana.id }] });
    expect(res.body.deleted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await row(mine.id)).toMatchObject({ deleted_at: res.body.deleted_at, sequence: 1, updated_by: w.coach.id });
    expect((await coach.get('/api/interaction')).body.data).toEqual([]);
    expect((await coach.get(`/api/interaction/${mine.id}`)).status).toBe(404);
    expect((await coach.delete(`/api/interaction/${mine.id}`).set(csrfHeaders(coach))).status).toBe(404);
    expect(await interactionAudits(t.db, 'interaction_deleted')).toHaveLength(1);
  });
});

describe('POST /api/interaction/{id}/complete and /cancel', () => {
  it('401, 419, 404 other district, 403 for a reader who cannot edit', async () => {
    const s = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, buildingId: w.lincoln.id, status: 'scheduled' });
    for (const action of ['complete', 'cancel']) {
      expect((await asGuest(t.app, 'post', `/api/interaction/${s.id}/${action}`)).status).toBe(401);
      const coach = await loginAs(t.app, w.coach);
      expect((await coach.post(`/api/interaction/${s.id}/${action}`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
      const admin = await loginAs(t.app, w.admin);
      expect((await admin.post(`/api/interaction/${w.otherInteraction.id}/${action}`).set(csrfHeaders(admin))).status).toBe(404);
      const principal = await loginAs(t.app, w.principal);
      const res = await principal.post(`/api/interaction/${s.id}/${action}`).set(csrfHeaders(principal));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(INTERACTION_MESSAGES.cannotEdit);
    }
    expect((await row(s.id))!.status).toBe('scheduled');
  });

  it('complete: a scheduled one becomes completed (sequence, updated_by, audit); again 409', async () => {
    const s = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, status: 'scheduled', startsAt: '2026-10-01T14:00:00.000Z' });
    const coach = await loginAs(t.app, w.coach);
    const before = await coach.get(`/api/interaction/${s.id}`);
    expect(before.body.needs_completing).toBe(true);
    const res = await coach.post(`/api/interaction/${s.id}/complete`).set(csrfHeaders(coach));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', needs_completing: false });
    expect(await row(s.id)).toMatchObject({ status: 'completed', sequence: 1, updated_by: w.coach.id });
    expect(JSON.parse((await interactionAudits(t.db, 'interaction_completed'))[0]!.details!)).toEqual({ status: { from: 'scheduled', to: 'completed' } });
    const again = await coach.post(`/api/interaction/${s.id}/complete`).set(csrfHeaders(coach));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INTERACTION_MESSAGES.alreadyCompleted);
  });

  it('cancel: 409 alreadyCompleted and alreadyCancelled; a scheduled one becomes cancelled', async () => {
    const done = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, status: 'completed' });
    const s = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, status: 'scheduled' });
    const coach = await loginAs(t.app, w.coach);
    const completed = await coach.post(`/api/interaction/${done.id}/cancel`).set(csrfHeaders(coach));
    expect(completed.status).toBe(409);
    expect(completed.body.message).toBe(INTERACTION_MESSAGES.alreadyCompleted);
    const res = await coach.post(`/api/interaction/${s.id}/cancel`).set(csrfHeaders(coach));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(await row(s.id)).toMatchObject({ status: 'cancelled', sequence: 1 });
    const again = await coach.post(`/api/interaction/${s.id}/cancel`).set(csrfHeaders(coach));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INTERACTION_MESSAGES.alreadyCancelled);
    expect((await row(s.id))!.sequence).toBe(1);
  });
});

describe('POST /api/interaction/{id}/duplicate', () => {
  let source: Awaited<ReturnType<typeof insertInteraction>>;
  beforeEach(async () => {
    const field = await insertField(t.db, { districtId: w.district.id, typeId: w.observation.id, label: 'Focus', kind: 'short_text' });
    source = await insertInteraction(t.db, {
      districtId: w.district.id, typeId: w.observation.id, coachId: w.coach.id, buildingId: w.lincoln.id, startsAt: '2026-10-06T14:00:00.000Z',
      notes: 'Shared', privateNotes: 'Casey only', nextSteps: 'Next', staff: [{ id: w.jordan.id }, { id: w.ana.id, groupId: w.group.id }],
      groupIds: [w.group.id], values: [{ fieldId: field.id, value: 'Pacing' }],
    });
  });

  it('401, 419, 422 bad start, 404 other district, 403 for a reader who cannot edit', async () => {
    expect((await asGuest(t.app, 'post', `/api/interaction/${source.id}/duplicate`)).status).toBe(401);
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.post(`/api/interaction/${source.id}/duplicate`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    const bad = await coach.post(`/api/interaction/${source.id}/duplicate`).set(csrfHeaders(coach)).send({ starts_at: 'next week' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ starts_at: ['Start must be a UTC timestamp (ISO 8601).'] });
    const admin = await loginAs(t.app, w.admin);
    expect((await admin.post(`/api/interaction/${w.otherInteraction.id}/duplicate`).set(csrfHeaders(admin))).status).toBe(404);
    const principal = await loginAs(t.app, w.principal);
    expect((await principal.post(`/api/interaction/${source.id}/duplicate`).set(csrfHeaders(principal))).status).toBe(403);
    expect(await count()).toBe(2);
  });

  it('201: a scheduled copy a week later by default, participants, groups and values copied; the author\'s private notes too', async () => {
    const coach = await loginAs(t.app, w.coach);
    const res = await coach.post(`/api/interaction/${source.id}/duplicate`).set(csrfHeaders(coach));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'scheduled', starts_at: '2026-10-13T14:00:00.000Z', notes: 'Shared', next_steps: 'Next', private_notes: 'Casey only',
      groups: [{ id: w.group.id, name: 'Math PLC' }], building: { id: w.lincoln.id },
    });
    expect(res.body.id).not.toBe(source.id);
    expect(await participantsOf(res.body.id)).toEqual(await participantsOf(source.id));
    expect(await valuesOf(res.body.id)).toEqual(await valuesOf(source.id));
    expect(await row(res.body.id)).toMatchObject({ sequence: 0, created_by: w.coach.id, coach_id: w.coach.id });
    expect(JSON.parse((await interactionAudits(t.db, 'interaction_duplicated'))[0]!.details!)).toEqual({ source_id: source.id });
  });

  it('at a given start; private notes are not copied when the caller is not their author; archived type 422', async () => {
    const admin = await loginAs(t.app, w.admin);
    const res = await admin.post(`/api/interaction/${source.id}/duplicate`).set(csrfHeaders(admin)).send({ starts_at: '2026-11-03T15:30:00Z' });
    expect(res.status).toBe(201);
    expect(res.body.starts_at).toBe('2026-11-03T15:30:00.000Z');
    // The admin authored the copy: its (empty) private notes are theirs; Casey's were not copied.
    expect(res.body.private_notes).toBeNull();
    expect(await row(res.body.id)).toMatchObject({ private_notes: null, created_by: w.admin.id, coach_id: w.coach.id });
    expect((await (await loginAs(t.app, w.coach)).get(`/api/interaction/${res.body.id}`)).body).not.toHaveProperty('private_notes');
    await t.db.updateTable('interaction_types').set({ archived_at: '2026-09-01T00:00:00.000Z' }).where('id', '=', w.observation.id).execute();
    const archived = await admin.post(`/api/interaction/${source.id}/duplicate`).set(csrfHeaders(admin));
    expect(archived.status).toBe(422);
    expect(archived.body.errors).toEqual({ interaction_type_id: [INTERACTION_MESSAGES.typeArchived] });
  });
});
