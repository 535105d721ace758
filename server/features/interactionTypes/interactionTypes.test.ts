// A district's interaction types (/api/interaction-type): every district login reads, `manage settings`
// changes; each endpoint in DESIGN's order.
import { beforeEach, describe, expect, it } from 'vitest';
import { INTERACTION_TYPE_MESSAGES as M } from '../../../common/schemas/interactionTypes';
import { asGuest, createTestApp, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import {
  auditOf, buildField, buildType, interactionDistrict, providerAdmin, typesOf,
} from '../../testing/interactionTypes.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const DEFAULT_NAMES = [
  'Classroom observation', 'Feedback conversation', 'Co-teaching', 'Modeling a lesson', 'Planning session',
  'Data conversation', 'PLC facilitation', 'Check-in', 'Walkthrough',
];

describe('GET /api/interaction-type', () => {
  itRequiresLogin(() => t.app, 'get', '/api/interaction-type');

  it('422 for an unknown status', async () => {
    const { asCoach } = await interactionDistrict(t);
    const res = await asCoach.get('/api/interaction-type?status=gone');
    expectFieldError(res, 'status', 'Status must be active, archived or all.');
    expect((await asCoach.get('/api/interaction-type?status[]=all')).status).toBe(422);
  });

  it('403 for provider staff who are not impersonating', async () => {
    const { agent } = await providerAdmin(t);
    const res = await agent.get('/api/interaction-type');
    expect(res.status).toBe(403);
  });

  it('a new district starts with the defaults; any login reads its types in order, each with all its fields', async () => {
    const { asCoach, districtId } = await interactionDistrict(t);
    const types = await typesOf(t, districtId);
    expect(types.map((x) => x.name)).toEqual(DEFAULT_NAMES);
    const observation = types[0]!;
    const focus = await buildField(t, districtId, observation.id, { label: 'Focus', kind: 'single_choice', config: { options: ['Engagement', 'Pacing'] }, required: true });
    const old = await buildField(t, districtId, observation.id, { label: 'Old rubric', kind: 'rating', config: { scale: 4, labels: ['1', '2', '3', '4'] }, archived: true });
    const archived = await buildType(t, districtId, { name: 'Peer visit', archived: true });
    // Another district's types and the provider's defaults never show.
    const other = await buildUser(t.db);
    await buildType(t, other.district_id!, { name: 'Elsewhere' });
    await buildType(t, null, { name: 'New default' });

    const res = await asCoach.get('/api/interaction-type');
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { name: string }) => x.name)).toEqual(DEFAULT_NAMES);
    expect(res.body.data[0]).toEqual({
      id: observation.id, name: 'Classroom observation', colour: 'blue', default_minutes: 45, counts_as_coaching: true, sort_order: 1, archived_at: null,
      fields: [
        {
          id: focus.id, interaction_type_id: observation.id, label: 'Focus', help_text: null, kind: 'single_choice', required: true,
          options: ['Engagement', 'Pacing'], min: null, max: null, scale: null, labels: null, sort_order: 1, archived_at: null,
        },
        {
          id: old.id, interaction_type_id: observation.id, label: 'Old rubric', help_text: null, kind: 'rating', required: false,
          options: null, min: null, max: null, scale: 4, labels: ['1', '2', '3', '4'], sort_order: 2, archived_at: '2026-10-01T00:00:00.000Z',
        },
      ],
    });
    expect(res.body.data[7]).toMatchObject({ name: 'Check-in', counts_as_coaching: false, colour: 'gray', default_minutes: 15, fields: [] });

    const onlyArchived = await asCoach.get('/api/interaction-type?status=archived');
    expect(onlyArchived.body.data.map((x: { id: number }) => x.id)).toEqual([archived.id]);
    const all = await asCoach.get('/api/interaction-type?status=all');
    expect(all.body.data.map((x: { name: string }) => x.name)).toEqual([...DEFAULT_NAMES, 'Peer visit']);

    const teacher = await buildUser(t.db, { role: 'educator', districtId });
    expect((await (await loginAs(t.app, teacher)).get('/api/interaction-type')).body.data).toHaveLength(9);
  });
});

