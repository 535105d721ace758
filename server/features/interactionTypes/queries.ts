// Reads of interaction types and their custom fields. Every query takes the owner: a district's id, or
// null for the provider's defaults (rows with district_id null), and filters by it, so a district never
// reaches another district's types nor the defaults, and the admin area reaches only the defaults.
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { DB } from '../../../db/connection';
import type { Database, InteractionFieldsTable, InteractionTypesTable } from '../../../db/types';
import type { InteractionTypeStatus } from '../../../common/schemas/interactionTypes';

/** Whose types: a district's id, or null for the provider's defaults. */
export type Owner = number | null;

export type TypeRow = Selectable<InteractionTypesTable>;
export type FieldRow = Selectable<InteractionFieldsTable>;

const typeOf = (owner: Owner) => (eb: ExpressionBuilder<Database, 'interaction_types'>) =>
  owner === null ? eb('interaction_types.district_id', 'is', null) : eb('interaction_types.district_id', '=', owner);
const fieldOf = (owner: Owner) => (eb: ExpressionBuilder<Database, 'interaction_fields'>) =>
  owner === null ? eb('interaction_fields.district_id', 'is', null) : eb('interaction_fields.district_id', '=', owner);

/** The owner's types in their order (archived ones on request). */
export function listTypes(db: DB, owner: Owner, status: InteractionTypeStatus): Promise<TypeRow[]> {
  let query = db.selectFrom('interaction_types').selectAll().where(typeOf(owner));
  if (status === 'active') query = query.where('archived_at', 'is', null);
  if (status === 'archived') query = query.where('archived_at', 'is not', null);
  return query.orderBy('sort_order').orderBy('id').execute();
}

/** One type of the owner (archived too), or undefined: another district's type is never found. */
export function findType(db: DB, owner: Owner, id: number): Promise<TypeRow | undefined> {
  return db.selectFrom('interaction_types').selectAll().where(typeOf(owner)).where('id', '=', id)
    .executeTakeFirst();
}

/** Every field (archived too) of the given types, in order. */
export async function fieldsOfTypes(db: DB, owner: Owner, typeIds: number[]): Promise<FieldRow[]> {
  if (typeIds.length === 0) return [];
  return db.selectFrom('interaction_fields').selectAll().where(fieldOf(owner))
    .where('interaction_type_id', 'in', typeIds)
    .orderBy('interaction_type_id').orderBy('sort_order').orderBy('id').execute();
}

/** One field of the owner (archived too), or undefined. */
export function findField(db: DB, owner: Owner, id: number): Promise<FieldRow | undefined> {
  return db.selectFrom('interaction_fields').selectAll().where(fieldOf(owner)).where('id', '=', id)
    .executeTakeFirst();
}

/** Another type of the owner with this name, case ignored (archived ones count). */
export function findNameClash(db: DB, owner: Owner, name: string, exceptId?: number) {
  let query = db.selectFrom('interaction_types').select('id').where(typeOf(owner))
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** Whether any interaction (deleted ones too) holds a value for the field. */
export async function fieldHasValues(db: DB, owner: Owner, fieldId: number): Promise<boolean> {
  if (owner === null) return false; // the defaults are templates: interactions use the districts' copies
  const row = await db.selectFrom('interaction_field_values').select('id')
    .where('district_id', '=', owner).where('field_id', '=', fieldId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The next sort_order at the end of the owner's types. */
export async function nextTypeOrder(db: DB, owner: Owner): Promise<number> {
  const row = await db.selectFrom('interaction_types').select((eb) => eb.fn.max('sort_order').as('top'))
    .where(typeOf(owner)).executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

/** The next sort_order at the end of a type's fields. */
export async function nextFieldOrder(db: DB, owner: Owner, typeId: number): Promise<number> {
  const row = await db.selectFrom('interaction_fields').select((eb) => eb.fn.max('sort_order').as('top'))
    .where(fieldOf(owner)).where('interaction_type_id', '=', typeId).executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

/** The ids of the owner's types, in order (what a move renumbers). */
export async function typeOrder(db: DB, owner: Owner): Promise<{ id: number; archived: boolean }[]> {
  const rows = await db.selectFrom('interaction_types').select(['id', 'archived_at']).where(typeOf(owner))
    .orderBy('sort_order').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, archived: r.archived_at !== null }));
}

/** The ids of a type's fields, in order. */
export async function fieldOrder(db: DB, owner: Owner, typeId: number): Promise<{ id: number; archived: boolean }[]> {
  const rows = await db.selectFrom('interaction_fields').select(['id', 'archived_at']).where(fieldOf(owner))
    .where('interaction_type_id', '=', typeId).orderBy('sort_order').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, archived: r.archived_at !== null }));
}

/** One type with every field of it, or undefined. */
export async function typeWithFields(db: DB, owner: Owner, id: number): Promise<{ type: TypeRow; fields: FieldRow[] } | undefined> {
  const type = await findType(db, owner, id);
  if (!type) return undefined;
  return { type, fields: await fieldsOfTypes(db, owner, [id]) };
}
