// Calibration sessions' commands (issue 28, item 5), each one transaction with its audit row, and the check an
// observation naming a session passes (service.ts): the session is its district's, not archived, of the same
// form (any version: observations keep theirs, items are matched by lineage) and the same educator, and the
// observer has no other observation in it.
import { CALIBRATION_MESSAGES, type CalibrationSessionInput } from '../../../../common/schemas/calibration';
import { OBSERVATION_MESSAGES } from '../../../../common/schemas/observations';
import { nowIso, type DB } from '../../../../db/connection';
import { visibleStaffIds } from '../../../access/staffScope';
import { conflict, type FieldErrors, validationError } from '../../../http/errors';
import { recordAudit } from '../../../lib/audit';
import { defaultSchoolOf } from '../../../lib/defaultSchool';
import { localDateTime } from '../../../lib/zone';
import type { Conn } from '../queries';
import { findSession, type SessionRow } from './calibrationQueries';
import { findForm } from './queries';
import type { Writer } from './service';

/** The message on `calibration_id` when an observation may not name this session (null: it may). */
export async function calibrationProblem(
  db: Conn, w: Writer, input: { calibration_id: number | null; form_id: number; staff_id: number },
  existing: { id: number; calibration_id: number | null } | null,
): Promise<string | null> {
  if (input.calibration_id === null) return null;
  if (!w.auth.features.includes('observation-forms')) return CALIBRATION_MESSAGES.sessionNotFound;
  const session = await findSession(db, w.actor.districtId, input.calibration_id);
  // An observation already in a session stays in it after the session is archived (its observer may still edit it).
  const archived = session?.archived_at != null && existing?.calibration_id !== session.id;
  if (!session || archived || session.form_id !== input.form_id || session.staff_id !== input.staff_id) {
    return CALIBRATION_MESSAGES.sessionNotFound;
  }
  let other = db.selectFrom('observations').select('id').where('district_id', '=', w.actor.districtId)
    .where('calibration_id', '=', session.id).where('observer_id', '=', w.actor.userId).where('deleted_at', 'is', null);
  if (existing) other = other.where('id', '!=', existing.id);
  return (await other.executeTakeFirst()) ? CALIBRATION_MESSAGES.alreadyObserved : null;
}

export function createSession(db: DB, w: Writer, input: CalibrationSessionInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const districtId = w.actor.districtId;
    const errors: FieldErrors = {};
    const form = await findForm(trx, districtId, input.form_id);
    if (!form) errors.form_id = [OBSERVATION_MESSAGES.formNotFound];
    else if (form.archived_at !== null) errors.form_id = [OBSERVATION_MESSAGES.formArchived];
    const visible = w.staffScope ? await visibleStaffIds(trx as unknown as DB, w.staffScope, [input.staff_id]) : new Set<number>();
    if (!visible.has(input.staff_id)) errors.staff_id = [OBSERVATION_MESSAGES.educatorNotFound];
    if (Object.keys(errors).length) throw validationError(errors);
    const day = localDateTime(input.observed_at, w.auth.district.timezone).date;
    const school = (await defaultSchoolOf(trx, districtId, [input.staff_id], w.actor.userId, day)).building?.id ?? null;
    const now = nowIso();
    const { id } = await trx.insertInto('calibration_sessions').values({
      district_id: districtId, form_id: input.form_id, staff_id: input.staff_id, building_id: school, observed_at: input.observed_at,
      title: input.title, notes: input.notes, created_by: w.actor.userId, created_at: now, updated_at: now, archived_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await recordAudit(trx as unknown as DB, w.actor, {
      action: 'calibration_session.created', subjectType: 'calibration_session', subjectId: id,
      details: { title: input.title, form_id: input.form_id, staff_id: input.staff_id, observed_at: input.observed_at },
    });
    return id;
  });
}

/** Archives (or restores) a session: an archived one leaves the list and takes no new observations; its agreement still counts over time. */
export function setSessionArchived(db: DB, w: Writer, row: SessionRow, archived: boolean): Promise<void> {
  if (archived && row.archived_at !== null) throw conflict(CALIBRATION_MESSAGES.archived);
  if (!archived && row.archived_at === null) throw conflict(CALIBRATION_MESSAGES.notArchived);
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx.updateTable('calibration_sessions').set({ archived_at: archived ? now : null, updated_at: now })
      .where('id', '=', row.id).where('district_id', '=', w.actor.districtId).execute();
    await recordAudit(trx as unknown as DB, w.actor, {
      action: archived ? 'calibration_session.archived' : 'calibration_session.restored', subjectType: 'calibration_session', subjectId: row.id,
      details: { title: row.title },
    });
  });
}
