// The walkthrough report's monthly rollups (issue 28, "Speed"; migration 20261202_0164_walkthrough_rollups).
// An observation counts in the walkthrough report while it is completed, not deleted, not a calibration
// observation (decision 0015) and its interaction counts (completed, not deleted, of the same district). Three
// tables, kept in step with every write by triggers in the writing transaction, by any process:
// - report_observation_keys: the ledger, one row per counted observation: its group key as the rollups hold it
//   (district, form, month of its interaction's start in the district's timezone, the interaction's school (0:
//   none) and coach, the observation's school (0: none), `moved` (1 when the observation's time is not its
//   interaction's: someone moved the interaction in Activity) and the educator);
// - report_observation_months: counted observations per (district, form, month, school, coach, observation's
//   school, moved, educator): the observations, educators and classrooms of the report;
// - report_observation_answer_months: their answers per (district, form, month, school, coach, observation's
//   school, item, value): how often each value was given; a text item's answers are counted as '""' (given) or
//   'null' (left empty), every other kind by its JSON value (a number item's average is worked out from them).
// How the triggers keep them: the rollups always hold, for each ledger row, its observation and its answers
// as they are now, at the ledger's key. A write to an observation or its interaction works the observation's key
// out again from the rows ("refresh"): when it differs from the ledger's, the observation and its answers leave
// the old key's groups and the ledger row goes; when the observation counts and has no ledger row, it and its
// answers join the new key's groups and the row is written. An answer written or deleted joins or leaves its
// observation's ledger key, if it has one. So nothing depends on the order cascades and triggers run in
// (server/features/reports/queries/walkthroughRollups.test.ts compares the tables with the rows after every
// kind of write). A district's new timezone, or new zone months (db/zoneMonths.ts), rebuild its rollups.
// SQLite: row triggers. PostgreSQL: row triggers calling plpgsql functions with the same statements, each
// refresh locking its observations' rows first (an answer's trigger locks its observation's row shared), so a
// refresh never misses an answer another transaction is writing; a rebuild takes the district's writers' lock
// (7219, 20261129_0153) exclusively.
// Frozen with the migration that uses it: change the triggers in a new migration.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from './migrationHelpers';

/** The group columns every table shares (the answer and observation tables add theirs). */
const PREFIX = ['district_id', 'form_id', 'month', 'building_id', 'coach_id', 'obs_building_id'] as const;
const OBS_KEY = [...PREFIX, 'moved', 'staff_id'] as const;
const ANSWER_KEY = [...PREFIX, 'item_id', 'value'] as const;

const cols = (alias: string, list: readonly string[]) => list.map((c) => `${alias}.${c}`).join(', ');
const positions = (n: number) => Array.from({ length: n }, (_, k) => String(k + 1)).join(', ');

/** The zone month (YYYY-MM) of instant `at` in district `district`'s timezone; NULL outside zone_months. */
const monthOf = (district: string, at: string) => `(select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = ${district}) and zm.starts_at <= ${at} and zm.ends_at > ${at}
  order by zm.starts_at desc limit 1)`;

/** An answer's counted value: a text item's as given ('""') or not ('null'), any other kind's JSON value. */
const valueOf = (kind: string, value: string) => `case when ${kind} = 'text' and ${value} <> 'null' then '""' else ${value} end`;

/** The current keys of the observations whose id passes `idIn`: only those that count, in a month of zone_months. */
function current(idIn: (column: string) => string): string {
  return `select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, ${monthOf('o.district_id', 'i.starts_at')} as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where ${idIn('o.id')} and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null`;
}

const upsertAnswers = `on conflict (${ANSWER_KEY.join(', ')}) do update set n = report_observation_answer_months.n + excluded.n`;
const upsertObservations = `on conflict (${OBS_KEY.join(', ')}) do update set n = report_observation_months.n + excluded.n`;

