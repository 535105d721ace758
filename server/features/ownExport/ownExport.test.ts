// GET /api/me/export (issue 32, item 2): a person's own data as a zip.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nowIso } from '../../../db/connection';
import { appWith, bodyAsBytes, createTestApp, loginAs, type TestAgent, type TestApp } from '../../testing/app';
import { itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import { buildInteractionsWorld, impersonatingAgent, insertInteraction, observationForm, type InteractionsWorld } from '../../testing/interactions.fixture';
import { ExportZip } from '../../lib/exportZip';
import { READ_LOG_OFF_NOTE } from './export';
import { OWN_KINDS } from './kinds';
import { SERVER_TEXTS } from '../../i18n/translate';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});
afterEach(() => { vi.restoreAllMocks(); });

async function exportOf(agent: TestAgent) {
  const res = await bodyAsBytes(agent.get('/api/me/export'));
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(res.body as Buffer));
  const json = (name: string) => JSON.parse(strFromU8(files[`${name}.json`]!)) as Record<string, unknown>[];
  const all = Object.values(files).map((f) => strFromU8(f)).join('\n');
  return { res, files, json, all };
}

/** A promise and the function that resolves it (Node 20 has no Promise.withResolvers). */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
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
    const unshared = await insert(false, 'Unshared obs');
    await t.db.insertInto('observation_answers').values({ observation_id: shared.id, item_id: form.items[0]!.id, district_id: w.district.id, value: JSON.stringify('yes'), evidence: 'seen' }).execute();
    const teacher = await exportOf(await loginAs(t.app, w.teacher));
    // Only the shared one, as the app shows the educator (an unshared observation of them is not there at all).
    const about = teacher.json('observations_about_you');
    expect(about.map((o) => [o.id, o.notes, o.answers])).toEqual([[shared.id, 'Shared obs', JSON.stringify({ [form.items[0]!.label]: 'yes' })]]);
    expect(teacher.all).not.toContain('obs private');
    expect(teacher.all).not.toContain('Unshared obs');
    const coach = await exportOf(await loginAs(t.app, w.coach));
    expect(teacher.all).not.toContain(`"id":${unshared.id},`);
    // The observer's own export keeps both.
    expect(coach.json('observations_you_made').map((o) => [o.id, o.private_notes])).toEqual([[shared.id, 'Shared obs private'], [unshared.id, 'Unshared obs private']]);
    expect(coach.json('observation_answers_you_gave')).toEqual([{ observation_id: shared.id, item: form.items[0]!.label, value: JSON.stringify('yes'), evidence: 'seen' }]);
  });

  it('the read log only while the district lets educators see it: else read_log is empty and the README says why', async () => {
    await t.db.insertInto('record_reads').values({
      district_id: w.district.id, staff_id: w.jordan.id, reader_user_id: w.coach.id, reader_role: 'Coach', impersonated_by: null, kind: 'observation', day: '2026-11-02',
    }).execute();
    const on = await exportOf(await loginAs(t.app, w.teacher));
    expect(on.json('read_log')).toEqual([{ day: '2026-11-02', reader: w.coach.name, role: 'Coach', kind: 'observation' }]);
    expect(strFromU8(on.files['README.md']!)).not.toContain(READ_LOG_OFF_NOTE);

    await t.db.updateTable('districts').set({ settings: JSON.stringify({ educator_read_log_visible: false }) }).where('id', '=', w.district.id).execute();
    const teacher = await loginAs(t.app, w.teacher);
    expect((await teacher.get('/api/me/read-log')).status).toBe(403);
    const off = await exportOf(teacher);
    expect(off.json('read_log')).toEqual([]);
    expect(Buffer.from(off.files['read_log.csv']!).toString('utf8')).toBe('\uFEFF"day","reader","role","kind"\r\n');
    const readme = strFromU8(off.files['README.md']!);
    expect(readme).toContain(`## read_log.csv / read_log.json\n\n${OWN_KINDS.find((k) => k.name === 'read_log')!.about}\n\n${READ_LOG_OFF_NOTE}\n`);
    expect(readme.split(READ_LOG_OFF_NOTE)).toHaveLength(2);
  });

  it('account_log: the address and browser of what Coachwell support did while signed in as the person are left out', async () => {
    const support = await buildUser(t.db, { role: 'provider-support', name: 'Sue Support' });
    const now = nowIso();
    const row = (impersonator: number | null, ip: string, agent: string) => ({
      district_id: w.district.id, actor_id: w.coach.id, impersonator_id: impersonator, action: 'interaction_created', subject_type: 'interaction', subject_id: 1,
      ip, user_agent: agent, details: null, at: now,
    });
    await t.db.insertInto('audit_log').values([row(null, '198.51.100.7', 'CoachBrowser/1.0'), row(support.id, '203.0.113.9', 'SupportBrowser/2.0')]).execute();
    const coach = await exportOf(await loginAs(t.app, w.coach));
    const log = coach.json('account_log').filter((r) => r.action === 'interaction_created');
    expect(log.map((r) => [r.by_coachwell_support, r.ip, r.browser])).toEqual([['no', '198.51.100.7', 'CoachBrowser/1.0'], ['yes', null, null]]);
    expect(coach.all).not.toContain('203.0.113.9');
    expect(coach.all).not.toContain('SupportBrowser/2.0');
  });

  it('a download closed part-way stops the export: the zip is aborted and no further batch is read', async () => {
    // One kind yields a batch, then waits until the server has noticed the closed download; it could yield 100.
    const kind = OWN_KINDS.find((k) => k.name === 'logged_time')!;
    let batchesRead = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let firstRead!: () => void;
    const firstBatch = new Promise<void>((resolve) => { firstRead = resolve; });
    let stoppedReading!: () => void;
    const readingStopped = new Promise<void>((resolve) => { stoppedReading = resolve; });
    vi.spyOn(kind, 'rows').mockImplementation(async function* batches() {
      try {
        for (let i = 0; i < 100; i++) {
          batchesRead++;
          yield [{ id: i + 1, category: 'Planning', starts_at: nowIso(), minutes: 30, notes: 'x'.repeat(200_000), deleted_at: null }];
          if (i === 0) { firstRead(); await gate; }
        }
      } finally {
        stoppedReading();
      }
    });
    // abort() is called twice: by the route when the response closes, then by the export's catch once the table has
    // failed and cleaned up (its staging file removed); the second call is the export's end.
    const abort = ExportZip.prototype.abort;
    const abortCalls = [signal(), signal()];
    let calls = 0;
    const abortSpy = vi.spyOn(ExportZip.prototype, 'abort').mockImplementation(async function (this: ExportZip) {
      await abort.call(this);
      abortCalls[calls++]?.resolve();
    });
    const staged = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`coachwell-export-${process.pid}-`)).length;
    const stagedBefore = staged();

    const agent = await loginAs(t.app, w.coach);
    const jar = (agent as unknown as { jar: { getCookies: (a: unknown) => { toValueString: () => string } } }).jar;
    const cookie = jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false }).toValueString();
    const server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // The client starts the download and closes it once the export is in the middle of a kind.
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/me/export', headers: { Cookie: cookie } }, (res) => {
          void firstBatch.then(() => { req.destroy(); resolve(res.statusCode!); });
        });
        req.on('error', (err) => { if (!req.destroyed) reject(err); });
      });
      expect(status).toBe(200);
      await abortCalls[0]!.promise;
      release();
      await readingStopped;
      await abortCalls[1]!.promise;
      await new Promise((resolve) => setImmediate(resolve));
      // The batch being written when the download closed, and none after it.
      expect(batchesRead).toBe(2);
      expect(abortSpy).toHaveBeenCalledTimes(2);
      expect(staged()).toBe(stagedBefore);
      // Closing a download is not an error.
      expect(t.logged).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
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

