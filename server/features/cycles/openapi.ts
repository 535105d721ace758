// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import {
  completeCycleSchema, cycleListQuerySchema, cycleNoteSchema, cyclePayloadSchema, goalTemplatePayloadSchema, moveStageSchema,
  orderPayloadSchema, stagePayloadSchema,
} from '../../../common/schemas/cycles';
import type { ApiArea } from '../../http/apiDoc';

const settings = { who: 'district', permissions: [P.manageSettings], feature: 'coaching-cycles' } as const;
const reader = {
  who: 'district', permissions: [P.seeSkillMapping], feature: 'coaching-cycles',
  description: 'With `see skill mapping` (its scope), or an educator\'s own cycles through `see educators.self`.',
} as const;
const writer = { who: 'district', permissions: [P.seeSkillMapping], feature: 'coaching-cycles' } as const;
const editor = { ...writer, description: 'The coach, its author, or a district-wide `see skill mapping` holder.' } as const;
const cycle = 'The cycle: educator, coach, stage with its history, goals, notes (per the shared-notes rule), dates, status.';
const stage = 'The stage.';
const template = 'The goal template.';

export const cycleApi: ApiArea = {
  tag: 'Coaching cycles',
  description: 'Coaching cycles and their settings (stages, goal templates).',
  operations: {
    'GET /api/coaching-cycle-stage': { summary: 'Cycle stages', who: 'district', answer: 'data', answerSchema: 'CycleStage', description: 'Any district login.' },
    'POST /api/coaching-cycle-stage': { summary: 'Add a stage', ...settings, body: stagePayloadSchema, status: 201, errors: [409], answerText: stage, answerSchema: 'CycleStage' },
    'PUT /api/coaching-cycle-stage/order': { summary: 'Order the stages', ...settings, body: orderPayloadSchema, answer: 'data', answerSchema: 'CycleStage' },
    'PUT /api/coaching-cycle-stage/{id}': { summary: 'Change a stage', ...settings, body: stagePayloadSchema, errors: [409], answerText: stage, answerSchema: 'CycleStage' },
    'POST /api/coaching-cycle-stage/{id}/archive': { summary: 'Archive a stage', ...settings, errors: [409], answerText: stage, answerSchema: 'CycleStage' },
    'POST /api/coaching-cycle-stage/{id}/restore': { summary: 'Restore a stage', ...settings, errors: [409], answerText: stage, answerSchema: 'CycleStage' },
    'GET /api/coaching-cycle-goal-template': { summary: 'Goal templates', who: 'district', answer: 'data', answerSchema: 'GoalTemplate', description: 'Any district login.' },
    'POST /api/coaching-cycle-goal-template': { summary: 'Add a goal template', ...settings, body: goalTemplatePayloadSchema, status: 201, errors: [409], answerText: template, answerSchema: 'GoalTemplate' },
    'PUT /api/coaching-cycle-goal-template/order': { summary: 'Order the goal templates', ...settings, body: orderPayloadSchema, answer: 'data', answerSchema: 'GoalTemplate' },
    'PUT /api/coaching-cycle-goal-template/{id}': { summary: 'Change a goal template', ...settings, body: goalTemplatePayloadSchema, errors: [409], answerText: template, answerSchema: 'GoalTemplate' },
    'POST /api/coaching-cycle-goal-template/{id}/archive': { summary: 'Archive a goal template', ...settings, errors: [409], answerText: template, answerSchema: 'GoalTemplate' },
    'POST /api/coaching-cycle-goal-template/{id}/restore': { summary: 'Restore a goal template', ...settings, errors: [409], answerText: template, answerSchema: 'GoalTemplate' },
    'GET /api/coaching-cycle': { summary: 'Coaching cycles', ...reader, query: cycleListQuerySchema, answer: 'page', answerSchema: 'CycleSummary' },
    'GET /api/coaching-cycle/{id}': { summary: 'One coaching cycle', ...reader, answerText: cycle, answerSchema: 'Cycle' },
    'POST /api/coaching-cycle': { summary: 'Start a coaching cycle', ...writer, body: cyclePayloadSchema, status: 201, answerText: cycle, answerSchema: 'Cycle' },
    'PUT /api/coaching-cycle/{id}': { summary: 'Change a coaching cycle', ...editor, body: cyclePayloadSchema, errors: [409], answerText: cycle, answerSchema: 'Cycle' },
    'DELETE /api/coaching-cycle/{id}': { summary: 'Delete a coaching cycle', ...editor, answerText: 'The cycle as it was (soft-deleted), with `deleted_at`.', answerSchema: 'Cycle' },
    'POST /api/coaching-cycle/{id}/advance': { summary: 'Move a cycle to its next stage', ...editor, errors: [409], answerText: cycle, answerSchema: 'Cycle' },
    'POST /api/coaching-cycle/{id}/stage': { summary: 'Move a cycle to a stage', ...editor, body: moveStageSchema, errors: [409], answerText: cycle, answerSchema: 'Cycle' },
    'POST /api/coaching-cycle/{id}/complete': { summary: 'Complete a cycle', ...editor, body: completeCycleSchema, errors: [409], answerText: cycle, answerSchema: 'Cycle' },
    'POST /api/coaching-cycle/{id}/cancel': { summary: 'Cancel a cycle', ...editor, errors: [409], answerText: cycle, answerSchema: 'Cycle' },
    'POST /api/coaching-cycle/{id}/note': { summary: 'Add a note to a cycle', ...writer, body: cycleNoteSchema, status: 201, answerText: cycle, answerSchema: 'Cycle' },
    'PUT /api/coaching-cycle/{id}/note/{noteId}': { summary: 'Change my note', ...writer, body: cycleNoteSchema, description: "Only the note's author.", answerText: cycle, answerSchema: 'Cycle' },
    'DELETE /api/coaching-cycle/{id}/note/{noteId}': { summary: 'Delete my note', ...writer, description: "Only the note's author.", answerText: cycle, answerSchema: 'Cycle' },
  },
};
