// Demo coaching for Maple Grove: the 2026–27 school year so far (from the third Monday of August to
// the day the demo is seeded), about 1 500 interactions across the 3 coaches and their caseloads, a
// few past ones still scheduled ("needs completing"), two weeks scheduled ahead, and the coaches'
// other time (activities). Deterministic for a given seeding date: a seeded random generator.
import type { DB } from '../connection';
import { nowIso } from '../connection';

export interface DemoInteractionRefs {
  districtId: number;
  timezone: string;
  coachIds: number[];
  /** The day the demo is seeded; interactions run from the school year's start to here (+2 weeks ahead). */
  today?: Date;
}

/** mulberry32: small, fast, good enough for demo data, and the same sequence every time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The UTC instant of a wall-clock time in a timezone (two passes settle daylight-saving changes). */
function zonedInstant(day: string, hour: number, minute: number, timeZone: string): Date {
  const wanted = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour, minute);
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
    }).formatToParts(new Date(guess));
    const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
    const shown = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
    guess += wanted - shown;
  }
  return new Date(guess);
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** The third Monday of August of the school year `today` falls in (a year starts in August). */
function schoolYearStart(today: Date): Date {
  const year = today.getUTCMonth() >= 7 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const first = new Date(Date.UTC(year, 7, 1));
  const firstMonday = 1 + ((8 - first.getUTCDay()) % 7);
  return new Date(Date.UTC(year, 7, firstMonday + 14));
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
  const rand = random(20262027);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const { districtId, timezone } = refs;
  const now = nowIso();
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

  let interactions = 0;
  let activities = 0;
  const todayLocal = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(today);
  const start = schoolYearStart(today);
  const end = addDays(today, 14);
  for (let day = start; day <= end; day = addDays(day, 1)) {
    const weekday = day.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const dayIso = isoDay(day);
    // A school day still to come in the district's timezone (UTC midnight is the evening before in the US).
    const ahead = dayIso > todayLocal;
    for (const [c, coachId] of refs.coachIds.entries()) {
      const caseload = caseloads.filter((r) => r.coach_id === coachId);
      if (caseload.length === 0) continue;
      // About seven a school day so far, three a day ahead (the calendar fills up as the week comes).
      const count = ahead ? 2 + Math.floor(rand() * 2) : 6 + Math.floor(rand() * 4);
      let minuteOfDay = 7 * 60 + 45 + Math.floor(rand() * 20);
      for (let k = 0; k < count; k++) {
        const isPlc = plc && plcMembers.length > 0 && c === 0 && weekday === 3 && k === 0 && typeByName.has('PLC facilitation');
        const type = isPlc ? typeByName.get('PLC facilitation')! : typeByName.get(pick(weighted))!;
        const duration = Math.max(10, type.default_minutes + (Math.floor(rand() * 3) - 1) * 5);
        const startsAt = zonedInstant(dayIso, Math.floor(minuteOfDay / 60), minuteOfDay % 60, timezone);
        minuteOfDay += duration + 10 + Math.floor(rand() * 30);
        if (minuteOfDay > 15 * 60 + 30) break;
        const past = startsAt.getTime() + duration * 60_000 < nowMs;
        const roll = rand();
        // A few past ones are still "scheduled" in the last ten days: the coach has not completed them yet.
        const uncompleted = nowMs - startsAt.getTime() < 10 * 86_400_000 && rand() < 0.06;
        const status = !past || uncompleted ? 'scheduled' : roll < 0.04 ? 'cancelled' : roll < 0.06 ? 'no-show' : 'completed';
        const who = isPlc ? [] : [pick(caseload)];
        const participants = isPlc ? plcMembers : who.map((r) => r.staff_id);
        const building = isPlc ? caseload[0]!.building_id : who[0]!.building_id;
        const done = status === 'completed';
        const { id } = await db.insertInto('interactions').values({
          district_id: districtId, interaction_type_id: type.id, coach_id: coachId, starts_at: startsAt.toISOString(),
          duration_minutes: duration, status, building_id: building,
          notes: done || status === 'no-show' ? pick(NOTES[type.name] ?? NOTES['Check-in']!) : null,
          private_notes: done && rand() < 0.12 ? pick(PRIVATE_NOTES) : null,
          next_steps: done && rand() < 0.45 ? pick(NEXT_STEPS) : null,
          import_uid: null, created_by: coachId, updated_by: coachId, created_at: now, updated_at: now, deleted_at: null,
        }).returning('id').executeTakeFirstOrThrow();
        await db.insertInto('interaction_participants').values(participants.map((staffId) => ({
          district_id: districtId, interaction_id: id, staff_id: staffId, group_id: isPlc ? plc!.id : null,
        }))).execute();
        if (isPlc) await db.insertInto('interaction_groups').values({ district_id: districtId, interaction_id: id, group_id: plc!.id }).execute();
        interactions++;
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
          // Logged time is in the past: none later today than now.
          if (zonedInstant(dayIso, a.hour, 0, timezone).getTime() + a.minutes * 60_000 > nowMs) continue;
          await db.insertInto('activities').values({
            district_id: districtId, user_id: coachId, category: a.category, starts_at: zonedInstant(dayIso, a.hour, 0, timezone).toISOString(),
            minutes: a.minutes, notes: a.notes, import_uid: null, created_at: now, updated_at: now, deleted_at: null,
          }).execute();
          activities++;
        }
      }
    }
  }
  return { interactions, activities };
}
