// Single sign-on connections (issue 30): the values a screen shows, zod-free (the settings screen loads no zod
// for its labels). The request schemas are common/schemas/sso.ts.

export const SSO_KINDS = ['google', 'microsoft', 'clever', 'classlink', 'oidc'] as const;
export type SsoKind = (typeof SSO_KINDS)[number];

/** A kind's name as a person reads it (no logos). */
export const SSO_KIND_LABELS: Record<SsoKind, string> = {
  google: 'Google',
  microsoft: 'Microsoft Entra ID',
  clever: 'Clever',
  classlink: 'ClassLink',
  oidc: 'Other OpenID Connect provider',
};

/** A sign-in button's words per kind: "Sign in with Google" (beside the settings' longer labels above). */
export const SSO_KIND_NAMES: Record<SsoKind, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  clever: 'Clever',
  classlink: 'ClassLink',
  oidc: 'your school account',
};

/**
 * Each kind's issuer (the OpenID discovery base); Microsoft's names the district's tenant (its directory id, or
 * its domain), `{tenant}`; "other" asks for the whole address.
 */
export const SSO_ISSUER_PRESETS: Record<SsoKind, string | null> = {
  google: 'https://accounts.google.com',
  microsoft: 'https://login.microsoftonline.com/{tenant}/v2.0',
  clever: 'https://clever.com',
  classlink: 'https://launchpad.classlink.com',
  oidc: null,
};

/** Microsoft's issuer for a tenant (its directory id or primary domain). */
export function microsoftIssuer(tenant: string): string {
  return `https://login.microsoftonline.com/${encodeURIComponent(tenant.trim())}/v2.0`;
}

/** The tenant named in a Microsoft issuer, or null when the issuer is not Microsoft's form. */
export function microsoftTenantOf(issuer: string): string | null {
  const match = /^https:\/\/login\.microsoftonline\.com\/([^/]+)\/v2\.0\/?$/.exec(issuer);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The path of the address the provider sends people back to (the district's console needs it whole: APP_URL + this). */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

/** A lower-case email domain: labels of letters, digits and hyphens, at least one dot, a letter-only ending. */
export function isEmailDomain(value: string): boolean {
  return value.length <= 253 && /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value);
}

/** What a person typed as a domain, as stored: trimmed, lower-case, without a leading "@". */
export function normalizeDomain(value: string): string {
  return value.trim().replace(/^@/, '').toLowerCase();
}
