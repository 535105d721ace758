// Test fixtures for the coaching cycles tests: the interactions world (one district with two schools,
// people of every role, a second district) plus a framework with skills, an Essentials district, and a
// helper inserting cycles directly.
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import { addDays, today } from '../lib/dates';
import { buildDistrict, buildUser } from './factories';
import { buildInteractionsWorld } from './interactions.fixture';

export async function insertFramework(db: DB, districtId: number) {
  const now = nowIso();
  const framework = await db.insertInto('skill_frameworks').values({ district_id: districtId, name: 'Test framework', description: null, active: 1, created_at: now, updated_at: now })
    .returningAll().executeTakeFirstOrThrow();
  const domain = await db.insertInto('skill_domains').values({ district_id: districtId, framework_id: framework.id, name: 'Instruction', description: null, sort_order: 1, archived_at: null, created_at: now, updated_at: now })
    .returningAll().executeTakeFirstOrThrow();
  const skill = (name: string, order: number, archived = false) => db.insertInto('skills').values({
    district_id: districtId, framework_id: framework.id, domain_id: domain.id, name, description: null, sort_order: order,
    archived_at: archived ? now : null, created_at: now, updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
  return { framework, domain, questioning: await skill('Questioning', 1), feedback: await skill('Feedback', 2), retired: await skill('Retired skill', 3, true) };
}

export async function stagesOfDistrict(db: DB, districtId: number) {
  return db.selectFrom('cycle_stages').selectAll().where('district_id', '=', districtId).orderBy('sort_order').execute();
}

export async function insertCycle(
  db: DB,
  opts: {
    districtId: number; coachId: number; staffIds: number[]; stageId: number; title?: string; status?: 'planned' | 'active' | 'completed' | 'cancelled';
    enteredDaysAgo?: number; createdBy?: number | null; skillIds?: number[]; deletedAt?: string | null;
  },
) {
  const now = nowIso();
  const entered = addDays(today(), -(opts.enteredDaysAgo ?? 0));
  const row = await db.insertInto('coaching_cycles').values({
    district_id: opts.districtId, coach_id: opts.coachId, title: opts.title ?? 'A cycle', goal: 'A goal', start_date: entered,
    target_end_date: null, status: opts.status ?? 'active', stage_id: opts.stageId, stage_entered_on: entered, outcome: null, reflection: null,
    completed_on: null, created_by: opts.createdBy === undefined ? opts.coachId : opts.createdBy, updated_by: opts.coachId,
    created_at: now, updated_at: now, deleted_at: opts.deletedAt ?? null,
  }).returningAll().executeTakeFirstOrThrow();
  for (const id of opts.staffIds) await db.insertInto('coaching_cycle_staff').values({ district_id: opts.districtId, cycle_id: row.id, staff_id: id }).execute();
  for (const id of opts.skillIds ?? []) await db.insertInto('coaching_cycle_skills').values({ district_id: opts.districtId, cycle_id: row.id, skill_id: id }).execute();
  await db.insertInto('coaching_cycle_stage_history').values({ district_id: opts.districtId, cycle_id: row.id, stage_id: opts.stageId, entered_on: entered, left_on: null, moved_by: opts.coachId }).execute();
  return row;
}

export async function buildCyclesWorld(db: DB) {
  const w = await buildInteractionsWorld(db);
  const skills = await insertFramework(db, w.district.id);
  const stages = await stagesOfDistrict(db, w.district.id);
  const otherStages = await stagesOfDistrict(db, w.other.id);
  const essentials = await buildDistrict(db, { name: 'Essentials District', planKey: 'essentials' });
  const essentialsAdmin = await buildUser(db, { role: 'district-admin', districtId: essentials.id, name: 'Esme Essentials' });
  return { ...w, skills, stages, otherStages, essentials, essentialsAdmin };
}
export type CyclesWorld = Awaited<ReturnType<typeof buildCyclesWorld>>;

export const cycleAudits = (db: DB, action: string) =>
  db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
