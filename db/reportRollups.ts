// The reports' monthly rollups (issue 11, Performance; migration 20261127_0120_report_rollups). Two tables
// hold a district's counted interactions (completed, not deleted) summed per calendar month of the
// district's timezone, kept in step with every write by triggers in the writing transaction, by any
// process:
// - report_interaction_months: per (month, type, school, coach): count and minutes;
// - report_participation_months: per (month, educator, school, coach): count, minutes, latest start.
// A school of 0 is "no school" (a key column cannot be NULL). The month of an instant is read from
// zone_months (the local midnights the months of a timezone start at, 2000-01 … 2060-12, written by
// the app: ensureZoneMonths), so SQLite's triggers need no timezone arithmetic.
//
// How the triggers keep the sums: a new counted interaction or participant adds to its group; any other
// change (an edit of a date, status, type, school, coach or length; a deletion; a participant removed or
// moved) deletes the groups the old and the new row belong to and sums them again from the rows themselves,
// so a group is always exactly what a query over the raw rows gives (server/features/reports/queries/
// rollups.test.ts checks it after every kind of write). A district's new timezone rebuilds its rollups.
// SQLite: row triggers. PostgreSQL: inserts are statement triggers over the new rows (a bulk insert sums
// once); updates and deletions are row triggers with SQLite's statements. An interaction's deletion is
// BEFORE DELETE on both, while its participants still exist.
// Frozen with the migration that uses it: change the triggers in a new migration. On PostgreSQL, migration
// 20261129_0150 has since replaced these triggers' bodies (the same sums, by values) and their locking (a
// lock per district and coach, not the district's version row): what createPostgresTriggers says of locks
// is 0120's.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from './migrationHelpers';

const COUNTED = (i: string) => `${i}.status = 'completed' and ${i}.deleted_at is null`;

// A group's month bounds, written so that no planner seeks zone_months by them (`|| ''`): the months of
// the groups are found by their primary key (zone, month) from the lists; seeking zone_months_starts_idx
// with each interaction's start instead read every earlier month of the zone, row after row (53 ms an
// edit on PostgreSQL over three school years).
const MONTH_START = `(zm.starts_at || '')`;
const MONTH_END = `(zm.ends_at || '')`;

/** The zone month (YYYY-MM) of instant `at` in district `district`'s timezone; NULL outside zone_months. */
const monthOf = (district: string, at: string) => `(select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = ${district}) and zm.starts_at <= ${at} and zm.ends_at > ${at}
  order by zm.starts_at desc limit 1)`;

/** Interactions columns as a one-row source of NEW or OLD (SQLite triggers, PostgreSQL row triggers). */
const interactionRow = (row: 'new' | 'old') => `(select ${['id', 'district_id', 'starts_at', 'coach_id', 'building_id', 'interaction_type_id', 'duration_minutes', 'status', 'deleted_at']
  .map((c) => `${row}.${c} as ${c}`).join(', ')})`;

/** Participant columns as a one-row source of NEW or OLD. */
const participantRow = (row: 'new' | 'old') => `(select ${row}.interaction_id as interaction_id, ${row}.staff_id as staff_id)`;

/** Adds interactions `source` (rows of interactions) to both rollups: new rows, or a district rebuilt from empty. */
export function addInteractions(source: string): string {
  return `insert into report_interaction_months (district_id, month, interaction_type_id, building_id, coach_id, n, minutes)
    select district_id, month, interaction_type_id, building_id, coach_id, count(*), sum(duration_minutes) from (
      select r.district_id, ${monthOf('r.district_id', 'r.starts_at')} as month, r.interaction_type_id,
        coalesce(r.building_id, 0) as building_id, r.coach_id, r.duration_minutes
      from ${source} r where ${COUNTED('r')}
    ) x where month is not null
    group by district_id, month, interaction_type_id, building_id, coach_id
    on conflict (district_id, month, interaction_type_id, building_id, coach_id) do update
      set n = report_interaction_months.n + excluded.n, minutes = report_interaction_months.minutes + excluded.minutes;
  ${addParticipants(`(select p.interaction_id, p.staff_id from ${source} s join interaction_participants p on p.interaction_id = s.id)`)}`;
}

