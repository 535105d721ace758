// The demo action steps (db/seeds/demoActionSteps.ts): the demo teacher has open steps (one overdue, one due in
// the coming days) and done ones with their note, set by their coach from an interaction, an observation shared
// with them and their cycle, and steps of their own; other Maple Grove educators have steps from their own
// visits, set by that visit's coach or observer. Dates are coherent: created on the source's day, due and done
// on school days, never after the seeding.
import { describe, expect, it } from 'vitest';
import { ACTION_STEP_DUE_SOON_DAYS, actionStepDue } from '../common/actionStepValues';
import { schoolDayAfter } from '../db/seeds/demoActionSteps';
import { isSchoolDay, localDay } from '../db/seeds/demoCalendar';
import { seededDemoBeforeAll } from './testing/hooks';

describe('demo action steps', () => {
  const demo = seededDemoBeforeAll();
  const steps = () => demo.db.selectFrom('action_steps').selectAll().where('district_id', '=', demo.maple.id).execute();

  it('give the demo teacher open and done steps from an interaction, an observation and a cycle, set by their coach, and their own', async () => {
    const teacher = await demo.db.selectFrom('staff as s').innerJoin('users as u', 'u.id', 's.user_id').select(['s.id', 'u.id as user_id'])
      .where('u.email', '=', 'teacher@maplegrove.example').executeTakeFirstOrThrow();
    const coaches = (await demo.db.selectFrom('coach_assignments').select('coach_id').where('staff_id', '=', teacher.id).execute()).map((c) => c.coach_id);
    const mine = (await steps()).filter((s) => s.staff_id === teacher.id);
    const today = localDay(new Date(), demo.maple.timezone);
    expect(new Set(mine.map((s) => s.source_type))).toEqual(new Set(['interaction', 'observation', 'cycle', 'own']));
    expect(mine.filter((s) => s.status === 'open').length).toBeGreaterThanOrEqual(3);
    expect(mine.filter((s) => s.status === 'done' && s.note).length).toBeGreaterThanOrEqual(2);
    const states = mine.map((s) => actionStepDue(s, today));
    expect(states).toContain('overdue');
    // One is due two school days from today: "due soon", unless a break puts those school days past the week (seeded
    // during the winter break it falls in January), and then it is still open and due then.
    const inTwoSchoolDays = schoolDayAfter(today, 2);
    if ((Date.parse(inTwoSchoolDays) - Date.parse(today)) / 86_400_000 <= ACTION_STEP_DUE_SOON_DAYS) expect(states).toContain('due-soon');
    else expect(mine.filter((s) => s.status === 'open').map((s) => s.due_on)).toContain(inTwoSchoolDays);
    for (const s of mine.filter((x) => x.source_type === 'own')) expect(s.set_by_user_id).toBe(teacher.user_id);
    for (const s of mine.filter((x) => x.source_type === 'interaction' || x.source_type === 'cycle')) expect(coaches).toContain(s.set_by_user_id);
    // The observations they come from were shared with the teacher, so the teacher can read them.
    const obs = mine.filter((s) => s.source_type === 'observation').map((s) => s.source_id!);
    const shared = await demo.db.selectFrom('observations').select(['id', 'shared_at', 'staff_id', 'observer_id']).where('id', 'in', obs).execute();
    expect(shared.every((o) => o.shared_at !== null && o.staff_id === teacher.id)).toBe(true);
  });

  it('give other educators steps from their own visits, set by that visit\'s coach or observer, mostly done when past due', async () => {
    const all = await steps();
    const educators = new Set(all.map((s) => s.staff_id));
    expect(educators.size).toBeGreaterThan(30);
    for (const s of all.filter((x) => x.source_type === 'interaction')) {
      const row = await demo.db.selectFrom('interactions as i').innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
        .select(['i.coach_id', 'i.starts_at']).where('i.id', '=', s.source_id!).where('p.staff_id', '=', s.staff_id).executeTakeFirst();
      expect(row, `step ${s.id}`).toBeDefined();
      expect(row!.coach_id).toBe(s.set_by_user_id);
      expect(s.created_at >= row!.starts_at).toBe(true);
    }
    for (const s of all.filter((x) => x.source_type === 'observation')) {
      const row = await demo.db.selectFrom('observations').select(['observer_id', 'staff_id', 'status']).where('id', '=', s.source_id!).executeTakeFirstOrThrow();
      expect(row).toEqual({ observer_id: s.set_by_user_id, staff_id: s.staff_id, status: 'completed' });
    }
    const today = localDay(new Date(), demo.maple.timezone);
    const pastDue = all.filter((s) => s.due_on && s.due_on < today);
    expect(pastDue.filter((s) => s.status === 'done').length / pastDue.length).toBeGreaterThan(0.5);
    expect(all.some((s) => s.status === 'dropped')).toBe(true);
  });

  it('are created, due and done on school days, done on or after the day they were set, nothing after the seeding', async () => {
    const now = new Date().toISOString();
    for (const s of await steps()) {
      const created = localDay(new Date(s.created_at), demo.maple.timezone);
      expect(isSchoolDay(created), `step ${s.id} created ${created}`).toBe(true);
      expect(s.created_at <= now).toBe(true);
      if (s.due_on) expect(isSchoolDay(s.due_on), `step ${s.id} due ${s.due_on}`).toBe(true);
      if (s.status === 'done') {
        expect(s.done_on! >= created, `step ${s.id}`).toBe(true);
        expect(isSchoolDay(s.done_on!)).toBe(true);
        expect(s.status_at! <= now).toBe(true);
      } else expect(s.done_on).toBeNull();
      if (s.status === 'open') expect(s.status_at).toBeNull();
      else expect(s.status_at! >= s.created_at, `step ${s.id}`).toBe(true);
    }
  });
});
