import { beforeEach, describe, expect, it } from 'vitest';
import { BUILDING_CODE_TAKEN, BUILDING_NAME_TAKEN } from '../../../common/schemas/site';
import { asGuest, createTestApp, csrfHeaders, type TestApp } from '../../testing/app';
import { expectFieldError, itRequiresLogin } from '../../testing/checks';
import { buildBuilding, buildStaff, buildUser } from '../../testing/factories';
import { auditOf as auditOfIn, signedInDistrict } from '../../testing/buildings.fixture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const district = () => signedInDistrict(t);
const auditOf = (action: string) => auditOfIn(t, action);

describe('GET /api/building', () => {
  itRequiresLogin(() => t.app, 'get', '/api/building');

  it('422 for an unknown status', async () => {
    const { asPrincipal } = await district();
    const res = await asPrincipal.get('/api/building?status=gone');
    expectFieldError(res, 'status', 'Status must be active, archived or all.');
  });

  it('lists the district\'s schools by name with current educator counts; archived on request', async () => {
    const { asPrincipal, districtId } = await district();
    const oak = await buildBuilding(t.db, districtId, { name: 'oak Hollow' });
    const ash = await buildBuilding(t.db, districtId, { name: 'Ash Elementary' });
    const old = await buildBuilding(t.db, districtId, { name: 'Closed School' });
    await t.db.updateTable('buildings').set({ deleted_at: '2025-06-30T00:00:00.000Z' }).where('id', '=', old.id).execute();
    await buildStaff(t.db, { districtId, buildingId: oak.id });
    await buildStaff(t.db, { districtId, buildingId: oak.id });
    await buildStaff(t.db, { districtId, buildingId: oak.id, status: 'inactive' });
    const moved = await buildStaff(t.db, { districtId, buildingId: ash.id });
    await t.db.updateTable('staff_buildings').set({ end_date: '2024-06-14' }).where('staff_id', '=', moved.id).execute();
    await buildBuilding(t.db, (await buildUser(t.db)).district_id!, { name: 'Elsewhere High' });

    const res = await asPrincipal.get('/api/building');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: ash.id, name: 'Ash Elementary', code: null, grade_band: null, archived_at: null, educator_count: 0 },
      { id: oak.id, name: 'oak Hollow', code: null, grade_band: null, archived_at: null, educator_count: 2 },
    ]);
    const archived = await asPrincipal.get('/api/building?status=archived');
    expect(archived.body.data.map((b: { name: string }) => b.name)).toEqual(['Closed School']);
    expect(archived.body.data[0].archived_at).toBe('2025-06-30T00:00:00.000Z');
    const all = await asPrincipal.get('/api/building?status=all');
    expect(all.body.data.map((b: { name: string }) => b.name)).toEqual(['Ash Elementary', 'Closed School', 'oak Hollow']);
  });
});

describe('POST /api/building', () => {
  const valid = { name: 'Riverside Elementary', code: 'RES', grade_band: 'K-5' };

  itRequiresLogin(() => t.app, 'post', '/api/building', () => valid);

  it('419 without the CSRF token', async () => {
    const { asAdmin } = await district();
    expect((await asAdmin.post('/api/building').set('X-Requested-With', 'XMLHttpRequest').send(valid)).status).toBe(419);
  });

  it.each([
    ['name', undefined, 'School name is required.'],
    ['name', '   ', 'School name is required.'],
    ['name', 'x'.repeat(121), 'School name must be at most 120 characters.'],
    ['code', 'x'.repeat(21), 'Code must be at most 20 characters.'],
    ['code', 42, 'Code must be text.'],
    ['grade_band', '1-3', 'Grade band must be one of PK-5, K-5, K-8, 6-8, 9-12, K-12, Other.'],
  ])('422 when %s is %j, nothing is saved', async (field, value, message) => {
    const { asAdmin } = await district();
    const res = await asAdmin.post('/api/building').set(csrfHeaders(asAdmin)).send({ ...valid, [field]: value });
    expectFieldError(res, field, message);
    expect(await t.db.selectFrom('buildings').select('id').execute()).toHaveLength(0);
  });

  it('422 when the name or code is taken in the district (any case, archived too); other districts do not count', async () => {
    const { asAdmin, districtId } = await district();
    const archived = await buildBuilding(t.db, districtId, { name: 'Riverside Elementary' });
    await t.db.updateTable('buildings').set({ code: 'res', deleted_at: '2025-01-01T00:00:00.000Z' }).where('id', '=', archived.id).execute();
    const res = await asAdmin.post('/api/building').set(csrfHeaders(asAdmin)).send({ ...valid, name: 'RIVERSIDE elementary' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(BUILDING_NAME_TAKEN);
    expect(res.body.errors).toEqual({ name: [BUILDING_NAME_TAKEN], code: [BUILDING_CODE_TAKEN] });

    const elsewhere = await buildUser(t.db);
    await buildBuilding(t.db, elsewhere.district_id!, { name: 'Lakeview Middle' });
    const ok = await asAdmin.post('/api/building').set(csrfHeaders(asAdmin)).send({ name: 'Lakeview Middle' });
    expect(ok.status).toBe(201);
  });

  it('403 without manage settings', async () => {
    const { asPrincipal } = await district();
    expect((await asPrincipal.post('/api/building').set(csrfHeaders(asPrincipal)).send(valid)).status).toBe(403);
    expect(await t.db.selectFrom('buildings').select('id').execute()).toHaveLength(0);
  });

  it('201 creates the school in the caller\'s district, audited', async () => {
    const { asAdmin, districtId, admin } = await district();
    const res = await asAdmin.post('/api/building').set(csrfHeaders(asAdmin)).send({ ...valid, name: ' Riverside Elementary ', district_id: 999 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), ...valid, archived_at: null, educator_count: 0 });
    const row = await t.db.selectFrom('buildings').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ district_id: districtId, name: 'Riverside Elementary', code: 'RES', grade_band: 'K-5', deleted_at: null });
    const [audit] = await auditOf('building_created');
    expect(audit).toMatchObject({ district_id: districtId, actor_id: admin.id, subject_type: 'building', subject_id: res.body.id });

    const bare = await asAdmin.post('/api/building').set(csrfHeaders(asAdmin)).send({ name: 'Annex', code: '', grade_band: '' });
    expect(bare.body).toMatchObject({ name: 'Annex', code: null, grade_band: null });
  });
});

