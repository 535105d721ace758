// The demo's observer calibration (db/seeds/demoCalibration.ts): Maple Grove has a calibration session a month,
// each observed by two or three observers on the Coaching observation form, whose answers mostly agree and
// agree more as the year goes on; every calibration observation is a completed interaction with its educator
// and rates no skill.
import { describe, expect, it } from 'vitest';
import { agreementOfSessions } from './features/interactions/observations/calibrationQueries';
import { seededDemoBeforeAll } from './testing/hooks';

describe('demo calibration', () => {
  const demo = seededDemoBeforeAll();

  it('has monthly sessions with two or three observers each, every observation an interaction without skill ratings', async () => {
    const sessions = await demo.db.selectFrom('calibration_sessions').selectAll().where('district_id', '=', demo.maple.id).orderBy('observed_at').execute();
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    const observations = await demo.db.selectFrom('observations').selectAll().where('district_id', '=', demo.maple.id).where('calibration_id', 'is not', null).execute();
    for (const s of sessions) {
      const mine = observations.filter((o) => o.calibration_id === s.id);
      expect(mine.length, s.title).toBeGreaterThanOrEqual(2);
      expect(mine.length, s.title).toBeLessThanOrEqual(3);
      expect(new Set(mine.map((o) => o.observer_id)).size).toBe(mine.length);
      for (const o of mine) expect(o).toMatchObject({ status: 'completed', form_id: s.form_id, staff_id: s.staff_id, building_id: s.building_id });
    }
    const interactions = await demo.db.selectFrom('interactions as i').innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
      .select(['i.id', 'i.coach_id', 'p.staff_id', 'i.status']).where('i.id', 'in', observations.map((o) => o.interaction_id!)).execute();
    for (const o of observations) expect(interactions.find((i) => i.id === o.interaction_id)).toMatchObject({ coach_id: o.observer_id, staff_id: o.staff_id, status: 'completed' });
    const rated = await demo.db.selectFrom('skill_ratings').select('id').where('interaction_id', 'in', observations.map((o) => o.interaction_id!)).execute();
    expect(rated).toEqual([]);
  });

  it('mostly agrees, and agrees more over the year', async () => {
    const sessions = await demo.db.selectFrom('calibration_sessions').selectAll().where('district_id', '=', demo.maple.id).orderBy('observed_at').execute();
    const agreement = await agreementOfSessions(demo.db, demo.maple.id, sessions, 'America/Chicago');
    expect(agreement.overall.exact / agreement.overall.compared).toBeGreaterThan(0.5);
    expect(agreement.overall.within_one / agreement.overall.rating_compared).toBeGreaterThan(0.8);
    const months = [...agreement.months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, m]) => m.exact / m.compared);
    if (months.length >= 2) expect(months[months.length - 1]!).toBeGreaterThan(months[0]!);
  });
});
