// Findings 1, 3, 7 and 10 of the security issue: who holds an email, what an invite reveals, and
// what an account migration may do. The rule: only an ACTIVE login holds an email; invited and
// deactivated rows are each district's own records.
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../common/schemas/users';
import { createTestApp, csrfHeaders, guestAgent, loginAs, TEST_PASSWORD, type TestAgent, type TestApp } from '../testing/app';
import { buildBuilding, buildCoachAssignment, buildDistrict, buildStaff, buildUser } from '../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

/** A district with a signed-in administrator (and a school). */
async function districtWithAdmin(name: string) {
  const district = await buildDistrict(t.db, { name });
  const school = await buildBuilding(t.db, district.id);
  const admin = await buildUser(t.db, { districtId: district.id, role: 'district-admin', name: `${name} Admin` });
  return { district, school, admin, agent: await loginAs(t.app, admin) };
}

/** A guest registers a trial district and is signed in as its administrator. */
async function registerTrial(districtName: string, email = `owner-${Math.random().toString(36).slice(2)}@example.org`) {
  const agent = await guestAgent(t.app);
  const res = await agent.post('/api/auth/register').set(csrfHeaders(agent)).send({
    district_name: districtName, state: 'IL', name: 'Trial Owner', email, password: 'trial-password-1', password_confirmation: 'trial-password-1',
  });
  return { res, agent };
}

const invite = (agent: TestAgent, email: string, name = 'Pat Person') =>
  agent.post('/api/user').set(csrfHeaders(agent)).send({ name, email, roles: ['educator'], building_ids: [] });

const mailTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);
const rowsFor = (email: string) => t.db.selectFrom('users').select(['id', 'district_id', 'status']).where('email', '=', email).orderBy('id').execute();

async function acceptInvite(link: string, password = 'new-password-1') {
  const guest = await guestAgent(t.app);
  const token = link.split('/').at(-1)!;
  return guest.post(`/api/auth/invite/${token}`).set(csrfHeaders(guest)).send({ name: 'Pat Person', password, password_confirmation: password });
}

