// The action step answer (common/schemas/answers/actionSteps.ts): every field listed, so a new column never leaks.
import type { ActionStepAnswer, ActionStepFollowThroughAnswer } from '../../../common/schemas/answers/actionSteps';
import { canCompleteStep, canEditStep, canManageStep, type Reader } from './policies';
import type { FollowThroughRow, StepRow } from './queries';

export function presentStep(reader: Reader, row: StepRow): ActionStepAnswer {
  return {
    id: row.id,
    educator: { id: row.staff_id, name: `${row.first_name} ${row.last_name}` },
    title: row.title,
    detail: row.detail,
    due_on: row.due_on,
    status: row.status,
    done_on: row.done_on,
    note: row.note,
    source: row.source_type ? { type: row.source_type, id: row.source_id } : null,
    set_by: row.set_by_user_id !== null && row.set_by_name !== null ? { id: row.set_by_user_id, name: row.set_by_name } : null,
    can_edit: row.status === 'open' && canEditStep(reader, row),
    can_complete: row.status === 'open' && canCompleteStep(reader, row),
    can_manage: canManageStep(reader),
    created_at: row.created_at,
    updated_at: row.updated_at,
    client_id: row.client_id,
  };
}

export function presentFollowThrough(row: FollowThroughRow): ActionStepFollowThroughAnswer {
  return {
    educator: { id: row.staff_id, name: `${row.first_name} ${row.last_name}` },
    open: row.open,
    overdue: row.overdue,
    done: row.done,
    done_on_time: row.done_on_time,
  };
}
