// Reads of a district's single sign-on connections (issue 30). Every read filters by district; another district's
// connection is simply not found.
import type { Selectable } from 'kysely';
import type { DB } from '../../../db/connection';
import type { SsoConnectionsTable } from '../../../db/types';

export type SsoConnectionRow = Selectable<SsoConnectionsTable>;

/** A district's connections, in the kinds' order of the settings screen. */
export async function listConnections(db: DB, districtId: number): Promise<SsoConnectionRow[]> {
  const rows = await db.selectFrom('sso_connections').selectAll().where('district_id', '=', districtId).orderBy('id').execute();
  const order = ['google', 'microsoft', 'clever', 'classlink', 'oidc'];
  return rows.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

export async function findConnection(db: DB, districtId: number, id: number): Promise<SsoConnectionRow | undefined> {
  return db.selectFrom('sso_connections').selectAll().where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
}

/** The domains other districts' connections claim (a domain finds one district's connection at sign-in). */
export async function domainsOfOtherDistricts(db: DB, districtId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('sso_connections').select('domains').where('district_id', '<>', districtId).execute();
  const out = new Set<string>();
  for (const row of rows) for (const domain of parseDomains(row.domains)) out.add(domain);
  return out;
}

/** The stored JSON array of domains; anything unreadable is no domain. */
export function parseDomains(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}
