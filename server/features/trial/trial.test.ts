import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { buildDistrict, buildUser } from '../../testing/factories';

const DAY = 24 * 3600_000;
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

async function district(status: 'trial' | 'active' | 'suspended', endsInMs: number | null) {
  const d = await buildDistrict(t.db, { planKey: 'essentials' });
  await t.db.updateTable('districts')
    .set({ status, trial_ends_at: endsInMs === null ? null : new Date(Date.now() + endsInMs).toISOString() })
    .where('id', '=', d.id).execute();
  return d;
}

describe('GET /api/trial', () => {
  it('401 for guests', async () => {
    const res = await (await guestAgent(t.app)).get('/api/trial');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('You need to sign in to continue.');
  });

  it('403 for provider staff who are not impersonating', async () => {
    const res = await (await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }))).get('/api/trial');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This area is for district accounts.');
  });

  it('an ended trial: read-only, 0 days left, and up to three active people with manage billing by name', async () => {
    const d = await district('trial', -2 * DAY);
    const coach = await buildUser(t.db, { role: 'coach', districtId: d.id, name: 'Casey Coach' });
    for (const name of ['Zoe Admin', 'Avery Admin', 'Blake Admin', 'Morgan Admin']) await buildUser(t.db, { role: 'district-admin', districtId: d.id, name });
    await buildUser(t.db, { role: 'district-admin', districtId: d.id, name: 'Aaron Disabled', status: 'disabled' });
    await buildUser(t.db, { role: 'district-admin', districtId: d.id, name: 'Aaron Invited', status: 'invited' });
    await buildUser(t.db, { role: 'building-admin', districtId: d.id, name: 'Aaron Principal' });
    const other = await district('trial', -2 * DAY);
    await buildUser(t.db, { role: 'district-admin', districtId: other.id, name: 'Aaron Elsewhere' });

    const res = await (await loginAs(t.app, coach)).get('/api/trial');
    expect(res.status).toBe(200);
    const row = await t.db.selectFrom('districts').select('trial_ends_at').where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(res.body).toEqual({
      status: 'trial', trial_ends_at: row.trial_ends_at, days_left: 0, read_only: true,
      ask: [{ name: 'Avery Admin' }, { name: 'Blake Admin' }, { name: 'Morgan Admin' }],
    });
  });

  it('a running trial: days left rounded up, not read-only', async () => {
    const d = await district('trial', 5 * DAY + 3600_000);
    const admin = await buildUser(t.db, { role: 'district-admin', districtId: d.id, name: 'Avery Admin' });
    const res = await (await loginAs(t.app, admin)).get('/api/trial');
    expect(res.body).toMatchObject({ status: 'trial', days_left: 6, read_only: false, ask: [{ name: 'Avery Admin' }] });
  });

  it('an active district: nothing to show (no trial end, no days, nobody to ask)', async () => {
    const d = await district('active', -30 * DAY);
    const admin = await buildUser(t.db, { role: 'district-admin', districtId: d.id });
    const res = await (await loginAs(t.app, admin)).get('/api/trial');
    expect(res.body).toEqual({ status: 'active', trial_ends_at: null, days_left: null, read_only: false, ask: [] });
  });

  it('provider staff impersonating a read-only district read that district\'s state', async () => {
    const d = await district('trial', -DAY);
    const admin = await buildUser(t.db, { role: 'district-admin', districtId: d.id, name: 'Avery Admin' });
    const staff = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
    expect((await staff.post('/api/auth/impersonate').set(csrfHeaders(staff)).send({ user_id: admin.id })).status).toBe(200);
    expect((await staff.get('/api/trial')).body).toMatchObject({ read_only: true, ask: [{ name: 'Avery Admin' }] });
  });
});
