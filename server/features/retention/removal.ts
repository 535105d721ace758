// What the district's retention setting removes (issue 32, item 4), decided per kind. One definition of each kind's
// rows serves both the preview's counts and the run's deletions, so the preview is what the run then removes.
// A record is past the cut-off when it is dated before the cut-off day (the start of the school year N years before
// the current one, in the district's timezone):
// - interactions: those that started before it (soft-deleted ones too), with their participants, groups, custom
//   field values and focus skills (ON DELETE CASCADE), the ratings they carried (below) and their notes (private too);
// - logged time (activities): those that started before it;
// - observations: those observed before it (drafts too), with their answers;
// - calibration sessions: those observed before it;
// - coaching cycles: closed ones (completed or cancelled) or deleted ones whose last day (completed on, else target
//   end, else start) is before it, with their educators, skills, stage history and notes; an open cycle stays;
// - cycle notes: the notes written before it on a cycle that stays;
// - skill ratings: those dated before it, and those an interaction past the cut-off carried; each educator's current
//   level per skill falls back to their latest rating left (none left: no current level);
// - self-assessment ratings: those dated before it;
// - action steps: closed ones (done or dropped) closed before it; an open step stays however old;
// - coaching requests: closed ones (accepted or withdrawn) last changed before it; an open or passed one stays.
// Kept: educators, logins, schools, groups, caseloads, frameworks, forms, settings, imports, billing, the audit log
// and the read log (pruned after two years on its own).
// Each kind is removed in batches of BATCH rows, one transaction a batch, so no write waits long behind a run; the
// reports' rollup triggers keep their sums equal to the rows through every deletion (db/reportRollups.ts,
// db/walkthroughRollups.ts). A run stopped half way leaves only whole batches done and the next night continues.
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { DB } from '../../../db/connection';
import type { Database } from '../../../db/types';
import { RETENTION_KINDS, type RetentionCounts, type RetentionKind } from '../../../common/retention';

export const BATCH = 500;

export interface Cutoff {
  districtId: number;
  /** YYYY-MM-DD, the district's calendar. */
  day: string;
  /** The instant the cut-off day starts in the district's timezone. */
  at: string;
}

type Db = Kysely<Database> | Transaction<Database>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type IdQuery = SelectQueryBuilder<Database, any, { id: number }>;

/** The interactions past the cut-off (a subquery of ids). */
const oldInteractions = (db: Db, c: Cutoff) => db.selectFrom('interactions').select('id')
  .where('district_id', '=', c.districtId).where('starts_at', '<', c.at);

/** Each kind's rows past the cut-off, as a query of their ids. */
export function rowsOf(db: Db, kind: RetentionKind, c: Cutoff): IdQuery {
  const d = c.districtId;
  switch (kind) {
    case 'interactions':
      return oldInteractions(db, c);
    case 'activities':
      return db.selectFrom('activities').select('id').where('district_id', '=', d).where('starts_at', '<', c.at);
    case 'observations':
      return db.selectFrom('observations').select('id').where('district_id', '=', d).where('observed_at', '<', c.at);
    case 'calibration_sessions':
      return db.selectFrom('calibration_sessions').select('id').where('district_id', '=', d).where('observed_at', '<', c.at);
    case 'cycles':
      return db.selectFrom('coaching_cycles').select('id').where('district_id', '=', d)
        .where((eb) => eb.or([eb('status', 'in', ['completed', 'cancelled']), eb('deleted_at', 'is not', null)]))
        .where((eb) => eb(eb.fn.coalesce('completed_on', 'target_end_date', 'start_date'), '<', c.day));
    case 'cycle_notes':
      return db.selectFrom('coaching_cycle_notes').select('id').where('district_id', '=', d).where('created_at', '<', c.at)
        .where('cycle_id', 'not in', rowsOf(db, 'cycles', c));
    case 'skill_ratings':
      return db.selectFrom('skill_ratings').select('id').where('district_id', '=', d)
        .where((eb) => eb.or([eb('rated_on', '<', c.day), eb('interaction_id', 'in', oldInteractions(db, c))]));
    case 'self_ratings':
      return db.selectFrom('self_ratings').select('id').where('district_id', '=', d).where('rated_on', '<', c.day);
    case 'action_steps':
      return db.selectFrom('action_steps').select('id').where('district_id', '=', d).where('status', 'in', ['done', 'dropped'])
        .where((eb) => eb(eb.fn.coalesce('status_at', 'updated_at'), '<', c.at));
    case 'coaching_requests':
      return db.selectFrom('coaching_requests').select('id').where('district_id', '=', d).where('status', 'in', ['accepted', 'withdrawn'])
        .where('updated_at', '<', c.at);
  }
}

