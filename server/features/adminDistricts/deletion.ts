// Scheduling and restoring a district's deletion (issue 32, item 3). Scheduling writes the schedule on the district
// row (when, due 30 days later, by whom) and deletes its people's sessions in the same transaction, with the audit row;
// from then on sign-in refuses them (auth/routes.ts, sso/signIn.ts) and any session left ends on its next request
// (identity/context.ts). The status is left as it was, so restoring (within the grace) only clears the schedule; once
// the purge has started (purge.ts) restoring answers 409.
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { DELETION_GRACE_DAYS, DISTRICT_DELETION_MESSAGES as M } from '../../../common/schemas/districtDeletion';
import { lockDistrictWrites } from '../../../db/locks';
import { conflict } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import type { ProviderActor } from './policies';
import type { DistrictRow } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Schedules the district's deletion `DELETION_GRACE_DAYS` from now and signs its people out. 409 when already scheduled. */
export async function scheduleDeletion(db: DB, actor: ProviderActor, district: DistrictRow, now = Date.now()): Promise<void> {
  if (district.deletion_scheduled_at) throw conflict(M.alreadyScheduled);
  const at = new Date(now).toISOString();
  const due = new Date(now + DELETION_GRACE_DAYS * DAY_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    const changed = await trx.updateTable('districts')
      .set({ deletion_scheduled_at: at, deletion_due_at: due, deletion_scheduled_by: actor.userId, updated_at: at })
      .where('id', '=', district.id).where('deletion_scheduled_at', 'is', null).executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) throw conflict(M.alreadyScheduled);
    const signedOut = await trx.deleteFrom('sessions')
      .where('user_id', 'in', (eb) => eb.selectFrom('users').select('users.id').where('users.district_id', '=', district.id))
      .executeTakeFirst();
    await recordAudit(trx, { ...actor, districtId: district.id }, {
      action: 'district_deletion_scheduled', subjectType: 'district', subjectId: district.id,
      details: { name: district.name, due_at: due, sessions_ended: Number(signedOut.numDeletedRows) },
    });
  });
}

/** Lifts the schedule within the grace: the district is as it was (its status never changed). 409 when not scheduled. */
export async function restoreDeletion(db: DB, actor: ProviderActor, district: DistrictRow): Promise<void> {
  if (!district.deletion_scheduled_at) throw conflict(M.notScheduledRestore);
  // Once its purge has started (purge.ts), rows are going in batches: there is nothing whole left to restore.
  if (district.purge_started_at) throw conflict(M.purgingRestore);
  await db.transaction().execute(async (trx) => {
    // A purge starting meanwhile commits first (PostgreSQL), so the check below sees it.
    await lockDistrictWrites(trx, district.id);
    const purging = await trx.selectFrom('district_purges').select('district_id').where('district_id', '=', district.id).executeTakeFirst();
    if (purging) throw conflict(M.purgingRestore);
    const changed = await trx.updateTable('districts')
      .set({ deletion_scheduled_at: null, deletion_due_at: null, deletion_scheduled_by: null, updated_at: nowIso() })
      .where('id', '=', district.id).where('deletion_scheduled_at', 'is not', null).executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) throw conflict(M.notScheduledRestore);
    await recordAudit(trx, { ...actor, districtId: district.id }, {
      action: 'district_deletion_restored', subjectType: 'district', subjectId: district.id,
      details: { name: district.name, scheduled_at: district.deletion_scheduled_at, due_at: district.deletion_due_at },
    });
  });
}
