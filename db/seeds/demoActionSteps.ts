// Demo action steps for Maple Grove (issue 29, item 2), seeded after the interactions, cycles and observations
// they come from. The demo teacher (Jordan Ellis) has steps their coach set after their latest visits and
// observations and from their coaching cycle — one overdue, one due in the coming days, others later — steps
// done with their note on what they tried and how it went (one a day late), one dropped, and two of their own.
// Some forty other coached educators have one to three steps from their own latest interactions and
// observations, set by the coach or observer of that visit: most past their due day are done (about three in four of
// those on time, the rest a few school days late), a few still open past their due day, a few dropped. Every step is created on the day of its source, due and done on
// school days, and nothing is dated after the seeding. Deterministic: a seeded random generator.
import type { DB } from '../connection';
import { isSchoolDay, localDay, plusDays, schoolDayBefore, zonedInstant } from './demoCalendar';
import { random } from './demoRandom';

/** Where a past-due step falls, as `rand()` would have put it: below 0.6 on time, 0.6–0.8 late, 0.8–0.9 open, then dropped. */
const OUTCOME_CYCLE = [0, 0.7, 0.1, 0.2, 0.85, 0.3, 0.75, 0.4, 0.95, 0.5];

export interface DemoActionStepRefs {
  districtId: number;
  timezone: string;
  /** The demo teacher's login (their staff row is linked to it). */
  teacherUserId: number;
  today?: Date;
}

/** How many other educators have steps. */
export const OTHER_EDUCATORS_WITH_STEPS = 40;


/** The school day `n` school days after `day` (n ≥ 1). */
export function schoolDayAfter(day: string, n: number): string {
  let d = day;
  let left = n;
  for (let guard = 0; guard < 400; guard++) {
    d = plusDays(d, 1);
    if (isSchoolDay(d) && --left === 0) return d;
  }
  return d;
}

const FROM_VISITS = [
  { title: 'Use turn-and-talk after each new idea', detail: 'Thirty seconds, partners named in advance; listen in on two pairs.' },
  { title: 'Post the learning goal and return to it at the close', detail: 'Ask two students to say it in their own words before the exit ticket.' },
  { title: 'Wait five seconds after a question before calling on anyone', detail: 'Count silently; try it in the period that is quietest.' },
  { title: 'Sort exit tickets into three piles before the next lesson', detail: 'Got it, almost, not yet: start the next lesson with the "almost" group.' },
  { title: 'Script the first three minutes of the lesson', detail: 'Do-now on the board as they walk in, timer visible.' },
  { title: 'Cold-call with names drawn from a cup for one activity', detail: null },
  { title: 'Give written feedback on one skill only this week', detail: 'One strength and one next step on each paper; no grade on the draft.' },
  { title: 'Plan two questions that ask students to explain why', detail: 'Write them in the plan before the lesson, not on the spot.' },
  { title: 'Practise the transition to group work with a timer', detail: 'Aim for under a minute; show the class the time it took.' },
  { title: 'Check in with the three students who were off task', detail: 'Before the lesson, one sentence each: what would help them start.' },
];
const FROM_CYCLES = [
  { title: 'Plan three discussion questions for the next unit', detail: 'One to open, one in the middle, one to close; bring them to our next session.' },
  { title: 'Collect student work from one lesson for our next meeting', detail: 'Six samples: two strong, two middling, two that missed it.' },
];
const OWN = [
  { title: 'Film one lesson and watch the first ten minutes', detail: 'Count how many students speak before I ask the first question.' },
  { title: 'Visit Ms. Ortiz\'s class during my planning period', detail: 'See how she runs partner talk in math.' },
];
const NOTES = [
  'Tried it in every class on Tuesday and Thursday. Fourth period took to it; first period needed sentence starters.',
  'Did it three times. It felt slow at first but more students answered, and the answers were longer.',
  'Worked well with the timer on the board. Transitions are down to about a minute.',
  'Half the class could say the goal by Friday. I will keep it up next week.',
  'Harder than I thought: I filled the silence twice. Better by the end of the week.',
  'The "almost" group was bigger than I expected, so I retaught the second step to them first. Worth it.',
  'Done. Students asked for it again the next day.',
];

