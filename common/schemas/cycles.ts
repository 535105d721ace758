// The coaching cycles contract (issue 10): the district's cycle stages and goal templates (Coaching cycle
// settings) and the cycles themselves (`/api/coaching-cycle`, plan feature `coaching-cycles`). Request
// schemas and answer shapes shared by server and client.
import * as z from 'zod/mini';
import { planFeatureMessage } from '../plans';
import { dateField, idField, idListField, optionalIdField, optionalText, text } from './fields';
import { filterParam, listOf, oneOf, optionalIsoDate, positiveId } from './query';
import {
  CYCLE_DUE_LABELS, CYCLE_DUE_STATES, CYCLE_OUTCOME_LABELS, CYCLE_OUTCOMES, CYCLE_STATUSES, type CycleDueState, type CycleOutcome, type CycleStatus, DUE_SOON_DAYS, OPEN_CYCLE_STATUSES,
} from '../cycleValues';

// The statuses, outcomes and due states with their labels live in common/cycleValues.ts (no zod).
export {
  CYCLE_DUE_LABELS, CYCLE_DUE_STATES, CYCLE_OUTCOME_LABELS, CYCLE_OUTCOMES, CYCLE_STATUSES, type CycleDueState, type CycleOutcome, type CycleStatus, DUE_SOON_DAYS, OPEN_CYCLE_STATUSES,
};

export const STAGE_EXPECTED_DAYS_MAX = 365;
export const CYCLE_TEXT_MAX = 5000;
export const CYCLE_EDUCATORS_MAX = 50;
export const CYCLE_SKILLS_MAX = 24;

/** The plan gate's 403 (server/access/guards.ts requireFeature): kept for code that imports it. */
export const CYCLES_PLAN_MESSAGE = planFeatureMessage('coaching-cycles');

export const CYCLE_MESSAGES = {
  notFound: 'This coaching cycle does not exist.',
  stageNotFound: 'This stage does not exist.',
  templateNotFound: 'This goal template does not exist.',
  noteNotFound: 'This note does not exist.',
  lastActiveStage: 'At least one stage must stay active. Add another stage before archiving this one.',
  stageOrder: 'List every active stage exactly once.',
  templateOrder: 'List every active goal template exactly once.',
  stageArchived: 'Choose an active stage.',
  alreadyInStage: 'The cycle is already in this stage.',
  lastStage: 'This cycle is in its last stage. Complete it instead.',
  notOpen: 'This cycle is completed or cancelled: reopen is not possible, start a new cycle.',
  coachNotAllowed: 'You can start cycles only as their coach.',
  coachNotInDistrict: 'Choose a coach from your district.',
  educatorNotFound: 'Choose educators you can see.',
  educatorsRequired: 'Choose at least one educator.',
  skillNotFound: 'Choose active skills of your district\'s framework.',
  cannotEdit: 'Only the cycle\'s coach or a district administrator can change this cycle.',
  noteNotYours: 'You can change only your own notes.',
  endBeforeStart: 'The target end date must be on or after the start date.',
} as const;

// ---- Settings: stages and goal templates ------------------------------------------------------------

/** POST /api/coaching-cycle-stage and PUT /api/coaching-cycle-stage/{id}. */
export const stagePayloadSchema = z.object({
  name: text('Name', 80),
  description: optionalText('Description', 1000),
  expected_days: z.number({ error: 'Expected days must be a whole number of days.' }).check(
    z.refine((n) => Number.isInteger(n) && n >= 1 && n <= STAGE_EXPECTED_DAYS_MAX, `Expected days must be from 1 to ${STAGE_EXPECTED_DAYS_MAX}.`),
  ),
});
export type StagePayload = z.input<typeof stagePayloadSchema>;

/** POST /api/coaching-cycle-goal-template and PUT /api/coaching-cycle-goal-template/{id}. */
export const goalTemplatePayloadSchema = z.object({
  title: text('Title', 120),
  goal: text('Goal', 2000),
});
export type GoalTemplatePayload = z.input<typeof goalTemplatePayloadSchema>;

/** PUT /api/coaching-cycle-stage/order and /api/coaching-cycle-goal-template/order: every active id, in the new order. */
export const orderPayloadSchema = z.object({
  ids: z.array(idField('Order must list IDs.'), { error: 'Order must be a list of IDs.' }).check(
    z.minLength(1, 'Order must list at least one ID.'), z.maxLength(200, 'Order can list at most 200 IDs.'),
  ),
});

export interface CycleStage {
  id: number;
  name: string;
  description: string | null;
  expected_days: number;
  sort_order: number;
  archived: boolean;
  /** Open cycles in this stage now. */
  open_cycles: number;
}

export interface GoalTemplate {
  id: number;
  title: string;
  goal: string;
  sort_order: number;
  archived: boolean;
}

// ---- Cycles -----------------------------------------------------------------------------------------

/**
 * POST /api/coaching-cycle and PUT /api/coaching-cycle/{id}. `coach_id` defaults to the caller (PUT: keeps
 * the coach); only a district-wide `see skill mapping` user may name another coach. `stage_id` (POST only)
 * defaults to the first active stage; the cycle enters it on `start_date`. `status` (POST only) is planned
 * or active (default active).
 */
