import { beforeEach, describe, expect, it } from 'vitest';
import { accountPreferencesAnswer } from '../../../common/schemas/answers/messages';
import { createTestApp, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const digestRow = (userId: number) => t.db.selectFrom('action_step_digests').select(['district_id', 'weekly_email']).where('user_id', '=', userId).executeTakeFirst();
const auditRows = (userId: number) => t.db.selectFrom('audit_log').select(['action', 'actor_id', 'district_id', 'details'])
  .where('action', '=', 'account_preferences_updated').where('subject_id', '=', userId).execute();

describe('GET /api/account/preferences', () => {
  itRequiresLogin(() => t.app, 'get', '/api/account/preferences');

  it('403 for provider staff (a district login\'s setting)', async () => {
    const staff = await buildUser(t.db, { role: 'provider-admin' });
    const agent = await loginAs(t.app, staff);
    expect((await agent.get('/api/account/preferences')).status).toBe(403);
  });

  it('the weekly action-step email is on by default (no row yet)', async () => {
    const teacher = await buildUser(t.db, { role: 'educator' });
    const agent = await loginAs(t.app, teacher);
    const res = await agent.get('/api/account/preferences');
    expect(res.status).toBe(200);
    expect(accountPreferencesAnswer.parse(res.body)).toEqual({ action_step_digest: true });
    expect(await digestRow(teacher.id)).toBeUndefined();
  });
});

describe('PUT /api/account/preferences', () => {
  itRequiresLogin(() => t.app, 'put', '/api/account/preferences', () => ({ action_step_digest: false }));

  it('419 without the CSRF token', async () => {
    const teacher = await buildUser(t.db, { role: 'educator' });
    const agent = await loginAs(t.app, teacher);
    expect((await agent.put('/api/account/preferences').set('X-Requested-With', 'XMLHttpRequest').send({ action_step_digest: false })).status).toBe(419);
  });

  it.each([
    ['missing', {}],
    ['a string', { action_step_digest: 'no' }],
    ['a number', { action_step_digest: 0 }],
  ])('422 when action_step_digest is %s; nothing is written', async (_label, body) => {
    const teacher = await buildUser(t.db, { role: 'educator' });
    const agent = await loginAs(t.app, teacher);
    const res = await agent.put('/api/account/preferences').set(csrfHeaders(agent)).send(body);
    expectFieldError(res, 'action_step_digest', 'Weekly email of my action steps must be true or false.');
    expect(await digestRow(teacher.id)).toBeUndefined();
  });

  it('403 for provider staff', async () => {
    const staff = await buildUser(t.db, { role: 'provider-admin' });
    const agent = await loginAs(t.app, staff);
    expect((await agent.put('/api/account/preferences').set(csrfHeaders(agent)).send({ action_step_digest: false })).status).toBe(403);
  });

  it('turns the email off and on again for the signed-in login only, audited once per change', async () => {
    const teacher = await buildUser(t.db, { role: 'educator' });
    const other = await buildUser(t.db, { role: 'educator', districtId: teacher.district_id });
    const agent = await loginAs(t.app, teacher);

    const off = await agent.put('/api/account/preferences').set(csrfHeaders(agent)).send({ action_step_digest: false });
    expect(off.status).toBe(200);
    expect(accountPreferencesAnswer.parse(off.body)).toEqual({ action_step_digest: false });
    expect(await digestRow(teacher.id)).toEqual({ district_id: teacher.district_id, weekly_email: 0 });
    expect((await agent.get('/api/account/preferences')).body).toEqual({ action_step_digest: false });
    expect(await digestRow(other.id)).toBeUndefined();

    // The same value again: nothing new written or audited.
    expect((await agent.put('/api/account/preferences').set(csrfHeaders(agent)).send({ action_step_digest: false })).body).toEqual({ action_step_digest: false });
    expect(await auditRows(teacher.id)).toHaveLength(1);

    const on = await agent.put('/api/account/preferences').set(csrfHeaders(agent)).send({ action_step_digest: true });
    expect(on.body).toEqual({ action_step_digest: true });
    expect(await digestRow(teacher.id)).toEqual({ district_id: teacher.district_id, weekly_email: 1 });
    const audits = await auditRows(teacher.id);
    expect(audits.map((a) => [a.actor_id, a.district_id, JSON.parse(a.details!)])).toEqual([
      [teacher.id, teacher.district_id, { action_step_digest: false }],
      [teacher.id, teacher.district_id, { action_step_digest: true }],
    ]);
  });
});
