// The emails and PDFs in their reader's language (issue 33): a Spanish reader gets Spanish subject and body, an
// English one the exact English as before. Through the API where the reader's language is looked up (invitation:
// the district's; password reset: the account's; coaching request and observation shared: the recipient's; the quote
// email and PDFs: the district's), and through the builders for the emails a job sends (digest, scheduled report).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../db/connection';
import { appWith, bodyAsBytes, createTestApp, csrfHeaders, guestAgent, type TestApp } from '../testing/app';
import { type BillingSetup, buildInvoice, buildQuote, setupBilling } from '../testing/billing.fixture';
import { buildUser } from '../testing/factories';
import { setupDistrict } from '../testing/users.fixture';
import { digestEmail } from '../features/actionSteps/digestEmail';
import { observationSharedEmail } from '../features/interactions/observations/sharedEmail';
import { invitationEmail, moveLoginEmail, roleListText } from '../lib/invitationEmail';
import { passwordResetEmail } from '../features/auth/resetEmail';
import { invoicePdf, quotePdf } from '../features/billing/pdf';
import { formatServer, defineServerMessages } from './messages';
import { createMemoryMailer } from '../lib/mailer';
import { warnIfOverSeats } from '../lib/seatWarning';
import { freezeDateEachTest } from '../testing/hooks';
import { buildPulseWorld, PULSE_NOW } from '../testing/pulse.fixture';
import { runDueSubscriptions } from '../features/reports/subscriptionJobs';
import { createSubscription } from '../features/reports/subscriptions';
import { purgeDistrict } from '../features/adminDistricts/purge';

async function setDistrictLanguage(db: DB, districtId: number, language: 'en' | 'es') {
  const row = await db.selectFrom('districts').select('settings').where('id', '=', districtId).executeTakeFirstOrThrow();
  const settings = { ...(JSON.parse(row.settings || '{}') as Record<string, unknown>), language };
  await db.updateTable('districts').set({ settings: JSON.stringify(settings) }).where('id', '=', districtId).execute();
}

async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

describe('formatServer', () => {
  const m = defineServerMessages({ steps: { id: 'actionSteps.digest.overdue', defaultMessage: '{count, plural, one {# step} other {# steps}} overdue' } });
  it('formats in the language it is given, with no language kept between calls', () => {
    expect(formatServer('es', m.steps, { count: 2 })).toBe('2 pasos atrasados');
    expect(formatServer('en', m.steps, { count: 2 })).toBe('2 steps overdue');
    expect(formatServer('es', m.steps, { count: 1 })).toBe('1 paso atrasado');
    expect(formatServer('en', m.steps, { count: 1_200 })).toBe('1,200 steps overdue');
  });
});

