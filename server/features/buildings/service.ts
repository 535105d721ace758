// Commands on the district profile and its buildings: each checks the district's own rules and
// writes the audit row together with the change.
import { nowIso, type DB } from '../../../db/connection';
import { lockDistrictWrites } from '../../../db/locks';
import { ensureZoneMonths } from '../../../db/zoneMonths';
import type { CoachingTargets } from '../../../common/schemas/reports';
import { BUILDING_CODE_TAKEN, BUILDING_NAME_TAKEN, coachingTargetsOf, districtSettingsOf, RETENTION_WHILE_IMPERSONATING } from '../../../common/schemas/site';
import { retentionYearsOf } from '../../../common/retention';
import type { Locale } from '../../../common/locales';
import { conflict, forbidden, notFound, validationError, type FieldErrors } from '../../http/errors';
import { changedFields, type DistrictActor, recordAudit } from '../../lib/audit';
import { findBuilding, findClash, type BuildingRow } from './queries';
import { plural } from '../../../common/plural';

type BuildingFields = { name: string; code: string | null; grade_band: string | null };

const audit = (db: DB, actor: DistrictActor, action: string, subjectType: string, subjectId: number, details?: Record<string, unknown>) =>
  recordAudit(db, actor, { action, subjectType, subjectId, details });

export async function updateDistrictProfile(
  db: DB, actor: DistrictActor,
  input: {
    name: string; timezone: string; school_year_start_month: number;
    shared_notes_visible_to_admins?: boolean; educator_read_log_visible?: boolean; coaching_targets?: CoachingTargets;
    data_retention_years?: number | null; language?: Locale;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): school names and codes unique, the district's settings read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const row = await trx.selectFrom('districts').select(['name', 'timezone', 'school_year_start_month', 'settings'])
      .where('id', '=', actor.districtId).executeTakeFirstOrThrow();
    const {
      shared_notes_visible_to_admins: sharedNotes, educator_read_log_visible: readLog, coaching_targets: targets,
      data_retention_years: retention, language, ...profile
    } = input;
    // The privacy setting and the coaching targets live in the settings JSON (other keys kept); a key
    // absent from the body is unchanged.
    const stored = (() => {
      try {
        const parsed = JSON.parse(row.settings) as unknown;
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, unknown> : {};
      } catch {
        return {};
      }
    })();
    // Turning on or changing a setting that deletes records nightly is the district's own act, never support's.
    if (retention !== undefined && actor.impersonatorId !== null && retention !== retentionYearsOf(stored.data_retention_years)) {
      throw forbidden(RETENTION_WHILE_IMPERSONATING);
    }
    const settingsBefore = districtSettingsOf(row.settings);
    const targetsBefore = coachingTargetsOf(row.settings);
    const settingsChanges: Record<string, unknown> = {};
    if (sharedNotes !== undefined) settingsChanges.shared_notes_visible_to_admins = sharedNotes;
    if (readLog !== undefined) settingsChanges.educator_read_log_visible = readLog;
    if (retention !== undefined) settingsChanges.data_retention_years = retention;
    if (language !== undefined) settingsChanges.language = language;
    if (targets !== undefined) {
      settingsChanges.coaching_targets = {
        interactions_per_educator_per_month: targets.interactions_per_educator_per_month,
        cycles_per_new_teacher_per_semester: targets.cycles_per_new_teacher_per_semester,
      };
    }
    const settings = Object.keys(settingsChanges).length === 0 ? row.settings : JSON.stringify({ ...stored, ...settingsChanges });
    // The reports' rollups place interactions in the months of the new zone (db/zoneMonths.ts).
    if (profile.timezone !== row.timezone) await ensureZoneMonths(trx, profile.timezone);
    await trx.updateTable('districts').set({ ...profile, settings, updated_at: nowIso() }).where('id', '=', actor.districtId).execute();
    const before = {
      name: row.name, timezone: row.timezone, school_year_start_month: row.school_year_start_month, ...settingsBefore,
      ...prefixed('coaching_targets.', targetsBefore),
    };
    const after: Record<string, unknown> = { ...profile };
    if (sharedNotes !== undefined) after.shared_notes_visible_to_admins = sharedNotes;
    if (readLog !== undefined) after.educator_read_log_visible = readLog;
    if (retention !== undefined) after.data_retention_years = retention;
    if (language !== undefined) after.language = language;
    if (targets !== undefined) Object.assign(after, prefixed('coaching_targets.', targets));
    await audit(trx, actor, 'district_updated', 'district', actor.districtId, changedFields(before, after));
  });
}

