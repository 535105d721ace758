// The reference's word on who may call, proven against the server. For every documented operation:
// - `signed in`, `district` and `provider` operations answer 401 to a guest;
// - `provider` operations answer 403 to a district administrator, `district` ones 403 to a provider
//   administrator who is not impersonating;
// - for each permission an operation names, a login holding every other permission of its area (the
//   area's whole grant list, at the widest scope) but that one answers 403: each named permission is needed;
// - a login holding exactly the named permissions (none when it names none) is let through (neither 401
//   nor 403): nothing unnamed is needed;
// - an operation gated by a plan feature answers 403 with the spec's plan message to a district whose plan
//   lacks it (everything else allowed).
// The world is the demo seed (testWorld.ts: Maple Grove, on Enterprise, holds every kind of record), so path ids are real.
// The refusals come before anything is read or written; the "let through" calls run last, reads first, and
// send no body (a write is refused with 422 after its checks, so nothing changes), except the few whose
// body is checked before who may call, which get a valid one (EXAMPLE_BODIES).
import type { Agent } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS } from '../../common/permissions';
import { planFeatureMessage } from '../../common/plans';
import type { DB } from '../../db/connection';
import type { ApiOperation, HttpMethod, OperationKey } from '../http/apiDoc';
import { csrfHeaders, guestAgent, loginAs, type TestApp } from '../testing/app';
import { buildDistrict, buildUser } from '../testing/factories';
import { demoWorld, fillPath } from './testWorld';
import { API_AREAS } from './document';

type Area = 'app' | 'admin';
type Caller = Agent & { xsrf: () => string };

const OPERATIONS = API_AREAS.flatMap((area) => Object.entries(area.operations) as [OperationKey, ApiOperation][])
  .map(([key, op]) => {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    return { key, method, path, op };
  });

/** Every permission a role of the area grants, at its widest scope (no suffix). */
const AREA_PERMISSIONS: Record<Area, string[]> = { app: [], admin: [] };
for (const role of Object.values(ROLE_PERMISSIONS)) {
  for (const p of role.permissions) {
    const base = p.replace(/\.(building|assigned|self)$/, '');
    if (!AREA_PERMISSIONS[role.area].includes(base)) AREA_PERMISSIONS[role.area].push(base);
  }
}
const areaOf = (op: ApiOperation): Area => (op.who === 'provider' ? 'admin' : 'app');

/** A role made for the test, holding exactly `permissions` (the reference seed's roles are untouched). */
async function roleWith(db: DB, name: string, area: Area, permissions: readonly string[]): Promise<string> {
  const role = await db.insertInto('roles').values({ name, label: name, area }).returning('id').executeTakeFirstOrThrow();
  for (const permission of permissions) {
    const row = await db.selectFrom('permissions').select('id').where('name', '=', permission).executeTakeFirstOrThrow();
    await db.insertInto('role_permissions').values({ role_id: role.id, permission_id: row.id }).execute();
  }
  return name;
}

/**
 * Bodies valid enough to reach the check of who may call, for the routes that validate their body before
 * the permission (server/features/buildings, staff, coaches, interactionTypes, reports' subscriptions and
 * impersonation validate, then authorize: docs/ARCHITECTURE.md's order). An empty body would be a 422 there.
 */
