// The one plan-feature guard (requireFeature in guards.ts): every plan feature that has an endpoint
// answers 403 with planFeatureMessage(feature) — the feature and the cheapest plan that has it — for a
// district whose plan lacks it, and the same endpoint works on a plan that has it. 'sso' has no
// endpoint yet (single sign-on is not built), so it is the one feature without a gated endpoint here.
import { beforeEach, describe, expect, it } from 'vitest';
import { PLAN_FEATURES, type PlanFeature } from '../../common/permissions';
import { planFeatureMessage } from '../../common/plans';
import { csrfHeaders, createTestApp, loginAs, type TestApp } from '../testing/app';
import { buildDistrict, buildUser } from '../testing/factories';
import { buildType } from '../testing/interactionTypes.fixture';

type Agent = Awaited<ReturnType<typeof loginAs>>;

/** One representative gated endpoint per feature, called by a district administrator. */
const GATED: Record<Exclude<PlanFeature, 'sso'>, { label: string; call: (agent: Agent, typeId: number) => Promise<{ status: number; body: { message?: string } }> }> = {
  'coaching-cycles': { label: 'GET /api/coaching-cycle', call: (a) => a.get('/api/coaching-cycle') },
  'skill-mapping': { label: 'GET /api/skill-framework', call: (a) => a.get('/api/skill-framework') },
  'calendar-sync': { label: 'GET /api/calendar-feed', call: (a) => a.get('/api/calendar-feed') },
  'advanced-reports': { label: 'GET /api/report/teacher-level', call: (a) => a.get('/api/report/teacher-level') },
  'csv-import': { label: 'POST /api/import/staff', call: (a) => a.post('/api/import/staff').set(csrfHeaders(a)).set('Content-Type', 'text/csv').send('first_name\n') },
  'custom-fields': {
    label: 'POST /api/interaction-type/{id}/field',
    call: (a, typeId) => a.post(`/api/interaction-type/${typeId}/field`).set(csrfHeaders(a)).send({ label: 'Focus', kind: 'short_text' }),
  },
  'observation-forms': {
    label: 'POST /api/observation-form',
    call: (a, typeId) => a.post('/api/observation-form').set(csrfHeaders(a)).send({ name: 'Learning walk', interaction_type_id: typeId, items: [{ label: 'Students explain their thinking', kind: 'look_for' }] }),
  },
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

/** A plan with no features at all (every gate closed), and a district administrator on it. */
async function adminOnPlan(features: string[]) {
  const key = `test-${features.length}-${Math.random().toString(36).slice(2, 8)}`;
  await t.db.insertInto('plans').values({ key, name: 'Test', description: '', price_per_seat_cents: 100, features: JSON.stringify(features), sort_order: 9 }).execute();
  const district = await buildDistrict(t.db, { planKey: key });
  const admin = await buildUser(t.db, { role: 'district-admin', districtId: district.id });
  const typeId = (await buildType(t, district.id)).id;
  return { agent: await loginAs(t.app, admin), typeId, districtId: district.id };
}

describe('requireFeature: one plan gate, one message per feature', () => {
  it('covers every plan feature but sso, which has no endpoint yet', () => {
    expect(Object.keys(GATED).sort()).toEqual(Object.keys(PLAN_FEATURES).filter((f) => f !== 'sso').sort());
  });

  it.each(Object.entries(GATED))('%s: 403 with its planFeatureMessage on a plan without it', async (feature, { call }) => {
    const { agent, typeId } = await adminOnPlan([]);
    const res = await call(agent, typeId);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(planFeatureMessage(feature as PlanFeature));
  });

  it.each(Object.entries(GATED))('%s: not refused for the plan on a plan with every feature', async (_feature, { call }) => {
    const { agent, typeId } = await adminOnPlan(Object.keys(PLAN_FEATURES));
    const res = await call(agent, typeId);
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
  });

  it('the message names the cheapest plan that has the feature', () => {
    expect(planFeatureMessage('coaching-cycles')).toBe('Coaching cycles are part of the Professional plan. Ask your district administrator about upgrading.');
    expect(planFeatureMessage('advanced-reports')).toBe('Advanced reports (teacher-level, comparison) are part of the Enterprise plan. Ask your district administrator about upgrading.');
    expect(planFeatureMessage('csv-import')).toBe('CSV import and export is part of the Essentials plan. Ask your district administrator about upgrading.');
  });
});
