// What an upload holds, as one table of rows: a plain CSV as it is, or a OneRoster 1.1 / 1.2 set (a zip,
// or users.csv with orgs.csv and, in 1.2, roles.csv) flattened to one row per staff member with their
// school. Students, parents, guardians and relatives are left out (counted as skipped).
import path from 'node:path';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '../../../common/schemas/imports';
import { validationError } from '../../http/errors';
import { runTask, type TaskLimits, TaskRefusal, TaskStopped } from '../../lib/workerTask';
import { type CsvRow, nextTurn, parseCsv, readCsv } from './csv';
import type { UnzippedFile } from './unzip';
import type { UnzipInput } from './unzip.worker';
import type { UploadedFile } from './upload';

export interface ImportTable {
  fileName: string;
  format: 'csv' | 'oneroster-1.1' | 'oneroster-1.2';
  headers: string[];
  /** Iterated once, by createImport (a plain CSV is read as it is written: server/features/imports/csv.ts). */
  rows: AsyncIterable<CsvRow> | CsvRow[];
  /** Rows left out before the import (OneRoster users who are not staff). */
  skipped: number;
}

/** OneRoster roles that are staff, and the position each becomes. */
export const ONEROSTER_STAFF_ROLES: Record<string, string> = {
  teacher: 'Classroom Teacher',
  aide: 'Instructional Aide',
  counselor: 'Counselor',
  administrator: 'Other',
  principal: 'Other',
  siteadministrator: 'Other',
  districtadministrator: 'Other',
  systemadministrator: 'Other',
  proctor: 'Other',
};

export const ONEROSTER_HEADERS = ['sourcedId', 'givenName', 'familyName', 'email', 'identifier', 'role', 'grades', 'orgIdentifier', 'orgName'];

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const baseName = (name: string) => name.split('/').pop()!.toLowerCase();

/** A zip bomb: refuse what unpacks past a generous multiple of the upload limit (counted as it inflates). */
export const UNZIPPED_MAX_BYTES = IMPORT_MAX_BYTES * 8;
const UNZIP_WORKER = path.join(import.meta.dirname, 'unzip.worker.ts');
/** Inflating 80 MB takes well under a second; the inflated bytes are outside the worker's heap (counted by unzipCsvFiles). */
const UNZIP_LIMITS: TaskLimits = { timeoutMs: 5_000, maxOldGenerationSizeMb: 128 };

/** The CSV files of a zip, unpacked in a worker thread (unzip.ts): 422 for a zip bomb, a broken zip, or one past the worker's limits. */
async function unzip(file: UploadedFile): Promise<UploadedFile[]> {
  try {
    const files = await runTask<UnzipInput, UnzippedFile[]>(UNZIP_WORKER, { zip: file.bytes, maxBytes: UNZIPPED_MAX_BYTES }, UNZIP_LIMITS);
    return files.map((f) => ({ name: baseName(f.name), bytes: f.bytes }));
  } catch (err) {
    if (err instanceof TaskRefusal) throw validationError({ file: [err.message === 'tooLarge' ? IMPORT_MESSAGES.tooLarge : IMPORT_MESSAGES.badZip] });
    if (err instanceof TaskStopped) throw validationError({ file: [IMPORT_MESSAGES.zipTooCostly] });
    throw err;
  }
}

type Records = Record<string, string>[];

async function records(file: UploadedFile, maxRows = 1_000_000): Promise<Records> {
  const parsed = await parseCsv(file.bytes, file.name, maxRows);
  const out: Records = [];
  for (const [n, r] of parsed.rows.entries()) {
    if (n % 2000 === 1999) await nextTurn();
    out.push(Object.fromEntries(parsed.headers.map((h, i) => [h, (r.cells[i] ?? '').trim()])));
  }
  return out;
}

