// "Paste from spreadsheet": a block of rows copied from Excel, Google Sheets or Numbers (tab-separated,
// cells with tabs, quotes or line breaks wrapped in quotes) → rows of the Add Educators form.
// With a header row the columns may come in any order; without one they are read in the order
// First name, Last name, Email, Employee ID, Position, Grades, Subjects, School, Start date.
import { POSITIONS, SUBJECTS } from '../../../common/staffValues';
import { isoDay } from '../../lib/dates';
import { parseGrades } from './grades';
import type { DraftValues, RowErrors, RowField } from './rows';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  pasteNoPosition: { id: 'staff.pasteNoPosition', defaultMessage: '{value} is not one of the positions. Choose one from the list.' },
  pasteNoGrades: { id: 'staff.pasteNoGrades', defaultMessage: 'We could not read {values} as grade levels. Check the grades.' },
  pasteNoSubjects: { id: 'staff.pasteNoSubjects', defaultMessage: '{values} {count, plural, one {is} other {are}} not in the subject list. Check the subjects.' },
  pasteNoSchool: { id: 'staff.pasteNoSchool', defaultMessage: 'We could not match {value} to one of your schools. Choose a school.' },
  pasteNoDate: { id: 'staff.pasteNoDate', defaultMessage: '{value} is not a date we can read. Choose the date.' },
});

export type PasteColumn = RowField | 'name';

export const PASTE_COLUMN_ORDER: RowField[] = ['first_name', 'last_name', 'email', 'employee_id', 'position', 'grade_levels', 'subjects', 'building_id', 'start_date'];

