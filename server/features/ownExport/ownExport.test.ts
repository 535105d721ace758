// GET /api/me/export (issue 32, item 2): a person's own data as a zip.
import { unzipSync, strFromU8 } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../../db/connection';
import { appWith, bodyAsBytes, createTestApp, loginAs, type TestAgent, type TestApp } from '../../testing/app';
import { itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import { buildInteractionsWorld, impersonatingAgent, insertInteraction, observationForm, type InteractionsWorld } from '../../testing/interactions.fixture';
import { OWN_KINDS } from './kinds';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

async function exportOf(agent: TestAgent) {
  const res = await bodyAsBytes(agent.get('/api/me/export'));
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(res.body as Buffer));
  const json = (name: string) => JSON.parse(strFromU8(files[`${name}.json`]!)) as Record<string, unknown>[];
  const all = Object.values(files).map((f) => strFromU8(f)).join('\n');
  return { res, files, json, all };
}

describe('GET /api/me/export', () => {
  itRequiresLogin(() => t.app, 'get', '/api/me/export');

  it('403 while impersonating: only the person themself downloads their data', async () => {
    const res = await (await impersonatingAgent(t, w.teacher.id)).get('/api/me/export');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only the person themself can download their data. Stop impersonating first.');
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'own_data_exported').execute()).toEqual([]);
  });

  it('a zip attachment with the README and every kind as CSV and JSON, audited', async () => {
    const { res, files } = await exportOf(await loginAs(t.app, w.coach));
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="coachwell-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Object.keys(files).sort()).toEqual(['README.md', ...OWN_KINDS.flatMap((k) => [`${k.name}.csv`, `${k.name}.json`])].sort());
    const readme = strFromU8(files['README.md']!);
    for (const kind of OWN_KINDS) expect(readme).toContain(`## ${kind.name}.csv / ${kind.name}.json`);
    const audits = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'own_data_exported').execute();
    expect(audits).toEqual([expect.objectContaining({ actor_id: w.coach.id, district_id: w.district.id, subject_type: 'user', subject_id: w.coach.id })]);
  });

  it('holds the interactions the person logged with their own private notes, never another author\'s', async () => {
    await insertInteraction(t.db, {
      districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, staff: [{ id: w.jordan.id }], notes: 'Shared: questioning', privateNotes: 'Coach only: nervous',
    });
    // Logged by the administrator for the coach: its private notes are the administrator's.
    await insertInteraction(t.db, {
      districtId: w.district.id, typeId: w.checkIn.id, coachId: w.coach.id, createdBy: w.admin.id, staff: [{ id: w.ana.id }], notes: 'Admin logged', privateNotes: 'Admin private',
    });
    const coach = await exportOf(await loginAs(t.app, w.coach));
    const logged = coach.json('interactions_you_logged');
    expect(logged.map((r) => [r.notes, r.private_notes, r.logged_by_you, r.educators])).toEqual([
      ['Shared: questioning', 'Coach only: nervous', 'yes', 'Jordan Ellis'],
      ['Admin logged', null, 'no', 'Ana Alvarez'],
    ]);
    expect(coach.all).not.toContain('Admin private');
    // The other district's interaction never appears.
    expect(coach.all).not.toContain('Cedar notes');

    // The educator who took part: the shared notes, no private notes at all.
    const teacher = await exportOf(await loginAs(t.app, w.teacher));
    expect(teacher.json('interactions_about_you')).toEqual([expect.objectContaining({ notes: 'Shared: questioning', coach: w.coach.name, educators: 'Jordan Ellis' })]);
    expect(teacher.all).not.toContain('Coach only: nervous');
    expect(teacher.all).not.toContain('Admin logged');
    expect(teacher.json('interactions_you_logged')).toEqual([]);
    expect(teacher.json('staff_record')).toEqual([expect.objectContaining({ id: w.jordan.id, first_name: 'Jordan', last_name: 'Ellis' })]);
  });

  it('an observation of the educator: the answers and notes only as shared with them, the observer\'s private notes never', async () => {
    const form = await observationForm(t.db, w.district.id, 'Classroom walkthrough');
    const now = nowIso();
    const insert = (shared: boolean, notes: string) => t.db.insertInto('observations').values({
      district_id: w.district.id, form_id: form.id, version_id: form.versionId, staff_id: w.jordan.id, observer_id: w.coach.id, interaction_id: null,
      building_id: w.lincoln.id, status: 'completed', observed_at: now, duration_minutes: 30, notes, private_notes: `${notes} private`, next_steps: null,
      calibration_id: null, share_answers: shared ? 1 : 0, share_notes: shared ? 1 : 0, shared_at: shared ? now : null, shared_by: shared ? w.coach.id : null,
      acknowledged_at: null, reflection: null, created_at: now, updated_at: now, deleted_at: null, client_id: null,
    }).returning('id').executeTakeFirstOrThrow();
    const shared = await insert(true, 'Shared obs');
    await insert(false, 'Unshared obs');
    await t.db.insertInto('observation_answers').values({ observation_id: shared.id, item_id: form.items[0]!.id, district_id: w.district.id, value: JSON.stringify('yes'), evidence: 'seen' }).execute();
    const teacher = await exportOf(await loginAs(t.app, w.teacher));
    const about = teacher.json('observations_about_you');
    expect(about.map((o) => [o.notes, o.answers])).toEqual([['Shared obs', JSON.stringify({ [form.items[0]!.label]: 'yes' })], [null, null]]);
    expect(teacher.all).not.toContain('obs private');
    expect(teacher.all).not.toContain('Unshared obs');
    const coach = await exportOf(await loginAs(t.app, w.coach));
    expect(coach.json('observations_you_made').map((o) => o.private_notes)).toEqual(['Shared obs private', 'Unshared obs private']);
    expect(coach.json('observation_answers_you_gave')).toEqual([{ observation_id: shared.id, item: form.items[0]!.label, value: JSON.stringify('yes'), evidence: 'seen' }]);
  });

  it('a coaching request: the educator\'s own, and the pass note only in the export of the coach who wrote it', async () => {
    const now = nowIso();
    await t.db.insertInto('coaching_requests').values({
      district_id: w.district.id, staff_id: w.jordan.id, requested_by_user_id: w.teacher.id, topic: 'Questioning', message: 'Help with wait time', preferred_times: null,
      status: 'passed', interaction_id: null, accepted_by_user_id: null, accepted_at: null, pass_note: 'Dana knows this best', passed_by_user_id: w.coach.id,
      passed_at: now, withdrawn_at: null, created_at: now, updated_at: now,
    }).execute();
    const teacher = await exportOf(await loginAs(t.app, w.teacher));
    expect(teacher.json('coaching_requests')).toEqual([expect.objectContaining({ your_part: 'asked by you', message: 'Help with wait time', pass_note: null })]);
    expect(teacher.all).not.toContain('Dana knows this best');
    const coach = await exportOf(await loginAs(t.app, w.coach));
    expect(coach.json('coaching_requests')).toEqual([expect.objectContaining({ your_part: 'passed on by you', pass_note: 'Dana knows this best' })]);
    expect((await exportOf(await loginAs(t.app, w.coach2))).json('coaching_requests')).toEqual([]);
  });

  it('provider staff download their own account', async () => {
    const staff = await buildUser(t.db, { role: 'provider-admin', name: 'Pat Provider' });
    const { json } = await exportOf(await loginAs(t.app, staff));
    expect(json('profile')).toEqual([expect.objectContaining({ id: staff.id, name: 'Pat Provider', district: null })]);
    expect(json('interactions_you_logged')).toEqual([]);
  });
});

describe('GET /api/me/export rate limit', () => {
  it('429 with its message past 3 downloads an hour', async () => {
    const limited = await createTestApp({ rateLimits: true });
    const user = await buildUser(limited.db, { role: 'coach' });
    const agent = await loginAs(limited.app, user);
    for (let i = 0; i < 3; i++) expect((await bodyAsBytes(agent.get('/api/me/export'))).status).toBe(200);
    const res = await agent.get('/api/me/export');
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('You have downloaded your data several times this hour. Try again in an hour.');
    expect(await limited.db.selectFrom('audit_log').select('id').where('action', '=', 'own_data_exported').execute()).toHaveLength(3);
  });
});
