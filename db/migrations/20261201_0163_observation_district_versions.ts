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
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migrationHelpers';

const TABLES = ['observation_forms', 'observation_form_versions', 'observation_form_items', 'observations', 'observation_answers'] as const;

function sqliteBump(district: string, condition = ''): string {
  return `insert into district_versions (district_id, version) select ${district}, 1 where ${district} is not null${condition}
          on conflict (district_id) do update set version = version + 1;`;
}

/** 0152's body for a table whose rows carry `district_id`. */
function noteBody(): string {
  const note = (source: string) => `perform district_version_note(d.district_id)
      from (select distinct x.district_id from (${source}) as x (district_id) where x.district_id is not null order by 1) d;`;
  return `if TG_OP = 'INSERT' then
        ${note('select r.district_id from new_rows r')}
      elsif TG_OP = 'DELETE' then
        ${note('select r.district_id from old_rows r')}
      else
        ${note('select r.district_id from new_rows r union select r.district_id from old_rows r')}
      end if;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) {
      await sql.raw(`create or replace function bump_district_versions_${table}() returns trigger language plpgsql as $$
        begin
          ${noteBody()}
          return null;
        end $$`).execute(db);
      const referencing = { insert: 'new table as new_rows', delete: 'old table as old_rows', update: 'old table as old_rows new table as new_rows' };
      for (const event of ['insert', 'update', 'delete'] as const) {
        await sql.raw(`create trigger ${table}_${event}_district_version after ${event} on ${table}
          referencing ${referencing[event]} for each statement execute function bump_district_versions_${table}()`).execute(db);
      }
      continue;
    }
    await sql.raw(`create trigger ${table}_insert_district_version after insert on ${table} begin
          ${sqliteBump('new.district_id')}
        end`).execute(db);
    await sql.raw(`create trigger ${table}_update_district_version after update on ${table} begin
          ${sqliteBump('new.district_id')}
          ${sqliteBump('old.district_id', ' and old.district_id is not new.district_id')}
        end`).execute(db);
    await sql.raw(`create trigger ${table}_delete_district_version after delete on ${table} begin
          ${sqliteBump('old.district_id')}
        end`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists ${table}_${event}_district_version${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
    }
    if (isPostgres(db)) await sql.raw(`drop function if exists bump_district_versions_${table}()`).execute(db);
  }
}

/** The tables whose writes this migration makes bump their district's version (server/lib/districtVersions.test.ts reads it). */
export const OBSERVATION_DISTRICT_VERSION_TABLES: readonly string[] = TABLES;
