// The server's messages in the reader's language (issue 33): a person whose language is Spanish (users.locale = 'es')
// gets Spanish field errors (a field named in its own Spanish), import row errors, skills and reports errors and the
// reports' own names; a person reading English gets the spec's English exactly.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ComparisonReport } from '../../common/schemas/reports';
import { loadConfig } from '../config';
import { unsubscribeToken } from '../features/reports/subscriptions';
import { appWith, createTestApp, csrfHeaders, loginAs, type TestAgent, type TestApp } from '../testing/app';
import { buildDistrict, buildStaff, buildUser } from '../testing/factories';
import { freezeDateEachTest } from '../testing/hooks';
import { buildReportsWorld, NOW, RANGE } from '../testing/reports.fixture';
import { buildSkillsWorld } from '../testing/skills.fixture';
import { staffWorld } from '../testing/staff.fixture';

const inSpanish = (t: TestApp, user: { id: number }) => t.db.updateTable('users').set({ locale: 'es' }).where('id', '=', user.id).execute();

describe('field errors and import row errors', () => {
  const FIXTURE = readFileSync(path.join(import.meta.dirname, '../features/imports/fixtures/duplicate-emails.csv'));

  async function rowErrors(agent: TestAgent) {
    const up = await agent.post('/api/import/staff').set(csrfHeaders(agent)).attach('file', FIXTURE, 'duplicate-emails.csv');
    expect(up.status).toBe(201);
    expect((await agent.put(`/api/import/${up.body.id}/mapping`).set(csrfHeaders(agent)).send({ mapping: up.body.mapping })).status).toBe(200);
    expect((await agent.post(`/api/import/${up.body.id}/preview`).set(csrfHeaders(agent)).send({})).status).toBe(200);
    const rows = await agent.get(`/api/import/${up.body.id}/rows?outcome=error`);
    expect(rows.status).toBe(200);
    return rows.body.data.map((r: { row_number: number; errors: unknown }) => [r.row_number, r.errors]);
  }

  it('a Spanish reader gets a required field named in Spanish, and the rows\' errors in Spanish (the column stays the file\'s)', async () => {
    const { t, w } = await appWith(staffWorld);
    await inSpanish(t, w.admin);
    const agent = await loginAs(t.app, w.admin);
    // A field without a sentence of its own: the pattern, with the field's Spanish name.
    const goal = await agent.post('/api/coaching-cycle-goal-template').set(csrfHeaders(agent)).send({ title: 'Routines', goal: '   ' });
    expect(goal.status).toBe(422);
    expect(goal.body).toEqual({ message: 'El campo “Meta” es obligatorio.', code: 'validation_failed', errors: { goal: ['El campo “Meta” es obligatorio.'] } });
    expect(await rowErrors(agent)).toEqual([
      [2, [{ column: 'Email', message: 'Este correo electrónico también aparece en la fila 3.' }]],
      [3, [{ column: 'Email', message: 'Este correo electrónico también aparece en la fila 2.' }]],
    ]);
    // What is stored stays English: translated when read.
    const stored = await t.db.selectFrom('import_rows').select('errors').where('outcome', '=', 'error').orderBy('row_number').execute();
    expect(stored.map((r) => JSON.parse(r.errors))).toEqual([
      [{ column: 'Email', message: 'This email also appears on row 3.' }],
      [{ column: 'Email', message: 'This email also appears on row 2.' }],
    ]);
  });

  it('the first-time setup checklist reads in the reader\'s language', async () => {
    const { t, w } = await appWith(staffWorld);
    const items = async () => (await (await loginAs(t.app, w.admin)).get('/api/setup-checklist')).body.items[0];
    expect(await items()).toMatchObject({ key: 'schools', label: 'Add your schools', description: 'The schools your educators and coaches work in.' });
    await inSpanish(t, w.admin);
    expect(await items()).toMatchObject({ key: 'schools', label: 'Agregue sus escuelas', description: 'Las escuelas donde trabajan sus educadores y coaches.' });
    const agent = await loginAs(t.app, w.admin);
    const unknown = await agent.post('/api/setup-checklist/nope/review').set(csrfHeaders(agent)).send({});
    expect([unknown.status, unknown.body.message]).toEqual([404, 'No encontramos ese paso de la lista de verificación.']);
  });

  it('an English reader gets the exact English', async () => {
    const { t, w } = await appWith(staffWorld);
    const agent = await loginAs(t.app, w.admin);
    const goal = await agent.post('/api/coaching-cycle-goal-template').set(csrfHeaders(agent)).send({ title: 'Routines', goal: '   ' });
    expect(goal.body).toEqual({ message: 'Goal is required.', code: 'validation_failed', errors: { goal: ['Goal is required.'] } });
    expect(await rowErrors(agent)).toEqual([
      [2, [{ column: 'Email', message: 'This email also appears on row 3.' }]],
      [3, [{ column: 'Email', message: 'This email also appears on row 2.' }]],
    ]);
  });
});

