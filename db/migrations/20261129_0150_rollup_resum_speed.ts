// Frozen once landed: never import app code here, never edit; add a new migration instead.
// The rollup triggers on PostgreSQL, faster and locking less (issue 34). 0120's (db/reportRollups.ts):
// - took 20–130 ms for an interaction's edit inside PostgreSQL: its row triggers sum a group again with
//   the groups' months given as sub-queries, and the planner, not knowing them, read every month of the
//   zone (732 rows) for each of the educators' participations. Here the four row triggers (an
//   interaction's update and deletion, a participant's update and deletion) work out the groups' key values
//   first, into arrays, then sum each of the (at most two) months again with its bounds as values: every
//   statement seeks an index by values (interactions by district, coach and start; participants by
//   interaction and educator), about 1 ms an edit. What they delete and sum is exactly what 0120's
//   statements did (server/features/reports/queries/rollups.test.ts).
// - made a district's rollup writers take turns on the district's version row, so every write of the
//   district (a rating, a cycle move) waited for every interaction edit. Every rollup group belongs to one
//   district and one coach, and a trigger writes only groups of the coaches of its rows (old and new), so
//   now each trigger takes a lock per (district, coach) instead (rollup_lock below): one coach's writes
//   take turns, each summing from what the other committed; other coaches' and other kinds of writes do
//   not wait. Rebuilding a district's rollups (a new timezone) locks the whole district's rollups.
// SQLite keeps its triggers (one writer at a time; no such plan).
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migrationHelpers';
import { addInteractions, createRollupTriggers, rebuildDistrict, ROLLUP_TRIGGERS } from '../reportRollups';

const COUNTED = `i.status = 'completed' and i.deleted_at is null`;

/** 0120's addParticipants over the statement's new participants (db/reportRollups.ts, not exported there). */
const ADD_NEW_PARTICIPANTS = `insert into report_participation_months (district_id, month, staff_id, building_id, coach_id, n, minutes, last_at)
    select district_id, month, staff_id, building_id, coach_id, count(*), sum(duration_minutes), max(starts_at) from (
      select i.district_id, rollup_month_of(i.district_id, i.starts_at) as month, p.staff_id,
        coalesce(i.building_id, 0) as building_id, i.coach_id, i.duration_minutes, i.starts_at
      from new_rows p join interactions i on i.id = p.interaction_id where ${COUNTED}
    ) x where month is not null
    group by district_id, month, staff_id, building_id, coach_id
    on conflict (district_id, month, staff_id, building_id, coach_id) do update
      set n = report_participation_months.n + excluded.n, minutes = report_participation_months.minutes + excluded.minutes,
        last_at = case when excluded.last_at > report_participation_months.last_at then excluded.last_at else report_participation_months.last_at end;`;

