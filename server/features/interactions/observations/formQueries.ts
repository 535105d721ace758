// Reads of a district's observation forms (issue 28): each form with its current version, its interaction
// type and how many completed observations it has; the items of a version with their skills; and what the
// editor's rules check (the type, the framework's skills and top level, a name taken, a version in use).
// Every query takes the district and filters by it: another district's forms, and the provider's defaults
// (district_id null), are never found.
import { type Selectable, sql } from 'kysely';
import type { DB } from '../../../../db/connection';
import type { ObservationFormItemsTable } from '../../../../db/types';

export type FormStatus = 'active' | 'archived' | 'all';

export interface FormRow {
  id: number;
  builtin: number;
  archived_at: string | null;
  updated_at: string;
  current_version_id: number;
  version: number;
  name: string;
  description: string | null;
  type_id: number;
  type_name: string;
  type_colour: string;
  observation_count: number;
}

export type ItemRow = Selectable<ObservationFormItemsTable> & { skill_name: string | null };

/** What a reader may see: every form, or (a plan without observation forms) the built-in ones only. */
export interface FormAccess {
  districtId: number;
  builtinOnly: boolean;
}

function formsQuery(db: DB, access: FormAccess) {
  let query = db.selectFrom('observation_forms as f')
    .innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
    .innerJoin('interaction_types as t', 't.id', 'f.interaction_type_id')
    .select((eb) => [
      'f.id', 'f.builtin', 'f.archived_at', 'f.updated_at', 'v.id as current_version_id', 'v.version', 'v.name', 'v.description',
      't.id as type_id', 't.name as type_name', 't.colour as type_colour',
      eb.selectFrom('observations as o').select((o) => o.fn.countAll<number>().as('n'))
        .where('o.district_id', '=', access.districtId).whereRef('o.form_id', '=', 'f.id')
        .where('o.status', '=', 'completed').where('o.deleted_at', 'is', null)
        .as('observation_count'),
    ])
    .where('f.district_id', '=', access.districtId);
  if (access.builtinOnly) query = query.where('f.builtin', '=', 1);
  return query;
}

const counted = (row: Omit<FormRow, 'observation_count'> & { observation_count: unknown }): FormRow =>
  ({ ...row, observation_count: Number(row.observation_count ?? 0) });

/** The district's forms by name (built-in first), archived ones on request. */
export async function listForms(db: DB, access: FormAccess, status: FormStatus): Promise<FormRow[]> {
  let query = formsQuery(db, access);
  if (status === 'active') query = query.where('f.archived_at', 'is', null);
  if (status === 'archived') query = query.where('f.archived_at', 'is not', null);
  const rows = await query.orderBy('f.builtin', 'desc').orderBy(sql`lower(v.name)`).orderBy('f.id').execute();
  return rows.map(counted);
}

/** One form of the district (archived too), or undefined. */
export async function findForm(db: DB, access: FormAccess, id: number): Promise<FormRow | undefined> {
  const row = await formsQuery(db, access).where('f.id', '=', id).executeTakeFirst();
  return row ? counted(row) : undefined;
}

/** The items of the given versions, in order, each with its skill's name. */
export async function itemsOfVersions(db: DB, districtId: number, versionIds: number[]): Promise<ItemRow[]> {
  if (versionIds.length === 0) return [];
  return db.selectFrom('observation_form_items as i')
    .leftJoin('skills as s', (j) => j.onRef('s.id', '=', 'i.skill_id').on('s.district_id', '=', districtId))
    .selectAll('i').select('s.name as skill_name')
    .where('i.district_id', '=', districtId).where('i.version_id', 'in', versionIds)
    .orderBy('i.version_id').orderBy('i.position').orderBy('i.id').execute();
}

/** The form's row itself (for the service's checks), or undefined. */
export function findFormRow(db: DB, districtId: number, id: number) {
  return db.selectFrom('observation_forms').selectAll().where('district_id', '=', districtId).where('id', '=', id).executeTakeFirst();
}

/** A version of one of the district's forms. */
export function findVersion(db: DB, districtId: number, versionId: number) {
  return db.selectFrom('observation_form_versions').selectAll().where('district_id', '=', districtId).where('id', '=', versionId)
    .executeTakeFirstOrThrow();
}

/** The highest version number a form has had. */
export async function lastVersion(db: DB, districtId: number, formId: number): Promise<number> {
  const row = await db.selectFrom('observation_form_versions').select((eb) => eb.fn.max('version').as('top'))
    .where('district_id', '=', districtId).where('form_id', '=', formId).executeTakeFirst();
  return Number(row?.top ?? 0);
}

/** Another form of the district whose current name is this one, case ignored (archived forms count). */
export function findNameClash(db: DB, districtId: number, name: string, exceptId?: number) {
  let query = db.selectFrom('observation_forms as f').innerJoin('observation_form_versions as v', 'v.id', 'f.current_version_id')
    .select('f.id').where('f.district_id', '=', districtId).where(sql<string>`lower(v.name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('f.id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** An active interaction type of the district. */
export function findActiveType(db: DB, districtId: number, id: number) {
  return db.selectFrom('interaction_types').select(['id', 'name']).where('district_id', '=', districtId).where('id', '=', id)
    .where('archived_at', 'is', null).executeTakeFirst();
}

/** The district's active "Classroom observation" type: a new form's type when none is given. */
export function classroomObservationType(db: DB, districtId: number) {
  return db.selectFrom('interaction_types').select(['id', 'name']).where('district_id', '=', districtId)
    .where('name', '=', 'Classroom observation').where('archived_at', 'is', null).orderBy('id').executeTakeFirst();
}

/** The district's active framework with its top level (a rating item's default scale), or undefined. */
export async function activeFramework(db: DB, districtId: number): Promise<{ id: number; topLevel: number } | undefined> {
  const framework = await db.selectFrom('skill_frameworks').select('id').where('district_id', '=', districtId).where('active', '=', 1)
    .orderBy('id').executeTakeFirst();
  if (!framework) return undefined;
  const top = await db.selectFrom('skill_levels').select((eb) => eb.fn.max('level').as('top'))
    .where('district_id', '=', districtId).where('framework_id', '=', framework.id).executeTakeFirst();
  return { id: framework.id, topLevel: Number(top?.top ?? 0) || 4 };
}

/** Which of these ids are active skills of the framework. */
export async function activeSkillIds(db: DB, districtId: number, frameworkId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('skills').select('id').where('district_id', '=', districtId).where('framework_id', '=', frameworkId)
    .where('archived_at', 'is', null).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Whether any observation (a draft, a deleted one too) was made with the version: then it is never changed. */
export async function versionHasObservations(db: DB, districtId: number, versionId: number): Promise<boolean> {
  const row = await db.selectFrom('observations').select('id').where('district_id', '=', districtId).where('version_id', '=', versionId)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}
