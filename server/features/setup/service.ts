// The checklist's commands: a review confirmed, the checklist dismissed. Each stores its mark once per
// district (a repeat keeps the first) with its audit row, in one transaction.
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { SetupReviewItem } from '../../../common/schemas/setup';
import { type DistrictActor, recordAudit } from '../../lib/audit';
import type { SetupMark } from './queries';

async function mark(db: DB, actor: DistrictActor, value: SetupMark, action: string, details: Record<string, unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto('setup_checklist_marks')
      .values({ district_id: actor.districtId, mark: value, user_id: actor.userId, at: nowIso() })
      .onConflict((oc) => oc.columns(['district_id', 'mark']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      await recordAudit(trx, actor, { action, subjectType: 'district', subjectId: actor.districtId, details });
    }
  });
}

export function markReviewed(db: DB, actor: DistrictActor, item: SetupReviewItem): Promise<void> {
  return mark(db, actor, item, 'setup_item_reviewed', { item });
}

export function dismissChecklist(db: DB, actor: DistrictActor): Promise<void> {
  return mark(db, actor, 'dismissed', 'setup_checklist_dismissed', {});
}
