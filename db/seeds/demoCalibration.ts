// Demo observer calibration for Maple Grove (issue 28, item 5): a calibration session each month of the school
// year so far, on the Coaching observation form, in the principal's school. The principal and the coach of the
// observed educator observe every lesson, a second coach every other month; each records their own completed
// observation (an interaction of the form's type, as every completed observation is; no skill ratings, as the
// app writes none for calibration). Their answers start apart and agree more over the months: each observer
// strays from the lesson's "true" answer less often as the year goes on, so the agreement over time grows.
// Deterministic: a seeded random generator.
import type { DB } from '../connection';
import { firstSchoolDay, isSchoolDay, localDay, plusDays, schoolYearOf, zonedInstant } from './demoCalendar';
import type { DemoObservationRefs } from './demoObservations';
import { random } from './demoRandom';

/** The same people as the demo's observations (demoObservations.ts). */
export type DemoCalibrationRefs = DemoObservationRefs;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const NOTES = [
  'Watch the whole lesson and answer on your own; we compare at the debrief on Friday.',
  'Focus on student discussion and questioning: those were our widest gaps last time.',
  'Same lesson, same form: rate what you see, not what you expect.',
];
const EVIDENCE = [
  'Pairs compared strategies before the share-out; two students disagreed and resolved it with the model.',
  'The teacher asked three why-questions during the mini-lesson; most answers came from the same four students.',
  'Exit tickets asked students to explain a mistake; about half wrote a full sentence.',
];


/** The second Wednesday of a month (YYYY-MM), moved to the next school day. */
function lessonDay(month: string): string {
  let day = `${month}-01`;
  let wednesdays = 0;
  for (;;) {
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 3) wednesdays += 1;
    if (wednesdays === 2) break;
    day = plusDays(day, 1);
  }
  while (!isSchoolDay(day)) day = plusDays(day, 1);
  return day;
}

