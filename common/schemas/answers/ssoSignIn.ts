// The answers of signing in with a school account (issue 30).
import * as z from 'zod/mini';
import { SSO_KINDS } from '../../ssoValues';

/** POST /api/auth/social: the provider's authorization address to send the browser to. */
export const ssoRedirectAnswer = z.strictObject({ redirect: z.string() });
export type SsoRedirectAnswer = z.infer<typeof ssoRedirectAnswer>;

/** GET /api/auth/sso/options: the login page's buttons for one district. */
export const ssoOptionsAnswer = z.strictObject({
  district: z.strictObject({ id: z.number(), name: z.string() }),
  kinds: z.array(z.enum(SSO_KINDS)),
});
export type SsoOptionsAnswer = z.infer<typeof ssoOptionsAnswer>;

/** GET /api/auth/sso/provider-staff: the kind of the provider's own connection (the staff sign-in page's button), null without one. */
export const ssoProviderStaffAnswer = z.strictObject({ kind: z.nullable(z.enum(SSO_KINDS)) });
export type SsoProviderStaffAnswer = z.infer<typeof ssoProviderStaffAnswer>;

/** POST /api/auth/sso/logout: signed out here; the provider's end-session address, or null when it offers none. */
export const ssoSignOutAnswer = z.strictObject({ redirect: z.nullable(z.string()) });
export type SsoSignOutAnswer = z.infer<typeof ssoSignOutAnswer>;