describe('GET /api/interaction-type/{id}', () => {
  itRequiresLogin(() => t.app, 'get', '/api/interaction-type/1');

  it('404 for another district\'s type, a default, or an id that is not one', async () => {
    const { asCoach } = await interactionDistrict(t);
    const other = await buildUser(t.db);
    const theirs = await buildType(t, other.district_id!);
    const theDefault = await buildType(t, null);
    for (const id of [theirs.id, theDefault.id, 'abc', '0', '1e3', '99999999999999999999']) {
      const res = await asCoach.get(`/api/interaction-type/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.typeNotFound);
    }
  });

  it('answers one type (archived too) with its fields', async () => {
    const { asCoach, districtId } = await interactionDistrict(t);
    const type = await buildType(t, districtId, { name: 'Peer visit', colour: 'indigo', minutes: 10, coaching: false, archived: true });
    const field = await buildField(t, districtId, type.id, { label: 'Minutes observed', kind: 'number', config: { min: 0, max: 90 } });
    const res = await asCoach.get(`/api/interaction-type/${type.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: type.id, name: 'Peer visit', colour: 'indigo', default_minutes: 10, counts_as_coaching: false, archived_at: '2026-10-01T00:00:00.000Z' });
    expect(res.body.fields).toEqual([expect.objectContaining({ id: field.id, kind: 'number', min: 0, max: 90, options: null, scale: null })]);
  });
});

describe('POST /api/interaction-type', () => {
  const valid = { name: 'Peer visit', colour: 'red', default_minutes: 15, counts_as_coaching: false };

  itRequiresLogin(() => t.app, 'post', '/api/interaction-type', () => valid);

  it('419 without the CSRF token', async () => {
    const { asAdmin } = await interactionDistrict(t);
    expect((await asAdmin.post('/api/interaction-type').set('X-Requested-With', 'XMLHttpRequest').send(valid)).status).toBe(419);
  });

  it.each([
    ['name', undefined, 'Name is required.'],
    ['name', '  ', 'Name is required.'],
    ['name', 'x'.repeat(81), 'Name must be at most 80 characters.'],
    ['name', 12, 'Name is required.'],
    ['colour', undefined, 'Colour is required.'],
    ['colour', '#ff0000', 'Colour must be one of blue, green, purple, orange, teal, magenta, brown, gray, red, indigo.'],
    ['default_minutes', undefined, 'Default duration must be a number of minutes.'],
    ['default_minutes', '30', 'Default duration must be a number of minutes.'],
    ['default_minutes', 0, 'Default duration must be from 1 to 720 minutes.'],
    ['default_minutes', 2.5, 'Default duration must be from 1 to 720 minutes.'],
    ['default_minutes', 721, 'Default duration must be from 1 to 720 minutes.'],
    ['counts_as_coaching', 'yes', 'Counts as coaching time must be true or false.'],
  ])('422 when %s is %j, nothing is saved', async (field, value, message) => {
    const { asAdmin, districtId } = await interactionDistrict(t);
    const res = await asAdmin.post('/api/interaction-type').set(csrfHeaders(asAdmin)).send({ ...valid, [field]: value });
    expectFieldError(res, field, message);
    expect(await typesOf(t, districtId)).toHaveLength(9);
  });

  it('422 when the name is taken in the district, case ignored and archived types counted; other districts do not count', async () => {
    const { asAdmin, districtId } = await interactionDistrict(t);
    await buildType(t, districtId, { name: 'Peer visit', archived: true });
    const res = await asAdmin.post('/api/interaction-type').set(csrfHeaders(asAdmin)).send({ ...valid, name: ' PEER VISIT ' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: M.nameTaken, errors: { name: [M.nameTaken] } });
    const taken = await asAdmin.post('/api/interaction-type').set(csrfHeaders(asAdmin)).send({ ...valid, name: 'check-in' });
    expect(taken.body.errors).toEqual({ name: [M.nameTaken] });

    const other = await buildUser(t.db);
    await buildType(t, other.district_id!, { name: 'Learning walk' });
    await buildType(t, null, { name: 'Default only' });
    expect((await asAdmin.post('/api/interaction-type').set(csrfHeaders(asAdmin)).send({ ...valid, name: 'Learning walk' })).status).toBe(201);
    expect((await asAdmin.post('/api/interaction-type').set(csrfHeaders(asAdmin)).send({ ...valid, name: 'Default only' })).status).toBe(201);
  });

  it('403 without manage settings, for provider staff, and nothing is saved', async () => {
    const { asCoach, districtId } = await interactionDistrict(t);
    const res = await asCoach.post('/api/interaction-type').set(csrfHeaders(asCoach)).send(valid);
    expect(res.status).toBe(403);
    const principal = await loginAs(t.app, await buildUser(t.db, { role: 'building-admin', districtId }));
    expect((await principal.post('/api/interaction-type').set(csrfHeaders(principal)).send(valid)).status).toBe(403);
    const { agent } = await providerAdmin(t);
    expect((await agent.post('/api/interaction-type').set(csrfHeaders(agent)).send(valid)).status).toBe(403);
    expect(await typesOf(t, districtId)).toHaveLength(9);
    expect(await typesOf(t, null)).toHaveLength(9);
  });

  it('201 adds the type at the end of the district\'s list, audited', async () => {
    const { asAdmin, admin, districtId } = await interactionDistrict(t);
    const res = await asAdmin.post('/api/interaction-type').set(csrfHeaders(asAdmin)).send({ ...valid, name: ' Peer visit ', district_id: 999, sort_order: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number), name: 'Peer visit', colour: 'red', default_minutes: 15, counts_as_coaching: false, sort_order: 10, archived_at: null, fields: [],
    });
    const row = await t.db.selectFrom('interaction_types').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ district_id: districtId, name: 'Peer visit', colour: 'red', default_minutes: 15, counts_as_coaching: 0, sort_order: 10 });
    const [audit] = await auditOf(t, 'interaction_type_created');
    expect(audit).toMatchObject({ district_id: districtId, actor_id: admin.id, subject_type: 'interaction_type', subject_id: res.body.id });
    expect(audit!.details).toEqual({ name: 'Peer visit', colour: 'red', default_minutes: 15, counts_as_coaching: false });

    const coaching = await asAdmin.post('/api/interaction-type').set(csrfHeaders(asAdmin)).send({ name: 'Lab visit', colour: 'blue', default_minutes: 60 });
    expect(coaching.body).toMatchObject({ counts_as_coaching: true, sort_order: 11 });
  });
});

