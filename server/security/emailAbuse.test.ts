// Finding 2 of the security issue: nobody can make Coachwell send unlimited email, and user-chosen
// names in emails can never pass for Coachwell's own words (quoted, never a link, never the sender).
import { sql } from 'kysely';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_LIMITS } from '../../common/constants';
import { USER_MESSAGES } from '../../common/schemas/users';
import { REGISTRATIONS_LIMITED } from '../features/auth/routes';
import { defang, quoted } from '../lib/mailer';
import { createTestApp, csrfHeaders, guestAgent, loginAs, type TestApp } from '../testing/app';
import { buildDistrict, buildUser } from '../testing/factories';

let t: TestApp;

const invite = (agent: Awaited<ReturnType<typeof loginAs>>, email: string, name = 'Pat Person') =>
  agent.post('/api/user').set(csrfHeaders(agent)).send({ name, email, roles: ['educator'], building_ids: [] });

async function register(agent: Awaited<ReturnType<typeof guestAgent>>, districtName: string, email: string, name = 'Trial Owner') {
  return agent.post('/api/auth/register').set(csrfHeaders(agent)).send({
    district_name: districtName, state: 'IL', name, email, password: 'trial-password-1', password_confirmation: 'trial-password-1',
  });
}

describe('finding 2: invitation, resend and migration emails are limited per user, per district and for new trials', () => {
  beforeEach(async () => {
    t = await createTestApp({ rateLimits: true });
  });

  it(`one user sends at most ${EMAIL_LIMITS.invitesPerUserPerHour} invitation emails an hour (migration offers included), then 429 and nothing is sent`, async () => {
    const district = await buildDistrict(t.db);
    const admin = await buildUser(t.db, { districtId: district.id, role: 'district-admin' });
    const agent = await loginAs(t.app, admin);
    await buildUser(t.db, { role: 'coach', email: 'elsewhere@example.org' });
    expect((await invite(agent, 'elsewhere@example.org')).status).toBe(201);
    for (let i = 1; i < EMAIL_LIMITS.invitesPerUserPerHour; i++) expect((await invite(agent, `p${i}@example.org`)).status).toBe(201);
    const refused = await invite(agent, 'one-more@example.org');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: USER_MESSAGES.tooManyInvites, code: 'rate_limited' });
    expect(t.mailer.sent).toHaveLength(EMAIL_LIMITS.invitesPerUserPerHour);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'one-more@example.org').execute()).toHaveLength(0);
    // Another administrator of the same district still can (the district limit is higher).
    const second = await loginAs(t.app, await buildUser(t.db, { districtId: district.id, role: 'district-admin' }));
    expect((await invite(second, 'another@example.org')).status).toBe(201);
  });

  it(`a district sends at most ${EMAIL_LIMITS.invitesPerDistrictPerDay} invitation emails a day, whoever sends them`, async () => {
    const district = await buildDistrict(t.db);
    let sent = 0;
    let last = 0;
    for (let admin = 0; sent < EMAIL_LIMITS.invitesPerDistrictPerDay; admin++) {
      const agent = await loginAs(t.app, await buildUser(t.db, { districtId: district.id, role: 'district-admin' }));
      for (let i = 0; i < EMAIL_LIMITS.invitesPerUserPerHour && sent < EMAIL_LIMITS.invitesPerDistrictPerDay; i++, sent++) {
        last = (await invite(agent, `a${admin}-${i}@example.org`)).status;
      }
    }
    expect(last).toBe(201);
    const fresh = await loginAs(t.app, await buildUser(t.db, { districtId: district.id, role: 'district-admin' }));
    expect((await invite(fresh, 'over@example.org')).status).toBe(429);
    const other = await loginAs(t.app, await buildUser(t.db, { role: 'district-admin' }));
    expect((await invite(other, 'over@example.org')).status).toBe(201);
  });

  it(`one person's invitation is resent at most ${EMAIL_LIMITS.resendsPerPersonPerDay} times a day`, async () => {
    const admin = await buildUser(t.db, { role: 'district-admin' });
    const agent = await loginAs(t.app, admin);
    const { body } = await invite(agent, 'again@example.org');
    for (let i = 0; i < EMAIL_LIMITS.resendsPerPersonPerDay; i++) {
      expect((await agent.post(`/api/user/${body.id}/resend-invite`).set(csrfHeaders(agent))).status).toBe(200);
    }
    const refused = await agent.post(`/api/user/${body.id}/resend-invite`).set(csrfHeaders(agent));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(USER_MESSAGES.tooManyResends);
    expect(t.mailer.sent).toHaveLength(1 + EMAIL_LIMITS.resendsPerPersonPerDay);
  });

  it(`a new trial district invites at most ${EMAIL_LIMITS.trialFirstDayPeople} people on its first day (even with rate limits off)`, async () => {
    t = await createTestApp({ rateLimits: false });
    const agent = await guestAgent(t.app);
    expect((await register(agent, 'Brand New Trial', 'owner@example.org')).status).toBe(201);
    for (let i = 0; i < EMAIL_LIMITS.trialFirstDayPeople; i++) expect((await invite(agent, `t${i}@example.org`)).status).toBe(201);
    const refused = await invite(agent, 'eleventh@example.org');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(USER_MESSAGES.trialInviteLimit);
    // Resending to someone already invited is not a new person.
    const listed = await agent.get('/api/user?filter[status]=invited&per_page=1');
    expect((await agent.post(`/api/user/${listed.body.data[0].id}/resend-invite`).set(csrfHeaders(agent))).status).toBe(200);
    // A day later the limit no longer applies.
    await sql`update districts set created_at = ${new Date(Date.now() - 25 * 3600_000).toISOString()}`.execute(t.db);
    expect((await invite(agent, 'eleventh@example.org')).status).toBe(201);
  });

  it(`one client address registers at most ${EMAIL_LIMITS.registrationsPerAddressPerDay} districts a day`, async () => {
    const agent = await guestAgent(t.app);
    for (let i = 0; i < EMAIL_LIMITS.registrationsPerAddressPerDay; i++) {
      const res = await register(agent, `Trial ${i}`, `owner${i}@example.org`);
      expect(res.status).toBe(201);
      await agent.post('/api/auth/logout').set(csrfHeaders(agent));
    }
    const refused = await register(agent, 'One Too Many', 'owner-extra@example.org');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(REGISTRATIONS_LIMITED);
    expect(await t.db.selectFrom('districts').select('id').where('name', '=', 'One Too Many').execute()).toHaveLength(0);
  });
});

