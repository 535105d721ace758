// Reads and writes of signing in with a school account (issue 30). A sign-in starts before any district is
// known, so `connectionsForDomain` is the one read across districts (as the password sign-in's email lookup
// is); everything after it filters by the connection's district.
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import type { SsoKind } from '../../../common/ssoValues';
import { isEmailDomain } from '../../../common/ssoValues';
import { connectionsInForce } from '../../identity/signIn';

const CONNECTION_COLUMNS = [
  'id', 'district_id', 'kind', 'issuer', 'client_id', 'client_secret_sealed', 'domains', 'create_users', 'updated_at',
] as const;

export interface SignInConnection {
  id: number;
  district_id: number;
  kind: SsoKind;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  domains: string;
  create_users: number;
  updated_at: string;
}

/** The connection's allowed domains (a JSON array of lower-case domains; anything else is none). */
export function domainsOf(connection: Pick<SignInConnection, 'domains'>): string[] {
  try {
    const list: unknown = JSON.parse(connection.domains);
    return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

export const domainOfEmail = (email: string) => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

/** Every connection, in any district, that allows this email domain (the email-first start). */
export async function connectionsForDomain(db: DB, domain: string): Promise<SignInConnection[]> {
  if (!isEmailDomain(domain)) return [];
  // A domain holds only letters, digits, dots and hyphens: no LIKE wildcard or quote can be in it.
  const rows = await connectionsInForce(db).select(CONNECTION_COLUMNS)
    .where('domains', 'like', `%"${domain}"%`).orderBy('district_id').orderBy('id').execute();
  return rows.filter((row) => domainsOf(row).includes(domain));
}

export function connectionOfKind(db: DB, districtId: number, kind: SsoKind): Promise<SignInConnection | undefined> {
  return connectionsInForce(db).select(CONNECTION_COLUMNS)
    .where('district_id', '=', districtId).where('kind', '=', kind).executeTakeFirst();
}

export function connectionById(db: DB, districtId: number, id: number): Promise<SignInConnection | undefined> {
  return connectionsInForce(db).select(CONNECTION_COLUMNS)
    .where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
}

/** The login page's buttons: a district found by its slug, and the kinds it is connected to. */
export async function districtSignInOptions(db: DB, slug: string) {
  const district = await db.selectFrom('districts').select(['id', 'name']).where('slug', '=', slug).executeTakeFirst();
  if (!district) return undefined;
  const kinds = await connectionsInForce(db).select('kind').where('district_id', '=', district.id).orderBy('id').execute();
  return { district, kinds: kinds.map((k) => k.kind) };
}

/** The link of a provider's subject (unique across districts). */
export function findLink(db: DB, issuer: string, subject: string) {
  return db.selectFrom('sso_links').select(['id', 'district_id', 'user_id', 'connection_id'])
    .where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
}

export async function insertLink(db: DB, input: { districtId: number; userId: number; connectionId: number; issuer: string; subject: string; email: string }) {
  const now = nowIso();
  await db.insertInto('sso_links').values({
    district_id: input.districtId, user_id: input.userId, connection_id: input.connectionId, issuer: input.issuer,
    subject: input.subject, email_at_link: input.email, created_at: now, last_sign_in_at: now,
  }).execute();
}

export async function touchLink(db: DB, districtId: number, linkId: number) {
  await db.updateTable('sso_links').set({ last_sign_in_at: nowIso() })
    .where('district_id', '=', districtId).where('id', '=', linkId).execute();
}

export async function districtStatusOf(db: DB, districtId: number) {
  const row = await db.selectFrom('districts').select(['status', 'deletion_due_at']).where('id', '=', districtId).executeTakeFirst();
  // A district scheduled for deletion (issue 32) refuses sign-in whatever its status.
  return row?.deletion_due_at ? 'scheduled-for-deletion' : row?.status;
}