describe('the README in the person\'s language (issue 33)', () => {
  it('every kind\'s sentence and every column\'s meaning has Spanish', () => {
    const es = SERVER_TEXTS.es;
    const left = [READ_LOG_OFF_NOTE, ...OWN_KINDS.flatMap((k) => [k.about, ...k.columns.map(([, text]) => text)])].filter((text) => !(text in es));
    expect(left).toEqual([]);
  });

  it('a Spanish-speaking person: the README is Spanish (intro, each kind, each meaning); file and column names, and the files, stay as they are', async () => {
    await t.db.updateTable('users').set({ locale: 'es' }).where('id', '=', w.teacher.id).execute();
    await t.db.updateTable('districts').set({ settings: JSON.stringify({ educator_read_log_visible: false }) }).where('id', '=', w.district.id).execute();
    const { files } = await exportOf(await loginAs(t.app, w.teacher));
    const readme = strFromU8(files['README.md']!);
    expect(readme).toMatch(new RegExp(`^# Sus datos en Coachwell\n\nLo que Coachwell guarda sobre ${w.teacher.name} y lo que escribió, al \\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z \\(UTC\\)\\.\n`));
    expect(readme).toContain('## profile.csv / profile.json\n\nSu cuenta: nombre, correo electrónico, estado, zona horaria e idioma de las fechas, cuándo se creó y se usó por última vez, y su distrito.\n\n'
      + '| columna | significado |\n|---|---|\n| id | El número de su cuenta. |\n| name | Su nombre. |\n| email | Su correo electrónico (su nombre para iniciar sesión). |\n');
    expect(readme).toContain('\n\nSu distrito desactivó "Quién ha leído sobre mí" para los educadores, así que este archivo está vacío.\n');
    for (const kind of OWN_KINDS) {
      expect(readme).toContain(`## ${kind.name}.csv / ${kind.name}.json`);
      for (const [column] of kind.columns) expect(readme, `${kind.name}.${column}`).toContain(`\n| ${column} | `);
    }
    for (const english of ['Your data in Coachwell', 'What Coachwell holds about', '| column | meaning |', 'Your login\'s number.', READ_LOG_OFF_NOTE]) expect(readme).not.toContain(english);
    expect(Buffer.from(files['profile.csv']!).toString('utf8').split('\r\n')[0]).toBe(`\uFEFF${OWN_KINDS.find((k) => k.name === 'profile')!.columns.map(([c]) => `"${c}"`).join(',')}`);
  });

  it('an English-speaking person reads English, whatever their district\'s language', async () => {
    await t.db.updateTable('districts').set({ settings: JSON.stringify({ language: 'es' }) }).where('id', '=', w.district.id).execute();
    await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', w.teacher.id).execute();
    const readme = strFromU8((await exportOf(await loginAs(t.app, w.teacher))).files['README.md']!);
    expect(readme).toMatch(/^# Your data in Coachwell\n/);
    expect(readme).toContain('| column | meaning |\n|---|---|\n| id | Your login\'s number. |\n');
  });
});
