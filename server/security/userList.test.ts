// The probe's informational finding: an educator could list every district login with email and
// last sign-in. GET /api/user now belongs to people who manage users (`manage coaches`); everyone
// else gets the names they need from the coach and educator endpoints.
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../testing/app';
import { buildBuilding, buildDistrict, buildUser } from '../testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('informational finding: GET /api/user is limited to people who manage users', () => {
  it('403 for principals, coaches and educators; the coach names they need still come from GET /api/coach', async () => {
    const district = await buildDistrict(t.db);
    const school = await buildBuilding(t.db, district.id);
    const coach = await buildUser(t.db, { districtId: district.id, role: 'coach', name: 'Casey Coach', buildingIds: [school.id] });
    for (const role of ['building-admin', 'coach', 'educator'] as const) {
      const user = await buildUser(t.db, { districtId: district.id, role, buildingIds: role === 'educator' ? [] : [school.id] });
      const agent = await loginAs(t.app, user);
      const res = await agent.get('/api/user');
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual({ message: 'You do not have permission to do that.', code: 'forbidden' });
      if (role !== 'educator') {
        const coaches = await agent.get('/api/coach');
        expect(coaches.body.data.map((c: { name: string }) => c.name)).toContain('Casey Coach');
      }
      expect((await agent.get(`/api/coach/${coach.id}`)).body.name).toBe('Casey Coach');
    }
    const admin = await loginAs(t.app, await buildUser(t.db, { districtId: district.id, role: 'district-admin' }));
    expect((await admin.get('/api/user')).status).toBe(200);
  });
});