interface Source { type: 'interaction' | 'observation' | 'cycle'; id: number; staffId: number; setBy: number; day: string; at: string }

export async function seedDemoActionSteps(db: DB, refs: DemoActionStepRefs): Promise<{ steps: number; educators: number }> {
  const rand = random(20261203);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const now = refs.today ?? new Date();
  const nowMs = now.getTime();
  const zone = refs.timezone;
  const today = localDay(now, zone);
  // The last school day before today: every step is created and done by then.
  const lastDay = schoolDayBefore(today, 1);
  const { districtId } = refs;
  const teacher = await db.selectFrom('staff').select('id').where('district_id', '=', districtId).where('user_id', '=', refs.teacherUserId).executeTakeFirst();

  // Completed visits by educator (an observation stands for its own interaction), newest first.
  const observations = await db.selectFrom('observations').select(['id', 'staff_id', 'observer_id', 'observed_at', 'duration_minutes', 'interaction_id', 'shared_at'])
    .where('district_id', '=', districtId).where('status', '=', 'completed').where('deleted_at', 'is', null).where('calibration_id', 'is', null)
    .orderBy('observed_at', 'desc').execute();
  const observed = new Set(observations.map((o) => o.interaction_id).filter((id): id is number => id !== null));
  const interactions = await db.selectFrom('interactions as i').innerJoin('interaction_participants as p', 'p.interaction_id', 'i.id')
    .select(['i.id', 'p.staff_id', 'i.coach_id', 'i.starts_at', 'i.duration_minutes'])
    .where('i.district_id', '=', districtId).where('i.status', '=', 'completed').where('i.deleted_at', 'is', null)
    .where('i.starts_at', '<', now.toISOString()).orderBy('i.starts_at', 'desc').execute();
  const sources = new Map<number, Source[]>();
  const add = (s: Source) => {
    if (s.day > lastDay) return;
    sources.set(s.staffId, [...(sources.get(s.staffId) ?? []), s]);
  };
  const end = (start: string, minutes: number) => new Date(Math.min(Date.parse(start) + (minutes + 25) * 60_000, nowMs - 60_000)).toISOString();
  for (const o of observations) {
    // An educator's step from an observation they can read: a shared one (the demo teacher's), any for the others.
    add({ type: 'observation', id: o.id, staffId: o.staff_id, setBy: o.observer_id, day: localDay(new Date(o.observed_at), zone), at: end(o.observed_at, o.duration_minutes ?? 30) });
  }
  for (const i of interactions) {
    if (observed.has(i.id)) continue;
    add({ type: 'interaction', id: i.id, staffId: i.staff_id, setBy: i.coach_id, day: localDay(new Date(i.starts_at), zone), at: end(i.starts_at, i.duration_minutes) });
  }
  for (const list of sources.values()) list.sort((a, b) => b.at.localeCompare(a.at));

  type Row = {
    staff_id: number; title: string; detail: string | null; due_on: string | null; set_by_user_id: number; source_type: Source['type'] | 'own';
    source_id: number | null; status: 'open' | 'done' | 'dropped'; done_on: string | null; note: string | null; status_at: string | null; created_at: string;
  };
  const rows: Row[] = [];
  /** An instant on a school day in the afternoon, before now. */
  const afternoon = (day: string) => new Date(Math.min(zonedInstant(day, 15, 10 + Math.floor(rand() * 80), zone).getTime(), nowMs - 60_000)).toISOString();
  const step = (s: Source | null, staffId: number, setBy: number, text: { title: string; detail: string | null }, plan: {
    due: string | null; status: Row['status']; doneOn?: string; note?: string | null; createdDay?: string;
  }): void => {
    const created = s ? s.at : afternoon(plan.createdDay!);
    const statusDay = plan.status === 'open' ? null : plan.doneOn!;
    rows.push({
      staff_id: staffId, title: text.title, detail: text.detail, due_on: plan.due, set_by_user_id: setBy, source_type: s ? s.type : 'own', source_id: s ? s.id : null,
      status: plan.status, done_on: plan.status === 'done' ? statusDay : null, note: plan.note ?? null,
      status_at: statusDay ? afternoon(statusDay) : null, created_at: created,
    });
  };

  // The demo teacher: their coach's steps from their latest visits, observations (shared ones) and cycle, and their own.
  if (teacher) {
    const list = sources.get(teacher.id) ?? [];
    const visits = list.filter((s) => s.type === 'interaction');
    const sharedObs = new Set(observations.filter((o) => o.staff_id === teacher.id && o.shared_at !== null).map((o) => o.id));
    const obs = list.filter((s) => s.type === 'observation' && sharedObs.has(s.id));
    const used = new Set<number>();
    const take = (from: Source[], minDaysBack: number) => {
      const found = from.find((s) => !used.has(s.id) && s.day <= schoolDayBefore(today, minDaysBack));
      if (found) used.add(found.id);
      return found ?? null;
    };
    const texts = [...FROM_VISITS];
    const nextText = () => texts.splice(Math.floor(rand() * texts.length), 1)[0]!;
    // Due in the coming days, from the latest shared observation.
    const o1 = take(obs, 1);
    if (o1) step(o1, teacher.id, o1.setBy, FROM_VISITS[0]!, { due: schoolDayAfter(today, 2), status: 'open' });
    texts.splice(0, 1);
    // Overdue: from a visit a few weeks back, due two school days ago.
    const v1 = take(visits, 8);
    if (v1) step(v1, teacher.id, v1.setBy, nextText(), { due: schoolDayBefore(today, 2), status: 'open' });
    // Later, from the latest visit.
    const v2 = take(visits, 1);
    if (v2) step(v2, teacher.id, v2.setBy, nextText(), { due: schoolDayAfter(today, 9), status: 'open' });
    // Done on time, with notes: from older visits and an older observation.
    for (const [source, late] of [[take(visits, 15), false], [take(obs, 12), true], [take(visits, 25), false]] as const) {
      if (!source) continue;
      const due = schoolDayAfter(source.day, 5);
      const doneOn = late ? schoolDayAfter(due, 1) : schoolDayBefore(due, Math.floor(rand() * 2));
      if (doneOn > lastDay || doneOn <= source.day) continue;
      step(source, teacher.id, source.setBy, nextText(), { due, status: 'done', doneOn, note: pick(NOTES) });
    }
    // Dropped: an older visit's step the coach set aside.
    const v3 = take(visits, 30);
    if (v3) step(v3, teacher.id, v3.setBy, nextText(), { due: schoolDayAfter(v3.day, 5), status: 'dropped', doneOn: schoolDayAfter(v3.day, 3) });
    // From their coaching cycle (the active one).
    const cycle = await db.selectFrom('coaching_cycles as c').innerJoin('coaching_cycle_staff as cs', 'cs.cycle_id', 'c.id')
      .select(['c.id', 'c.coach_id', 'c.start_date']).where('c.district_id', '=', districtId).where('cs.staff_id', '=', teacher.id)
      .where('c.status', '=', 'active').where('c.deleted_at', 'is', null).orderBy('c.start_date', 'desc').executeTakeFirst();
    if (cycle) {
      const day = schoolDayBefore(today, 6) > cycle.start_date ? schoolDayBefore(today, 6) : schoolDayBefore(today, 1);
      const source: Source = { type: 'cycle', id: cycle.id, staffId: teacher.id, setBy: cycle.coach_id, day, at: afternoon(day) };
      step(source, teacher.id, cycle.coach_id, FROM_CYCLES[0]!, { due: schoolDayAfter(today, 6), status: 'open' });
    }
    // Their own: one open, one done with a note.
    step(null, teacher.id, refs.teacherUserId, OWN[0]!, { due: schoolDayAfter(today, 8), status: 'open', createdDay: schoolDayBefore(today, 4) });
    const visitDay = schoolDayBefore(today, 14);
    step(null, teacher.id, refs.teacherUserId, OWN[1]!, {
      due: null, status: 'done', createdDay: schoolDayBefore(visitDay, 5), doneOn: visitDay,
      note: 'Saw the whole routine: partners face each other and she gives a sentence frame. Trying the frame next week.',
    });
  }

  // Other educators: one to three steps from their latest visits, set by that visit's coach or observer.
  let dueSteps = 0;
  const others = [...sources.keys()].filter((id) => id !== teacher?.id).sort((a, b) => a - b);
  const chosen = others.filter((_, k) => k % Math.max(1, Math.floor(others.length / OTHER_EDUCATORS_WITH_STEPS)) === 0).slice(0, OTHER_EDUCATORS_WITH_STEPS);
  for (const staffId of chosen) {
    const list = sources.get(staffId)!.slice(0, 1 + Math.floor(rand() * 3));
    for (const s of list) {
      const text = s.type === 'observation' && rand() < 0.3 ? pick(FROM_CYCLES) : pick(FROM_VISITS);
      const due = schoolDayAfter(s.day, 4 + Math.floor(rand() * 6));
      if (due > lastDay) {
        // Not due yet: open, now and then done early.
        const early = rand() < 0.2 ? schoolDayAfter(s.day, 1 + Math.floor(rand() * 2)) : null;
        if (early && early <= lastDay) step(s, staffId, s.setBy, text, { due, status: 'done', doneOn: early, note: rand() < 0.6 ? pick(NOTES) : null });
        else step(s, staffId, s.setBy, text, { due, status: 'open' });
        continue;
      }
      // The outcomes of steps past their due day go round a fixed cycle (six on time, two late, one open, one dropped
      // in ten), not a draw: which visits are the latest moves with the seeding's hour, and a draw then gave the
      // district anything from half to four in five on time; the cycle keeps the mix the same at any hour.
      const r = OUTCOME_CYCLE[dueSteps++ % OUTCOME_CYCLE.length]!;
      if (r < 0.6) step(s, staffId, s.setBy, text, { due, status: 'done', doneOn: schoolDayBefore(due, Math.floor(rand() * 3)), note: rand() < 0.7 ? pick(NOTES) : null });
      else if (r < 0.8) {
        // Done a few school days late; one due lately was done yesterday at the latest.
        const late = schoolDayAfter(due, 1 + Math.floor(rand() * 4));
        const doneOn = late <= lastDay ? late : lastDay;
        step(s, staffId, s.setBy, text, doneOn > due ? { due, status: 'done', doneOn, note: rand() < 0.5 ? pick(NOTES) : null } : { due, status: 'open' });
      } else if (r < 0.9) step(s, staffId, s.setBy, text, { due, status: 'open' });
      else step(s, staffId, s.setBy, text, { due, status: 'dropped', doneOn: schoolDayAfter(due, 1) > lastDay ? lastDay : schoolDayAfter(due, 1) });
    }
  }

  // A done step is never done before the day it was set.
  for (const r of rows) {
    const createdDay = localDay(new Date(r.created_at), zone);
    if (r.done_on && r.done_on < createdDay) {
      r.done_on = createdDay;
      r.status_at = new Date(Math.max(Date.parse(r.status_at!), Date.parse(r.created_at) + 3_600_000)).toISOString();
    }
    if (r.status === 'dropped' && r.status_at && r.status_at < r.created_at) r.status_at = new Date(Date.parse(r.created_at) + 3_600_000).toISOString();
  }
  const ordered = rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (let k = 0; k < ordered.length; k += 200) {
    await db.insertInto('action_steps').values(ordered.slice(k, k + 200).map((r) => ({
      district_id: districtId, ...r, status_by_user_id: r.status === 'open' ? null : r.status === 'done' && r.note !== null && r.staff_id === teacher?.id ? refs.teacherUserId : r.set_by_user_id,
      updated_at: r.status_at ?? r.created_at,
    }))).execute();
  }
  return { steps: rows.length, educators: new Set(rows.map((r) => r.staff_id)).size };
}
