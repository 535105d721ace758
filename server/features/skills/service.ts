// Skill mapping commands: each write runs in one transaction with its audit row; the district comes
// from the actor (the session), never from the body. Ratings are all kept; skill_current_levels is kept
// in step in the same transaction (a backdated rating older than the current one does not replace it).
import { SKILL_MESSAGES } from '../../../common/schemas/skills';
import { lockDistrictWrites } from '../../../db/locks';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { conflict, notFound, validationError, type FieldErrors } from '../../http/errors';
import { changedFields, type DistrictActor, recordAudit } from '../../lib/audit';
import { insertRating } from '../../lib/skillRatings';
import { findDomain, findSkill, type FrameworkRow, linkableInteraction } from './queries';

type DomainInput = { name: string; description: string | null };
type SkillInput = { domain_id: number; name: string; description: string | null };
type LevelInput = { name: string; descriptor: string | null };
export type RatingInput = { rated_on: string; interaction_id: number | null; ratings: { skill_id: number; level: number; note: string | null }[] };

/** Today in the district's timezone (YYYY-MM-DD). */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

// ---- Framework editing ---------------------------------------------------------------------------

/**
 * A write to the framework: one transaction holding the district's write lock (db/locks.ts), since names
 * unique in their framework or domain, sort orders, archived states and the scale are read before they are written.
 */
function frameworkWrite<T>(db: DB, actor: DistrictActor, write: (trx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockDistrictWrites(trx, actor.districtId);
    return write(trx);
  });
}

async function nameTaken(db: DB, table: 'skill_domains' | 'skills', where: { districtId: number; frameworkId: number; domainId?: number }, name: string, exceptId?: number) {
  let q = db.selectFrom(table).select('id').where('district_id', '=', where.districtId).where('framework_id', '=', where.frameworkId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (table === 'skills' && where.domainId !== undefined) q = q.where('domain_id' as never, '=', where.domainId as never);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function createDomain(db: DB, actor: DistrictActor, framework: FrameworkRow, input: DomainInput): Promise<number> {
  return frameworkWrite(db, actor, async (trx) => {
    if (await nameTaken(trx, 'skill_domains', { districtId: actor.districtId, frameworkId: framework.id }, input.name)) {
      throw validationError({ name: [SKILL_MESSAGES.nameTaken] });
    }
    const last = await trx.selectFrom('skill_domains').select((eb) => eb.fn.max('sort_order').as('m'))
      .where('district_id', '=', actor.districtId).where('framework_id', '=', framework.id).executeTakeFirst();
    const now = nowIso();
    const { id } = await trx.insertInto('skill_domains').values({
      district_id: actor.districtId, framework_id: framework.id, name: input.name, description: input.description,
      sort_order: Number(last?.m ?? 0) + 1, archived_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'skill-domain.created', subjectType: 'skill_domain', subjectId: id, details: { name: input.name } });
    return id;
  });
}

export async function updateDomain(db: DB, actor: DistrictActor, framework: FrameworkRow, id: number, input: DomainInput): Promise<void> {
  await frameworkWrite(db, actor, async (trx) => {
    const before = await findDomain(trx, actor.districtId, id);
    if (!before) throw notFound(SKILL_MESSAGES.domainNotFound);
    if (await nameTaken(trx, 'skill_domains', { districtId: actor.districtId, frameworkId: framework.id }, input.name, id)) {
      throw validationError({ name: [SKILL_MESSAGES.nameTaken] });
    }
    await trx.updateTable('skill_domains').set({ name: input.name, description: input.description, updated_at: nowIso() })
      .where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'skill-domain.updated', subjectType: 'skill_domain', subjectId: id,
      details: changedFields({ name: before.name, description: before.description }, input),
    });
  });
}

