// Observation forms (/api/observation-form, issue 28): every district login reads them (the built-in
// walkthrough only on a plan without observation forms); `manage settings` on a plan with the feature adds,
// edits, archives and restores them. A form whose current version has observations is never changed under
// them: an edit writes version N+1, items keep their lineage. Each endpoint in ARCHITECTURE's order.
import { beforeEach, describe, expect, it } from 'vitest';
import { planFeatureMessage } from '../../../../common/plans';
import { FORM_MESSAGES } from '../../../../common/schemas/observationForms';
import { OBSERVATION_MESSAGES as M } from '../../../../common/schemas/observations';
import { nowIso } from '../../../../db/connection';
import * as observationsMigration from '../../../../db/migrations/20261130_0160_observations';
import * as calibrationMigration from '../../../../db/migrations/20261201_0161_calibration_sessions';
import * as observationVersionsMigration from '../../../../db/migrations/20261201_0163_observation_district_versions';
import { createDistrict, createUser } from '../../../identity/accounts';
import { createTestApp, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../../testing/app';
import { itRequiresLogin } from '../../../testing/checks';
import { buildStaff, buildUser } from '../../../testing/factories';
import { auditOf, buildType, interactionDistrict, providerAdmin } from '../../../testing/interactionTypes.fixture';
import { DEMO_PASSWORD, seedDemo } from '../../../../db/seeds/demo';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

type Agent = Awaited<ReturnType<typeof loginAs>>;
type Body = Record<string, unknown>;

const WALKTHROUGH_LOOK_FORS = [
  ['Students can say what they are learning and why', 'Clear learning goals'],
  ['Students explain their thinking, aloud or in writing', 'Questioning for thinking'],
  ['Students talk with each other about the content', 'Student discussion'],
  ['Most students are working on the task most of the time', 'Active engagement'],
  ['The teacher checks what students understand and adjusts', 'Checking for understanding'],
  ['Feedback to students is specific and timely', 'Useful feedback'],
  ['The task asks for grade-level thinking', 'Sequenced tasks'],
  ['Routines and transitions run with little lost time', 'Routines and transitions'],
] as const;

const formsOf = (districtId: number) => t.db.selectFrom('observation_forms').selectAll().where('district_id', '=', districtId).orderBy('id').execute();
const versionsOf = (formId: number) => t.db.selectFrom('observation_form_versions').selectAll().where('form_id', '=', formId).orderBy('version').execute();
const itemsOf = (versionId: number) => t.db.selectFrom('observation_form_items').selectAll().where('version_id', '=', versionId).orderBy('position').execute();

/** Everything the forms tables hold, to show a refused call wrote nothing. */
async function snapshot() {
  const [forms, versions, items, audit] = await Promise.all([
    t.db.selectFrom('observation_forms').selectAll().orderBy('id').execute(),
    t.db.selectFrom('observation_form_versions').selectAll().orderBy('id').execute(),
    t.db.selectFrom('observation_form_items').selectAll().orderBy('id').execute(),
    t.db.selectFrom('audit_log').select('id').where('action', 'like', 'observation_form%').execute(),
  ]);
  return { forms, versions, items, audit };
}

async function skillId(districtId: number, name: string): Promise<number> {
  const row = await t.db.selectFrom('skills as s').innerJoin('skill_frameworks as f', 'f.id', 's.framework_id').select('s.id')
    .where('s.district_id', '=', districtId).where('f.active', '=', 1).where('s.name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

async function typeId(districtId: number, name: string): Promise<number> {
  return (await t.db.selectFrom('interaction_types').select('id').where('district_id', '=', districtId).where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** The district's form of that (current) name. */
async function formNamed(agent: Agent, name: string) {
  const res = await agent.get('/api/observation-form?status=all');
  const form = res.body.data.find((f: { name: string }) => f.name === name);
  if (!form) throw new Error(`no form ${name}`);
  return form;
}

/** An observation made with a version (a draft unless told): what makes an edit write a new version. */
async function observe(districtId: number, formId: number, versionId: number, observerId: number, status: 'draft' | 'completed' = 'draft', deleted = false) {
  const staff = await buildStaff(t.db, { districtId });
  const now = nowIso();
  return t.db.insertInto('observations').values({
    district_id: districtId, form_id: formId, version_id: versionId, staff_id: staff.id, observer_id: observerId, interaction_id: null,
    building_id: null, status, observed_at: '2026-10-06T14:00:00.000Z', duration_minutes: 15, notes: null, private_notes: null,
    next_steps: null, calibration_id: null, share_answers: 0, share_notes: 0, shared_at: null, shared_by: null, acknowledged_at: null, reflection: null,
    created_at: now, updated_at: now, deleted_at: deleted ? now : null,
  }).returning('id').executeTakeFirstOrThrow();
}

const post = (agent: Agent, body: Body) => agent.post('/api/observation-form').set(csrfHeaders(agent)).send(body);
const put = (agent: Agent, id: number | string, body: Body) => agent.put(`/api/observation-form/${id}`).set(csrfHeaders(agent)).send(body);

const valid = {
  name: 'Math talk walk',
  description: 'Five minutes in a math lesson.',
  items: [
    { label: 'Students explain a strategy', kind: 'look_for', section: 'Discourse' },
    { label: 'Depth of questions', kind: 'rating', section: 'Discourse', required: true },
    { label: 'Grouping', kind: 'choice', options: ['Whole class', 'Small groups', 'Pairs'], multiple: true },
    { label: 'Students who spoke', kind: 'number' },
    { label: 'Evidence', kind: 'text' },
  ],
};

describe('GET /api/observation-form', () => {
  itRequiresLogin(() => t.app, 'get', '/api/observation-form');

  it('422 for an unknown status', async () => {
    const { asCoach } = await interactionDistrict(t);
    const res = await asCoach.get('/api/observation-form?status=gone');
    expect(res.status).toBe(422);
    expect(res.body.errors.status).toEqual(['Status must be active, archived or all.']);
  });

  it('403 for provider staff who are not impersonating', async () => {
    const { agent } = await providerAdmin(t);
    expect((await agent.get('/api/observation-form')).status).toBe(403);
  });

  it('a new district starts with the two default forms, its skills linked; any login reads them, archived ones on request', async () => {
    const { asCoach, districtId } = await interactionDistrict(t);
    const res = await asCoach.get('/api/observation-form');
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { name: string }) => f.name)).toEqual(['Classroom walkthrough', 'Coaching observation']);
    const [walk, coaching] = res.body.data;
    const walkthroughType = await typeId(districtId, 'Walkthrough');
    expect(walk).toMatchObject({
      builtin: true, version: 1, archived_at: null, observation_count: 0,
      description: 'A ten-minute visit: what did students do and say? Eight look-fors, seen or not seen, and a note.',
      interaction_type: { id: walkthroughType, name: 'Walkthrough', colour: 'teal' },
    });
    expect(Object.keys(walk).sort()).toEqual(['archived_at', 'builtin', 'description', 'id', 'interaction_type', 'items', 'name', 'observation_count', 'updated_at', 'version']);
    expect(walk.items).toHaveLength(9);
    for (const [n, [label, skill]] of WALKTHROUGH_LOOK_FORS.entries()) {
      expect(walk.items[n]).toEqual({
        id: expect.any(Number), lineage_id: walk.items[n].id, position: n + 1, section: null, label, kind: 'look_for', required: false,
        options: null, multiple: null, scale: null, skill: { id: await skillId(districtId, skill), name: skill },
      });
    }
    expect(walk.items[8]).toMatchObject({ label: 'What stood out', kind: 'text', skill: null, options: null, scale: null });

    expect(coaching).toMatchObject({ builtin: false, version: 1, interaction_type: { id: await typeId(districtId, 'Classroom observation'), name: 'Classroom observation' } });
    expect(coaching.items).toHaveLength(12);
    expect(coaching.items[0]).toMatchObject({
      section: 'The lesson', label: 'Focus of this observation', kind: 'choice', required: true, multiple: false, scale: null,
      options: ['The educator\'s coaching goal', 'A new practice being tried', 'A lesson the educator asked us to see', 'A regular visit'],
    });
    expect(coaching.items[1]).toMatchObject({ kind: 'choice', multiple: true, options: ['Opening', 'Direct instruction', 'Guided practice', 'Independent or group work', 'Closing'] });
    expect(coaching.items[2]).toMatchObject({ kind: 'rating', scale: 4, options: null, multiple: null, skill: { name: 'Clear learning goals' } });
    expect(coaching.items[6]).toMatchObject({ section: 'Students', kind: 'number', scale: null, skill: null });

    // Another district's forms and the provider's defaults never show; archived ones only on request.
    const other = await buildUser(t.db);
    await post(await loginAs(t.app, other), { ...valid, name: 'Elsewhere' });
    await t.db.updateTable('observation_forms').set({ archived_at: '2026-10-01T00:00:00.000Z' }).where('id', '=', coaching.id).execute();
    expect((await asCoach.get('/api/observation-form')).body.data.map((f: { id: number }) => f.id)).toEqual([walk.id]);
    expect((await asCoach.get('/api/observation-form?status=archived')).body.data.map((f: { id: number }) => f.id)).toEqual([coaching.id]);
    expect((await asCoach.get('/api/observation-form?status=all')).body.data.map((f: { id: number }) => f.id)).toEqual([walk.id, coaching.id]);

    const teacher = await loginAs(t.app, await buildUser(t.db, { role: 'educator', districtId }));
    expect((await teacher.get('/api/observation-form')).body.data).toHaveLength(1);
  });

  it('counts completed observations of every version, not drafts or deleted ones', async () => {
    const { asAdmin, admin, districtId } = await interactionDistrict(t);
    const walk = await formNamed(asAdmin, 'Classroom walkthrough');
    const versionId = (await versionsOf(walk.id))[0]!.id;
    await observe(districtId, walk.id, versionId, admin.id, 'completed');
    await observe(districtId, walk.id, versionId, admin.id, 'draft');
    await observe(districtId, walk.id, versionId, admin.id, 'completed', true);
    // The edit writes version 2 (the version has observations); one completed with it counts too.
    const edited = await put(asAdmin, walk.id, { name: walk.name, items: [{ label: 'Only one', kind: 'look_for' }] });
    expect(edited.body.version).toBe(2);
    await observe(districtId, walk.id, (await versionsOf(walk.id))[1]!.id, admin.id, 'completed');
    expect((await asAdmin.get(`/api/observation-form/${walk.id}`)).body.observation_count).toBe(2);
  });

  it('on a plan without observation forms: the built-in walkthrough only, another form is 404', async () => {
    const { asAdmin, asCoach, districtId: essentialsDistrict } = await interactionDistrict(t, 'essentials');
    const all = await asCoach.get('/api/observation-form?status=all');
    expect(all.status).toBe(200);
    expect(all.body.data.map((f: { name: string; builtin: boolean }) => [f.name, f.builtin])).toEqual([['Classroom walkthrough', true]]);
    const [, coaching] = await t.db.selectFrom('observation_forms').select('id').where('district_id', '=', essentialsDistrict).orderBy('id').execute();
    const res = await asAdmin.get(`/api/observation-form/${coaching!.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.formNotFound);
  });
});

describe('GET /api/observation-form/{id}', () => {
  itRequiresLogin(() => t.app, 'get', '/api/observation-form/1');

  it('404 for another district\'s form, a provider default, an id that is not one, and (without the plan) a form but the built-in', async () => {
    const { asCoach } = await interactionDistrict(t);
    const other = await buildUser(t.db);
    const theirs = (await formsOf(other.district_id!))[0]!;
    const theDefault = await t.db.selectFrom('observation_forms').select('id').where('district_id', 'is', null).executeTakeFirstOrThrow();
    for (const id of [theirs.id, theDefault.id, 'abc', '0', '99999999999999999999']) {
      const res = await asCoach.get(`/api/observation-form/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.formNotFound);
    }

    const essentials = await interactionDistrict(t, 'essentials');
    const [walk, coaching] = await formsOf(essentials.districtId);
    expect(walk!.builtin).toBe(1);
    expect((await essentials.asCoach.get(`/api/observation-form/${coaching!.id}`)).status).toBe(404);
    expect((await essentials.asCoach.get(`/api/observation-form/${walk!.id}`)).body).toMatchObject({ id: walk!.id, name: 'Classroom walkthrough' });
  });

  it('answers one form (archived too) with its current version\'s items', async () => {
    const { asAdmin, asCoach } = await interactionDistrict(t);
    const created = (await post(asAdmin, valid)).body;
    await asAdmin.post(`/api/observation-form/${created.id}/archive`).set(csrfHeaders(asAdmin));
    const res = await asCoach.get(`/api/observation-form/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'Math talk walk', archived_at: expect.any(String) });
    expect(res.body.items).toEqual(created.items);
  });
});

describe('POST /api/observation-form', () => {
  it('401 without login', async () => {
    const agent = await guestAgent(t.app);
    expect((await post(agent as unknown as Agent, valid)).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const { asAdmin } = await interactionDistrict(t);
    expect((await asAdmin.post('/api/observation-form').set('X-Requested-With', 'XMLHttpRequest').send(valid)).status).toBe(419);
  });

  it.each([
    ['name', undefined, 'Name is required.'],
    ['name', 'x'.repeat(121), 'Name must be at most 120 characters.'],
    ['description', 'x'.repeat(1001), 'Description must be at most 1000 characters.'],
    ['interaction_type_id', 'walk', M.typeNotInDistrict],
    ['items', [], M.itemsNeeded],
    ['items', undefined, M.itemsNeeded],
    ['items.0.label', [{ kind: 'text' }], 'Label is required.'],
    ['items.0.kind', [{ label: 'X', kind: 'essay' }], 'Kind must be look_for, rating, choice, text or number.'],
    ['items.0.scale', [{ label: 'X', kind: 'rating', scale: 11 }], 'Scale must be from 2 to 10.'],
    ['items.0.required', [{ label: 'X', kind: 'text', required: 'yes' }], 'Required must be true or false.'],
  ])('422 on %s (%j), nothing saved', async (field, value, message) => {
    const { asAdmin } = await interactionDistrict(t);
    const before = await snapshot();
    const key = field.startsWith('items') ? 'items' : field;
    const res = await post(asAdmin, { ...valid, [key]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await snapshot()).toEqual(before);
  });

  it('422 on each rule that reads the district, all at once, and nothing is saved', async () => {
    const { asAdmin, districtId } = await interactionDistrict(t);
    const other = await buildUser(t.db);
    const theirType = await buildType(t, other.district_id!);
    const archivedSkill = await skillId(districtId, 'Useful feedback');
    await t.db.updateTable('skills').set({ archived_at: '2026-10-01T00:00:00.000Z' }).where('id', '=', archivedSkill).execute();
    const walk = (await formsOf(districtId))[0]!;
    const walkItem = (await itemsOf(walk.current_version_id!))[0]!;
    const before = await snapshot();
    const res = await post(asAdmin, {
      name: ' classroom WALKTHROUGH ', interaction_type_id: theirType.id,
      items: [
        { label: 'One option', kind: 'choice', options: ['Only'] },
        { label: 'Same twice', kind: 'choice', options: ['Yes', 'yes', 'No'] },
        { label: 'Their skill', kind: 'rating', skill_id: await skillId(other.district_id!, 'Useful feedback') },
        { label: 'Archived skill', kind: 'look_for', skill_id: archivedSkill },
        { id: walkItem.id, label: 'Not this form\'s', kind: 'look_for' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: [M.formNameTaken],
      interaction_type_id: [M.typeNotInDistrict],
      'items.0.options': [M.optionsNeeded],
      'items.1.options': [M.optionTwice],
      'items.2.skill_id': [M.skillNotFound],
      'items.3.skill_id': [M.skillNotFound],
      'items.4.id': [M.itemNotOfForm],
    });
    expect(res.body.message).toBe(M.formNameTaken);
    expect(await snapshot()).toEqual(before);
  });

  it('422 on an archived type; without a type, "Classroom observation" when active, else 422 naming interaction_type_id', async () => {
    const { asAdmin, districtId } = await interactionDistrict(t);
    const archived = await buildType(t, districtId, { name: 'Old walk', archived: true });
    expect((await post(asAdmin, { ...valid, interaction_type_id: archived.id })).body.errors).toEqual({ interaction_type_id: [M.typeNotInDistrict] });
    await t.db.updateTable('interaction_types').set({ archived_at: '2026-10-01T00:00:00.000Z' })
      .where('id', '=', await typeId(districtId, 'Classroom observation')).execute();
    const before = await snapshot();
    const res = await post(asAdmin, valid);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ interaction_type_id: [FORM_MESSAGES.typeNeeded] });
    expect(await snapshot()).toEqual(before);
    const walkthrough = await typeId(districtId, 'Walkthrough');
    expect((await post(asAdmin, { ...valid, interaction_type_id: walkthrough })).body.interaction_type.id).toBe(walkthrough);
  });

  it('a name another district holds, or an archived form of the district holds, is taken only in the district', async () => {
    const { asAdmin } = await interactionDistrict(t);
    const other = await loginAs(t.app, await buildUser(t.db));
    expect((await post(other, valid)).status).toBe(201);
    expect((await post(asAdmin, valid)).status).toBe(201);
    const walk = await formNamed(asAdmin, 'Math talk walk');
    await asAdmin.post(`/api/observation-form/${walk.id}/archive`).set(csrfHeaders(asAdmin));
    expect((await post(asAdmin, { ...valid, name: 'MATH TALK WALK' })).body.errors).toEqual({ name: [M.formNameTaken] });
  });

  it('403 without manage settings (coach, principal, educator), with the plan message on a plan without the feature; nothing saved', async () => {
    const { asCoach, districtId } = await interactionDistrict(t);
    const principal = await loginAs(t.app, await buildUser(t.db, { role: 'building-admin', districtId }));
    const educator = await loginAs(t.app, await buildUser(t.db, { role: 'educator', districtId }));
    const essentials = await interactionDistrict(t, 'essentials');
    const before = await snapshot();
    for (const agent of [asCoach, principal, educator]) {
      const res = await post(agent, valid);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You do not have permission to do that.');
    }
    const res = await post(essentials.asAdmin, valid);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(planFeatureMessage('observation-forms'));
    expect(res.body.message).toBe('Observation forms and the walkthrough report are part of the Professional plan. Ask your district administrator about upgrading.');
    const { agent } = await providerAdmin(t);
    expect((await post(agent, valid)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('201: version 1 on the "Classroom observation" type, each item its own lineage, a rating on the framework\'s top level; audited', async () => {
    const { asAdmin, admin, districtId } = await interactionDistrict(t);
    const skill = await skillId(districtId, 'Questioning for thinking');
    const res = await post(asAdmin, {
      ...valid, name: '  Math talk walk ', district_id: 999, builtin: true,
      items: [...valid.items.slice(0, 2), { ...valid.items[2], scale: 3 }, { label: 'Rated on 5', kind: 'rating', scale: 5, skill_id: skill }, ...valid.items.slice(3),
        { label: 'Options dropped', kind: 'text', options: ['A', 'B'], multiple: true, scale: 7 }],
    });
    expect(res.status).toBe(201);
    const observationType = await typeId(districtId, 'Classroom observation');
    expect(res.body).toMatchObject({
      name: 'Math talk walk', description: 'Five minutes in a math lesson.', builtin: false, version: 1, archived_at: null, observation_count: 0,
      interaction_type: { id: observationType, name: 'Classroom observation', colour: 'blue' },
    });
    const ids = res.body.items.map((i: { id: number }) => i.id);
    expect(res.body.items).toEqual([
      { id: ids[0], lineage_id: ids[0], position: 1, section: 'Discourse', label: 'Students explain a strategy', kind: 'look_for', required: false, options: null, multiple: null, scale: null, skill: null },
      { id: ids[1], lineage_id: ids[1], position: 2, section: 'Discourse', label: 'Depth of questions', kind: 'rating', required: true, options: null, multiple: null, scale: 4, skill: null },
      { id: ids[2], lineage_id: ids[2], position: 3, section: null, label: 'Grouping', kind: 'choice', required: false, options: ['Whole class', 'Small groups', 'Pairs'], multiple: true, scale: null, skill: null },
      { id: ids[3], lineage_id: ids[3], position: 4, section: null, label: 'Rated on 5', kind: 'rating', required: false, options: null, multiple: null, scale: 5, skill: { id: skill, name: 'Questioning for thinking' } },
      { id: ids[4], lineage_id: ids[4], position: 5, section: null, label: 'Students who spoke', kind: 'number', required: false, options: null, multiple: null, scale: null, skill: null },
      { id: ids[5], lineage_id: ids[5], position: 6, section: null, label: 'Evidence', kind: 'text', required: false, options: null, multiple: null, scale: null, skill: null },
      { id: ids[6], lineage_id: ids[6], position: 7, section: null, label: 'Options dropped', kind: 'text', required: false, options: null, multiple: null, scale: null, skill: null },
    ]);
    const form = await t.db.selectFrom('observation_forms').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(form).toMatchObject({ district_id: districtId, interaction_type_id: observationType, builtin: 0, archived_at: null });
    const versions = await versionsOf(form.id);
    expect(versions).toEqual([expect.objectContaining({ id: form.current_version_id, district_id: districtId, version: 1, name: 'Math talk walk', created_by: admin.id })]);
    const items = await itemsOf(form.current_version_id!);
    expect(items.map((i) => [i.district_id, i.lineage_id, i.config])).toEqual([
      [districtId, ids[0], '{}'], [districtId, ids[1], '{"scale":4}'], [districtId, ids[2], '{"options":["Whole class","Small groups","Pairs"],"multiple":true}'],
      [districtId, ids[3], '{"scale":5}'], [districtId, ids[4], '{}'], [districtId, ids[5], '{}'], [districtId, ids[6], '{}'],
    ]);
    const [audit] = await auditOf(t, 'observation_form.created');
    expect(audit).toMatchObject({ district_id: districtId, actor_id: admin.id, subject_type: 'observation_form', subject_id: form.id });
    expect(audit!.details).toEqual({ name: 'Math talk walk', version: 1, interaction_type_id: observationType, items: 7 });
  });

  it('a rating\'s default scale is the top level of the district\'s active framework', async () => {
    const { asAdmin, districtId } = await interactionDistrict(t);
    const framework = await t.db.selectFrom('skill_frameworks').select('id').where('district_id', '=', districtId).where('active', '=', 1).executeTakeFirstOrThrow();
    await t.db.insertInto('skill_levels').values({ district_id: districtId, framework_id: framework.id, level: 5, name: 'Leading', descriptor: null }).execute();
    const res = await post(asAdmin, { name: 'Five levels', items: [{ label: 'Depth', kind: 'rating' }] });
    expect(res.body.items[0].scale).toBe(5);
  });
});

describe('PUT /api/observation-form/{id}', () => {
  it('401 without login, 419 without the CSRF token', async () => {
    const agent = await guestAgent(t.app);
    expect((await put(agent as unknown as Agent, 1, valid)).status).toBe(401);
    const { asAdmin, districtId } = await interactionDistrict(t);
    const [walk] = await formsOf(districtId);
    expect((await asAdmin.put(`/api/observation-form/${walk!.id}`).set('X-Requested-With', 'XMLHttpRequest').send(valid)).status).toBe(419);
  });

  it('404 for another district\'s form, a default, an id that is not one; nothing changes', async () => {
    const { asAdmin } = await interactionDistrict(t);
    const other = await buildUser(t.db);
    const [theirs] = await formsOf(other.district_id!);
    const theDefault = await t.db.selectFrom('observation_forms').select('id').where('district_id', 'is', null).executeTakeFirstOrThrow();
    const before = await snapshot();
    for (const id of [theirs!.id, theDefault.id, 'x', 99999]) {
      const res = await put(asAdmin, id, valid);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.formNotFound);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('403 without manage settings or without the plan feature; nothing changes', async () => {
    const { asCoach, districtId } = await interactionDistrict(t);
    const [walk] = await formsOf(districtId);
    const essentials = await interactionDistrict(t, 'essentials');
    const [builtin] = await formsOf(essentials.districtId);
    const before = await snapshot();
    expect((await put(asCoach, walk!.id, valid)).status).toBe(403);
    const res = await put(essentials.asAdmin, builtin!.id, valid);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(planFeatureMessage('observation-forms'));
    expect(await snapshot()).toEqual(before);
  });

  it('a version without observations is rewritten in place: kept items keep their ids, removed ones go, new ones start a lineage', async () => {
    const { asAdmin, admin, districtId } = await interactionDistrict(t);
    const created = (await post(asAdmin, valid)).body;
    const [look, rating, , , text] = created.items;
    const versionId = (await versionsOf(created.id))[0]!.id;
    const res = await put(asAdmin, created.id, {
      name: 'Math talk walk (short)', description: null,
      items: [
        { id: text.id, label: 'Evidence seen', kind: 'text', section: 'Notes' },
        { id: look.id, label: look.label, kind: 'look_for', section: 'Discourse', required: true },
        { label: 'A new look-for', kind: 'look_for' },
        { id: rating.id, label: rating.label, kind: 'choice', options: ['Low', 'High'] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'Math talk walk (short)', description: null, version: 1 });
    const added = res.body.items[2];
    expect(res.body.items.map((i: Body) => [i.id, i.lineage_id, i.position, i.section, i.label, i.kind, i.required, i.options])).toEqual([
      [text.id, text.id, 1, 'Notes', 'Evidence seen', 'text', false, null],
      [look.id, look.id, 2, 'Discourse', look.label, 'look_for', true, null],
      [added.id, added.id, 3, null, 'A new look-for', 'look_for', false, null],
      [rating.id, rating.id, 4, null, rating.label, 'choice', false, ['Low', 'High']],
    ]);
    expect(await versionsOf(created.id)).toEqual([expect.objectContaining({ id: versionId, version: 1, name: 'Math talk walk (short)', description: null })]);
    expect((await itemsOf(versionId)).map((i) => i.id)).toEqual([text.id, look.id, added.id, rating.id]);
    const [audit] = await auditOf(t, 'observation_form.updated');
    expect(audit).toMatchObject({ district_id: districtId, actor_id: admin.id, subject_type: 'observation_form', subject_id: created.id });
    expect(audit!.details).toMatchObject({
      version: 1, new_version: false, name: { from: 'Math talk walk', to: 'Math talk walk (short)' },
      description: { from: 'Five minutes in a math lesson.', to: null },
    });
    expect(audit!.details.items.from).toHaveLength(5);
    expect(audit!.details.items.to).toHaveLength(4);
  });

  it('a version with observations (a draft counts) is kept: the edit writes version N+1, items keep their lineage, old rows unchanged', async () => {
    const { asAdmin, admin, districtId } = await interactionDistrict(t);
    const walk = await formNamed(asAdmin, 'Classroom walkthrough');
    const v1 = (await versionsOf(walk.id))[0]!;
    const v1Items = await itemsOf(v1.id);
    const observation = await observe(districtId, walk.id, v1.id, admin.id, 'draft');
    await t.db.insertInto('observation_answers').values({ observation_id: observation.id, item_id: v1Items[0]!.id, district_id: districtId, value: '"yes"', evidence: null }).execute();
    const formBefore = await t.db.selectFrom('observation_forms').selectAll().where('id', '=', walk.id).executeTakeFirstOrThrow();

    const res = await put(asAdmin, walk.id, {
      name: 'Classroom walkthrough', description: 'Shorter.',
      items: [
        { id: walk.items[1].id, label: 'Students explain their thinking', kind: 'look_for', skill_id: walk.items[1].skill.id },
        { id: walk.items[0].id, label: walk.items[0].label, kind: 'look_for', skill_id: walk.items[0].skill.id },
        { label: 'Students use academic vocabulary', kind: 'look_for' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: walk.id, version: 2, description: 'Shorter.', builtin: true });
    const [first, second, added] = res.body.items;
    expect([first.lineage_id, second.lineage_id, added.lineage_id]).toEqual([walk.items[1].id, walk.items[0].id, added.id]);
    for (const item of res.body.items) expect(v1Items.map((i) => i.id)).not.toContain(item.id);
    expect(first).toMatchObject({ label: 'Students explain their thinking', position: 1, skill: walk.items[1].skill });

    const versions = await versionsOf(walk.id);
    expect(versions.map((v) => [v.version, v.name, v.description, v.created_by])).toEqual([
      [1, 'Classroom walkthrough', v1.description, null], [2, 'Classroom walkthrough', 'Shorter.', admin.id],
    ]);
    expect(versions[0]).toEqual(v1);
    expect(await itemsOf(v1.id)).toEqual(v1Items);
    const formAfter = await t.db.selectFrom('observation_forms').selectAll().where('id', '=', walk.id).executeTakeFirstOrThrow();
    expect(formAfter.current_version_id).toBe(versions[1]!.id);
    expect(formAfter.updated_at >= formBefore.updated_at).toBe(true);
    const kept = await t.db.selectFrom('observations').select(['version_id']).where('id', '=', observation.id).executeTakeFirstOrThrow();
    expect(kept.version_id).toBe(v1.id);
    const [audit] = await auditOf(t, 'observation_form.updated');
    expect(audit!.details).toMatchObject({ name: 'Classroom walkthrough', version: 2, new_version: true, description: { from: v1.description, to: 'Shorter.' } });

    // Version 2 has no observations yet: the next edit rewrites it in place.
    const again = await put(asAdmin, walk.id, { name: 'Classroom walkthrough', description: 'Shorter.', items: res.body.items.slice(0, 2).map((i: Body) => ({ id: i.id, label: i.label, kind: i.kind })) });
    expect(again.body.version).toBe(2);
    expect(again.body.items.map((i: Body) => i.id)).toEqual([first.id, second.id]);
    expect(await versionsOf(walk.id)).toHaveLength(2);

    // An item of an older version is not on the form any more.
    const stale = await put(asAdmin, walk.id, { name: 'Classroom walkthrough', items: [{ id: v1Items[2]!.id, label: 'Old', kind: 'look_for' }] });
    expect(stale.status).toBe(422);
    expect(stale.body.errors).toEqual({ 'items.0.id': [M.itemNotOfForm] });
  });

  it('a deleted or completed observation keeps its version too', async () => {
    const { asAdmin, admin, districtId } = await interactionDistrict(t);
    const coaching = await formNamed(asAdmin, 'Coaching observation');
    await observe(districtId, coaching.id, (await versionsOf(coaching.id))[0]!.id, admin.id, 'completed', true);
    const res = await put(asAdmin, coaching.id, { name: 'Coaching observation', items: [{ label: 'Evidence', kind: 'text' }] });
    expect(res.body.version).toBe(2);
    expect(await versionsOf(coaching.id)).toHaveLength(2);
  });

  it('422: an item twice, an item of another form, a name another form holds; its own name in another case is fine', async () => {
    const { asAdmin } = await interactionDistrict(t);
    const walk = await formNamed(asAdmin, 'Classroom walkthrough');
    const coaching = await formNamed(asAdmin, 'Coaching observation');
    const before = await snapshot();
    const res = await put(asAdmin, walk.id, {
      name: 'coaching observation',
      items: [
        { id: walk.items[0].id, label: 'A', kind: 'look_for' },
        { id: walk.items[0].id, label: 'B', kind: 'look_for' },
        { id: coaching.items[0].id, label: 'C', kind: 'look_for' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: [M.formNameTaken], 'items.1.id': [FORM_MESSAGES.itemTwice], 'items.2.id': [M.itemNotOfForm] });
    expect(await snapshot()).toEqual(before);
    const own = await put(asAdmin, walk.id, { name: 'CLASSROOM WALKTHROUGH', items: [{ id: walk.items[0].id, label: 'A', kind: 'look_for' }] });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe('CLASSROOM WALKTHROUGH');
  });

  it('an edit that changes nothing writes nothing; a change of type alone keeps the version; the form\'s own archived type stays allowed', async () => {
    const { asAdmin, admin, districtId } = await interactionDistrict(t);
    const listed = await formNamed(asAdmin, 'Classroom walkthrough');
    await observe(districtId, listed.id, (await versionsOf(listed.id))[0]!.id, admin.id, 'completed');
    const walk = { ...listed, observation_count: 1 };
    const same = {
      name: walk.name, description: walk.description, interaction_type_id: walk.interaction_type.id,
      items: walk.items.map((i: Body & { skill: { id: number } | null }) => ({ id: i.id, label: i.label, kind: i.kind, section: i.section, required: i.required, skill_id: i.skill?.id ?? null })),
    };
    const before = await snapshot();
    const res = await put(asAdmin, walk.id, same);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(walk);
    expect(await snapshot()).toEqual(before);

    const checkIn = await typeId(districtId, 'Check-in');
    const moved = await put(asAdmin, walk.id, { ...same, interaction_type_id: checkIn });
    expect(moved.body).toMatchObject({ version: 1, interaction_type: { id: checkIn, name: 'Check-in' } });
    expect(await versionsOf(walk.id)).toHaveLength(1);
    const [audit] = await auditOf(t, 'observation_form.updated');
    expect(audit!.details).toEqual({ name: walk.name, version: 1, new_version: false, interaction_type_id: { from: walk.interaction_type.id, to: checkIn } });

    await t.db.updateTable('interaction_types').set({ archived_at: '2026-10-01T00:00:00.000Z' }).where('id', '=', checkIn).execute();
    const kept = await put(asAdmin, walk.id, { ...same, interaction_type_id: checkIn, description: 'Still Check-in.' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ version: 2, description: 'Still Check-in.', interaction_type: { id: checkIn } });
    // Without a type, a PUT keeps the form's own; the items are version 2's now (version 1's are 422).
    const v2Items = kept.body.items.map((i: Body & { skill: { id: number } | null }) => ({ id: i.id, label: i.label, kind: i.kind, skill_id: i.skill?.id ?? null }));
    expect((await put(asAdmin, walk.id, { ...same, description: 'No type sent.' })).body.errors).toEqual({ 'items.0.id': [M.itemNotOfForm], ...Object.fromEntries(same.items.slice(1).map((_: unknown, n: number) => [`items.${n + 1}.id`, [M.itemNotOfForm]])) });
    const keepsType = await put(asAdmin, walk.id, { ...same, items: v2Items, interaction_type_id: undefined, description: 'No type sent.' });
    expect(keepsType.status).toBe(200);
    expect(keepsType.body).toMatchObject({ version: 2, description: 'No type sent.', interaction_type: { id: checkIn } });
  });
});

describe('POST /api/observation-form/{id}/archive and /restore', () => {
  it('401 without login, 419 without the CSRF token', async () => {
    const agent = await guestAgent(t.app);
    expect((await agent.post('/api/observation-form/1/archive').set(csrfHeaders(agent))).status).toBe(401);
    const { asAdmin, districtId } = await interactionDistrict(t);
    const [walk] = await formsOf(districtId);
    expect((await asAdmin.post(`/api/observation-form/${walk!.id}/archive`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
  });

  it('404 for another district\'s form; 403 without manage settings or the plan', async () => {
    const { asAdmin, asCoach, districtId } = await interactionDistrict(t);
    const other = await buildUser(t.db);
    const [theirs] = await formsOf(other.district_id!);
    const [walk] = await formsOf(districtId);
    expect((await asAdmin.post(`/api/observation-form/${theirs!.id}/archive`).set(csrfHeaders(asAdmin))).status).toBe(404);
    expect((await asCoach.post(`/api/observation-form/${walk!.id}/archive`).set(csrfHeaders(asCoach))).status).toBe(403);
    const essentials = await interactionDistrict(t, 'essentials');
    const [builtin] = await formsOf(essentials.districtId);
    const res = await essentials.asAdmin.post(`/api/observation-form/${builtin!.id}/archive`).set(csrfHeaders(essentials.asAdmin));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(planFeatureMessage('observation-forms'));
    expect((await formsOf(districtId)).every((f) => f.archived_at === null)).toBe(true);
    expect((await formsOf(essentials.districtId)).every((f) => f.archived_at === null)).toBe(true);
  });

  it('archives and restores, audited; 409 when already so; the form and its versions stay', async () => {
    const { asAdmin, admin, districtId } = await interactionDistrict(t);
    const coaching = await formNamed(asAdmin, 'Coaching observation');
    const archive = () => asAdmin.post(`/api/observation-form/${coaching.id}/archive`).set(csrfHeaders(asAdmin));
    const restore = () => asAdmin.post(`/api/observation-form/${coaching.id}/restore`).set(csrfHeaders(asAdmin));

    const notArchived = await restore();
    expect(notArchived.status).toBe(409);
    expect(notArchived.body.message).toBe(M.formAlreadyActive);

    const res = await archive();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: coaching.id, archived_at: expect.any(String), version: 1 });
    expect(res.body.items).toEqual(coaching.items);
    const row = await t.db.selectFrom('observation_forms').select('archived_at').where('id', '=', coaching.id).executeTakeFirstOrThrow();
    expect(row.archived_at).toBe(res.body.archived_at);
    const again = await archive();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.formAlreadyArchived);
    expect((await asAdmin.get('/api/observation-form')).body.data.map((f: { id: number }) => f.id)).not.toContain(coaching.id);

    const back = await restore();
    expect(back.status).toBe(200);
    expect(back.body.archived_at).toBeNull();
    expect(await versionsOf(coaching.id)).toHaveLength(1);
    const audits = [...await auditOf(t, 'observation_form.archived'), ...await auditOf(t, 'observation_form.restored')];
    expect(audits.map((a) => [a.action, a.district_id, a.actor_id, a.subject_type, a.subject_id, a.details])).toEqual([
      ['observation_form.archived', districtId, admin.id, 'observation_form', coaching.id, { name: 'Coaching observation' }],
      ['observation_form.restored', districtId, admin.id, 'observation_form', coaching.id, { name: 'Coaching observation' }],
    ]);
  });
});

describe('the default forms', () => {
  it('the provider\'s defaults are the migration\'s two forms on its default types and skills', async () => {
    const defaults = await t.db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
      .innerJoin('interaction_types as t', 't.id', 'f.interaction_type_id')
      .select(['f.id', 'f.builtin', 'v.name', 'v.version', 't.name as type', 't.district_id as type_district', 'f.current_version_id'])
      .where('f.district_id', 'is', null).orderBy('f.id').execute();
    expect(defaults.map((f) => [f.name, f.builtin, f.version, f.type, f.type_district])).toEqual([
      ['Classroom walkthrough', 1, 1, 'Walkthrough', null], ['Coaching observation', 0, 1, 'Classroom observation', null],
    ]);
    const items = await itemsOf(defaults[0]!.current_version_id!);
    const skills = await t.db.selectFrom('skills').select(['id', 'district_id']).where('id', 'in', items.map((i) => i.skill_id).filter((x): x is number => x !== null)).execute();
    expect(skills).toHaveLength(8);
    expect(skills.every((s) => s.district_id === null)).toBe(true);
  });

  it('createDistrict copies them, tied to the district\'s own types and skills', async () => {
    const districtId = await createDistrict(t.db, { name: 'Birch Valley Schools', state: 'OR', planKey: 'professional' });
    const forms = await t.db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
      .innerJoin('interaction_types as t', 't.id', 'f.interaction_type_id')
      .select(['f.id', 'v.name', 'v.district_id as version_district', 't.name as type', 't.district_id as type_district', 'f.current_version_id'])
      .where('f.district_id', '=', districtId).orderBy('f.id').execute();
    expect(forms.map((f) => [f.name, f.version_district, f.type, f.type_district])).toEqual([
      ['Classroom walkthrough', districtId, 'Walkthrough', districtId], ['Coaching observation', districtId, 'Classroom observation', districtId],
    ]);
    for (const form of forms) {
      const items = await itemsOf(form.current_version_id!);
      expect(items.every((i) => i.district_id === districtId && i.lineage_id === i.id)).toBe(true);
      const linked = items.filter((i) => i.skill_id !== null);
      expect(linked.length).toBe(form.name === 'Classroom walkthrough' ? 8 : 7);
      const skills = await t.db.selectFrom('skills').select('district_id').where('id', 'in', linked.map((i) => i.skill_id!)).execute();
      expect(skills).toHaveLength(linked.length);
      expect(skills.every((s) => s.district_id === districtId)).toBe(true);
    }
  });

  it('the migration writes them for a district that existed before it', async () => {
    const districtId = await createDistrict(t.db, { name: 'Aspen Ridge Schools', state: 'CO', planKey: 'professional' });
    // The later migrations on these tables go down first (PostgreSQL will not drop a table another references)
    // and come back after.
    await observationVersionsMigration.down(t.db);
    await calibrationMigration.down(t.db);
    await observationsMigration.down(t.db);
    expect(await t.db.selectFrom('interaction_types').select('id').where('name', '=', 'Walkthrough').execute()).toEqual([]);
    await observationsMigration.up(t.db);
    await calibrationMigration.up(t.db);
    await observationVersionsMigration.up(t.db);
    const admin = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId }));
    const res = await admin.get('/api/observation-form');
    expect(res.body.data.map((f: { name: string; interaction_type: { name: string } }) => [f.name, f.interaction_type.name])).toEqual([
      ['Classroom walkthrough', 'Walkthrough'], ['Coaching observation', 'Classroom observation'],
    ]);
    expect(res.body.data[0].items.filter((i: { skill: unknown }) => i.skill !== null)).toHaveLength(8);
    expect(res.body.data[1].items[2]).toMatchObject({ kind: 'rating', scale: 4, skill: { id: await skillId(districtId, 'Clear learning goals') } });
  });

  it('the demo districts have them: Maple Grove both, Cedar Falls (Essentials) reads the built-in walkthrough', async () => {
    expect(await seedDemo(t.db, { createDistrict, createUser }, new Date('2027-03-26T20:00:00Z'))).toBe(true);
    const districts = await t.db.selectFrom('districts').select(['id', 'name']).orderBy('id').execute();
    const maple = districts.find((d) => d.name.startsWith('Maple Grove'))!;
    const cedar = districts.find((d) => d.name.startsWith('Cedar Falls'))!;
    for (const district of [maple, cedar]) {
      const forms = await t.db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
        .select(['v.name', 'f.archived_at']).where('f.district_id', '=', district.id).orderBy('f.id').execute();
      expect(forms.map((f) => f.name).slice(0, 2)).toEqual(['Classroom walkthrough', 'Coaching observation']);
    }
    const cedarUser = await t.db.selectFrom('users').selectAll().where('district_id', '=', cedar.id).where('status', '=', 'active').executeTakeFirstOrThrow();
    const asCedar = await loginAs(t.app, cedarUser, DEMO_PASSWORD);
    expect((await asCedar.get('/api/observation-form')).body.data.map((f: { name: string }) => f.name)).toEqual(['Classroom walkthrough']);
  }, 120_000);
});