describe('invitation emails (the district\'s language)', () => {
  let t: TestApp;
  beforeEach(async () => { t = await createTestApp(); });
  const invite = { name: 'Nia Newcoach', email: 'nia.newcoach@pine.example', roles: ['coach', 'educator'], building_ids: [] as number[] };

  it('a Spanish district\'s invitation is in Spanish: subject, roles, action, the HTML too', async () => {
    const s = await setupDistrict(t);
    await setDistrictLanguage(t.db, s.district.id, 'es');
    const res = await s.agent.post('/api/user').set(csrfHeaders(s.agent)).send({ ...invite, building_ids: [s.school.id] });
    expect(res.status).toBe(201);
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.subject).toBe('Invitación a Coachwell: únase a “Pine Ridge Schools”');
    expect(mail.text).toContain('Hola, “Nia Newcoach”: “Ada Admin” le invitó a unirse al distrito “Pine Ridge Schools” en Coachwell (sus roles: Coach instruccional y Educador/a).');
    expect(mail.text).toContain(`Aceptar la invitación: ${mail.link}`);
    expect(mail.text).toContain('vence en 7 días');
    expect(mail.html).toContain('O copie esta dirección en su navegador:');
    expect(mail.html).toMatch(/^<!doctype html><html lang="es">/);
    expect(mail.html).not.toContain('Accept the invitation');
  });

  it('an English district\'s invitation is the exact English', async () => {
    const s = await setupDistrict(t);
    const res = await s.agent.post('/api/user').set(csrfHeaders(s.agent)).send({ ...invite, building_ids: [s.school.id] });
    expect(res.status).toBe(201);
    const mail = t.mailer.sent[0]!;
    expect(mail.subject).toBe('Coachwell invitation: join “Pine Ridge Schools”');
    expect(mail.text).toBe(`Hi “Nia Newcoach”, “Ada Admin” invited you to join the district “Pine Ridge Schools” on Coachwell (your roles: Coach and Educator). Coachwell is where your district plans, logs and follows up on instructional coaching.\n\nAccept the invitation: ${mail.link}\n\nThe link works once and expires in 7 days. If you were not expecting this invitation, you can ignore this email.\n\n— Coachwell`);
    expect(mail.html).toContain(`Or paste this address into your browser: ${mail.link}`);
    expect(mail.html).toMatch(/^<!doctype html><html><body /);
  });

  it('the builders: the import\'s invitation, Coachwell\'s resend and the login-move offer in Spanish', () => {
    const base = { to: 'a@b.example', name: '“Nia”', sender: '“Ada”', district: '“Pine”', link: 'http://x.test/i', days: 7 };
    expect(invitationEmail('es', 'import', { ...base, roles: 'Coach instruccional' }).text).toContain('Hola, “Nia”: “Ada” de Coachwell le invitó a unirse al distrito “Pine” en Coachwell (Coach instruccional).');
    expect(invitationEmail('es', 'again', { ...base, roles: roleListText('es', ['coach']) }).text)
      .toContain('aquí tiene de nuevo su invitación para unirse al distrito “Pine” en Coachwell (su rol: Coach instruccional)');
    const move = moveLoginEmail('es', { ...base, roles: roleListText('es', ['coach', 'educator', 'principal']), email: 'nia@old[.]example' });
    expect(move.subject).toBe('Coachwell: una invitación para trasladar su cuenta a “Pine”');
    expect(move.text).toContain('Usted ya inicia sesión en Coachwell con nia@old[.]example en otro distrito');
    expect(roleListText('en', ['coach', 'educator'])).toBe('your roles: Coach and Educator');
    expect(roleListText('es', ['coach'])).toBe('su rol: Coach instruccional');
  });
});

describe('password reset (the account\'s language)', () => {
  let t: TestApp;
  beforeEach(async () => { t = await createTestApp(); });

  it('a login whose language is Spanish gets it in Spanish; one in an English district, the exact English', async () => {
    const s = await setupDistrict(t);
    const es = await buildUser(t.db, { districtId: s.district.id, role: 'coach', name: 'Elena Ruiz' });
    await t.db.updateTable('users').set({ locale: 'es' }).where('id', '=', es.id).execute();
    const en = await buildUser(t.db, { districtId: s.district.id, role: 'coach', name: 'Eli Park' });
    for (const user of [es, en]) {
      const res = await guestAgent(t.app).then((g) => g.post('/api/auth/password-reset').set(csrfHeaders(g)).send({ email: user.email, area: 'app' }));
      expect(res.status).toBe(200);
    }
    await vi.waitFor(() => expect(t.mailer.sent).toHaveLength(2));
    const byTo = new Map(t.mailer.sent.map((mail) => [mail.to, mail]));
    const spanish = byTo.get(es.email)!;
    expect(spanish.subject).toBe('Restablezca su contraseña de Coachwell');
    expect(spanish.text).toBe(`Hola, “Elena Ruiz”: recibimos una solicitud para restablecer la contraseña de su cuenta de Coachwell.\n\nElegir una contraseña nueva: ${spanish.link}\n\nEl enlace funciona una sola vez y vence en 60 minutos. Si no lo solicitó, puede ignorar este correo.\n\n— Coachwell`);
    const english = byTo.get(en.email)!;
    expect(english.subject).toBe('Reset your Coachwell password');
    expect(english.text).toBe(`Hi “Eli Park”, we received a request to reset the password of your Coachwell account.\n\nChoose a new password: ${english.link}\n\nThe link works once and expires in 60 minutes. If you did not ask for it, you can ignore this email.\n\n— Coachwell`);
  });

  it('a login without a language of its own follows its district\'s', async () => {
    const s = await setupDistrict(t);
    await setDistrictLanguage(t.db, s.district.id, 'es');
    const user = await buildUser(t.db, { districtId: s.district.id, role: 'coach', name: 'Elena Ruiz' });
    const g = await guestAgent(t.app);
    expect((await g.post('/api/auth/password-reset').set(csrfHeaders(g)).send({ email: user.email, area: 'app' })).status).toBe(200);
    await vi.waitFor(() => expect(t.mailer.sent).toHaveLength(1));
    expect(t.mailer.sent[0]!.subject).toBe('Restablezca su contraseña de Coachwell');
    expect(passwordResetEmail('en', user, 'http://x.test/r').subject).toBe('Reset your Coachwell password');
  });
});

