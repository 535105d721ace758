// The staff import: upload → mapping → preview → run, in DESIGN's order per endpoint, with real-world files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../../common/schemas/imports';
import { appWith, bodyAsText, csrfHeaders, guestAgent, loginAs, type TestAgent, type TestApp } from '../../testing/app';
import { analyzeNow, expectFieldError, plannerRowCount } from '../../testing/checks';
import { staffWorld, type StaffWorld } from '../../testing/staff.fixture';
import { markInterruptedImports } from './queries';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let w: StaffWorld;
beforeEach(async () => {
  ({ t, w } = await appWith(staffWorld));
});

async function upload(agent: TestAgent, name: string, bytes: Buffer | Uint8Array) {
  return agent.post('/api/import/staff').set(csrfHeaders(agent)).attach('file', Buffer.from(bytes), name);
}
async function uploadText(agent: TestAgent, text: string, name = 'pasted.csv') {
  return agent.post(`/api/import/staff?file_name=${encodeURIComponent(name)}`).set(csrfHeaders(agent)).set('Content-Type', 'text/csv').send(text);
}
const mapping = (agent: TestAgent, id: number, body: object) => agent.put(`/api/import/${id}/mapping`).set(csrfHeaders(agent)).send(body);
const preview = (agent: TestAgent, id: number) => agent.post(`/api/import/${id}/preview`).set(csrfHeaders(agent)).send({});
const run = (agent: TestAgent, id: number, body: object = {}) => agent.post(`/api/import/${id}/run`).set(csrfHeaders(agent)).send(body);

/** Upload, keep the recognised mapping with the options, preview. */
async function prepared(agent: TestAgent, name: string, bytes: Buffer | Uint8Array, options: object = {}) {
  const up = await upload(agent, name, bytes);
  expect(up.status).toBe(201);
  const m = await mapping(agent, up.body.id, { mapping: up.body.mapping, ...options });
  expect(m.status).toBe(200);
  const p = await preview(agent, up.body.id);
  expect(p.status).toBe(200);
  return { id: up.body.id as number, upload: up.body, preview: p.body };
}

