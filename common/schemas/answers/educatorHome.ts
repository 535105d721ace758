// The educator's home (GET /api/me/home, issue 29 item 1: server/features/educatorHome/): one answer with
// everything a teacher opens Coachwell for, so the screen paints from one request. A section the district's
// plan lacks (cycles, skill mapping) is null, so the screen leaves it out rather than showing it empty.
import * as z from 'zod/mini';
import { CYCLE_STATUSES } from '../../cycleValues';
import { day, id, instant, ref } from './shapes';

const count = z.number();

export const educatorHomeAnswer = z.strictObject({
  /** The signed-in educator's roster row (staff.user_id), with their current school; null when none is linked. */
  educator: z.nullable(z.strictObject({ id, name: z.string(), school: z.nullable(ref) })),
  /** Their current coaches (coach assignments in force today), to reach by email. */
  coaches: z.array(z.strictObject({ id, name: z.string(), email: z.string() })),
  /** Planned and active cycles they take part in, the soonest target first; null without the cycles feature. */
  cycles: z.nullable(z.array(z.strictObject({
    id,
    title: z.string(),
    goal: z.nullable(z.string()),
    status: z.enum(CYCLE_STATUSES),
    coach: ref,
    start_date: day,
    target_end_date: z.nullable(day),
    /** The stage it is in, its place among the district's stages (1-based) and how many there are. */
    stage: z.nullable(z.strictObject({ name: z.string(), position: count, of: count })),
  }))),
  /** Scheduled sessions with them from now on, the soonest first (at most five). */
  upcoming: z.array(z.strictObject({
    id,
    starts_at: instant,
    duration_minutes: count,
    type: z.string(),
    coach: ref,
    school: z.nullable(ref),
  })),
  /** What their coaches agreed with them: the next steps of their latest completed interactions that have some. */
  next_steps: z.array(z.strictObject({ interaction_id: id, starts_at: instant, coach: ref, text: z.string() })),
  /** Observations shared with them that they have not acknowledged yet. */
  observations_to_acknowledge: count,
  /** Their skill growth this school year; null without skill mapping or an active framework. */
  skills: z.nullable(z.strictObject({
    /** The first day of the school year the change is counted from. */
    year_from: day,
    /** The framework's levels, lowest first. */
    levels: z.array(z.strictObject({ level: count, name: z.string() })),
    /** Every skill with a current level, in the framework's order. */
    items: z.array(z.strictObject({
      skill: ref,
      domain: z.string(),
      level: count,
      rated_on: day,
      /** The level they started the school year at (the latest rating before it, else the year's first); null if unrated then. */
      start_level: z.nullable(count),
    })),
  })),
  /** Their action steps: open ones by due state, done this school year, and the soonest open ones (at most three). */
  action_steps: z.strictObject({
    open: count,
    due_soon: count,
    overdue: count,
    done_this_year: count,
    next: z.array(z.strictObject({ id, title: z.string(), due_on: z.nullable(day), due: z.nullable(z.enum(['due-soon', 'overdue'])) })),
  }),
  /** Their requests for coaching still waiting for a coach, the newest first. */
  requests: z.array(z.strictObject({ id, topic: z.string(), status: z.enum(['open', 'passed']), created_at: instant })),
});
export type EducatorHomeAnswer = z.infer<typeof educatorHomeAnswer>;
