// The rows of the Add Educators form: blank rows, client checks with the shared schema (plus
// duplicates inside the batch), and the server's `staff.N.field` errors mapped back onto rows.
import { newStaffSchema, type NewStaffInput } from '../../../common/schemas/staff';
import { defineMessages, t, tText } from '../../lib/i18n';

const m = defineMessages({
  dupEmail: { id: 'staff.dupEmail', defaultMessage: 'Row {row} has the same email. Each educator needs their own.' },
  dupEmployee: { id: 'staff.dupEmployee', defaultMessage: 'Row {row} has the same employee ID. Each educator needs their own.' },
  addOne: { id: 'staff.addOne', defaultMessage: 'Add at least one educator: fill in a first and last name.' },
  attention: { id: 'staff.attention', defaultMessage: '{count, plural, one {# row needs} other {# rows need}} attention' },
});

export interface DraftValues {
  first_name: string;
  last_name: string;
  email: string;
  employee_id: string;
  position: string;
  grade_levels: string[];
  subjects: string[];
  /** The school's id as text ('' until chosen), as select elements hold it. */
  building_id: string;
  start_date: string;
  hire_date: string;
}

export interface DraftRow extends DraftValues {
  /** Stable identity for React keys and error bookkeeping; never sent. */
  key: string;
}

export type RowField = keyof DraftValues;
export type RowErrors = Partial<Record<RowField, string>>;
export type RowErrorMap = Record<string, RowErrors>;

/** In the order the form shows them (the first error is the first of these with a message). */
export const ROW_FIELDS: RowField[] = ['first_name', 'last_name', 'email', 'employee_id', 'position', 'building_id', 'start_date', 'grade_levels', 'subjects', 'hire_date'];

let nextKey = 1;
export function newRowKey(): string {
  return `row-${nextKey++}`;
}

export function emptyRow(defaults: { building_id: string; start_date: string }): DraftRow {
  return {
    key: newRowKey(),
    first_name: '', last_name: '', email: '', employee_id: '', position: '', grade_levels: [], subjects: [],
    building_id: defaults.building_id, start_date: defaults.start_date, hire_date: '',
  };
}

/** Nothing typed yet (the school and start date are pre-filled, so they do not count). */
export function isBlankRow(row: DraftValues): boolean {
  return (
    !row.first_name.trim() && !row.last_name.trim() && !row.email.trim() && !row.employee_id.trim() &&
    !row.position && row.grade_levels.length === 0 && row.subjects.length === 0 && !row.hire_date
  );
}

/** The request body of one row; blanks become null/absent so the schema's own messages apply. */
export function toNewStaffInput(row: DraftValues): NewStaffInput {
  return {
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email.trim() || null,
    employee_id: row.employee_id.trim() || null,
    position: (row.position || null) as NewStaffInput['position'],
    grade_levels: row.grade_levels as NewStaffInput['grade_levels'],
    subjects: row.subjects as NewStaffInput['subjects'],
    building_id: (row.building_id ? Number(row.building_id) : undefined) as number,
    start_date: (row.start_date || undefined) as string,
    hire_date: row.hire_date || null,
  };
}

export interface RowCheck {
  /** Bodies of the rows that will be sent, in order. */
  payload: NewStaffInput[];
  /** Row key of each payload entry (payload index N ↔ server error `staff.N.*`). */
  sentKeys: string[];
  errors: RowErrorMap;
  /** A problem with the batch as a whole (e.g. every row is empty). */
  formError: string | null;
}

const norm = (s: string) => s.trim().toLowerCase();

/** Checks every non-blank row with the shared schema and for duplicates inside the batch. */
export function checkRows(rows: DraftRow[]): RowCheck {
  const payload: NewStaffInput[] = [];
  const sentKeys: string[] = [];
  const errors: RowErrorMap = {};
  const seenEmail = new Map<string, number>();
  const seenEmployee = new Map<string, number>();
  rows.forEach((row, index) => {
    if (isBlankRow(row)) return;
    const input = toNewStaffInput(row);
    payload.push(input);
    sentKeys.push(row.key);
    const rowErrors: RowErrors = {};
    const result = newStaffSchema.safeParse(input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '') as RowField;
        if (ROW_FIELDS.includes(field) && !rowErrors[field]) rowErrors[field] = tText(issue.message);
      }
    }
    const email = norm(row.email);
    if (email && !rowErrors.email) {
      const first = seenEmail.get(email);
      if (first !== undefined) rowErrors.email = t(m.dupEmail, { row: first + 1 });
      else seenEmail.set(email, index);
    }
    const employee = norm(row.employee_id);
    if (employee && !rowErrors.employee_id) {
      const first = seenEmployee.get(employee);
      if (first !== undefined) rowErrors.employee_id = t(m.dupEmployee, { row: first + 1 });
      else seenEmployee.set(employee, index);
    }
    if (Object.keys(rowErrors).length) errors[row.key] = rowErrors;
  });
  return { payload, sentKeys, errors, formError: payload.length === 0 ? t(m.addOne) : null };
}

/**
 * The 422 answer of POST /api/staff (`staff.N.field` → messages) as row errors; messages that name
 * no row field (e.g. the batch size) come back in `other`.
 */
export function rowErrorsFromServer(errors: Record<string, string[]>, sentKeys: string[]): { rows: RowErrorMap; other: string[] } {
  const rows: RowErrorMap = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    const m = key.match(/^staff\.(\d+)\.([a-z_]+)/);
    const rowKey = m ? sentKeys[Number(m[1])] : undefined;
    const field = m?.[2] as RowField | undefined;
    if (rowKey && field && ROW_FIELDS.includes(field)) {
      rows[rowKey] = { ...rows[rowKey] };
      if (!rows[rowKey]![field]) rows[rowKey]![field] = message;
    } else if (!other.includes(message)) {
      other.push(message);
    }
  }
  return { rows, other };
}

export function countRowsWithErrors(errors: RowErrorMap): number {
  return Object.values(errors).filter((e) => Object.values(e).some(Boolean)).length;
}

/** "3 rows need attention" / "1 row needs attention". */
export function attentionText(count: number): string {
  return t(m.attention, { count });
}

/**
 * Puts pasted rows into the form: blank rows are filled first (in order), the rest are added at the end.
 * With `startKey` (cells pasted straight into a row) that row is replaced and only the blank rows after it
 * are filled. Returns the new rows and the keys of the rows that received pasted values.
 */
export function fillRows(existing: DraftRow[], pasted: DraftValues[], startKey?: string): { rows: DraftRow[]; filledKeys: string[] } {
  const queue = [...pasted];
  const filledKeys: string[] = [];
  const start = startKey ? Math.max(0, existing.findIndex((r) => r.key === startKey)) : 0;
  const rows = existing.map((row, i) => {
    if (queue.length === 0 || i < start) return row;
    if (!(startKey && i === start) && !isBlankRow(row)) return row;
    filledKeys.push(row.key);
    return { ...queue.shift()!, key: row.key };
  });
  for (const values of queue) {
    const key = newRowKey();
    filledKeys.push(key);
    rows.push({ ...values, key });
  }
  return { rows, filledKeys };
}
