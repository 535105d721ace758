// A district's custom interaction fields: `manage settings` and the plan feature `custom-fields`; each
// endpoint in DESIGN's order.
import { beforeEach, describe, expect, it } from 'vitest';
import { INTERACTION_TYPE_MESSAGES as M } from '../../../common/schemas/interactionTypes';
import { createTestApp, csrfHeaders, guestAgent, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import { auditOf, buildField, buildType, interactionDistrict, recordValue, typesOf } from '../../testing/interactionTypes.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const fieldsOf = (typeId: number) =>
  t.db.selectFrom('interaction_fields').selectAll().where('interaction_type_id', '=', typeId).orderBy('sort_order').orderBy('id').execute();

async function world(planKey = 'professional') {
  const w = await interactionDistrict(t, planKey);
  const [type] = await typesOf(t, w.districtId);
  return { ...w, type: type! };
}

describe('POST /api/interaction-type/{id}/field', () => {
  const valid = { label: 'Lesson focus', help_text: 'What the lesson aimed at', kind: 'single_choice', required: true, options: ['Engagement', 'Pacing'] };

  itRequiresLogin(() => t.app, 'post', '/api/interaction-type/1/field', () => valid);

  it('419 without the CSRF token', async () => {
    const { asAdmin, type } = await world();
    expect((await asAdmin.post(`/api/interaction-type/${type.id}/field`).set('X-Requested-With', 'XMLHttpRequest').send(valid)).status).toBe(419);
  });

  it.each([
    ['label', { label: undefined }, 'Label is required.'],
    ['label', { label: 'x'.repeat(121) }, 'Label must be at most 120 characters.'],
    ['help_text', { help_text: 'x'.repeat(301) }, 'Help text must be at most 300 characters.'],
    ['help_text', { help_text: 5 }, 'Help text must be text.'],
    ['kind', { kind: 'colour' }, 'Kind must be one of short_text, long_text, number, single_choice, multiple_choice, yes_no, date, rating.'],
    ['kind', { kind: undefined }, 'Kind is required.'],
    ['required', { required: 'no' }, 'Required must be true or false.'],
    ['options', { options: 'a,b' }, 'Options must be a list.'],
    ['options', { options: ['Only one'] }, M.choiceOptionsNeeded],
    ['options.1', { options: ['Pacing', 'pacing'] }, M.optionTwice],
    ['options.0', { options: ['  ', 'b'] }, 'Option is required.'],
    ['options', { options: Array.from({ length: 31 }, (_, i) => `o${i}`) }, 'A field can have at most 30 options.'],
    ['min', { kind: 'number', min: 10, max: 5 }, M.minAboveMax],
    ['min', { kind: 'number', min: 'low' }, 'Minimum must be a number.'],
    ['scale', { kind: 'rating', scale: 11 }, 'Rating scale must be a whole number from 2 to 10.'],
    ['scale', { kind: 'rating' }, 'Rating scale must be a whole number from 2 to 10.'],
    ['labels', { kind: 'rating', scale: 3, labels: ['Low', 'High'] }, M.labelsMatchScale],
  ])('422 on %s (%j), nothing is saved', async (field, change, message) => {
    const { asAdmin, type } = await world();
    const res = await asAdmin.post(`/api/interaction-type/${type.id}/field`).set(csrfHeaders(asAdmin)).send({ ...valid, ...change });
    expectFieldError(res, field, message);
    expect(await fieldsOf(type.id)).toHaveLength(0);
  });

  it('404 for another district\'s type or a default', async () => {
    const { asAdmin } = await world();
    const [theirs] = await typesOf(t, (await buildUser(t.db)).district_id!);
    const [theDefault] = await typesOf(t, null);
    for (const type of [theirs!, theDefault!]) {
      const res = await asAdmin.post(`/api/interaction-type/${type.id}/field`).set(csrfHeaders(asAdmin)).send(valid);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.typeNotFound);
      expect(await fieldsOf(type.id)).toHaveLength(0);
    }
  });

  it('403 without manage settings', async () => {
    const { asCoach, type } = await world();
    const res = await asCoach.post(`/api/interaction-type/${type.id}/field`).set(csrfHeaders(asCoach)).send(valid);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have permission to do that.');
  });

  it('403 explaining the Professional plan when the district\'s plan has no custom fields', async () => {
    const { asAdmin, type } = await world('essentials');
    const res = await asAdmin.post(`/api/interaction-type/${type.id}/field`).set(csrfHeaders(asAdmin)).send(valid);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.customFieldsPlan);
    expect(await fieldsOf(type.id)).toHaveLength(0);
    // Types themselves are on every plan.
    expect((await asAdmin.post('/api/interaction-type').set(csrfHeaders(asAdmin)).send({ name: 'Lab', colour: 'red', default_minutes: 5 })).status).toBe(201);
  });

  it('201 adds the field at the end of the type\'s fields, storing only its kind\'s settings, audited', async () => {
    const { asAdmin, admin, districtId, type } = await world();
    const res = await asAdmin.post(`/api/interaction-type/${type.id}/field`).set(csrfHeaders(asAdmin))
      .send({ ...valid, label: ' Lesson focus ', min: 1, max: 3, scale: 4, district_id: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number), interaction_type_id: type.id, label: 'Lesson focus', help_text: 'What the lesson aimed at', kind: 'single_choice', required: true,
      options: ['Engagement', 'Pacing'], min: null, max: null, scale: null, labels: null, sort_order: 1, archived_at: null,
    });
    const row = await t.db.selectFrom('interaction_fields').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ district_id: districtId, interaction_type_id: type.id, kind: 'single_choice', required: 1, sort_order: 1 });
    expect(JSON.parse(row.config)).toEqual({ options: ['Engagement', 'Pacing'] });
    const [audit] = await auditOf(t, 'interaction_field_created');
    expect(audit).toMatchObject({ district_id: districtId, actor_id: admin.id, subject_type: 'interaction_field', subject_id: res.body.id });
    expect(audit!.details).toMatchObject({ type: 'Classroom observation', label: 'Lesson focus', kind: 'single_choice', options: ['Engagement', 'Pacing'] });

    const kinds = [
      [{ kind: 'number', min: 0, max: 90 }, { min: 0, max: 90 }],
      [{ kind: 'rating', scale: 4, labels: ['Beginning', 'Developing', 'Proficient', 'Distinguished'] }, { scale: 4, labels: ['Beginning', 'Developing', 'Proficient', 'Distinguished'] }],
      [{ kind: 'rating', scale: 5 }, { scale: 5, labels: null }],
      [{ kind: 'yes_no', options: ['a', 'b'] }, { options: null }],
      [{ kind: 'long_text', help_text: '  ' }, { help_text: null }],
      [{ kind: 'date' }, {}],
      [{ kind: 'multiple_choice', options: ['A', 'B', 'C'] }, { options: ['A', 'B', 'C'] }],
    ] as const;
    for (const [i, [change, expected]] of kinds.entries()) {
      const made = await asAdmin.post(`/api/interaction-type/${type.id}/field`).set(csrfHeaders(asAdmin)).send({ label: `F${i}`, ...change });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ ...expected, sort_order: i + 2, required: false });
    }
  });

  it('a field can be added to an archived type', async () => {
    const { asAdmin, districtId } = await world();
    const archived = await buildType(t, districtId, { archived: true });
    expect((await asAdmin.post(`/api/interaction-type/${archived.id}/field`).set(csrfHeaders(asAdmin)).send(valid)).status).toBe(201);
  });
});