describe('the weekly action-step digest', () => {
  const steps = [
    { title: 'Post the agenda', due_on: '2026-12-07', due: 'overdue' as const },
    { title: 'Try think-pair-share', due_on: '2026-12-09', due: 'due-soon' as const },
    { title: 'Exit tickets', due_on: '2026-12-10', due: 'due-soon' as const },
  ];
  it('in Spanish: subject, counts, due days, table and settings link', () => {
    const mail = digestEmail({ to: 'e@x.example', name: 'Elena Ruiz', steps, appUrl: 'http://x.test', locale: 'es' });
    expect(mail.subject).toBe('Sus pasos de acción de esta semana');
    expect(mail.text).toContain('Hola, Elena Ruiz:\n\nTiene 1 paso atrasado y 2 pasos que vencen en los próximos 7 días:');
    expect(mail.text).toContain('- Post the agenda (Atrasado: vence el lun, 7 de dic de 2026)');
    expect(mail.text).toContain('Abrir sus pasos de acción: http://x.test/app/action-steps');
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('>Paso de acción</th>');
    expect(mail.html).not.toMatch(/Action step|Open your action steps|Turn it off/);
  });
  it('in English, as it always was', () => {
    const mail = digestEmail({ to: 'e@x.example', name: 'Eli Park', steps, appUrl: 'http://x.test' });
    expect(mail.subject).toBe('Your action steps this week');
    expect(mail.text).toContain('Hello Eli Park,\n\nYou have 1 step overdue and 2 steps due in the next 7 days:');
    expect(mail.text).toContain('- Post the agenda (Overdue: due Mon, Dec 7, 2026)');
    expect(mail.text).toContain('Turn it off under "Weekly email of my action steps" in Account Settings: http://x.test/app/settings');
  });
});

describe('observation shared', () => {
  it('in Spanish and in English', () => {
    const es = observationSharedEmail('es', { to: 'e@x.example', writer: 'Casey Coach', link: 'http://x.test/app/observations/4' });
    expect(es.subject).toBe('Casey Coach compartió una observación con usted');
    expect(es.text).toBe('Casey Coach compartió con usted las notas de una observación de clase en Coachwell.\n\nLeer la observación: http://x.test/app/observations/4\n\nPuede leerla, y responder con una reflexión, después de iniciar sesión.\n\n— Coachwell');
    const en = observationSharedEmail('en', { to: 'e@x.example', writer: 'Casey Coach', link: 'http://x.test/app/observations/4' });
    expect(en.subject).toBe('Casey Coach shared an observation with you');
    expect(en.text).toBe('Casey Coach shared the notes from a classroom observation with you in Coachwell.\n\nRead the observation: http://x.test/app/observations/4\n\nYou can read it, and answer with a reflection, after signing in.\n\n— Coachwell');
  });
});

