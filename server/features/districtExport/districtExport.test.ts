import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { DISTRICT_EXPORT_MESSAGES } from '../../../common/schemas/districtExport';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asGuest, bodyAsBytes, createTestApp, csrfHeaders, guestAgent, loginAs, postAs, type TestApp } from '../../testing/app';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../../testing/factories';
import { nowIso } from '../../../db/connection';
import { insertCycle, stagesOfDistrict } from '../../testing/cycles.fixture';
import { insertField, insertInteraction, observationForm, setSharedNotesVisible } from '../../testing/interactions.fixture';
import { buildType } from '../../testing/interactionTypes.fixture';
import { districtExportsSettled, failStaleExports, interruptExportJobs, pruneExpiredExports, runExport, startExportJob } from './job';
import { DRAFTS_TEXT, EXPORT_KINDS, REQUEST_WORDS_TEXT, SHARED_TEXTS_HIDDEN_TEXT } from './kinds';
import { SERVER_TEXTS } from '../../i18n/translate';

let t: TestApp;
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'district-export-test-'));
  t = await createTestApp({ dataDir });
});
afterEach(async () => {
  await districtExportsSettled(t.db);
  await rm(dataDir, { recursive: true, force: true });
});

const PRIVATE = 'PRIVATE-NOTE-ONLY-THE-AUTHOR-READS';

/** Maple (the district exported) with a school, an educator, an interaction with a private note, and Cedar beside it. */
async function world() {
  const maple = await buildDistrict(t.db, { name: 'Maple Grove Schools' });
  const school = await buildBuilding(t.db, maple.id, { name: 'Lincoln Middle' });
  const admin = await buildUser(t.db, { role: 'district-admin', districtId: maple.id, name: 'Ada Admin' });
  const coach = await buildUser(t.db, { role: 'coach', districtId: maple.id, name: 'Casey Coach', buildingIds: [school.id] });
  const educator = await buildUser(t.db, { role: 'educator', districtId: maple.id, name: 'Erin Educator' });
  const jordan = await buildStaff(t.db, { districtId: maple.id, buildingId: school.id, firstName: 'Jordan', lastName: 'Mapleton' });
  const type = await buildType(t, maple.id, { name: 'Coaching conversation' });
  const interaction = await insertInteraction(t.db, {
    districtId: maple.id, typeId: type.id, coachId: coach.id, staff: [{ id: jordan.id }], notes: 'Shared: talked about turn-and-talk', privateNotes: PRIVATE,
  });
  const cedar = await buildDistrict(t.db, { name: 'Cedar Falls District' });
  const cedarSchool = await buildBuilding(t.db, cedar.id, { name: 'Cedar Only Academy' });
  const cedarAdmin = await buildUser(t.db, { role: 'district-admin', districtId: cedar.id, name: 'Cedric Cedaradmin' });
  const cedarCoach = await buildUser(t.db, { role: 'coach', districtId: cedar.id, name: 'Cora Cedarcoach' });
  const cedarType = await buildType(t, cedar.id, { name: 'Cedar conversation' });
  const cedarStaff = await buildStaff(t.db, { districtId: cedar.id, buildingId: cedarSchool.id, firstName: 'Quincy', lastName: 'Cedarwood' });
  await insertInteraction(t.db, { districtId: cedar.id, typeId: cedarType.id, coachId: cedarCoach.id, staff: [{ id: cedarStaff.id }], notes: 'Cedar notes only' });
  return { maple, school, admin, coach, educator, jordan, type, interaction, cedar, cedarAdmin };
}

type World = Awaited<ReturnType<typeof world>>;

async function started(w: World) {
  const agent = await loginAs(t.app, w.admin);
  const res = await postAs(agent, '/api/district/export');
  expect(res.status).toBe(202);
  await districtExportsSettled(t.db);
  return { agent, id: res.body.id as number };
}

const unzipText = (bytes: Buffer) => {
  const files = unzipSync(new Uint8Array(bytes));
  return { files, text: (name: string) => Buffer.from(files[name]!).toString('utf8') };
};