export const cyclePayloadSchema = z.object({
  title: text('Title', 120),
  goal: optionalText('Goal', CYCLE_TEXT_MAX),
  coach_id: optionalIdField(CYCLE_MESSAGES.coachNotInDistrict),
  staff_ids: z._default(
    z.array(idField(CYCLE_MESSAGES.educatorNotFound), { error: 'Educators must be a list.' }).check(
      z.minLength(1, CYCLE_MESSAGES.educatorsRequired),
      z.maxLength(CYCLE_EDUCATORS_MAX, `Educators can list at most ${CYCLE_EDUCATORS_MAX}.`),
    ),
    [],
  ),
  skill_ids: idListField('Focus skills', CYCLE_MESSAGES.skillNotFound, CYCLE_SKILLS_MAX),
  start_date: dateField('Start date'),
  target_end_date: z.pipe(z.optional(z.nullable(dateField('Target end date'))), z.transform((v) => v ?? null)),
  status: z._default(z.enum(['planned', 'active'], { error: 'Status must be planned or active.' }), 'active'),
  stage_id: optionalIdField(CYCLE_MESSAGES.stageArchived),
});
export type CyclePayload = z.input<typeof cyclePayloadSchema>;
export type CycleInput = z.output<typeof cyclePayloadSchema>;

/** POST /api/coaching-cycle/{id}/stage: move to a chosen active stage (forwards or back). */
export const moveStageSchema = z.object({ stage_id: idField(CYCLE_MESSAGES.stageArchived) });

/** POST /api/coaching-cycle/{id}/complete. */
export const completeCycleSchema = z.object({
  outcome: z.enum(CYCLE_OUTCOMES, { error: 'Choose an outcome: met, partly-met or not-met.' }),
  reflection: optionalText('Reflection', CYCLE_TEXT_MAX),
});
export type CompleteCyclePayload = z.input<typeof completeCycleSchema>;

/** POST /api/coaching-cycle/{id}/note and PUT /api/coaching-cycle/{id}/note/{noteId}. */
export const cycleNoteSchema = z.object({ body: text('Note', CYCLE_TEXT_MAX) });

/**
 * GET /api/coaching-cycle: filter[coach_id][], filter[building_id][] (educators currently at the school),
 * filter[status][], filter[stage_id][], filter[due][] (due-soon | overdue), filter[staff_id][], filter[from] and
 * filter[to] (YYYY-MM-DD: cycles overlapping the range — started on or before `to`, not completed or cancelled
 * before `from` — as the Coaching cycles report counts them: its drill-down); page,
 * per_page (≤ 100). Sorted by the current stage's order, then the due day, then id.
 */
export const cycleListQuerySchema = z.object({
  filter: filterParam({
    coach_id: listOf('Coach', positiveId, 'Coach must be a coach ID.'),
    building_id: listOf('School', positiveId, 'School must be a school ID.'),
    status: listOf('Status', oneOf(CYCLE_STATUSES), 'Status must be planned, active, completed or cancelled.'),
    stage_id: listOf('Stage', positiveId, 'Stage must be a stage ID.'),
    due: listOf('Due', oneOf(['due-soon', 'overdue'] as const), 'Due must be due-soon or overdue.'),
    staff_id: listOf('Educator', positiveId, 'Educator must be an educator ID.'),
    from: optionalIsoDate('From'),
    to: optionalIsoDate('To'),
  }, 'coach_id, building_id, status, stage_id, due, staff_id, from and to'),
});
export type CycleListQuery = z.output<typeof cycleListQuerySchema>;

/** A cycle as listed (and the head of its page). */
export interface CycleSummary {
  id: number;
  title: string;
  goal: string | null;
  coach: { id: number; name: string };
  educators: { id: number; name: string }[];
  focus_skills: { id: number; name: string }[];
  start_date: string;
  target_end_date: string | null;
  status: CycleStatus;
  stage: { id: number; name: string; expected_days: number; archived: boolean } | null;
  stage_entered_on: string | null;
  /** For open cycles in a stage: the day the stage's expected days run out, and the state against today. */
  stage_due_on: string | null;
  due: CycleDueState | null;
  /** The next active stage after the current one (null in the last stage or when not open). */
  next_stage: { id: number; name: string } | null;
  outcome: CycleOutcome | null;
  reflection: string | null;
  completed_on: string | null;
  can_edit: boolean;
  created_at: string;
  updated_at: string;
  deleted_at?: string | null;
}

export interface CycleNote {
  id: number;
  author: { id: number; name: string } | null;
  /** Null (and hidden true) for a reader the district's notes-privacy setting keeps it from. */
  body: string | null;
  hidden: boolean;
  can_edit: boolean;
  created_at: string;
  updated_at: string;
}

/** GET /api/coaching-cycle/{id} and every write's answer. */
export interface Cycle extends CycleSummary {
  history: { stage: { id: number; name: string; archived: boolean }; entered_on: string; left_on: string | null }[];
  notes: CycleNote[];
  interactions: { id: number; starts_at: string; duration_minutes: number; status: string; interaction_type: { id: number; name: string }; coach: { id: number; name: string } }[];
}
