// The staff import's plan: what each row would do (create, update, leave unchanged, or its errors in
// words a secretary understands), worked out from the rows, the mapping and the district's roster as
// it is now. Pure: the preview answers it, the run recomputes it inside its transaction and writes it,
// both a page of rows at a time (staffPlanner).
import { GRADE_LEVELS, POSITIONS, SUBJECTS } from '../../../common/schemas/staff';
import { STAFF_IMPORT_FIELDS, type ImportRowError, type StaffImportField } from '../../../common/schemas/imports';
import { isIsoDate } from '../../../common/schemas/query';
import { pluralWord } from '../../../common/plural';

/** The columns an educator on the roster and a row's values both have, as stored. */
interface StaffIdentity {
  first_name: string;
  last_name: string;
  email: string | null;
  employee_id: string | null;
  source_id: string | null;
  position: string | null;
}

export interface RosterEducator extends StaffIdentity {
  id: number;
  grade_levels: string;
  subjects: string;
  hire_date: string | null;
  status: 'active' | 'inactive';
  /** The open building history row, if any. */
  building_id: number | null;
  building_start: string | null;
}

export interface RosterSchool {
  id: number;
  name: string;
  code: string | null;
}

export interface StaffValues extends StaffIdentity {
  grade_levels: string[] | null;
  subjects: string[] | null;
  hire_date: string | null;
}

export type PlannedRow =
  | { rowNumber: number; kind: 'error'; errors: ImportRowError[]; matchId: number | null }
  | { rowNumber: number; kind: 'create'; values: StaffValues; school: SchoolChoice; startDate: string }
  | { rowNumber: number; kind: 'update'; id: number; changes: Partial<StaffValues>; reactivate: boolean; move: { school: SchoolChoice; startDate: string; closeRow: boolean } | null; setSourceId: string | null }
  | { rowNumber: number; kind: 'unchanged'; id: number };

/** An existing school, or one the run creates (create missing schools). */
export type SchoolChoice = { id: number } | { create: { name: string; code: string | null } };

export interface PlanOptions {
  fullSync: boolean;
  createMissingSchools: boolean;
  today: string;
}

const label = (field: StaffImportField) => STAFF_IMPORT_FIELDS.find((f) => f.key === field)!.label;
const lower = (s: string) => s.trim().toLowerCase();
const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]{2,}$/;

const POSITION_WORDS: Record<string, string> = {
  teacher: 'Classroom Teacher', 'classroom teacher': 'Classroom Teacher', 'sped teacher': 'Special Education Teacher',
  'special education': 'Special Education Teacher', interventionist: 'Interventionist', 'el teacher': 'English Learner Teacher',
  'ell teacher': 'English Learner Teacher', 'esl teacher': 'English Learner Teacher', aide: 'Instructional Aide',
  paraprofessional: 'Instructional Aide', para: 'Instructional Aide', counselor: 'Counselor', librarian: 'Librarian / Media Specialist',
  'media specialist': 'Librarian / Media Specialist', 'assistant principal': 'Assistant Principal', administrator: 'Other',
  principal: 'Other', siteadministrator: 'Other', districtadministrator: 'Other', systemadministrator: 'Other', proctor: 'Other',
};

export function normalisePosition(raw: string): string | undefined {
  const v = lower(raw);
  return POSITIONS.find((p) => p.toLowerCase() === v) ?? POSITION_WORDS[v];
}

const GRADE_WORDS: Record<string, string> = {
  pk: 'PK', prek: 'PK', 'pre-k': 'PK', ps: 'PK', tk: 'PK', pr: 'PK', it: 'PK', k: 'K', kg: 'K', kindergarten: 'K', 'k5': 'K',
};
/** Grade codes OneRoster allows that have no place in PK–12: left out without an error. */
const GRADES_IGNORED = new Set(['ug', 'other', '13', 'ps1', 'ps2', 'ps3']);

export function normaliseGrades(raw: string): { grades: string[]; bad: string[] } {
  const grades: string[] = [];
  const bad: string[] = [];
  for (const part of raw.split(/[,;|/]|\s+/).map((s) => s.trim()).filter(Boolean)) {
    const v = lower(part);
    if (GRADES_IGNORED.has(v)) continue;
    const g = GRADE_WORDS[v] ?? (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 12 ? String(Number(v)) : undefined)
      ?? GRADE_LEVELS.find((x) => x.toLowerCase() === v.replace(/(st|nd|rd|th)$/, ''));
    if (g === undefined) bad.push(part);
    else if (!grades.includes(g)) grades.push(g);
  }
  grades.sort((a, b) => GRADE_LEVELS.indexOf(a as never) - GRADE_LEVELS.indexOf(b as never));
  return { grades, bad };
}