describe('POST /api/district/export', () => {
  it('401 for a guest', async () => {
    expect((await asGuest(t.app, 'post', '/api/district/export')).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const w = await world();
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.post('/api/district/export').send({})).status).toBe(419);
    expect(await t.db.selectFrom('district_exports').selectAll().execute()).toEqual([]);
  });

  it('403 for a coach, a principal and an educator (manage settings only), nothing queued', async () => {
    const w = await world();
    for (const user of [w.coach, w.educator, await buildUser(t.db, { role: 'building-admin', districtId: w.maple.id, buildingIds: [w.school.id] })]) {
      const res = await postAs(await loginAs(t.app, user), '/api/district/export');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(DISTRICT_EXPORT_MESSAGES.needsPermission);
    }
    expect(await t.db.selectFrom('district_exports').selectAll().execute()).toEqual([]);
  });

  it('403 for provider staff impersonating the district administrator: they never start or download one', async () => {
    const w = await world();
    const { id } = await started(w);
    const staff = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin', name: 'Sam Support' }));
    expect((await staff.post('/api/auth/impersonate').set(csrfHeaders(staff)).send({ user_id: w.admin.id })).status).toBe(200);
    const start = await postAs(staff, '/api/district/export');
    expect(start.status).toBe(403);
    expect(start.body.message).toBe(DISTRICT_EXPORT_MESSAGES.impersonated);
    const download = await staff.get(`/api/district/export/${id}/download`);
    expect(download.status).toBe(403);
    expect(download.body.message).toBe(DISTRICT_EXPORT_MESSAGES.impersonated);
    // Reading the status is allowed (support sees what happened).
    expect((await staff.get(`/api/district/export/${id}`)).status).toBe(200);
    expect(await t.db.selectFrom('district_exports').select('id').execute()).toHaveLength(1);
  });

  it('202 { id }, then the job writes it: ready with its progress, size, 7 days of expiry, a download URL, an audit row and an email', async () => {
    const w = await world();
    const agent = await loginAs(t.app, w.admin);
    const res = await postAs(agent, '/api/district/export');
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: expect.any(Number) });
    await districtExportsSettled(t.db);
    const status = await agent.get(`/api/district/export/${res.body.id}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      id: res.body.id, status: 'ready', download_url: `/api/district/export/${res.body.id}/download`, kinds_done: EXPORT_KINDS.length,
      kinds_total: EXPORT_KINDS.length, error: null, expired: false, requested_by: { id: w.admin.id, name: 'Ada Admin' },
    });
    expect(status.body.rows_done).toBeGreaterThan(5);
    expect(status.body.size_bytes).toBeGreaterThan(1000);
    expect(Date.parse(status.body.expires_at) - Date.parse(status.body.finished_at)).toBe(7 * 24 * 60 * 60_000);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'actor_id', 'subject_type', 'subject_id', 'details'])
      .where('action', 'like', 'district_export%').execute();
    expect(audit).toEqual([{ action: 'district_export_requested', actor_id: w.admin.id, subject_type: 'district', subject_id: w.maple.id, details: JSON.stringify({ export_id: res.body.id }) }]);
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]).toMatchObject({ to: w.admin.email, subject: 'Your district export is ready', link: 'http://coachwell.test/app/settings/export-import' });
    expect(t.mailer.sent[0]!.text).toContain('Maple Grove Schools');
    const list = await agent.get('/api/district/exports');
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { id: number }) => e.id)).toEqual([res.body.id]);
  });

  it('409 while another export of the district is being written; Cedar may start its own', async () => {
    const w = await world();
    await t.db.insertInto('district_exports').values({ district_id: w.maple.id, requested_by: w.admin.id, status: 'running', heartbeat_at: new Date().toISOString(), created_at: new Date().toISOString() }).execute();
    const res = await postAs(await loginAs(t.app, w.admin), '/api/district/export');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(DISTRICT_EXPORT_MESSAGES.alreadyRunning);
    expect((await postAs(await loginAs(t.app, w.cedarAdmin), '/api/district/export')).status).toBe(202);
  });

  it('the database holds one unfinished export per district (migration 0176\'s partial unique index); finished ones do not count', async () => {
    const w = await world();
    const row = (status: 'queued' | 'running' | 'ready' | 'failed') => t.db.insertInto('district_exports')
      .values({ district_id: w.maple.id, requested_by: w.admin.id, status, created_at: new Date().toISOString() }).execute();
    await row('ready');
    await row('failed');
    await row('queued');
    await expect(row('running')).rejects.toThrow();
    expect((await t.db.selectFrom('district_exports').select('status').orderBy('id').execute()).map((r) => r.status)).toEqual(['ready', 'failed', 'queued']);
  });

  it('429 past three starts an hour, with its message', async () => {
    await rm(dataDir, { recursive: true, force: true });
    dataDir = await mkdtemp(join(tmpdir(), 'district-export-test-'));
    t = await createTestApp({ dataDir, rateLimits: true });
    const w = await world();
    const agent = await loginAs(t.app, w.admin);
    for (let i = 0; i < 3; i++) {
      expect((await postAs(agent, '/api/district/export')).status).toBe(202);
      await districtExportsSettled(t.db);
    }
    const res = await postAs(agent, '/api/district/export');
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(DISTRICT_EXPORT_MESSAGES.tooMany);
    expect(await t.db.selectFrom('district_exports').select('id').execute()).toHaveLength(3);
  });
});

describe('the zip', () => {
  it('holds a CSV and a JSON of every kind and a README naming each file and column; private notes and other districts absent', async () => {
    const w = await world();
    const { agent, id } = await started(w);
    const res = await bodyAsBytes(agent.get(`/api/district/export/${id}/download`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+-all-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const { files, text } = unzipText(res.body);
    const expected = ['README.md', ...EXPORT_KINDS.flatMap((k) => [`${k.file}.csv`, `${k.file}.json`])];
    expect(Object.keys(files).sort()).toEqual(expected.sort());
    const readme = text('README.md');
    for (const kind of EXPORT_KINDS) {
      expect(readme).toContain(`### ${kind.file}.csv, ${kind.file}.json`);
      for (const [column] of kind.columns) expect(readme, `${kind.file}.${column}`).toContain(`- \`${column}\`: `);
      // Each file's header is exactly the README's columns, and the JSON has the same rows.
      const csv = text(`${kind.file}.csv`);
      expect(csv.split('\r\n')[0]).toBe(`\uFEFF${kind.columns.map(([c]) => `"${c}"`).join(',')}`);
      const json = JSON.parse(text(`${kind.file}.json`)) as Record<string, unknown>[];
      expect(csv.split('\r\n').length - 2, kind.file).toBe(json.length);
      for (const row of json) expect(Object.keys(row)).toEqual(kind.columns.map(([c]) => c));
    }
    expect(readme).toContain('Private notes belong to their authors; each person\'s own export holds theirs.');
    const interactions = JSON.parse(text('interactions.json')) as Record<string, unknown>[];
    expect(interactions).toEqual([expect.objectContaining({ id: w.interaction.id, notes: 'Shared: talked about turn-and-talk', coach_id: w.coach.id })]);
    expect(JSON.parse(text('educators.json'))).toEqual([expect.objectContaining({ id: w.jordan.id, last_name: 'Mapleton' })]);
    expect(JSON.parse(text('district.json'))).toEqual([expect.objectContaining({ id: w.maple.id, name: 'Maple Grove Schools' })]);
    const users = JSON.parse(text('users.json')) as { name: string; roles: string }[];
    expect(users.find((u) => u.name === 'Ada Admin')?.roles).toBe('District administrator');
    expect(Object.keys(users[0]!)).not.toContain('password_hash');
    // Grep every file of the zip.
    const everything = Object.keys(files).map(text).join('\n');
    expect(everything).not.toContain(PRIVATE);
    expect(everything).not.toContain('private_notes');
    for (const cedar of ['Cedar Falls District', 'Cedar Only Academy', 'Cedaradmin', 'Cedarcoach', 'Cedarwood', 'Cedar conversation', 'Cedar notes only']) {
      expect(everything, cedar).not.toContain(cedar);
    }
  });

  it('download: an audit row; only an administrator of that district (a coach 403, Cedar\'s administrator 404)', async () => {
    const w = await world();
    const { agent, id } = await started(w);
    expect((await bodyAsBytes(agent.get(`/api/district/export/${id}/download`))).status).toBe(200);
    const coach = await loginAs(t.app, w.coach);
    expect((await coach.get(`/api/district/export/${id}/download`)).status).toBe(403);
    const cedar = await loginAs(t.app, w.cedarAdmin);
    const other = await cedar.get(`/api/district/export/${id}/download`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(DISTRICT_EXPORT_MESSAGES.notFound);
    expect((await cedar.get(`/api/district/export/${id}`)).status).toBe(404);
    expect((await cedar.get('/api/district/exports')).body).toEqual({ data: [] });
    expect((await (await guestAgent(t.app)).get(`/api/district/export/${id}/download`)).status).toBe(401);
    expect((await agent.get('/api/district/export/abc')).status).toBe(404);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'actor_id']).where('action', '=', 'district_export_downloaded').execute();
    expect(audit).toEqual([{ action: 'district_export_downloaded', actor_id: w.admin.id }]);
  });

  it('expiry: the hourly prune deletes the file, the row says expired, the download is 410', async () => {
    const w = await world();
    const { agent, id } = await started(w);
    const row = await t.db.selectFrom('district_exports').select(['file_path']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(existsSync(join(dataDir, row.file_path!))).toBe(true);
    await t.db.updateTable('district_exports').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    expect(await pruneExpiredExports(t.db, dataDir)).toBe(1);
    expect(existsSync(join(dataDir, row.file_path!))).toBe(false);
    const res = await agent.get(`/api/district/export/${id}/download`);
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('This export has expired. Start a new one.');
    const status = await agent.get(`/api/district/export/${id}`);
    expect(status.body).toMatchObject({ status: 'ready', expired: true });
    expect(status.body.download_url).toBeUndefined();
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'district_export_downloaded').execute()).toEqual([]);
  });

  it('the prune also deletes files no export holds once an hour old (a dead process\'s zip or staging file), never a held or younger one', async () => {
    const w = await world();
    const { id } = await started(w);
    const held = (await t.db.selectFrom('district_exports').select('file_path').where('id', '=', id).executeTakeFirstOrThrow()).file_path!;
    const folder = join(dataDir, 'exports');
    await writeFile(join(folder, 'district-1-99-abc.zip'), 'partial');
    await writeFile(join(folder, 'coachwell-export-1-abc.json'), '[');
    await writeFile(join(folder, 'district-1-100-new.zip'), 'being written');
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    for (const name of ['district-1-99-abc.zip', 'coachwell-export-1-abc.json', held.slice('exports/'.length)]) await utimes(join(folder, name), old, old);
    expect(await pruneExpiredExports(t.db, dataDir)).toBe(0);
    expect((await readdir(folder)).sort()).toEqual([held.slice('exports/'.length), 'district-1-100-new.zip'].sort());
  });

  it('the prune deletes an hour-old file a failed export still names (rows failed before their files were deleted); a ready one\'s stays', async () => {
    const w = await world();
    const { id } = await started(w);
    const held = (await t.db.selectFrom('district_exports').select('file_path').where('id', '=', id).executeTakeFirstOrThrow()).file_path!;
    const folder = join(dataDir, 'exports');
    const stale = join('exports', 'district-1-98-crashed.zip');
    await writeFile(join(dataDir, stale), 'partial');
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    await t.db.insertInto('district_exports').values({
      district_id: w.maple.id, requested_by: w.admin.id, status: 'failed', error: DISTRICT_EXPORT_MESSAGES.interrupted, file_path: stale, created_at: old.toISOString(),
    }).execute();
    for (const name of [stale, held]) await utimes(join(dataDir, name), old, old);
    await pruneExpiredExports(t.db, dataDir);
    expect(await readdir(folder)).toEqual([held.slice('exports/'.length)]);
  });
});