describe('PUT /api/interaction-field/{id}', () => {
  const valid = { label: 'Minutes observed', kind: 'number', min: 0, max: 60, required: false };

  itRequiresLogin(() => t.app, 'put', '/api/interaction-field/1', () => valid);

  it('419 without the CSRF token', async () => {
    const { asAdmin, districtId, type } = await world();
    const field = await buildField(t, districtId, type.id);
    expect((await asAdmin.put(`/api/interaction-field/${field.id}`).send(valid)).status).toBe(419);
  });

  it('422 per bad field', async () => {
    const { asAdmin, districtId, type } = await world();
    const field = await buildField(t, districtId, type.id);
    const res = await asAdmin.put(`/api/interaction-field/${field.id}`).set(csrfHeaders(asAdmin)).send({ ...valid, label: '', min: 70 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ label: ['Label is required.'], min: [M.minAboveMax] });
  });

  it('422 on kind when interactions hold values for the field; other changes still allowed', async () => {
    const { asAdmin, coach, districtId, type } = await world();
    const field = await buildField(t, districtId, type.id, { label: 'Focus', kind: 'short_text' });
    await recordValue(t, districtId, type.id, coach.id, field.id, 'Pacing');
    const res = await asAdmin.put(`/api/interaction-field/${field.id}`).set(csrfHeaders(asAdmin)).send(valid);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: M.kindLocked, errors: { kind: [M.kindLocked] } });
    expect((await fieldsOf(type.id))[0]).toMatchObject({ kind: 'short_text', label: 'Focus' });
    const relabel = await asAdmin.put(`/api/interaction-field/${field.id}`).set(csrfHeaders(asAdmin)).send({ label: 'Lesson focus', kind: 'short_text', required: true });
    expect(relabel.status).toBe(200);
    expect(relabel.body).toMatchObject({ label: 'Lesson focus', kind: 'short_text', required: true });
  });

  it('404 for another district\'s field or a default\'s', async () => {
    const { asAdmin } = await world();
    const otherDistrict = (await buildUser(t.db)).district_id!;
    const [theirType] = await typesOf(t, otherDistrict);
    const theirs = await buildField(t, otherDistrict, theirType!.id);
    const [defaultType] = await typesOf(t, null);
    const theDefault = await buildField(t, null, defaultType!.id);
    for (const id of [theirs.id, theDefault.id, '-1']) {
      const res = await asAdmin.put(`/api/interaction-field/${id}`).set(csrfHeaders(asAdmin)).send(valid);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.fieldNotFound);
    }
  });

  it('403 without manage settings; 403 with the plan\'s explanation without custom fields', async () => {
    const { asCoach, districtId, type } = await world();
    const field = await buildField(t, districtId, type.id);
    expect((await asCoach.put(`/api/interaction-field/${field.id}`).set(csrfHeaders(asCoach)).send(valid)).status).toBe(403);
    const basic = await world('essentials');
    const kept = await buildField(t, basic.districtId, basic.type.id);
    const res = await basic.asAdmin.put(`/api/interaction-field/${kept.id}`).set(csrfHeaders(basic.asAdmin)).send(valid);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.customFieldsPlan);
  });

  it('200 changes the field (kind too while no values exist), audited with what changed', async () => {
    const { asAdmin, admin, districtId, type } = await world();
    const field = await buildField(t, districtId, type.id, { label: 'Focus', kind: 'single_choice', config: { options: ['A', 'B'] } });
    const res = await asAdmin.put(`/api/interaction-field/${field.id}`).set(csrfHeaders(asAdmin)).send({ ...valid, help_text: 'Whole minutes' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: field.id, label: 'Minutes observed', help_text: 'Whole minutes', kind: 'number', min: 0, max: 60, options: null });
    expect(JSON.parse((await fieldsOf(type.id))[0]!.config)).toEqual({ min: 0, max: 60 });
    const [audit] = await auditOf(t, 'interaction_field_updated');
    expect(audit).toMatchObject({ district_id: districtId, actor_id: admin.id, subject_id: field.id });
    expect(audit!.details).toEqual({
      label: { from: 'Focus', to: 'Minutes observed' },
      help_text: { from: null, to: 'Whole minutes' },
      kind: { from: 'single_choice', to: 'number' },
      options: { from: ['A', 'B'], to: null },
      min: { from: null, to: 0 },
      max: { from: null, to: 60 },
    });
  });
});

