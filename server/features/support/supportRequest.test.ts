// "Contact support" (issue 26): POST /api/support-request emails the provider's support address
// (SUPPORT_EMAIL) with the person, their district and the page they came from; limited per person and
// per district; refused to guests (401), provider staff (403) and impersonated sessions (403); audited.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_LIMITS, SUPPORT_MESSAGES as M } from '../../../common/schemas/support';
import { loadConfig } from '../../config';
import { createTestApp, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { buildDistrict, buildUser } from '../../testing/factories';
import { auditOf, impersonating, providerAdmin } from '../../testing/alerts.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

const VALID = { subject: 'Import stuck at preview', message: 'The preview says 3 rows with errors.\nWhich column is wrong?', page: '/app/settings/export-import?step=2' };

async function coachOf(districtName = 'Maple Grove USD', email = 'priya@maplegrove.example') {
  const district = await buildDistrict(t.db, { name: districtName, planKey: 'professional', state: 'MN' });
  const user = await buildUser(t.db, { role: 'coach', districtId: district.id, name: 'Priya Shah', email });
  return { district, user, agent: await loginAs(t.app, user) };
}

const post = (agent: Awaited<ReturnType<typeof guestAgent>>, body: object) =>
  agent.post('/api/support-request').set(csrfHeaders(agent)).send(body);

describe('POST /api/support-request', () => {
  it('401 for a guest, 419 without the CSRF token; nothing is sent', async () => {
    const guest = await guestAgent(t.app);
    const res = await post(guest, VALID);
    expect(res.status).toBe(401);
    const { agent } = await coachOf();
    expect((await agent.post('/api/support-request').set('X-Requested-With', 'XMLHttpRequest').send(VALID)).status).toBe(419);
    expect(t.mailer.sent).toEqual([]);
  });

  it('422 naming each field: subject and message required, too long, page not an address in Coachwell', async () => {
    const { agent } = await coachOf();
    const empty = await post(agent, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ subject: ['Subject is required.'], message: ['Message is required.'] });

    const blank = await post(agent, { subject: '   ', message: '\n', page: 'https://evil.example/phish' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ subject: ['Subject is required.'], message: ['Message is required.'], page: [M.page] });

    const long = await post(agent, { subject: 'x'.repeat(151), message: 'y'.repeat(5001), page: '//evil.example' });
    expect(long.body.errors).toEqual({
      subject: ['Subject must be at most 150 characters.'], message: ['Message must be at most 5000 characters.'], page: [M.page],
    });
    expect((await post(agent, { ...VALID, page: 42 })).body.errors).toEqual({ page: [M.page] });
    expect(t.mailer.sent).toEqual([]);
    expect(await auditOf(t, 'support_request_sent')).toEqual([]);
  });

  it('403 for provider staff (no district to write from)', async () => {
    const { agent } = await providerAdmin(t);
    const res = await post(agent, VALID);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.districtOnly);
    expect(t.mailer.sent).toEqual([]);
  });

  it('403 while impersonating: the provider cannot write in the district person\'s name', async () => {
    const { user } = await coachOf();
    const staff = await impersonating(t, user.id);
    const res = await post(staff.agent, VALID);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.impersonating);
    expect(t.mailer.sent).toEqual([]);
    expect(await auditOf(t, 'support_request_sent')).toEqual([]);
  });

  it('201: emails the support address with the person, district and page; the reply goes to the person; audited', async () => {
    const { district, user, agent } = await coachOf();
    const res = await post(agent, VALID);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Thanks, your message is on its way to Coachwell support. The answer will come by email to priya@maplegrove.example.',
      sent_to: 'support@coachwell.example',
      reply_to: 'priya@maplegrove.example',
    });
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('support@coachwell.example');
    expect(mail.replyTo).toBe('priya@maplegrove.example');
    expect(mail.subject).toBe('Support request from Maple Grove USD: Import stuck at preview');
    expect(mail.text).toContain('Priya Shah of Maple Grove USD wrote to support:');
    expect(mail.text).toContain('The preview says 3 rows with errors.\nWhich column is wrong?');
    expect(mail.text).toContain('From: Priya Shah <priya@maplegrove.example>');
    expect(mail.text).toContain('Role: Coach');
    expect(mail.text).toContain(`District: Maple Grove USD (id ${district.id}, MN), Professional plan, active`);
    expect(mail.text).toContain('Page: http://coachwell.test/app/settings/export-import?step=2');
    expect(mail.html).toContain('<th style="text-align:left;padding-right:12px">Page</th><td>http://coachwell.test/app/settings/export-import?step=2</td>');

    const audit = await auditOf(t, 'support_request_sent');
    expect(audit).toEqual([expect.objectContaining({
      district_id: district.id, actor_id: user.id, impersonator_id: null, subject_type: 'user', subject_id: user.id,
      details: { subject: 'Import stuck at preview', page: '/app/settings/export-import?step=2', to: 'support@coachwell.example' },
    })]);
  });

  it('the person\'s words are escaped in the HTML part and cannot add mail headers through the subject', async () => {
    const { agent } = await coachOf();
    const res = await post(agent, { subject: 'Help\r\nBcc: everyone@example.org', message: '<script>alert(1)</script> & <b>bold</b>' });
    expect(res.status).toBe(201);
    const mail = t.mailer.sent[0]!;
    expect(mail.subject).toBe('Support request from Maple Grove USD: Help Bcc: everyone@example.org');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
    // No page sent: the email says so.
    expect(mail.text).toContain('Page: not known');
  });

  it('SUPPORT_EMAIL chooses the address (default support@coachwell.example); a malformed one stops the start', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).supportEmail).toBe('support@coachwell.example');
    expect(loadConfig({ NODE_ENV: 'test', SUPPORT_EMAIL: ' help@provider.example ' }).supportEmail).toBe('help@provider.example');
    expect(() => loadConfig({ NODE_ENV: 'test', SUPPORT_EMAIL: 'a@b.example, c@d.example' })).toThrow('SUPPORT_EMAIL must be one email address');
  });

  it('works after the district\'s trial has ended (the way to reach a person stays open)', async () => {
    const { district, agent } = await coachOf();
    await t.db.updateTable('districts').set({ status: 'trial', trial_ends_at: new Date(Date.now() - 86_400_000).toISOString() }).where('id', '=', district.id).execute();
    const res = await post(agent, VALID);
    expect(res.status).toBe(201);
    expect(t.mailer.sent).toHaveLength(1);
  });
});