describe('quote and invoice PDFs and the quote email (the district\'s language)', () => {
  let t: TestApp;
  let s: BillingSetup;
  beforeEach(async () => { ({ t, w: s } = await appWith(setupBilling)); });

  it('a Spanish district downloads a Spanish quote PDF: labels, dates in Spanish, dollars as in the US', async () => {
    await setDistrictLanguage(t.db, s.district.id, 'es');
    const quote = await buildQuote(t.db, { districtId: s.district.id, planKey: 'professional', seats: 10, termYears: 2 });
    const res = await bodyAsBytes(s.agent.get(`/api/quote/${quote.id}.pdf`));
    expect(res.status).toBe(200);
    const text = await textOf(res.body as Buffer);
    for (const expected of ['Cotización', 'Número de cotización', 'Válida hasta', 'FACTURAR A', 'Licencias de coach', '2 años escolares',
      'Descripción', 'Precio unitario', 'Importe', 'CONDICIONES', 'Página 1 de 1', '$18,050.00', '$950.00', '$19,000.00',
      'Plan Professional: 10 licencias de coach × 2 años escolares', 'Descuento plurianual (5%)', 'de diciembre de 2099']) expect(text).toContain(expected);
    expect(text).not.toMatch(/Valid until|Unit price|BILL TO|Page 1 of 1/);
  });

  it('an English district\'s quote PDF stays English', async () => {
    const quote = await buildQuote(t.db, { districtId: s.district.id, planKey: 'professional', seats: 10, termYears: 2 });
    const text = await textOf((await bodyAsBytes(s.agent.get(`/api/quote/${quote.id}.pdf`))).body as Buffer);
    for (const expected of ['Quote number', 'Valid until', 'BILL TO', 'Unit price', 'Page 1 of 1', '2 school years']) expect(text).toContain(expected);
  });

  it('a Spanish district\'s invoice PDF, and the builders in either language', async () => {
    await setDistrictLanguage(t.db, s.district.id, 'es');
    const invoice = await buildInvoice(t.db, { districtId: s.district.id });
    const res = await bodyAsBytes(s.agent.get(`/api/invoice/${invoice.id}.pdf`));
    expect(res.status).toBe(200);
    const text = await textOf(res.body as Buffer);
    for (const expected of ['Factura', 'Número de factura', 'Emitida', 'Vence', 'Periodo', 'PAGO', 'Página 1 de 1']) expect(text).toContain(expected);
    const detail = (await s.agent.get(`/api/invoice/${invoice.id}`)).body;
    expect(await textOf(await invoicePdf(detail, 'en'))).toContain('Invoice number');
    const quote = await buildQuote(t.db, { districtId: s.district.id });
    const quoteDetail = (await s.agent.get(`/api/quote/${quote.id}`)).body;
    expect(await textOf(await quotePdf(quoteDetail, '2026-11-20', 'es'))).toContain('20 de noviembre de 2026');
  });

  it('the quote email of a Spanish district is in Spanish, with the Spanish PDF attached', async () => {
    await setDistrictLanguage(t.db, s.district.id, 'es');
    const quote = await buildQuote(t.db, { districtId: s.district.id, planKey: 'professional', seats: 10, termYears: 2 });
    await t.db.updateTable('quotes').set({ status: 'sent' }).where('id', '=', quote.id).execute().catch(() => {});
    const res = await s.agent.post(`/api/quote/${quote.id}/send`).set(csrfHeaders(s.agent)).send({ email: 'purchasing@pine.example' });
    expect(res.status).toBeLessThan(300);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.subject).toBe(`Cotización de Coachwell ${quote.number}`);
    expect(mail.text).toContain(`“Ada Admin” de “Pine Ridge Schools” le envió la cotización de Coachwell ${quote.number}: el plan Professional, 10 licencias de coach por 2 años escolares, $18,050.00 en total.`);
    expect(await textOf(mail.attachments![0]!.content)).toContain('Número de cotización');
  });
});

