// The CycleStage, GoalTemplate and Cycle answers: explicit whitelists. Evidence notes follow the
// district's notes-privacy setting like an interaction's shared notes: with `shared_notes_visible_to_admins`
// off only their author, the cycle's coach and its educators (their linked logins) read them; everyone
// else gets body null and hidden true.
import type { CycleAnswer, CycleStageAnswer, CycleSummaryAnswer, GoalTemplateAnswer } from '../../../common/schemas/answers/cycles';
import {
  type CycleDueState, type CycleNote, type CycleOutcome, type CycleStatus, DUE_SOON_DAYS, OPEN_CYCLE_STATUSES,
} from '../../../common/schemas/cycles';
import { seesSharedTexts } from '../../access/notesPrivacy';
import { addDays } from '../../lib/dates';
import type { CycleRow, Related, StageRow, TemplateRow } from './queries';
import { nextStageOf } from './service';

export function presentStage(row: StageRow, openCycles: Map<number, number>): CycleStageAnswer {
  return {
    id: row.id, name: row.name, description: row.description, expected_days: row.expected_days, sort_order: row.sort_order,
    archived: row.archived_at !== null, open_cycles: openCycles.get(row.id) ?? 0,
  };
}

export function presentTemplate(row: TemplateRow): GoalTemplateAnswer {
  return { id: row.id, title: row.title, goal: row.goal, sort_order: row.sort_order, archived: row.archived_at !== null };
}

/** The due day and state of an open cycle's current stage (see DUE_SOON_DAYS). */
export function dueOf(row: Pick<CycleRow, 'status' | 'stage_id' | 'stage_entered_on'>, stage: StageRow | undefined, today: string):
  { dueOn: string | null; due: CycleDueState | null } {
  if (!stage || !row.stage_entered_on || !OPEN_CYCLE_STATUSES.includes(row.status)) return { dueOn: null, due: null };
  const dueOn = addDays(row.stage_entered_on, stage.expected_days);
  if (dueOn < today) return { dueOn, due: 'overdue' };
  if (addDays(today, DUE_SOON_DAYS) >= dueOn) return { dueOn, due: 'due-soon' };
  return { dueOn, due: 'on-track' };
}

export interface Viewer {
  userId: number;
  today: string;
  stages: StageRow[];
  canEdit: (row: CycleRow) => boolean;
  /** The viewer runs cycles (may write notes at all). */
  writes: boolean;
}

export function presentCycleSummary(row: CycleRow, related: Related, viewer: Viewer): CycleSummaryAnswer {
  const stage = viewer.stages.find((s) => s.id === row.stage_id);
  const { dueOn, due } = dueOf(row, stage, viewer.today);
  const open = OPEN_CYCLE_STATUSES.includes(row.status);
  const next = open ? nextStageOf(viewer.stages, row.stage_id) : null;
  return {
    id: row.id,
    title: row.title,
    goal: row.goal,
    coach: { id: row.coach_id, name: related.users.get(row.coach_id) ?? '' },
    educators: related.staff.filter((s) => s.cycle_id === row.id).map((s) => ({ id: s.staff_id, name: s.name })),
    focus_skills: related.skills.filter((s) => s.cycle_id === row.id).map((s) => ({ id: s.skill_id, name: s.name })),
    start_date: row.start_date,
    target_end_date: row.target_end_date,
    status: row.status as CycleStatus,
    stage: stage ? { id: stage.id, name: stage.name, expected_days: stage.expected_days, archived: stage.archived_at !== null } : null,
    stage_entered_on: row.stage_entered_on,
    stage_due_on: dueOn,
    due,
    next_stage: next ? { id: next.id, name: next.name } : null,
    outcome: row.outcome as CycleOutcome | null,
    reflection: row.reflection,
    completed_on: row.completed_on,
    can_edit: viewer.canEdit(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(row.deleted_at !== null ? { deleted_at: row.deleted_at } : {}),
  };
}

export interface Detail {
  history: { stage_id: number; entered_on: string; left_on: string | null }[];
  notes: { id: number; author_id: number | null; body: string; created_at: string; updated_at: string }[];
  interactions: { id: number; starts_at: string; duration_minutes: number; status: string; interaction_type_id: number; type_name: string; coach_id: number; coach_name: string }[];
  authors: Map<number, string>;
  sharedNotesVisible: boolean;
}

export function presentCycle(row: CycleRow, related: Related, viewer: Viewer, detail: Detail): CycleAnswer {
  const summary = presentCycleSummary(row, related, viewer);
  const participantUserIds = related.staff.filter((s) => s.cycle_id === row.id).map((s) => s.user_id);
  const onlooker = { userId: viewer.userId, sharedNotesVisible: detail.sharedNotesVisible };
  const stageName = (id: number) => viewer.stages.find((s) => s.id === id);
  return {
    ...summary,
    history: detail.history.map((h) => {
      const stage = stageName(h.stage_id);
      return { stage: { id: h.stage_id, name: stage?.name ?? '', archived: stage?.archived_at != null }, entered_on: h.entered_on, left_on: h.left_on };
    }),
    notes: detail.notes.map((n): CycleNote => {
      const own = n.author_id === viewer.userId;
      const visible = seesSharedTexts(onlooker, { authorId: n.author_id, coachId: row.coach_id, participantUserIds });
      return {
        id: n.id,
        author: n.author_id === null ? null : { id: n.author_id, name: detail.authors.get(n.author_id) ?? '' },
        body: visible ? n.body : null,
        hidden: !visible,
        can_edit: own && viewer.writes,
        created_at: n.created_at,
        updated_at: n.updated_at,
      };
    }),
    interactions: detail.interactions.map((i) => ({
      id: i.id, starts_at: i.starts_at, duration_minutes: i.duration_minutes, status: i.status,
      interaction_type: { id: i.interaction_type_id, name: i.type_name }, coach: { id: i.coach_id, name: i.coach_name },
    })),
  };
}