describe('POST /api/support-request rate limits', () => {
  beforeEach(async () => {
    t = await createTestApp({ rateLimits: true });
  });

  it('answers a person who reads Spanish in Spanish: the thanks, the missing fields and the limit (issue 33)', async () => {
    const { user, agent } = await coachOf();
    await t.db.updateTable('users').set({ locale: 'es' }).where('id', '=', user.id).execute();
    const missing = await post(agent, { ...VALID, subject: '', message: '' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ subject: ['El asunto es obligatorio.'], message: ['El mensaje es obligatorio.'] });
    const res = await post(agent, VALID);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Gracias, su mensaje va camino del equipo de soporte de Coachwell. La respuesta llegará por correo electrónico a priya@maplegrove.example.');
    for (let i = 1; i < SUPPORT_LIMITS.perUserPerHour; i += 1) expect((await post(agent, VALID)).status).toBe(201);
    const limited = await post(agent, VALID);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(`Ha enviado ${SUPPORT_LIMITS.perUserPerHour} mensajes a soporte en la última hora (su distrito puede enviar ${SUPPORT_LIMITS.perDistrictPerDay} al día). Espere un rato antes de enviar otro, o escriba directamente al correo de soporte.`);
  });

  it(`429 after ${SUPPORT_LIMITS.perUserPerHour} messages from one person in an hour, with Retry-After; nothing more is sent or audited`, async () => {
    const { agent, district } = await coachOf();
    for (let i = 0; i < SUPPORT_LIMITS.perUserPerHour; i += 1) expect((await post(agent, VALID)).status).toBe(201);
    const res = await post(agent, VALID);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(M.tooMany);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(t.mailer.sent).toHaveLength(SUPPORT_LIMITS.perUserPerHour);
    expect(await auditOf(t, 'support_request_sent')).toHaveLength(SUPPORT_LIMITS.perUserPerHour);
    // A colleague in the same district can still write.
    const colleague = await buildUser(t.db, { role: 'educator', districtId: district.id });
    expect((await post(await loginAs(t.app, colleague), VALID)).status).toBe(201);
  });

  it(`429 for everyone in a district after ${SUPPORT_LIMITS.perDistrictPerDay} messages in a day; another district is not affected`, async () => {
    const { district } = await coachOf();
    let sent = 0;
    let answer = 0;
    for (let person = 0; answer !== 429; person += 1) {
      const user = await buildUser(t.db, { role: 'coach', districtId: district.id });
      const agent = await loginAs(t.app, user);
      for (let i = 0; i < SUPPORT_LIMITS.perUserPerHour && answer !== 429; i += 1) {
        answer = (await post(agent, VALID)).status;
        if (answer === 201) sent += 1;
      }
    }
    expect(sent).toBe(SUPPORT_LIMITS.perDistrictPerDay);
    const other = await coachOf('Cedar Falls CSD', 'casey@cedarfalls.example');
    expect((await post(other.agent, VALID)).status).toBe(201);
  });
});