/** The texts the app keeps from administrators, each written once in Maple (the world's interaction has its shared note). */
const TEXTS = {
  nextSteps: 'NEXT-STEPS-TRY-COLD-CALLING', fieldText: 'FIELD-TEXT-ANSWER-ROUTINES', cycleNote: 'CYCLE-NOTE-BODY-WAIT-TIME',
  obsNotes: 'OBSERVATION-SHARED-NOTES-GROUPS', obsNextSteps: 'OBSERVATION-NEXT-STEPS-EXIT-TICKETS', obsAnswer: 'OBSERVATION-TEXT-ANSWER-TALK-MOVES',
  obsEvidence: 'OBSERVATION-EVIDENCE-SEEN-AT-TABLE-3', draftAnswer: 'DRAFT-ANSWER-ONLY-THE-OBSERVER', draftNotes: 'DRAFT-NOTES-ONLY-THE-OBSERVER',
  requestMessage: 'REQUEST-MESSAGE-I-AM-STRUGGLING', requestTimes: 'REQUEST-TIMES-TUESDAY-AFTERNOONS', passNote: 'PASS-NOTE-DANA-KNOWS-THIS',
} as const;

/** Shared texts of every kind, a completed observation and a draft, and a coaching request passed on with a note. */
async function textsWorld(w: World) {
  const textField = await insertField(t.db, { districtId: w.maple.id, typeId: w.type.id, label: 'What we focused on', kind: 'long_text' });
  const numberField = await insertField(t.db, { districtId: w.maple.id, typeId: w.type.id, label: 'Students observed', kind: 'number', sortOrder: 2 });
  const interaction = await insertInteraction(t.db, {
    districtId: w.maple.id, typeId: w.type.id, coachId: w.coach.id, staff: [{ id: w.jordan.id }], nextSteps: TEXTS.nextSteps,
    values: [{ fieldId: textField.id, value: TEXTS.fieldText }, { fieldId: numberField.id, value: 24 }],
  });
  const [stage] = await stagesOfDistrict(t.db, w.maple.id);
  const cycle = await insertCycle(t.db, { districtId: w.maple.id, coachId: w.coach.id, staffIds: [w.jordan.id], stageId: stage!.id });
  const now = nowIso();
  const cycleNote = await t.db.insertInto('coaching_cycle_notes').values({
    district_id: w.maple.id, cycle_id: cycle.id, author_id: w.coach.id, body: TEXTS.cycleNote, created_at: now, updated_at: now, deleted_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  const form = await observationForm(t.db, w.maple.id, 'Classroom walkthrough');
  const lookFor = form.items.find((i) => i.kind === 'look_for')!;
  const text = form.items.find((i) => i.kind === 'text')!;
  const observation = (status: 'draft' | 'completed', notes: string, nextSteps: string | null) => t.db.insertInto('observations').values({
    district_id: w.maple.id, form_id: form.id, version_id: form.versionId, staff_id: w.jordan.id, observer_id: w.coach.id, interaction_id: null,
    building_id: w.school.id, status, observed_at: now, duration_minutes: 20, notes, private_notes: null, next_steps: nextSteps, calibration_id: null,
    share_answers: 0, share_notes: 0, shared_at: null, shared_by: null, acknowledged_at: null, reflection: null, created_at: now, updated_at: now,
    deleted_at: null, client_id: null,
  }).returning('id').executeTakeFirstOrThrow();
  const completed = await observation('completed', TEXTS.obsNotes, TEXTS.obsNextSteps);
  const draft = await observation('draft', TEXTS.draftNotes, null);
  await t.db.insertInto('observation_answers').values([
    { district_id: w.maple.id, observation_id: completed.id, item_id: lookFor.id, value: JSON.stringify('yes'), evidence: TEXTS.obsEvidence },
    { district_id: w.maple.id, observation_id: completed.id, item_id: text.id, value: JSON.stringify(TEXTS.obsAnswer), evidence: null },
    { district_id: w.maple.id, observation_id: draft.id, item_id: text.id, value: JSON.stringify(TEXTS.draftAnswer), evidence: null },
  ]).execute();
  const request = await t.db.insertInto('coaching_requests').values({
    district_id: w.maple.id, staff_id: w.jordan.id, requested_by_user_id: w.educator.id, topic: 'Questioning', message: TEXTS.requestMessage,
    preferred_times: TEXTS.requestTimes, status: 'passed', interaction_id: null, accepted_by_user_id: null, accepted_at: null, pass_note: TEXTS.passNote,
    passed_by_user_id: w.coach.id, passed_at: now, withdrawn_at: null, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return { interaction, textField, numberField, cycleNote, completed, draft, lookFor, text, request };
}

async function zipOf(w: World) {
  const { agent, id } = await started(w);
  const res = await bodyAsBytes(agent.get(`/api/district/export/${id}/download`));
  expect(res.status).toBe(200);
  const { files, text } = unzipText(res.body);
  return { text, json: (file: string) => JSON.parse(text(`${file}.json`)) as Record<string, unknown>[], everything: Object.keys(files).map(text).join('\n') };
}

describe('the zip follows the app\'s privacy rules', () => {
  it('"Shared notes visible to administrators" off: every shared text is exported empty, its row and column kept, and the README says so', async () => {
    const w = await world();
    const x = await textsWorld(w);
    await setSharedNotesVisible(t.db, w.maple.id, false);
    const zip = await zipOf(w);
    for (const [name, value] of Object.entries(TEXTS)) expect(zip.everything, name).not.toContain(value);
    expect(zip.everything).not.toContain('Shared: talked about turn-and-talk');
    const interactions = zip.json('interactions');
    expect(interactions.map((r) => [r.id, r.notes, r.next_steps])).toEqual([[w.interaction.id, null, null], [x.interaction.id, null, null]]);
    // Numbers and choices stay (reports need them); the free-text answer is empty.
    expect(zip.json('interaction_field_values').map((r) => [r.field_id, r.value])).toEqual([[x.textField.id, null], [x.numberField.id, '24']]);
    expect(zip.json('coaching_cycle_notes')).toEqual([expect.objectContaining({ id: x.cycleNote.id, author_id: w.coach.id, body: null })]);
    expect(zip.json('observations')).toEqual([expect.objectContaining({ id: x.completed.id, status: 'completed', notes: null, next_steps: null })]);
    expect(zip.json('observation_answers')).toEqual([
      { observation_id: x.completed.id, item_id: Math.min(x.lookFor.id, x.text.id), value: x.lookFor.id < x.text.id ? '"yes"' : null, evidence: null },
      { observation_id: x.completed.id, item_id: Math.max(x.lookFor.id, x.text.id), value: x.lookFor.id < x.text.id ? null : '"yes"', evidence: null },
    ]);
    expect(zip.json('coaching_requests')).toEqual([expect.objectContaining({ id: x.request.id, topic: 'Questioning', status: 'passed', passed_by_user_id: w.coach.id })]);
    const readme = zip.text('README.md');
    expect(readme).toContain(`- ${SHARED_TEXTS_HIDDEN_TEXT}`);
    expect(readme).toContain('"Shared notes visible to administrators" is off');
    const csv = zip.text('interactions.csv');
    expect(csv.split('\r\n')[0]).toContain('"notes","next_steps"');
  });

  it('the setting on (the default): the shared texts are there; a request\'s words and a draft never are, and the README says why', async () => {
    const w = await world();
    const x = await textsWorld(w);
    const zip = await zipOf(w);
    for (const text of [TEXTS.nextSteps, TEXTS.fieldText, TEXTS.cycleNote, TEXTS.obsNotes, TEXTS.obsNextSteps, TEXTS.obsAnswer, TEXTS.obsEvidence]) {
      expect(zip.everything, text).toContain(text);
    }
    expect(zip.json('interactions').find((r) => r.id === w.interaction.id)?.notes).toBe('Shared: talked about turn-and-talk');
    expect(zip.json('coaching_cycle_notes')).toEqual([expect.objectContaining({ id: x.cycleNote.id, body: TEXTS.cycleNote })]);
    for (const text of [TEXTS.requestMessage, TEXTS.requestTimes, TEXTS.passNote, TEXTS.draftAnswer, TEXTS.draftNotes]) expect(zip.everything, text).not.toContain(text);
    const [request] = zip.json('coaching_requests');
    expect(request).toMatchObject({ id: x.request.id, topic: 'Questioning', status: 'passed' });
    for (const column of ['message', 'preferred_times', 'pass_note']) expect(Object.keys(request!)).not.toContain(column);
    // The draft and its answer are not in the files at all; the completed observation is.
    expect(zip.json('observations').map((r) => r.id)).toEqual([x.completed.id]);
    expect(zip.json('observation_answers').map((r) => r.observation_id)).toEqual([x.completed.id, x.completed.id]);
    const readme = zip.text('README.md');
    expect(readme).not.toContain(SHARED_TEXTS_HIDDEN_TEXT);
    expect(readme).toContain(`- ${REQUEST_WORDS_TEXT}`);
    expect(readme).toContain(`- ${DRAFTS_TEXT}`);
  });
});

describe('the job', () => {
  it('an export whose process died (no heartbeat for a minute) is failed as interrupted, its partial file deleted; a live one is left', async () => {
    const w = await world();
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    const folder = join(dataDir, 'exports');
    await mkdir(folder, { recursive: true });
    const deadFile = join('exports', 'district-1-7-dead.zip');
    const liveFile = join('exports', 'district-2-8-live.zip');
    await writeFile(join(dataDir, deadFile), 'partial');
    await writeFile(join(dataDir, liveFile), 'being written');
    const dead = await t.db.insertInto('district_exports').values({ district_id: w.maple.id, requested_by: w.admin.id, status: 'running', heartbeat_at: old, created_at: old, file_path: deadFile }).returning('id').executeTakeFirstOrThrow();
    const live = await t.db.insertInto('district_exports').values({ district_id: w.cedar.id, requested_by: w.cedarAdmin.id, status: 'running', heartbeat_at: new Date().toISOString(), created_at: old, file_path: liveFile }).returning('id').executeTakeFirstOrThrow();
    expect(await failStaleExports(t.db, dataDir)).toBe(1);
    const rows = await t.db.selectFrom('district_exports').select(['id', 'status', 'error', 'file_path']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: dead.id, status: 'failed', error: DISTRICT_EXPORT_MESSAGES.interrupted, file_path: null },
      { id: live.id, status: 'running', error: null, file_path: liveFile },
    ]);
    expect(await readdir(folder)).toEqual(['district-2-8-live.zip']);
    expect(await failStaleExports(t.db, dataDir)).toBe(0);
    const status = await (await loginAs(t.app, w.admin)).get(`/api/district/export/${dead.id}`);
    expect(status.body).toMatchObject({ status: 'failed', error: DISTRICT_EXPORT_MESSAGES.interrupted });
    expect(status.body.download_url).toBeUndefined();
  });

  it('shutdown: an export this process is writing is failed as interrupted at once, and no file is left', async () => {
    const w = await world();
    const queued = await t.db.insertInto('district_exports').values({ district_id: w.maple.id, requested_by: w.admin.id, status: 'queued', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    startExportJob({ db: t.db, dataDir, appUrl: 'http://coachwell.test', mailer: t.mailer, log: () => {} }, queued.id);
    await interruptExportJobs(t.db, dataDir);
    await districtExportsSettled(t.db);
    const row = await t.db.selectFrom('district_exports').select(['status', 'error', 'file_path']).where('id', '=', queued.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error: DISTRICT_EXPORT_MESSAGES.interrupted, file_path: null });
    expect(await readdir(join(dataDir, 'exports')).catch(() => [])).toEqual([]);
    expect(t.mailer.sent.map((m) => m.subject)).not.toContain('Your district export is ready');
  });

  it('a failure: the row failed with its message, no file left, the download 409, an email saying so', async () => {
    const w = await world();
    const agent = await loginAs(t.app, w.admin);
    const queued = await t.db.insertInto('district_exports').values({ district_id: w.maple.id, requested_by: w.admin.id, status: 'queued', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    // A data folder that cannot hold the exports folder (a file in its place).
    const blocked = join(dataDir, 'blocked');
    await rm(blocked, { force: true });
    await writeFile(blocked, 'not a folder');
    await runExport({ db: t.db, dataDir: blocked, appUrl: 'http://coachwell.test', mailer: t.mailer, log: () => {} }, queued.id);
    const row = await t.db.selectFrom('district_exports').select(['status', 'error', 'file_path']).where('id', '=', queued.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error: DISTRICT_EXPORT_MESSAGES.failed, file_path: null });
    const res = await agent.get(`/api/district/export/${queued.id}/download`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(DISTRICT_EXPORT_MESSAGES.failedNoDownload);
    expect(t.mailer.sent.map((m) => m.subject)).toEqual(['Your district export failed']);
    expect(await readdir(dataDir)).toEqual(['blocked']);
  });
});

describe('the README in the reader\'s language (issue 33)', () => {
  it('every kind\'s sentence and every column\'s meaning has Spanish', () => {
    const es = SERVER_TEXTS.es;
    const left = EXPORT_KINDS.flatMap((k) => [k.about, ...k.columns.map(([, text]) => text)]).filter((text) => !(text in es));
    expect(left).toEqual([]);
  });

  it('asked for by a Spanish-speaking administrator: the README is Spanish; file and column names, and the files, stay as they are', async () => {
    const w = await world();
    await t.db.updateTable('users').set({ locale: 'es' }).where('id', '=', w.admin.id).execute();
    const zip = await zipOf(w);
    const readme = zip.text('README.md');
    expect(readme).toMatch(/^# Maple Grove Schools: todos los datos del distrito\n\nExportado de Coachwell el \d{4}-\d{2}-\d{2}T[\d:.]+Z \(UTC\)\.\n/);
    expect(readme).toContain('\n## Lo que no está en esta exportación\n');
    expect(readme).toContain('- Las notas privadas no se incluyen. Las notas privadas pertenecen a sus autores; la exportación propia de cada persona contiene las suyas.');
    expect(readme).toContain('\n## Archivos\n');
    expect(readme).toContain('### district.csv, district.json (1 fila)\n\nEl distrito mismo: una fila.\n');
    expect(readme).toContain('- `slug`: El nombre corto de su dirección de inicio de sesión.\n');
    expect(readme).toContain('- `staff_id`: El/la educador/a (archivo educators, id).\n');
    for (const kind of EXPORT_KINDS) for (const [column] of kind.columns) expect(readme, `${kind.file}.${column}`).toContain(`- \`${column}\`: `);
    for (const english of ['all district data', 'Exported from Coachwell', 'Not in this export', 'The district itself', 'The short name in its sign-in address.']) {
      expect(readme).not.toContain(english);
    }
    // The files themselves are the same in any language (column names are re-imported).
    expect(zip.text('district.csv').split('\r\n')[0]).toBe(`\uFEFF${EXPORT_KINDS[0]!.columns.map(([c]) => `"${c}"`).join(',')}`);
  });

  it('nobody to ask (the requester is gone): the README is in the district\'s language; an English-speaking administrator of a Spanish district reads English', async () => {
    const w = await world();
    await t.db.updateTable('districts').set({ settings: JSON.stringify({ language: 'es' }) }).where('id', '=', w.maple.id).execute();
    const queued = await t.db.insertInto('district_exports').values({ district_id: w.maple.id, requested_by: null, status: 'queued', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    await runExport({ db: t.db, dataDir, appUrl: 'http://coachwell.test', mailer: t.mailer, log: () => {} }, queued.id);
    const row = await t.db.selectFrom('district_exports').select(['status', 'file_path']).where('id', '=', queued.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('ready');
    expect(unzipText(await readFile(join(dataDir, row.file_path!))).text('README.md')).toMatch(/^# Maple Grove Schools: todos los datos del distrito\n/);

    await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', w.admin.id).execute();
    const readme = (await zipOf(w)).text('README.md');
    expect(readme).toMatch(/^# Maple Grove Schools: all district data\n/);
    expect(readme).toContain('### district.csv, district.json (1 row)\n\nThe district itself: one row.\n');
  });
});
