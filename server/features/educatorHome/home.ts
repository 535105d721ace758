// The educator's home (GET /api/me/home, issue 29 item 1): the educator's own roster row, coaches, open cycles,
// scheduled sessions, agreed next steps, observations to acknowledge and skill growth, in one answer. Days are
// the educator's own (their profile's timezone). A section the plan lacks is null.
import { hasFeature } from '../../../common/permissions';
import type { EducatorHomeAnswer } from '../../../common/schemas/answers/educatorHome';
import type { DB } from '../../../db/connection';
import type { DistrictAuth } from '../../access/guards';
import { schoolYearStart, todayIn } from '../../lib/zone';
import { actionStepDue } from '../../../common/actionStepValues';
import {
  actionStepsOf, currentCoaches, STEPS_SHOWN, waitingRequests, latestNextSteps, observationsToAcknowledge, openCycles, ownEducator, skillGrowthRows, stagesInOrder, upcomingSessions,
} from './queries';

type Growth = NonNullable<Awaited<ReturnType<typeof skillGrowthRows>>>;

/** Per skill with a current level: that level and the one the school year started at. */
export function skillGrowth(rows: Growth, yearFrom: string): NonNullable<EducatorHomeAnswer['skills']> {
  const current = new Map(rows.current.map((r) => [r.skill_id, r]));
  const start = new Map<number, number>();
  for (const r of rows.ratings) {
    // Ratings come oldest first: the last one before the year wins; else the year's first stays.
    if (r.rated_on < yearFrom || !start.has(r.skill_id)) start.set(r.skill_id, r.level);
  }
  const items = rows.skills.filter((s) => current.has(s.id)).map((s) => {
    const now = current.get(s.id)!;
    return { skill: { id: s.id, name: s.name }, domain: s.domain, level: now.level, rated_on: now.rated_on, start_level: start.get(s.id) ?? null };
  });
  return { year_from: yearFrom, levels: rows.levels.map((l) => ({ level: l.level, name: l.name })), items };
}

export async function educatorHome(db: DB, auth: DistrictAuth, now = new Date()): Promise<{ answer: EducatorHomeAnswer; validUntil: number }> {
  const districtId = auth.district.id;
  const today = todayIn(auth.user.timezone || auth.district.timezone, now);
  const nowIso = now.toISOString();
  // Kept at most an hour (a new day changes due states and the year's start) and never past the next session's
  // start (it leaves "Coming up").
  const inAnHour = now.getTime() + 60 * 60 * 1000;
  const educator = await ownEducator(db, districtId, auth.user.id, today);
  const empty: EducatorHomeAnswer = {
    educator: null, coaches: [], cycles: hasFeature(auth.features, 'coaching-cycles') ? [] : null, upcoming: [], next_steps: [],
    observations_to_acknowledge: 0, skills: null, action_steps: { open: 0, due_soon: 0, overdue: 0, done_this_year: 0, next: [] }, requests: [],
  };
  if (!educator) return { answer: empty, validUntil: inAnHour };

  const seesCycles = hasFeature(auth.features, 'coaching-cycles');
  const seesSkills = hasFeature(auth.features, 'skill-mapping');
  const calendar = await db.selectFrom('districts').select('school_year_start_month').where('id', '=', districtId).executeTakeFirstOrThrow();
  const yearFrom = schoolYearStart(today, calendar.school_year_start_month);
  const [coaches, cycles, stages, upcoming, nextSteps, toAcknowledge, growth, steps, requests] = await Promise.all([
    currentCoaches(db, districtId, educator.id, today),
    seesCycles ? openCycles(db, districtId, educator.id) : Promise.resolve(null),
    seesCycles ? stagesInOrder(db, districtId) : Promise.resolve([]),
    upcomingSessions(db, districtId, educator.id, nowIso),
    latestNextSteps(db, districtId, educator.id, nowIso),
    observationsToAcknowledge(db, districtId, educator.id),
    seesSkills ? skillGrowthRows(db, districtId, educator.id) : Promise.resolve(null),
    actionStepsOf(db, districtId, educator.id, yearFrom),
    waitingRequests(db, districtId, educator.id),
  ]);
  const dues = steps.open.map((step) => ({ step, due: actionStepDue(step, today) }));

  // A cycle's place counts the stages in use (and the archived one it may still sit in).
  const stageOf = (stageId: number | null) => {
    const shown = stages.filter((s) => s.archived_at === null || s.id === stageId);
    const at = shown.findIndex((s) => s.id === stageId);
    return at < 0 ? null : { name: shown[at]!.name, position: at + 1, of: shown.length };
  };
  const nextStart = upcoming[0] ? new Date(upcoming[0].starts_at).getTime() : Infinity;
  return {
    answer: {
      educator,
      coaches: coaches.map((c) => ({ id: c.id, name: c.name, email: c.email })),
      cycles: cycles && cycles.map((c) => ({
        id: c.id, title: c.title, goal: c.goal, status: c.status, coach: { id: c.coach_id, name: c.coach_name },
        start_date: c.start_date, target_end_date: c.target_end_date, stage: stageOf(c.stage_id),
      })),
      upcoming: upcoming.map((i) => ({
        id: i.id, starts_at: i.starts_at, duration_minutes: i.duration_minutes, type: i.type, coach: { id: i.coach_id, name: i.coach_name },
        school: i.school_id === null || i.school_name === null ? null : { id: i.school_id, name: i.school_name },
      })),
      next_steps: nextSteps.map((i) => ({ interaction_id: i.id, starts_at: i.starts_at, coach: { id: i.coach_id, name: i.coach_name }, text: i.next_steps ?? '' })),
      observations_to_acknowledge: toAcknowledge,
      skills: growth && growth.levels.length ? skillGrowth(growth, yearFrom) : null,
      action_steps: {
        open: steps.open.length,
        due_soon: dues.filter((d) => d.due === 'due-soon').length,
        overdue: dues.filter((d) => d.due === 'overdue').length,
        done_this_year: steps.done,
        next: dues.slice(0, STEPS_SHOWN).map(({ step, due }) => ({ id: step.id, title: step.title, due_on: step.due_on, due })),
      },
      requests: requests.map((r) => ({ id: r.id, topic: r.topic, status: r.status === 'passed' ? 'passed' : 'open', created_at: r.created_at })),
    },
    validUntil: Math.min(inAnHour, nextStart),
  };
}