/** Adds (sign 1) or takes away (-1) the observations of `keys` (rows of the ledger's columns) and all their answers. */
function moveGroups(keys: string, sign: 1 | -1): string {
  return `insert into report_observation_answer_months (${ANSWER_KEY.join(', ')}, n)
      select ${cols('k', PREFIX)}, a.item_id, ${valueOf('it.kind', 'a.value')}, ${sign} * count(*)
      from (${keys}) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by ${positions(ANSWER_KEY.length)}
      ${upsertAnswers};
    insert into report_observation_months (${OBS_KEY.join(', ')}, n)
      select ${cols('k', OBS_KEY)}, ${sign} * count(*) from (${keys}) k where true group by ${positions(OBS_KEY.length)}
      ${upsertObservations};`;
}

/**
 * Works the keys of the observations passing `idIn` out again from the rows: those whose ledger key is no longer
 * theirs leave it (with their answers), those that count without a ledger row join their key.
 */
export function refresh(idIn: (column: string) => string, postgres = false): string {
  const same = OBS_KEY.map((c) => `c.${c} = k.${c}`).join(' and ');
  const leaving = `select k.* from report_observation_keys k where ${idIn('k.observation_id')}
    and not exists (select 1 from (${current(idIn)}) c where c.observation_id = k.observation_id and ${same})`;
  const arriving = `select c.* from (${current(idIn)}) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)`;
  // The emptied groups and the ledger rows left: PostgreSQL's planner seeks them by key from the (few) leaving
  // rows only when told to join (DELETE … USING); a row value IN (subquery) read the whole table each time.
  const deletions = postgres
    ? `delete from report_observation_answer_months t using (${leaving}) l where t.n = 0 and ${PREFIX.map((c) => `t.${c} = l.${c}`).join(' and ')};
    delete from report_observation_months t using (${leaving}) l where t.n = 0 and ${OBS_KEY.map((c) => `t.${c} = l.${c}`).join(' and ')};
    delete from report_observation_keys t using (${leaving}) l where t.observation_id = l.observation_id;`
    : `delete from report_observation_answer_months where n = 0 and (${PREFIX.join(', ')}) in (select ${cols('l', PREFIX)} from (${leaving}) l);
    delete from report_observation_months where n = 0 and (${OBS_KEY.join(', ')}) in (select ${cols('l', OBS_KEY)} from (${leaving}) l);
    delete from report_observation_keys where observation_id in (select l.observation_id from (${leaving}) l);`;
  return `${moveGroups(leaving, -1)}
    ${deletions}
    ${moveGroups(arriving, 1)}
    insert into report_observation_keys (observation_id, ${OBS_KEY.join(', ')})
      select a.observation_id, ${cols('a', OBS_KEY)} from (${arriving}) a where true;`;
}

/** One answer (a row trigger's `row`: new or old) joining (1) or leaving (-1) its observation's ledger key, if it has one. */
function answer(row: 'new' | 'old', sign: 1 | -1, postgres = false): string {
  const add = `insert into report_observation_answer_months (${ANSWER_KEY.join(', ')}, n)
      select ${cols('k', PREFIX)}, ${row}.item_id, ${valueOf('it.kind', `${row}.value`)}, ${sign}
      from report_observation_keys k join observation_form_items it on it.id = ${row}.item_id where k.observation_id = ${row}.observation_id
      ${upsertAnswers};`;
  if (sign > 0) return add;
  if (postgres) {
    return `${add}
    delete from report_observation_answer_months t using report_observation_keys k
      where k.observation_id = ${row}.observation_id and t.n = 0 and t.item_id = ${row}.item_id and ${PREFIX.map((c) => `t.${c} = k.${c}`).join(' and ')};`;
  }
  return `${add}
    delete from report_observation_answer_months where n = 0 and item_id = ${row}.item_id
      and (${PREFIX.join(', ')}) in (select ${cols('k', PREFIX)} from report_observation_keys k where k.observation_id = ${row}.observation_id);`;
}

