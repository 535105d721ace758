import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildUser } from '../../testing/factories';
import { auditOf as auditOfIn, signedInDistrict } from '../../testing/buildings.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const district = () => signedInDistrict(t);
const auditOf = (action: string) => auditOfIn(t, action);

describe('GET /api/district', () => {
  itRequiresLogin(() => t.app, 'get', '/api/district');

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
      educator_read_log_visible: true,
      data_retention_years: null,
      language: 'en',
      retained_from: null,
      coaching_targets: { interactions_per_educator_per_month: null, cycles_per_new_teacher_per_semester: null },
    });
  });

  it('answers the coaching targets stored in the settings JSON; unreadable values read as not set', async () => {
    const educator = await buildUser(t.db, { role: 'educator' });
    const settings = { coaching_targets: { interactions_per_educator_per_month: 2, cycles_per_new_teacher_per_semester: 'x' } };
    await t.db.updateTable('districts').set({ settings: JSON.stringify(settings) }).where('id', '=', educator.district_id!).execute();
    const res = await (await loginAs(t.app, educator)).get('/api/district');
    expect(res.body.coaching_targets).toEqual({ interactions_per_educator_per_month: 2, cycles_per_new_teacher_per_semester: null });
  });
});

describe('PUT /api/district', () => {
  const valid = { name: 'Maple Grove USD', timezone: 'America/New_York', school_year_start_month: 7 };

  itRequiresLogin(() => t.app, 'put', '/api/district', () => valid);

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
    ['educator_read_log_visible', 'no', 'Educators see who has read about them must be true or false.'],
    ['coaching_targets', 'two', 'Coaching targets must be an object with interactions_per_educator_per_month and cycles_per_new_teacher_per_semester.'],
    ['coaching_targets', [2], 'Coaching targets must be an object with interactions_per_educator_per_month and cycles_per_new_teacher_per_semester.'],
    ['language', 'fr', 'Choose English or Spanish.'],
    ['language', null, 'Choose English or Spanish.'],
    ['coaching_targets', null, 'Coaching targets must be an object with interactions_per_educator_per_month and cycles_per_new_teacher_per_semester.'],
  ])('422 when %s is %j, nothing changes', async (field, value, message) => {
    const { asAdmin, districtId } = await district();
    const res = await asAdmin.put('/api/district').set(csrfHeaders(asAdmin)).send({ ...valid, [field]: value });
    expectFieldError(res, field, message);
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

describe('PUT /api/district coaching_targets', () => {
  const valid = { name: 'Maple Grove USD', timezone: 'America/Chicago', school_year_start_month: 8 };
  const targets = { interactions_per_educator_per_month: 2, cycles_per_new_teacher_per_semester: 1 };
  const settingsOf = async (districtId: number) =>
    JSON.parse((await t.db.selectFrom('districts').select('settings').where('id', '=', districtId).executeTakeFirstOrThrow()).settings);

  itRequiresLogin(() => t.app, 'put', '/api/district', () => ({ ...valid, coaching_targets: targets }));

  it('419 without the CSRF token', async () => {
    const { asAdmin } = await district();
    const res = await asAdmin.put('/api/district').set('X-Requested-With', 'XMLHttpRequest').send({ ...valid, coaching_targets: targets });
    expect(res.status).toBe(419);
  });

  it.each([
    ['interactions_per_educator_per_month', 0, 'Interactions per educator per month must be a number from 0.1 to 100.'],
    ['interactions_per_educator_per_month', -1, 'Interactions per educator per month must be a number from 0.1 to 100.'],
    ['interactions_per_educator_per_month', 101, 'Interactions per educator per month must be a number from 0.1 to 100.'],
    ['interactions_per_educator_per_month', 'lots', 'Interactions per educator per month must be a number from 0.1 to 100.'],
    ['interactions_per_educator_per_month', true, 'Interactions per educator per month must be a number.'],
    ['cycles_per_new_teacher_per_semester', '1e400', 'Cycles per new teacher per semester must be a number from 0.1 to 100.'],
    ['cycles_per_new_teacher_per_semester', { n: 1 }, 'Cycles per new teacher per semester must be a number.'],
  ])('422 when %s is %j, naming the field; nothing changes', async (field, value, message) => {
    const { asAdmin, districtId } = await district();
    const before = await settingsOf(districtId);
    const res = await asAdmin.put('/api/district').set(csrfHeaders(asAdmin))
      .send({ ...valid, coaching_targets: { ...targets, [field]: value } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [`coaching_targets.${field}`]: [message] });
    expect(await settingsOf(districtId)).toEqual(before);
  });

  it('403 without manage settings (principal)', async () => {
    const { asPrincipal, districtId } = await district();
    const res = await asPrincipal.put('/api/district').set(csrfHeaders(asPrincipal)).send({ ...valid, coaching_targets: targets });
    expect(res.status).toBe(403);
    expect((await settingsOf(districtId)).coaching_targets).toBeUndefined();
  });

  it('sets, keeps (absent = unchanged), changes and clears the targets, other settings kept, audited field by field', async () => {
    const { asAdmin, districtId } = await district();
    await t.db.updateTable('districts').set({ settings: JSON.stringify({ shared_notes_visible_to_admins: false }) }).where('id', '=', districtId).execute();
    const set = await asAdmin.put('/api/district').set(csrfHeaders(asAdmin)).send({ ...valid, coaching_targets: { ...targets, interactions_per_educator_per_month: '2.5' } });
    expect(set.status).toBe(200);
    expect(set.body.coaching_targets).toEqual({ interactions_per_educator_per_month: 2.5, cycles_per_new_teacher_per_semester: 1 });
    expect(set.body.shared_notes_visible_to_admins).toBe(false);
    expect(await settingsOf(districtId)).toEqual({
      shared_notes_visible_to_admins: false,
      coaching_targets: { interactions_per_educator_per_month: 2.5, cycles_per_new_teacher_per_semester: 1 },
    });
    const [first] = await auditOf('district_updated');
    expect(JSON.parse(first!.details!)).toEqual({
      name: { from: expect.any(String), to: valid.name },
      'coaching_targets.interactions_per_educator_per_month': { from: null, to: 2.5 },
      'coaching_targets.cycles_per_new_teacher_per_semester': { from: null, to: 1 },
    });

    const kept = await asAdmin.put('/api/district').set(csrfHeaders(asAdmin)).send(valid);
    expect(kept.body.coaching_targets).toEqual({ interactions_per_educator_per_month: 2.5, cycles_per_new_teacher_per_semester: 1 });

    const cleared = await asAdmin.put('/api/district').set(csrfHeaders(asAdmin))
      .send({ ...valid, coaching_targets: { interactions_per_educator_per_month: 3, cycles_per_new_teacher_per_semester: null } });
    expect(cleared.body.coaching_targets).toEqual({ interactions_per_educator_per_month: 3, cycles_per_new_teacher_per_semester: null });
    expect((await asAdmin.get('/api/district')).body.coaching_targets).toEqual({ interactions_per_educator_per_month: 3, cycles_per_new_teacher_per_semester: null });
    const audits = await auditOf('district_updated');
    expect(JSON.parse(audits[2]!.details!)).toEqual({
      'coaching_targets.interactions_per_educator_per_month': { from: 2.5, to: 3 },
      'coaching_targets.cycles_per_new_teacher_per_semester': { from: 1, to: null },
    });
  });
});
