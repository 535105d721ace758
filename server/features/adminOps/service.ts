// Commands of admin operations: the log retention setting (audited in its transaction).
import type { DB } from '../../../db/connection';
import { lockNamed } from '../../../db/locks';
import { nowIso } from '../../../db/connection';
import { type Actor, recordAudit } from '../../lib/audit';
import { LOG_RETENTION_KEY, readRetentionDays } from '../../lib/opsLog';

export async function setRetentionDays(db: DB, actor: Actor, days: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The retention setting is read before it is written (db/locks.ts).
    await lockNamed(trx, 'log retention');
    const before = await readRetentionDays(trx);
    if (before.days === days && before.updatedAt !== null) return;
    const now = nowIso();
    await trx.insertInto('provider_settings')
      .values({ key: LOG_RETENTION_KEY, value: JSON.stringify(days), updated_by: actor.userId, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(days), updated_by: actor.userId, updated_at: now }))
      .execute();
    await recordAudit(trx, actor, { action: 'log_settings_updated', details: { retention_days: { from: before.days, to: days } } });
  });
}
