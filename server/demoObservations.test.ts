// The demo observations (db/seeds/demoObservations.ts): Maple Grove's school year of walkthroughs whose
// look-for rates differ by school and grow over the months, coaching observations whose ratings agree with the
// skill ratings of the same visit, some shared and acknowledged (the demo educator login among them), and each
// coach's draft; every completed one is an interaction of its form's type with the educator. Riverbend, the second
// demo district (issue 28), has a smaller set of the same kind with its own people, schools, forms and day.
import { describe, expect, it } from 'vitest';
import { isSchoolDay, localDay } from '../db/seeds/demoCalendar';
import { runReport } from './features/reports/report';
import { seededDemoBeforeAll } from './testing/hooks';

// The whole demo, seeded once for the file.
const demo = seededDemoBeforeAll(async ({ db }) => ({
  riverbend: await db.selectFrom('districts').select(['id', 'timezone']).where('name', 'like', 'Riverbend%').executeTakeFirstOrThrow(),
}));

describe('demo observations', () => {

  const rows = () => demo.db.selectFrom('observations as o').innerJoin('observation_form_versions as v', 'v.id', 'o.version_id')
    .select(['o.id', 'o.status', 'o.staff_id', 'o.building_id', 'o.observer_id', 'o.observed_at', 'o.interaction_id', 'o.shared_at', 'o.acknowledged_at', 'v.name'])
    .where('o.district_id', '=', demo.maple.id).execute();

  it('has a school year of walkthroughs and coaching observations, each completed one an interaction with its educator', async () => {
    const all = await rows();
    const walks = all.filter((o) => o.name === 'Classroom walkthrough' && o.status === 'completed');
    const full = all.filter((o) => o.name === 'Coaching observation');
    expect(walks.length).toBeGreaterThan(150);
    expect(full.length).toBeGreaterThan(20);
    const completed = all.filter((o) => o.status === 'completed');
    const interactions = await demo.db.selectFrom('interactions as i').innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
      .select(['i.id', 'i.coach_id', 'i.building_id', 'p.staff_id', 'i.status']).where('i.id', 'in', completed.map((o) => o.interaction_id!)).execute();
    for (const o of completed) {
      const i = interactions.find((x) => x.id === o.interaction_id);
      expect(i, `observation ${o.id}`).toMatchObject({ coach_id: o.observer_id, staff_id: o.staff_id, building_id: o.building_id, status: 'completed' });
    }
    // One draft per coach, no interaction.
    const drafts = all.filter((o) => o.status === 'draft');
    expect(drafts.every((o) => o.interaction_id === null)).toBe(true);
    expect(new Set(drafts.map((o) => o.observer_id)).size).toBe(drafts.length);
  });

  it('shows look-fors seen at different rates by school, growing over the months', async () => {
    const answers = await demo.db.selectFrom('observation_answers as a').innerJoin('observations as o', 'o.id', 'a.observation_id')
      .innerJoin('observation_form_items as i', 'i.id', 'a.item_id')
      .select(['o.building_id', 'o.observed_at', 'a.value']).where('o.district_id', '=', demo.maple.id).where('o.status', '=', 'completed')
      .where('i.kind', '=', 'look_for').execute();
    const rate = (list: typeof answers) => {
      const applicable = list.filter((a) => a.value !== '"na"');
      return applicable.filter((a) => a.value === '"yes"').length / applicable.length;
    };
    const bySchool = new Map<number, typeof answers>();
    for (const a of answers) bySchool.set(a.building_id!, [...(bySchool.get(a.building_id!) ?? []), a]);
    const rates = [...bySchool.values()].filter((l) => l.length > 80).map(rate);
    expect(rates.length).toBeGreaterThan(1);
    expect(Math.max(...rates) - Math.min(...rates)).toBeGreaterThan(0.08);
    const sorted = [...answers].sort((a, b) => a.observed_at.localeCompare(b.observed_at));
    const third = Math.floor(sorted.length / 3);
    expect(rate(sorted.slice(-third))).toBeGreaterThan(rate(sorted.slice(0, third)) + 0.08);
  });

  it('rates on the coaching observations agree with the skill ratings of the same visit', async () => {
    const rated = await demo.db.selectFrom('observation_answers as a').innerJoin('observations as o', 'o.id', 'a.observation_id')
      .innerJoin('observation_form_items as i', 'i.id', 'a.item_id')
      .select(['o.interaction_id', 'o.staff_id', 'i.skill_id', 'a.value']).where('o.district_id', '=', demo.maple.id).where('i.kind', '=', 'rating')
      // Calibration observations rate no skill (decision 0015; server/demoCalibration.test.ts).
      .where('o.calibration_id', 'is', null).execute();
    expect(rated.length).toBeGreaterThan(10);
    for (const r of rated) {
      const rating = await demo.db.selectFrom('skill_ratings').select('level')
        .where('interaction_id', '=', r.interaction_id).where('staff_id', '=', r.staff_id).where('skill_id', '=', r.skill_id).executeTakeFirst();
      expect(rating?.level).toBe(JSON.parse(r.value));
    }
  });

  it('shares some with their educators, who acknowledged most of the older ones; the demo educator has both kinds', async () => {
    const all = await rows();
    const shared = all.filter((o) => o.shared_at !== null);
    expect(shared.length).toBeGreaterThan(30);
    expect(shared.filter((o) => o.acknowledged_at !== null).length).toBeGreaterThan(10);
    expect(all.filter((o) => o.status === 'draft' && o.shared_at !== null)).toEqual([]);
    const jordan = await demo.db.selectFrom('staff').select('id').where('district_id', '=', demo.maple.id).where('user_id', 'is not', null).executeTakeFirstOrThrow();
    const mine = shared.filter((o) => o.staff_id === jordan.id);
    expect(mine.some((o) => o.acknowledged_at !== null)).toBe(true);
    expect(mine.some((o) => o.acknowledged_at === null)).toBe(true);
  });
});

