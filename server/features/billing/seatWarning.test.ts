// The seats-over-purchase warning (server/lib/seatWarning.ts) and the writes that call it.
import { beforeEach, describe, expect, it } from 'vitest';
import { warnIfOverSeats } from '../../lib/seatWarning';
import { appWith, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { type BillingSetup, setupBilling } from '../../testing/billing.fixture';
import { buildBuilding, buildUser } from '../../testing/factories';

let t: TestApp;
let s: BillingSetup;
beforeEach(async () => {
  ({ t, w: s } = await appWith((app) => setupBilling(app, { seats: 2 })));
  await t.db.updateTable('districts').set({ billing_contact_email: 'dana@pineridge.example' }).where('id', '=', s.district.id).execute();
});

const coaches = async (n: number) => {
  for (let i = 0; i < n; i++) await buildUser(t.db, { districtId: s.district.id, role: 'coach' });
};
const warn = () => warnIfOverSeats(t.db, t.mailer, s.district.id);
const state = () => t.db.selectFrom('districts').select(['seat_warning_sent_at', 'seat_warning_seats_used']).where('id', '=', s.district.id).executeTakeFirstOrThrow();
/** Moves the last warning back by `hours`, as if it had been sent then. */
const age = (hours: number) => t.db.updateTable('districts')
  .set({ seat_warning_sent_at: new Date(Date.now() - hours * 3600_000).toISOString() }).where('id', '=', s.district.id).execute();

describe('warnIfOverSeats', () => {
  it('sends nothing while active coaches fit the seats (invited and deactivated coaches hold none)', async () => {
    await coaches(2);
    await buildUser(t.db, { districtId: s.district.id, role: 'coach', status: 'invited' });
    await buildUser(t.db, { districtId: s.district.id, role: 'coach', status: 'disabled' });
    expect(await warn()).toBe(false);
    expect(t.mailer.sent).toEqual([]);
    expect(await state()).toEqual({ seat_warning_sent_at: null, seat_warning_seats_used: null });
  });

  it('warns the billing contact and the active district admins once, not again at the same level', async () => {
    await buildUser(t.db, { districtId: s.district.id, role: 'district-admin', email: 'dana@pineridge.example' });
    await buildUser(t.db, { districtId: s.district.id, role: 'district-admin', status: 'disabled' });
    await coaches(3);
    expect(await warn()).toBe(true);
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual(['dana@pineridge.example', s.admin.email].sort());
    const mail = t.mailer.sent[0]!;
    expect(mail.subject).toBe('Coachwell: more coaches than coach seats purchased');
    expect(mail.text).toContain('Your district “Pine Ridge Schools” has 3 active coach logins and 2 coach seats purchased on the Professional plan: 1 seat over.');
    expect(mail.text).toContain('Nothing is blocked');
    expect((await state()).seat_warning_seats_used).toBe(3);

    expect(await warn()).toBe(false);
    await age(30);
    expect(await warn()).toBe(false);
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('warns again at a higher level, but not before a day has passed', async () => {
    await coaches(3);
    await warn();
    t.mailer.sent.length = 0;
    await coaches(1);
    expect(await warn()).toBe(false);
    expect(t.mailer.sent).toEqual([]);
    await age(25);
    expect(await warn()).toBe(true);
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual(['dana@pineridge.example', s.admin.email].sort());
    expect(t.mailer.sent[0]!.text).toContain('has 4 active coach logins and 2 coach seats purchased on the Professional plan: 2 seats over.');
    expect((await state()).seat_warning_seats_used).toBe(4);
  });

  it('back within the seats, the next overage warns again (after a day)', async () => {
    await coaches(3);
    await warn();
    await t.db.updateTable('districts').set({ seats: 5 }).where('id', '=', s.district.id).execute();
    expect(await warn()).toBe(false);
    expect((await state()).seat_warning_seats_used).toBeNull();
    await t.db.updateTable('districts').set({ seats: 2 }).where('id', '=', s.district.id).execute();
    await age(25);
    expect(await warn()).toBe(true);
    expect(t.mailer.sent).toHaveLength(4);
  });

  it('a trial with no seats purchased gets no warning; without a billing contact only the admins are told', async () => {
    await coaches(3);
    await t.db.updateTable('districts').set({ status: 'trial', seats: 0, trial_ends_at: new Date(Date.now() + 86400_000).toISOString() })
      .where('id', '=', s.district.id).execute();
    expect(await warn()).toBe(false);
    await t.db.updateTable('districts').set({ status: 'active', seats: 2, billing_contact_email: null }).where('id', '=', s.district.id).execute();
    expect(await warn()).toBe(true);
    expect(t.mailer.sent.map((m) => m.to)).toEqual([s.admin.email]);
  });

  it('never throws: a failing mailer is logged', async () => {
    await coaches(3);
    const logged: unknown[] = [];
    const failing = { send: async () => { throw new Error('SMTP down'); } };
    expect(await warnIfOverSeats(t.db, failing, s.district.id, (e) => logged.push(e))).toBe(false);
    expect(String(logged[0])).toContain('SMTP down');
  });
});

describe('the writes that add coach seats warn', () => {
  it('PUT /api/user/{id} making an active login a coach', async () => {
    await coaches(2);
    const school = await buildBuilding(t.db, s.district.id);
    const educator = await buildUser(t.db, { districtId: s.district.id, role: 'educator' });
    const res = await s.agent.put(`/api/user/${educator.id}`).set(csrfHeaders(s.agent)).send({ roles: ['coach'], building_ids: [school.id] });
    expect(res.status).toBe(200);
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual(['dana@pineridge.example', s.admin.email].sort());
  });

  it('accepting a coach invitation', async () => {
    await coaches(2);
    const school = await buildBuilding(t.db, s.district.id);
    const invited = await s.agent.post('/api/user').set(csrfHeaders(s.agent)).send({ name: 'Casey Coach', email: 'casey@pineridge.example', roles: ['coach'], building_ids: [school.id] });
    expect(invited.status).toBe(201);
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['casey@pineridge.example']);
    const token = t.mailer.sent[0]!.link!.split('/').at(-1)!;
    const guest = await guestAgent(t.app);
    const accepted = await guest.post(`/api/auth/invite/${token}`).set(csrfHeaders(guest))
      .send({ name: 'Casey Coach', password: 'coach-password', password_confirmation: 'coach-password' });
    expect(accepted.status).toBe(200);
    expect(t.mailer.sent.slice(1).map((m) => m.subject)).toEqual(['Coachwell: more coaches than coach seats purchased', 'Coachwell: more coaches than coach seats purchased']);
  });

  it('reactivating a coach', async () => {
    await coaches(2);
    const school = await buildBuilding(t.db, s.district.id);
    const coach = await buildUser(t.db, { districtId: s.district.id, role: 'coach', status: 'disabled', buildingIds: [school.id] });
    const res = await s.agent.post(`/api/user/${coach.id}/reactivate`).set(csrfHeaders(s.agent)).send({});
    expect(res.status).toBe(200);
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('running the user CSV import that makes an active login a coach', async () => {
    await coaches(2);
    await buildBuilding(t.db, s.district.id, { name: 'North Elementary' });
    await buildUser(t.db, { districtId: s.district.id, role: 'educator', email: 'eli@pineridge.example', name: 'Eli Educator' });
    const provider = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
    const base = `/api/admin/district/${s.district.id}/user-import`;
    const up = await provider.post(`${base}?file_name=people.csv`).set(csrfHeaders(provider)).set('Content-Type', 'text/csv')
      .send('Name,Email,Role,Schools\nEli Educator,eli@pineridge.example,Coach,North Elementary\n');
    expect(up.status).toBe(201);
    expect((await provider.put(`${base}/${up.body.id}/mapping`).set(csrfHeaders(provider)).send({ mapping: up.body.mapping })).status).toBe(200);
    expect((await provider.post(`${base}/${up.body.id}/preview`).set(csrfHeaders(provider)).send({})).status).toBe(200);
    const run = await provider.post(`${base}/${up.body.id}/run`).set(csrfHeaders(provider)).send({});
    expect(run.body).toMatchObject({ status: 'completed', counts: { updated: 1 } });
    expect(t.mailer.sent.map((m) => m.subject)).toEqual(['Coachwell: more coaches than coach seats purchased', 'Coachwell: more coaches than coach seats purchased']);
  });
});
