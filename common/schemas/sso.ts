// Single sign-on connections (issue 30): the request schemas of POST /api/district/sso and PUT /api/district/sso/{id},
// their messages, and the answer's shape. The rules that need the server's settings (an https issuer unless
// SSO_ALLOW_HTTP=1 outside production; a domain another district claims) are checked by the server with the same
// field names.
import * as z from 'zod/mini';
import { isEmailDomain, normalizeDomain, SSO_KINDS, type SsoKind } from '../ssoValues';
import { required } from './fields';

export { SSO_KINDS, type SsoKind } from '../ssoValues';

export const SSO_MESSAGES = {
  notFound: 'We could not find that sign-in connection.',
  kind: 'Kind must be one of google, microsoft, clever, classlink or oidc.',
  issuerUrl: 'Issuer must be a web address like https://accounts.google.com (no query or #).',
  issuerHttps: 'Issuer must start with https://.',
  domainsList: 'Domains must be a list of email domains, like district.org.',
  domainsEmpty: 'Add at least one email domain, like district.org.',
  domainsTooMany: 'A connection takes at most 20 email domains.',
  passwordLogin: 'Password sign-in must be true or false.',
  createUsers: 'Create logins on first sign-in must be true or false.',
  nothingToChange: 'Send at least one field to change.',
  providerOnly: 'Only Coachwell staff can do that here.',
} as const;

export const domainNotValid = (domain: string) => `"${domain}" is not an email domain (like district.org).`;
export const domainTaken = (domain: string) => `${domain} is already used by another district's sign-in connection.`;

const kindField = z.enum(SSO_KINDS, { error: SSO_MESSAGES.kind });

function isIssuerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.search === '' && url.hash === '' && url.username === '' && url.password === '' && !value.includes('{');
  } catch {
    return false;
  }
}

const issuerField = z.pipe(
  z.string({ error: required('Issuer') }).check(
    z.trim(),
    z.minLength(1, { error: required('Issuer'), abort: true }),
    z.maxLength(500, { error: 'Issuer must be at most 500 characters.', abort: true }),
    z.refine(isIssuerUrl, SSO_MESSAGES.issuerUrl),
  ),
  // One stored form: without a trailing slash (discovery appends /.well-known/openid-configuration).
  z.transform((v) => v.replace(/\/+$/, '')),
);

const clientIdField = z.string({ error: required('Client ID') }).check(
  z.trim(), z.minLength(1, required('Client ID')), z.maxLength(500, 'Client ID must be at most 500 characters.'),
);

/** Taken as typed (a secret may have any characters), at most 2 000. */
const clientSecretField = z.string({ error: required('Client secret') }).check(
  z.minLength(1, required('Client secret')), z.maxLength(2000, 'Client secret must be at most 2000 characters.'),
);

const domainsField = z.pipe(
  z.array(z.string({ error: SSO_MESSAGES.domainsList }), { error: SSO_MESSAGES.domainsList }),
  z.transform((list) => [...new Set(list.map(normalizeDomain).filter((d) => d !== ''))]),
).check(
  z.refine((list) => list.length > 0, SSO_MESSAGES.domainsEmpty),
  z.refine((list) => list.length <= 20, SSO_MESSAGES.domainsTooMany),
  z.superRefine((list, ctx) => {
    const bad = list.find((d) => !isEmailDomain(d));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: domainNotValid(bad), input: list });
  }),
);

/** POST /api/district/sso. */
export const ssoConnectionSchema = z.object({
  kind: kindField,
  issuer: issuerField,
  client_id: clientIdField,
  client_secret: clientSecretField,
  domains: domainsField,
  password_login: z._default(z.boolean({ error: SSO_MESSAGES.passwordLogin }), true),
  create_users: z._default(z.boolean({ error: SSO_MESSAGES.createUsers }), false),
});
export type SsoConnectionInput = z.infer<typeof ssoConnectionSchema>;

/** PUT /api/district/sso/{id}: any subset; an empty or absent client secret leaves the stored one. */
export const ssoConnectionChangeSchema = z.object({
  kind: z.optional(kindField),
  issuer: z.optional(issuerField),
  client_id: z.optional(clientIdField),
  client_secret: z.optional(z.pipe(
    z.nullable(z.string({ error: 'Client secret must be text.' }).check(z.maxLength(2000, 'Client secret must be at most 2000 characters.'))),
    z.transform((v) => (v === null || v === '' ? undefined : v)),
  )),
  domains: z.optional(domainsField),
  password_login: z.optional(z.boolean({ error: SSO_MESSAGES.passwordLogin })),
  create_users: z.optional(z.boolean({ error: SSO_MESSAGES.createUsers })),
});
export type SsoConnectionChange = z.infer<typeof ssoConnectionChangeSchema>;

/** The last "Test connection": when, whether it worked, and what it said in words. */
export interface SsoTestResult {
  at: string;
  ok: boolean;
  message: string;
}

/** A connection as answered (never its secret: `has_secret` says one is stored). */
export interface SsoConnection {
  id: number;
  kind: SsoKind;
  kind_label: string;
  issuer: string;
  client_id: string;
  has_secret: boolean;
  domains: string[];
  password_login: boolean;
  create_users: boolean;
  /** The address to paste into the provider's console (APP_URL + /api/auth/sso/callback). */
  redirect_uri: string;
  created_at: string;
  updated_at: string;
  last_test: SsoTestResult | null;
}
