// Demo coaching for a demo district: the school year so far (from the third Monday of August to the day
// the demo is seeded), on school days only (demoCalendar.ts: no weekends or US school holidays, in the
// district's timezone), two or three interactions a coach a school day (10–15 a full week) with their own
// caseload, a few past ones still scheduled ("needs completing"), two weeks scheduled ahead (one or two a
// day), and the coaches' other time (activities). Each is logged when a coach would log it: a completed
// one just after it ends, a scheduled one a few school days before. Deterministic for a given seeding
// date: a seeded random generator.
import type { Insertable } from 'kysely';
import type { DB } from '../connection';
import type { Database as Tables } from '../types';
import { firstSchoolDay, isSchoolDay, localDay, plusDays, schoolDayBefore, schoolYearOf, zonedInstant } from './demoCalendar';
import { insertRows, insertRowsReturningIds } from './demoInsert';
import { random } from './demoRandom';

export interface DemoInteractionRefs {
  districtId: number;
  timezone: string;
  coachIds: number[];
  /** The day the demo is seeded; interactions run from the school year's start to here (+2 weeks ahead). */
  today?: Date;
  /** The random generator's seed (each demo district its own). */
  seed?: number;
}


const NOTES: Record<string, string[]> = {
  'Classroom observation': [
    'Observed the warm-up and small-group rotation. Students were on task; transitions took about four minutes.',
    'Focused on questioning: most questions were recall. A few strong open questions in the closing discussion.',
    'Looked at checks for understanding. Exit tickets were collected but not yet used to group students.',
  ],
  'Feedback conversation': [
    'Debriefed the observation. We agreed to try cold-calling with wait time during the next lesson.',
    'Reviewed student work together; the rubric language is clearer to students now.',
    'Talked through the pacing of the lesson opening and a timer for transitions.',
  ],
  'Co-teaching': [
    'Co-taught the station rotation. Took the re-teach table while the teacher ran the extension task.',
    'Shared the lesson: I modeled the think-aloud, then we switched roles for guided practice.',
  ],
  'Modeling a lesson': [
    'Modeled a number talk with the class while the teacher scripted student strategies.',
    'Modeled a close-reading routine with annotation symbols; the teacher will run it on Thursday.',
  ],
  'Planning session': [
    'Planned next week\'s unit launch: success criteria, a hook and two formative checks.',
    'Mapped the upcoming assessment back to daily objectives and found a gap on day three.',
  ],
  'Data conversation': [
    'Looked at the fall benchmark. Grouped students for intervention by skill rather than by score band.',
    'Reviewed attendance and missing-work data; picked three students to check in with.',
  ],
  'PLC facilitation': [
    'Facilitated the PLC: common assessment item analysis and a re-teach plan for fractions.',
    'PLC norms refreshed; teams shared one strategy each and chose a focus for the next cycle.',
  ],
  'Check-in': [
    'Quick check-in between classes: the new seating chart is working.',
    'Touched base about materials for next week.',
  ],
};
const NEXT_STEPS = [
  'Try the strategy twice before our next meeting and bring student work.',
  'Coach to send two article links and a sample anchor chart.',
  'Schedule a follow-up observation in two weeks.',
  'Teacher to pilot exit tickets daily this week.',
];
const PRIVATE_NOTES = [
  'Seemed tired and stretched this week; keep the next step small.',
  'Interested in the leadership track: mention the spring cohort.',
  'Ask the principal about coverage for a peer visit.',
];