/** Adds participants `source` (interaction_id, staff_id) of counted interactions to the participation rollup. */
function addParticipants(source: string): string {
  return `insert into report_participation_months (district_id, month, staff_id, building_id, coach_id, n, minutes, last_at)
    select district_id, month, staff_id, building_id, coach_id, count(*), sum(duration_minutes), max(starts_at) from (
      select i.district_id, ${monthOf('i.district_id', 'i.starts_at')} as month, p.staff_id,
        coalesce(i.building_id, 0) as building_id, i.coach_id, i.duration_minutes, i.starts_at
      from ${source} p join interactions i on i.id = p.interaction_id where ${COUNTED('i')}
    ) x where month is not null
    group by district_id, month, staff_id, building_id, coach_id
    on conflict (district_id, month, staff_id, building_id, coach_id) do update
      set n = report_participation_months.n + excluded.n, minutes = report_participation_months.minutes + excluded.minutes,
        last_at = case when excluded.last_at > report_participation_months.last_at then excluded.last_at else report_participation_months.last_at end;`;
}

/**
 * The groups to sum again, as one SQL list per key column, of a row trigger's old and new row's own values
 * (so that nothing is evaluated per candidate row). Every combination of the lists is summed again: a
 * superset of the changed groups (at most 32 per educator), so that both statements seek the primary key
 * and the indexes by lists of values.
 */
interface GroupLists { district_id: string; month: string; interaction_type_id: string; building_id: string; coach_id: string; staff_id: string }

/** The lists of a row trigger on interactions: `rows` are 'old' and/or 'new'. */
function interactionLists(rows: ('old' | 'new')[]): GroupLists {
  const list = (value: (row: string) => string) => `(${[...new Set(rows.map(value))].join(', ')})`;
  return {
    district_id: list((r) => `${r}.district_id`),
    month: list((r) => monthOf(`${r}.district_id`, `${r}.starts_at`)),
    interaction_type_id: list((r) => `${r}.interaction_type_id`),
    building_id: list((r) => `coalesce(${r}.building_id, 0)`),
    coach_id: list((r) => `${r}.coach_id`),
    staff_id: `(select p.staff_id from interaction_participants p where p.interaction_id = ${rows[0]}.id)`,
  };
}

/** The lists of a row trigger on interaction_participants, through each row's interaction. */
function participantLists(rows: ('old' | 'new')[]): GroupLists {
  const of = (r: string, expression: string) => `(select ${expression} from interactions i where i.id = ${r}.interaction_id)`;
  const list = (value: (row: string) => string) => `(${rows.map(value).join(', ')})`;
  return {
    district_id: list((r) => `${r}.district_id`),
    month: list((r) => of(r, monthOf('i.district_id', 'i.starts_at'))),
    interaction_type_id: list((r) => of(r, 'i.interaction_type_id')),
    building_id: list((r) => of(r, 'coalesce(i.building_id, 0)')),
    coach_id: list((r) => of(r, 'i.coach_id')),
    staff_id: list((r) => `${r}.staff_id`),
  };
}

/** Sums again the interaction groups and the participation groups of `lists`, leaving out interaction `without` (one being deleted). */
function resumInteractions(lists: GroupLists, without?: string): string {
  return `delete from report_interaction_months where district_id in ${lists.district_id} and month in ${lists.month}
      and interaction_type_id in ${lists.interaction_type_id} and building_id in ${lists.building_id} and coach_id in ${lists.coach_id};
    insert into report_interaction_months (district_id, month, interaction_type_id, building_id, coach_id, n, minutes)
      select i.district_id, zm.month, i.interaction_type_id, coalesce(i.building_id, 0), i.coach_id, count(*), sum(i.duration_minutes)
      from zone_months zm
      join districts d on d.timezone = zm.timezone
      join interactions i on i.district_id = d.id and i.starts_at >= ${MONTH_START} and i.starts_at < ${MONTH_END}
      where zm.month in ${lists.month} and d.id in ${lists.district_id} and i.coach_id in ${lists.coach_id}
        and i.interaction_type_id in ${lists.interaction_type_id} and coalesce(i.building_id, 0) in ${lists.building_id}
        and ${COUNTED('i')} ${without ? `and i.id <> ${without}` : ''}
      group by i.district_id, zm.month, i.interaction_type_id, coalesce(i.building_id, 0), i.coach_id;
    ${resumParticipations(lists, without)}`;
}