describe('skills errors', () => {
  const rate = async (t: TestApp, coach: { id: number; email: string; district_id: number | null }, staffId: number, body: object) => {
    const agent = await loginAs(t.app, coach);
    return agent.post(`/api/staff/${staffId}/skill-rating`).set(csrfHeaders(agent)).send(body);
  };

  it('in Spanish for a Spanish reader, in the exact English otherwise', async () => {
    const { t, w } = await appWith((app) => buildSkillsWorld(app.db));
    const body = { ratings: [{ skill_id: w.fw.skills[0]!.id, level: 0 }] };
    const english = await rate(t, w.coach, w.ana.id, body);
    expect(english.status).toBe(422);
    expect(english.body.errors).toEqual({ rated_on: ['Date must be a date (YYYY-MM-DD).'], 'ratings.0.level': ['Choose a level of the scale.'] });
    await inSpanish(t, w.coach);
    const spanish = await rate(t, w.coach, w.ana.id, body);
    expect(spanish.status).toBe(422);
    expect(spanish.body.errors).toEqual({ rated_on: ['El campo “Fecha” debe ser una fecha (AAAA-MM-DD).'], 'ratings.0.level': ['Elija un nivel de la escala.'] });
    const missing = await (await loginAs(t.app, w.coach)).get('/api/staff/999999/skill-rating');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Este/a educador/a no existe.');
  });
});

describe('reports', () => {
  freezeDateEachTest(NOW);

  it('a report\'s own names and its errors follow the reader\'s language; English stays as it was', async () => {
    const { t, w } = await appWith((app) => buildReportsWorld(app.db));
    const path = `/api/report/comparison?${RANGE}&compare=building&a=${w.lincoln.id}&b=${w.oak.id}`;
    const english = await (await loginAs(t.app, w.admin)).get(path);
    expect(english.status).toBe(200);
    expect((english.body as ComparisonReport).measures.map((m) => m.label)).toEqual([
      'Interactions', 'Minutes', 'Educators reached', 'Share of roster reached', 'Educators on roster', 'Active cycles', 'Completed cycles', 'Interactions per educator',
    ]);
    // The same reader after choosing Spanish: the kept answer is per language.
    await inSpanish(t, w.admin);
    const agent = await loginAs(t.app, w.admin);
    const spanish = await agent.get(path);
    expect((spanish.body as ComparisonReport).measures.map((m) => m.label)).toEqual([
      'Interacciones', 'Minutos', 'Educadores alcanzados', 'Porcentaje del personal alcanzado', 'Educadores del personal', 'Ciclos activos', 'Ciclos completados', 'Interacciones por educador/a',
    ]);
    expect((spanish.body as ComparisonReport).measures.map((m) => m.a)).toEqual((english.body as ComparisonReport).measures.map((m) => m.a));
    const periods = await agent.get('/api/report/comparison?compare=period&a_from=2026-09-01&a_to=2026-09-30&b_from=2026-10-01&b_to=2026-10-31');
    expect([periods.body.segments.a.label, periods.body.segments.b.label]).toEqual(['1 sept 2026 – 30 sept 2026', '1 oct 2026 – 31 oct 2026']);
    const wrong = await agent.get('/api/report/comparison?compare=colour');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ compare: ['La comparación debe ser building, group, coach o period.'] });
    const unknown = await agent.get('/api/report/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Este informe no existe.');
  });
});

