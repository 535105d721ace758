// Who may read and change action steps (issue 29, item 2). Everything goes by `see educators`, the
// permission that says which educators a person may see at all (access/staffScope.ts):
// - An educator (`see educators.self`) reads and acts only on their own steps (anyone else's is 404): adds
//   their own (source 'own'), changes the ones they added, marks any of theirs done with a note.
// - A coach, principal or administrator (`see educators` at district, building or assigned scope) reads the
//   steps of the educators their scope reaches, sets steps for them (from an interaction, an observation or a
//   cycle about the same educator, or none), changes, completes, reopens and drops them.
// No plan feature gates action steps.
import type { Request } from 'express';
import { ACTION_STEP_MESSAGES } from '../../../common/schemas/actionSteps';
import { PERMISSIONS } from '../../../common/permissions';
import { type DistrictAuth, districtActor, requireDistrict, requireScope, type Scope } from '../../access/guards';
import { forbidden } from '../../http/errors';
import type { DistrictActor } from '../../lib/audit';

export interface Reader {
  auth: DistrictAuth;
  /** The caller's `see educators` scope: whose steps they read. */
  scope: Scope;
  /** A coach, principal or administrator (a scope wider than their own record). */
  leads: boolean;
}
export type Writer = Reader & { actor: DistrictActor };

export function actionStepReader(req: Request): Reader {
  const auth = requireDistrict(req);
  const scope = requireScope(auth, PERMISSIONS.seeEducators);
  return { auth, scope, leads: scope.kind !== 'self' };
}

export function actionStepWriter(req: Request): Writer {
  return { ...actionStepReader(req), actor: districtActor(req) };
}

/** The row's owner educator, by their login. */
export interface StepAccessRow { set_by_user_id: number | null; owner_user_id: number | null }

const isOwner = (reader: Reader, row: StepAccessRow) => row.owner_user_id !== null && row.owner_user_id === reader.auth.user.id;

/** Title, detail and due day: a lead in scope, or the educator for the steps they added themselves. */
export function canEditStep(reader: Reader, row: StepAccessRow): boolean {
  return reader.leads || (isOwner(reader, row) && row.set_by_user_id === reader.auth.user.id);
}

/** Mark done: the owner educator, or a lead in scope (their coach). */
export function canCompleteStep(reader: Reader, row: StepAccessRow): boolean {
  return reader.leads || isOwner(reader, row);
}

/** Reopen and drop: a lead in scope, never the educator. */
export function canManageStep(reader: Reader): boolean {
  return reader.leads;
}

export function requireEditable(reader: Reader, row: StepAccessRow): void {
  if (!canEditStep(reader, row)) throw forbidden(ACTION_STEP_MESSAGES.cannotEdit);
}
export function requireCompletable(reader: Reader, row: StepAccessRow): void {
  if (!canCompleteStep(reader, row)) throw forbidden(ACTION_STEP_MESSAGES.cannotComplete);
}
export function requireManager(reader: Reader): void {
  if (!canManageStep(reader)) throw forbidden(ACTION_STEP_MESSAGES.coachesOnly);
}