export function normaliseSubjects(raw: string): { subjects: string[]; bad: string[] } {
  const subjects: string[] = [];
  const bad: string[] = [];
  for (const part of raw.split(/[;|]/).map((s) => s.trim()).filter(Boolean)) {
    const s = SUBJECTS.find((x) => x.toLowerCase() === part.toLowerCase()) ?? SUBJECTS.find((x) => x.toLowerCase().startsWith(part.toLowerCase()) && part.length >= 4);
    if (!s) bad.push(part);
    else if (!subjects.includes(s)) subjects.push(s);
  }
  return { subjects, bad };
}

/** YYYY-MM-DD, M/D/YYYY (US spreadsheets) or M/D/YY; undefined when not a real date. */
export function normaliseDate(raw: string): string | undefined {
  const v = raw.trim();
  if (isIsoDate(v)) return v;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(v);
  if (us) {
    const year = us[3]!.length === 2 ? 2000 + Number(us[3]) - (Number(us[3]) > 50 ? 100 : 0) : Number(us[3]);
    const iso = `${String(year).padStart(4, '0')}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
    if (isIsoDate(iso)) return iso;
  }
  const isoTime = /^(\d{4}-\d{2}-\d{2})T/.exec(v);
  if (isoTime && isIsoDate(isoTime[1]!)) return isoTime[1];
  return undefined;
}

const sameList = (json: string, list: string[]) => {
  try {
    const a = JSON.parse(json) as string[];
    return a.length === list.length && a.every((x, i) => x === list[i]);
  } catch {
    return false;
  }
};

/** One stored row of the file: its spreadsheet row number and its cells in header order. */
export interface ImportCells {
  rowNumber: number;
  cells: string[];
}

/**
 * The plan of a staff import, worked out a page of rows at a time so a 50 000-row file is never held
 * whole in memory (nor its plan): `note` every row first (keys repeated within the file and the
 * educators the file matches, which full sync needs before anything is written), then `plan` each
 * row, in file order. `mapping` is header → field; `headers` the file's headers in cell order.
 */
export interface StaffPlanner {
  /** The cells `note` reads (the key columns): the first pass needs only these. */
  noteColumns: number[];
  /** First pass: remembers the row's keys and the educator it matches. */
  note(row: ImportCells): void;
  /** Educators a full sync deactivates (active, matched by no row); empty without full sync. After every row was noted. */
  deactivations(): number[];
  /** Second pass: what the row does. */
  plan(row: ImportCells): PlannedRow;
  /** Schools the planned rows create (create missing schools), in the order first met. */
  schoolsToCreate(): { name: string; code: string | null }[];
}

/** Row numbers of a key: the first, or every one once it repeats (most keys appear once: no array for them). */
type Seen = Map<string, number | number[]>;

export function staffPlanner(
  headers: string[],
  mapping: Record<string, string>,
  roster: RosterEducator[],
  schools: RosterSchool[],
  options: PlanOptions,
): StaffPlanner {
  const columnOf = new Map<string, number>();
  const headerOf = new Map<string, string>();
  headers.forEach((h, i) => {
    const field = mapping[h];
    if (field) {
      columnOf.set(field, i);
      headerOf.set(field, h);
    }
  });
  const cell = (cells: string[], field: StaffImportField) => {
    const i = columnOf.get(field);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const column = (field: StaffImportField) => headerOf.get(field) ?? label(field);

  const bySource = new Map<string, RosterEducator>();
  const byEmployee = new Map<string, RosterEducator>();
  const byEmail = new Map<string, RosterEducator>();
  for (const e of roster) {
    if (e.source_id) bySource.set(e.source_id, e);
    if (e.employee_id) byEmployee.set(lower(e.employee_id), e);
    if (e.email) byEmail.set(lower(e.email), e);
  }
  const schoolByCode = new Map<string, RosterSchool>();
  const schoolByName = new Map<string, RosterSchool>();
  for (const s of schools) {
    if (s.code) schoolByCode.set(lower(s.code), s);
    schoolByName.set(lower(s.name), s);
  }
  // Who a row is: sourcedId first, then employee ID, then email.
  const matchOf = (sourceId: string, employeeId: string, emailRaw: string) =>
    (sourceId && bySource.get(sourceId)) || (employeeId && byEmployee.get(lower(employeeId))) || (emailRaw && byEmail.get(lower(emailRaw))) || null;

  // Keys appearing on several rows: each such row gets an error naming the others.
  const seen: Record<'source_id' | 'employee_id' | 'email', Seen> = { source_id: new Map(), employee_id: new Map(), email: new Map() };
  const keyOf = (cells: string[], key: keyof typeof seen) => (key === 'source_id' ? cell(cells, key) : lower(cell(cells, key)));
  const matched = new Set<number>();
  const note = (r: ImportCells) => {
    for (const key of ['source_id', 'employee_id', 'email'] as const) {
      const v = keyOf(r.cells, key);
      if (!v) continue;
      const before = seen[key].get(v);
      seen[key].set(v, before === undefined ? r.rowNumber : typeof before === 'number' ? [before, r.rowNumber] : (before.push(r.rowNumber), before));
    }
    const match = matchOf(cell(r.cells, 'source_id'), cell(r.cells, 'employee_id'), cell(r.cells, 'email'));
    if (match) matched.add(match.id);
  };
  const otherRows = (key: keyof typeof seen, v: string, rowNumber: number): number[] => {
    const rows = v ? seen[key].get(v) : undefined;
    return Array.isArray(rows) ? rows.filter((n) => n !== rowNumber) : [];
  };

  const toCreate = new Map<string, { name: string; code: string | null }>();
  const usedToCreate = new Set<string>();
  const plan = (r: ImportCells): PlannedRow => {
    const errors: ImportRowError[] = [];
    const err = (field: StaffImportField | null, message: string) => errors.push({ column: field ? column(field) : null, message });
    const first = cell(r.cells, 'first_name');
    const last = cell(r.cells, 'last_name');
    const emailRaw = cell(r.cells, 'email');
    const employeeId = cell(r.cells, 'employee_id');
    const sourceId = cell(r.cells, 'source_id');

    const match = matchOf(sourceId, employeeId, emailRaw);

    if (!first) err('first_name', 'First name is empty.');
    else if (first.length > 80) err('first_name', 'First name is longer than 80 characters.');
    if (!last) err('last_name', 'Last name is empty.');
    else if (last.length > 80) err('last_name', 'Last name is longer than 80 characters.');
    if (emailRaw && (!EMAIL.test(emailRaw) || emailRaw.length > 254)) err('email', `“${emailRaw}” is not an email address.`);
    if (employeeId.length > 40) err('employee_id', 'Employee ID is longer than 40 characters.');
    if (sourceId.length > 255) err('source_id', 'Source ID is longer than 255 characters.');
    for (const key of ['source_id', 'employee_id', 'email'] as const) {
      const others = otherRows(key, keyOf(r.cells, key), r.rowNumber);
      if (others.length) {
        const what = key === 'email' ? 'This email' : key === 'employee_id' ? 'This employee ID' : 'This source ID';
        err(key, `${what} also appears on ${pluralWord(others.length, 'row', 'rows')} ${others.slice(0, 5).join(', ')}${others.length > 5 ? '…' : ''}.`);
      }
    }
    // A key that belongs to another educator than the one this row matched.
    if (match) {
      const emailOwner = emailRaw ? byEmail.get(lower(emailRaw)) : undefined;
      if (emailOwner && emailOwner.id !== match.id) err('email', `This email belongs to another educator, ${emailOwner.first_name} ${emailOwner.last_name}.`);
      const idOwner = employeeId ? byEmployee.get(lower(employeeId)) : undefined;
      if (idOwner && idOwner.id !== match.id) err('employee_id', `This employee ID belongs to another educator, ${idOwner.first_name} ${idOwner.last_name}.`);
      if (sourceId && match.source_id && match.source_id !== sourceId && !bySource.get(sourceId)) {
        // Matched by employee ID or email, but the roster knows this educator under another source ID.
        err('source_id', `This educator is already linked to source ID “${match.source_id}”.`);
      }
    }

    const positionRaw = cell(r.cells, 'position');
    const position = positionRaw ? normalisePosition(positionRaw) : null;
    if (position === undefined) err('position', `“${positionRaw}” is not a position we know. Use one of: ${POSITIONS.join(', ')}.`);
    const gradesRaw = cell(r.cells, 'grade_levels');
    const grades = gradesRaw ? normaliseGrades(gradesRaw) : null;
    if (grades?.bad.length) err('grade_levels', `${grades.bad.map((g) => `“${g}”`).join(', ')} ${pluralWord(grades.bad.length, 'is not a grade', 'are not grades')}: use PK, K and 1–12.`);
    const subjectsRaw = cell(r.cells, 'subjects');
    const subjects = subjectsRaw ? normaliseSubjects(subjectsRaw) : null;
    if (subjects?.bad.length) err('subjects', `${subjects.bad.map((s) => `“${s}”`).join(', ')} ${pluralWord(subjects.bad.length, 'is not a subject', 'are not subjects')} we know. Separate subjects with semicolons (;).`);
    const hireRaw = cell(r.cells, 'hire_date');
    const hire = hireRaw ? normaliseDate(hireRaw) : null;
    if (hire === undefined) err('hire_date', `“${hireRaw}” is not a date. Write dates as 2026-08-15 or 8/15/2026.`);
    const startRaw = cell(r.cells, 'start_date');
    const start = startRaw ? normaliseDate(startRaw) : options.today;
    if (start === undefined) err('start_date', `“${startRaw}” is not a date. Write dates as 2026-08-15 or 8/15/2026.`);

    // The school: by code, then by name (either column may hold either).
    const schoolName = cell(r.cells, 'school');
    const schoolCode = cell(r.cells, 'school_code');
    let school: SchoolChoice | null = null;
    if (schoolName || schoolCode) {
      const found = (schoolCode && (schoolByCode.get(lower(schoolCode)) ?? schoolByName.get(lower(schoolCode))))
        || (schoolName && (schoolByName.get(lower(schoolName)) ?? schoolByCode.get(lower(schoolName)))) || null;
      if (found) school = { id: found.id };
      else if (options.createMissingSchools && schoolName) {
        const key = lower(schoolName);
        if (!toCreate.has(key)) toCreate.set(key, { name: schoolName.slice(0, 120), code: schoolCode || null });
        school = { create: toCreate.get(key)! };
      } else {
        const shown = schoolName || schoolCode;
        err(schoolName ? 'school' : 'school_code', `“${shown}” is not one of the district’s schools. Check the spelling, add the school in Site settings, or choose to create missing schools.`);
      }
    } else if (!match) {
      err(columnOf.has('school') || !columnOf.has('school_code') ? 'school' : 'school_code', 'School is empty: a new educator needs a school.');
    }

    if (errors.length) return { rowNumber: r.rowNumber, kind: 'error', errors, matchId: match?.id ?? null };

    const values: StaffValues = {
      first_name: first, last_name: last, email: emailRaw ? lower(emailRaw) : null, employee_id: employeeId || null, source_id: sourceId || null,
      position: position ?? null, grade_levels: grades?.grades ?? null, subjects: subjects?.subjects ?? null, hire_date: hire ?? null,
    };
    if (!match) {
      const chosen = school!;
      if ('create' in chosen) usedToCreate.add(lower(chosen.create.name));
      return { rowNumber: r.rowNumber, kind: 'create', values, school: chosen, startDate: start! };
    }

    // An update changes only what the file says: an empty cell leaves the field as it is.
    const changes: Partial<StaffValues> = {};
    if (values.first_name !== match.first_name) changes.first_name = values.first_name;
    if (values.last_name !== match.last_name) changes.last_name = values.last_name;
    if (values.email !== null && values.email !== match.email) changes.email = values.email;
    if (values.employee_id !== null && values.employee_id !== match.employee_id) changes.employee_id = values.employee_id;
    if (values.position !== null && values.position !== match.position) changes.position = values.position;
    if (values.grade_levels !== null && !sameList(match.grade_levels, values.grade_levels)) changes.grade_levels = values.grade_levels;
    if (values.subjects !== null && !sameList(match.subjects, values.subjects)) changes.subjects = values.subjects;
    if (values.hire_date !== null && values.hire_date !== match.hire_date) changes.hire_date = values.hire_date;
    const setSourceId = values.source_id !== null && values.source_id !== match.source_id ? values.source_id : null;
    const reactivate = match.status === 'inactive';
    let move: Extract<PlannedRow, { kind: 'update' }>['move'] = null;
    if (school && !('id' in school && school.id === match.building_id)) {
      if (match.building_start && start! <= match.building_start) {
        return {
          rowNumber: r.rowNumber, kind: 'error', matchId: match.id,
          errors: [{ column: column('start_date'), message: `To move this educator to another school, the start date must be after ${match.building_start}, when they started at their current school.` }],
        };
      }
      move = { school, startDate: start!, closeRow: match.building_id !== null };
      if ('create' in school) usedToCreate.add(lower(school.create.name));
    }
    if (!Object.keys(changes).length && !setSourceId && !reactivate && !move) return { rowNumber: r.rowNumber, kind: 'unchanged', id: match.id };
    return { rowNumber: r.rowNumber, kind: 'update', id: match.id, changes, reactivate, move, setSourceId };
  };

  return {
    noteColumns: (['source_id', 'employee_id', 'email'] as const).flatMap((f) => (columnOf.has(f) ? [columnOf.get(f)!] : [])),
    note,
    plan,
    deactivations: () => (options.fullSync ? roster.filter((e) => e.status === 'active' && !matched.has(e.id)).map((e) => e.id) : []),
    schoolsToCreate: () => [...toCreate.entries()].filter(([k]) => usedToCreate.has(k)).map(([, v]) => v),
  };
}
