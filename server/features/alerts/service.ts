// Alert commands: each write runs in one transaction with its audit row (provider actor, no district).
// Dismissing is a person's own choice, remembered once per alert and not audited.
import { ALERT_MESSAGES, type AlertPayload } from '../../../common/schemas/alerts';
import { lockNamed } from '../../../db/locks';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { AlertTargetsTable } from '../../../db/types';
import { HttpError, notFound, validationError } from '../../http/errors';
import { changedFields, type Actor, recordAudit } from '../../lib/audit';
import { type AlertAudienceOf, type AlertRow, currentAlertsFor, districtsById, findAlert, plansByKey, targetsOf } from './queries';

type Conn = Parameters<typeof findAlert>[0];

export async function requireAlert(db: Conn, id: number): Promise<AlertRow> {
  const alert = await findAlert(db, id);
  if (!alert) throw notFound(ALERT_MESSAGES.notFound);
  return alert;
}

/** The audience's plans and districts must exist (422 on audience_values). */
async function checkAudience(db: Conn, input: AlertPayload): Promise<void> {
  if (input.audience === 'plan') {
    const keys = input.audience_values as string[];
    const found = await plansByKey(db, keys);
    if (found.length !== keys.length) throw validationError({ audience_values: [ALERT_MESSAGES.unknownPlan] });
  }
  if (input.audience === 'districts') {
    const ids = input.audience_values as number[];
    const found = await districtsById(db, ids);
    if (found.length !== ids.length) throw validationError({ audience_values: [ALERT_MESSAGES.unknownDistrict] });
  }
}

function targetRows(alertId: number, input: AlertPayload): AlertTargetsTable[] {
  const kind = ({ everyone: 'everyone', plan: 'plan', districts: 'district', roles: 'role' } as const)[input.audience];
  if (kind === 'everyone') return [{ alert_id: alertId, kind, value: '*' }];
  return input.audience_values.map((value) => ({ alert_id: alertId, kind, value: String(value) }));
}

async function writeTargets(db: DB, alertId: number, input: AlertPayload): Promise<void> {
  await db.deleteFrom('alert_targets').where('alert_id', '=', alertId).execute();
  await db.insertInto('alert_targets').values(targetRows(alertId, input)).execute();
}

const audited = (input: AlertPayload) => ({
  title: input.title, level: input.level, audience: input.audience, audience_values: input.audience_values,
  starts_at: input.starts_at, ends_at: input.ends_at,
});

export function createAlert(db: DB, actor: Actor, input: AlertPayload): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Alerts are written one at a time (db/locks.ts): their state and targets are read before written.
    await lockNamed(trx, 'alerts');
    await checkAudience(trx, input);
    const now = nowIso();
    const { id } = await trx.insertInto('alerts').values({
      title: input.title, body: input.body, level: input.level, audience: input.audience,
      starts_at: input.starts_at, ends_at: input.ends_at, created_by: actor.userId, updated_by: actor.userId,
      created_at: now, updated_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await writeTargets(trx, id, input);
    await recordAudit(trx, actor, { action: 'alert_created', subjectType: 'alert', subjectId: id, details: audited(input) });
    return id;
  });
}

/** PUT: replaces every field and the audience. */
export function updateAlert(db: DB, actor: Actor, id: number, input: AlertPayload): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // Alerts are written one at a time (db/locks.ts): their state and targets are read before written.
    await lockNamed(trx, 'alerts');
    const before = await requireAlert(trx, id);
    const targetsBefore = (await targetsOf(trx, [id])).get(id) ?? [];
    await checkAudience(trx, input);
    await trx.updateTable('alerts').set({
      title: input.title, body: input.body, level: input.level, audience: input.audience,
      starts_at: input.starts_at, ends_at: input.ends_at, updated_by: actor.userId, updated_at: nowIso(),
    }).where('id', '=', id).execute();
    await writeTargets(trx, id, input);
    const valuesBefore = before.audience === 'everyone' ? [] : targetsBefore.map((t) => t.value).sort();
    const valuesAfter = input.audience_values.map(String).sort();
    await recordAudit(trx, actor, {
      action: 'alert_updated', subjectType: 'alert', subjectId: id,
      details: {
        title: input.title,
        changes: {
          ...changedFields({ ...before }, { title: input.title, body: input.body, level: input.level, audience: input.audience, starts_at: input.starts_at, ends_at: input.ends_at }),
          ...(valuesBefore.join('\n') !== valuesAfter.join('\n') ? { audience_values: { from: valuesBefore, to: valuesAfter } } : {}),
        },
      },
    });
  });
}

/** Soft delete: the alert leaves every list and banner; its row and dismissals stay for the record. */
export function deleteAlert(db: DB, actor: Actor, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // Alerts are written one at a time (db/locks.ts): their state and targets are read before written.
    await lockNamed(trx, 'alerts');
    const alert = await requireAlert(trx, id);
    const now = nowIso();
    await trx.updateTable('alerts').set({ deleted_at: now, updated_at: now, updated_by: actor.userId }).where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'alert_deleted', subjectType: 'alert', subjectId: id, details: { title: alert.title, level: alert.level } });
  });
}

/**
 * Remembers that the person dismissed an alert shown to them (again: still 204). 404 for an alert
 * not shown to them now (missing, deleted, not started, ended, another audience); 422 for a critical one.
 * `beforeWrite` runs once the alert is known to be theirs and dismissible (the impersonation refusal).
 */
export async function dismissAlert(db: DB, who: AlertAudienceOf, id: number, beforeWrite: () => void): Promise<void> {
  const [alert] = await currentAlertsFor(db, who, nowIso(), { alertId: id, includeDismissed: true });
  if (!alert) throw notFound(ALERT_MESSAGES.notFound);
  if (alert.level === 'critical') throw new HttpError(422, ALERT_MESSAGES.criticalNotDismissible, 'validation_failed', { alert: [ALERT_MESSAGES.criticalNotDismissible] });
  beforeWrite();
  await db.insertInto('alert_dismissals').values({ alert_id: id, user_id: who.userId, at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'alert_id']).doNothing()).execute();
}
