// Migrate Account (public): the person opens the link from the email, sees which district invites
// them and confirms with their password; their login then moves to that district.
import { Router } from 'express';
import type { MigrationDetailsAnswer, MigrationResultAnswer } from '../../../common/schemas/answers/messages';
import { confirmMigrationSchema, USER_MESSAGES } from '../../../common/schemas/users';
import type { Deps } from '../../deps';
import { issueCsrfToken } from '../../http/csrf';
import { notFound, validationError } from '../../http/errors';
import { clientKey } from '../../http/rateLimit';
import { validate } from '../../http/validate';
import { requestLocale } from '../../i18n/locale';
import { translate } from '../../i18n/translate';
import { recordAudit } from '../../lib/audit';
import { refuseIfScheduledForDeletion } from '../../lib/districtDeletion';
import { verifyPassword } from '../../identity/passwords';
import { roleNamesOf } from './queries';
import { acceptMigration, findOpenMigration } from './service';

export function accountMigrationRoutes(deps: Deps): Router {
  const { db, limiter } = deps;
  const router = Router();

  router.get('/account-migration/:token', async (req, res) => {
    await limiter.hit(clientKey(req, 'account-migration'), 30);
    const migration = await findOpenMigration(db, req.params.token);
    if (!migration) throw notFound(USER_MESSAGES.migrationInvalid);
    res.json({
      email: migration.email,
      district: { name: migration.district_name },
      invited_by: migration.invited_by_name ? { name: migration.invited_by_name } : null,
      expires_at: migration.expires_at,
    } satisfies MigrationDetailsAnswer);
  });

  router.post('/account-migration/:token', async (req, res) => {
    await limiter.hit(clientKey(req, 'account-migration'), 30);
    await limiter.hit(clientKey(req, 'account-migration-password', req.params.token.slice(0, 16)), 10);
    const input = validate(confirmMigrationSchema, req.body);
    const migration = await findOpenMigration(db, req.params.token);
    if (!migration) throw notFound(USER_MESSAGES.migrationInvalid);
    await refuseIfScheduledForDeletion(db, migration.to_district_id);
    if (!migration.password_hash || !(await verifyPassword(input.password, migration.password_hash))) {
      await recordAudit(db, { ...req.actor, districtId: migration.current_district_id, userId: migration.user_id }, {
        action: 'account_migration_failed', subjectType: 'user', subjectId: migration.user_id,
        details: { to_district_id: migration.to_district_id },
      });
      throw validationError({ password: [USER_MESSAGES.passwordIncorrect] });
    }
    const { fromDistrictId, userId } = await acceptMigration(db, migration);
    await recordAudit(db, { ...req.actor, districtId: fromDistrictId, userId: migration.user_id }, {
      action: 'account_migrated_out', subjectType: 'user', subjectId: migration.user_id, details: { to_district_id: migration.to_district_id },
    });
    await recordAudit(db, { ...req.actor, districtId: migration.to_district_id, userId }, {
      action: 'account_migrated_in', subjectType: 'user', subjectId: userId,
      details: { from_district_id: fromDistrictId, roles: await roleNamesOf(db, userId) },
    });
    // The answer in the language this browser reads (its session ends just below).
    const locale = requestLocale(req);
    // Any session in this browser belonged to the old district: start over at sign-in.
    await new Promise<void>((resolve) => req.session.regenerate(() => resolve()));
    issueCsrfToken(req, res, deps.config.env === 'production', true);
    res.json({
      message: translate(locale, `Your login now belongs to ${migration.district_name}. Sign in with your usual password to continue.`),
      district: { name: migration.district_name },
    } satisfies MigrationResultAnswer);
  });

  return router;
}