/** Empties and refills district `district`'s walkthrough rollups from its rows (a new timezone, new zone months). */
export function rebuildDistrict(district: string, postgres = false): string {
  return `delete from report_observation_answer_months where district_id = ${district};
    delete from report_observation_months where district_id = ${district};
    delete from report_observation_keys where district_id = ${district};
    ${refresh((c) => `${c} in (select ob.id from observations ob where ob.district_id = ${district})`, postgres)}`;
}

/** Every district's rollups from the rows (the migration's backfill, on empty tables). */
export const BACKFILL = (postgres: boolean) => refresh((c) => `${c} = ${c}`, postgres);

/** Observations columns whose change can move an observation between groups or in or out of the counted ones. */
const OBSERVATION_COLUMNS = ['district_id', 'form_id', 'staff_id', 'interaction_id', 'building_id', 'status', 'observed_at', 'calibration_id', 'deleted_at'];
/** Interactions columns the key reads. */
const INTERACTION_COLUMNS = ['district_id', 'starts_at', 'status', 'deleted_at', 'building_id', 'coach_id'];

const changedIn = (columns: string[], distinct: string) => columns.map((c) => `old.${c} ${distinct} new.${c}`).join(' or ');
const byInteraction = (id: string) => (c: string) => `${c} in (select ob.id from observations ob where ob.interaction_id = ${id})`;

export async function createWalkthroughRollupTriggers(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return createPostgresTriggers(db);
  const one = (id: string) => (c: string) => `${c} = ${id}`;
  const statements: [string, string][] = [
    // A new observation counts only with its interaction (a draft, or one saved before its interaction, has none yet).
    ['observations_insert_walkthrough_rollup', `after insert on observations when new.interaction_id is not null begin ${refresh(one('new.id'))} end`],
    ['observations_update_walkthrough_rollup', `after update on observations when ${changedIn(OBSERVATION_COLUMNS, 'is not')}
      begin ${refresh(one('new.id'))} end`],
    ['observations_delete_walkthrough_rollup', `after delete on observations begin ${refresh(one('old.id'))} end`],
    ['observation_answers_insert_walkthrough_rollup', `after insert on observation_answers begin ${answer('new', 1)} end`],
    ['observation_answers_update_walkthrough_rollup', `after update on observation_answers
      when old.observation_id is not new.observation_id or old.item_id is not new.item_id or old.value is not new.value
      begin ${answer('old', -1)} ${answer('new', 1)} end`],
    ['observation_answers_delete_walkthrough_rollup', `after delete on observation_answers begin ${answer('old', -1)} end`],
    ['interactions_update_walkthrough_rollup', `after update on interactions when ${changedIn(INTERACTION_COLUMNS, 'is not')}
      begin ${refresh(byInteraction('new.id'))} end`],
    ['interactions_delete_walkthrough_rollup', `after delete on interactions begin ${refresh(byInteraction('old.id'))} end`],
    ['districts_update_walkthrough_rollup', `after update of timezone on districts when old.timezone is not new.timezone
      begin ${rebuildDistrict('new.id')} end`],
    ['districts_delete_walkthrough_rollup', `after delete on districts begin
      delete from report_observation_answer_months where district_id = old.id;
      delete from report_observation_months where district_id = old.id;
      delete from report_observation_keys where district_id = old.id; end`],
  ];
  for (const [name, body] of statements) await sql.raw(`create trigger ${name} ${body}`).execute(db);
}

/**
 * PostgreSQL: walkthrough_rollup_refresh(ids) runs refresh over an array of observation ids after locking their
 * rows; the row triggers call it, or lock their answer's observation shared and run answer's statements.
 */