function exampleBodies(v: Record<string, string | number>): Partial<Record<OperationKey, object>> {
  const type = { name: 'Test visit', colour: 'blue', default_minutes: 30 };
  const field = { label: 'Focus', kind: 'short_text' };
  return {
    'POST /api/observation-form': { name: 'Test walk', items: [{ label: 'Students explain', kind: 'look_for' }] },
    'PUT /api/observation-form/{id}': { name: 'Test walk', items: [{ label: 'Students explain', kind: 'look_for' }] },
    'POST /api/auth/impersonate': { user_id: v['user/{id}'] },
    'PUT /api/district': { name: 'Maple Grove Unified School District', timezone: 'America/Chicago', school_year_start_month: 8 },
    'POST /api/building': { name: 'Permission Test School' },
    'PUT /api/building/{id}': { name: 'Maple Grove High School' },
    'POST /api/staff': { staff: [{ first_name: 'Perry', last_name: 'Mission', building_id: v['building/{id}'], start_date: '2025-08-20' }] },
    'PUT /api/staff/{id}': { first_name: 'Perry', last_name: 'Mission' },
    'POST /api/staff/{id}/move': { building_id: v['building/{id}'], effective_date: '2025-09-01' },
    'POST /api/coach/{id}/caseload': { staff_ids: [v['staff/{id}']], start_date: '2025-09-01' },
    'POST /api/coach/{id}/caseload/{assignmentId}/end': { end_date: '2026-06-30' },
    'POST /api/interaction-type': type,
    'PUT /api/interaction-type/{id}': type,
    'POST /api/interaction-type/{id}/move': { direction: 'down' },
    'POST /api/interaction-type/{id}/field': field,
    'PUT /api/interaction-field/{id}': field,
    'POST /api/interaction-field/{id}/move': { direction: 'down' },
    'POST /api/admin/interaction-type': type,
    'PUT /api/admin/interaction-type/{id}': type,
    'POST /api/admin/interaction-type/{id}/move': { direction: 'down' },
    'POST /api/admin/interaction-type/{id}/field': field,
    'PUT /api/admin/interaction-field/{id}': field,
    'POST /api/admin/interaction-field/{id}/move': { direction: 'down' },
    'POST /api/report-subscription': { report: 'interactions', frequency: 'weekly' },
  };
}

/**
 * Rules on the record rather than the permission, which the reference states in the operation's
 * description: a caller with the permissions, on another person's record, is refused with exactly this.
 */
const RECORD_RULES: Partial<Record<OperationKey, string>> = {
  'PUT /api/activity/{id}': 'You can change only your own time.',
  'DELETE /api/activity/{id}': 'You can change only your own time.',
  'PUT /api/coaching-cycle/{id}/note/{noteId}': 'You can change only your own notes.',
  'DELETE /api/staff-request/{id}': 'Only the person who made this request can withdraw it.',
  'PUT /api/observation/{id}': 'Only the observer can change this observation.',
  'DELETE /api/observation/{id}': 'Only the observer can change this observation.',
  'POST /api/observation/{id}/share': 'Only the observer can change this observation.',
  // On a district user's login (`see all districts`; Coachwell staff's take `manage coaches`).
  'POST /api/admin/user/{id}/deactivate': 'You do not have permission to change district users.',
  'POST /api/admin/user/{id}/reactivate': 'You do not have permission to change district users.',
  'POST /api/admin/user/{id}/resend-invite': 'You do not have permission to change district users.',
};

let bodies: Partial<Record<OperationKey, object>> = {};

async function call(agent: Caller, method: HttpMethod, url: string, key: OperationKey) {
  const req = agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](url);
  if (method === 'GET') return req;
  return req.set(csrfHeaders(agent)).send(bodies[key] ?? {});
}

