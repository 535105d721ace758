// Demo observations (issue 28): the school year so far of classroom walkthroughs and coaching observations, on the
// district's two default forms. Maple Grove's as below; Riverbend's (db/seeds/demo.ts) the same with its own people,
// schools and day, smaller: its two coaches walk through a classroom once a week (Wednesday) and half of their
// classroom observations have their observation on the longer form.
// - Walkthroughs: the principal visits two classrooms of their school a school day; each coach walks
//   through two classrooms of their caseload a week (Tuesday and Thursday). Each is a completed observation
//   with its Walkthrough interaction. How often a look-for is seen differs by school and grows over the
//   months (a school's starting rate, plus a little each week, each look-for a little easier or harder).
// - Coaching observations: most of the coaches' completed classroom observations of the school year (the
//   interactions demoInteractions.ts logged) get their observation on the longer form, its ratings the levels
//   demoSkills.ts gave that day (so the ratings and the answers agree).
// - About half of the coaches' observations are shared with the educator; most of those older than a week are
//   acknowledged, some with a reflection (Jordan Ellis, the demo educator login, has both kinds). Each coach
//   has a walkthrough draft begun this school day.
// Deterministic for a given seeding date: a seeded random generator.
import type { Insertable } from 'kysely';
import type { DB } from '../connection';
import type { Database as DBTables } from '../types';
import { firstSchoolDay, isSchoolDay, localDay, plusDays, schoolYearOf, zonedInstant } from './demoCalendar';
import { insertRows, insertRowsReturningIds } from './demoInsert';
import { random } from './demoRandom';

export interface DemoObservationRefs {
  districtId: number;
  timezone: string;
  coachIds: number[];
  principalId: number;
  today?: Date;
  seed?: number;
  /** The weekdays (0 Sunday … 6 Saturday) each coach walks through a classroom of their caseload: Tuesday and Thursday unless told. */
  coachWalkWeekdays?: readonly number[];
  /** The share of the coaches' completed classroom observations that get their observation on the longer form: three in four unless told. */
  observedShare?: number;
}


/** A school's look-fors seen at the start of the year: each school its own, so the report shows them apart. */
const SCHOOL_START_RATES = [0.38, 0.52, 0.31, 0.46, 0.58, 0.42];
/** Each look-for, a little easier or harder to see than the school's rate (the walkthrough's eight, in order). */
const LOOK_FOR_OFFSETS = [0.08, -0.12, -0.08, 0.16, 0.02, -0.04, -0.1, 0.14];
const WEEKLY_GROWTH = 0.018;

const STOOD_OUT = [
  'Students used the sentence stems on the wall without being reminded.',
  'A quiet group at the back had finished early and was waiting.',
  'The exit ticket asked students to explain, not just answer.',
  'Partners were comparing strategies and disagreeing politely.',
  'The anchor chart from last week is being used.',
  'Transitions between stations took under a minute.',
];
const WALK_NOTES = [
  'Walked in during group work; most pairs were talking about the task.',
  'Saw the warm-up and the start of the mini-lesson.',
  'Independent practice; the teacher was conferring with a small group.',
  'Stations were running; I followed the re-teach table for a few minutes.',
];
const WALK_NEXT = [
  'Try a turn-and-talk before calling on hands.',
  'Post the learning goal where students can see it from their seats.',
  'Use the exit tickets to group students tomorrow.',
  'Let a student summarize the lesson at the close.',
];
const REFLECTIONS = [
  'Thank you for coming in. I noticed the same thing about the back group and will give them an extension card.',
  'Useful to hear the turn-and-talk worked. I will try it in the second period too.',
  'I had not noticed how long the transition took. I will use a timer this week.',
  'Agreed on posting the goal. Could you come back for the closing next time?',
];
const EVIDENCE = [
  'Students explained their strategy to a partner before sharing with the class.',
  'Most questions asked for recall; two asked students to justify an answer.',
  'Exit tickets were collected and sorted by the teacher during independent work.',
  'The teacher paraphrased a student\'s idea and asked the class to build on it.',
];
const STRENGTHS = [
  'Warm relationships: students ask for help without hesitating.',
  'Clear routines: materials were out and ready within a minute.',
  'Strong modelling: the think-aloud made the steps visible.',
];