/** What archiving a domain or a skill reads and writes. */
const ARCHIVABLE = {
  domain: { table: 'skill_domains', find: findDomain, notFound: SKILL_MESSAGES.domainNotFound, audit: 'skill-domain', subject: 'skill_domain' },
  skill: { table: 'skills', find: findSkill, notFound: SKILL_MESSAGES.skillNotFound, audit: 'skill', subject: 'skill' },
} as const;

/** Archive or restore a domain or a skill (a domain's skills stay as they are; ratings and current levels are kept either way). */
async function setArchived(db: DB, actor: DistrictActor, kind: keyof typeof ARCHIVABLE, id: number, archived: boolean): Promise<void> {
  const a = ARCHIVABLE[kind];
  await frameworkWrite(db, actor, async (trx) => {
    const row = await a.find(trx, actor.districtId, id);
    if (!row) throw notFound(a.notFound);
    if (archived === (row.archived_at !== null)) throw conflict(archived ? SKILL_MESSAGES.alreadyArchived : SKILL_MESSAGES.notArchived);
    const now = nowIso();
    await trx.updateTable(a.table).set({ archived_at: archived ? now : null, updated_at: now })
      .where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: `${a.audit}.${archived ? 'archived' : 'restored'}`, subjectType: a.subject, subjectId: id });
  });
}

export const setDomainArchived = (db: DB, actor: DistrictActor, id: number, archived: boolean) => setArchived(db, actor, 'domain', id, archived);

/** Reorder: `ids` must list every domain of the framework (or every skill of the domain) exactly once. */
export async function reorder(
  db: DB, actor: DistrictActor, target: { table: 'skill_domains'; frameworkId: number } | { table: 'skills'; domainId: number }, ids: number[],
): Promise<void> {
  await frameworkWrite(db, actor, async (trx) => {
    const rows = target.table === 'skill_domains'
      ? await trx.selectFrom('skill_domains').select('id').where('district_id', '=', actor.districtId).where('framework_id', '=', target.frameworkId).execute()
      : await trx.selectFrom('skills').select('id').where('district_id', '=', actor.districtId).where('domain_id', '=', target.domainId).execute();
    const have = new Set(rows.map((r) => r.id));
    if (ids.length !== have.size || new Set(ids).size !== ids.length || ids.some((id) => !have.has(id))) {
      throw validationError({ ids: [SKILL_MESSAGES.orderMismatch] });
    }
    const now = nowIso();
    for (const [i, id] of ids.entries()) {
      await trx.updateTable(target.table).set({ sort_order: i + 1, updated_at: now }).where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    }
    await recordAudit(trx, actor, {
      action: target.table === 'skill_domains' ? 'skill-domain.reordered' : 'skill.reordered',
      subjectType: target.table === 'skill_domains' ? 'skill_framework' : 'skill_domain',
      subjectId: target.table === 'skill_domains' ? target.frameworkId : target.domainId, details: { ids },
    });
  });
}

async function activeDomainOf(db: DB, districtId: number, frameworkId: number, domainId: number) {
  const domain = await findDomain(db, districtId, domainId);
  if (!domain || domain.framework_id !== frameworkId) throw validationError({ domain_id: [SKILL_MESSAGES.domainNotFound] });
  if (domain.archived_at) throw validationError({ domain_id: [SKILL_MESSAGES.domainArchived] });
  return domain;
}

export async function createSkill(db: DB, actor: DistrictActor, framework: FrameworkRow, input: SkillInput): Promise<number> {
  return frameworkWrite(db, actor, async (trx) => {
    await activeDomainOf(trx, actor.districtId, framework.id, input.domain_id);
    if (await nameTaken(trx, 'skills', { districtId: actor.districtId, frameworkId: framework.id, domainId: input.domain_id }, input.name)) {
      throw validationError({ name: [SKILL_MESSAGES.nameTaken] });
    }
    const last = await trx.selectFrom('skills').select((eb) => eb.fn.max('sort_order').as('m'))
      .where('district_id', '=', actor.districtId).where('domain_id', '=', input.domain_id).executeTakeFirst();
    const now = nowIso();
    const { id } = await trx.insertInto('skills').values({
      district_id: actor.districtId, framework_id: framework.id, domain_id: input.domain_id, name: input.name,
      description: input.description, sort_order: Number(last?.m ?? 0) + 1, archived_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'skill.created', subjectType: 'skill', subjectId: id, details: { name: input.name, domain_id: input.domain_id } });
    return id;
  });
}

