import type { AuthUserAnswer } from '../../common/schemas/answers/auth';
import { districtSettingsOf } from '../../common/schemas/site';
import type { AuthContext } from './context';
import { localeOfUser } from '../i18n/locale';

/** The User shape of spec §3 answered by GET /api/auth/user: an explicit whitelist. */
export function presentAuthUser(auth: AuthContext): AuthUserAnswer {
  const { user, district } = auth;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    date_locale: user.date_locale,
    locale: localeOfUser(user, district),
    timezone: user.timezone,
    area: auth.area,
    last_login_at: user.last_login_at,
    district: district
      ? {
          id: district.id,
          name: district.name,
          state: district.state,
          timezone: district.timezone,
          status: district.status,
          trial_ends_at: district.trial_ends_at,
          plan: { key: district.plan_key, name: district.plan_name },
          features: auth.features,
          educator_read_log_visible: districtSettingsOf(district.settings).educator_read_log_visible,
        }
      : null,
    security: { permissions: auth.permissions, roles: auth.roles },
    buildings: auth.buildings,
    impersonating: auth.impersonator !== null,
    impersonator: auth.impersonator
      ? { id: auth.impersonator.id, name: auth.impersonator.name, email: auth.impersonator.email }
      : null,
  };
}
