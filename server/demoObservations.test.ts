// The demo observations (db/seeds/demoObservations.ts): Maple Grove's school year of walkthroughs whose
// look-for rates differ by school and grow over the months, coaching observations whose ratings agree with the
// skill ratings of the same visit, some shared and acknowledged (the demo educator login among them), and each
// coach's draft; every completed one is an interaction of its form's type with the educator.
import { describe, expect, it } from 'vitest';
import { seededDemoBeforeAll } from './testing/hooks';

describe('demo observations', () => {
  const demo = seededDemoBeforeAll();

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
