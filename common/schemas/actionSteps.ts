// The action steps contract (issue 29, item 2): `/api/action-step` — list, read, add, change, complete,
// reopen, drop. Request schemas, messages and the answer's shape shared by server and client.
import * as z from 'zod/mini';
import {
  ACTION_STEP_DUE_LABELS, ACTION_STEP_DUE_SOON_DAYS, ACTION_STEP_SOURCE_LABELS, ACTION_STEP_SOURCES, ACTION_STEP_STATUS_LABELS, ACTION_STEP_STATUSES,
  type ActionStepDue, actionStepDue, type ActionStepSource, type ActionStepStatus,
} from '../actionStepValues';
import { EDIT_CONFLICT_MESSAGE } from '../syncValues';
import { baseUpdatedAtField, clientIdField, dateField, idField, optionalIdField, optionalText, text } from './fields';
import { filterParam, listOf, oneOf, positiveId } from './query';

// The values with their labels live in common/actionStepValues.ts (no zod).
export {
  ACTION_STEP_DUE_LABELS, ACTION_STEP_DUE_SOON_DAYS, ACTION_STEP_SOURCE_LABELS, ACTION_STEP_SOURCES, ACTION_STEP_STATUS_LABELS, ACTION_STEP_STATUSES,
  type ActionStepDue, actionStepDue, type ActionStepSource, type ActionStepStatus,
};

export const ACTION_STEP_TITLE_MAX = 200;
export const ACTION_STEP_TEXT_MAX = 2000;

export const ACTION_STEP_MESSAGES = {
  notFound: 'This action step does not exist.',
  educatorNotFound: 'Choose an educator you can see.',
  ownOnly: 'You can add action steps only for yourself, as your own.',
  sourceType: 'Source must be interaction, observation, cycle or own.',
  sourceIdRequired: 'Choose the interaction, observation or cycle this step comes from.',
  sourceIdNotAllowed: 'Leave the source record out for a step without one.',
  sourceInteraction: 'Choose an interaction of your district with this educator.',
  sourceObservation: 'Choose an observation of your district of this educator.',
  sourceCycle: 'Choose a coaching cycle of your district with this educator.',
  sourceOwnByCoach: 'Only the educator adds their own action steps.',
  cannotEdit: 'You can change only the action steps you added yourself.',
  cannotComplete: 'Only the educator or their coach can mark this step done.',
  coachesOnly: 'Only a coach, principal or administrator can reopen or drop an action step.',
  notOpen: 'This action step is done or dropped. Reopen it first.',
  alreadyOpen: 'This action step is already open.',
  /** 409 `edit_conflict` (issue 31): a PUT whose base_updated_at is not the step's updated_at. */
  editConflict: EDIT_CONFLICT_MESSAGE,
} as const;

const nullableDay = (label: string) => z.pipe(z.optional(z.nullable(dateField(label))), z.transform((v) => v ?? null));

/** POST /api/action-step. `source_type` absent: 'own' for an educator, none for a coach. */
export const actionStepCreateSchema = z.object({
  staff_id: idField(ACTION_STEP_MESSAGES.educatorNotFound),
  title: text('Title', ACTION_STEP_TITLE_MAX),
  detail: optionalText('Detail', ACTION_STEP_TEXT_MAX),
  due_on: nullableDay('Due date'),
  source_type: z.pipe(
    z.optional(z.nullable(z.enum(ACTION_STEP_SOURCES, { error: ACTION_STEP_MESSAGES.sourceType }))),
    z.transform((v) => v ?? null),
  ),
  source_id: optionalIdField(ACTION_STEP_MESSAGES.sourceIdRequired),
  /** The device's UUID (issue 31, common/syncValues.ts): a repeat by the same person answers the step already made (200). */
  client_id: clientIdField,
});
export type ActionStepCreatePayload = z.input<typeof actionStepCreateSchema>;
export type ActionStepCreateInput = z.output<typeof actionStepCreateSchema>;

/** PUT /api/action-step/{id}: the words and the due day (owner, source and status stay). */
export const actionStepUpdateSchema = z.object({
  title: text('Title', ACTION_STEP_TITLE_MAX),
  detail: optionalText('Detail', ACTION_STEP_TEXT_MAX),
  due_on: nullableDay('Due date'),
  /** The `updated_at` the edit started from (issue 31): another version stored is 409 `edit_conflict`; absent: not checked. */
  base_updated_at: baseUpdatedAtField,
});
export type ActionStepUpdatePayload = z.input<typeof actionStepUpdateSchema>;
export type ActionStepUpdateInput = z.output<typeof actionStepUpdateSchema>;

/** POST /api/action-step/{id}/complete: the educator's note, what they tried and how it went. */
export const actionStepCompleteSchema = z.object({ note: optionalText('Note', ACTION_STEP_TEXT_MAX) });
export type ActionStepCompletePayload = z.input<typeof actionStepCompleteSchema>;

/**
 * GET /api/action-step: filter[staff_id][] and filter[status][] (open, done, dropped); page, per_page (≤ 100).
 * Open steps first by due day (undated last), then done and dropped steps, latest first.
 */
export const actionStepListQuerySchema = z.object({
  filter: filterParam({
    staff_id: listOf('Educator', positiveId, 'Educator must be an educator ID.'),
    status: listOf('Status', oneOf(ACTION_STEP_STATUSES), 'Status must be open, done or dropped.'),
  }, 'staff_id and status'),
});
export type ActionStepListQuery = z.output<typeof actionStepListQuerySchema>;

/** An action step as every call answers it. */
export interface ActionStep {
  id: number;
  educator: { id: number; name: string };
  title: string;
  detail: string | null;
  due_on: string | null;
  status: ActionStepStatus;
  done_on: string | null;
  /** The educator's note: what they tried, how it went. */
  note: string | null;
  source: { type: ActionStepSource; id: number | null } | null;
  set_by: { id: number; name: string } | null;
  can_edit: boolean;
  can_complete: boolean;
  /** Reopen and drop: a coach, principal or administrator whose scope reaches the educator. */
  can_manage: boolean;
  created_at: string;
  updated_at: string;
  /** The device's UUID it was made with offline (issue 31), else null. */
  client_id: string | null;
}

/** GET /api/action-step/follow-through: one educator's steps, counted. */
export interface ActionStepFollowThrough {
  educator: { id: number; name: string };
  open: number;
  /** Open past their due day (the district's today). */
  overdue: number;
  done: number;
  /** Done on or before the due day (a step without one counts as on time). */
  done_on_time: number;
}
