// Demo coaching cycles for Maple Grove: goal templates, and about 20 cycles across the three coaches'
// caseloads in every stage (some overdue, some due soon, two planned), four completed with outcomes and
// one cancelled, each linked to the seeded interactions it covers, with evidence notes and, when the
// district has a skill framework, focus skills. Deterministic for a given seeding date. A coach writes
// notes on school days only (demoCalendar.ts: no weekend or US school holiday), before the seeding instant.
import type { DB } from '../connection';
import { nowIso } from '../connection';
import { isSchoolDay, plusDays, schoolDayBefore } from './demoCalendar';

export interface DemoCycleRefs {
  districtId: number;
  coachIds: number[];
  /** The day the demo is seeded (UTC calendar day). */
  today?: Date;
  /** Seed every nth cycle of the plan below only (a smaller district); default 1, all 20. */
  every?: number;
}

export const DEMO_GOAL_TEMPLATES = [
  { title: 'Students explain their thinking', goal: 'Most students explain their reasoning aloud or in writing in every lesson, using the sentence frames we build together.' },
  { title: 'Checks for understanding', goal: 'Every lesson has at least two planned checks for understanding, and the next lesson is adjusted from what they show.' },
  { title: 'Smooth transitions', goal: 'Transitions between activities take under two minutes, so students gain ten minutes of learning a day.' },
  { title: 'Feedback students act on', goal: 'Students receive specific feedback on one piece of work a week and revise it within two days.' },
];

