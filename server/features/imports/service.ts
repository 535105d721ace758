// Staff import commands: record an upload, save its mapping, preview it, run it. The run writes every
// educator, school history row, row outcome and the audit row in ONE transaction: all or nothing.
import {
  fieldsOfKind, IMPORT_MESSAGES, recogniseHeaders, type ImportPreview, type RowOutcome,
} from '../../../common/schemas/imports';
import { lockDistrictWrites } from '../../../db/locks';
import type { DB } from '../../../db/connection';
import { holdImportRun, refreshStatisticsAfterLargeWrite, reserveIds, withStaffBulkWrites } from '../../../db/dialect';
import { nowIso } from '../../../db/connection';
import { conflict, type FieldErrors, HttpError, validationError } from '../../http/errors';
import { type DistrictActor, recordAudit } from '../../lib/audit';
import { dayBefore, today } from '../../lib/dates';
import {
  compiledInsertMany, findImport, type ImportRow, importCellPages, resetRowOutcomes, rosterOf, schoolsOf, writeRowOutcomes,
} from './queries';
import type { ImportTable } from './sources';
import { type SchoolChoice, type StaffPlanner, staffPlanner } from './staffPlan';

export interface ImportOptions {
  full_sync: boolean;
  skip_invalid: boolean;
  create_missing_schools: boolean;
  send_invites: boolean;
}

export function optionsOf(row: Pick<ImportRow, 'options' | 'mode'>): ImportOptions {
  const o = JSON.parse(row.options) as Partial<ImportOptions>;
  return { full_sync: row.mode === 'full-sync', skip_invalid: !!o.skip_invalid, create_missing_schools: !!o.create_missing_schools, send_invites: !!o.send_invites };
}

export const ROW_INSERT_CHUNK = 500;
/**
 * The preview and the run read the rows a page (IMPORT_PAGE, 100) at a time but gather the rows' outcomes
 * (the preview's errors) and write them once this many rows are gathered, and at the end: an update is a
 * round trip on PostgreSQL, and an outcome is small to hold. The run's new educators are not gathered past
 * their page: held over 500 rows they outlived the young generation's collections and took a 50 000-row
 * import's peak back over 200 MB (250 rows: now and then, two imports at once; see docs/benchmarks.md).
 */
const WRITE_EVERY = ROW_INSERT_CHUNK;
/** 13 values a row: within SQLite's 32 766 and PostgreSQL's 65 535 parameters a statement. */
const STAFF_PER_STATEMENT = 500;

/** Records an upload: the import (pending) and each row's raw cells; the mapping recognised from the headers. */
export async function createImport(db: DB, actor: DistrictActor, kind: 'staff' | 'users', table: ImportTable, createdBy = actor.userId): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('imports').values({
      district_id: actor.districtId, kind, file_name: table.fileName, format: table.format, mode: 'add-update', options: '{}',
      headers: JSON.stringify(table.headers), mapping: JSON.stringify(recogniseHeaders(kind, table.headers)), status: 'pending',
      total_rows: 0, created_count: 0, updated_count: 0, unchanged_count: 0, error_count: 0, skipped_count: table.skipped,
      deactivated_count: 0, failure: null, created_by: createdBy, created_at: nowIso(), started_at: null, finished_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    // Compiled once, ROW_INSERT_CHUNK rows a statement: a builder per chunk left ~80 MB of garbage for
    // 50 000 rows, a statement per row a round trip each on PostgreSQL.
    const insertRows = compiledInsertMany(trx, ['row_number', 'raw'], ROW_INSERT_CHUNK, (rows) => trx.insertInto('import_rows').values(rows.map((v) => ({
      district_id: actor.districtId, import_id: id, row_number: v.row_number, raw: v.raw, outcome: 'pending' as const, errors: '[]', record_id: null,
    }))));
    // Written as the file is read: a row the reader refuses (unreadable, one too many) rolls it all back.
    let total = 0;
    let chunk: { row_number: number; raw: string }[] = [];
    for await (const r of table.rows) {
      chunk.push({ row_number: r.rowNumber, raw: JSON.stringify(table.headers.map((_, c) => r.cells[c] ?? '')) });
      total += 1;
      if (chunk.length === ROW_INSERT_CHUNK) {
        await insertRows(chunk);
        chunk = [];
      }
    }
    await insertRows(chunk);
    await trx.updateTable('imports').set({ total_rows: total }).where('id', '=', id).where('district_id', '=', actor.districtId).execute();
    await recordAudit(trx, actor, { action: `${kind}_import_uploaded`, subjectType: 'import', subjectId: id, details: { file_name: table.fileName, rows: total, format: table.format } });
    return id;
  });
}

