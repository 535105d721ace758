// GET /api/staff keeps a page per reader, query and day while nothing in the district changes
// (server/lib/keptAnswers.ts): every change shows on the very next request, and no reader is answered
// from another's page.
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const names = (body: { data: { first_name: string; last_name: string }[] }) => body.data.map((s) => `${s.first_name} ${s.last_name}`);

describe('GET /api/staff, a page kept between requests', () => {
  it('a search answers a renamed, added or deactivated educator on the next request', async () => {
    const district = await buildDistrict(t.db);
    const school = await buildBuilding(t.db, district.id);
    const admin = await buildUser(t.db, { role: 'district-admin', districtId: district.id });
    const lee = await buildStaff(t.db, { districtId: district.id, buildingId: school.id, firstName: 'Ann', lastName: 'Lee' });
    const agent = await loginAs(t.app, admin);
    const search = async () => names((await agent.get('/api/staff?search=lee&filter[status]=active')).body);
    expect(await search()).toEqual(['Ann Lee']);
    expect(await search()).toEqual(['Ann Lee']);
    await buildStaff(t.db, { districtId: district.id, buildingId: school.id, firstName: 'Joanna', lastName: 'Leeson' });
    expect(await search()).toEqual(['Ann Lee', 'Joanna Leeson']);
    const renamed = await agent.put(`/api/staff/${lee.id}`).set(csrfHeaders(agent)).send({ first_name: 'Ann', last_name: 'Ross' });
    expect(renamed.status).toBe(200);
    expect(await search()).toEqual(['Joanna Leeson']);
  });

  it("a principal's page follows an educator moved out of their school, and never shows the admin's page", async () => {
    const district = await buildDistrict(t.db);
    const lincoln = await buildBuilding(t.db, district.id);
    const oak = await buildBuilding(t.db, district.id);
    const admin = await buildUser(t.db, { role: 'district-admin', districtId: district.id });
    const principal = await buildUser(t.db, { role: 'building-admin', districtId: district.id, buildingIds: [lincoln.id] });
    const ana = await buildStaff(t.db, { districtId: district.id, buildingId: lincoln.id, firstName: 'Ana', lastName: 'Alvarez' });
    await buildStaff(t.db, { districtId: district.id, buildingId: oak.id, firstName: 'Cy', lastName: 'Chen' });
    const asAdmin = await loginAs(t.app, admin);
    const asPrincipal = await loginAs(t.app, principal);
    expect(names((await asAdmin.get('/api/staff')).body)).toEqual(['Ana Alvarez', 'Cy Chen']);
    expect(names((await asPrincipal.get('/api/staff')).body)).toEqual(['Ana Alvarez']);
    await t.db.updateTable('staff_buildings').set({ building_id: oak.id }).where('staff_id', '=', ana.id).execute();
    expect(names((await asPrincipal.get('/api/staff')).body)).toEqual([]);
    expect(names((await asAdmin.get('/api/staff')).body)).toEqual(['Ana Alvarez', 'Cy Chen']);
  });
});
