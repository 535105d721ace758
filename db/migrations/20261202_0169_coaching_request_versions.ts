// Frozen once landed: never import app code here, never edit; add a new migration instead.
// District versions for coaching requests (issue 29). The educator's home (GET /api/me/home, a kept answer)
// lists an educator's requests still waiting for a coach, so a request made, accepted, passed on or withdrawn
// must reach the next read: every write to coaching_requests now bumps the district's version as the covered
// tables do (20261127_0110), with 0163's bodies (SQLite row triggers; PostgreSQL statement triggers over
// transition tables taking the district's writers' lock shared, the version bumped at the commit).
// coaching_request_holders (who holds a request) is read by the requests' own list only and stays uncovered.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migrationHelpers';

const TABLES = ['coaching_requests'] as const;

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
export const COACHING_REQUEST_DISTRICT_VERSION_TABLES: readonly string[] = TABLES;