/** PUT mapping: every column names a known field or nothing, no field twice, the needed fields chosen. */
export async function saveMapping(db: DB, districtId: number, imp: ImportRow, mapping: Record<string, string>, options: ImportOptions): Promise<void> {
  if (imp.status !== 'pending') throw conflict(IMPORT_MESSAGES.notPending);
  const known = fieldsOfKind(imp.kind);
  const labelOf = (key: string) => known.find((f) => f.key === key)!.label;
  const headers = JSON.parse(imp.headers) as string[];
  const errors: FieldErrors = {};
  const fields = new Map<string, string[]>();
  const clean: Record<string, string> = {};
  for (const [header, field] of Object.entries(mapping)) {
    if (!headers.includes(header)) (errors[`mapping.${header}`] ??= []).push(IMPORT_MESSAGES.mappingUnknownColumn(header));
    else if (field !== '' && !known.some((f) => f.key === field)) (errors[`mapping.${header}`] ??= []).push(IMPORT_MESSAGES.mappingUnknownField(header));
    else if (field !== '') {
      fields.set(field, [...(fields.get(field) ?? []), header]);
      clean[header] = field;
    }
  }
  for (const [field, hs] of fields) {
    if (hs.length > 1) for (const h of hs) (errors[`mapping.${h}`] ??= []).push(IMPORT_MESSAGES.mappingTwice(labelOf(field)));
  }
  if (imp.kind === 'staff') {
    const missing = (['first_name', 'last_name'] as const).filter((f) => !fields.has(f)).map(labelOf);
    if (missing.length) (errors.mapping ??= []).push(IMPORT_MESSAGES.mappingNeeds(missing.join(' and ')));
    else if (!['source_id', 'employee_id', 'email'].some((f) => fields.has(f))) (errors.mapping ??= []).push(IMPORT_MESSAGES.mappingNeedsKey);
  } else {
    const missing = [
      ...(fields.has('name') || (fields.has('first_name') && fields.has('last_name')) ? [] : ['Name (or First name and Last name)']),
      ...(['email', 'role'] as const).filter((f) => !fields.has(f)).map(labelOf),
    ];
    if (missing.length) (errors.mapping ??= []).push(IMPORT_MESSAGES.mappingNeeds(missing.join(' and ')));
  }
  if (Object.keys(errors).length) throw validationError(errors);
  await db.updateTable('imports').set({
    mapping: JSON.stringify(clean), mode: options.full_sync && imp.kind === 'staff' ? 'full-sync' : 'add-update',
    options: JSON.stringify({ skip_invalid: options.skip_invalid, create_missing_schools: options.create_missing_schools, send_invites: options.send_invites }),
  }).where('id', '=', imp.id).where('district_id', '=', districtId).execute();
}

/**
 * The import's planner over the roster and schools as `db` sees them now, every row noted (the first
 * pass over the stored rows, a page at a time).
 */
async function plannerOf(db: DB, districtId: number, imp: ImportRow): Promise<StaffPlanner> {
  const [roster, schools] = await Promise.all([rosterOf(db, districtId), schoolsOf(db, districtId)]);
  const options = optionsOf(imp);
  const planner = staffPlanner(JSON.parse(imp.headers) as string[], JSON.parse(imp.mapping) as Record<string, string>, roster, schools, {
    fullSync: options.full_sync, createMissingSchools: options.create_missing_schools, today: today(),
  });
  for await (const page of importCellPages(db, districtId, imp.id, { columns: planner.noteColumns })) for (const row of page) planner.note(row);
  return planner;
}

type Outcome = [number, RowOutcome, string, number | null];

/**
 * POST preview: what running would do, nothing written but the rows' errors and the counts (the import
 * stays pending). One transaction: the rows are planned a page at a time and their errors written every
 * WRITE_EVERY rows.
 */