describe('the permissions the reference documents, against the server', () => {
  let t: TestApp;
  let values: Record<string, string | number>;
  const agents = new Map<string, Caller>();
  let guest: Caller;
  let districtAdmin: Caller;
  let providerAdmin: Caller;
  let planless: Caller;

  /** A signed-in agent of a test role holding exactly `permissions` (kept per set, so each logs in once). */
  const holding = async (area: Area, permissions: readonly string[]): Promise<Caller> => {
    const name = `${area}:${[...permissions].sort().join('+') || 'none'}`;
    let agent = agents.get(name);
    if (!agent) {
      const role = await roleWith(t.db, `test-${agents.size}`, area, permissions);
      const districtId = area === 'app' ? Number(values.__district) : null;
      const user = await buildUser(t.db, { role: 'educator', districtId: districtId ?? undefined, ...(area === 'admin' ? { role: 'provider-support' } : {}) });
      await t.db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
      const roleId = (await t.db.selectFrom('roles').select('id').where('name', '=', role).executeTakeFirstOrThrow()).id;
      await t.db.insertInto('user_roles').values({ user_id: user.id, role_id: roleId }).execute();
      agent = (await loginAs(t.app, user)) as Caller;
      agents.set(name, agent);
    }
    return agent;
  };

  beforeAll(async () => {
    ({ t, values } = await demoWorld());
    bodies = exampleBodies(values);
    guest = await guestAgent(t.app);
    districtAdmin = (await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: Number(values.__district) }))) as Caller;
    providerAdmin = (await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }))) as Caller;
    const essentials = await buildDistrict(t.db, { name: 'Essentials District', planKey: 'essentials' });
    planless = (await loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: essentials.id }))) as Caller;
  }, 120_000);

  it('covers every documented operation, and the test roles are what the areas grant', () => {
    expect(OPERATIONS.length).toBeGreaterThan(200);
    expect(AREA_PERMISSIONS.app).toEqual(expect.arrayContaining([PERMISSIONS.seeEducators, PERMISSIONS.manageBilling, PERMISSIONS.manageSettings]));
    expect(AREA_PERMISSIONS.admin).toEqual(expect.arrayContaining([PERMISSIONS.seeAdmin, PERMISSIONS.manageAlerts, PERMISSIONS.impersonate]));
    for (const { key, op } of OPERATIONS) {
      for (const p of op.permissions ?? []) expect(AREA_PERMISSIONS[areaOf(op)], `${key} names ${p}, which no role of its area holds`).toContain(p);
    }
  });

  describe('refusals', () => {
    for (const { key, method, path, op } of OPERATIONS) {
      if (op.who === 'anyone' || op.who === 'guest') continue;
      it(`${key}: refuses whom it says it refuses`, async () => {
        const url = fillPath(path, values);
        const guestAnswer = await call(guest, method, url, key);
        expect(guestAnswer.status, `${key} as a guest: ${JSON.stringify(guestAnswer.body).slice(0, 300)}`).toBe(401);

        if (op.who === 'provider') {
          const res = await call(districtAdmin, method, url, key);
          expect(res.status, `${key} as a district administrator: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(403);
        }
        if (op.who === 'district') {
          const res = await call(providerAdmin, method, url, key);
          expect(res.status, `${key} as a provider administrator not impersonating: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(403);
        }
        const area = areaOf(op);
        for (const permission of op.permissions ?? []) {
          const agent = await holding(area, AREA_PERMISSIONS[area].filter((p) => p !== permission));
          const res = await call(agent, method, url, key);
          expect(res.status, `${key} without ${permission}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(403);
        }
        if (op.anyPermission) {
          const agent = await holding(area, AREA_PERMISSIONS[area].filter((p) => !op.anyPermission!.includes(p)));
          const res = await call(agent, method, url, key);
          expect(res.status, `${key} without any of ${op.anyPermission.join(', ')}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(403);
        }
        if (op.role) {
          // Every permission of the area, but not the role.
          const res = await call(await holding(area, AREA_PERMISSIONS[area]), method, url, key);
          expect(res.status, `${key} without the ${op.role} role: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(403);
        }
        if (op.feature) {
          const res = await call(planless, method, url, key);
          expect(res.status, `${key} on a plan without ${op.feature}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(403);
          expect(res.body.message).toBe(planFeatureMessage(op.feature));
        }
      });
    }
  });

  describe('let through with exactly the permissions named', () => {
    // Reads first, then writes, deletes last: a write's effect can only turn a later call into a 404 or 409.
    const order = (m: HttpMethod) => (m === 'GET' ? 0 : m === 'DELETE' ? 2 : 1);
    const sorted = [...OPERATIONS].sort((a, b) => order(a.method) - order(b.method));
    for (const { key, method, path, op } of sorted) {
      if (op.who === 'anyone' || op.who === 'guest' || key === 'POST /api/auth/unimpersonate') continue;
      const named = op.role ? `the ${op.role} role` : op.anyPermission ? `any one of ${op.anyPermission.join(', ')}` : op.permissions?.join(' and ') || 'no permission';
      it(`${key}: lets through a login with ${named}`, async () => {
        const area = areaOf(op);
        const url = fillPath(path, values);
        const logins = op.role
          ? [(await loginAs(t.app, await buildUser(t.db, { role: op.role, ...(area === 'app' ? { districtId: Number(values.__district) } : {}) }))) as Caller]
          : op.anyPermission
            ? await Promise.all(op.anyPermission.map((p) => holding(area, [...(op.permissions ?? []), p])))
            : [await holding(area, op.permissions ?? [])];
        for (const agent of logins) {
          const res = await call(agent, method, url, key);
          if (res.status === 403 && RECORD_RULES[key]) expect(res.body.message, key).toBe(RECORD_RULES[key]);
          else expect([401, 403], `${key}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).not.toContain(res.status);
        }
      });
    }
  });
});
