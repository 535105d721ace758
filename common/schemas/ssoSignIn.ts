// Signing in with a district's own accounts (issue 30): the start call's body
// and the refusals the callback sends back to the login page (`?sso=<reason>`), in words.
import * as z from 'zod/mini';
import { SSO_KINDS } from '../ssoValues';
import { emailField } from './fields';

/**
 * `POST /api/auth/social`: an email (its domain finds the connection), a district and kind (a button), or
 * `{ area: 'admin' }`: Coachwell staff through the provider's own connection (PROVIDER_SSO_*).
 */
export const socialSignInSchema = z.union([
  z.strictObject({ email: emailField }),
  z.strictObject({ area: z.literal('admin', { error: 'Area must be admin.' }) }),
  z.strictObject({
    district_id: z.number({ error: 'District is required.' }).check(z.refine(Number.isInteger, 'District must be a whole number.'), z.positive('District is required.')),
    kind: z.enum(SSO_KINDS, { error: 'Choose Google, Microsoft, Clever, ClassLink or another OpenID Connect provider.' }),
  }),
], { error: 'Give your school email, or a district and a provider.' });
export type SocialSignInInput = z.infer<typeof socialSignInSchema>;

/** `GET /api/auth/sso/options?district=<slug>`: the login page's buttons for one district. */
export const ssoOptionsQuerySchema = z.object({
  district: z.string({ error: 'District is required.' }).check(z.minLength(1, 'District is required.'), z.maxLength(100, 'District is unknown.')),
});

export const SSO_MESSAGES = {
  noConnection: 'Your school account is not connected to Coachwell. Sign in with your password, or ask your district administrator to set up single sign-on.',
  passwordOff: 'Your district signs in with single sign-on. Use "Sign in with your school account" instead of a password.',
  staffPasswordOff: 'Coachwell staff sign in with their company account, not a password. Use the company account button on this page.',
  staffNotSetUp: 'Coachwell staff single sign-on is not set up on this server.',
} as const;

/** The callback's refusals: `?sso=<reason>` on the login page, and what the page says. */
export const SSO_REFUSALS = {
  'no-login': 'There is no Coachwell login for this school account in your district. Ask your district administrator to invite you, then sign in again.',
  deactivated: 'This Coachwell login has been deactivated. Contact your district administrator.',
  suspended: 'Your district\'s Coachwell account is suspended. Contact your district administrator.',
  'scheduled-for-deletion': 'Your district\'s Coachwell account is scheduled for deletion. To keep it, your district administrator can contact support@coachwell.example before then.',
  'unverified-email': 'Your school account\'s email address is not verified with your provider. Verify it there (or ask your IT team), then sign in again.',
  domain: 'This school account\'s email domain is not allowed for your district\'s single sign-on. Sign in with the school account your district gave you, or ask your district administrator.',
  state: 'This sign-in link has expired or was started in another browser. Start again with "Sign in with your school account".',
  cancelled: 'Sign-in was cancelled at your school account\'s provider. Start again when you are ready.',
  failed: 'We could not complete the sign-in with your school account. Start again; if it keeps failing, ask your district administrator to test the connection.',
  elsewhere: 'This email already signs in to Coachwell in another district. Ask your district administrator to move your login.',
} as const;
export type SsoRefusal = keyof typeof SSO_REFUSALS;

/** The same refusals on the Coachwell staff sign-in page (/admin/auth/login): the provider's own connection. */
export const PROVIDER_STAFF_SSO_REFUSALS: Partial<Record<SsoRefusal, string>> = {
  'no-login': 'There is no Coachwell staff login for this account. Ask a Coachwell administrator to add you under Users, then sign in again.',
  deactivated: 'This Coachwell staff login has been deactivated. Ask a Coachwell administrator.',
  'unverified-email': 'Your company account\'s email address is not verified with its provider. Verify it there, then sign in again.',
  domain: 'This account\'s email domain is not one Coachwell staff sign in with. Use your Coachwell company account.',
  state: 'This sign-in link has expired or was started in another browser. Start again from this page.',
  cancelled: 'Sign-in was cancelled at your company account\'s provider. Start again when you are ready.',
  failed: 'We could not complete the sign-in with your company account. Start again; if it keeps failing, ask whoever runs this Coachwell server to check its PROVIDER_SSO_ settings.',
};

/** What the login page of an area says for a refusal's `?sso=<reason>` (null for an unknown reason). */
export function ssoRefusalText(reason: string | null | undefined, area: 'app' | 'admin' = 'app'): string | null {
  if (!reason || !Object.hasOwn(SSO_REFUSALS, reason)) return null;
  const refusal = reason as SsoRefusal;
  return area === 'admin' ? PROVIDER_STAFF_SSO_REFUSALS[refusal] ?? PROVIDER_STAFF_SSO_REFUSALS.failed! : SSO_REFUSALS[refusal];
}