describe('PUT /api/building/{id}', () => {
  const valid = { name: 'Lincoln Middle School', code: 'LMS', grade_band: '6-8' };

  itRequiresLogin(() => t.app, 'put', '/api/building/1', () => valid);

  it('419 without the CSRF token', async () => {
    const { asAdmin, districtId } = await district();
    const b = await buildBuilding(t.db, districtId);
    expect((await asAdmin.put(`/api/building/${b.id}`).set('X-Requested-With', 'XMLHttpRequest').send(valid)).status).toBe(419);
  });

  it('422 for a bad field and for a name another school has; keeping its own name is fine', async () => {
    const { asAdmin, districtId } = await district();
    const b = await buildBuilding(t.db, districtId, { name: 'Lincoln' });
    await buildBuilding(t.db, districtId, { name: 'Lincoln Middle School' });
    const bad = await asAdmin.put(`/api/building/${b.id}`).set(csrfHeaders(asAdmin)).send({ ...valid, grade_band: 'K-9' });
    expectFieldError(bad, 'grade_band', 'Grade band must be one of PK-5, K-5, K-8, 6-8, 9-12, K-12, Other.');
    const taken = await asAdmin.put(`/api/building/${b.id}`).set(csrfHeaders(asAdmin)).send({ ...valid, name: 'lincoln middle school' });
    expectFieldError(taken, 'name', BUILDING_NAME_TAKEN);
    const same = await asAdmin.put(`/api/building/${b.id}`).set(csrfHeaders(asAdmin)).send({ ...valid, name: 'LINCOLN' });
    expect(same.status).toBe(200);
    expect(same.body.name).toBe('LINCOLN');
  });

  it('404 for another district\'s school (and for a non-number id)', async () => {
    const { asAdmin } = await district();
    const other = await buildUser(t.db);
    const theirs = await buildBuilding(t.db, other.district_id!, { name: 'Theirs' });
    const res = await asAdmin.put(`/api/building/${theirs.id}`).set(csrfHeaders(asAdmin)).send(valid);
    expect(res.status).toBe(404);
    expect((await asAdmin.put('/api/building/abc').set(csrfHeaders(asAdmin)).send(valid)).status).toBe(404);
    const row = await t.db.selectFrom('buildings').select('name').where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Theirs');
  });

  it('403 without manage settings', async () => {
    const { asPrincipal, districtId } = await district();
    const b = await buildBuilding(t.db, districtId, { name: 'Before' });
    expect((await asPrincipal.put(`/api/building/${b.id}`).set(csrfHeaders(asPrincipal)).send(valid)).status).toBe(403);
    expect((await t.db.selectFrom('buildings').select('name').where('id', '=', b.id).executeTakeFirstOrThrow()).name).toBe('Before');
  });

  it('renames and recodes the school, audited with before and after', async () => {
    const { asAdmin, districtId } = await district();
    const b = await buildBuilding(t.db, districtId, { name: 'Lincoln' });
    await buildStaff(t.db, { districtId, buildingId: b.id });
    const res = await asAdmin.put(`/api/building/${b.id}`).set(csrfHeaders(asAdmin)).send(valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: b.id, ...valid, archived_at: null, educator_count: 1 });
    expect(await t.db.selectFrom('buildings').select(['name', 'code', 'grade_band']).where('id', '=', b.id).executeTakeFirstOrThrow()).toEqual(valid);
    const [audit] = await auditOf('building_updated');
    expect(JSON.parse(audit!.details!)).toEqual({ from: { name: 'Lincoln', code: null, grade_band: null }, to: valid });
  });
});