const staffByEmail = (email: string) => t.db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
const staffCount = async () => Number((await t.db.selectFrom('staff').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/import/staff (upload)', () => {
  it('401 without login', async () => {
    const agent = await guestAgent(t.app);
    expect((await agent.post('/api/import/staff').set(csrfHeaders(agent)).attach('file', fixture('semicolon.csv'), 'a.csv')).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post('/api/import/staff').set('X-Requested-With', 'XMLHttpRequest').set('Content-Type', 'text/csv').send('a,b\n1,2\n');
    expect(res.status).toBe(419);
  });

  it('422 for no file, an empty file, a header only, an unclosed quote; 415 for another type; 413 past 10 MB', async () => {
    const agent = await loginAs(t.app, w.admin);
    const none = await agent.post('/api/import/staff').set(csrfHeaders(agent)).field('x', '1');
    expectFieldError(none, 'file', IMPORT_MESSAGES.noFile);
    expect((await uploadText(agent, '\n\n')).body.errors.file).toEqual([IMPORT_MESSAGES.noHeader]);
    expect((await uploadText(agent, 'First name,Last name\n')).body.errors.file).toEqual([IMPORT_MESSAGES.empty]);
    const quote = await uploadText(agent, 'First name,Last name\n"Ann,Lee\n');
    expect(quote.status).toBe(422);
    expect(quote.body.errors.file[0]).toMatch(/quoted value that is never closed/);
    const json = await agent.post('/api/import/staff').set(csrfHeaders(agent)).set('Content-Type', 'image/png').send(Buffer.from('x'));
    expect(json.status).toBe(415);
    const big = await uploadText(agent, `First name,Last name\n${'a,b\n'.repeat(IMPORT_MAX_BYTES / 4 + 10)}`);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(IMPORT_MESSAGES.tooLarge);
    expect(await t.db.selectFrom('imports').selectAll().execute()).toEqual([]);
  });

  it('400 for a multipart body cut off inside its file, and the server goes on answering', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post('/api/import/staff').set(csrfHeaders(agent)).set('Content-Type', 'multipart/form-data; boundary=XX')
      .send('--XX\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nFirst name,Last name\r\nAnn,Lee\r\n');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The upload could not be read.', code: 'bad_request' });
    expect((await agent.get('/api/import')).status).toBe(200);
    expect(await t.db.selectFrom('imports').selectAll().execute()).toEqual([]);
  });

  it('413 past 50 000 rows', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await uploadText(agent, `F,L\n${'a,b\n'.repeat(50_001)}`);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(IMPORT_MESSAGES.tooManyRows);
    // The rows before the one too many were already written as the file was read: rolled back.
    expect(await t.db.selectFrom('imports').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('import_rows').selectAll().execute()).toEqual([]);
  });

  it('422 for an unclosed quote after 1 200 readable rows: the rows written before it are rolled back', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await uploadText(agent, `First name,Last name\n${'Ann,Lee\n'.repeat(1200)}"Bo,Ray\n`);
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(/quoted value that is never closed/);
    expect(await t.db.selectFrom('imports').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('import_rows').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'staff_import_uploaded').execute()).toEqual([]);
  });

  it('403 without district-wide add staff (a principal), and without the csv-import plan feature', async () => {
    const principal = await loginAs(t.app, w.principal);
    const res = await upload(principal, 'a.csv', fixture('semicolon.csv'));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(IMPORT_MESSAGES.needsPermission);
    await t.db.updateTable('plans').set({ features: '[]' }).execute();
    const admin = await loginAs(t.app, w.admin);
    const plan = await upload(admin, 'a.csv', fixture('semicolon.csv'));
    expect(plan.status).toBe(403);
    expect(plan.body.message).toBe(IMPORT_MESSAGES.needsPlan);
  });

  it('429 past the hourly upload limit', async () => {
    ({ t, w } = await appWith(staffWorld, { rateLimits: true }));
    const agent = await loginAs(t.app, w.admin);
    for (let i = 0; i < 30; i++) expect((await uploadText(agent, 'First name,Last name\nA,B\n')).status).toBe(201);
    expect((await uploadText(agent, 'First name,Last name\nA,B\n')).status).toBe(429);
  });

  it('201: a Windows-1252 file from Excel, recorded with its rows and the recognised mapping', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await upload(agent, 'excel-windows-1252.csv', fixture('excel-windows-1252.csv'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'staff', file_name: 'excel-windows-1252.csv', format: 'csv', status: 'pending', created_by: { id: w.admin.id, name: 'Dana Admin' },
      headers: ['First Name', 'Last Name', 'Email', 'Employee ID', 'School', 'Position', 'Grades', 'Subjects'],
      mapping: { 'First Name': 'first_name', 'Last Name': 'last_name', Email: 'email', 'Employee ID': 'employee_id', School: 'school', Position: 'position', Grades: 'grade_levels', Subjects: 'subjects' },
      counts: { total: 3 },
    });
    const rows = await agent.get(`/api/import/${res.body.id}/rows`);
    expect(rows.body.data[0]).toMatchObject({ row_number: 2, outcome: 'pending', values: { 'First Name': 'Zoë', 'Last Name': 'Müller' } });
    expect(rows.body.data[1].values['First Name']).toBe('José');
  });
});

