// Frozen once landed: never import app code here, never edit; add a new migration instead.
// District versions for the observation tables (issue 28, "Speed"). The walkthrough report reads the
// observation forms, their versions and items, the observations and their answers; with these triggers every
// write to them bumps the district's version as the other covered tables do (20261127_0110), so the report can
// be kept (server/lib/keptAnswers.ts) and a form's edit, a completed observation, a share or a deletion is
// seen by the next request. SQLite: 0110's row triggers. PostgreSQL: 0110's statement triggers over
// transition tables with the body 0152/0153 gave every covered table (a note at the transaction's first write
// of the district, taking the district's writers' lock shared; the version bumped at the commit).
// observation_forms, observation_form_versions and observation_form_items have a null district_id for the
// provider's defaults: those rows bump nothing.
import type { Kysely } from 'kysely';
import { districtVersionTriggers, dropDistrictVersionTriggers } from '../migrationHelpers';

const TABLES = ['observation_forms', 'observation_form_versions', 'observation_form_items', 'observations', 'observation_answers'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await districtVersionTriggers(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await dropDistrictVersionTriggers(db, table);
}

/** The tables whose writes this migration makes bump their district's version (server/lib/districtVersions.test.ts reads it). */
export const OBSERVATION_DISTRICT_VERSION_TABLES: readonly string[] = TABLES;