/** Sums again the participation groups of `lists` (every type), from the educators' participations. */
function resumParticipations(lists: GroupLists, without?: string): string {
  return `delete from report_participation_months where district_id in ${lists.district_id} and month in ${lists.month}
      and staff_id in ${lists.staff_id} and building_id in ${lists.building_id} and coach_id in ${lists.coach_id};
    insert into report_participation_months (district_id, month, staff_id, building_id, coach_id, n, minutes, last_at)
      select i.district_id, zm.month, p.staff_id, coalesce(i.building_id, 0), i.coach_id, count(*), sum(i.duration_minutes), max(i.starts_at)
      from interaction_participants p
      join interactions i on i.id = p.interaction_id
      join districts d on d.id = i.district_id
      join zone_months zm on zm.timezone = d.timezone and zm.month in ${lists.month}
      where p.district_id in ${lists.district_id} and p.staff_id in ${lists.staff_id}
        and i.coach_id in ${lists.coach_id} and coalesce(i.building_id, 0) in ${lists.building_id}
        and i.starts_at >= ${MONTH_START} and i.starts_at < ${MONTH_END}
        and ${COUNTED('i')} ${without ? `and i.id <> ${without}` : ''}
      group by i.district_id, zm.month, p.staff_id, coalesce(i.building_id, 0), i.coach_id;`;
}

/** Runs SQL text of several statements (these builders' output), one statement at a time. */
export async function runStatements(db: Kysely<any>, text: string): Promise<void> {
  for (const statement of text.split(';').map((s) => s.trim()).filter(Boolean)) await sql.raw(statement).execute(db);
}

/** Empties and refills district `district`'s rollups from its rows (a new timezone, new zone months). */
export function rebuildDistrict(district: string): string {
  return `delete from report_interaction_months where district_id = ${district};
    delete from report_participation_months where district_id = ${district};
    ${addInteractions(`(select * from interactions where district_id = ${district})`)}`;
}

/** Columns whose change moves an interaction between groups or in or out of the counted ones. */
const GROUPED = ['starts_at', 'status', 'deleted_at', 'interaction_type_id', 'building_id', 'coach_id', 'duration_minutes', 'district_id'];

export async function createRollupTriggers(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return createPostgresTriggers(db);
  const changed = GROUPED.map((c) => `old.${c} is not new.${c}`).join(' or ');
  const statements: [string, string][] = [
    ['interactions_insert_rollup', `after insert on interactions begin ${addInteractions(interactionRow('new'))} end`],
    ['interactions_update_rollup', `after update on interactions when ${changed} begin ${resumInteractions(interactionLists(['old', 'new']))} end`],
    // A district's own deletion (its row already gone when its interactions cascade) needs no sums: districts_delete_rollup empties them.
    ['interactions_delete_rollup', `before delete on interactions when exists (select 1 from districts where id = old.district_id)
      begin ${resumInteractions(interactionLists(['old']), 'old.id')} end`],
    ['interaction_participants_insert_rollup', `after insert on interaction_participants begin ${addParticipants(participantRow('new'))} end`],
    // Only a participant moved to another interaction, educator or district changes a sum (a group's deletion sets group_id to NULL on many rows).
    ['interaction_participants_update_rollup', `after update on interaction_participants
      when old.interaction_id is not new.interaction_id or old.staff_id is not new.staff_id or old.district_id is not new.district_id
      begin ${resumParticipations(participantLists(['old', 'new']))} end`],
    ['interaction_participants_delete_rollup', `after delete on interaction_participants when exists (select 1 from districts where id = old.district_id)
      begin ${resumParticipations(participantLists(['old']))} end`],
    ['districts_update_rollup', `after update of timezone on districts when old.timezone is not new.timezone begin ${rebuildDistrict('new.id')} end`],
    ['districts_delete_rollup', `after delete on districts begin
      delete from report_interaction_months where district_id = old.id;
      delete from report_participation_months where district_id = old.id; end`],
  ];
  for (const [name, body] of statements) await sql.raw(`create trigger ${name} ${body}`).execute(db);
}