export async function updateSkill(db: DB, actor: DistrictActor, framework: FrameworkRow, id: number, input: SkillInput): Promise<void> {
  await frameworkWrite(db, actor, async (trx) => {
    const before = await findSkill(trx, actor.districtId, id);
    if (!before) throw notFound(SKILL_MESSAGES.skillNotFound);
    if (input.domain_id !== before.domain_id) await activeDomainOf(trx, actor.districtId, framework.id, input.domain_id);
    if (await nameTaken(trx, 'skills', { districtId: actor.districtId, frameworkId: framework.id, domainId: input.domain_id }, input.name, id)) {
      throw validationError({ name: [SKILL_MESSAGES.nameTaken] });
    }
    const moved = input.domain_id !== before.domain_id;
    let sortOrder = before.sort_order;
    if (moved) {
      const last = await trx.selectFrom('skills').select((eb) => eb.fn.max('sort_order').as('m'))
        .where('district_id', '=', actor.districtId).where('domain_id', '=', input.domain_id).executeTakeFirst();
      sortOrder = Number(last?.m ?? 0) + 1;
    }
    await trx.updateTable('skills').set({ domain_id: input.domain_id, name: input.name, description: input.description, sort_order: sortOrder, updated_at: nowIso() })
      .where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'skill.updated', subjectType: 'skill', subjectId: id,
      details: changedFields({ domain_id: before.domain_id, name: before.name, description: before.description }, input),
    });
  });
}

export const setSkillArchived = (db: DB, actor: DistrictActor, id: number, archived: boolean) => setArchived(db, actor, 'skill', id, archived);

export async function updateLevel(db: DB, actor: DistrictActor, framework: FrameworkRow, level: number, input: LevelInput): Promise<void> {
  await frameworkWrite(db, actor, async (trx) => {
    const before = await trx.selectFrom('skill_levels').selectAll()
      .where('district_id', '=', actor.districtId).where('framework_id', '=', framework.id).where('level', '=', level).executeTakeFirst();
    if (!before) throw notFound(SKILL_MESSAGES.levelNotFound);
    await trx.updateTable('skill_levels').set({ name: input.name, descriptor: input.descriptor }).where('id', '=', before.id).execute();
    await recordAudit(trx, actor, {
      action: 'skill-level.updated', subjectType: 'skill_framework', subjectId: framework.id,
      details: { level, ...changedFields({ name: before.name, descriptor: before.descriptor }, input) },
    });
  });
}

// ---- Ratings -----------------------------------------------------------------------------------

/**
 * Rates several skills of one educator at once. Checks (one 422 naming every bad field): each skill
 * is an active skill of the district's framework, each level on the scale, the date not in the
 * district's future, the interaction one of the caller's with this educator. Returns the new ids.
 */
