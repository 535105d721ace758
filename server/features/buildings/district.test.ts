import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { auditOf as auditOfIn, signedInDistrict } from '../../testing/buildings.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const district = () => signedInDistrict(t);
const auditOf = (action: string) => auditOfIn(t, action);

describe('GET /api/district', () => {
  it('401 without login', async () => {
    const res = await request(t.app).get('/api/district');
    expect(res.status).toBe(401);
  });

  it('403 for provider staff outside a district', async () => {
    const staff = await buildUser(t.db, { role: 'provider-admin' });
    expect((await (await loginAs(t.app, staff)).get('/api/district')).status).toBe(403);
  });

  it('answers the caller\'s own district to any district user', async () => {
    const educator = await buildUser(t.db, { role: 'educator' });
    const res = await (await loginAs(t.app, educator)).get('/api/district');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: educator.district_id, name: expect.any(String), state: 'IL', timezone: 'America/Chicago', school_year_start_month: 8,
      plan: { key: 'professional', name: 'Professional' }, status: 'active', trial_ends_at: null,
      shared_notes_visible_to_admins: true,
    });
  });
});

describe('PUT /api/district', () => {
  const valid = { name: 'Maple Grove USD', timezone: 'America/New_York', school_year_start_month: 7 };

  it('401 without login', async () => {
    const agent = await guestAgent(t.app);
    expect((await agent.put('/api/district').set(csrfHeaders(agent)).send(valid)).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const { asAdmin } = await district();
    expect((await asAdmin.put('/api/district').set('X-Requested-With', 'XMLHttpRequest').send(valid)).status).toBe(419);
  });

  it.each([
    ['name', '', 'District name is required.'],
    ['name', 'x'.repeat(121), 'District name must be at most 120 characters.'],
    ['timezone', 'Mars/Olympus', 'Choose a valid timezone.'],
    ['timezone', undefined, 'Timezone is required.'],
    ['school_year_start_month', 0, 'School year start month must be a month from 1 to 12.'],
    ['school_year_start_month', 13, 'School year start month must be a month from 1 to 12.'],
    ['school_year_start_month', 'July', 'School year start month must be a month from 1 to 12.'],
    ['school_year_start_month', null, 'School year start month is required.'],
    ['shared_notes_visible_to_admins', 'no', 'Shared notes visible to administrators must be true or false.'],
    ['shared_notes_visible_to_admins', 0, 'Shared notes visible to administrators must be true or false.'],
  ])('422 when %s is %j, nothing changes', async (field, value, message) => {
    const { asAdmin, districtId } = await district();
    const res = await asAdmin.put('/api/district').set(csrfHeaders(asAdmin)).send({ ...valid, [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    const row = await t.db.selectFrom('districts').select(['timezone', 'school_year_start_month']).where('id', '=', districtId).executeTakeFirstOrThrow();
    expect(row).toEqual({ timezone: 'America/Chicago', school_year_start_month: 8 });
  });

  it('403 without manage settings (principal, coach)', async () => {
    const { asPrincipal, districtId } = await district();
    const coach = await buildUser(t.db, { role: 'coach', districtId });
    for (const agent of [asPrincipal, await loginAs(t.app, coach)]) {
      expect((await agent.put('/api/district').set(csrfHeaders(agent)).send(valid)).status).toBe(403);
    }
    const row = await t.db.selectFrom('districts').select('name').where('id', '=', districtId).executeTakeFirstOrThrow();
    expect(row.name).not.toBe(valid.name);
  });

  it('saves the profile of the caller\'s district only, audited', async () => {
    const { asAdmin, districtId } = await district();
    const other = await buildUser(t.db);
    const res = await asAdmin.put('/api/district').set(csrfHeaders(asAdmin)).send({ ...valid, name: '  Maple Grove USD  ', id: other.district_id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: districtId, ...valid });
    const row = await t.db.selectFrom('districts').select(['name', 'timezone', 'school_year_start_month']).where('id', '=', districtId).executeTakeFirstOrThrow();
    expect(row).toEqual(valid);
    const untouched = await t.db.selectFrom('districts').select('timezone').where('id', '=', other.district_id!).executeTakeFirstOrThrow();
    expect(untouched.timezone).toBe('America/Chicago');
    const [audit] = await auditOf('district_updated');
    expect(audit).toMatchObject({ district_id: districtId, subject_type: 'district', subject_id: districtId });
    expect(JSON.parse(audit!.details!)).toMatchObject({ timezone: { from: 'America/Chicago', to: 'America/New_York' } });
  });

  it('the privacy setting: off and on again, kept in the settings JSON with other keys, audited; absent = unchanged', async () => {
    const { asAdmin, districtId } = await district();
    await t.db.updateTable('districts').set({ settings: JSON.stringify({ other_key: 1 }) }).where('id', '=', districtId).execute();
    const off = await asAdmin.put('/api/district').set(csrfHeaders(asAdmin)).send({ ...valid, shared_notes_visible_to_admins: false });
    expect(off.status).toBe(200);
    expect(off.body.shared_notes_visible_to_admins).toBe(false);
    const settings = async () => JSON.parse((await t.db.selectFrom('districts').select('settings').where('id', '=', districtId).executeTakeFirstOrThrow()).settings);
    expect(await settings()).toEqual({ other_key: 1, shared_notes_visible_to_admins: false });
    const [audit] = await auditOf('district_updated');
    expect(JSON.parse(audit!.details!)).toMatchObject({ shared_notes_visible_to_admins: { from: true, to: false } });

    const unchanged = await asAdmin.put('/api/district').set(csrfHeaders(asAdmin)).send(valid);
    expect(unchanged.body.shared_notes_visible_to_admins).toBe(false);
    expect((await asAdmin.get('/api/district')).body.shared_notes_visible_to_admins).toBe(false);

    const on = await asAdmin.put('/api/district').set(csrfHeaders(asAdmin)).send({ ...valid, shared_notes_visible_to_admins: true });
    expect(on.body.shared_notes_visible_to_admins).toBe(true);
    expect(await settings()).toEqual({ other_key: 1, shared_notes_visible_to_admins: true });
    const audits = await auditOf('district_updated');
    expect(JSON.parse(audits[2]!.details!)).toEqual({ shared_notes_visible_to_admins: { from: false, to: true } });
  });
});