describe('PUT /api/interaction-type/{id}', () => {
  const valid = { name: 'Observation', colour: 'purple', default_minutes: 50, counts_as_coaching: true };

  itRequiresLogin(() => t.app, 'put', '/api/interaction-type/1', () => valid);

  it('419 without the CSRF token', async () => {
    const { asAdmin, districtId } = await interactionDistrict(t);
    const [type] = await typesOf(t, districtId);
    expect((await asAdmin.put(`/api/interaction-type/${type!.id}`).send(valid)).status).toBe(419);
  });

  it('422 per bad field, and on a name another type holds (its own name in another case is fine)', async () => {
    const { asAdmin, districtId } = await interactionDistrict(t);
    const [observation, feedback] = await typesOf(t, districtId);
    const bad = await asAdmin.put(`/api/interaction-type/${observation!.id}`).set(csrfHeaders(asAdmin)).send({ ...valid, colour: 'pink', default_minutes: -5 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['colour', 'default_minutes']);
    const taken = await asAdmin.put(`/api/interaction-type/${observation!.id}`).set(csrfHeaders(asAdmin)).send({ ...valid, name: feedback!.name.toUpperCase() });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ name: [M.nameTaken] });
    const own = await asAdmin.put(`/api/interaction-type/${observation!.id}`).set(csrfHeaders(asAdmin)).send({ ...valid, name: 'CLASSROOM OBSERVATION' });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe('CLASSROOM OBSERVATION');
  });

  it('404 for another district\'s type or a default', async () => {
    const { asAdmin } = await interactionDistrict(t);
    const other = await buildUser(t.db);
    const theirs = await buildType(t, other.district_id!, { name: 'Theirs' });
    const theDefault = (await typesOf(t, null))[0]!;
    for (const id of [theirs.id, theDefault.id, 'x']) {
      const res = await asAdmin.put(`/api/interaction-type/${id}`).set(csrfHeaders(asAdmin)).send(valid);
      expect(res.status).toBe(404);
    }
    expect((await t.db.selectFrom('interaction_types').select('name').where('id', '=', theirs.id).executeTakeFirstOrThrow()).name).toBe('Theirs');
    expect((await typesOf(t, null))[0]!.name).toBe('Classroom observation');
  });

  it('403 without manage settings', async () => {
    const { asCoach, districtId } = await interactionDistrict(t);
    const [type] = await typesOf(t, districtId);
    expect((await asCoach.put(`/api/interaction-type/${type!.id}`).set(csrfHeaders(asCoach)).send(valid)).status).toBe(403);
    expect((await typesOf(t, districtId))[0]!.name).toBe('Classroom observation');
  });

  it('200 changes the type, audited with each changed field before and after; the defaults are untouched', async () => {
    const { asAdmin, admin, districtId } = await interactionDistrict(t);
    const [type] = await typesOf(t, districtId);
    const field = await buildField(t, districtId, type!.id, { label: 'Focus' });
    const res = await asAdmin.put(`/api/interaction-type/${type!.id}`).set(csrfHeaders(asAdmin)).send({ ...valid, colour: 'blue' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: type!.id, name: 'Observation', colour: 'blue', default_minutes: 50, counts_as_coaching: true, sort_order: 1 });
    expect(res.body.fields.map((f: { id: number }) => f.id)).toEqual([field.id]);
    const [audit] = await auditOf(t, 'interaction_type_updated');
    expect(audit).toMatchObject({ district_id: districtId, actor_id: admin.id, subject_id: type!.id });
    expect(audit!.details).toEqual({ name: { from: 'Classroom observation', to: 'Observation' }, default_minutes: { from: 45, to: 50 } });
    expect((await typesOf(t, null))[0]).toMatchObject({ name: 'Classroom observation', default_minutes: 45 });

    // Saving without a change writes nothing.
    await asAdmin.put(`/api/interaction-type/${type!.id}`).set(csrfHeaders(asAdmin)).send({ ...valid, colour: 'blue' });
    expect(await auditOf(t, 'interaction_type_updated')).toHaveLength(1);
  });
});

