// Account Settings' email preferences (GET and PUT /api/account/preferences): the signed-in district login's own.
// Today one: `action_step_digest`, the weekly email of one's action steps (issue 29, item 2), on by default; kept in
// action_step_digests (migration 20261202_0170: no row reads as on), read by the runner in
// features/actionSteps/digestJobs.ts. A change is audited (account_preferences_updated, the new value); an
// unchanged value writes nothing.
import type { Router } from 'express';
import { accountPreferencesSchema } from '../../../common/schemas/account';
import type { AccountPreferencesAnswer } from '../../../common/schemas/answers/messages';
import { type DB, nowIso } from '../../../db/connection';
import { districtActor, requireDistrict } from '../../access/guards';
import { validate } from '../../http/validate';
import { recordAudit } from '../../lib/audit';

async function preferencesOf(db: DB, districtId: number, userId: number): Promise<AccountPreferencesAnswer> {
  const row = await db.selectFrom('action_step_digests').select('weekly_email')
    .where('user_id', '=', userId).where('district_id', '=', districtId).executeTakeFirst();
  return { action_step_digest: row ? row.weekly_email === 1 : true };
}

export function addPreferenceRoutes(router: Router, db: DB): void {
  router.get('/account/preferences', async (req, res) => {
    const auth = requireDistrict(req);
    res.json(await preferencesOf(db, auth.district.id, auth.user.id) satisfies AccountPreferencesAnswer);
  });

  router.put('/account/preferences', async (req, res) => {
    const auth = requireDistrict(req);
    const actor = districtActor(req);
    const input = validate(accountPreferencesSchema, req.body);
    const districtId = auth.district.id;
    const userId = auth.user.id;
    await db.transaction().execute(async (trx) => {
      const before = await preferencesOf(trx, districtId, userId);
      if (before.action_step_digest === input.action_step_digest) return;
      const weekly = input.action_step_digest ? 1 : 0;
      await trx.insertInto('action_step_digests')
        .values({ user_id: userId, district_id: districtId, weekly_email: weekly, last_week: null, updated_at: nowIso() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ weekly_email: weekly, district_id: districtId, updated_at: nowIso() }))
        .execute();
      await recordAudit(trx, actor, {
        action: 'account_preferences_updated', subjectType: 'user', subjectId: userId, details: { action_step_digest: input.action_step_digest },
      });
    });
    res.json(await preferencesOf(db, districtId, userId) satisfies AccountPreferencesAnswer);
  });
}