/** { a: 1 } → { 'prefix.a': 1 }: nested settings audited field by field. */
function prefixed(prefix: string, values: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}${key}`, value]));
}

async function uniqueFields(db: DB, districtId: number, input: BuildingFields, exceptId?: number): Promise<void> {
  const errors: FieldErrors = {};
  if (await findClash(db, districtId, 'name', input.name, exceptId)) errors.name = [BUILDING_NAME_TAKEN];
  if (input.code !== null && (await findClash(db, districtId, 'code', input.code, exceptId))) errors.code = [BUILDING_CODE_TAKEN];
  if (Object.keys(errors).length) throw validationError(errors);
}

export async function createBuilding(db: DB, actor: DistrictActor, input: BuildingFields): Promise<BuildingRow> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): school names and codes unique, the district's settings read before written.
    await lockDistrictWrites(trx, actor.districtId);
    await uniqueFields(trx, actor.districtId, input);
    const now = nowIso();
    const row = await trx.insertInto('buildings').values({ district_id: actor.districtId, ...input, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await audit(trx, actor, 'building_created', 'building', row.id, { ...input });
    return (await findBuilding(trx, actor.districtId, row.id))!;
  });
}

export async function updateBuilding(db: DB, actor: DistrictActor, id: number, input: BuildingFields): Promise<BuildingRow> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): school names and codes unique, the district's settings read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const before = await findBuilding(trx, actor.districtId, id);
    if (!before) throw notFound('We could not find that school.');
    await uniqueFields(trx, actor.districtId, input, id);
    await trx.updateTable('buildings').set({ ...input, updated_at: nowIso() })
      .where('id', '=', id).where('district_id', '=', actor.districtId).execute();
    await audit(trx, actor, 'building_updated', 'building', id, {
      from: { name: before.name, code: before.code, grade_band: before.grade_band }, to: input,
    });
    return (await findBuilding(trx, actor.districtId, id))!;
  });
}

export function archiveRefusal(count: number): string {
  return `Move this school's ${plural(count, 'educator', 'educators')} to another school before archiving it.`;
}

export async function archiveBuilding(db: DB, actor: DistrictActor, id: number): Promise<BuildingRow> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): school names and codes unique, the district's settings read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const building = await findBuilding(trx, actor.districtId, id);
    if (!building) throw notFound('We could not find that school.');
    if (building.deleted_at) throw conflict('This school is already archived.');
    const count = Number(building.educator_count ?? 0);
    if (count > 0) throw conflict(archiveRefusal(count));
    const now = nowIso();
    await trx.updateTable('buildings').set({ deleted_at: now, updated_at: now })
      .where('id', '=', id).where('district_id', '=', actor.districtId).execute();
    await audit(trx, actor, 'building_archived', 'building', id, { name: building.name });
    return (await findBuilding(trx, actor.districtId, id))!;
  });
}

export async function restoreBuilding(db: DB, actor: DistrictActor, id: number): Promise<BuildingRow> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): school names and codes unique, the district's settings read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const building = await findBuilding(trx, actor.districtId, id);
    if (!building) throw notFound('We could not find that school.');
    if (!building.deleted_at) throw conflict('This school is not archived.');
    await trx.updateTable('buildings').set({ deleted_at: null, updated_at: nowIso() })
      .where('id', '=', id).where('district_id', '=', actor.districtId).execute();
    await audit(trx, actor, 'building_restored', 'building', id, { name: building.name });
    return (await findBuilding(trx, actor.districtId, id))!;
  });
}
