// Commands on the district profile and its buildings: each checks the district's own rules and
// writes the audit row together with the change.
import type { Request } from 'express';
import { nowIso, type DB } from '../../../db/connection';
import { BUILDING_CODE_TAKEN, BUILDING_NAME_TAKEN } from '../../../common/schemas/site';
import type { ScopedAuth } from '../../lib/staffScope';
import { conflict, notFound, validationError, type FieldErrors } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { findBuilding, findClash, type BuildingRow } from './queries';

type BuildingFields = { name: string; code: string | null; grade_band: string | null };

const audit = (db: DB, req: Request, auth: ScopedAuth, action: string, subjectType: string, subjectId: number, details?: Record<string, unknown>) =>
  recordAudit(db, req, {
    action, districtId: auth.district.id, actorId: auth.user.id, impersonatorId: auth.impersonator?.id ?? null,
    subjectType, subjectId, details,
  });

export async function updateDistrictProfile(
  db: DB, req: Request, auth: ScopedAuth,
  input: { name: string; timezone: string; school_year_start_month: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('districts').select(['name', 'timezone', 'school_year_start_month'])
      .where('id', '=', auth.district.id).executeTakeFirstOrThrow();
    await trx.updateTable('districts').set({ ...input, updated_at: nowIso() }).where('id', '=', auth.district.id).execute();
    const changes = Object.fromEntries(
      (Object.keys(input) as (keyof typeof input)[]).filter((k) => before[k] !== input[k]).map((k) => [k, { from: before[k], to: input[k] }]),
    );
    await audit(trx, req, auth, 'district_updated', 'district', auth.district.id, changes);
  });
}

async function uniqueFields(db: DB, districtId: number, input: BuildingFields, exceptId?: number): Promise<void> {
  const errors: FieldErrors = {};
  if (await findClash(db, districtId, 'name', input.name, exceptId)) errors.name = [BUILDING_NAME_TAKEN];
  if (input.code !== null && (await findClash(db, districtId, 'code', input.code, exceptId))) errors.code = [BUILDING_CODE_TAKEN];
  if (Object.keys(errors).length) throw validationError(errors);
}

export async function createBuilding(db: DB, req: Request, auth: ScopedAuth, input: BuildingFields): Promise<BuildingRow> {
  return db.transaction().execute(async (trx) => {
    await uniqueFields(trx, auth.district.id, input);
    const now = nowIso();
    const row = await trx.insertInto('buildings').values({ district_id: auth.district.id, ...input, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await audit(trx, req, auth, 'building_created', 'building', row.id, { ...input });
    return (await findBuilding(trx, auth.district.id, row.id))!;
  });
}

export async function updateBuilding(db: DB, req: Request, auth: ScopedAuth, id: number, input: BuildingFields): Promise<BuildingRow> {
  return db.transaction().execute(async (trx) => {
    const before = await findBuilding(trx, auth.district.id, id);
    if (!before) throw notFound('We could not find that school.');
    await uniqueFields(trx, auth.district.id, input, id);
    await trx.updateTable('buildings').set({ ...input, updated_at: nowIso() })
      .where('id', '=', id).where('district_id', '=', auth.district.id).execute();
    await audit(trx, req, auth, 'building_updated', 'building', id, {
      from: { name: before.name, code: before.code, grade_band: before.grade_band }, to: input,
    });
    return (await findBuilding(trx, auth.district.id, id))!;
  });
}

export function archiveRefusal(count: number): string {
  return `Move this school's ${count} ${count === 1 ? 'educator' : 'educators'} to another school before archiving it.`;
}

export async function archiveBuilding(db: DB, req: Request, auth: ScopedAuth, id: number): Promise<BuildingRow> {
  return db.transaction().execute(async (trx) => {
    const building = await findBuilding(trx, auth.district.id, id);
    if (!building) throw notFound('We could not find that school.');
    if (building.deleted_at) throw conflict('This school is already archived.');
    const count = Number(building.educator_count ?? 0);
    if (count > 0) throw conflict(archiveRefusal(count));
    const now = nowIso();
    await trx.updateTable('buildings').set({ deleted_at: now, updated_at: now })
      .where('id', '=', id).where('district_id', '=', auth.district.id).execute();
    await audit(trx, req, auth, 'building_archived', 'building', id, { name: building.name });
    return (await findBuilding(trx, auth.district.id, id))!;
  });
}

export async function restoreBuilding(db: DB, req: Request, auth: ScopedAuth, id: number): Promise<BuildingRow> {
  return db.transaction().execute(async (trx) => {
    const building = await findBuilding(trx, auth.district.id, id);
    if (!building) throw notFound('We could not find that school.');
    if (!building.deleted_at) throw conflict('This school is not archived.');
    await trx.updateTable('buildings').set({ deleted_at: null, updated_at: nowIso() })
      .where('id', '=', id).where('district_id', '=', auth.district.id).execute();
    await audit(trx, req, auth, 'building_restored', 'building', id, { name: building.name });
    return (await findBuilding(trx, auth.district.id, id))!;
  });
}