const HEADER_NAMES: Record<string, PasteColumn> = {
  firstname: 'first_name', first: 'first_name', givenname: 'first_name', fname: 'first_name', preferredname: 'first_name',
  lastname: 'last_name', last: 'last_name', surname: 'last_name', familyname: 'last_name', lname: 'last_name',
  name: 'name', fullname: 'name', educator: 'name', educatorname: 'name', teacher: 'name', teachername: 'name', staffname: 'name',
  email: 'email', emailaddress: 'email', workemail: 'email', schoolemail: 'email',
  employeeid: 'employee_id', employeeno: 'employee_id', employeenumber: 'employee_id', empid: 'employee_id', staffid: 'employee_id', id: 'employee_id', employee: 'employee_id',
  position: 'position', role: 'position', jobtitle: 'position', title: 'position',
  grades: 'grade_levels', grade: 'grade_levels', gradelevels: 'grade_levels', gradelevel: 'grade_levels', gradestaught: 'grade_levels',
  subjects: 'subjects', subject: 'subjects', contentarea: 'subjects', contentareas: 'subjects', subjectstaught: 'subjects',
  school: 'building_id', building: 'building_id', campus: 'building_id', site: 'building_id', schoolname: 'building_id', location: 'building_id',
  startdate: 'start_date', start: 'start_date', effectivedate: 'start_date', startdateatschool: 'start_date',
  hiredate: 'hire_date', hired: 'hire_date', datehired: 'hire_date', dateofhire: 'hire_date',
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Splits delimited text into rows of trimmed cells. Quoted cells may hold the delimiter, line breaks
 * and doubled quotes (""); Windows (\r\n) and old Mac (\r) line endings are accepted; blank rows are dropped.
 */
export function splitDelimited(text: string, delimiter = '\t'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  let cellStart = true;
  const endCell = () => {
    row.push(cell.trim());
    cell = '';
    cellStart = true;
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else if (ch === '\r') {
        cell += '\n';
        if (text[i + 1] === '\n') i++;
      } else {
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cellStart && cell.trim() === '') {
      inQuotes = true;
      cell = '';
      cellStart = false;
    } else if (ch === delimiter) {
      endCell();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else {
      cell += ch;
      if (ch !== ' ') cellStart = false;
    }
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows.filter((r) => r.some((c) => c !== ''));
}

/** Tab-separated unless the first line has no tab but has commas (a CSV pasted from a text file). */
export function detectDelimiter(text: string): '\t' | ',' {
  const first = text.split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
  return !first.includes('\t') && first.includes(',') ? ',' : '\t';
}

/** The column of each cell when the row is a header row (at least two names we know), else null. */
export function headerColumns(cells: string[]): (PasteColumn | null)[] | null {
  const columns = cells.map((c) => HEADER_NAMES[squash(c)] ?? null);
  return columns.filter(Boolean).length >= 2 ? columns : null;
}

// ---------------------------------------------------------------------------- value matching

/** Shorthand used in rosters, squashed (lowercase letters and digits only). */
const WORD_EXPANSIONS: Record<string, string> = { hs: 'high', ms: 'middle', es: 'elementary', elem: 'elementary', jr: 'junior', sr: 'senior', st: 'saint', mt: 'mount' };
const FILLER = new Set(['school', 'the', 'of', 'sch']);

function schoolTokens(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => WORD_EXPANSIONS[t] ?? t)
    .filter((t) => !FILLER.has(t));
}

export interface SchoolOption {
  id: number;
  name: string;
  code?: string | null;
}

/**
 * The school a pasted name means: its exact name or code, then the same words ignoring "School" and
 * shorthand (HS, MS, Elem.), then the only school whose name holds every pasted word. Null when unsure.
 */
export function matchSchool(raw: string, schools: readonly SchoolOption[]): number | null {
  const text = raw.trim();
  if (!text) return null;
  const exact = schools.filter((s) => squash(s.name) === squash(text) || (s.code && squash(s.code) === squash(text)));
  if (exact.length === 1) return exact[0]!.id;
  const want = schoolTokens(text);
  if (want.length === 0) return null;
  const same = schools.filter((s) => schoolTokens(s.name).join(' ') === want.join(' '));
  if (same.length === 1) return same[0]!.id;
  const holding = schools.filter((s) => {
    const have = schoolTokens(s.name);
    return want.every((w) => have.some((h) => h === w || (w.length >= 3 && h.startsWith(w))));
  });
  return holding.length === 1 ? holding[0]!.id : null;
}

/** Exact (ignoring case and punctuation), then an alias, then the only option starting with / holding the text. */
function matchOption<T extends string>(raw: string, options: readonly T[], aliases: Record<string, T>): T | null {
  const key = squash(raw);
  if (!key) return null;
  const exact = options.find((o) => squash(o) === key);
  if (exact) return exact;
  if (aliases[key]) return aliases[key]!;
  const prefix = options.filter((o) => squash(o).startsWith(key));
  if (prefix.length === 1) return prefix[0]!;
  if (key.length < 4) return null;
  const holding = options.filter((o) => squash(o).includes(key));
  return holding.length === 1 ? holding[0]! : null;
}

type Position = (typeof POSITIONS)[number];
type Subject = (typeof SUBJECTS)[number];

const POSITION_ALIASES: Record<string, Position> = {
  teacher: 'Classroom Teacher', classroom: 'Classroom Teacher', generaleducationteacher: 'Classroom Teacher', gened: 'Classroom Teacher', genedteacher: 'Classroom Teacher',
  sped: 'Special Education Teacher', spedteacher: 'Special Education Teacher', specialed: 'Special Education Teacher', specialedteacher: 'Special Education Teacher', specialeducation: 'Special Education Teacher',
  ell: 'English Learner Teacher', ellteacher: 'English Learner Teacher', esl: 'English Learner Teacher', eslteacher: 'English Learner Teacher', el: 'English Learner Teacher', elteacher: 'English Learner Teacher', esol: 'English Learner Teacher',
  aide: 'Instructional Aide', para: 'Instructional Aide', paraprofessional: 'Instructional Aide', paraeducator: 'Instructional Aide', teacheraide: 'Instructional Aide',
  schoolcounselor: 'Counselor', guidancecounselor: 'Counselor', librarian: 'Librarian / Media Specialist', mediaspecialist: 'Librarian / Media Specialist',
  ap: 'Assistant Principal', viceprincipal: 'Assistant Principal', vp: 'Assistant Principal', interventionspecialist: 'Interventionist', readinginterventionist: 'Interventionist', mathinterventionist: 'Interventionist',
};

const SUBJECT_ALIASES: Record<string, Subject> = {
  ela: 'English Language Arts', english: 'English Language Arts', reading: 'English Language Arts', literacy: 'English Language Arts', languagearts: 'English Language Arts', writing: 'English Language Arts',
  math: 'Mathematics', maths: 'Mathematics', algebra: 'Mathematics', geometry: 'Mathematics',
  biology: 'Science', chemistry: 'Science', physics: 'Science', stem: 'Science',
  history: 'Social Studies', ss: 'Social Studies', civics: 'Social Studies', government: 'Social Studies',
  spanish: 'World Languages', french: 'World Languages', foreignlanguage: 'World Languages', foreignlanguages: 'World Languages', worldlanguage: 'World Languages',
  sped: 'Special Education', specialed: 'Special Education',
  ell: 'English Learners', esl: 'English Learners', el: 'English Learners', esol: 'English Learners', englishlearner: 'English Learners',
  art: 'Fine Arts', arts: 'Fine Arts', music: 'Fine Arts', band: 'Fine Arts', theater: 'Fine Arts', theatre: 'Fine Arts', drama: 'Fine Arts',
  pe: 'Physical Education', gym: 'Physical Education', health: 'Physical Education',
  cte: 'Career and Technical Education', careertech: 'Career and Technical Education',
  elementary: 'Elementary (all subjects)', allsubjects: 'Elementary (all subjects)', selfcontained: 'Elementary (all subjects)',
};

export function matchPosition(raw: string): Position | null {
  return matchOption(raw, POSITIONS, POSITION_ALIASES);
}

export function parseSubjects(raw: string): { subjects: Subject[]; unknown: string[] } {
  const subjects: Subject[] = [];
  const unknown: string[] = [];
  for (const part of raw.split(/[,;\n]/).map((p) => p.trim()).filter(Boolean)) {
    const hit = matchOption(part, SUBJECTS, SUBJECT_ALIASES);
    if (hit) {
      if (!subjects.includes(hit)) subjects.push(hit);
    } else {
      unknown.push(part);
    }
  }
  return { subjects: SUBJECTS.filter((s) => subjects.includes(s)), unknown };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** 2024-08-12, 2024/8/12, 8/12/2024, 8-12-24, "Aug 12, 2024", "12 August 2024" → "2024-08-12"; else null. */
export function parseDay(raw: string): string | null {
  const text = raw.trim();
  let m = text.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = text.match(/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/);
  if (m) {
    const year = m[3]!.length === 2 ? 2000 + Number(m[3]) - (Number(m[3]) >= 70 ? 100 : 0) : Number(m[3]);
    return isoDay(year, Number(m[1]), Number(m[2])); // US order: month/day/year
  }
  m = text.match(/^([a-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i);
  if (m && MONTHS.includes(m[1]!.slice(0, 3).toLowerCase())) return isoDay(Number(m[3]), MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1, Number(m[2]));
  m = text.match(/^(\d{1,2})\s+([a-z]{3,})\.?,?\s+(\d{4})$/i);
  if (m && MONTHS.includes(m[2]!.slice(0, 3).toLowerCase())) return isoDay(Number(m[3]), MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1, Number(m[1]));
  return null;
}

/** "Doe, Jane" or "Jane Doe" → first and last name. */
export function splitName(raw: string): { first_name: string; last_name: string } {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text.includes(',')) {
    const [last, ...rest] = text.split(',');
    return { first_name: rest.join(',').trim(), last_name: last!.trim() };
  }
  const space = text.indexOf(' ');
  return space < 0 ? { first_name: text, last_name: '' } : { first_name: text.slice(0, space), last_name: text.slice(space + 1) };
}

// ---------------------------------------------------------------------------- the whole paste

export interface PasteContext {
  /** The schools this user may add educators to. */
  schools: readonly SchoolOption[];
  /** Start date for rows that leave it blank (today, YYYY-MM-DD). */
  today: string;
  /** School for rows that leave it blank ('' for none). */
  defaultSchoolId: string;
}

export interface PastedRow {
  values: DraftValues;
  /** Cells we could not read, as messages for the row's own fields. */
  problems: RowErrors;
}

export interface PasteResult {
  rows: PastedRow[];
  hasHeader: boolean;
  /** Header names we did not recognise (their columns were skipped). */
  skippedColumns: string[];
}

const quoted = (s: string) => `“${s}”`;

function readRow(cells: string[], columns: (PasteColumn | null)[], ctx: PasteContext): PastedRow {
  const values: DraftValues = {
    first_name: '', last_name: '', email: '', employee_id: '', position: '', grade_levels: [], subjects: [],
    building_id: ctx.defaultSchoolId, start_date: ctx.today, hire_date: '',
  };
  const problems: RowErrors = {};
  columns.forEach((column, i) => {
    const cell = (cells[i] ?? '').replace(/\s*\n\s*/g, ' ').trim();
    if (!column || !cell) return;
    switch (column) {
      case 'name': {
        const { first_name, last_name } = splitName(cell);
        if (!values.first_name) values.first_name = first_name;
        if (!values.last_name) values.last_name = last_name;
        break;
      }
      case 'first_name':
      case 'last_name':
      case 'employee_id':
        values[column] = cell;
        break;
      case 'email':
        values.email = cell.replace(/^mailto:/i, '');
        break;
      case 'position': {
        const position = matchPosition(cell);
        if (position) values.position = position;
        else problems.position = t(m.pasteNoPosition, { value: quoted(cell) });
        break;
      }
      case 'grade_levels': {
        const { grades, unknown } = parseGrades(cell);
        values.grade_levels = grades;
        if (unknown.length) problems.grade_levels = t(m.pasteNoGrades, { values: unknown.map(quoted).join(', ') });
        break;
      }
      case 'subjects': {
        const { subjects, unknown } = parseSubjects(cell);
        values.subjects = subjects;
        if (unknown.length) problems.subjects = t(m.pasteNoSubjects, { values: unknown.map(quoted).join(', '), count: unknown.length });
        break;
      }
      case 'building_id': {
        const id = matchSchool(cell, ctx.schools);
        if (id !== null) values.building_id = String(id);
        else {
          values.building_id = '';
          problems.building_id = t(m.pasteNoSchool, { value: quoted(cell) });
        }
        break;
      }
      case 'start_date':
      case 'hire_date': {
        const day = parseDay(cell);
        if (day) values[column] = day;
        else {
          values[column] = '';
          problems[column] = t(m.pasteNoDate, { value: quoted(cell) });
        }
        break;
      }
    }
  });
  return { values, problems };
}

/** Reads pasted spreadsheet rows; an empty paste gives no rows. */
export function parseSpreadsheet(text: string, ctx: PasteContext): PasteResult {
  const table = splitDelimited(text.replace(/^\uFEFF/, ''), detectDelimiter(text));
  if (table.length === 0) return { rows: [], hasHeader: false, skippedColumns: [] };
  const header = headerColumns(table[0]!);
  const columns: (PasteColumn | null)[] = header ?? PASTE_COLUMN_ORDER;
  const body = header ? table.slice(1) : table;
  const skippedColumns = header ? table[0]!.filter((name, i) => name && !header[i]) : [];
  return { rows: body.map((cells) => readRow(cells, columns, ctx)), hasHeader: header !== null, skippedColumns };
}
