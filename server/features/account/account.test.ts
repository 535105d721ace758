import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, loginAs, TEST_PASSWORD, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('PUT /api/account/profile', () => {
  const valid = { name: 'Renamed Person', date_locale: 'es', timezone: 'America/New_York' };

  itRequiresLogin(() => t.app, 'put', '/api/account/profile', () => valid);

  it('419 without the CSRF token', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    expect((await agent.put('/api/account/profile').set('X-Requested-With', 'XMLHttpRequest').send(valid)).status).toBe(419);
  });

  it.each([
    ['name', '', 'Name is required.'],
    ['date_locale', 'xx-YY', 'Choose a date language from the list.'],
    ['timezone', 'Mars/Olympus', 'Choose a valid timezone.'],
  ])('422 when %s is %j, nothing changes', async (field, value, message) => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const res = await agent.put('/api/account/profile').set(csrfHeaders(agent)).send({ ...valid, [field]: value });
    expectFieldError(res, field, message);
    const row = await t.db.selectFrom('users').select(['name', 'date_locale']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: user.name, date_locale: 'en-US' });
  });

  it('saves name, date language and timezone', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const res = await agent.put('/api/account/profile').set(csrfHeaders(agent)).send(valid);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(valid);
    const row = await t.db.selectFrom('users').select(['name', 'date_locale', 'timezone']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual(valid);
  });

  it('the interface language (issue 33): the district\'s until the person chooses; 422 naming locale otherwise; errors answered in it', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    expect((await agent.get('/api/auth/user')).body.locale).toBe('en');
    await t.db.updateTable('districts').set({ settings: JSON.stringify({ language: 'es' }) }).where('id', '=', user.district_id!).execute();
    expect((await agent.get('/api/auth/user')).body.locale).toBe('es');
    // In Spanish now: a validation error names the field, in the person's language.
    const bad = await agent.put('/api/account/profile').set(csrfHeaders(agent)).send({ ...valid, locale: 'fr' });
    expectFieldError(bad, 'locale', 'Elija English o Español como su idioma.');
    expect((await t.db.selectFrom('users').select('locale').where('id', '=', user.id).executeTakeFirstOrThrow()).locale).toBeNull();

    const english = await agent.put('/api/account/profile').set(csrfHeaders(agent)).send({ ...valid, locale: 'en' });
    expect(english.status).toBe(200);
    expect(english.body.locale).toBe('en');
    expect((await t.db.selectFrom('users').select('locale').where('id', '=', user.id).executeTakeFirstOrThrow()).locale).toBe('en');
    // Absent: unchanged; the person's own choice outranks the district's.
    expect((await agent.put('/api/account/profile').set(csrfHeaders(agent)).send(valid)).body.locale).toBe('en');
    expectFieldError(await agent.put('/api/account/profile').set(csrfHeaders(agent)).send({ ...valid, name: '' }), 'name', 'Name is required.');

    await agent.put('/api/account/profile').set(csrfHeaders(agent)).send({ ...valid, locale: 'es' });
    expectFieldError(await agent.put('/api/account/profile').set(csrfHeaders(agent)).send({ ...valid, name: '' }), 'name', 'El nombre es obligatorio.');
  });

  it('a guest is answered in the browser\'s language, or the language cookie\'s', async () => {
    const asGuest = (headers: Record<string, string>) => request(t.app).get('/api/district').set(headers);
    const english = await asGuest({ 'Accept-Language': 'fr-FR, en;q=0.5' });
    expect(english.status).toBe(401);
    expect(english.body.message).toBe('You need to sign in to continue.');
    const spanish = await asGuest({ 'Accept-Language': 'es-PR, en;q=0.5' });
    expect(spanish.status).toBe(401);
    expect(spanish.body).toEqual({ message: 'Inicie sesión para continuar.', code: 'unauthenticated' });
    expect((await asGuest({ 'Accept-Language': 'es', Cookie: 'cw_lang=en' })).body.message).toBe('You need to sign in to continue.');
    expect((await asGuest({ 'Accept-Language': 'en-US', Cookie: 'cw_lang=es' })).body.message).toBe('Inicie sesión para continuar.');
  });
});

describe('PUT /api/account/email', () => {
  it('422 with a wrong current password, and when the email is taken', async () => {
    const user = await buildUser(t.db);
    const other = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const wrong = await agent.put('/api/account/email').set(csrfHeaders(agent)).send({ email: 'new@example.org', current_password: 'nope' });
    expectFieldError(wrong, 'current_password', 'The password is incorrect.');
    const taken = await agent.put('/api/account/email').set(csrfHeaders(agent)).send({ email: other.email, current_password: TEST_PASSWORD });
    expectFieldError(taken, 'email', 'Another account already uses this email.');
    const row = await t.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(user.email);
  });

  it('with the right password, asks the new address (lower-case) to confirm; the change waits for it (see server/security/emailChange.test.ts)', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const res = await agent.put('/api/account/email').set(csrfHeaders(agent)).send({ email: 'New.Address@Example.org', current_password: TEST_PASSWORD });
    expect(res.status).toBe(202);
    expect(res.body.pending_email).toBe('new.address@example.org');
    expect((await t.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email).toBe(user.email);
  });

  it('403 while impersonating', async () => {
    const staff = await buildUser(t.db, { role: 'provider-admin' });
    const target = await buildUser(t.db);
    const agent = await loginAs(t.app, staff);
    await agent.post('/api/auth/impersonate').set(csrfHeaders(agent)).send({ user_id: target.id });
    const res = await agent.put('/api/account/email').set(csrfHeaders(agent)).send({ email: 'x@example.org', current_password: TEST_PASSWORD });
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/account/password', () => {
  it('422 for each bad field', async () => {
    const user = await buildUser(t.db);
    const agent = await loginAs(t.app, user);
    const short = await agent.put('/api/account/password').set(csrfHeaders(agent)).send({ current_password: TEST_PASSWORD, password: 'short', password_confirmation: 'short' });
    expect(short.body.errors.password).toEqual(['Password must be at least 10 characters.']);
    const mismatch = await agent.put('/api/account/password').set(csrfHeaders(agent)).send({ current_password: TEST_PASSWORD, password: 'long-enough-1', password_confirmation: 'long-enough-2' });
    expect(mismatch.body.errors.password_confirmation).toEqual(['The passwords do not match.']);
    const wrong = await agent.put('/api/account/password').set(csrfHeaders(agent)).send({ current_password: 'wrong', password: 'long-enough-1', password_confirmation: 'long-enough-1' });
    expectFieldError(wrong, 'current_password', 'The password is incorrect.');
  });

  it('changes the password and ends the other sessions but not this one', async () => {
    const user = await buildUser(t.db);
    const laptop = await loginAs(t.app, user);
    const phone = await loginAs(t.app, user);
    const res = await laptop.put('/api/account/password').set(csrfHeaders(laptop)).send({ current_password: TEST_PASSWORD, password: 'a-new-password', password_confirmation: 'a-new-password' });
    expect(res.status).toBe(200);
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    await loginAs(t.app, user, 'a-new-password');
  });
});