describe('PUT /api/import/{id}/mapping', () => {
  it('401, 419', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { body } = await upload(admin, 'a.csv', fixture('unknown-school.csv'));
    const guest = await guestAgent(t.app);
    expect((await mapping(guest, body.id, { mapping: {} })).status).toBe(401);
    expect((await admin.put(`/api/import/${body.id}/mapping`).set('X-Requested-With', 'XMLHttpRequest').send({ mapping: {} })).status).toBe(419);
  });

  it('422 per bad field: unknown field, unknown column, a field twice, names missing, no matching key, bad option', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { body } = await upload(admin, 'a.csv', fixture('unknown-school.csv'));
    const bad = await mapping(admin, body.id, { mapping: { 'First name': 'wizardry', Nope: 'email', 'Last name': 'email', Email: 'email' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'mapping.First name': [IMPORT_MESSAGES.mappingUnknownField('First name')],
      'mapping.Nope': [IMPORT_MESSAGES.mappingUnknownColumn('Nope')],
      'mapping.Last name': [IMPORT_MESSAGES.mappingTwice('Email')],
      'mapping.Email': [IMPORT_MESSAGES.mappingTwice('Email')],
      mapping: [IMPORT_MESSAGES.mappingNeeds('First name and Last name')],
    });
    const noKey = await mapping(admin, body.id, { mapping: { 'First name': 'first_name', 'Last name': 'last_name', School: 'school' } });
    expect(noKey.body.errors).toEqual({ mapping: [IMPORT_MESSAGES.mappingNeedsKey] });
    const opt = await mapping(admin, body.id, { mapping: body.mapping, full_sync: 'yes' });
    expect(opt.body.errors).toEqual({ full_sync: ['Full sync must be true or false.'] });
    expect((await mapping(admin, body.id, { mapping: 'x' })).body.errors.mapping).toEqual(['Mapping must list the columns and their fields.']);
  });

  it('404 for another district’s import (and a bad id), 403 for a principal', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { body } = await upload(admin, 'a.csv', fixture('unknown-school.csv'));
    const cedar = await loginAs(t.app, w.cedarAdmin);
    const other = await mapping(cedar, body.id, { mapping: body.mapping });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(IMPORT_MESSAGES.notFound);
    expect((await mapping(admin, 0, { mapping: {} })).status).toBe(404);
    expect((await cedar.get(`/api/import/${body.id}`)).status).toBe(404);
    const principal = await loginAs(t.app, w.principal);
    expect((await mapping(principal, body.id, { mapping: body.mapping })).status).toBe(403);
  });

  it('200: a remapped column is saved with the options', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { body } = await upload(admin, 'a.csv', fixture('unknown-school.csv'));
    const res = await mapping(admin, body.id, { mapping: { ...body.mapping, School: '' }, skip_invalid: true, full_sync: true });
    expect(res.status).toBe(200);
    expect(res.body.mapping).toEqual({ 'First name': 'first_name', 'Last name': 'last_name', Email: 'email' });
    expect(res.body).toMatchObject({ mode: 'full-sync', options: { skip_invalid: true, create_missing_schools: false } });
  });
});

