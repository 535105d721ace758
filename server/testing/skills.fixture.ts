// Test fixtures for the skill mapping tests: the interactions world (two schools, every role, a
// second district) plus an Essentials district, the district's copied default framework, and a helper
// that stores a rating the way the rating command does.
import type { DB } from '../../db/connection';
import { insertRating as storeRating } from '../lib/skillRatings';
import { buildDistrict, buildUser } from './factories';
import { buildInteractionsWorld } from './interactions.fixture';

export async function frameworkOf(db: DB, districtId: number) {
  const framework = await db.selectFrom('skill_frameworks').selectAll().where('district_id', '=', districtId).where('active', '=', 1).executeTakeFirstOrThrow();
  const domains = await db.selectFrom('skill_domains').selectAll().where('framework_id', '=', framework.id).orderBy('sort_order').execute();
  const skills = await db.selectFrom('skills').selectAll().where('framework_id', '=', framework.id).orderBy('domain_id').orderBy('sort_order').execute();
  return { framework, domains, skills };
}

/** A rating and (when it is the latest) the current level, stored as rateSkills stores them. */
export function insertRating(
  db: DB, opts: { districtId: number; staffId: number; skillId: number; level: number; ratedOn: string; ratedBy?: number | null; note?: string | null },
) {
  return storeRating(db, { ...opts, ratedBy: opts.ratedBy ?? null, note: opts.note ?? null, interactionId: null });
}

export async function buildSkillsWorld(db: DB) {
  const world = await buildInteractionsWorld(db);
  const fw = await frameworkOf(db, world.district.id);
  const otherFw = await frameworkOf(db, world.other.id);
  const essentials = await buildDistrict(db, { name: 'Essentials Test District', planKey: 'essentials' });
  const essentialsAdmin = await buildUser(db, { role: 'district-admin', districtId: essentials.id, name: 'Ed Essentials' });
  return { ...world, fw, otherFw, essentials, essentialsAdmin };
}

export type SkillsWorld = Awaited<ReturnType<typeof buildSkillsWorld>>;
