// The provider's login answers (Admin → Users): server/features/adminUsers/presenter.ts; no password
// hash, no preferences.
import * as z from 'zod/mini';
import { ADMIN_USER_STATUSES, type AdminUser } from '../adminUsers';
import { id, instant, ref, type SameShape } from './shapes';

export const adminUserAnswer = z.strictObject({
  id,
  name: z.string(),
  email: z.string(),
  /** `app` for a district's login, `admin` for Coachwell staff. */
  area: z.enum(['app', 'admin']),
  /** The login's district; null for Coachwell staff. */
  district: z.nullable(z.strictObject({ id, name: z.string(), status: z.string() })),
  roles: z.array(z.strictObject({ name: z.string(), label: z.string() })),
  status: z.enum(ADMIN_USER_STATUSES),
  last_login_at: z.nullable(instant),
  created_at: instant,
  /** The open invitation of an invited login. */
  invite: z.nullable(z.strictObject({ expires_at: instant, expired: z.boolean() })),
});
export type AdminUserAnswer = z.infer<typeof adminUserAnswer>;
export const adminUserAnswerMatches: SameShape<AdminUserAnswer, AdminUser> = true;

/** A district as a filter's option: `{ id, name }`. */
export const districtOptionAnswer = ref;
