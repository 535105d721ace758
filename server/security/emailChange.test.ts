// Finding 12 of the security issue: a changed email is verified. PUT /api/account/email sends a
// confirmation link to the new address and a notice to the old one; the change takes effect when the
// link is followed, and then every other session of the person ends.
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../common/schemas/account';
import { createTestApp, csrfHeaders, guestAgent, loginAs, TEST_PASSWORD, type TestApp } from '../testing/app';
import { expectFieldError } from '../testing/checks';
import { buildUser } from '../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const emailOf = async (id: number) => (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
const tokenOf = (link: string) => link.split('/').at(-1)!;

async function requestChange(email = 'New.Address@Example.org') {
  const user = await buildUser(t.db, { email: 'old@example.org', name: 'Olive Owner' });
  const laptop = await loginAs(t.app, user);
  const phone = await loginAs(t.app, user);
  const res = await laptop.put('/api/account/email').set(csrfHeaders(laptop)).send({ email, current_password: TEST_PASSWORD });
  return { user, laptop, phone, res };
}

const confirm = (agent: Awaited<ReturnType<typeof guestAgent>>, token: string) =>
  agent.post('/api/account/email/confirm').set(csrfHeaders(agent)).send({ token });

describe('finding 12: a new email takes effect only when confirmed from the new inbox', () => {
  it('PUT answers 202 "check your inbox", changes nothing yet, emails a link to the new address and a notice to the old one', async () => {
    const { user, res } = await requestChange();
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent('new.address@example.org'), pending_email: 'new.address@example.org' });
    expect(await emailOf(user.id)).toBe('old@example.org');

    const [link, notice] = t.mailer.sent;
    expect(link).toMatchObject({ to: 'new.address@example.org', subject: 'Confirm your new Coachwell email' });
    expect(link!.link).toMatch(/^http:\/\/coachwell\.test\/app\/auth\/confirm-email\/[\w-]{43}$/);
    expect(link!.text).toContain('expires in 24 hours');
    expect(notice).toMatchObject({ to: 'old@example.org', subject: 'Your Coachwell email is being changed' });
    expect(notice!.text).toContain('new[.]address@example[.]org');
    const row = await t.db.selectFrom('email_changes').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, new_email: 'new.address@example.org', confirmed_at: null, revoked_at: null });
    expect(row.token_hash).not.toBe(tokenOf(link!.link!));
    // Still signs in with the old address until confirmed.
    await loginAs(t.app, user);
  });

  it('following the link changes the email, ends every other session, works once and is audited', async () => {
    const { user, laptop, phone } = await requestChange();
    const token = tokenOf(t.mailer.sent[0]!.link!);
    const res = await confirm(laptop, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.emailChanged('new.address@example.org'), email: 'new.address@example.org' });
    expect(await emailOf(user.id)).toBe('new.address@example.org');
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    const again = await confirm(laptop, token);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.emailChangeInvalid);
    const [audit] = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'email_changed').execute();
    expect(JSON.parse(audit!.details!)).toEqual({ from: 'old@example.org', to: 'new.address@example.org' });
    await loginAs(t.app, { email: 'new.address@example.org', district_id: user.district_id });
  });

  it('a guest browser (another device) may follow the link; then every session of the person ends', async () => {
    const { user, laptop, phone } = await requestChange();
    const guest = await guestAgent(t.app);
    expect((await confirm(guest, tokenOf(t.mailer.sent[0]!.link!))).status).toBe(200);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect(await emailOf(user.id)).toBe('new.address@example.org');
  });

  it('404 for an unknown, expired, replaced or used link; 409 when the address was taken meanwhile', async () => {
    const { user, laptop } = await requestChange();
    const guest = await guestAgent(t.app);
    const first = tokenOf(t.mailer.sent[0]!.link!);
    expect((await confirm(guest, 'not-a-token')).status).toBe(404);
    // A second request replaces the first link.
    await laptop.put('/api/account/email').set(csrfHeaders(laptop)).send({ email: 'second@example.org', current_password: TEST_PASSWORD });
    expect((await confirm(guest, first)).status).toBe(404);
    const second = tokenOf(t.mailer.sent.at(-2)!.link!);
    await buildUser(t.db, { email: 'second@example.org' });
    const taken = await confirm(guest, second);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(ACCOUNT_MESSAGES.emailTakenMeanwhile);
    expect(await emailOf(user.id)).toBe('old@example.org');
    await laptop.put('/api/account/email').set(csrfHeaders(laptop)).send({ email: 'third@example.org', current_password: TEST_PASSWORD });
    await t.db.updateTable('email_changes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await confirm(guest, tokenOf(t.mailer.sent.at(-2)!.link!))).status).toBe(404);
  });

  it('422 for a missing token or the same address; a deactivated login cannot confirm', async () => {
    const guest = await guestAgent(t.app);
    const missing = await guest.post('/api/account/email/confirm').set(csrfHeaders(guest)).send({});
    expectFieldError(missing, 'token', 'The confirmation link is incomplete.');
    const { user, laptop } = await requestChange();
    const same = await laptop.put('/api/account/email').set(csrfHeaders(laptop)).send({ email: 'OLD@example.org', current_password: TEST_PASSWORD });
    expectFieldError(same, 'email', ACCOUNT_MESSAGES.emailUnchanged);
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
    expect((await confirm(guest, tokenOf(t.mailer.sent[0]!.link!))).status).toBe(404);
  });
});