describe("Riverbend's demo observations", () => {
  const rows = (districtId: number) => demo.db.selectFrom('observations as o').innerJoin('observation_form_versions as v', 'v.id', 'o.version_id')
    .innerJoin('observation_forms as f', 'f.id', 'o.form_id')
    .select(['o.id', 'o.status', 'o.staff_id', 'o.building_id', 'o.observer_id', 'o.observed_at', 'o.interaction_id', 'o.shared_at', 'o.acknowledged_at',
      'o.reflection', 'v.name', 'f.district_id as form_district_id'])
    .where('o.district_id', '=', districtId).execute();

  it("has walkthroughs and coaching observations by its own coaches and principal, of its own educators at its schools, on its forms", async () => {
    const all = await rows(demo.riverbend.id);
    const walks = all.filter((o) => o.name === 'Classroom walkthrough' && o.status === 'completed');
    const full = all.filter((o) => o.name === 'Coaching observation' && o.status === 'completed');
    expect(walks.length).toBeGreaterThan(60);
    expect(full.length).toBeGreaterThan(5);
    // Smaller than Maple Grove's.
    expect(all.length).toBeLessThan((await rows(demo.maple.id)).length);
    expect(all.every((o) => o.form_district_id === demo.riverbend.id)).toBe(true);

    const people = await demo.db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id').innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['users.id', 'users.email', 'roles.name as role']).where('users.district_id', '=', demo.riverbend.id).where('users.status', '=', 'active').execute();
    const observers = new Set(all.map((o) => o.observer_id));
    expect([...observers].map((id) => people.find((p) => p.id === id)?.email).sort())
      .toEqual(['coach2@riverbend.example', 'coach@riverbend.example', 'principal@riverbend.example']);
    // Each observer observes at their own schools only (the principal theirs, each coach theirs).
    const schoolsOf = await demo.db.selectFrom('user_buildings').select(['user_id', 'building_id']).where('user_id', 'in', [...observers]).execute();
    for (const o of all) {
      expect(schoolsOf.some((s) => s.user_id === o.observer_id && s.building_id === o.building_id), `observation ${o.id}`).toBe(true);
    }
    const schools = (await demo.db.selectFrom('buildings').select('id').where('district_id', '=', demo.riverbend.id).execute()).map((b) => b.id);
    expect(new Set(walks.map((o) => o.building_id))).toEqual(new Set(schools));

    // Every completed one is an interaction of the district with its observer, educator and school; observed on a
    // school day of the district's own calendar, never after its today.
    const completed = all.filter((o) => o.status === 'completed');
    const interactions = await demo.db.selectFrom('interactions as i').innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
      .select(['i.id', 'i.district_id', 'i.coach_id', 'i.building_id', 'p.staff_id', 'i.status']).where('i.id', 'in', completed.map((o) => o.interaction_id!)).execute();
    const today = localDay(new Date(), demo.riverbend.timezone);
    for (const o of completed) {
      expect(interactions.find((x) => x.id === o.interaction_id), `observation ${o.id}`)
        .toMatchObject({ district_id: demo.riverbend.id, coach_id: o.observer_id, staff_id: o.staff_id, building_id: o.building_id, status: 'completed' });
      const day = localDay(new Date(o.observed_at), demo.riverbend.timezone);
      expect(isSchoolDay(day), `observation ${o.id} on ${day}`).toBe(true);
      expect(day <= today).toBe(true);
    }
    const staff = await demo.db.selectFrom('staff').select('id').where('district_id', '=', demo.riverbend.id).execute();
    expect(completed.every((o) => staff.some((s) => s.id === o.staff_id))).toBe(true);
  });

  it('shares some with their educators, acknowledged with reflections; drafts are never shared and each coach has at most one', async () => {
    const all = await rows(demo.riverbend.id);
    const shared = all.filter((o) => o.shared_at !== null);
    expect(shared.length).toBeGreaterThan(10);
    expect(shared.filter((o) => o.acknowledged_at !== null).length).toBeGreaterThan(3);
    expect(shared.some((o) => o.reflection !== null)).toBe(true);
    const drafts = all.filter((o) => o.status === 'draft');
    expect(drafts.filter((o) => o.shared_at !== null || o.interaction_id !== null)).toEqual([]);
    expect(new Set(drafts.map((o) => o.observer_id)).size).toBe(drafts.length);
  });

  it("fills Riverbend's walkthrough report for the school year: both schools, every look-for, the months so far", async () => {
    const admin = await demo.db.selectFrom('users').select('id').where('email', '=', 'admin@riverbend.example').executeTakeFirstOrThrow();
    const reader = {
      district: demo.riverbend, scope: { kind: 'district' as const, districtId: demo.riverbend.id, userId: admin.id, buildingIds: [] }, features: ['observation-forms'],
    };
    const report = await runReport(demo.db, reader, 'walkthroughs', {});
    expect(report.form.name).toBe('Classroom walkthrough');
    expect(report.headline.observations).toBeGreaterThan(60);
    expect(report.headline.look_for_rate).toBeGreaterThan(0.2);
    expect(report.schools.map((s) => s.name).sort()).toEqual(['Riverbend High School', 'Willow Creek Elementary']);
    expect(report.schools.every((s) => s.observations > 10)).toBe(true);
    const lookFors = report.items.filter((i) => i.kind === 'look_for');
    expect(lookFors).toHaveLength(8);
    expect(lookFors.every((i) => (i.seen ?? 0) > 0 && (i.not_seen ?? 0) > 0)).toBe(true);
    expect(report.months.filter((m) => m.observations > 0).length).toBeGreaterThanOrEqual(Math.min(3, report.months.length));
  });
});