describe('POST /api/import/{id}/preview', () => {
  it('401, 419, 404 other district, 403', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { body } = await upload(admin, 'a.csv', fixture('unknown-school.csv'));
    expect((await preview(await guestAgent(t.app), body.id)).status).toBe(401);
    expect((await admin.post(`/api/import/${body.id}/preview`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    expect((await preview(await loginAs(t.app, w.cedarAdmin), body.id)).status).toBe(404);
    expect((await preview(await loginAs(t.app, w.principal), body.id)).status).toBe(403);
  });

  it('counts and each row’s errors in words, with the column; nothing written', async () => {
    const admin = await loginAs(t.app, w.admin);
    const dup = await prepared(admin, 'duplicate-emails.csv', fixture('duplicate-emails.csv'));
    expect(dup.preview).toEqual({ counts: { total: 3, new: 1, updated: 0, unchanged: 0, errors: 2, skipped: 0, to_deactivate: 0 }, schools_to_create: [] });
    const rows = await admin.get(`/api/import/${dup.id}/rows?outcome=error`);
    expect(rows.body.data.map((r: { row_number: number; errors: unknown }) => [r.row_number, r.errors])).toEqual([
      [2, [{ column: 'Email', message: 'This email also appears on row 3.' }]],
      [3, [{ column: 'Email', message: 'This email also appears on row 2.' }]],
    ]);
    const unknown = await prepared(admin, 'unknown-school.csv', fixture('unknown-school.csv'));
    expect(unknown.preview.counts).toMatchObject({ new: 1, errors: 1 });
    const err = await admin.get(`/api/import/${unknown.id}/rows?outcome=error`);
    expect(err.body.data[0].errors).toEqual([{ column: 'School', message: '“Hogwarts Academy” is not one of the district’s schools. Check the spelling, add the school in Site settings, or choose to create missing schools.' }]);
    expect(await staffCount()).toBe(6);
    expect((await admin.get(`/api/import/${unknown.id}/rows?outcome=nope`)).status).toBe(422);
    expect((await admin.get(`/api/import/${unknown.id}/rows?page=0`)).body.errors).toEqual({ page: ['Page must be at least 1.'] });
  });
});

describe('POST /api/import/{id}/run', () => {
  it('401, 419, 422 bad confirmation, 404 other district, 403', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { id } = await prepared(admin, 'excel.csv', fixture('excel-windows-1252.csv'));
    expect((await run(await guestAgent(t.app), id)).status).toBe(401);
    expect((await admin.post(`/api/import/${id}/run`).set('X-Requested-With', 'XMLHttpRequest').send({})).status).toBe(419);
    expect((await run(admin, id, { confirm_deactivations: 'all' })).body.errors).toEqual({ confirm_deactivations: ['Confirm the number of educators to deactivate.'] });
    expect((await run(await loginAs(t.app, w.cedarAdmin), id)).status).toBe(404);
    expect((await run(await loginAs(t.app, w.principal), id)).status).toBe(403);
    expect(await staffCount()).toBe(6);
  });

  it('creates educators with accented names from a Windows-1252 file, with their school history; recorded', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { id } = await prepared(admin, 'excel.csv', fixture('excel-windows-1252.csv'));
    const res = await run(admin, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', counts: { total: 3, created: 3, updated: 0, unchanged: 0, errors: 0 } });
    expect(res.body.finished_at).toEqual(expect.any(String));
    const zoe = await staffByEmail('zoe.muller@maple.test');
    expect(zoe).toMatchObject({ first_name: 'Zoë', last_name: 'Müller', employee_id: 'MT-701', grade_levels: '["K","1"]', subjects: '["Elementary (all subjects)"]', district_id: w.district.id });
    const history = await t.db.selectFrom('staff_buildings').selectAll().where('staff_id', '=', zoe!.id).execute();
    expect(history).toMatchObject([{ building_id: w.north.id, end_date: null }]);
    expect((await staffByEmail('jose.pena@maple.test'))).toMatchObject({ first_name: 'José', grade_levels: '["7","8"]' });
    const rows = await admin.get(`/api/import/${id}/rows`);
    expect(rows.body.data.map((r: { outcome: string; record_id: number }) => r.outcome)).toEqual(['created', 'created', 'created']);
    expect(rows.body.data[0].record_id).toBe(zoe!.id);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'staff_import_run').execute();
    expect(audit).toMatchObject([{ subject_id: id, actor_id: w.admin.id, district_id: w.district.id }]);
    // Run again: nothing to run.
    expect((await run(admin, id)).status).toBe(409);
    // The same file again: every row unchanged.
    const again = await prepared(admin, 'excel.csv', fixture('excel-windows-1252.csv'));
    expect(again.preview.counts).toMatchObject({ new: 0, unchanged: 3 });
  });

  it('a semicolon file with a quoted newline, US dates and subjects; updates by employee ID and moves schools', async () => {
    const admin = await loginAs(t.app, w.admin);
    const first = await prepared(admin, 'semicolon.csv', fixture('semicolon.csv'));
    expect(first.upload.mapping).toMatchObject({ 'Employee ID': 'employee_id', 'E-mail': 'email', Building: 'school', 'Hire date': 'hire_date' });
    expect((await run(admin, first.id)).status).toBe(200);
    expect(await staffByEmail('ana.sousa@maple.test')).toMatchObject({ hire_date: '2024-08-15', subjects: '["Science","Mathematics"]' });
    expect(await staffByEmail('lars.berg@maple.test')).toMatchObject({ last_name: 'Berg\r\nJr.' });
    // Ana moves to North under the same employee ID, with a new last name.
    const moved = await prepared(admin, 'move.csv', Buffer.from('Employee ID,First name,Last name,School,Start date\nMT-801,Ana,Sousa-Reis,North Elementary,2099-01-10\n'));
    expect(moved.preview.counts).toMatchObject({ updated: 1 });
    expect((await run(admin, moved.id)).status).toBe(200);
    const ana = (await staffByEmail('ana.sousa@maple.test'))!;
    expect(ana.last_name).toBe('Sousa-Reis');
    const history = await t.db.selectFrom('staff_buildings').select(['building_id', 'end_date', 'start_date']).where('staff_id', '=', ana.id).orderBy('id').execute();
    expect(history).toMatchObject([{ building_id: w.south.id, end_date: '2099-01-09' }, { building_id: w.north.id, start_date: '2099-01-10', end_date: null }]);
  });

  it('all or nothing: a row error writes nothing (422), unless invalid rows are skipped', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { id } = await prepared(admin, 'unknown-school.csv', fixture('unknown-school.csv'));
    const refused = await run(admin, id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(IMPORT_MESSAGES.hasErrors(1));
    expect(await staffByEmail('cara.known@maple.test')).toBeUndefined();
    expect((await admin.get(`/api/import/${id}`)).body.status).toBe('pending');
    await mapping(admin, id, { mapping: { 'First name': 'first_name', 'Last name': 'last_name', Email: 'email', School: 'school' }, skip_invalid: true });
    const res = await run(admin, id);
    expect(res.body).toMatchObject({ status: 'completed', counts: { created: 1, errors: 1 } });
    expect(await staffByEmail('cara.known@maple.test')).toBeDefined();
    expect(await staffByEmail('dev.lost@maple.test')).toBeUndefined();
    // The failed rows, as the file had them, with their errors: parse the download back.
    const failed = await bodyAsText(admin.get(`/api/import/${id}/failed.csv`));
    expect(failed.status).toBe(200);
    expect(failed.headers['content-disposition']).toBe('attachment; filename="unknown-school-failed-rows.csv"');
    const parsed = parse(failed.body as string, { bom: true }) as string[][];
    expect(parsed).toEqual([
      ['First name', 'Last name', 'Email', 'School', 'Row', 'Errors'],
      ['Dev', 'Lost', 'dev.lost@maple.test', 'Hogwarts Academy', '3', 'School: “Hogwarts Academy” is not one of the district’s schools. Check the spelling, add the school in Site settings, or choose to create missing schools.'],
    ]);
  });

  it('a file of 1 234 rows (pages and statements of several sizes): each educator once, with its school row and outcome; later ids above', async () => {
    const admin = await loginAs(t.app, w.admin);
    const before = await staffCount();
    const schools = ['North Elementary', 'South Middle', 'Lakeside Academy'];
    const lines = ['Employee ID,First name,Last name,Email,School'];
    for (let i = 0; i < 1234; i++) lines.push(`B-${i},First${i},Last${i},bulk${i}@maple.test,${schools[i % 3]}`);
    const up = await uploadText(admin, lines.join('\r\n'), 'bulk.csv');
    expect(up.status).toBe(201);
    expect(await t.db.selectFrom('import_rows').select('row_number').where('import_id', '=', up.body.id).orderBy('row_number').execute())
      .toEqual(Array.from({ length: 1234 }, (_, i) => ({ row_number: i + 2 })));
    expect((await mapping(admin, up.body.id, { mapping: up.body.mapping, create_missing_schools: true })).status).toBe(200);
    expect((await preview(admin, up.body.id)).body.counts).toMatchObject({ new: 1234, errors: 0 });
    // The planner's statistics, taken before the run, count the few educators there were (issue 32)…
    await analyzeNow(t.db);
    expect(await plannerRowCount(t.db, 'staff')).toBe(before);
    const res = await run(admin, up.body.id);
    expect(res.body.counts).toMatchObject({ total: 1234, created: 1234, errors: 0 });
    expect(await staffCount()).toBe(before + 1234);
    // …and the run ends by taking them again.
    expect(await plannerRowCount(t.db, 'staff')).toBe(before + 1234);

    const created = await t.db.selectFrom('staff').innerJoin('staff_buildings', 'staff_buildings.staff_id', 'staff.id')
      .innerJoin('buildings', 'buildings.id', 'staff_buildings.building_id')
      .select(['staff.id', 'staff.employee_id', 'staff.first_name', 'buildings.name as school', 'staff_buildings.end_date'])
      .where('staff.email', 'like', 'bulk%').orderBy('staff.id').execute();
    expect(created).toHaveLength(1234);
    // Row order is id order, each with its own school row.
    expect(created.map((r) => r.employee_id)).toEqual(Array.from({ length: 1234 }, (_, i) => `B-${i}`));
    expect(created.every((r, i) => r.school === schools[i % 3] && r.end_date === null && r.first_name === `First${i}`)).toBe(true);
    const outcomes = await t.db.selectFrom('import_rows').select(['row_number', 'outcome', 'record_id']).where('import_id', '=', up.body.id).orderBy('row_number').execute();
    expect(outcomes.map((o) => [o.outcome, o.record_id])).toEqual(created.map((r) => ['created', r.id]));
    expect(await t.db.selectFrom('buildings').select('id').where('name', '=', 'Lakeside Academy').execute()).toHaveLength(1);

    // An educator added afterwards gets an id of its own, above the imported ones.
    const added = await admin.post('/api/staff').set(csrfHeaders(admin)).send({ staff: [{
      first_name: 'After', last_name: 'Import', email: null, employee_id: null, position: 'Classroom Teacher', grade_levels: [], subjects: [],
      hire_date: null, building_id: w.north.id, start_date: '2026-08-12',
    }] });
    expect(added.status).toBe(201);
    expect(added.body.data[0].id).toBeGreaterThan(created.at(-1)!.id);
  });

  it('pages across blank lines and write boundaries: errors and outcomes land on their own rows, every row once', async () => {
    const admin = await loginAs(t.app, w.admin);
    const before = await staffCount();
    // 700 rows; 250 blank lines after the 300th (row numbers jump by 250, a whole page of row numbers is empty);
    // unknown schools on rows either side of every 100 and 250 rows read, and the last.
    const bad = new Set([0, 99, 100, 249, 250, 299, 300, 499, 500, 699]);
    const lines = ['Employee ID,First name,Last name,Email,School'];
    const rowNumberOf: number[] = [];
    for (let i = 0; i < 700; i++) {
      if (i === 300) for (let b = 0; b < 250; b++) lines.push('');
      lines.push(`P-${i},First${i},Last${i},paged${i}@maple.test,${bad.has(i) ? 'Nowhere High' : 'North Elementary'}`);
      rowNumberOf.push(lines.length);
    }
    const up = await uploadText(admin, lines.join('\r\n'), 'paged.csv');
    expect(up.status).toBe(201);
    expect(await t.db.selectFrom('import_rows').select('row_number').where('import_id', '=', up.body.id).orderBy('row_number').execute())
      .toEqual(rowNumberOf.map((n) => ({ row_number: n })));
    expect((await mapping(admin, up.body.id, { mapping: up.body.mapping, skip_invalid: true })).status).toBe(200);
    expect((await preview(admin, up.body.id)).body.counts).toMatchObject({ total: 700, new: 690, errors: 10 });
    const outcomesOf = () => t.db.selectFrom('import_rows').select(['row_number', 'outcome', 'errors', 'record_id']).where('import_id', '=', up.body.id).orderBy('row_number').execute();
    const badRows = [...bad].map((i) => rowNumberOf[i]);
    expect((await outcomesOf()).filter((o) => o.outcome !== 'pending').map((o) => [o.row_number, o.outcome])).toEqual(badRows.map((n) => [n, 'error']));

    const res = await run(admin, up.body.id);
    expect(res.body).toMatchObject({ status: 'completed', counts: { total: 700, created: 690, errors: 10 } });
    expect(await staffCount()).toBe(before + 690);
    const created = await t.db.selectFrom('staff').select(['id', 'employee_id']).where('email', 'like', 'paged%').orderBy('id').execute();
    expect(created.map((r) => r.employee_id)).toEqual(Array.from({ length: 700 }, (_, i) => i).filter((i) => !bad.has(i)).map((i) => `P-${i}`));
    const idOf = new Map(created.map((r) => [r.employee_id, r.id]));
    const outcomes = await outcomesOf();
    expect(outcomes.map((o) => o.row_number)).toEqual(rowNumberOf);
    for (const [i, o] of outcomes.entries()) {
      if (bad.has(i)) expect([o.outcome, JSON.parse(o.errors)[0].column]).toEqual(['error', 'School']);
      else expect([o.outcome, o.errors, o.record_id]).toEqual(['created', '[]', idOf.get(`P-${i}`)]);
    }
  });

  it('creates missing schools when asked', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { id, preview: p } = await prepared(admin, 'unknown-school.csv', fixture('unknown-school.csv'), { create_missing_schools: true });
    expect(p.schools_to_create).toEqual(['Hogwarts Academy']);
    expect((await run(admin, id)).body.counts).toMatchObject({ created: 2 });
    const school = await t.db.selectFrom('buildings').selectAll().where('name', '=', 'Hogwarts Academy').executeTakeFirstOrThrow();
    expect(school.district_id).toBe(w.district.id);
  });

  it('full sync deactivates educators missing from the file, only with the count confirmed', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { id, preview: p } = await prepared(admin, 'sync.csv', Buffer.from('Email,First name,Last name\njordan.ellis@maple.test,Jordan,Ellis\n'), { full_sync: true });
    // Active and missing: Ava, Liam, Zoe (Mia is already inactive).
    expect(p.counts).toMatchObject({ unchanged: 1, to_deactivate: 3 });
    const unconfirmed = await run(admin, id);
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.errors).toEqual({ confirm_deactivations: [IMPORT_MESSAGES.confirmDeactivations(3)] });
    expect((await run(admin, id, { confirm_deactivations: 2 })).body.errors).toEqual({ confirm_deactivations: [IMPORT_MESSAGES.deactivationsChanged(3)] });
    const res = await run(admin, id, { confirm_deactivations: 3 });
    expect(res.body).toMatchObject({ status: 'completed', counts: { deactivated: 3 } });
    const active = await t.db.selectFrom('staff').select('first_name').where('district_id', '=', w.district.id).where('status', '=', 'active').execute();
    expect(active).toEqual([{ first_name: 'Jordan' }]);
    expect((await t.db.selectFrom('staff').select('status').where('id', '=', w.cedarStaff.id).executeTakeFirstOrThrow()).status).toBe('active');
  });

  it('a formula-looking cell is stored as written and exported neutralised', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { id } = await prepared(admin, 'formula.csv', fixture('formula.csv'));
    expect((await run(admin, id)).status).toBe(200);
    expect((await staffByEmail('sam.smith@maple.test'))!.first_name).toBe('=HYPERLINK("http://evil.example","click")');
  });
});

