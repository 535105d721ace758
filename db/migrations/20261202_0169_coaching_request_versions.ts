// Frozen once landed: never import app code here, never edit; add a new migration instead.
// District versions for coaching requests (issue 29). The educator's home (GET /api/me/home, a kept answer)
// lists an educator's requests still waiting for a coach, so a request made, accepted, passed on or withdrawn
// must reach the next read: every write to coaching_requests now bumps the district's version as the covered
// tables do (20261127_0110), with 0163's bodies (SQLite row triggers; PostgreSQL statement triggers over
// transition tables taking the district's writers' lock shared, the version bumped at the commit).
// coaching_request_holders (who holds a request) is read by the requests' own list only and stays uncovered.
import type { Kysely } from 'kysely';
import { districtVersionTriggers, dropDistrictVersionTriggers } from '../migrationHelpers';

const TABLES = ['coaching_requests'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await districtVersionTriggers(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await dropDistrictVersionTriggers(db, table);
}

/** The tables whose writes this migration makes bump their district's version (server/lib/districtVersions.test.ts reads it). */
export const COACHING_REQUEST_DISTRICT_VERSION_TABLES: readonly string[] = TABLES;