const TABLES: Record<RetentionKind, keyof Database> = {
  interactions: 'interactions', activities: 'activities', observations: 'observations', calibration_sessions: 'calibration_sessions',
  cycles: 'coaching_cycles', cycle_notes: 'coaching_cycle_notes', skill_ratings: 'skill_ratings', self_ratings: 'self_ratings',
  action_steps: 'action_steps', coaching_requests: 'coaching_requests',
};

/**
 * The order a run removes the kinds in: ratings before the interactions that carried them (their link is the rule),
 * cycle notes before the cycles (a note of a cycle that goes counts with its cycle), observations before their
 * interactions.
 */
const REMOVAL_ORDER: readonly RetentionKind[] = [
  'skill_ratings', 'self_ratings', 'observations', 'calibration_sessions', 'interactions', 'activities',
  'cycle_notes', 'cycles', 'action_steps', 'coaching_requests',
];

export const noCounts = (): RetentionCounts => Object.fromEntries(RETENTION_KINDS.map((k) => [k, 0])) as RetentionCounts;

/** What a run with this cut-off removes, per kind (the preview). */
export async function countPastCutoff(db: DB, c: Cutoff): Promise<RetentionCounts> {
  const counts = noCounts();
  for (const kind of RETENTION_KINDS) {
    const row = await db.selectFrom(rowsOf(db, kind, c).as('x')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[kind] = Number(row.n);
  }
  return counts;
}

/** Removes every kind's rows past the cut-off, batch by batch; answers what it removed per kind. */
export async function removePastCutoff(db: DB, c: Cutoff): Promise<RetentionCounts> {
  const counts = noCounts();
  for (const kind of REMOVAL_ORDER) {
    for (;;) {
      const removed = await db.transaction().execute(async (trx) => {
        const ids = (await rowsOf(trx, kind, c).orderBy('id').limit(BATCH).execute()).map((r) => r.id);
        if (!ids.length) return 0;
        if (kind === 'skill_ratings') await removeRatings(trx, c.districtId, ids);
        // An observation's answers first, by their own statement: on PostgreSQL the walkthrough rollups' answer
        // triggers missed the answers that went by the observation's cascade (their months stayed counted).
        if (kind === 'observations') await trx.deleteFrom('observation_answers').where('district_id', '=', c.districtId).where('observation_id', 'in', ids).execute();
        if (kind !== 'skill_ratings') await trx.deleteFrom(TABLES[kind]).where('district_id', '=', c.districtId).where('id', 'in', ids).execute();
        return ids.length;
      });
      counts[kind] += removed;
      if (removed < BATCH) break;
    }
  }
  return counts;
}

/**
 * Removes skill ratings; each educator's current level per skill falls back to their latest rating left (the rule of
 * server/lib/skillRatings.ts: the latest by date, then id), or goes when none is left.
 */
async function removeRatings(trx: Transaction<Database>, districtId: number, ids: number[]): Promise<void> {
  const cells = await trx.selectFrom('skill_ratings').select(['staff_id', 'skill_id']).distinct()
    .where('district_id', '=', districtId).where('id', 'in', ids).execute();
  // The current levels that point at a rating going (ON DELETE CASCADE would drop them without a fallback).
  await trx.deleteFrom('skill_current_levels').where('district_id', '=', districtId).where('rating_id', 'in', ids).execute();
  await trx.deleteFrom('skill_ratings').where('district_id', '=', districtId).where('id', 'in', ids).execute();
  for (const cell of cells) {
    const current = await trx.selectFrom('skill_current_levels').select('rating_id')
      .where('district_id', '=', districtId).where('staff_id', '=', cell.staff_id).where('skill_id', '=', cell.skill_id).executeTakeFirst();
    if (current) continue;
    const latest = await trx.selectFrom('skill_ratings').select(['id', 'level', 'rated_on', 'rated_by', 'note'])
      .where('district_id', '=', districtId).where('staff_id', '=', cell.staff_id).where('skill_id', '=', cell.skill_id)
      .orderBy('rated_on', 'desc').orderBy('id', 'desc').executeTakeFirst();
    if (!latest) continue;
    await trx.insertInto('skill_current_levels').values({
      district_id: districtId, staff_id: cell.staff_id, skill_id: cell.skill_id,
      rating_id: latest.id, level: latest.level, rated_on: latest.rated_on, rated_by: latest.rated_by, note: latest.note,
    }).execute();
  }
}