/** Inserts the demo interactions and activities; expects the district's types, staff, caseloads and groups. */
export async function seedDemoInteractions(db: DB, refs: DemoInteractionRefs): Promise<{ interactions: number; activities: number }> {
  const rand = random(refs.seed ?? 20262027);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const { districtId, timezone } = refs;
  const today = refs.today ?? new Date();
  const nowMs = today.getTime();

  const types = await db.selectFrom('interaction_types').select(['id', 'name', 'default_minutes'])
    .where('district_id', '=', districtId).where('archived_at', 'is', null).orderBy('sort_order').execute();
  const typeByName = new Map(types.map((t) => [t.name, t]));
  const caseloads = await db.selectFrom('coach_assignments')
    .innerJoin('staff_buildings', (j) => j.onRef('staff_buildings.staff_id', '=', 'coach_assignments.staff_id').on('staff_buildings.end_date', 'is', null))
    .select(['coach_assignments.coach_id', 'coach_assignments.staff_id', 'staff_buildings.building_id'])
    .where('coach_assignments.district_id', '=', districtId).where('coach_assignments.end_date', 'is', null)
    .orderBy('coach_assignments.staff_id').execute();
  const plc = await db.selectFrom('groups').select('id').where('district_id', '=', districtId)
    .where('name', '=', 'Middle School Math PLC').executeTakeFirst();
  const plcMembers = plc
    ? (await db.selectFrom('group_items').select('item_id').where('group_id', '=', plc.id).where('end_date', 'is', null).execute()).map((r) => r.item_id)
    : [];

  // Individual coaching, weighted toward observation and feedback.
  const weighted = ['Classroom observation', 'Classroom observation', 'Feedback conversation', 'Feedback conversation',
    'Co-teaching', 'Modeling a lesson', 'Planning session', 'Planning session', 'Data conversation', 'Check-in', 'Check-in']
    .filter((n) => typeByName.has(n));
  if (weighted.length === 0 || caseloads.length === 0) return { interactions: 0, activities: 0 };

  // Worked out first, written at the end many rows a statement (demoInsert.ts), in the same order.
  const queued: { row: Insertable<Tables['interactions']>; participants: number[]; groupId: number | null }[] = [];
  const activityRows: Insertable<Tables['activities']>[] = [];
  const todayLocal = localDay(today, timezone);
  const end = localDay(new Date(nowMs + 14 * 86_400_000), timezone);
  // The PLC meets at its members' school.
  const plcBuilding = plcMembers.length
    ? (await db.selectFrom('staff_buildings').select('building_id').where('staff_id', '=', plcMembers[0]!).where('end_date', 'is', null).executeTakeFirst())?.building_id ?? null
    : null;
  const lastSchoolDay = schoolDayBefore(todayLocal, 1);
  const logged = (at: number) => new Date(Math.min(at, nowMs)).toISOString();
  for (let dayIso = firstSchoolDay(schoolYearOf(todayLocal)); dayIso <= end; dayIso = plusDays(dayIso, 1)) {
    if (!isSchoolDay(dayIso)) continue;
    const weekday = new Date(`${dayIso}T00:00:00Z`).getUTCDay();
    // A school day still to come in the district's timezone.
    const ahead = dayIso > todayLocal;
    for (const [c, coachId] of refs.coachIds.entries()) {
      const caseload = caseloads.filter((r) => r.coach_id === coachId);
      if (caseload.length === 0) continue;
      // Two or three a school day so far, one or two a day ahead (the calendar fills up as the week comes).
      const count = ahead ? 1 + Math.floor(rand() * 2) : 2 + Math.floor(rand() * 2);
      let minuteOfDay = 7 * 60 + 45 + Math.floor(rand() * 60);
      for (let k = 0; k < count; k++) {
        const isPlc = plc && plcMembers.length > 0 && plcBuilding !== null && c === 0 && weekday === 3 && k === 0 && typeByName.has('PLC facilitation');
        const type = isPlc ? typeByName.get('PLC facilitation')! : typeByName.get(pick(weighted))!;
        const duration = Math.max(10, type.default_minutes + (Math.floor(rand() * 3) - 1) * 5);
        const startsAt = zonedInstant(dayIso, Math.floor(minuteOfDay / 60), minuteOfDay % 60, timezone);
        minuteOfDay += duration + 30 + Math.floor(rand() * 90);
        if (minuteOfDay > 15 * 60 + 30) break;
        const past = startsAt.getTime() + duration * 60_000 < nowMs;
        const roll = rand();
        // A few past ones are still "scheduled" in the last ten days: the coach has not completed them yet
        // (always the first of the last school day before today, so every coach has one).
        const uncompleted = nowMs - startsAt.getTime() < 10 * 86_400_000 && (rand() < 0.12 || (k === 0 && dayIso === lastSchoolDay));
        const status = !past || uncompleted ? 'scheduled' : roll < 0.04 ? 'cancelled' : roll < 0.06 ? 'no-show' : 'completed';
        const who = isPlc ? [] : [pick(caseload)];
        const participants = isPlc ? plcMembers : who.map((r) => r.staff_id);
        const building = isPlc ? plcBuilding! : who[0]!.building_id;
        const done = status === 'completed';
        // Logged: a closed one shortly after it ended; a scheduled one at the end of a school day one to
        // three weeks before (and, when that is still to come, on one of the last eight school days).
        let scheduledOn = schoolDayBefore(dayIso, 3 + Math.floor(rand() * 10));
        if (scheduledOn >= todayLocal) scheduledOn = schoolDayBefore(todayLocal, 1 + Math.floor(rand() * 8));
        const createdAt = status === 'scheduled'
          ? logged(zonedInstant(scheduledOn, 15, 30 + Math.floor(rand() * 30), timezone).getTime())
          : logged(startsAt.getTime() + (duration + 5 + Math.floor(rand() * 90)) * 60_000);
        queued.push({
          row: {
            district_id: districtId, interaction_type_id: type.id, coach_id: coachId, starts_at: startsAt.toISOString(),
            duration_minutes: duration, status, building_id: building,
            notes: done || status === 'no-show' ? pick(NOTES[type.name] ?? NOTES['Check-in']!) : null,
            private_notes: done && rand() < 0.12 ? pick(PRIVATE_NOTES) : null,
            next_steps: done && rand() < 0.45 ? pick(NEXT_STEPS) : null,
            import_uid: null, created_by: coachId, updated_by: coachId, created_at: createdAt, updated_at: createdAt, deleted_at: null,
          },
          participants, groupId: isPlc ? plc!.id : null,
        });
      }
      // The coach's other time: planning most days, a weekly team meeting, travel between schools, PD now and then.
      if (!ahead) {
        const other: { category: string; hour: number; minutes: number; notes: string | null }[] = [];
        if (rand() < 0.7) other.push({ category: 'planning', hour: 15, minutes: 30 + Math.floor(rand() * 4) * 15, notes: 'Prepared resources for next week\'s sessions.' });
        if (weekday === 1) other.push({ category: 'meeting', hour: 7, minutes: 45, notes: 'Instructional coaching team meeting.' });
        if (rand() < 0.25) other.push({ category: 'travel', hour: 12, minutes: 20, notes: null });
        if (weekday === 5 && rand() < 0.3) other.push({ category: 'pd-delivered', hour: 13, minutes: 90, notes: 'Led an after-school PD session on formative assessment.' });
        if (weekday === 4 && rand() < 0.15) other.push({ category: 'data-review', hour: 14, minutes: 45, notes: 'Reviewed benchmark data for the grade-level teams.' });
        for (const a of other) {
          const startsAt = zonedInstant(dayIso, a.hour, 0, timezone).getTime();
          // Logged time is in the past: none later today than now.
          if (startsAt + a.minutes * 60_000 > nowMs) continue;
          const createdAt = logged(startsAt + (a.minutes + 10) * 60_000);
          activityRows.push({
            district_id: districtId, user_id: coachId, category: a.category, starts_at: new Date(startsAt).toISOString(),
            minutes: a.minutes, notes: a.notes, import_uid: null, created_at: createdAt, updated_at: createdAt, deleted_at: null,
          });
        }
      }
    }
  }
  const ids = await insertRowsReturningIds(db, 'interactions', queued.map((q) => q.row));
  await insertRows(db, 'interaction_participants', queued.flatMap((q, k) => q.participants.map((staffId) => ({
    district_id: districtId, interaction_id: ids[k]!, staff_id: staffId, group_id: q.groupId,
  }))));
  await insertRows(db, 'interaction_groups', queued.flatMap((q, k) => (q.groupId === null ? [] : [{ district_id: districtId, interaction_id: ids[k]!, group_id: q.groupId }])));
  await insertRows(db, 'activities', activityRows);
  return { interactions: queued.length, activities: activityRows.length };
}