describe('POST /api/interaction-field/{id}/archive, /restore and /move', () => {
  it('401 without login', async () => {
    const agent = await guestAgent(t.app);
    for (const action of ['archive', 'restore', 'move']) {
      expect((await agent.post(`/api/interaction-field/1/${action}`).set(csrfHeaders(agent)).send({ direction: 'up' })).status).toBe(401);
    }
  });

  it('419 without the CSRF token', async () => {
    const { asAdmin, districtId, type } = await world();
    const field = await buildField(t, districtId, type.id);
    for (const action of ['archive', 'restore', 'move']) {
      expect((await asAdmin.post(`/api/interaction-field/${field.id}/${action}`).send({ direction: 'up' })).status).toBe(419);
    }
  });

  it('422 on a bad move direction', async () => {
    const { asAdmin, districtId, type } = await world();
    const field = await buildField(t, districtId, type.id);
    const res = await asAdmin.post(`/api/interaction-field/${field.id}/move`).set(csrfHeaders(asAdmin)).send({ direction: 'sideways' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ direction: ['Direction must be up or down.'] });
  });

  it('404 for another district\'s field', async () => {
    const { asAdmin } = await world();
    const other = (await buildUser(t.db)).district_id!;
    const [theirType] = await typesOf(t, other);
    const theirs = await buildField(t, other, theirType!.id);
    for (const action of ['archive', 'restore', 'move']) {
      expect((await asAdmin.post(`/api/interaction-field/${theirs.id}/${action}`).set(csrfHeaders(asAdmin)).send({ direction: 'up' })).status).toBe(404);
    }
  });

  it('403 without manage settings, and without the plan feature', async () => {
    const { asCoach, districtId, type } = await world();
    const field = await buildField(t, districtId, type.id);
    const basic = await world('essentials');
    const kept = await buildField(t, basic.districtId, basic.type.id);
    for (const action of ['archive', 'restore', 'move']) {
      expect((await asCoach.post(`/api/interaction-field/${field.id}/${action}`).set(csrfHeaders(asCoach)).send({ direction: 'up' })).status).toBe(403);
      const res = await basic.asAdmin.post(`/api/interaction-field/${kept.id}/${action}`).set(csrfHeaders(basic.asAdmin)).send({ direction: 'up' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(M.customFieldsPlan);
    }
  });

  it('archiving keeps the recorded values and the field in the type\'s answer; restore; 409 when already so; audited', async () => {
    const { asAdmin, asCoach, coach, districtId, type } = await world();
    const field = await buildField(t, districtId, type.id, { label: 'Focus' });
    await recordValue(t, districtId, type.id, coach.id, field.id, 'Pacing');
    const archived = await asAdmin.post(`/api/interaction-field/${field.id}/archive`).set(csrfHeaders(asAdmin));
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: field.id, archived_at: expect.any(String) });
    expect(await t.db.selectFrom('interaction_field_values').select('value').where('field_id', '=', field.id).execute()).toEqual([{ value: '"Pacing"' }]);
    const listed = (await asCoach.get('/api/interaction-type')).body.data[0];
    expect(listed.fields).toEqual([expect.objectContaining({ id: field.id, archived_at: archived.body.archived_at })]);
    const again = await asAdmin.post(`/api/interaction-field/${field.id}/archive`).set(csrfHeaders(asAdmin));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.fieldAlreadyArchived);

    expect((await asAdmin.post(`/api/interaction-field/${field.id}/restore`).set(csrfHeaders(asAdmin))).body.archived_at).toBeNull();
    const active = await asAdmin.post(`/api/interaction-field/${field.id}/restore`).set(csrfHeaders(asAdmin));
    expect(active.status).toBe(409);
    expect(active.body.message).toBe(M.fieldAlreadyActive);
    expect((await auditOf(t, 'interaction_field_archived')).map((a) => a.details)).toEqual([{ label: 'Focus' }]);
    expect(await auditOf(t, 'interaction_field_restored')).toHaveLength(1);
  });

  it('moves a field within its type among fields of the same state; a no-op at either end', async () => {
    const { asAdmin, districtId, type } = await world();
    const a = await buildField(t, districtId, type.id, { label: 'A' });
    const b = await buildField(t, districtId, type.id, { label: 'B', archived: true });
    const c = await buildField(t, districtId, type.id, { label: 'C' });
    const [, second] = await typesOf(t, districtId);
    await buildField(t, districtId, second!.id, { label: 'Other type' });

    const res = await asAdmin.post(`/api/interaction-field/${c.id}/move`).set(csrfHeaders(asAdmin)).send({ direction: 'up' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, sort_order: 1 });
    expect((await fieldsOf(type.id)).map((f) => f.label)).toEqual(['C', 'B', 'A']);
    expect((await auditOf(t, 'interaction_field_moved'))[0]!.details).toEqual({ label: 'C', direction: 'up', position: { from: 3, to: 1 } });

    expect((await asAdmin.post(`/api/interaction-field/${c.id}/move`).set(csrfHeaders(asAdmin)).send({ direction: 'up' })).body.sort_order).toBe(1);
    expect((await asAdmin.post(`/api/interaction-field/${a.id}/move`).set(csrfHeaders(asAdmin)).send({ direction: 'down' })).body.sort_order).toBe(3);
    expect((await asAdmin.post(`/api/interaction-field/${b.id}/move`).set(csrfHeaders(asAdmin)).send({ direction: 'up' })).status).toBe(200);
    expect(await auditOf(t, 'interaction_field_moved')).toHaveLength(1);
    expect((await fieldsOf(second!.id)).map((f) => f.sort_order)).toEqual([1]);
  });
});