export async function rateSkills(
  db: DB, actor: DistrictActor,
  ctx: { framework: FrameworkRow; maxLevel: number; timeZone: string; anyCoach: boolean },
  staffId: number, input: RatingInput,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const errors: FieldErrors = {};
    if (input.rated_on > todayIn(ctx.timeZone)) errors.rated_on = [SKILL_MESSAGES.futureDate];
    const skillIds = input.ratings.map((r) => r.skill_id);
    const skills = await trx.selectFrom('skills as s').innerJoin('skill_domains as d', 'd.id', 's.domain_id')
      .select(['s.id', 's.archived_at', 'd.archived_at as domain_archived_at'])
      .where('s.district_id', '=', actor.districtId).where('s.framework_id', '=', ctx.framework.id).where('s.id', 'in', skillIds).execute();
    const byId = new Map(skills.map((s) => [s.id, s]));
    input.ratings.forEach((r, i) => {
      const skill = byId.get(r.skill_id);
      if (!skill) errors[`ratings.${i}.skill_id`] = [SKILL_MESSAGES.chooseSkill];
      else if (skill.archived_at || skill.domain_archived_at) errors[`ratings.${i}.skill_id`] = [SKILL_MESSAGES.skillArchived];
      if (r.level > ctx.maxLevel) errors[`ratings.${i}.level`] = ['Choose a level of the scale.'];
    });
    if (input.interaction_id !== null
      && !(await linkableInteraction(trx, actor.districtId, input.interaction_id, staffId, actor.userId, ctx.anyCoach))) {
      errors.interaction_id = [SKILL_MESSAGES.interactionNotFound];
    }
    if (Object.keys(errors).length) throw validationError(errors);

    const ids: number[] = [];
    for (const r of input.ratings) {
      const { id } = await insertRating(trx, {
        districtId: actor.districtId, staffId, skillId: r.skill_id, level: r.level, ratedOn: input.rated_on,
        ratedBy: actor.userId, note: r.note, interactionId: input.interaction_id,
      });
      ids.push(id);
    }
    await recordAudit(trx, actor, {
      action: 'skill.rated', subjectType: 'staff', subjectId: staffId,
      details: { rated_on: input.rated_on, interaction_id: input.interaction_id, ratings: input.ratings.map((r) => ({ skill_id: r.skill_id, level: r.level })) },
    });
    return ids;
  });
}

export type SelfAssessmentInput = { ratings: { skill_id: number; level: number }[] };

/**
 * An educator rates themself (issue 29): active skills of the active framework, levels of its scale, dated on
 * the district's day. Every self rating is kept (as often as they like); they go to self_ratings only, so the
 * current levels, the heat map's coach layer, the reports and the rated counts never see them.
 */
export async function selfAssess(
  db: DB, actor: DistrictActor, ctx: { framework: FrameworkRow; maxLevel: number; timeZone: string }, staffId: number, input: SelfAssessmentInput,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const errors: FieldErrors = {};
    const skills = await trx.selectFrom('skills as s').innerJoin('skill_domains as d', 'd.id', 's.domain_id')
      .select(['s.id', 's.archived_at', 'd.archived_at as domain_archived_at'])
      .where('s.district_id', '=', actor.districtId).where('s.framework_id', '=', ctx.framework.id)
      .where('s.id', 'in', input.ratings.map((r) => r.skill_id)).execute();
    const byId = new Map(skills.map((s) => [s.id, s]));
    input.ratings.forEach((r, i) => {
      const skill = byId.get(r.skill_id);
      if (!skill) errors[`ratings.${i}.skill_id`] = [SKILL_MESSAGES.chooseSkill];
      else if (skill.archived_at || skill.domain_archived_at) errors[`ratings.${i}.skill_id`] = [SKILL_MESSAGES.skillArchived];
      if (r.level > ctx.maxLevel) errors[`ratings.${i}.level`] = ['Choose a level of the scale.'];
    });
    if (Object.keys(errors).length) throw validationError(errors);

    const ratedOn = todayIn(ctx.timeZone);
    const now = nowIso();
    const rows = await trx.insertInto('self_ratings').values(input.ratings.map((r) => ({
      district_id: actor.districtId, staff_id: staffId, skill_id: r.skill_id, level: r.level, rated_on: ratedOn,
      rated_by: actor.userId, created_at: now,
    }))).returning('id').execute();
    await recordAudit(trx, actor, {
      action: 'skill.self-assessed', subjectType: 'staff', subjectId: staffId,
      details: { rated_on: ratedOn, ratings: input.ratings.map((r) => ({ skill_id: r.skill_id, level: r.level })) },
    });
    return rows.map((r) => r.id);
  });
}