describe('finding 1: an invite that was revoked, expired or never accepted, or a deactivated login, holds no email', () => {
  it('a revoked invite of a trial district does not stop another district inviting, nor the person registering', async () => {
    const { agent: trial } = await registerTrial('Sneaky Trial');
    const first = await invite(trial, 'held@example.org');
    expect(first.status).toBe(201);
    expect((await trial.post(`/api/user/${first.body.id}/revoke-invite`).set(csrfHeaders(trial))).status).toBe(200);

    const other = await districtWithAdmin('Harbor Schools');
    const res = await invite(other.agent, 'held@example.org');
    expect(res.status).toBe(201);
    expect(mailTo('held@example.org').at(-1)!.link).toMatch(/\/app\/auth\/invite\//);
    // The person can also register a district of their own.
    expect((await registerTrial('My Own District', 'held@example.org')).res.status).toBe(201);
  });

  it('an expired or still-open invite elsewhere holds nothing: both districts invite, the first accepted wins', async () => {
    const a = await districtWithAdmin('Alder Schools');
    const b = await districtWithAdmin('Birch Schools');
    expect((await invite(a.agent, 'both@example.org')).status).toBe(201);
    await t.db.updateTable('invites').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await invite(b.agent, 'both@example.org')).status).toBe(201);
    const c = await districtWithAdmin('Cedar Schools');
    expect((await invite(c.agent, 'both@example.org')).status).toBe(201); // B's invite is still open
    expect(await rowsFor('both@example.org')).toHaveLength(3);

    // The person accepts Cedar's invitation; Birch's open link then refuses, and Birch still lists an invite.
    const links = mailTo('both@example.org').map((m) => m.link!);
    expect((await acceptInvite(links[2]!)).status).toBe(200);
    const late = await acceptInvite(links[1]!);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(USER_MESSAGES.inviteLoginExists);
    expect((await rowsFor('both@example.org')).map((r) => r.status)).toEqual(['invited', 'invited', 'active']);
    // Birch resends: the person now has a login, so the new email offers to move it.
    const birchRow = (await rowsFor('both@example.org'))[1]!;
    expect((await b.agent.post(`/api/user/${birchRow.id}/resend-invite`).set(csrfHeaders(b.agent))).status).toBe(200);
    expect(mailTo('both@example.org').at(-1)!.link).toMatch(/\/migrate-account\//);
  });

  it('a deactivated login elsewhere holds nothing: the new district gets its own login, the old keeps its row', async () => {
    const a = await districtWithAdmin('Alder Schools');
    const gone = await buildUser(t.db, { districtId: a.district.id, role: 'coach', email: 'gone@example.org', buildingIds: [a.school.id] });
    expect((await a.agent.post(`/api/user/${gone.id}/deactivate`).set(csrfHeaders(a.agent))).status).toBe(200);

    const b = await districtWithAdmin('Birch Schools');
    expect((await invite(b.agent, 'gone@example.org')).status).toBe(201);
    const mail = mailTo('gone@example.org').at(-1)!;
    expect(mail.link).toMatch(/\/app\/auth\/invite\//);
    expect((await acceptInvite(mail.link!)).status).toBe(200);
    expect(await rowsFor('gone@example.org')).toEqual([
      { id: gone.id, district_id: a.district.id, status: 'disabled' },
      { id: expect.any(Number), district_id: b.district.id, status: 'active' },
    ]);
    const list = await a.agent.get('/api/user?filter[status]=disabled');
    expect(list.body.data.map((u: { id: number }) => u.id)).toEqual([gone.id]);
    // Signing in reaches the active login in Birch.
    const me = await (await loginAs(t.app, { email: 'gone@example.org', district_id: b.district.id }, 'new-password-1')).get('/api/auth/user');
    expect(me.body.district.name).toBe('Birch Schools');
  });

  it('the deactivated email can register a new district', async () => {
    await buildUser(t.db, { email: 'left@example.org', status: 'disabled' });
    expect((await registerTrial('Fresh Start', 'left@example.org')).res.status).toBe(201);
  });

  it('reactivating a login whose email became another district’s login turns it into an invitation; resending offers the move', async () => {
    const a = await districtWithAdmin('Alder Schools');
    const gone = await buildUser(t.db, { districtId: a.district.id, role: 'educator', email: 'back@example.org', status: 'disabled' });
    await buildUser(t.db, { role: 'educator', email: 'back@example.org' }); // active elsewhere now
    const res = await a.agent.post(`/api/user/${gone.id}/reactivate`).set(csrfHeaders(a.agent));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('invited');
    expect(mailTo('back@example.org')).toHaveLength(0);
    expect((await a.agent.post(`/api/user/${gone.id}/resend-invite`).set(csrfHeaders(a.agent))).status).toBe(200);
    expect(mailTo('back@example.org').at(-1)!.link).toMatch(/\/migrate-account\//);
  });
});

describe('finding 3: POST /api/user answers the same whatever the address is elsewhere', () => {
  it('fresh, provider staff, login elsewhere, pending or revoked invite elsewhere, deactivated elsewhere: one answer, the right email out of band', async () => {
    const { agent: trial } = await registerTrial('Probe District');
    await buildUser(t.db, { role: 'provider-admin', email: 'staff@coachwell.example' });
    await buildUser(t.db, { role: 'coach', email: 'elsewhere@example.org' });
    await buildUser(t.db, { role: 'coach', email: 'pending@example.org', status: 'invited' });
    await buildUser(t.db, { role: 'coach', email: 'disabled@example.org', status: 'disabled' });
    const cases = {
      'fresh@example.org': /\/app\/auth\/invite\//,
      'staff@coachwell.example': null,
      'elsewhere@example.org': /\/migrate-account\//,
      'pending@example.org': /\/app\/auth\/invite\//,
      'disabled@example.org': /\/app\/auth\/invite\//,
    } as const;
    const shapes = [];
    for (const [email, link] of Object.entries(cases)) {
      const before = mailTo(email).length;
      const res = await invite(trial, email, 'Probe Person');
      expect(res.status, email).toBe(201);
      const { id, email: answered, invite: inv, ...rest } = res.body;
      expect(answered).toBe(email);
      expect(typeof id).toBe('number');
      expect(inv).toEqual({ expires_at: expect.any(String), expired: false });
      shapes.push({ keys: Object.keys(res.body).sort(), rest });
      const sent = mailTo(email).slice(before);
      if (link === null) expect(sent, email).toHaveLength(0);
      else {
        expect(sent, email).toHaveLength(1);
        expect(sent[0]!.link).toMatch(link);
      }
    }
    for (const shape of shapes) expect(shape).toEqual(shapes[0]);
    // The inviting district's list shows each as an ordinary invitation.
    const list = await trial.get('/api/user?filter[status]=invited');
    expect(list.body.meta.total).toBe(5);
    expect(new Set(list.body.data.map((u: { invite: unknown }) => JSON.stringify(Object.keys(u.invite as object))))).toEqual(new Set(['["expires_at","expired"]']));
    // Nothing in the inviting district's audit trail names the other districts or the kind of email.
    const audit = await t.db.selectFrom('audit_log').select(['action', 'details']).where('district_id', '=', list.body.data[0] ? (await t.db.selectFrom('users').select('district_id').where('id', '=', list.body.data[0].id).executeTakeFirstOrThrow()).district_id : -1).execute();
    expect(audit.map((a) => a.action).filter((a) => a !== 'district_registered' && a !== 'login')).toEqual(Array(5).fill('user_invited'));
  });
});

/** A person signed in to Old Town (a coach with a caseload) and New Valley inviting the same email. */
async function migrationSetup(opts: { role?: string } = {}) {
  const oldTown = await districtWithAdmin('Old Town Schools');
  const person = await buildUser(t.db, {
    districtId: oldTown.district.id, role: opts.role ?? 'coach', email: 'pat@example.org', name: 'Pat Mover', buildingIds: [oldTown.school.id],
  });
  const educator = await buildStaff(t.db, { districtId: oldTown.district.id, buildingId: oldTown.school.id });
  const caseload = await buildCoachAssignment(t.db, { districtId: oldTown.district.id, coachId: person.id, staffId: educator.id, startDate: '2025-08-18' });
  const newValley = await districtWithAdmin('New Valley Unified');
  expect((await invite(newValley.agent, 'pat@example.org')).status).toBe(201);
  const token = mailTo('pat@example.org').at(-1)!.link!.split('/').at(-1)!;
  return { oldTown, person, caseload, newValley, token };
}

const confirmMigration = async (token: string, password = TEST_PASSWORD) => {
  const guest = await guestAgent(t.app);
  return guest.post(`/api/account-migration/${token}`).set(csrfHeaders(guest)).send({ password });
};

describe('finding 7: the last active administrator of a district cannot migrate away', () => {
  it('refuses with a clear message, and nothing changes', async () => {
    const lonely = await buildDistrict(t.db, { name: 'Lonely District' });
    await buildUser(t.db, { districtId: lonely.id, role: 'district-admin', email: 'only@example.org' });
    const b = await districtWithAdmin('Grabby Schools');
    await invite(b.agent, 'only@example.org');
    const token = mailTo('only@example.org').at(-1)!.link!.split('/').at(-1)!;
    const res = await confirmMigration(token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(USER_MESSAGES.migrationLastAdmin);
    expect((await rowsFor('only@example.org')).map((r) => [r.district_id, r.status])).toEqual([[lonely.id, 'active'], [b.district.id, 'invited']]);
    expect((await t.db.selectFrom('account_migrations').select('accepted_at').executeTakeFirstOrThrow()).accepted_at).toBeNull();
  });

  it('lets an administrator move once another active administrator remains', async () => {
    const s = await migrationSetup({ role: 'district-admin' });
    expect((await confirmMigration(s.token)).status).toBe(200);
  });
});

describe('finding 10: a deactivated login is never migrated; the old district keeps its user', () => {
  it('a migration link stops working once the former district deactivates the login', async () => {
    const s = await migrationSetup();
    expect((await s.oldTown.agent.post(`/api/user/${s.person.id}/deactivate`).set(csrfHeaders(s.oldTown.agent))).status).toBe(200);
    const guest = await guestAgent(t.app);
    expect((await guest.get(`/api/account-migration/${s.token}`)).status).toBe(404);
    expect((await confirmMigration(s.token)).status).toBe(404);
    expect((await rowsFor('pat@example.org')).map((r) => r.status)).toEqual(['disabled', 'invited']);
  });

  it('an accepted migration leaves the old district its user row (deactivated), history and audit', async () => {
    const s = await migrationSetup();
    expect((await confirmMigration(s.token)).status).toBe(200);
    const rows = await rowsFor('pat@example.org');
    expect(rows).toEqual([
      { id: s.person.id, district_id: s.oldTown.district.id, status: 'disabled' },
      { id: expect.any(Number), district_id: s.newValley.district.id, status: 'active' },
    ]);
    const oldList = await s.oldTown.agent.get(`/api/user/${s.person.id}`);
    expect(oldList.status).toBe(200);
    expect(oldList.body.status).toBe('disabled');
    const history = await t.db.selectFrom('coach_assignments').select(['coach_id', 'end_date']).where('id', '=', s.caseload.id).executeTakeFirstOrThrow();
    expect(history.coach_id).toBe(s.person.id);
    expect(history.end_date).not.toBeNull();
  });
});