describe('OneRoster', () => {
  const dir = (version: string) => Object.fromEntries(['manifest.csv', 'orgs.csv', 'users.csv', 'roles.csv'].flatMap((f) => {
    try {
      return [[f, new Uint8Array(fixture(`oneroster-${version}/${f}`))]];
    } catch {
      return [];
    }
  }));

  it('1.1 as a zip: staff roles only, schools by name, the sourcedId kept; the next import updates', async () => {
    const admin = await loginAs(t.app, w.admin);
    const zip = zipSync(dir('1.1'));
    const { id, upload: up, preview: p } = await prepared(admin, 'oneroster.zip', zip, { skip_invalid: true });
    expect(up).toMatchObject({ format: 'oneroster-1.1', counts: { total: 4, skipped: 2 } });
    expect(up.mapping).toEqual({
      sourcedId: 'source_id', givenName: 'first_name', familyName: 'last_name', email: 'email', identifier: 'employee_id', role: 'position',
      grades: 'grade_levels', orgIdentifier: 'school_code', orgName: 'school',
    });
    // Hana, Omar new; Rae's school (West High) unknown; Jordan (already on the roster) updated.
    expect(p.counts).toMatchObject({ new: 2, updated: 1, errors: 1 });
    expect((await run(admin, id)).body.counts).toMatchObject({ created: 2, updated: 1, errors: 1 });
    const hana = (await staffByEmail('hana.kim@maple.test'))!;
    expect(hana).toMatchObject({ position: 'Classroom Teacher', grade_levels: '["3","4"]' });
    expect(await staffByEmail('omar.lee@maple.test')).toMatchObject({ position: 'Instructional Aide', grade_levels: '["K"]' });
    expect(await t.db.selectFrom('staff_source_ids').select(['staff_id', 'source_id']).orderBy('staff_id').execute()).toEqual([
      { staff_id: w.jordan.id, source_id: 'u-t4' }, { staff_id: hana.id, source_id: 'u-t1' }, { staff_id: (await staffByEmail('omar.lee@maple.test'))!.id, source_id: 'u-t2' },
    ]);
    // 1.2 next: Hana matched by sourcedId (not duplicated); Maria is new as a counselor at South (her primary role).
    const files = dir('1.2');
    const multi = await admin.post('/api/import/staff').set(csrfHeaders(admin))
      .attach('users', Buffer.from(files['users.csv']!), 'users.csv').attach('orgs', Buffer.from(files['orgs.csv']!), 'orgs.csv')
      .attach('roles', Buffer.from(files['roles.csv']!), 'roles.csv');
    expect(multi.status).toBe(201);
    expect(multi.body).toMatchObject({ format: 'oneroster-1.2', counts: { total: 2, skipped: 1 } });
    await mapping(admin, multi.body.id, { mapping: multi.body.mapping });
    expect((await preview(admin, multi.body.id)).body.counts).toMatchObject({ new: 1, unchanged: 1 });
    await run(admin, multi.body.id);
    const maria = (await staffByEmail('maria.cruz@maple.test'))!;
    expect(maria.position).toBe('Counselor');
    expect(await t.db.selectFrom('staff_buildings').select('building_id').where('staff_id', '=', maria.id).execute()).toEqual([{ building_id: w.south.id }]);
    expect(await t.db.selectFrom('staff').select('id').where('email', '=', 'hana.kim@maple.test').execute()).toHaveLength(1);
  });

  it('422 for users.csv without orgs.csv', async () => {
    const admin = await loginAs(t.app, w.admin);
    const res = await upload(admin, 'users.csv', fixture('oneroster-1.1/users.csv'));
    expectFieldError(res, 'file', IMPORT_MESSAGES.oneRosterNeedsOrgs);
    const bad = await upload(admin, 'x.zip', Buffer.from('PK\u0003\u0004garbage'));
    expect(bad.body.errors.file).toEqual([IMPORT_MESSAGES.badZip]);
  });
});