const TITLES = [
  'Wait time and open questions', 'Exit tickets that drive grouping', 'Station rotation routines', 'Academic talk in pairs',
  'Launching the writing workshop', 'Fewer minutes in transitions', 'Number talks every morning', 'Feedback on lab reports',
  'Close reading with annotation', 'Small-group re-teaching', 'Success criteria students can say', 'Classroom routines for September',
  'Discussion protocols in history', 'Vocabulary in science', 'Goal setting with students', 'Independent reading conferences',
  'Checks for understanding', 'Peer feedback on drafts', 'Math journals', 'Warm-ups that review',
];
const NOTES = [
  'Baseline: about a third of students answered open questions; most answers came from the same four students.',
  'Tried the strategy twice this week. Students needed the sentence frames on the board, not just on the handout.',
  'Observed a clear improvement in the second period: more hands, longer answers, fewer "I don\'t know"s.',
  'Student work from Friday shows the exit tickets are now used to form Monday\'s groups.',
];
const REFLECTIONS: Record<'met' | 'partly-met' | 'not-met', string> = {
  met: 'The goal was met: the evidence from the last three observations shows the routine is now the class\'s own. Next: share it at the PLC.',
  'partly-met': 'Partly met: strong in the morning classes, not yet in the afternoon. We will keep the routine and revisit it after the break.',
  'not-met': 'Not met this time: schedule changes cut the practice weeks short. We agreed to start a new, smaller cycle in January.',
};

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * When the nth note of a cycle is written: the first school day on or after `planned`, in the morning in
 * the US (15:00 UTC plus an hour a note, the same day in every US timezone); never after `now` (the seeding
 * instant, or the end of a closed cycle's last day: then the last school day before it) and never before
 * the cycle's start (then no note).
 */
export function demoNoteAt(planned: string, n: number, startDate: string, now: Date): string | null {
  const hour = `T${String(15 + n).padStart(2, '0')}:00:00.000Z`;
  let d = planned;
  for (let guard = 0; guard < 30 && !isSchoolDay(d); guard++) d = plusDays(d, 1);
  let at = `${d}${hour}`;
  const nowAt = now.toISOString();
  if (at > nowAt) {
    d = schoolDayBefore(day(now), 0);
    at = `${d}${hour}`;
    if (at > nowAt) at = `${(d = schoolDayBefore(d, 1))}${hour}`;
  }
  return d >= startDate && isSchoolDay(d) ? at : null;
}

/**
 * The plan of each demo cycle: which stage it is in (index into the active stages), how many days ago it
 * entered that stage, and its status. Stage expected days decide which are overdue or due soon.
 */
const PLAN: { stage: number; enteredAgo: number; status: 'planned' | 'active' | 'completed' | 'cancelled'; outcome?: 'met' | 'partly-met' | 'not-met' }[] = [
  { stage: 0, enteredAgo: 3, status: 'active' },
  { stage: 0, enteredAgo: 12, status: 'active' }, // due soon (14 days)
  { stage: 0, enteredAgo: 24, status: 'active' }, // overdue
  { stage: 0, enteredAgo: -5, status: 'planned' },
  { stage: 1, enteredAgo: 6, status: 'active' },
  { stage: 1, enteredAgo: 19, status: 'active' }, // due soon (21 days)
  { stage: 1, enteredAgo: 33, status: 'active' }, // overdue
  { stage: 1, enteredAgo: 9, status: 'active' },
  { stage: 2, enteredAgo: 4, status: 'active' },
  { stage: 2, enteredAgo: 15, status: 'active' },
  { stage: 2, enteredAgo: 26, status: 'active' }, // due soon (28 days)
  { stage: 2, enteredAgo: 41, status: 'active' }, // overdue
  { stage: 3, enteredAgo: 2, status: 'active' },
  { stage: 3, enteredAgo: 20, status: 'active' }, // overdue (14 days)
  { stage: 0, enteredAgo: -12, status: 'planned' },
  { stage: 3, enteredAgo: 10, status: 'completed', outcome: 'met' },
  { stage: 3, enteredAgo: 25, status: 'completed', outcome: 'partly-met' },
  { stage: 3, enteredAgo: 40, status: 'completed', outcome: 'met' },
  { stage: 3, enteredAgo: 55, status: 'completed', outcome: 'not-met' },
  { stage: 1, enteredAgo: 30, status: 'cancelled' },
];

export async function seedDemoCycles(db: DB, refs: DemoCycleRefs): Promise<{ cycles: number; linked: number }> {
  const { districtId } = refs;
  const today = day(refs.today ?? new Date());
  const now = nowIso();

  await db.insertInto('cycle_goal_templates').values(DEMO_GOAL_TEMPLATES.map((t, i) => ({
    district_id: districtId, title: t.title, goal: t.goal, sort_order: i + 1, archived_at: null, created_at: now, updated_at: now,
  }))).execute();

  const stages = await db.selectFrom('cycle_stages').select(['id', 'expected_days']).where('district_id', '=', districtId)
    .where('archived_at', 'is', null).orderBy('sort_order').orderBy('id').execute();
  if (!stages.length) return { cycles: 0, linked: 0 };
  const caseloads = await db.selectFrom('coach_assignments').select(['coach_id', 'staff_id'])
    .where('district_id', '=', districtId).where('end_date', 'is', null).orderBy('coach_id').orderBy('staff_id').execute();
  const byCoach = refs.coachIds.map((id) => caseloads.filter((c) => c.coach_id === id).map((c) => c.staff_id));
  const skills = await db.selectFrom('skills').innerJoin('skill_frameworks as f', 'f.id', 'skills.framework_id')
    .select('skills.id').where('skills.district_id', '=', districtId).where('f.active', '=', 1).where('skills.archived_at', 'is', null)
    .orderBy('skills.sort_order').orderBy('skills.id').execute();

  let cycles = 0;
  let linked = 0;
  const plans = PLAN.filter((_, i) => i % (refs.every ?? 1) === 0);
  for (const [i, plan] of plans.entries()) {
    const c = i % refs.coachIds.length;
    const coachId = refs.coachIds[c]!;
    const caseload = byCoach[c]!;
    if (!caseload.length) continue;
    const first = caseload[Math.floor(i / refs.coachIds.length) % caseload.length]!;
    // Every fourth cycle is with two educators (a grade team).
    const staffIds = i % 4 === 3 && caseload.length > 1 ? [first, caseload[(caseload.indexOf(first) + 1) % caseload.length]!] : [first];
    const stageIndex = Math.min(plan.stage, stages.length - 1);
    const stage = stages[stageIndex]!;

    // History: the stages before the current one, each taking its expected days (a little less or more).
    const enteredCurrent = plusDays(today, -plan.enteredAgo);
    const history: { stage_id: number; entered_on: string; left_on: string | null }[] = [];
    let entered = enteredCurrent;
    for (let s = stageIndex - 1; s >= 0; s--) {
      const length = stages[s]!.expected_days + ((i + s) % 5) - 2;
      const left = entered;
      entered = plusDays(left, -length);
      history.unshift({ stage_id: stages[s]!.id, entered_on: entered, left_on: left });
    }
    const startDate = entered;
    const closed = plan.status === 'completed' || plan.status === 'cancelled';
    const closedOn = closed ? plusDays(enteredCurrent, Math.min(plan.enteredAgo, stage.expected_days - 2)) : null;
    history.push({ stage_id: stage.id, entered_on: enteredCurrent, left_on: closedOn });

    const { id } = await db.insertInto('coaching_cycles').values({
      district_id: districtId, coach_id: coachId, title: TITLES[i % TITLES.length]!,
      goal: DEMO_GOAL_TEMPLATES[i % DEMO_GOAL_TEMPLATES.length]!.goal, start_date: startDate,
      target_end_date: plusDays(startDate, stages.reduce((n, s) => n + s.expected_days, 0)), status: plan.status,
      stage_id: stage.id, stage_entered_on: enteredCurrent, outcome: plan.outcome ?? null,
      reflection: plan.outcome ? REFLECTIONS[plan.outcome] : null, completed_on: plan.status === 'completed' ? closedOn : null,
      created_by: coachId, updated_by: coachId, created_at: now, updated_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    cycles++;
    await db.insertInto('coaching_cycle_staff').values(staffIds.map((s) => ({ district_id: districtId, cycle_id: id, staff_id: s }))).execute();
    await db.insertInto('coaching_cycle_stage_history').values(history.map((h) => ({ district_id: districtId, cycle_id: id, ...h, moved_by: coachId }))).execute();
    if (skills.length) {
      const picks = [...new Set([skills[(i * 3) % skills.length]!.id, skills[(i * 3 + 7) % skills.length]!.id])];
      await db.insertInto('coaching_cycle_skills').values(picks.map((s) => ({ district_id: districtId, cycle_id: id, skill_id: s }))).execute();
    }
    if (plan.status !== 'planned') {
      const noteCount = 1 + (i % 3);
      const notes = Array.from({ length: noteCount }, (_, n) => {
        // Written while the cycle ran: by the seeding instant, and by the day a closed cycle ended.
        const seeded = refs.today ?? new Date();
        const ended = closedOn ? new Date(`${closedOn}T23:59:59.000Z`) : seeded;
        const at = demoNoteAt(plusDays(startDate, 3 + n * 7), n, startDate, ended < seeded ? ended : seeded);
        return at === null ? null : { district_id: districtId, cycle_id: id, author_id: coachId, body: NOTES[(i + n) % NOTES.length]!, created_at: at, updated_at: at, deleted_at: null };
      }).filter((note) => note !== null);
      if (notes.length) await db.insertInto('coaching_cycle_notes').values(notes).execute();

      // Link the coach's interactions with these educators during the cycle (up to six).
      const until = closedOn ?? today;
      const rows = await db.selectFrom('interactions as i').innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
        .select('i.id').distinct()
        .where('i.district_id', '=', districtId).where('i.coach_id', '=', coachId).where('i.deleted_at', 'is', null)
        .where('i.coaching_cycle_id', 'is', null).where('p.staff_id', 'in', staffIds)
        .where('i.starts_at', '>=', `${startDate}T00:00:00.000Z`).where('i.starts_at', '<=', `${until}T23:59:59.999Z`)
        .orderBy('i.id').limit(6).execute();
      if (rows.length) {
        await db.updateTable('interactions').set({ coaching_cycle_id: id }).where('district_id', '=', districtId)
          .where('id', 'in', rows.map((r) => r.id)).execute();
        linked += rows.length;
      }
    }
  }
  return { cycles, linked };
}
