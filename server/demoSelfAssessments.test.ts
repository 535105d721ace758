// The demo self-assessments (db/seeds/demoSelfAssessments.ts): the demo teacher rated themself twice on the whole
// framework, the recent one above their coach's current level on some skills and below on others; six other
// Maple Grove educators once; every self rating on a school day before the seeding day, on Maple Grove's active
// skills and scale, and none of it in the coaches' ratings or current levels.
import { describe, expect, it } from 'vitest';
import { isSchoolDay, localDay } from '../db/seeds/demoCalendar';
import { OTHER_SELF_ASSESSED } from '../db/seeds/demoSelfAssessments';
import { seededDemoBeforeAll } from './testing/hooks';

describe('demo self-assessments', () => {
  const demo = seededDemoBeforeAll(async ({ db }) => ({
    teacher: await db.selectFrom('users').select('id').where('email', '=', 'teacher@maplegrove.example').executeTakeFirstOrThrow(),
  }));

  it("the demo teacher's two self-assessments: the whole framework each time, the recent one above and below the coach's levels", async () => {
    const { db, maple, teacher } = demo;
    const staff = await db.selectFrom('staff').select('id').where('user_id', '=', teacher.id).executeTakeFirstOrThrow();
    const rows = await db.selectFrom('self_ratings').selectAll().where('staff_id', '=', staff.id).orderBy('id').execute();
    const skills = await db.selectFrom('skills').select('id').where('district_id', '=', maple.id).where('archived_at', 'is', null).execute();
    const days = [...new Set(rows.map((r) => r.rated_on))];
    expect(days).toHaveLength(2);
    expect(days[0]! < days[1]!).toBe(true);
    for (const day of days) expect(rows.filter((r) => r.rated_on === day).map((r) => r.skill_id).sort()).toEqual(skills.map((s) => s.id).sort());
    expect(rows.every((r) => r.rated_by === teacher.id && r.district_id === maple.id)).toBe(true);
    const coach = new Map((await db.selectFrom('skill_current_levels').select(['skill_id', 'level']).where('staff_id', '=', staff.id).execute())
      .map((r) => [r.skill_id, r.level]));
    const recent = rows.filter((r) => r.rated_on === days[1]);
    const above = recent.filter((r) => r.level > coach.get(r.skill_id)!).length;
    const below = recent.filter((r) => r.level < coach.get(r.skill_id)!).length;
    expect(above).toBeGreaterThanOrEqual(4);
    expect(below).toBeGreaterThanOrEqual(2);
    // Given before the teacher's last sign-in.
    const login = await db.selectFrom('users').select('last_login_at').where('id', '=', teacher.id).executeTakeFirstOrThrow();
    expect(rows.every((r) => r.created_at < login.last_login_at!)).toBe(true);
  });

  it('a few other Maple Grove educators, active and coached, rated themselves once; every self rating on a school day, on the scale', async () => {
    const { db, maple, teacher } = demo;
    const rows = await db.selectFrom('self_ratings as r').innerJoin('staff as s', 's.id', 'r.staff_id')
      .select(['r.staff_id', 'r.level', 'r.rated_on', 'r.skill_id', 'r.district_id', 's.status', 's.user_id', 'r.created_at']).execute();
    expect(new Set(rows.map((r) => r.district_id))).toEqual(new Set([maple.id]));
    const others = new Set(rows.filter((r) => r.user_id !== teacher.id).map((r) => r.staff_id));
    expect(others.size).toBe(OTHER_SELF_ASSESSED);
    expect(rows.every((r) => r.status === 'active')).toBe(true);
    expect(rows.every((r) => r.level >= 1 && r.level <= 4)).toBe(true);
    expect(rows.every((r) => isSchoolDay(r.rated_on))).toBe(true);
    // The demo is seeded on the day the test runs.
    const seededOn = localDay(new Date(), maple.timezone);
    expect(rows.every((r) => r.rated_on < seededOn)).toBe(true);
    const mapleSkills = new Set((await db.selectFrom('skills').select('id').where('district_id', '=', maple.id).execute()).map((s) => s.id));
    expect(rows.every((r) => mapleSkills.has(r.skill_id))).toBe(true);
  });

  it("never reaches the coaches' ratings: every current level is the latest coach rating", async () => {
    const { db } = demo;
    const current = await db.selectFrom('skill_current_levels as cl').innerJoin('skill_ratings as r', 'r.id', 'cl.rating_id')
      .select(['cl.level', 'r.level as rating_level', 'cl.staff_id', 'r.staff_id as rating_staff']).execute();
    expect(current.length).toBeGreaterThan(0);
    expect(current.every((c) => c.level === c.rating_level && c.staff_id === c.rating_staff)).toBe(true);
  });
});
