// Frozen once landed: never import app code here, never edit; add a new migration instead.
// lockDistrictWrites' rule as it was before 20261129_0152 (issue 34). With the district's version bumped
// only at the commit, a check-then-write transaction locking the version row no longer waited for the
// district's writers already under way: it ran its checks without their writes, they committed after it,
// and one of them waiting at its commit for the version row while holding a row the checker wanted was a
// deadlock (found after a second, then run again). Now every writer of a district, at its first write to
// the district's data, takes the district's writers' lock (a transaction-scoped advisory lock, namespace
// 7219) shared: writers never wait for one another on it, and lockDistrictWrites (db/locks.ts) takes it
// exclusively, so it waits until every writer under way has committed and holds off new ones until its
// own commit, as the version row held from the first write did. SQLite: nothing (one writer at a time).
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migrationHelpers';

/** 0152's note, with or without the shared lock. */
const note = (shareLock: boolean) => `create or replace function district_version_note(p_district bigint) returns void language plpgsql as $$
    declare
      noted text := coalesce(nullif(current_setting('coachwell.district_versions_noted', true), ''), ',');
    begin
      if position(',' || p_district::text || ',' in noted) > 0 then return; end if;
      ${shareLock ? 'perform pg_advisory_xact_lock_shared(7219, hashtext(p_district::text));' : ''}
      perform set_config('coachwell.district_versions_noted', noted || p_district::text || ',', true);
      insert into district_version_bumps (district_id) values (p_district);
    end $$`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql.raw(note(true)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql.raw(note(false)).execute(db);
}