type Item = { id: number; kind: string; label: string; skill_id: number | null; config: string; position: number };

/** Inserts the demo observations; expects the district's forms, staff, caseloads, interactions and ratings. */
export async function seedDemoObservations(db: DB, refs: DemoObservationRefs): Promise<{ walkthroughs: number; observations: number }> {
  const rand = random(refs.seed ?? 28282828);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const { districtId, timezone } = refs;
  const today = refs.today ?? new Date();
  const nowMs = today.getTime();
  const todayLocal = localDay(today, timezone);

  const forms = await db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
    .select(['f.id', 'f.interaction_type_id', 'v.id as version_id', 'v.name']).where('f.district_id', '=', districtId).execute();
  const walkForm = forms.find((f) => f.name === 'Classroom walkthrough');
  const fullForm = forms.find((f) => f.name === 'Coaching observation');
  if (!walkForm || !fullForm) return { walkthroughs: 0, observations: 0 };
  const itemsOf = async (versionId: number) => db.selectFrom('observation_form_items')
    .select(['id', 'kind', 'label', 'skill_id', 'config', 'position']).where('version_id', '=', versionId).orderBy('position').execute() as Promise<Item[]>;
  const walkItems = await itemsOf(walkForm.version_id);
  const fullItems = await itemsOf(fullForm.version_id);
  const lookFors = walkItems.filter((i) => i.kind === 'look_for');
  const stoodOut = walkItems.find((i) => i.kind === 'text');

  const schools = (await db.selectFrom('buildings').select('id').where('district_id', '=', districtId).orderBy('id').execute()).map((b) => b.id);
  const startRate = new Map(schools.map((id, k) => [id, SCHOOL_START_RATES[k % SCHOOL_START_RATES.length]!]));
  const caseloads = await db.selectFrom('coach_assignments')
    .innerJoin('staff_buildings', (j) => j.onRef('staff_buildings.staff_id', '=', 'coach_assignments.staff_id').on('staff_buildings.end_date', 'is', null))
    .select(['coach_assignments.coach_id', 'coach_assignments.staff_id', 'staff_buildings.building_id'])
    .where('coach_assignments.district_id', '=', districtId).where('coach_assignments.end_date', 'is', null)
    .orderBy('coach_assignments.staff_id').execute();
  const principalSchools = (await db.selectFrom('user_buildings').select('building_id').where('user_id', '=', refs.principalId).execute()).map((r) => r.building_id);
  const principalStaff = await db.selectFrom('staff_buildings as sb').innerJoin('staff as s', 's.id', 'sb.staff_id')
    .select(['sb.staff_id', 'sb.building_id', 'sb.start_date'])
    .where('sb.district_id', '=', districtId).where('sb.end_date', 'is', null).where('s.status', '=', 'active')
    .where('sb.building_id', 'in', principalSchools.length ? principalSchools : [-1]).orderBy('sb.staff_id').execute();
  const teacher = await db.selectFrom('staff').select('id').where('district_id', '=', districtId).where('user_id', 'is not', null).executeTakeFirst();

  const first = firstSchoolDay(schoolYearOf(todayLocal));
  const weekOf = (day: string) => Math.floor((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / (7 * 86_400_000));
  let walkthroughs = 0;
  let observations = 0;

  // Every row is worked out in order (the same random sequence as one insert at a time) and written at the
  // end, a few statements per table: one round trip per row took the PostgreSQL demo seed past two minutes.
  type InteractionRow = Insertable<DBTables['interactions']>;
  type ObservationRowIn = Insertable<DBTables['observations']>;
  const queued: { interaction: InteractionRow | null; participant: number | null; row: ObservationRowIn; answers: { item_id: number; value: unknown; evidence?: string | null }[] }[] = [];

  function observation(o: {
    formId: number; versionId: number; typeId: number; staffId: number; buildingId: number; observerId: number; startsAt: Date; minutes: number;
    answers: { item_id: number; value: unknown; evidence?: string | null }[]; notes: string | null; nextSteps: string | null;
    interactionId?: number; draft?: boolean; shareable: boolean;
  }): void {
    const createdAt = new Date(Math.min(o.startsAt.getTime() + (o.minutes + 3 + Math.floor(rand() * 20)) * 60_000, nowMs)).toISOString();
    const interaction: InteractionRow | null = (o.interactionId ?? null) === null && !o.draft ? {
      district_id: districtId, interaction_type_id: o.typeId, coach_id: o.observerId, starts_at: o.startsAt.toISOString(),
      duration_minutes: o.minutes, status: 'completed', building_id: o.buildingId, notes: null, private_notes: null, next_steps: null,
      import_uid: null, created_by: o.observerId, updated_by: o.observerId, created_at: createdAt, updated_at: createdAt, deleted_at: null,
    } : null;
    // Shared with the educator: about half a coach's, a principal's walkthrough now and then; acknowledged when older than a week, mostly.
    const ageDays = (nowMs - o.startsAt.getTime()) / 86_400_000;
    const shared = !o.draft && o.shareable && (rand() < 0.5 || (o.staffId === teacher?.id && rand() < 0.85));
    const sharedAt = shared ? new Date(Math.min(Date.parse(createdAt) + (30 + Math.floor(rand() * 240)) * 60_000, nowMs)).toISOString() : null;
    const acknowledged = shared && ageDays > 7 && rand() < 0.75;
    const acknowledgedAt = acknowledged ? new Date(Math.min(Date.parse(sharedAt!) + (1 + Math.floor(rand() * 2)) * 86_400_000, nowMs)).toISOString() : null;
    queued.push({
      interaction, participant: interaction ? o.staffId : null, answers: o.answers,
      row: {
        district_id: districtId, form_id: o.formId, version_id: o.versionId, staff_id: o.staffId, observer_id: o.observerId,
        interaction_id: o.interactionId ?? null, building_id: o.buildingId, status: o.draft ? 'draft' : 'completed', observed_at: o.startsAt.toISOString(),
        duration_minutes: o.minutes, notes: o.notes, private_notes: null, next_steps: o.nextSteps, calibration_id: null,
        share_answers: shared ? 1 : 0, share_notes: shared ? 1 : 0, shared_at: sharedAt, shared_by: shared ? o.observerId : null,
        acknowledged_at: acknowledgedAt, reflection: acknowledged && rand() < 0.6 ? pick(REFLECTIONS) : null,
        created_at: createdAt, updated_at: acknowledgedAt ?? sharedAt ?? createdAt, deleted_at: null,
      },
    });
  }

  /**
   * The demo educator (the login a buyer tries) always has both kinds of shared observation: the latest waits for
   * an answer, and one older than a week was acknowledged. Left to the random stream, which of their visits are
   * shared and answered moves with the hour of seeding, and at some hours every one was answered (or none).
   * Touches no random draw, so every other row stays as seeded.
   */
  function settleTheEducatorsShared(): void {
    const theirs = queued.filter((q) => teacher && q.row.staff_id === teacher.id && q.row.shared_at)
      .sort((a, b) => String(a.row.observed_at).localeCompare(String(b.row.observed_at)));
    const latest = theirs.at(-1);
    if (!latest || theirs.length < 2) return;
    Object.assign(latest.row, { acknowledged_at: null, reflection: null, updated_at: latest.row.shared_at });
    const answered = theirs.slice(0, -1);
    if (answered.some((q) => q.row.acknowledged_at)) return;
    const oldest = answered[0]!;
    const acknowledgedAt = new Date(Math.min(Date.parse(String(oldest.row.shared_at)) + 86_400_000, nowMs)).toISOString();
    Object.assign(oldest.row, { acknowledged_at: acknowledgedAt, reflection: REFLECTIONS[0], updated_at: acknowledgedAt });
  }

  async function writeQueued(): Promise<void> {
    const withInteraction = queued.filter((q) => q.interaction !== null);
    const interactionIds = await insertRowsReturningIds(db, 'interactions', withInteraction.map((q) => q.interaction!));
    withInteraction.forEach((q, k) => { q.row.interaction_id = interactionIds[k]!; });
    const participants = withInteraction.map((q, k) => ({ district_id: districtId, interaction_id: interactionIds[k]!, staff_id: q.participant!, group_id: null }));
    await insertRows(db, 'interaction_participants', participants);
    const observationIds = await insertRowsReturningIds(db, 'observations', queued.map((q) => q.row));
    const answers = queued.flatMap((q, k) => q.answers.map((a) => ({
      district_id: districtId, observation_id: observationIds[k]!, item_id: a.item_id, value: JSON.stringify(a.value), evidence: a.evidence ?? null,
    })));
    await insertRows(db, 'observation_answers', answers);
  }

  /** The walkthrough's answers for a classroom at a school on a day: rates by school, look-for and week. */
  const walkAnswers = (buildingId: number, day: string, partial = false) => {
    const base = (startRate.get(buildingId) ?? 0.45) + weekOf(day) * WEEKLY_GROWTH;
    const answers: { item_id: number; value: unknown; evidence?: string | null }[] = lookFors
      .slice(0, partial ? 5 : lookFors.length)
      .map((item, k) => {
        const p = Math.min(0.94, Math.max(0.06, base + (LOOK_FOR_OFFSETS[k] ?? 0)));
        // Student discussion is not always something the lesson calls for.
        const na = k === 2 && rand() < 0.12;
        return { item_id: item.id, value: na ? 'na' : rand() < p ? 'yes' : 'no' };
      });
    if (stoodOut && !partial && rand() < 0.6) answers.push({ item_id: stoodOut.id, value: pick(STOOD_OUT) });
    return answers;
  };

  for (let day = first; day < todayLocal; day = plusDays(day, 1)) {
    if (!isSchoolDay(day)) continue;
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    // The principal: two classrooms a school day, mid-morning and early afternoon.
    const present = principalStaff.filter((s) => s.start_date <= day);
    for (const [k, hour] of [[0, 10], [1, 13]] as const) {
      if (present.length === 0) break;
      const who = pick(present);
      const startsAt = zonedInstant(day, hour, 5 + k * 10 + Math.floor(rand() * 30), timezone);
      observation({
        formId: walkForm.id, versionId: walkForm.version_id, typeId: walkForm.interaction_type_id, staffId: who.staff_id, buildingId: who.building_id,
        observerId: refs.principalId, startsAt, minutes: 10 + Math.floor(rand() * 3) * 5, answers: walkAnswers(who.building_id, day),
        notes: rand() < 0.4 ? pick(WALK_NOTES) : null, nextSteps: null, shareable: rand() < 0.25,
      });
      walkthroughs++;
    }
    // Each coach: a walkthrough on Tuesdays and Thursdays, just after lunch.
    if ((refs.coachWalkWeekdays ?? [2, 4]).includes(weekday)) {
      for (const coachId of refs.coachIds) {
        const caseload = caseloads.filter((c) => c.coach_id === coachId);
        if (caseload.length === 0) continue;
        const who = pick(caseload);
        const startsAt = zonedInstant(day, 12, 35 + Math.floor(rand() * 15), timezone);
        observation({
          formId: walkForm.id, versionId: walkForm.version_id, typeId: walkForm.interaction_type_id, staffId: who.staff_id, buildingId: who.building_id,
          observerId: coachId, startsAt, minutes: 15, answers: walkAnswers(who.building_id, day),
          notes: pick(WALK_NOTES), nextSteps: rand() < 0.7 ? pick(WALK_NEXT) : null, shareable: true,
        });
        walkthroughs++;
      }
    }
  }

  // Coaching observations: three in four (or `observedShare`) of the coaches' completed classroom observations this school year.
  const classroomType = await db.selectFrom('interaction_types').select('id').where('district_id', '=', districtId)
    .where('name', '=', 'Classroom observation').executeTakeFirst();
  if (classroomType) {
    const visits = await db.selectFrom('interactions as i').innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
      .select(['i.id', 'i.coach_id', 'i.starts_at', 'i.duration_minutes', 'i.building_id', 'p.staff_id'])
      .where('i.district_id', '=', districtId).where('i.interaction_type_id', '=', classroomType.id).where('i.status', '=', 'completed')
      .where('i.deleted_at', 'is', null).where('i.starts_at', '>=', zonedInstant(first, 0, 0, timezone).toISOString())
      .where('i.coach_id', 'in', refs.coachIds).orderBy('i.starts_at').execute();
    const ratings = await db.selectFrom('skill_ratings').select(['interaction_id', 'skill_id', 'level'])
      .where('district_id', '=', districtId).where('interaction_id', 'in', visits.length ? visits.map((v) => v.id) : [-1]).execute();
    const focus = fullItems.find((i) => i.label === 'Focus of this observation');
    const parts = fullItems.find((i) => i.label === 'Part of the lesson seen');
    const speakers = fullItems.find((i) => i.kind === 'number');
    const evidence = fullItems.find((i) => i.label === 'What students said and did');
    const strength = fullItems.find((i) => i.label === 'A strength to build on');
    for (const v of visits) {
      if (rand() < 1 - (refs.observedShare ?? 0.75) || v.building_id === null) continue;
      const answers: { item_id: number; value: unknown; evidence?: string | null }[] = [];
      const options = (item: Item | undefined) => (item ? (JSON.parse(item.config) as { options: string[] }).options : []);
      if (focus) answers.push({ item_id: focus.id, value: pick(options(focus)) });
      if (parts) answers.push({ item_id: parts.id, value: options(parts).filter(() => rand() < 0.5).slice(0, 3) });
      for (const item of fullItems.filter((i) => i.kind === 'rating')) {
        const rated = ratings.find((r) => r.interaction_id === v.id && r.skill_id === item.skill_id);
        if (rated) answers.push({ item_id: item.id, value: rated.level });
      }
      if (speakers) answers.push({ item_id: speakers.id, value: 2 + Math.floor(rand() * 9) });
      if (evidence) answers.push({ item_id: evidence.id, value: pick(EVIDENCE) });
      if (strength && rand() < 0.5) answers.push({ item_id: strength.id, value: pick(STRENGTHS) });
      observation({
        formId: fullForm.id, versionId: fullForm.version_id, typeId: fullForm.interaction_type_id, staffId: v.staff_id, buildingId: v.building_id,
        observerId: v.coach_id, startsAt: new Date(v.starts_at), minutes: v.duration_minutes,
        answers: answers.filter((a) => !(Array.isArray(a.value) && a.value.length === 0)),
        notes: pick(EVIDENCE), nextSteps: rand() < 0.6 ? pick(WALK_NEXT) : null, interactionId: v.id, shareable: true,
      });
      observations++;
    }
  }

  // A walkthrough draft begun this school day by each coach (the capture is resumable).
  for (const coachId of refs.coachIds) {
    const caseload = caseloads.filter((c) => c.coach_id === coachId);
    if (caseload.length === 0 || !isSchoolDay(todayLocal)) continue;
    const startsAt = zonedInstant(todayLocal, 8, 20, timezone);
    if (startsAt.getTime() > nowMs) continue;
    const who = pick(caseload);
    observation({
      formId: walkForm.id, versionId: walkForm.version_id, typeId: walkForm.interaction_type_id, staffId: who.staff_id, buildingId: who.building_id,
      observerId: coachId, startsAt, minutes: 15, answers: walkAnswers(who.building_id, todayLocal, true), notes: null, nextSteps: null,
      draft: true, shareable: false,
    });
  }
  settleTheEducatorsShared();
  await writeQueued();
  return { walkthroughs, observations };
}
