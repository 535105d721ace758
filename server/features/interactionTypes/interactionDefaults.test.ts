// The provider's default interaction types (/api/admin/interaction-type, /api/admin/interaction-field):
// provider staff with `see admin` read, `manage articles` changes; district users get 403. A new district
// gets a copy of the defaults; changing the defaults never changes a district's copy.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { INTERACTION_TYPE_MESSAGES as M } from '../../../common/schemas/interactionTypes';
import { asGuest, createTestApp, csrfHeaders, type TestApp } from '../../testing/app';
import { buildDistrict } from '../../testing/factories';
import {
  auditOf, buildField, buildType, interactionDistrict, providerAdmin, providerReader, typesOf,
} from '../../testing/interactionTypes.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const type = { name: 'Instructional rounds', colour: 'indigo', default_minutes: 90, counts_as_coaching: true };
const field = { label: 'Look-fors', kind: 'multiple_choice', options: ['Discourse', 'Feedback'], required: false };

describe('GET /api/admin/interaction-type and /{id}', () => {
  it('401 without login', async () => {
    expect((await request(t.app).get('/api/admin/interaction-type')).status).toBe(401);
    expect((await request(t.app).get('/api/admin/interaction-type/1')).status).toBe(401);
  });

  it('422 for an unknown status', async () => {
    const { agent } = await providerReader(t);
    expect((await agent.get('/api/admin/interaction-type?status=old')).body.errors).toEqual({ status: ['Status must be active, archived or all.'] });
  });

  it('404 for a district\'s type', async () => {
    const { agent } = await providerReader(t);
    const { districtId } = await interactionDistrict(t);
    const [theirs] = await typesOf(t, districtId);
    const res = await agent.get(`/api/admin/interaction-type/${theirs!.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.typeNotFound);
  });

  it('403 for district users, administrators included', async () => {
    const { asAdmin, asCoach } = await interactionDistrict(t);
    expect((await asAdmin.get('/api/admin/interaction-type')).status).toBe(403);
    expect((await asCoach.get('/api/admin/interaction-type/1')).status).toBe(403);
  });

  it('any provider login with see admin reads the defaults in order, with their fields', async () => {
    const { agent } = await providerReader(t);
    await interactionDistrict(t);
    const defaults = await typesOf(t, null);
    const look = await buildField(t, null, defaults[0]!.id, { label: 'Look-fors', kind: 'yes_no' });
    const old = await buildType(t, null, { name: 'Old default', archived: true });
    const res = await agent.get('/api/admin/interaction-type');
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { id: number }) => x.id)).toEqual(defaults.map((d) => d.id));
    expect(res.body.data[0].fields).toEqual([expect.objectContaining({ id: look.id, kind: 'yes_no', label: 'Look-fors' })]);
    expect((await agent.get('/api/admin/interaction-type?status=archived')).body.data.map((x: { id: number }) => x.id)).toEqual([old.id]);
    const one = await agent.get(`/api/admin/interaction-type/${old.id}`);
    expect(one.body).toMatchObject({ id: old.id, name: 'Old default', fields: [] });
  });
});

describe('changing the defaults', () => {
  it('401 without login', async () => {
    expect((await asGuest(t.app, 'post', '/api/admin/interaction-type', type)).status).toBe(401);
    expect((await asGuest(t.app, 'put', '/api/admin/interaction-field/1', field)).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const { agent } = await providerAdmin(t);
    expect((await agent.post('/api/admin/interaction-type').set('X-Requested-With', 'XMLHttpRequest').send(type)).status).toBe(419);
  });

  it('422 per bad field, and on a name another default holds', async () => {
    const { agent } = await providerAdmin(t);
    const bad = await agent.post('/api/admin/interaction-type').set(csrfHeaders(agent)).send({ ...type, name: '', colour: 'pink' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['colour', 'name']);
    const taken = await agent.post('/api/admin/interaction-type').set(csrfHeaders(agent)).send({ ...type, name: 'check-IN' });
    expect(taken.body.errors).toEqual({ name: [M.nameTaken] });
    const [first] = await typesOf(t, null);
    const badField = await agent.post(`/api/admin/interaction-type/${first!.id}/field`).set(csrfHeaders(agent)).send({ ...field, options: [] });
    expect(badField.body.errors).toEqual({ options: [M.choiceOptionsNeeded] });
  });

  it('404 for a district\'s type or field', async () => {
    const { agent } = await providerAdmin(t);
    const { districtId } = await interactionDistrict(t);
    const [theirs] = await typesOf(t, districtId);
    const theirField = await buildField(t, districtId, theirs!.id);
    expect((await agent.put(`/api/admin/interaction-type/${theirs!.id}`).set(csrfHeaders(agent)).send(type)).status).toBe(404);
    expect((await agent.post(`/api/admin/interaction-type/${theirs!.id}/archive`).set(csrfHeaders(agent))).status).toBe(404);
    expect((await agent.post(`/api/admin/interaction-type/${theirs!.id}/field`).set(csrfHeaders(agent)).send(field)).status).toBe(404);
    expect((await agent.put(`/api/admin/interaction-field/${theirField.id}`).set(csrfHeaders(agent)).send(field)).status).toBe(404);
    expect((await agent.post(`/api/admin/interaction-field/${theirField.id}/archive`).set(csrfHeaders(agent))).status).toBe(404);
    expect((await typesOf(t, districtId))[0]).toMatchObject({ name: 'Classroom observation', archived_at: null });
  });

  it('403 for provider staff without manage articles, and for district administrators', async () => {
    const { agent } = await providerReader(t);
    const [first] = await typesOf(t, null);
    expect((await agent.post('/api/admin/interaction-type').set(csrfHeaders(agent)).send(type)).status).toBe(403);
    expect((await agent.put(`/api/admin/interaction-type/${first!.id}`).set(csrfHeaders(agent)).send(type)).status).toBe(403);
    expect((await agent.post(`/api/admin/interaction-type/${first!.id}/move`).set(csrfHeaders(agent)).send({ direction: 'down' })).status).toBe(403);
    expect((await agent.post(`/api/admin/interaction-type/${first!.id}/field`).set(csrfHeaders(agent)).send(field)).status).toBe(403);
    const { asAdmin } = await interactionDistrict(t);
    expect((await asAdmin.post('/api/admin/interaction-type').set(csrfHeaders(asAdmin)).send(type)).status).toBe(403);
    expect((await asAdmin.post(`/api/admin/interaction-type/${first!.id}/archive`).set(csrfHeaders(asAdmin))).status).toBe(403);
    expect(await typesOf(t, null)).toHaveLength(9);
    expect((await typesOf(t, null))[0]!.archived_at).toBeNull();
  });

  it('manage articles adds, edits, moves and archives defaults and their fields (no plan needed), audited outside any district; districts\' copies stay as they were', async () => {
    const { agent, user } = await providerAdmin(t);
    const { districtId } = await interactionDistrict(t);
    const districtBefore = await typesOf(t, districtId);

    const created = await agent.post('/api/admin/interaction-type').set(csrfHeaders(agent)).send(type);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...type, sort_order: 10, archived_at: null, fields: [] });
    expect((await t.db.selectFrom('interaction_types').select('district_id').where('id', '=', created.body.id).executeTakeFirstOrThrow()).district_id).toBeNull();
    const [audit] = await auditOf(t, 'interaction_type_created');
    expect(audit).toMatchObject({ district_id: null, actor_id: user.id, subject_id: created.body.id });
    expect(audit!.details).toMatchObject({ defaults: true, name: 'Instructional rounds' });

    const [first] = await typesOf(t, null);
    const edited = await agent.put(`/api/admin/interaction-type/${first!.id}`).set(csrfHeaders(agent)).send({ ...type, name: 'Observation' });
    expect(edited.status).toBe(200);
    expect((await auditOf(t, 'interaction_type_updated'))[0]!.details).toMatchObject({ defaults: true, name: { from: 'Classroom observation', to: 'Observation' } });
    expect((await agent.post(`/api/admin/interaction-type/${created.body.id}/move`).set(csrfHeaders(agent)).send({ direction: 'up' })).body.sort_order).toBe(9);

    const made = await agent.post(`/api/admin/interaction-type/${first!.id}/field`).set(csrfHeaders(agent)).send(field);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ label: 'Look-fors', options: ['Discourse', 'Feedback'], sort_order: 1 });
    const kind = await agent.put(`/api/admin/interaction-field/${made.body.id}`).set(csrfHeaders(agent)).send({ label: 'Look-fors', kind: 'long_text' });
    expect(kind.body).toMatchObject({ kind: 'long_text', options: null });
    expect((await agent.post(`/api/admin/interaction-field/${made.body.id}/archive`).set(csrfHeaders(agent))).body.archived_at).toEqual(expect.any(String));
    expect((await agent.post(`/api/admin/interaction-field/${made.body.id}/restore`).set(csrfHeaders(agent))).body.archived_at).toBeNull();
    expect((await agent.post(`/api/admin/interaction-field/${made.body.id}/move`).set(csrfHeaders(agent)).send({ direction: 'down' })).status).toBe(200);
    expect((await agent.post(`/api/admin/interaction-type/${first!.id}/archive`).set(csrfHeaders(agent))).body.archived_at).toEqual(expect.any(String));
    expect((await agent.post(`/api/admin/interaction-type/${first!.id}/restore`).set(csrfHeaders(agent))).body.archived_at).toBeNull();

    expect(await typesOf(t, districtId)).toEqual(districtBefore);
    expect(await t.db.selectFrom('interaction_fields').select('id').where('district_id', '=', districtId).execute()).toHaveLength(0);
  });
});

describe('a new district gets a copy of the defaults', () => {
  it('createDistrict copies the active defaults in order with their active fields; later default edits leave the copy alone', async () => {
    const [observation, , coTeaching] = await typesOf(t, null);
    await buildField(t, null, observation!.id, { label: 'Look-fors', kind: 'multiple_choice', config: { options: ['Discourse', 'Feedback'] }, required: true });
    await buildField(t, null, observation!.id, { label: 'Retired', archived: true });
    await t.db.updateTable('interaction_types').set({ archived_at: '2026-10-01T00:00:00.000Z' }).where('id', '=', coTeaching!.id).execute();
    await buildType(t, null, { name: 'Instructional rounds', colour: 'indigo', minutes: 90 });

    const { asCoach, districtId } = await interactionDistrict(t);
    const res = await asCoach.get('/api/interaction-type?status=all');
    expect(res.body.data.map((x: { name: string }) => x.name)).toEqual([
      'Classroom observation', 'Feedback conversation', 'Modeling a lesson', 'Planning session', 'Data conversation', 'PLC facilitation', 'Check-in',
      'Walkthrough', 'Instructional rounds',
    ]);
    const copy = res.body.data[0];
    expect(copy.id).not.toBe(observation!.id);
    expect(copy.fields).toEqual([expect.objectContaining({ label: 'Look-fors', kind: 'multiple_choice', options: ['Discourse', 'Feedback'], required: true, archived_at: null })]);
    const copied = await t.db.selectFrom('interaction_fields').selectAll().where('district_id', '=', districtId).execute();
    expect(copied).toHaveLength(1);
    expect(copied[0]!.interaction_type_id).toBe(copy.id);

    // Editing the default afterwards does not reach the district's copy.
    const { agent } = await providerAdmin(t);
    await agent.put(`/api/admin/interaction-type/${observation!.id}`).set(csrfHeaders(agent)).send({ ...type, name: 'Renamed default' });
    expect((await asCoach.get(`/api/interaction-type/${copy.id}`)).body.name).toBe('Classroom observation');
    // …and a district created later gets the new name.
    const later = await buildDistrict(t.db);
    expect((await typesOf(t, later.id))[0]!.name).toBe('Renamed default');
  });
});