describe('finding 2: user-chosen names in emails are quoted, never a link, never the sender or the subject’s start', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('defang breaks every auto-linkable address and quoted marks the text as someone else’s words', () => {
    expect(defang('Security Team: verify at http://evil.example/login')).toBe('Security Team: verify at http[:]//evil[.]example/login');
    expect(defang('www.evil.com or help@evil.com')).toBe('www[.]evil[.]com or help@evil[.]com');
    expect(defang('St. Mary\'s\nSchools')).toBe('St. Mary\'s Schools');
    expect(quoted('Pine Ridge')).toBe('“Pine Ridge”');
  });

  it('a trial district named like a phishing notice cannot make its invitation or migration offer look like Coachwell’s', async () => {
    const agent = await guestAgent(t.app);
    const name = 'Security Team: verify your account at http://evil.example/login';
    expect((await register(agent, name, 'owner@example.org', 'Coachwell Support www.evil.example')).status).toBe(201);
    await buildUser(t.db, { role: 'coach', email: 'elsewhere@example.org' });
    await invite(agent, 'victim@example.org', 'Dear user, go to https://evil.example');
    await invite(agent, 'elsewhere@example.org');
    expect(t.mailer.sent).toHaveLength(2);
    for (const mail of t.mailer.sent) {
      expect(mail.subject.startsWith('Coachwell')).toBe(true);
      expect(mail.subject).toContain('“Security Team: verify your account at http[:]//evil[.]example/login”');
      expect(Object.keys(mail)).not.toContain('from');
      for (const body of [mail.text, mail.html]) {
        expect(body).not.toMatch(/evil\.example|www\.evil|https?:\/\/evil/);
        expect(body).toContain('“Coachwell Support www[.]evil[.]example”');
      }
      expect(mail.html.match(/<a /g)).toHaveLength(1);
      expect(mail.html).toContain(`href="${mail.link}"`);
    }
    expect(t.mailer.sent[0]!.text).toContain('Hi “Dear user, go to https[:]//evil[.]example”');
  });

  it('the password-reset email quotes the person’s name (a name an administrator typed in)', async () => {
    await buildUser(t.db, { role: 'coach', email: 'named@example.org', name: 'Coachwell Security: visit http://evil.example now' });
    const agent = await guestAgent(t.app);
    const res = await agent.post('/api/auth/password-reset').set(csrfHeaders(agent)).send({ email: 'named@example.org', area: 'app' });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(t.mailer.sent).toHaveLength(1));
    const mail = t.mailer.sent[0]!;
    expect(mail.text).toContain('Hi “Coachwell Security: visit http[:]//evil[.]example now”, we received a request');
    expect(mail.html).not.toMatch(/http:\/\/evil|evil\.example/);
  });
});