async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  // Generic plans, always: with custom plans (PostgreSQL's default while a generic plan looks dearer) every
  // call planned its dozen statements again, about 27 ms a call; planned once, about 1–2 ms.
  await sql.raw(`create or replace function walkthrough_rollup_refresh(p_ids bigint[]) returns void language plpgsql
    set plan_cache_mode = force_generic_plan as $$
    begin
      perform 1 from observations where id = any(p_ids) order by id for update;
      ${refresh((c) => `${c} = any(p_ids)`, true)}
    end $$`).execute(db);
  const lockAnswer = (row: string) => `perform 1 from observations where id = ${row}.observation_id for share;`;
  const functions: [string, string, string][] = [
    ['observations_insert_walkthrough_rollup', 'after insert on observations for each row when (new.interaction_id is not null)', 'perform walkthrough_rollup_refresh(array[new.id]);'],
    ['observations_update_walkthrough_rollup', `after update on observations for each row when (${changedIn(OBSERVATION_COLUMNS, 'is distinct from')})`,
      'perform walkthrough_rollup_refresh(array[new.id]);'],
    ['observations_delete_walkthrough_rollup', 'after delete on observations for each row', 'perform walkthrough_rollup_refresh(array[old.id]);'],
    ['observation_answers_insert_walkthrough_rollup', 'after insert on observation_answers for each row', `${lockAnswer('new')} ${answer('new', 1, true)}`],
    ['observation_answers_update_walkthrough_rollup', `after update on observation_answers for each row
      when (old.observation_id is distinct from new.observation_id or old.item_id is distinct from new.item_id or old.value is distinct from new.value)`,
      `${lockAnswer('old')} ${lockAnswer('new')} ${answer('old', -1, true)} ${answer('new', 1, true)}`],
    ['observation_answers_delete_walkthrough_rollup', 'after delete on observation_answers for each row', `${lockAnswer('old')} ${answer('old', -1, true)}`],
    ['interactions_update_walkthrough_rollup', `after update on interactions for each row when (${changedIn(INTERACTION_COLUMNS, 'is distinct from')})`,
      'perform walkthrough_rollup_refresh(array(select ob.id from observations ob where ob.interaction_id = new.id));'],
    ['interactions_delete_walkthrough_rollup', 'after delete on interactions for each row',
      'perform walkthrough_rollup_refresh(array(select ob.id from observations ob where ob.interaction_id = old.id));'],
    ['districts_update_walkthrough_rollup', 'after update of timezone on districts for each row when (old.timezone is distinct from new.timezone)',
      `perform pg_advisory_xact_lock(7219, hashtext(new.id::text)); ${rebuildDistrict('new.id', true)}`],
    ['districts_delete_walkthrough_rollup', 'after delete on districts for each row',
      `delete from report_observation_answer_months where district_id = old.id;
       delete from report_observation_months where district_id = old.id;
       delete from report_observation_keys where district_id = old.id;`],
  ];
  for (const [name, when, body] of functions) {
    await sql.raw(`create or replace function ${name}() returns trigger language plpgsql set plan_cache_mode = force_generic_plan as $$
      begin
        ${body}
        return null;
      end $$`).execute(db);
    await sql.raw(`create trigger ${name} ${when} execute function ${name}()`).execute(db);
  }
}

export const WALKTHROUGH_ROLLUP_TRIGGERS: readonly { name: string; table: string }[] = [
  { name: 'observations_insert_walkthrough_rollup', table: 'observations' },
  { name: 'observations_update_walkthrough_rollup', table: 'observations' },
  { name: 'observations_delete_walkthrough_rollup', table: 'observations' },
  { name: 'observation_answers_insert_walkthrough_rollup', table: 'observation_answers' },
  { name: 'observation_answers_update_walkthrough_rollup', table: 'observation_answers' },
  { name: 'observation_answers_delete_walkthrough_rollup', table: 'observation_answers' },
  { name: 'interactions_update_walkthrough_rollup', table: 'interactions' },
  { name: 'interactions_delete_walkthrough_rollup', table: 'interactions' },
  { name: 'districts_update_walkthrough_rollup', table: 'districts' },
  { name: 'districts_delete_walkthrough_rollup', table: 'districts' },
];

/** The tables written only by the triggers above, so always alongside a write to a covered table. */
export const WALKTHROUGH_ROLLUP_TABLES: readonly string[] = ['report_observation_keys', 'report_observation_months', 'report_observation_answer_months'];