export async function previewStaffImport(db: DB, districtId: number, imp: ImportRow): Promise<ImportPreview> {
  if (imp.status !== 'pending') throw conflict(IMPORT_MESSAGES.notPending);
  return db.transaction().execute(async (trx) => {
    const planner = await plannerOf(trx, districtId, imp);
    const c = { new: 0, updated: 0, unchanged: 0, errors: 0 };
    // Every row pending again, then the errors of this plan written every WRITE_EVERY rows.
    await resetRowOutcomes(trx, districtId, imp.id);
    let outcomes: Outcome[] = [];
    let gathered = 0;
    for await (const page of importCellPages(trx, districtId, imp.id)) {
      for (const cells of page) {
        const r = planner.plan(cells);
        if (r.kind === 'error') {
          c.errors += 1;
          outcomes.push([r.rowNumber, 'error', JSON.stringify(r.errors), null]);
        } else if (r.kind === 'create') c.new += 1;
        else if (r.kind === 'update') c.updated += 1;
        else c.unchanged += 1;
      }
      gathered += page.length;
      if (gathered >= WRITE_EVERY) {
        await writeRowOutcomes(trx, districtId, imp.id, outcomes);
        outcomes = [];
        gathered = 0;
      }
    }
    await writeRowOutcomes(trx, districtId, imp.id, outcomes);
    const deactivate = planner.deactivations().length;
    await trx.updateTable('imports').set({
      created_count: c.new, updated_count: c.updated, unchanged_count: c.unchanged, error_count: c.errors, deactivated_count: deactivate,
    }).where('id', '=', imp.id).where('district_id', '=', districtId).execute();
    return {
      counts: { total: imp.total_rows, new: c.new, updated: c.updated, unchanged: c.unchanged, errors: c.errors, skipped: imp.skipped_count, to_deactivate: deactivate },
      schools_to_create: planner.schoolsToCreate().map((school) => school.name),
    };
  });
}

export interface RunHooks {
  /** Called after each row is written inside the transaction (the kill test stops the process here). */
  afterRow?: (index: number) => Promise<void> | void;
}

/** Fields the search index holds: an update of one of them rebuilds the educator's index row. */
const SEARCHED = ['first_name', 'last_name', 'email', 'employee_id'] as const;

/**
 * POST run: marks the import running (committed, so a killed process leaves it visible), then one
 * transaction plans and writes it all, a page of rows at a time (the outcomes every WRITE_EVERY rows),
 * with the educators' per-row index triggers set aside (withStaffBulkWrites). Its checks refuse with 422
 * and roll everything back: rows with errors without "skip invalid rows" (counted over the whole file:
 * once one is found nothing more is written, the rest only planned), then a full sync's deactivation
 * count not the one confirmed (known before any write: then nothing is written at all).
 */
