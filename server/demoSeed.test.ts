import { describe, expect, it } from 'vitest';
import { seedDemoInteractions } from '../db/seeds/demoInteractions';
import { seededDemoBeforeAll } from './testing/hooks';

function chicagoParts(iso: string) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hourCycle: 'h23', weekday: 'short', hour: '2-digit', minute: '2-digit' })
    .formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { weekday: get('weekday'), minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

describe('demo interactions', () => {
  // One demo district for the file (seeding it is the slow part); each test re-seeds only the interactions.
  const demo = seededDemoBeforeAll(async ({ db }) => ({
    coachIds: (await db.selectFrom('users').select('id').where('email', 'like', 'coach%@maplegrove.example').orderBy('email').execute()).map((r) => r.id),
  }));
  const reseed = async (today: Date) => {
    await demo.db.deleteFrom('interactions').execute();
    await demo.db.deleteFrom('activities').execute();
    return seedDemoInteractions(demo.db, { districtId: demo.maple.id, timezone: demo.maple.timezone, coachIds: demo.coachIds, today });
  };

  it('fills the school year so far for the three coaches, on school days and in school hours, with their own caseloads', async () => {
    const { db, maple, coachIds } = demo;
    const today = new Date('2026-11-23T00:30:00Z'); // Sunday evening in Chicago, Monday in UTC
    const counts = await reseed(today);
    // 14 school weeks so far (less Labor Day, Indigenous Peoples' Day, Veterans Day and Thanksgiving) and
    // two ahead, 10–15 a full week for each of the three coaches.
    expect(counts.interactions).toBeGreaterThan(450);
    expect(counts.interactions).toBeLessThan(700);
    expect(counts.activities).toBeGreaterThan(150);

    const rows = await db.selectFrom('interactions').selectAll().execute();
    expect(rows).toHaveLength(counts.interactions);
    expect(new Set(rows.map((r) => r.district_id))).toEqual(new Set([maple.id]));
    expect(new Set(rows.map((r) => r.coach_id))).toEqual(new Set(coachIds));
    expect(rows.every((r) => r.starts_at >= '2026-08-17T00:00:00.000Z' && r.starts_at < '2026-12-08T00:00:00.000Z')).toBe(true);
    for (const r of rows) {
      const { weekday, minutes } = chicagoParts(r.starts_at);
        expect(['Sat', 'Sun']).not.toContain(weekday);
      expect(minutes).toBeGreaterThanOrEqual(7 * 60 + 45);
      expect(minutes).toBeLessThanOrEqual(15 * 60 + 30);
    }
    // Ahead of today: only scheduled. Behind: a few still scheduled (needs completing), the rest closed.
    const now = today.toISOString();
    expect(rows.filter((r) => r.starts_at > now).every((r) => r.status === 'scheduled')).toBe(true);
    const needsCompleting = rows.filter((r) => r.starts_at < now && r.status === 'scheduled');
    expect(needsCompleting.length).toBeGreaterThan(0);
    expect(needsCompleting.length).toBeLessThan(20);
    // Logged when a coach would: none after the seeding instant, the closed ones after they ended.
    expect(rows.every((r) => r.created_at <= now)).toBe(true);
    expect(rows.filter((r) => r.status === 'completed').every((r) => Date.parse(r.created_at) >= Date.parse(r.starts_at) + r.duration_minutes * 60_000)).toBe(true);
    expect(rows.filter((r) => r.private_notes !== null).every((r) => r.status === 'completed')).toBe(true);
    // Logged time is in the past, even when the seeding instant is already tomorrow in UTC.
    const activities = await db.selectFrom('activities').select(['starts_at', 'minutes']).execute();
    expect(activities.every((a) => Date.parse(a.starts_at) + a.minutes * 60_000 <= today.getTime())).toBe(true);

    // Every participant is on the coach's caseload, or came in with the PLC group.
    const participants = await db.selectFrom('interaction_participants')
      .innerJoin('interactions', 'interactions.id', 'interaction_participants.interaction_id')
      .select(['interactions.coach_id', 'interaction_participants.staff_id', 'interaction_participants.group_id']).execute();
    const caseload = new Set((await db.selectFrom('coach_assignments').select(['coach_id', 'staff_id']).where('end_date', 'is', null).execute())
      .map((a) => `${a.coach_id}:${a.staff_id}`));
    expect(participants.every((p) => p.group_id !== null || caseload.has(`${p.coach_id}:${p.staff_id}`))).toBe(true);
    expect(participants.some((p) => p.group_id !== null)).toBe(true);
  }, 60_000);

  it('is the same data for the same seeding day', async () => {
    const today = new Date('2026-10-05T15:00:00Z');
    const read = () => demo.db.selectFrom('interactions').select(['starts_at', 'status', 'duration_minutes', 'notes', 'private_notes']).orderBy('starts_at').orderBy('coach_id').execute();
    await reseed(today);
    const first = await read();
    await reseed(today);
    expect(first.length).toBeGreaterThan(200);
    expect(await read()).toEqual(first);
  }, 60_000);
});