/** The four replaced trigger functions' bodies (the triggers, and their WHEN conditions, stay as 0120 made them). */
const BODIES: Record<string, string> = {
  // Statement triggers over the new rows, as 0120's, now taking their (district, coach) locks first.
  interactions_insert_rollup: `
    perform rollup_lock(array(select distinct r.district_id from new_rows r), array(select distinct r.coach_id from new_rows r));
    ${addInteractions('new_rows')}
    return null;`,
  interaction_participants_insert_rollup: `
    perform rollup_lock(array(select distinct i.district_id from new_rows r join interactions i on i.id = r.interaction_id),
      array(select distinct i.coach_id from new_rows r join interactions i on i.id = r.interaction_id));
    ${ADD_NEW_PARTICIPANTS}
    return null;`,
  districts_update_rollup: `
    perform rollup_lock_all(new.id);
    ${rebuildDistrict('new.id')}
    return null;`,
  interactions_update_rollup: `
    perform rollup_lock(array[old.district_id, new.district_id], array[old.coach_id, new.coach_id]);
    perform rollup_resum(array[old.district_id, new.district_id],
      array[rollup_month_of(old.district_id, old.starts_at), rollup_month_of(new.district_id, new.starts_at)],
      array[old.interaction_type_id, new.interaction_type_id], array[coalesce(old.building_id, 0), coalesce(new.building_id, 0)],
      array[old.coach_id, new.coach_id], array(select p.staff_id from interaction_participants p where p.interaction_id = old.id), null, true);
    return null;`,
  // A district's own deletion (its row already gone when its interactions cascade) needs no sums: districts_delete_rollup empties them.
  interactions_delete_rollup: `
    if exists (select 1 from districts where id = old.district_id) then
      perform rollup_lock(array[old.district_id], array[old.coach_id]);
      perform rollup_resum(array[old.district_id], array[rollup_month_of(old.district_id, old.starts_at)],
        array[old.interaction_type_id], array[coalesce(old.building_id, 0)], array[old.coach_id],
        array(select p.staff_id from interaction_participants p where p.interaction_id = old.id), old.id, true);
    end if;
    return old;`,
  interaction_participants_update_rollup: `
    select i.district_id, i.starts_at, coalesce(i.building_id, 0) as building_id, i.coach_id into a from interactions i where i.id = old.interaction_id;
    select i.district_id, i.starts_at, coalesce(i.building_id, 0) as building_id, i.coach_id into b from interactions i where i.id = new.interaction_id;
    perform rollup_lock(array[old.district_id, new.district_id], array[a.coach_id, b.coach_id]);
    perform rollup_resum(array[old.district_id, new.district_id],
      array[rollup_month_of(a.district_id, a.starts_at), rollup_month_of(b.district_id, b.starts_at)],
      null, array[a.building_id, b.building_id], array[a.coach_id, b.coach_id], array[old.staff_id, new.staff_id], null, false);
    return null;`,
  interaction_participants_delete_rollup: `
    if exists (select 1 from districts where id = old.district_id) then
      select i.district_id, i.starts_at, coalesce(i.building_id, 0) as building_id, i.coach_id into a from interactions i where i.id = old.interaction_id;
      perform rollup_lock(array[old.district_id], array[a.coach_id]);
      perform rollup_resum(array[old.district_id], array[rollup_month_of(a.district_id, a.starts_at)],
        null, array[a.building_id], array[a.coach_id], array[old.staff_id], null, false);
    end if;
    return null;`,
};

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  // The zone month (YYYY-MM) of instant p_at in district p_district's timezone; NULL outside zone_months or for a missing district.
  await sql.raw(`create or replace function rollup_month_of(p_district bigint, p_at text) returns text language sql stable as $$
    select zm.month from zone_months zm
    where zm.timezone = (select d.timezone from districts d where d.id = p_district) and zm.starts_at <= p_at and zm.ends_at > p_at
    order by zm.starts_at desc limit 1 $$`).execute(db);
  // Who may touch which rollup groups at once: every group belongs to one district and one coach, and a
  // trigger sums or adds only groups of the coaches of the rows it writes (old and new). So a writer takes
  // its district's rollup lock shared and each (district, coach) lock exclusively, in order, until its
  // commit: two writers of one coach's interactions take turns (each sums from rows the other has
  // committed), while other coaches' writes go on side by side. Rebuilding a district's rollups (a new
  // timezone) takes the district's lock exclusively: it waits for every writer of the district's rollups.
  // Transaction-scoped advisory locks (namespaces 7217 and 7218; db/locks.ts uses 7216, imports 7215).
  await sql.raw(`create or replace function rollup_lock(p_districts bigint[], p_coaches bigint[]) returns void language plpgsql as $$
    declare
      k record;
    begin
      for k in select distinct d from unnest(p_districts) d where d is not null order by d loop
        perform pg_advisory_xact_lock_shared(7217, hashtext(k.d::text));
      end loop;
      for k in select distinct d, c from unnest(p_districts) d, unnest(p_coaches) c where d is not null and c is not null order by d, c loop
        perform pg_advisory_xact_lock(7218, hashtext(k.d::text || ':' || k.c::text));
      end loop;
    end $$`).execute(db);
  await sql.raw(`create or replace function rollup_lock_all(p_district bigint) returns void language sql as $$
    select pg_advisory_xact_lock(7217, hashtext(p_district::text)) $$`).execute(db);
  // Sums again the groups of every combination of the key values given (0120's resumInteractions when
  // p_interactions, and resumParticipations), leaving out interaction p_without (one being deleted).
  await sql.raw(`create or replace function rollup_resum(p_districts bigint[], p_months text[], p_types bigint[], p_buildings bigint[],
      p_coaches bigint[], p_staff bigint[], p_without bigint, p_interactions boolean) returns void language plpgsql as $$
    declare
      m record;
    begin
      if p_interactions then
        delete from report_interaction_months where district_id = any(p_districts) and month = any(p_months)
          and interaction_type_id = any(p_types) and building_id = any(p_buildings) and coach_id = any(p_coaches);
      end if;
      delete from report_participation_months where district_id = any(p_districts) and month = any(p_months)
        and staff_id = any(p_staff) and building_id = any(p_buildings) and coach_id = any(p_coaches);
      for m in select distinct d.id as district_id, zm.month, zm.starts_at, zm.ends_at
          from districts d join zone_months zm on zm.timezone = d.timezone and zm.month = any(p_months)
          where d.id = any(p_districts) loop
        if p_interactions then
          insert into report_interaction_months (district_id, month, interaction_type_id, building_id, coach_id, n, minutes)
            select i.district_id, m.month, i.interaction_type_id, coalesce(i.building_id, 0), i.coach_id, count(*), sum(i.duration_minutes)
            from interactions i
            where i.district_id = m.district_id and i.coach_id = any(p_coaches) and i.starts_at >= m.starts_at and i.starts_at < m.ends_at
              and i.interaction_type_id = any(p_types) and coalesce(i.building_id, 0) = any(p_buildings)
              and ${COUNTED} and i.id is distinct from p_without
            group by i.district_id, i.interaction_type_id, coalesce(i.building_id, 0), i.coach_id;
        end if;
        insert into report_participation_months (district_id, month, staff_id, building_id, coach_id, n, minutes, last_at)
          select i.district_id, m.month, p.staff_id, coalesce(i.building_id, 0), i.coach_id, count(*), sum(i.duration_minutes), max(i.starts_at)
          from interactions i join interaction_participants p on p.interaction_id = i.id
          where i.district_id = m.district_id and i.coach_id = any(p_coaches) and i.starts_at >= m.starts_at and i.starts_at < m.ends_at
            and coalesce(i.building_id, 0) = any(p_buildings) and p.district_id = any(p_districts) and p.staff_id = any(p_staff)
            and ${COUNTED} and i.id is distinct from p_without
          group by i.district_id, p.staff_id, coalesce(i.building_id, 0), i.coach_id;
      end loop;
    end $$`).execute(db);
  for (const [name, body] of Object.entries(BODIES)) {
    await sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      declare
        a record;
        b record;
      begin
        ${body}
      end $$`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  // 0120's triggers and functions again, as it made them.
  for (const { name, table } of ROLLUP_TRIGGERS) {
    await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  await createRollupTriggers(db);
  await sql.raw('drop function if exists rollup_resum(bigint[], text[], bigint[], bigint[], bigint[], bigint[], bigint, boolean)').execute(db);
  await sql.raw('drop function if exists rollup_lock(bigint[], bigint[])').execute(db);
  await sql.raw('drop function if exists rollup_lock_all(bigint)').execute(db);
  await sql.raw('drop function if exists rollup_month_of(bigint, text)').execute(db);
}
