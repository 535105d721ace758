// The server's answers of admin Districts, district deletion and the district export in Spanish (issue 33): provider
// staff whose language is Spanish read each refusal in Spanish (422 by field, 403, 404, 409), numbers kept; nothing
// changes on refusal; the same calls in English keep the English; a suspended district's sign-in message in the
// browser's language.
import { beforeEach, describe, expect, it } from 'vitest';
import { appWith, csrfHeaders, guestAgent, loginAs, TEST_PASSWORD, type TestApp } from '../../testing/app';
import { expectFieldError } from '../../testing/checks';
import { type AdminDistrictsWorld, buildAdminDistrictsWorld } from './adminDistricts.fixture';

let t: TestApp;
let w: AdminDistrictsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildAdminDistrictsWorld(app.db)));
});

const speaks = (userId: number, locale: 'en' | 'es') => t.db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
const districtRow = (id: number) => t.db.selectFrom('districts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function as(user: { email: string; district_id: number | null }) {
  const agent = await loginAs(t.app, user);
  return {
    agent,
    post: (path: string, body: object = {}) => agent.post(path).set(csrfHeaders(agent)).send(body),
    put: (path: string, body: object) => agent.put(path).set(csrfHeaders(agent)).send(body),
  };
}

describe('admin Districts answered in Spanish', () => {
  it('the list query, an unknown district and the account actions\' checks, each refused in Spanish; nothing changes', async () => {
    await speaks(w.providerAdmin.id, 'es');
    const pat = await as(w.providerAdmin);
    expectFieldError(await pat.agent.get('/api/admin/district?filter[status]=closed'), 'filter.status', 'El estado debe ser trial, active o suspended.');

    const unknown = await pat.post('/api/admin/district/987654/suspend', { reason: 'Unpaid' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No encontramos ese distrito.');

    const before = await districtRow(w.cedar.id);
    expectFieldError(await pat.post(`/api/admin/district/${w.cedar.id}/extend-trial`, { days: 91 }), 'days', 'Los días deben ser un número entero del 1 al 90.');
    expectFieldError(await pat.post(`/api/admin/district/${w.cedar.id}/extend-trial`, {}), 'days', 'Indique un número de días o una fecha de fin.');
    expectFieldError(await pat.post(`/api/admin/district/${w.cedar.id}/extend-trial`, { until: '2020-01-01' }), 'until', 'La fecha de fin debe ser posterior a hoy.');
    expectFieldError(await pat.put(`/api/admin/district/${w.cedar.id}/plan`, { plan_id: 1, seats: 0 }), 'seats', 'Las licencias deben ser un número entero del 1 al 10000.');
    expectFieldError(await pat.post(`/api/admin/district/${w.cedar.id}/suspend`, {}), 'reason', 'El motivo es obligatorio.');
    const after = await districtRow(w.cedar.id);
    expect(after.trial_ends_at).toBe(before.trial_ends_at);
    expect(after.status).toBe('trial');
    expect(after.seats).toBe(before.seats);

    const notTrial = await pat.post(`/api/admin/district/${w.maple.id}/extend-trial`, { days: 5 });
    expect(notTrial.status).toBe(409);
    expect(notTrial.body.message).toBe('Solo se puede extender la prueba de un distrito que está en prueba.');
    const notSuspended = await pat.post(`/api/admin/district/${w.maple.id}/reactivate`, { reason: 'Paid' });
    expect(notSuspended.status).toBe(409);
    expect(notSuspended.body.message).toBe('Este distrito no está suspendido.');
  });

  it('provider support\'s 403 in Spanish; in English the same calls keep the English', async () => {
    await speaks(w.support.id, 'es');
    const sam = await as(w.support);
    const refused = await sam.post(`/api/admin/district/${w.maple.id}/suspend`, { reason: 'Unpaid' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Solo un/a administrador/a del proveedor puede cambiar el plan, las licencias o el estado de un distrito.');
    expect((await districtRow(w.maple.id)).status).toBe('active');

    await speaks(w.support.id, 'en');
    const english = await sam.post(`/api/admin/district/${w.maple.id}/suspend`, { reason: 'Unpaid' });
    expect(english.body.message).toBe("Only a provider administrator can change a district's plan, seats or status.");
  });

  it('the deletion\'s refusals in Spanish: nothing to restore, a purge before a schedule, a mistyped name; the district stays', async () => {
    await speaks(w.providerAdmin.id, 'es');
    const pat = await as(w.providerAdmin);
    const restore = await pat.post(`/api/admin/district/${w.maple.id}/restore-deletion`);
    expect(restore.status).toBe(409);
    expect(restore.body.message).toBe('La eliminación de este distrito no está programada, así que no hay nada que restaurar.');
    const early = await pat.post(`/api/admin/district/${w.maple.id}/purge`, { confirm_name: w.maple.name });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('La eliminación de este distrito no está programada. Programe primero su eliminación; solo entonces se puede eliminar de inmediato.');

    expect((await pat.post(`/api/admin/district/${w.maple.id}/schedule-deletion`)).status).toBe(200);
    const again = await pat.post(`/api/admin/district/${w.maple.id}/schedule-deletion`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('La eliminación de este distrito ya está programada.');
    expectFieldError(await pat.post(`/api/admin/district/${w.maple.id}/purge`, { confirm_name: 'maple grove unified' }), 'confirm_name',
      'Ese no es el nombre del distrito. Escríbalo exactamente como se muestra, con sus mayúsculas y espacios.');
    expectFieldError(await pat.post(`/api/admin/district/${w.maple.id}/purge`, {}), 'confirm_name', 'Escriba el nombre del distrito para confirmar.');
    expect((await districtRow(w.maple.id)).deletion_scheduled_at).not.toBeNull();
    expect(await t.db.selectFrom('district_purges').selectAll().where('district_id', '=', w.maple.id).executeTakeFirst()).toBeUndefined();
    const certificate = await pat.agent.get('/api/admin/district-deletion/987654/certificate');
    expect(certificate.status).toBe(404);
    expect(certificate.body.message).toBe('No encontramos ese certificado de eliminación.');
  });

  it('a suspended district\'s sign-in refusal in the browser\'s language', async () => {
    await t.db.updateTable('districts').set({ status: 'suspended', suspended_at: new Date().toISOString(), suspension_reason: 'Unpaid' })
      .where('id', '=', w.maple.id).execute();
    const guest = await guestAgent(t.app);
    const spanish = await guest.post('/api/auth/login').set(csrfHeaders(guest)).set('Accept-Language', 'es-US,es;q=0.9')
      .send({ email: w.admin.email, password: TEST_PASSWORD, area: 'app' });
    expect(spanish.status).toBe(403);
    expect(spanish.body.message).toBe('La cuenta de Coachwell de su distrito está suspendida. Comuníquese con el/la administrador/a de su distrito o con support@coachwell.example.');
    const english = await guest.post('/api/auth/login').set(csrfHeaders(guest)).set('Accept-Language', 'en-US')
      .send({ email: w.admin.email, password: TEST_PASSWORD, area: 'app' });
    expect(english.body.message).toBe("Your district's Coachwell account is suspended. Please contact your district administrator or support@coachwell.example.");
  });

  it('a district scheduled for deletion: its sign-in refusal names the day in Spanish', async () => {
    const pat = await as(w.providerAdmin);
    expect((await pat.post(`/api/admin/district/${w.maple.id}/schedule-deletion`)).status).toBe(200);
    const guest = await guestAgent(t.app);
    const spanish = await guest.post('/api/auth/login').set(csrfHeaders(guest)).set('Accept-Language', 'es')
      .send({ email: w.admin.email, password: TEST_PASSWORD, area: 'app' });
    expect(spanish.status).toBe(403);
    expect(spanish.body.message).toMatch(/^La cuenta de Coachwell de su distrito está programada para eliminarse el \d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}\. Para conservarla, /);
    const english = await guest.post('/api/auth/login').set(csrfHeaders(guest)).set('Accept-Language', 'en-US')
      .send({ email: w.admin.email, password: TEST_PASSWORD, area: 'app' });
    expect(english.body.message).toMatch(/^Your district's Coachwell account is scheduled for deletion on [A-Z][a-z]+ \d{1,2}, \d{4}\. /);
  });

  it('the district export\'s 403 and 404 in Spanish', async () => {
    await speaks(w.coach.id, 'es');
    const casey = await as(w.coach);
    const refused = await casey.post('/api/district/export');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Solo los administradores del distrito (administrar la configuración) pueden exportar todos los datos del distrito.');
    await speaks(w.admin.id, 'es');
    const avery = await as(w.admin);
    const missing = await avery.agent.get('/api/district/export/987654');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No encontramos esa exportación.');
    const exports = await t.db.selectFrom('district_exports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(exports.n)).toBe(0);
  });
});