export async function seedDemoCalibration(db: DB, refs: DemoCalibrationRefs): Promise<{ sessions: number; observations: number }> {
  const rand = random(refs.seed ?? 51515151);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const { districtId, timezone } = refs;
  const today = refs.today ?? new Date();
  const todayLocal = localDay(today, timezone);

  const form = await db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
    .select(['f.id', 'f.interaction_type_id', 'v.id as version_id']).where('f.district_id', '=', districtId).where('v.name', '=', 'Coaching observation')
    .executeTakeFirst();
  if (!form) return { sessions: 0, observations: 0 };
  const items = await db.selectFrom('observation_form_items').select(['id', 'kind', 'label', 'config'])
    .where('version_id', '=', form.version_id).orderBy('position').execute();
  const principalSchools = (await db.selectFrom('user_buildings').select('building_id').where('user_id', '=', refs.principalId).execute()).map((r) => r.building_id);
  // Educators of the principal's schools on a coach's caseload: both observers see them.
  const candidates = await db.selectFrom('coach_assignments as ca')
    .innerJoin('staff_buildings as sb', (j) => j.onRef('sb.staff_id', '=', 'ca.staff_id').on('sb.end_date', 'is', null))
    .innerJoin('staff as s', 's.id', 'ca.staff_id')
    .innerJoin('buildings as b', 'b.id', 'sb.building_id')
    .select(['ca.coach_id', 'ca.staff_id', 'ca.start_date as coached_from', 'sb.building_id', 'sb.start_date', 'b.name as school'])
    .where('ca.district_id', '=', districtId).where('ca.end_date', 'is', null).where('s.status', '=', 'active')
    .where('ca.coach_id', 'in', refs.coachIds).where('sb.building_id', 'in', principalSchools.length ? principalSchools : [-1])
    .orderBy('ca.staff_id').execute();
  if (candidates.length === 0) return { sessions: 0, observations: 0 };
  // The coaches of each school: a second coach observes only at a school of their own.
  const coachSchools = await db.selectFrom('user_buildings').select(['user_id', 'building_id']).where('user_id', 'in', refs.coachIds).execute();

  const first = firstSchoolDay(schoolYearOf(todayLocal));
  const months: string[] = [];
  for (let m = first.slice(0, 7); lessonDay(m) < todayLocal; ) {
    months.push(m);
    const [y, mm] = m.split('-').map(Number) as [number, number];
    m = mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, '0')}`;
  }
  const options = (label: string) => (JSON.parse(items.find((i) => i.label === label)?.config ?? '{}') as { options?: string[] }).options ?? [];
  const clamp = (n: number) => Math.min(4, Math.max(1, n));
  let sessions = 0;
  let observations = 0;

  for (const [k, month] of months.entries()) {
    const day = lessonDay(month);
    if (day < first) continue;
    // An educator at the school since before the lesson, coached by then.
    const present = candidates.filter((c) => c.start_date <= day && c.coached_from <= day);
    if (present.length === 0) continue;
    const lesson = pick(present);
    const others = refs.coachIds.filter((c) => c !== lesson.coach_id && coachSchools.some((u) => u.user_id === c && u.building_id === lesson.building_id));
    const observers = [refs.principalId, lesson.coach_id, ...(k % 2 === 1 && others.length ? [pick(others)] : [])];
    const startsAt = zonedInstant(day, 10, 5, timezone);
    const createdAt = zonedInstant(day, 7, 40, timezone).toISOString();
    const { id: sessionId } = await db.insertInto('calibration_sessions').values({
      district_id: districtId, form_id: form.id, staff_id: lesson.staff_id, building_id: lesson.building_id, observed_at: startsAt.toISOString(),
      title: `${MONTHS[Number(month.slice(5, 7)) - 1]} calibration, ${lesson.school}`, notes: pick(NOTES), created_by: refs.principalId,
      created_at: createdAt, updated_at: createdAt, archived_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    sessions++;

    // The lesson as it was; each observer strays from it less often as the months go by.
    const stray = Math.max(0.06, 0.55 - k * 0.15);
    const truth = new Map<number, unknown>();
    for (const item of items) {
      if (item.kind === 'rating') truth.set(item.id, 2 + Math.floor(rand() * 2));
      else if (item.label === 'Focus of this observation') truth.set(item.id, 'The educator\'s coaching goal');
      else if (item.label === 'Part of the lesson seen') truth.set(item.id, ['Direct instruction', 'Guided practice']);
    }
    for (const observerId of observers) {
      const answers: { item_id: number; value: unknown }[] = [];
      for (const item of items) {
        const value = truth.get(item.id);
        if (item.kind === 'rating') {
          const off = rand() < stray ? (rand() < 0.5 ? -1 : 1) * (rand() < stray / 2 ? 2 : 1) : 0;
          answers.push({ item_id: item.id, value: clamp((value as number) + off) });
        } else if (item.label === 'Focus of this observation') {
          answers.push({ item_id: item.id, value: rand() < stray / 2 ? pick(options(item.label)) : value });
        } else if (item.label === 'Part of the lesson seen') {
          const seen = rand() < stray ? [...(value as string[]), 'Independent or group work'] : (value as string[]);
          answers.push({ item_id: item.id, value: options(item.label).filter((o) => seen.includes(o)) });
        } else if (item.label === 'What students said and did') {
          answers.push({ item_id: item.id, value: pick(EVIDENCE) });
        } else if (item.kind === 'number') {
          answers.push({ item_id: item.id, value: 5 + Math.floor(rand() * 4) });
        }
      }
      const done = new Date(startsAt.getTime() + (50 + Math.floor(rand() * 30)) * 60_000).toISOString();
      const { id: interactionId } = await db.insertInto('interactions').values({
        district_id: districtId, interaction_type_id: form.interaction_type_id, coach_id: observerId, starts_at: startsAt.toISOString(),
        duration_minutes: 45, status: 'completed', building_id: lesson.building_id, notes: null, private_notes: null, next_steps: null,
        import_uid: null, created_by: observerId, updated_by: observerId, created_at: done, updated_at: done, deleted_at: null,
      }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('interaction_participants').values({ district_id: districtId, interaction_id: interactionId, staff_id: lesson.staff_id, group_id: null }).execute();
      const { id } = await db.insertInto('observations').values({
        district_id: districtId, form_id: form.id, version_id: form.version_id, staff_id: lesson.staff_id, observer_id: observerId,
        interaction_id: interactionId, building_id: lesson.building_id, status: 'completed', observed_at: startsAt.toISOString(),
        duration_minutes: 45, notes: null, private_notes: null, next_steps: null, calibration_id: sessionId,
        share_answers: 0, share_notes: 0, shared_at: null, shared_by: null, acknowledged_at: null, reflection: null,
        created_at: done, updated_at: done, deleted_at: null,
      }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('observation_answers').values(answers.map((a) => ({
        district_id: districtId, observation_id: id, item_id: a.item_id, value: JSON.stringify(a.value), evidence: null,
      }))).execute();
      observations++;
    }
  }
  return { sessions, observations };
}