export async function runStaffImport(db: DB, actor: DistrictActor, imp: ImportRow, confirmDeactivations: number | undefined, hooks: RunHooks = {}): Promise<void> {
  const districtId = actor.districtId;
  if (imp.status !== 'pending') throw conflict(imp.status === 'running' ? IMPORT_MESSAGES.running : IMPORT_MESSAGES.notPending);
  if (imp.mapping === '{}') throw validationError({ mapping: [IMPORT_MESSAGES.previewFirst] });
  const options = optionsOf(imp);
  const started = await db.updateTable('imports').set({ status: 'running', started_at: nowIso() })
    .where('id', '=', imp.id).where('district_id', '=', districtId).where('status', '=', 'pending').executeTakeFirst();
  if (Number(started.numUpdatedRows) !== 1) throw conflict(IMPORT_MESSAGES.notPending);

  try {
    await db.transaction().execute(async (trx) => {
      await holdImportRun(trx, imp.id);
      // The district's writes one at a time (db/locks.ts): the plan's checks (emails and ids unique, schools) hold until the commit.
      await lockDistrictWrites(trx, districtId);
      // The plan is made inside the transaction: what it checks is what it writes.
      const planner = await plannerOf(trx, districtId, { ...imp, status: 'running' });
      const deactivate = planner.deactivations();
      const deactivationsWrong = options.full_sync && deactivate.length !== confirmDeactivations;
      let writing = !deactivationsWrong;
      const now = nowIso();
      const day = today();
      const createdSchools = new Map<string, number>();
      const schoolId = async (choice: SchoolChoice): Promise<number> => {
        if ('id' in choice) return choice.id;
        const key = choice.create.name.toLowerCase();
        if (!createdSchools.has(key)) {
          const { id } = await trx.insertInto('buildings').values({
            district_id: districtId, name: choice.create.name, code: choice.create.code, grade_band: null, created_at: now, updated_at: now, deleted_at: null,
          }).returning('id').executeTakeFirstOrThrow();
          createdSchools.set(key, id);
        }
        return createdSchools.get(key)!;
      };
      // Every created educator takes these three inserts: a page's creations written together at the end of
      // the page, in multi-row statements compiled once, with ids reserved beforehand.
      const insertStaff = compiledInsertMany(trx, ['id', 'first_name', 'last_name', 'email', 'employee_id', 'position', 'grade_levels', 'subjects', 'hire_date'], STAFF_PER_STATEMENT, (rows) =>
        trx.insertInto('staff').values(rows.map((v) => ({
          id: v.id, district_id: districtId, first_name: v.first_name, last_name: v.last_name, email: v.email, employee_id: v.employee_id, position: v.position,
          grade_levels: v.grade_levels, subjects: v.subjects, hire_date: v.hire_date, status: 'active' as const, user_id: null, created_at: now, updated_at: now,
        }))));
      const insertHistory = compiledInsertMany(trx, ['staff_id', 'building_id', 'start_date'], ROW_INSERT_CHUNK, (rows) =>
        trx.insertInto('staff_buildings').values(rows.map((v) => ({ district_id: districtId, staff_id: v.staff_id, building_id: v.building_id, start_date: v.start_date, end_date: null, created_at: now }))));
      const insertSourceId = compiledInsertMany(trx, ['staff_id', 'source_id'], ROW_INSERT_CHUNK, (rows) =>
        trx.insertInto('staff_source_ids').values(rows.map((v) => ({ district_id: districtId, staff_id: v.staff_id, source_id: v.source_id, created_at: now }))));
      type Creation = { row: Extract<ReturnType<StaffPlanner['plan']>, { kind: 'create' }>; outcome: Outcome };
      // Ids reserved WRITE_EVERY at a time (a round trip on PostgreSQL), handed out a page at a time; those
      // left unused are dropped (PostgreSQL: a gap in the sequence; SQLite gives them again next time).
      let spareIds: number[] = [];
      const writeCreations = async (creations: Creation[]) => {
        if (spareIds.length < creations.length) spareIds = await reserveIds(trx, 'staff', Math.max(creations.length, WRITE_EVERY));
        const ids = spareIds.splice(0, creations.length);
        const staff = [];
        const history = [];
        const sourceIds = [];
        for (const [i, { row, outcome }] of creations.entries()) {
          const id = ids[i]!;
          const v = row.values;
          staff.push({
            id, first_name: v.first_name, last_name: v.last_name, email: v.email, employee_id: v.employee_id, position: v.position,
            grade_levels: JSON.stringify(v.grade_levels ?? []), subjects: JSON.stringify(v.subjects ?? []), hire_date: v.hire_date,
          });
          history.push({ staff_id: id, building_id: await schoolId(row.school), start_date: row.startDate });
          if (v.source_id) sourceIds.push({ staff_id: id, source_id: v.source_id });
          outcome[3] = id;
        }
        await insertStaff(staff);
        await insertHistory(history);
        await insertSourceId(sourceIds);
        return ids;
      };
      const counts = { created: 0, updated: 0, unchanged: 0, errors: 0 };
      let index = 0;
      await withStaffBulkWrites(trx, async () => {
        const searched: number[] = [];
        let outcomes: Outcome[] = [];
        let gathered = 0;
        for await (const page of importCellPages(trx, districtId, imp.id)) {
          const creations: Creation[] = [];
          for (const cells of page) {
            const row = planner.plan(cells);
            if (row.kind === 'error') {
              counts.errors += 1;
              if (!options.skip_invalid) writing = false;
              outcomes.push([row.rowNumber, 'error', JSON.stringify(row.errors), row.matchId]);
            } else if (!writing) {
              // Refused already: the rest is planned only to count its errors.
            } else if (row.kind === 'unchanged') {
              counts.unchanged += 1;
              outcomes.push([row.rowNumber, 'unchanged', '[]', row.id]);
            } else if (row.kind === 'create') {
              const outcome: Outcome = [row.rowNumber, 'created', '[]', null];
              creations.push({ row, outcome });
              counts.created += 1;
              outcomes.push(outcome);
            } else {
              const { changes } = row;
              await trx.updateTable('staff').set({
                ...changes.first_name !== undefined && { first_name: changes.first_name },
                ...changes.last_name !== undefined && { last_name: changes.last_name },
                ...changes.email !== undefined && { email: changes.email },
                ...changes.employee_id !== undefined && { employee_id: changes.employee_id },
                ...changes.position !== undefined && { position: changes.position },
                ...changes.grade_levels !== undefined && { grade_levels: JSON.stringify(changes.grade_levels) },
                ...changes.subjects !== undefined && { subjects: JSON.stringify(changes.subjects) },
                ...changes.hire_date !== undefined && { hire_date: changes.hire_date },
                ...row.reactivate && { status: 'active' as const },
                updated_at: now,
              }).where('id', '=', row.id).where('district_id', '=', districtId).execute();
              if (SEARCHED.some((f) => changes[f] !== undefined)) searched.push(row.id);
              if (row.setSourceId) {
                await trx.deleteFrom('staff_source_ids').where('district_id', '=', districtId).where('staff_id', '=', row.id).execute();
                await trx.insertInto('staff_source_ids').values({ district_id: districtId, staff_id: row.id, source_id: row.setSourceId, created_at: now }).execute();
              }
              if (row.move) {
                // As a move of the staff screens: the open row ends the day before, a new one opens (history kept).
                if (row.move.closeRow) {
                  await trx.updateTable('staff_buildings').set({ end_date: dayBefore(row.move.startDate) })
                    .where('district_id', '=', districtId).where('staff_id', '=', row.id).where('end_date', 'is', null).execute();
                }
                await trx.insertInto('staff_buildings').values({
                  district_id: districtId, staff_id: row.id, building_id: await schoolId(row.move.school), start_date: row.move.startDate, end_date: null, created_at: now,
                }).execute();
              }
              counts.updated += 1;
              outcomes.push([row.rowNumber, 'updated', '[]', row.id]);
            }
            if (hooks.afterRow) await hooks.afterRow(index);
            index += 1;
          }
          if (writing) searched.push(...await writeCreations(creations));
          gathered += page.length;
          if (gathered >= WRITE_EVERY) {
            if (writing) await writeRowOutcomes(trx, districtId, imp.id, outcomes);
            outcomes = [];
            gathered = 0;
          }
        }
        if (writing) await writeRowOutcomes(trx, districtId, imp.id, outcomes);
        if (counts.errors && !options.skip_invalid) throw refusal({ rows: [IMPORT_MESSAGES.hasErrors(counts.errors)] });
        if (deactivationsWrong) {
          throw refusal({
            confirm_deactivations: [confirmDeactivations === undefined ? IMPORT_MESSAGES.confirmDeactivations(deactivate.length) : IMPORT_MESSAGES.deactivationsChanged(deactivate.length)],
          });
        }
        for (let i = 0; i < deactivate.length; i += ROW_INSERT_CHUNK) {
          await trx.updateTable('staff').set({ status: 'inactive', updated_at: now })
            .where('district_id', '=', districtId).where('id', 'in', deactivate.slice(i, i + ROW_INSERT_CHUNK)).execute();
        }
        return searched;
      });
      await trx.updateTable('imports').set({
        status: 'completed', finished_at: nowIso(), created_count: counts.created, updated_count: counts.updated, unchanged_count: counts.unchanged,
        error_count: counts.errors, deactivated_count: deactivate.length,
      }).where('id', '=', imp.id).where('district_id', '=', districtId).execute();
      await recordAudit(trx, actor, {
        action: 'staff_import_run', subjectType: 'import', subjectId: imp.id,
        details: { ...counts, deactivated: deactivate.length, schools_created: [...createdSchools.values()], day, mode: imp.mode },
      });
    });
  } catch (err) {
    await settleRefusedRun(db, districtId, imp.id, err);
    throw err;
  }
  // An import can grow a district's staff tenfold: the planner's statistics taken again now (issue 32).
  await refreshStatisticsAfterLargeWrite(db, STAFF_IMPORT_TABLES);
}

/** The tables a staff import writes (their statistics refreshed after it). */
export const STAFF_IMPORT_TABLES = ['staff', 'staff_buildings', 'staff_source_ids', 'buildings', 'import_rows'] as const;

/** A refusal of the run's checks (422): nothing was written and the import can be fixed and run again. */
export class RunRefused extends HttpError {}
export const refusal = (errors: FieldErrors) => {
  const e = validationError(errors);
  return new RunRefused(e.status, e.message, e.code, e.errors);
};

/** After a run that did not commit: a refusal puts the import back to pending; anything else marks it failed. */
export async function settleRefusedRun(db: DB, districtId: number, importId: number, err: unknown): Promise<void> {
  const refused = err instanceof RunRefused;
  await db.updateTable('imports').set(refused
    ? { status: 'pending', started_at: null }
    : { status: 'failed', finished_at: nowIso(), failure: 'Something went wrong while importing. Nothing from this file was saved.' })
    .where('id', '=', importId).where('district_id', '=', districtId).execute();
}

export async function reloadImport(db: DB, districtId: number, id: number) {
  return (await findImport(db, districtId, id))!;
}
