// Export and import (issue 12): the staff import's fields and how headers are recognised, the
// request schemas of mapping, preview and run, the answer shapes and the messages, word for word.
import * as z from 'zod/mini';
import { planFeatureMessage } from '../plans';
import { plural } from '../plural';
import { optionalIsoDate } from './query';

/** Limits of one upload: the file (or zip) size and the data rows of the file. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** Uploads a person may make in an hour (each parses a file of up to 10 MB). */
export const IMPORT_UPLOADS_PER_HOUR = 30;

export const IMPORT_KINDS = ['staff', 'users'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_STATUSES = ['pending', 'running', 'completed', 'failed', 'interrupted'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const ROW_OUTCOMES = ['pending', 'created', 'updated', 'unchanged', 'error', 'skipped'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

/** A field of the staff import, what its column is called in words, and the headers it is recognised by. */
export interface ImportField {
  key: string;
  label: string;
  headers: string[];
}

export const STAFF_IMPORT_FIELDS = [
  { key: 'source_id', label: 'Source ID (OneRoster sourcedId)', headers: ['sourcedid', 'sourceid', 'sisid', 'externalid', 'oneroster id'] },
  { key: 'first_name', label: 'First name', headers: ['firstname', 'givenname', 'first', 'forename', 'prenom'] },
  { key: 'last_name', label: 'Last name', headers: ['lastname', 'familyname', 'surname', 'last', 'nom'] },
  { key: 'email', label: 'Email', headers: ['email', 'emailaddress', 'e-mail', 'workemail', 'mail'] },
  { key: 'employee_id', label: 'Employee ID', headers: ['employeeid', 'employeenumber', 'employeeno', 'empid', 'staffid', 'staffnumber', 'identifier', 'employee'] },
  { key: 'position', label: 'Position', headers: ['position', 'role', 'title', 'jobtitle', 'job'] },
  { key: 'grade_levels', label: 'Grade levels', headers: ['gradelevels', 'grades', 'gradelevel', 'grade'] },
  { key: 'subjects', label: 'Subjects', headers: ['subjects', 'subject', 'content area', 'contentareas'] },
  { key: 'hire_date', label: 'Hire date', headers: ['hiredate', 'datehired', 'hired'] },
  { key: 'school', label: 'School name', headers: ['school', 'schoolname', 'building', 'buildingname', 'campus', 'site', 'location', 'orgname'] },
  { key: 'school_code', label: 'School code', headers: ['schoolcode', 'buildingcode', 'schoolid', 'schoolnumber', 'orgidentifier', 'sitecode'] },
  { key: 'start_date', label: 'Start date at the school', headers: ['startdate', 'effectivedate', 'schoolstartdate'] },
] as const satisfies readonly ImportField[];

export const USER_IMPORT_FIELDS = [
  { key: 'name', label: 'Name', headers: ['name', 'fullname', 'displayname'] },
  { key: 'first_name', label: 'First name', headers: ['firstname', 'givenname', 'first'] },
  { key: 'last_name', label: 'Last name', headers: ['lastname', 'familyname', 'surname', 'last'] },
  { key: 'email', label: 'Email', headers: ['email', 'emailaddress', 'e-mail', 'mail'] },
  { key: 'role', label: 'Role', headers: ['role', 'roles', 'usertype', 'type'] },
  { key: 'schools', label: 'Schools', headers: ['schools', 'school', 'buildings', 'building', 'sites'] },
] as const satisfies readonly ImportField[];

export type StaffImportField = (typeof STAFF_IMPORT_FIELDS)[number]['key'];
export type UserImportField = (typeof USER_IMPORT_FIELDS)[number]['key'];

export const fieldsOfKind = (kind: ImportKind): readonly ImportField[] => (kind === 'staff' ? STAFF_IMPORT_FIELDS : USER_IMPORT_FIELDS);

/** A header reduced to letters and digits, lower-case: "First Name", "first_name" and "FIRST-NAME" read the same. */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The field each header is recognised as (each field at most once, the first matching column wins). */
export function recogniseHeaders(kind: ImportKind, headers: readonly string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  for (const header of headers) {
    const h = normaliseHeader(header);
    const field = fieldsOfKind(kind).find((f) => !taken.has(f.key) && (normaliseHeader(f.label) === h || f.headers.some((x) => normaliseHeader(x) === h)));
    if (field) {
      mapping[header] = field.key;
      taken.add(field.key);
    }
  }
  return mapping;
}

export const IMPORT_MESSAGES = {
  needsPermission: 'Importing educators needs the “add staff” permission for the whole district. Ask your district administrator.',
  /** The plan gates' 403s (server/access/guards.ts requireFeature). */
  needsPlan: planFeatureMessage('csv-import'),
  readNeedsPermission: 'Only people who can add educators for the whole district can see imports.',
  exportStaffNeedsDistrict: 'The educators export covers the whole district, and your access covers only your own schools. Ask your district administrator for the file.',
  exportUsersNeedsPermission: 'Only people who manage users can export the district’s users.',
  exportInteractionsNeedsDistrict: 'The interactions export covers the whole district, and your access covers only part of it. Ask your district administrator for the file.',
  exportSkillsNeedsDistrict: 'The skill ratings export covers the whole district, and your access covers only part of it. Ask your district administrator for the file.',
  exportSkillsNeedsPlan: planFeatureMessage('skill-mapping'),
  notFound: 'We could not find that import.',
  noFile: 'Choose a CSV file (or a OneRoster zip) to upload, or paste the rows.',
  tooLarge: 'The file is larger than 10 MB. Split it into smaller files and upload them one at a time.',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files and upload them one at a time.`,
  empty: 'The file has no rows under its header row.',
  noHeader: 'The file is empty: its first row should name the columns.',
  unsupportedType: 'Upload a CSV file, a OneRoster zip, or OneRoster users.csv with orgs.csv.',
  badZip: 'The zip file could not be opened. Save it again and upload it once more.',
  /** Unpacking the zip ran past its worker's time or memory limit (server/features/imports/sources.ts). */
  zipTooCostly: 'The zip file could not be opened within our limits. Unzip it and upload its users.csv and orgs.csv (and roles.csv) instead.',
  oneRosterNeedsOrgs: 'A OneRoster upload needs orgs.csv beside users.csv, so educators can be placed in their schools.',
  oneRosterNeedsUsers: 'The OneRoster files have no users.csv.',
  zipNoCsv: 'The zip holds no CSV file we recognise: it should hold OneRoster users.csv and orgs.csv.',
  notPending: 'This import has already run. Upload the file again to run it again.',
  running: 'This import is running.',
  hasErrors: (n: number) => `${plural(n, 'row has', 'rows have')} errors. Fix the file and upload it again, or choose to skip invalid rows.`,
  confirmDeactivations: (n: number) => `Full sync deactivates ${plural(n, 'educator', 'educators')} missing from the file: confirm that number to run it.`,
  deactivationsChanged: (n: number) => `The number of educators to deactivate is now ${n}. Preview again and confirm the new number.`,
  mappingUnknownField: (header: string) => `Choose what the column “${header}” holds from the list.`,
  mappingUnknownColumn: (header: string) => `The file has no column “${header}”.`,
  mappingTwice: (label: string) => `${label} is chosen for more than one column.`,
  mappingNeeds: (labels: string) => `Choose the columns for ${labels}.`,
  mappingNeedsKey: 'Choose a column for Source ID, Employee ID or Email, so the import can tell whether an educator is already on the roster.',
  previewFirst: 'Preview the import before running it.',
} as const;

const bool = (label: string) => z._default(z.boolean({ error: `${label} must be true or false.` }), false);

/** PUT /api/import/{id}/mapping: which field each column holds ('' = ignore) and the options. */
export const importMappingSchema = z.object({
  mapping: z.record(z.string(), z.string({ error: 'Each column maps to a field name, or to nothing.' }), { error: 'Mapping must list the columns and their fields.' }),
  full_sync: bool('Full sync'),
  skip_invalid: bool('Skip invalid rows'),
  create_missing_schools: bool('Create missing schools'),
  send_invites: bool('Send invitations'),
});
export type ImportMappingInput = z.input<typeof importMappingSchema>;

/** POST /api/import/{id}/run: the number of deactivations the person confirmed (full sync only). */
export const importRunSchema = z.object({
  confirm_deactivations: z.optional(z.int({ error: 'Confirm the number of educators to deactivate.' }).check(z.minimum(0, 'Confirm the number of educators to deactivate.'))),
});

export const importRowsQuerySchema = z.object({
  outcome: z.optional(z.enum([...ROW_OUTCOMES, 'all'], { error: `Outcome must be one of ${ROW_OUTCOMES.join(', ')} or all.` })),
});

export interface ImportCounts {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: number;
  skipped: number;
  deactivated: number;
}

/** One import, as GET /api/import/{id} answers it. */
export interface ImportSummary {
  id: number;
  kind: ImportKind;
  file_name: string;
  format: 'csv' | 'oneroster-1.1' | 'oneroster-1.2';
  mode: 'add-update' | 'full-sync';
  options: { skip_invalid: boolean; create_missing_schools: boolean; send_invites: boolean };
  status: ImportStatus;
  headers: string[];
  mapping: Record<string, string>;
  counts: ImportCounts;
  failure: string | null;
  created_by: { id: number; name: string } | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** POST /api/import/{id}/preview: what running it would do, nothing written. */
export interface ImportPreview {
  counts: { total: number; new: number; updated: number; unchanged: number; errors: number; skipped: number; to_deactivate: number };
  schools_to_create: string[];
}

export interface ImportRowError {
  column: string | null;
  message: string;
}

export interface ImportRowItem {
  row_number: number;
  values: Record<string, string>;
  outcome: RowOutcome;
  errors: ImportRowError[];
  record_id: number | null;
}

/**
 * GET /api/export/interactions.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: days in the district's timezone,
 * inclusive; either may be left out (no bound on that side).
 */
export const interactionExportQuerySchema = z.object({
  from: optionalIsoDate('From'),
  to: optionalIsoDate('To'),
}).check(z.refine((q) => q.from === null || q.to === null || q.from <= q.to, { path: ['to'], message: 'To must be on or after From.' }));