describe('the deletion certificate and its email (the district\'s language)', () => {
  let t: TestApp;
  beforeEach(async () => { t = await createTestApp(); });

  for (const language of ['es', 'en'] as const) {
    it(`a ${language === 'es' ? 'Spanish' : 'English'} district's administrators get the certificate in its language`, async () => {
      const s = await setupDistrict(t);
      await setDistrictLanguage(t.db, s.district.id, language);
      const now = new Date().toISOString();
      await t.db.updateTable('districts').set({ deletion_scheduled_at: now, deletion_due_at: now }).where('id', '=', s.district.id).execute();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-certificate-'));
      try {
        const mailer = createMemoryMailer();
        await purgeDistrict({ db: t.db, mailer, dataDir, log: () => undefined }, s.district.id, null);
        const mail = mailer.sent.find((sent) => sent.to === s.admin.email)!;
        const text = await textOf(mail.attachments![0]!.content);
        if (language === 'es') {
          expect(mail.subject).toBe('Certificado de eliminación de datos: Pine Ridge Schools');
          expect(mail.text).toMatch(/^Hola:\n\nSegún lo programado, Coachwell eliminó de forma permanente todos los registros que tenía de Pine Ridge Schools: /);
          expect(mail.text).toMatch(/Eliminado el \d{1,2} de [a-z]+ de \d{4} a las \d\d:\d\d \(/);
          expect(mail.html).toContain('<strong>Pine Ridge Schools</strong>');
          for (const expected of ['Certificado de eliminación de', 'Eliminado por la tarea programada de eliminación', 'Cuentas de usuario', 'QUÉ SE ELIMINÓ', 'Registros eliminados en total', 'Eliminado (UTC)']) expect(text).toContain(expected);
        } else {
          expect(mail.subject).toBe('Certificate of data deletion: Pine Ridge Schools');
          expect(mail.text).toMatch(/^Hello,\n\nAs scheduled, Coachwell has permanently deleted every record it held for Pine Ridge Schools: its data in every table, its files and its people's sessions\. Its users can no longer sign in\.\nDeleted on [A-Z][a-z]+ \d{1,2}, \d{4} at \d\d:\d\d \(/);
          expect(mail.html).toContain('its people&#39;s sessions');
          for (const expected of ['Certificate of data deletion', 'WHAT WAS DELETED', 'Records deleted in all', 'Deleted (UTC)']) expect(text).toContain(expected);
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});

describe('the seats-over-purchase warning (the district\'s language)', () => {
  it('a Spanish district is warned in Spanish', async () => {
    const { t, w: s } = await appWith((app) => setupBilling(app, { seats: 2 }));
    await setDistrictLanguage(t.db, s.district.id, 'es');
    for (let i = 0; i < 3; i++) await buildUser(t.db, { districtId: s.district.id, role: 'coach' });
    expect(await warnIfOverSeats(t.db, t.mailer, s.district.id)).toBe(true);
    const mail = t.mailer.sent[0]!;
    expect(mail.subject).toBe('Coachwell: más coaches que licencias de coach compradas');
    expect(mail.text).toContain('Su distrito “Pine Ridge Schools” tiene 3 cuentas de coach activas y 2 licencias de coach compradas en el plan Professional: 1 licencia de más.');
    expect(mail.text).toContain('No se bloquea nada');
  });
});

describe('the scheduled report email (the subscriber\'s language)', () => {
  freezeDateEachTest(PULSE_NOW);

  it('a subscriber who reads Spanish gets the report email in Spanish; the English one stays as it was', async () => {
    const t = await createTestApp();
    const w = await buildPulseWorld(t.db);
    const actor = { districtId: w.admin.district_id!, userId: w.admin.id, impersonatorId: null, ip: null, userAgent: null };
    await createSubscription(t.db, actor, { report: 'interactions', frequency: 'weekly', query: '' }, 'America/Chicago', 'test-secret', PULSE_NOW);
    const mailer = createMemoryMailer();
    const deps = { db: t.db, mailer, appUrl: 'http://coachwell.test', secret: 'test-secret', log: () => undefined };
    await t.db.updateTable('users').set({ locale: 'es' }).where('id', '=', w.admin.id).execute();
    expect(await runDueSubscriptions(deps, new Date('2026-11-23T13:00:30.000Z'))).toMatchObject({ sent: 1 });
    const spanish = mailer.sent[0]!;
    expect(spanish.subject).toMatch(/^Informe semanal: Interacciones, \d{1,2} [a-z]{3} \d{4} – \d{1,2} [a-z]{3} \d{4}$/);
    expect(spanish.text).toContain('Interacciones: ');
    expect(spanish.text).toContain('Educadores alcanzados: ');
    expect(spanish.text).toContain('\nEste año escolar\n');
    expect(spanish.text).toContain('Coach | Interacciones | Horas | Educadores alcanzados | Iniciadas por educadores');
    expect(spanish.text).toContain('Abrir el informe: http://coachwell.test/');
    expect(spanish.text).toContain('Recibe este correo cada lunes porque se suscribió a esta vista del informe en Coachwell.');
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).not.toMatch(/Open the report|Unsubscribe|You get this email/);

    await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', w.admin.id).execute();
    expect(await runDueSubscriptions(deps, new Date('2026-11-30T13:00:30.000Z'))).toMatchObject({ sent: 1 });
    const english = mailer.sent[1]!;
    expect(english.subject).toMatch(/^Weekly report: Interactions, [A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(english.text).toContain('You get this email every Monday because you subscribed to this report view in Coachwell.');
  });
});
