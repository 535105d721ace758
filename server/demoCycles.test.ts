// The demo coaching cycles (db/seeds/demoCycles.ts), seeded with the whole demo: about 20 cycles across
// every stage, some overdue and due soon, completed ones with outcomes, linked to seeded interactions.
import { describe, expect, it } from 'vitest';
import { DUE_SOON_DAYS } from '../common/schemas/cycles';
import { seedDemoCycles } from '../db/seeds/demoCycles';
import { addDays, today } from './lib/dates';
import { seededDemoBeforeAll } from './testing/hooks';

describe('demo coaching cycles', () => {
  const demo = seededDemoBeforeAll();

  it('seeds about 20 cycles of the three coaches in every stage, with history, educators, notes and goal templates', async () => {
    const cycles = await demo.db.selectFrom('coaching_cycles').selectAll().where('district_id', '=', demo.maple.id).execute();
    expect(cycles.length).toBe(20);
    const stages = await demo.db.selectFrom('cycle_stages').selectAll().where('district_id', '=', demo.maple.id).orderBy('sort_order').execute();
    const open = cycles.filter((c) => c.status === 'active' || c.status === 'planned');
    expect(new Set(open.map((c) => c.stage_id))).toEqual(new Set(stages.map((s) => s.id)));
    const coaches = await demo.db.selectFrom('users').select('id').where('email', 'like', 'coach%@maplegrove.example').execute();
    expect(new Set(cycles.map((c) => c.coach_id))).toEqual(new Set(coaches.map((c) => c.id)));

    // Each cycle's educators are on its coach's caseload; each has one open history row unless closed.
    const staff = await demo.db.selectFrom('coaching_cycle_staff').selectAll().where('district_id', '=', demo.maple.id).execute();
    const caseloads = await demo.db.selectFrom('coach_assignments').select(['coach_id', 'staff_id']).where('district_id', '=', demo.maple.id).where('end_date', 'is', null).execute();
    for (const c of cycles) {
      const mine = staff.filter((s) => s.cycle_id === c.id);
      expect(mine.length).toBeGreaterThan(0);
      for (const s of mine) expect(caseloads.some((a) => a.coach_id === c.coach_id && a.staff_id === s.staff_id)).toBe(true);
    }
    const history = await demo.db.selectFrom('coaching_cycle_stage_history').selectAll().where('district_id', '=', demo.maple.id).execute();
    for (const c of cycles) {
      const rows = history.filter((h) => h.cycle_id === c.id).sort((a, b) => a.entered_on.localeCompare(b.entered_on));
      expect(rows.at(-1)!.stage_id).toBe(c.stage_id);
      expect(rows.at(-1)!.entered_on).toBe(c.stage_entered_on);
      const openRows = rows.filter((h) => h.left_on === null);
      expect(openRows.length).toBe(c.status === 'completed' || c.status === 'cancelled' ? 0 : 1);
      expect(rows[0]!.entered_on).toBe(c.start_date);
    }
    expect(await demo.db.selectFrom('cycle_goal_templates').selectAll().where('district_id', '=', demo.maple.id).execute()).toHaveLength(4);
    expect((await demo.db.selectFrom('coaching_cycle_notes').selectAll().where('district_id', '=', demo.maple.id).execute()).length).toBeGreaterThan(15);
  });

  it('has overdue and due-soon open cycles, and completed ones with outcomes and reflections', async () => {
    const cycles = await demo.db.selectFrom('coaching_cycles').selectAll().where('district_id', '=', demo.maple.id).execute();
    const stages = new Map((await demo.db.selectFrom('cycle_stages').selectAll().where('district_id', '=', demo.maple.id).execute()).map((s) => [s.id, s]));
    const now = today();
    const dueOn = (c: (typeof cycles)[number]) => addDays(c.stage_entered_on!, stages.get(c.stage_id!)!.expected_days);
    const active = cycles.filter((c) => c.status === 'active');
    expect(active.filter((c) => dueOn(c) < now).length).toBeGreaterThanOrEqual(3);
    expect(active.filter((c) => dueOn(c) >= now && dueOn(c) <= addDays(now, DUE_SOON_DAYS)).length).toBeGreaterThanOrEqual(2);
    const completed = cycles.filter((c) => c.status === 'completed');
    expect(completed.length).toBe(4);
    expect(new Set(completed.map((c) => c.outcome))).toEqual(new Set(['met', 'partly-met', 'not-met']));
    expect(completed.every((c) => c.reflection && c.completed_on)).toBe(true);
    expect(cycles.filter((c) => c.status === 'planned').length).toBe(2);
  });

  it('links seeded interactions of the cycle\'s coach and educators, within the cycle\'s dates', async () => {
    const linked = await demo.db.selectFrom('interactions').select(['id', 'coaching_cycle_id', 'coach_id', 'starts_at'])
      .where('district_id', '=', demo.maple.id).where('coaching_cycle_id', 'is not', null).execute();
    expect(linked.length).toBeGreaterThan(20);
    const cycles = new Map((await demo.db.selectFrom('coaching_cycles').selectAll().execute()).map((c) => [c.id, c]));
    for (const i of linked) {
      const c = cycles.get(i.coaching_cycle_id!)!;
      expect(i.coach_id).toBe(c.coach_id);
      expect(i.starts_at >= `${c.start_date}T00:00:00.000Z`).toBe(true);
    }
  });

  it('is deterministic for a seeding date', async () => {
    const shape = async () => (await demo.db.selectFrom('coaching_cycles').select(['coach_id', 'title', 'status', 'stage_entered_on', 'start_date', 'outcome'])
      .where('district_id', '=', demo.maple.id).orderBy('id').execute()).map((r) => JSON.stringify(r));
    const wipe = async () => {
      await demo.db.updateTable('interactions').set({ coaching_cycle_id: null }).execute();
      await demo.db.deleteFrom('coaching_cycles').execute();
      await demo.db.deleteFrom('cycle_goal_templates').execute();
    };
    const coachIds = (await demo.db.selectFrom('users').select('id').where('email', 'like', 'coach%@maplegrove.example').orderBy('email').execute()).map((r) => r.id);
    const when = new Date('2026-11-22T18:00:00Z');
    await wipe();
    await seedDemoCycles(demo.db, { districtId: demo.maple.id, coachIds, today: when });
    const first = await shape();
    await wipe();
    await seedDemoCycles(demo.db, { districtId: demo.maple.id, coachIds, today: when });
    expect(await shape()).toEqual(first);
  });
});