describe('GET /api/import and /api/import/{id}', () => {
  it('401; 403 for a principal; the district’s own imports, newest first', async () => {
    expect((await (await guestAgent(t.app)).get('/api/import')).status).toBe(401);
    const principal = await loginAs(t.app, w.principal);
    const forbidden = await principal.get('/api/import');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(IMPORT_MESSAGES.readNeedsPermission);
    const admin = await loginAs(t.app, w.admin);
    const a = await uploadText(admin, 'First name,Last name,Email\nA,B,a@b.test\n', 'first.csv');
    const b = await uploadText(admin, 'First name,Last name,Email\nA,B,a@b.test\n', 'second.csv');
    await uploadText(await loginAs(t.app, w.cedarAdmin), 'First name,Last name\nA,B\n', 'cedar.csv');
    const list = await admin.get('/api/import');
    expect(list.body.data.map((i: { id: number }) => i.id)).toEqual([b.body.id, a.body.id]);
    expect(list.body.meta).toMatchObject({ total: 2, can_import: true });
    const one = await admin.get(`/api/import/${a.body.id}`);
    expect(one.body).toMatchObject({ id: a.body.id, file_name: 'first.csv', status: 'pending' });
  });
});

describe('interrupted imports', () => {
  it('an import left running is marked interrupted at start-up', async () => {
    const admin = await loginAs(t.app, w.admin);
    const { body } = await uploadText(admin, 'First name,Last name,Email\nA,B,a@b.test\n');
    await t.db.updateTable('imports').set({ status: 'running' }).where('id', '=', body.id).execute();
    expect(await markInterruptedImports(t.db)).toBe(1);
    expect((await admin.get(`/api/import/${body.id}`)).body).toMatchObject({ status: 'interrupted', failure: expect.stringMatching(/Nothing from it was saved/) });
  });
});
