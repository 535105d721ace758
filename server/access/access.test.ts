// The access module's check on a set of ids: missing and out-of-scope ids answer the same 404.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { createTestApp } from '../testing/app';
import { buildBuilding, buildDistrict, buildStaff } from '../testing/factories';
import { requireAllFound, type Scope } from './guards';
import { visibleStaffIds } from './staffScope';

describe('visibleStaffIds + requireAllFound', () => {
  it('a building scope reaches its schools’ educators only; anything else is one 404', async () => {
    const { db } = await createTestApp();
    const district = await buildDistrict(db);
    const north = await buildBuilding(db, district.id);
    const south = await buildBuilding(db, district.id);
    const here = await buildStaff(db, { districtId: district.id, buildingId: north.id });
    const there = await buildStaff(db, { districtId: district.id, buildingId: south.id });
    const elsewhere = await buildStaff(db);
    const principal: Scope = { kind: 'building', districtId: district.id, userId: 1, buildingIds: [north.id] };
    const admin: Scope = { ...principal, kind: 'district' };

    expect([...(await visibleStaffIds(db, principal, [here.id, there.id, elsewhere.id, 999_999]))]).toEqual([here.id]);
    expect([...(await visibleStaffIds(db, admin, [here.id, there.id, elsewhere.id])).values()].sort()).toEqual([here.id, there.id].sort());

    expect(() => requireAllFound([here.id], [here.id])).not.toThrow();
    for (const wanted of [[here.id, there.id], [elsewhere.id], [999_999]]) {
      const found = visibleStaffIds(db, principal, wanted);
      let error: unknown;
      try {
        requireAllFound(wanted, await found, 'We could not find that educator.');
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(404);
      expect((error as HttpError).message).toBe('We could not find that educator.');
    }
  });
});