/** The upload as one table (422 for what cannot be read). */
export async function readTable(files: UploadedFile[], uploadName: string): Promise<ImportTable> {
  const expanded: UploadedFile[] = [];
  for (const f of files) expanded.push(...(isZip(f.bytes) ? await unzip(f) : [f]));
  const byName = new Map(expanded.map((f) => [baseName(f.name), f]));
  const users = byName.get('users.csv');
  if (users || byName.has('orgs.csv') || byName.has('roles.csv') || byName.has('manifest.csv')) {
    if (!users) throw validationError({ file: [IMPORT_MESSAGES.oneRosterNeedsUsers] });
    const orgs = byName.get('orgs.csv');
    if (!orgs) throw validationError({ file: [IMPORT_MESSAGES.oneRosterNeedsOrgs] });
    return oneRoster(users, orgs, byName.get('roles.csv'), byName.get('manifest.csv'), uploadName);
  }
  const csv = expanded.find((f) => !isZip(f.bytes));
  if (!csv) throw validationError({ file: [IMPORT_MESSAGES.zipNoCsv] });
  if (expanded.length > 1) throw validationError({ file: ['Upload one CSV file at a time (or a OneRoster set: users.csv with orgs.csv).'] });
  const table = await readCsv(csv.bytes, csv.name);
  return { fileName: uploadName, format: 'csv', headers: table.headers, rows: table.rows, skipped: 0 };
}

async function oneRoster(usersFile: UploadedFile, orgsFile: UploadedFile, rolesFile: UploadedFile | undefined, manifest: UploadedFile | undefined, fileName: string): Promise<ImportTable> {
  const users = await records(usersFile);
  const orgs = new Map((await records(orgsFile)).map((o) => [o.sourcedId ?? '', o]));
  const manifestVersion = manifest ? (await records(manifest)).find((r) => (r.propertyName ?? '').toLowerCase() === 'oneroster.version')?.value : undefined;
  const v12 = manifestVersion ? manifestVersion.startsWith('1.2') : !!rolesFile;
  // Roles: 1.2 lists them in roles.csv (primary first); 1.1 has `role` and `orgSourcedIds` on the user.
  const roleOf = new Map<string, { role: string; org: string }>();
  if (rolesFile) {
    const roles = (await records(rolesFile)).filter((r) => (r.status ?? 'active').toLowerCase() !== 'tobedeleted');
    roles.sort((a, b) => Number((b.roleType ?? '').toLowerCase() === 'primary') - Number((a.roleType ?? '').toLowerCase() === 'primary'));
    for (const r of roles) {
      const user = r.userSourcedId ?? '';
      const current = roleOf.get(user);
      const isStaff = (role: string) => role.toLowerCase() in ONEROSTER_STAFF_ROLES;
      if (!current || (!isStaff(current.role) && isStaff(r.role ?? ''))) roleOf.set(user, { role: r.role ?? '', org: r.orgSourcedId ?? '' });
    }
  }
  const rows: CsvRow[] = [];
  let skipped = 0;
  for (const [i, u] of users.entries()) {
    if (i % 2000 === 1999) await nextTurn();
    const fromRoles = roleOf.get(u.sourcedId ?? '');
    const role = fromRoles?.role ?? u.role ?? '';
    const status = (u.status ?? '').toLowerCase();
    if (!(role.toLowerCase() in ONEROSTER_STAFF_ROLES) || status === 'tobedeleted') {
      skipped += 1;
      continue;
    }
    // The school: the role's org, else the user's first org (1.1 `orgSourcedIds`, 1.2 `primaryOrg`) that is a school.
    const candidates = [fromRoles?.org, u.primaryOrg, ...(u.orgSourcedIds ?? '').split(',')].map((s) => (s ?? '').trim()).filter(Boolean);
    const org = candidates.map((id) => orgs.get(id)).find((o) => o && (o.type ?? 'school').toLowerCase() === 'school')
      ?? candidates.map((id) => orgs.get(id)).find(Boolean);
    rows.push({
      rowNumber: i + 2,
      cells: [u.sourcedId ?? '', u.givenName ?? '', u.familyName ?? '', u.email ?? '', u.identifier ?? '', role, u.grades ?? '',
        org?.identifier ?? '', org?.name ?? ''],
    });
  }
  if (rows.length > IMPORT_MAX_ROWS) throw validationError({ file: [IMPORT_MESSAGES.tooManyRows] });
  if (!rows.length) throw validationError({ file: ['The OneRoster users.csv has no staff (teachers, aides, administrators, counselors).'] });
  return { fileName, format: v12 ? 'oneroster-1.2' : 'oneroster-1.1', headers: ONEROSTER_HEADERS, rows: inSlices(rows), skipped };
}

/** The rows, with a turn of the event loop every 500 (createImport writes them as they come). */
async function* inSlices(rows: CsvRow[]): AsyncGenerator<CsvRow> {
  for (let at = 0; at < rows.length; at += 500) {
    await nextTurn();
    yield* rows.slice(at, at + 500);
  }
}
