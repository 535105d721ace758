// The demo skill ratings (db/seeds/demoSkills.ts): a year of history for Maple Grove's educators on
// the district's own framework, showing growth, linked to seeded observations, deterministic, with
// skill_current_levels in step with the history.
import { describe, expect, it } from 'vitest';
import { seedDemoSkills } from '../db/seeds/demoSkills';
import { seededDemoBeforeAll } from './testing/hooks';

describe('demo skill ratings', () => {
  const demo = seededDemoBeforeAll(async ({ db }) => ({
    cedar: await db.selectFrom('districts').select('id').where('name', 'like', 'Cedar Falls%').executeTakeFirstOrThrow(),
    admin: await db.selectFrom('users').select('id').where('email', '=', 'admin@maplegrove.example').executeTakeFirstOrThrow(),
  }));
  const reseed = async (today: Date) => {
    await demo.db.deleteFrom('skill_current_levels').execute();
    await demo.db.deleteFrom('skill_ratings').execute();
    return seedDemoSkills(demo.db, { districtId: demo.maple.id, fallbackRaterId: demo.admin.id, today });
  };

  it('every district has its own copy of the default framework', async () => {
    for (const d of [demo.maple, demo.cedar]) {
      const fw = await demo.db.selectFrom('skill_frameworks').selectAll().where('district_id', '=', d.id).execute();
      expect(fw).toHaveLength(1);
      const skills = await demo.db.selectFrom('skills').select('id').where('framework_id', '=', fw[0]!.id).execute();
      expect(skills).toHaveLength(24);
    }
  });

  it('rates every Maple Grove educator over the year before the seeding day, on Maple Grove skills only', async () => {
    const today = new Date('2026-11-22T18:00:00Z');
    const counts = await reseed(today);
    expect(counts.educators).toBe(60);
    const { db, maple } = demo;
    const rows = await db.selectFrom('skill_ratings').selectAll().execute();
    expect(rows).toHaveLength(counts.ratings);
    expect(new Set(rows.map((r) => r.district_id))).toEqual(new Set([maple.id]));
    expect(new Set(rows.map((r) => r.staff_id)).size).toBe(60);
    expect(rows.every((r) => r.rated_on >= '2025-11-22' && r.rated_on <= '2026-11-22')).toBe(true);
    expect(rows.every((r) => r.level >= 1 && r.level <= 4)).toBe(true);
    const mapleSkills = new Set((await db.selectFrom('skills').select('id').where('district_id', '=', maple.id).execute()).map((s) => s.id));
    expect(rows.every((r) => mapleSkills.has(r.skill_id))).toBe(true);
    // Every educator was rated on the whole framework at least once, then again on several occasions.
    const perStaff = new Map<number, Set<string>>();
    for (const r of rows) perStaff.set(r.staff_id, (perStaff.get(r.staff_id) ?? new Set()).add(r.rated_on));
    expect([...perStaff.values()].every((days) => days.size >= 3)).toBe(true);
  });

  it('shows growth: the average current level is above the average first level', async () => {
    await reseed(new Date('2026-11-22T18:00:00Z'));
    const { db } = demo;
    const rows = await db.selectFrom('skill_ratings').select(['staff_id', 'skill_id', 'level', 'rated_on', 'id']).orderBy('rated_on').orderBy('id').execute();
    const first = new Map<string, number>();
    for (const r of rows) if (!first.has(`${r.staff_id}:${r.skill_id}`)) first.set(`${r.staff_id}:${r.skill_id}`, r.level);
    const current = await db.selectFrom('skill_current_levels').select(['staff_id', 'skill_id', 'level']).execute();
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(avg(current.map((c) => c.level))).toBeGreaterThan(avg([...first.values()]) + 0.5);
  });

  it('keeps skill_current_levels at the latest rating of each educator and skill', async () => {
    await reseed(new Date('2026-11-22T18:00:00Z'));
    const { db } = demo;
    const rows = await db.selectFrom('skill_ratings').select(['id', 'staff_id', 'skill_id', 'level', 'rated_on']).orderBy('rated_on').orderBy('id').execute();
    const latest = new Map<string, (typeof rows)[number]>();
    for (const r of rows) latest.set(`${r.staff_id}:${r.skill_id}`, r);
    const current = await db.selectFrom('skill_current_levels').selectAll().execute();
    expect(current).toHaveLength(latest.size);
    for (const c of current) {
      const l = latest.get(`${c.staff_id}:${c.skill_id}`)!;
      expect([c.rating_id, c.level, c.rated_on]).toEqual([l.id, l.level, l.rated_on]);
    }
  });

  it('links ratings of this school year to the educator\'s own completed observations, rated by their coach', async () => {
    await reseed(new Date('2026-11-22T18:00:00Z'));
    const { db } = demo;
    const linked = await db.selectFrom('skill_ratings as r').innerJoin('interactions as i', 'i.id', 'r.interaction_id')
      .innerJoin('interaction_types as t', 't.id', 'i.interaction_type_id')
      .select(['r.staff_id', 'r.rated_on', 'r.rated_by', 'i.id', 'i.coach_id', 'i.starts_at', 'i.status', 't.name'])
      .execute();
    expect(linked.length).toBeGreaterThan(50);
    for (const l of linked) {
      expect(l.name).toBe('Classroom observation');
      expect(l.status).toBe('completed');
      expect(l.rated_by).toBe(l.coach_id);
      expect(l.starts_at.slice(0, 10) <= l.rated_on).toBe(true);
      const took = await db.selectFrom('interaction_participants').select('id').where('interaction_id', '=', l.id).where('staff_id', '=', l.staff_id).executeTakeFirst();
      expect(took).toBeDefined();
    }
  });

  it('is deterministic for a seeding day', async () => {
    const today = new Date('2026-11-22T18:00:00Z');
    await reseed(today);
    const a = await demo.db.selectFrom('skill_ratings').select(['staff_id', 'skill_id', 'level', 'rated_on', 'note', 'interaction_id']).orderBy('id').execute();
    await reseed(today);
    const b = await demo.db.selectFrom('skill_ratings').select(['staff_id', 'skill_id', 'level', 'rated_on', 'note', 'interaction_id']).orderBy('id').execute();
    expect(b).toEqual(a);
  });
});