describe('POST /api/building/{id}/archive and /restore', () => {
  it('401 without login', async () => {
    expect((await asGuest(t.app, 'post', '/api/building/1/archive')).status).toBe(401);
    expect((await asGuest(t.app, 'post', '/api/building/1/restore')).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const { asAdmin, districtId } = await district();
    const b = await buildBuilding(t.db, districtId);
    expect((await asAdmin.post(`/api/building/${b.id}/archive`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    expect((await asAdmin.post(`/api/building/${b.id}/restore`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
  });

  it('404 for another district\'s school', async () => {
    const { asAdmin } = await district();
    const other = await buildUser(t.db);
    const theirs = await buildBuilding(t.db, other.district_id!);
    expect((await asAdmin.post(`/api/building/${theirs.id}/archive`).set(csrfHeaders(asAdmin))).status).toBe(404);
    expect((await asAdmin.post(`/api/building/${theirs.id}/restore`).set(csrfHeaders(asAdmin))).status).toBe(404);
    expect((await t.db.selectFrom('buildings').select('deleted_at').where('id', '=', theirs.id).executeTakeFirstOrThrow()).deleted_at).toBeNull();
  });

  it('403 without manage settings', async () => {
    const { asPrincipal, districtId } = await district();
    const b = await buildBuilding(t.db, districtId);
    expect((await asPrincipal.post(`/api/building/${b.id}/archive`).set(csrfHeaders(asPrincipal))).status).toBe(403);
    expect((await asPrincipal.post(`/api/building/${b.id}/restore`).set(csrfHeaders(asPrincipal))).status).toBe(403);
  });

  it('409 refuses to archive a school with current educators, naming how many', async () => {
    const { asAdmin, districtId } = await district();
    const b = await buildBuilding(t.db, districtId);
    await buildStaff(t.db, { districtId, buildingId: b.id });
    await buildStaff(t.db, { districtId, buildingId: b.id });
    const res = await asAdmin.post(`/api/building/${b.id}/archive`).set(csrfHeaders(asAdmin));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: "Move this school's 2 educators to another school before archiving it.", code: 'conflict' });
    expect((await t.db.selectFrom('buildings').select('deleted_at').where('id', '=', b.id).executeTakeFirstOrThrow()).deleted_at).toBeNull();
    const single = await buildBuilding(t.db, districtId);
    await buildStaff(t.db, { districtId, buildingId: single.id });
    expect((await asAdmin.post(`/api/building/${single.id}/archive`).set(csrfHeaders(asAdmin))).body.message)
      .toBe("Move this school's 1 educator to another school before archiving it.");
  });

  it('archives (409 twice), then restores (409 when active), audited', async () => {
    const { asAdmin, districtId } = await district();
    const b = await buildBuilding(t.db, districtId, { name: 'Old Annex' });
    const left = await buildStaff(t.db, { districtId, buildingId: b.id });
    await t.db.updateTable('staff_buildings').set({ end_date: '2024-06-14' }).where('staff_id', '=', left.id).execute();

    const notArchived = await asAdmin.post(`/api/building/${b.id}/restore`).set(csrfHeaders(asAdmin));
    expect(notArchived.status).toBe(409);
    expect(notArchived.body.message).toBe('This school is not archived.');

    const res = await asAdmin.post(`/api/building/${b.id}/archive`).set(csrfHeaders(asAdmin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: b.id, name: 'Old Annex', archived_at: expect.any(String), educator_count: 0 });
    expect((await t.db.selectFrom('buildings').select('deleted_at').where('id', '=', b.id).executeTakeFirstOrThrow()).deleted_at).toBe(res.body.archived_at);
    expect((await asAdmin.get('/api/building')).body.data).toEqual([]);

    const again = await asAdmin.post(`/api/building/${b.id}/archive`).set(csrfHeaders(asAdmin));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This school is already archived.');

    const restored = await asAdmin.post(`/api/building/${b.id}/restore`).set(csrfHeaders(asAdmin));
    expect(restored.status).toBe(200);
    expect(restored.body.archived_at).toBeNull();
    expect((await t.db.selectFrom('buildings').select('deleted_at').where('id', '=', b.id).executeTakeFirstOrThrow()).deleted_at).toBeNull();
    expect((await auditOf('building_archived')).map((a) => a.subject_id)).toEqual([b.id]);
    expect((await auditOf('building_restored')).map((a) => a.subject_id)).toEqual([b.id]);
  });
});