describe('the report emails\' one-click unsubscribe page', () => {
  it('is in the subscriber\'s language, and a dead link\'s in the visitor\'s', async () => {
    const { t, w } = await appWith(staffWorld);
    await inSpanish(t, w.admin);
    const agent = await loginAs(t.app, w.admin);
    const created = await agent.post('/api/report-subscription').set(csrfHeaders(agent)).send({ report: 'interactions', frequency: 'weekly', query: '' });
    expect(created.status).toBe(201);
    const row = await t.db.selectFrom('report_subscriptions').select(['id', 'created_at']).where('id', '=', created.body.id).executeTakeFirstOrThrow();
    const token = unsubscribeToken(loadConfig({ NODE_ENV: 'test' }).sessionSecret, row);
    const done = await request(t.app).get(`/api/report-subscription/unsubscribe/${token}`);
    expect(done.status).toBe(200);
    expect(done.text).toContain('<html lang="es">');
    expect(done.text).toContain('<h1>Suscripción cancelada</h1>');
    expect(done.text).toContain('<p>Ya no recibirá el correo semanal del informe “Interacciones”.</p>');
    const dead = await request(t.app).get(`/api/report-subscription/unsubscribe/${token}`).set('Accept-Language', 'es-PR, en;q=0.5');
    expect(dead.status).toBe(404);
    expect(dead.text).toContain('<h1>Este enlace ya no funciona</h1>');
    const english = await request(t.app).get(`/api/report-subscription/unsubscribe/${token}`).set('Accept-Language', 'en-US');
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).toContain('<h1>This link no longer works</h1>');
  });
});

describe('the audit log (provider admin area)', () => {
  it('answers each entry\'s sentence in the reader\'s language', async () => {
    const t = await createTestApp();
    const district = await buildDistrict(t.db, { name: 'Maple Grove Schools' });
    const admin = await buildUser(t.db, { role: 'district-admin', districtId: district.id, name: 'Ana Ruiz' });
    const staff = await buildStaff(t.db, { districtId: district.id, firstName: 'Jordan', lastName: 'Ellis' });
    const support = await buildUser(t.db, { role: 'provider-admin', name: 'Sam Ortega', email: 'sam@coachwell.example' });
    await t.db.deleteFrom('audit_log').execute();
    await t.db.insertInto('audit_log').values({
      action: 'staff_moved', district_id: district.id, actor_id: admin.id, impersonator_id: support.id, subject_type: 'staff', subject_id: staff.id,
      ip: '203.0.113.9', user_agent: 'Firefox', details: null, at: '2026-09-01T10:00:00.000Z',
    }).execute();
    const sentence = async () => (await (await loginAs(t.app, support)).get('/api/admin/audit?filter[action]=staff_moved')).body.data[0].sentence;
    expect(await sentence()).toBe('Sam Ortega (impersonating Ana Ruiz) moved the educator Jordan Ellis to another school in Maple Grove Schools');
    await inSpanish(t, support);
    expect(await sentence()).toBe('Sam Ortega (suplantando a Ana Ruiz) trasladó el/la educador/a Jordan Ellis a otra escuela en Maple Grove Schools');
  });
});

describe('the provider\'s dashboard', () => {
  it('names its statuses and error counts in the reader\'s language (plan names are names)', async () => {
    const t = await createTestApp();
    const support = await buildUser(t.db, { role: 'provider-admin', name: 'Sam Ortega', email: 'sam@coachwell.example' });
    const labels = async () => {
      const body = (await (await loginAs(t.app, support)).get('/api/admin/dashboard')).body;
      return [...body.districts_by_status.map((s: { label: string }) => s.label), body.errors_last_24_hours.client.label, body.errors_last_24_hours.server.label];
    };
    expect(await labels()).toEqual(['Trial', 'Active', 'Suspended', 'Client errors', 'Server errors']);
    await inSpanish(t, support);
    expect(await labels()).toEqual(['Prueba', 'Activo', 'Suspendido', 'Errores del cliente', 'Errores del servidor']);
  });
});
