// The export's commands: starting one (the row and its audit row in one transaction) and noting a download.
import { DISTRICT_EXPORT_MESSAGES } from '../../../common/schemas/districtExport';
import { type DB, isUniqueViolation } from '../../../db/connection';
import { conflict } from '../../http/errors';
import { type DistrictActor, recordAudit } from '../../lib/audit';
import { EXPORT_KINDS } from './kinds';
import { unfinishedExport } from './queries';

/** A queued export of the actor's district (409 while another is queued or running); answers its id. */
export async function requestExport(db: DB, actor: DistrictActor): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The check answers the usual case; the partial unique index of migration 0176 decides two starts at once.
    if (await unfinishedExport(trx, actor.districtId)) throw conflict(DISTRICT_EXPORT_MESSAGES.alreadyRunning);
    const row = await trx.insertInto('district_exports')
      .values({ district_id: actor.districtId, requested_by: actor.userId, status: 'queued', kinds_total: EXPORT_KINDS.length, created_at: new Date().toISOString() })
      .returning('id').executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'district_export_requested', subjectType: 'district', subjectId: actor.districtId, details: { export_id: row.id } });
    return row.id;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict(DISTRICT_EXPORT_MESSAGES.alreadyRunning);
    throw err;
  });
}

export async function recordDownload(db: DB, actor: DistrictActor, exportId: number): Promise<void> {
  await recordAudit(db, actor, { action: 'district_export_downloaded', subjectType: 'district', subjectId: actor.districtId, details: { export_id: exportId } });
}