/**
 * PostgreSQL: inserts are statement triggers over transition tables (a bulk insert sums its rows in one
 * statement), named to fire after the district-version trigger of the same table and event (alphabetical
 * order), so writers of one district wait on its version row before they touch its rollups. Updates and
 * deletions are row triggers with the statements of SQLite's (a statement trigger's queries over
 * transition tables are planned anew on every call: about 9 ms an edit); row triggers fire before
 * statement ones, so these take the version row themselves first. An interaction's deletion is BEFORE
 * DELETE, as on SQLite: after it, its participants are gone.
 */
async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  // The row triggers take their district's version row first, as the statement triggers' district-version
  // trigger has by the time they run: writers of one district then touch its rollups one at a time.
  const lockVersion = (district: string) => `insert into district_versions (district_id, version) values (${district}, 1)
    on conflict (district_id) do update set version = district_versions.version + 1;`;
  const changed = GROUPED.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  const inDistrict = (district: string, body: string) => `if exists (select 1 from districts where id = ${district}) then ${lockVersion(district)} ${body} end if;`;
  const functions: [string, string, string][] = [
    ['interactions_insert_rollup', 'after insert on interactions referencing new table as new_rows for each statement', addInteractions('new_rows')],
    ['interactions_update_rollup', `after update on interactions for each row when (${changed})`,
      `${lockVersion('new.district_id')} ${resumInteractions(interactionLists(['old', 'new']))}`],
    ['interactions_delete_rollup', 'before delete on interactions for each row', inDistrict('old.district_id', resumInteractions(interactionLists(['old']), 'old.id'))],
    ['interaction_participants_insert_rollup', 'after insert on interaction_participants referencing new table as new_rows for each statement', addParticipants('new_rows')],
    ['interaction_participants_update_rollup', `after update on interaction_participants for each row
      when (old.interaction_id is distinct from new.interaction_id or old.staff_id is distinct from new.staff_id or old.district_id is distinct from new.district_id)`,
      `${lockVersion('new.district_id')} ${resumParticipations(participantLists(['old', 'new']))}`],
    ['interaction_participants_delete_rollup', 'after delete on interaction_participants for each row', inDistrict('old.district_id', resumParticipations(participantLists(['old'])))],
    ['districts_update_rollup', 'after update of timezone on districts for each row when (old.timezone is distinct from new.timezone)',
      `${lockVersion('new.id')} ${rebuildDistrict('new.id')}`],
    ['districts_delete_rollup', 'after delete on districts for each row',
      'delete from report_interaction_months where district_id = old.id; delete from report_participation_months where district_id = old.id;'],
  ];
  for (const [name, when, body] of functions) {
    // A BEFORE row trigger returns the row to go on deleting it; AFTER triggers' results are ignored.
    await sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin
        ${body}
        return ${when.startsWith('before') ? 'old' : 'null'};
      end $$`).execute(db);
    await sql.raw(`create trigger ${name} ${when} execute function ${name}()`).execute(db);
  }
}

export const ROLLUP_TRIGGERS: readonly { name: string; table: string }[] = [
  { name: 'interactions_insert_rollup', table: 'interactions' },
  { name: 'interactions_update_rollup', table: 'interactions' },
  { name: 'interactions_delete_rollup', table: 'interactions' },
  { name: 'interaction_participants_insert_rollup', table: 'interaction_participants' },
  { name: 'interaction_participants_update_rollup', table: 'interaction_participants' },
  { name: 'interaction_participants_delete_rollup', table: 'interaction_participants' },
  { name: 'districts_update_rollup', table: 'districts' },
  { name: 'districts_delete_rollup', table: 'districts' },
];

/** The rollup tables: written only by the triggers above, so always alongside a write to interactions, participants or districts. */
export const ROLLUP_TABLES: readonly string[] = ['report_interaction_months', 'report_participation_months'];