describe('POST /api/interaction-type/{id}/archive and /restore', () => {
  it('401 without login', async () => {
    expect((await asGuest(t.app, 'post', '/api/interaction-type/1/archive')).status).toBe(401);
    expect((await asGuest(t.app, 'post', '/api/interaction-type/1/restore')).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const { asAdmin, districtId } = await interactionDistrict(t);
    const [type] = await typesOf(t, districtId);
    expect((await asAdmin.post(`/api/interaction-type/${type!.id}/archive`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
  });

  it('404 for another district\'s type', async () => {
    const { asAdmin } = await interactionDistrict(t);
    const theirs = await buildType(t, (await buildUser(t.db)).district_id!);
    expect((await asAdmin.post(`/api/interaction-type/${theirs.id}/archive`).set(csrfHeaders(asAdmin))).status).toBe(404);
    expect((await t.db.selectFrom('interaction_types').select('archived_at').where('id', '=', theirs.id).executeTakeFirstOrThrow()).archived_at).toBeNull();
  });

  it('403 without manage settings', async () => {
    const { asCoach, districtId } = await interactionDistrict(t);
    const [type] = await typesOf(t, districtId);
    expect((await asCoach.post(`/api/interaction-type/${type!.id}/archive`).set(csrfHeaders(asCoach))).status).toBe(403);
  });

  it('archives (the type leaves the active list, keeps its fields and interactions) and restores, audited; 409 when already so', async () => {
    const { asAdmin, asCoach, districtId } = await interactionDistrict(t);
    const [type] = await typesOf(t, districtId);
    const field = await buildField(t, districtId, type!.id);
    const notArchived = await asAdmin.post(`/api/interaction-type/${type!.id}/restore`).set(csrfHeaders(asAdmin));
    expect(notArchived.status).toBe(409);
    expect(notArchived.body.message).toBe(M.alreadyActive);

    const res = await asAdmin.post(`/api/interaction-type/${type!.id}/archive`).set(csrfHeaders(asAdmin));
    expect(res.status).toBe(200);
    expect(res.body.archived_at).toEqual(expect.any(String));
    expect(res.body.fields).toEqual([expect.objectContaining({ id: field.id, archived_at: null })]);
    expect((await asCoach.get('/api/interaction-type')).body.data.map((x: { id: number }) => x.id)).not.toContain(type!.id);
    expect((await asCoach.get('/api/interaction-type?status=archived')).body.data.map((x: { id: number }) => x.id)).toEqual([type!.id]);
    const again = await asAdmin.post(`/api/interaction-type/${type!.id}/archive`).set(csrfHeaders(asAdmin));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.alreadyArchived);

    const restored = await asAdmin.post(`/api/interaction-type/${type!.id}/restore`).set(csrfHeaders(asAdmin));
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ archived_at: null, sort_order: 1 });
    expect((await auditOf(t, 'interaction_type_archived')).map((a) => [a.subject_id, a.details])).toEqual([[type!.id, { name: 'Classroom observation' }]]);
    expect(await auditOf(t, 'interaction_type_restored')).toHaveLength(1);
  });
});

describe('POST /api/interaction-type/{id}/move', () => {
  itRequiresLogin(() => t.app, 'post', '/api/interaction-type/1/move', () => ({ direction: 'up' }));

  it('419 without the CSRF token', async () => {
    const { asAdmin, districtId } = await interactionDistrict(t);
    const [type] = await typesOf(t, districtId);
    expect((await asAdmin.post(`/api/interaction-type/${type!.id}/move`).send({ direction: 'up' })).status).toBe(419);
  });

  it.each([undefined, 'left', 1, ['up']])('422 when direction is %j', async (direction) => {
    const { asAdmin, districtId } = await interactionDistrict(t);
    const [, second] = await typesOf(t, districtId);
    const res = await asAdmin.post(`/api/interaction-type/${second!.id}/move`).set(csrfHeaders(asAdmin)).send({ direction });
    expectFieldError(res, 'direction', 'Direction must be up or down.');
  });

  it('404 for another district\'s type', async () => {
    const { asAdmin } = await interactionDistrict(t);
    const [theirs] = await typesOf(t, (await buildUser(t.db)).district_id!);
    expect((await asAdmin.post(`/api/interaction-type/${theirs!.id}/move`).set(csrfHeaders(asAdmin)).send({ direction: 'down' })).status).toBe(404);
  });

  it('403 without manage settings', async () => {
    const { asCoach, districtId } = await interactionDistrict(t);
    const [, second] = await typesOf(t, districtId);
    expect((await asCoach.post(`/api/interaction-type/${second!.id}/move`).set(csrfHeaders(asCoach)).send({ direction: 'up' })).status).toBe(403);
  });

  it('swaps with the neighbour of the same state (archived types skipped), audited; at either end nothing changes', async () => {
    const { asAdmin, districtId } = await interactionDistrict(t);
    const before = await typesOf(t, districtId);
    const names = before.map((x) => x.name);
    // Archive the second type: moving the third up passes it and lands first.
    await t.db.updateTable('interaction_types').set({ archived_at: '2026-10-01T00:00:00.000Z' }).where('id', '=', before[1]!.id).execute();
    const res = await asAdmin.post(`/api/interaction-type/${before[2]!.id}/move`).set(csrfHeaders(asAdmin)).send({ direction: 'up' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: before[2]!.id, sort_order: 1 });
    expect((await typesOf(t, districtId)).map((x) => x.name)).toEqual([names[2], names[1], names[0], ...names.slice(3)]);
    expect((await typesOf(t, districtId)).map((x) => x.sort_order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const [audit] = await auditOf(t, 'interaction_type_moved');
    expect(audit!.details).toEqual({ name: names[2], direction: 'up', position: { from: 3, to: 1 } });

    // First active type up, last type down: a no-op answering the type unchanged, nothing audited.
    const top = await asAdmin.post(`/api/interaction-type/${before[2]!.id}/move`).set(csrfHeaders(asAdmin)).send({ direction: 'up' });
    expect(top.status).toBe(200);
    expect(top.body.sort_order).toBe(1);
    const bottom = await asAdmin.post(`/api/interaction-type/${before[8]!.id}/move`).set(csrfHeaders(asAdmin)).send({ direction: 'down' });
    expect(bottom.status).toBe(200);
    expect(bottom.body.sort_order).toBe(9);
    // The only archived type has no archived neighbour: moving it changes nothing either.
    await asAdmin.post(`/api/interaction-type/${before[1]!.id}/move`).set(csrfHeaders(asAdmin)).send({ direction: 'down' });
    expect(await auditOf(t, 'interaction_type_moved')).toHaveLength(1);
    expect((await typesOf(t, districtId)).map((x) => x.name)).toEqual([names[2], names[1], names[0], ...names.slice(3)]);

    const down = await asAdmin.post(`/api/interaction-type/${before[6]!.id}/move`).set(csrfHeaders(asAdmin)).send({ direction: 'down' });
    expect(down.body.sort_order).toBe(8);
    expect((await typesOf(t, districtId)).map((x) => x.name).slice(6)).toEqual([names[7], names[6], names[8]]);
  });
});

describe('provider staff impersonating a district user', () => {
  it('use the district API as that user', async () => {
    const { admin, districtId } = await interactionDistrict(t);
    const { agent } = await providerAdmin(t);
    expect((await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: admin.id })).status).toBe(200);
    const res = await agent.get('/api/interaction-type');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(9);
    const created = await agent.post('/api/interaction-type').set(csrfHeaders(agent)).send({ name: 'Lab visit', colour: 'green', default_minutes: 40 });
    expect(created.status).toBe(201);
    const [audit] = await auditOf(t, 'interaction_type_created');
    expect(audit).toMatchObject({ district_id: districtId, actor_id: admin.id, impersonator_id: expect.any(Number) });
    // …and the defaults are out of reach while impersonating.
    expect((await agent.get('/api/admin/interaction-type')).status).toBe(403);
  });
});
