// The ratings an interaction carries as evidence, rewritten whole (issue 28: an observation's rating items
// linked to skills rate those skills, dated on the observation's day). Lives below the features because
// skill mapping owns the ratings' rules and the interactions feature (observations) writes them.
// The rule kept here is skill mapping's: every rating is kept; skill_current_levels holds the latest by date
// (then id) per educator and skill, so removing a rating falls back to the one before it.
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/connection';
import type { Database } from '../../db/types';

export interface EvidenceRatings {
  districtId: number;
  staffId: number;
  interactionId: number;
  ratedOn: string; // YYYY-MM-DD
  ratedBy: number;
  ratings: { skill_id: number; level: number }[];
}

/** Replaces the ratings of `staffId` that cite `interactionId` with `ratings` (none: removes them). */
export async function replaceEvidenceRatings(trx: Transaction<Database>, e: EvidenceRatings): Promise<void> {
  const old = await trx.selectFrom('skill_ratings').select(['id', 'skill_id'])
    .where('district_id', '=', e.districtId).where('staff_id', '=', e.staffId).where('interaction_id', '=', e.interactionId).execute();
  if (old.length) {
    await trx.deleteFrom('skill_ratings').where('id', 'in', old.map((r) => r.id)).execute();
  }
  const now = nowIso();
  for (const r of e.ratings) {
    await trx.insertInto('skill_ratings').values({
      district_id: e.districtId, staff_id: e.staffId, skill_id: r.skill_id, level: r.level, rated_on: e.ratedOn,
      rated_by: e.ratedBy, note: null, interaction_id: e.interactionId, created_at: now,
    }).execute();
  }
  const touched = [...new Set([...old.map((r) => r.skill_id), ...e.ratings.map((r) => r.skill_id)])];
  for (const skillId of touched) await recomputeCurrentLevel(trx, e.districtId, e.staffId, skillId);
}

/** skill_current_levels for one educator and skill: the latest rating by date, then id; none, no row. */
async function recomputeCurrentLevel(trx: Transaction<Database>, districtId: number, staffId: number, skillId: number): Promise<void> {
  const latest = await trx.selectFrom('skill_ratings').select(['id', 'level', 'rated_on', 'rated_by', 'note'])
    .where('district_id', '=', districtId).where('staff_id', '=', staffId).where('skill_id', '=', skillId)
    .orderBy('rated_on', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!latest) {
    await trx.deleteFrom('skill_current_levels')
      .where('district_id', '=', districtId).where('staff_id', '=', staffId).where('skill_id', '=', skillId).execute();
    return;
  }
  const row = { rating_id: latest.id, level: latest.level, rated_on: latest.rated_on, rated_by: latest.rated_by, note: latest.note };
  await trx.insertInto('skill_current_levels').values({ district_id: districtId, staff_id: staffId, skill_id: skillId, ...row })
    .onConflict((oc) => oc.columns(['district_id', 'staff_id', 'skill_id']).doUpdateSet(row)).execute();
}

export interface NewRating {
  districtId: number;
  staffId: number;
  skillId: number;
  level: number;
  ratedOn: string; // YYYY-MM-DD
  ratedBy: number | null;
  note: string | null;
  interactionId: number | null;
}

/**
 * Stores one rating (rating skills by hand, and the tests' ratings) and, when it is dated on or after the
 * current one, makes it the current level: the latest by date (then id) is current.
 */
export async function insertRating(db: Kysely<Database>, r: NewRating) {
  const rating = await db.insertInto('skill_ratings').values({
    district_id: r.districtId, staff_id: r.staffId, skill_id: r.skillId, level: r.level, rated_on: r.ratedOn,
    rated_by: r.ratedBy, note: r.note, interaction_id: r.interactionId, created_at: nowIso(),
  }).returningAll().executeTakeFirstOrThrow();
  await db.insertInto('skill_current_levels').values({
    district_id: r.districtId, staff_id: r.staffId, skill_id: r.skillId, rating_id: rating.id, level: r.level, rated_on: r.ratedOn,
    rated_by: r.ratedBy, note: r.note,
  }).onConflict((oc) => oc.columns(['district_id', 'staff_id', 'skill_id'])
    .doUpdateSet((eb) => ({
      rating_id: eb.ref('excluded.rating_id'), level: eb.ref('excluded.level'), rated_on: eb.ref('excluded.rated_on'),
      rated_by: eb.ref('excluded.rated_by'), note: eb.ref('excluded.note'),
    }))
    .where((eb) => eb('excluded.rated_on', '>=', eb.ref('skill_current_levels.rated_on'))))
    .execute();
  return rating;
}

/**
 * The ids among `ids` that are active skills, in active domains, of the district's active framework: what
 * a coaching cycle or an interaction may newly link (one kept from before may stay).
 */
export async function activeSkillIds(db: Kysely<Database> | Transaction<Database>, districtId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('skills as k').innerJoin('skill_frameworks as f', 'f.id', 'k.framework_id')
    .innerJoin('skill_domains as d', 'd.id', 'k.domain_id')
    .select('k.id')
    .where('k.district_id', '=', districtId).where('f.district_id', '=', districtId).where('f.active', '=', 1)
    .where('k.archived_at', 'is', null).where('d.archived_at', 'is', null).where('k.id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}
