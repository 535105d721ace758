import { describe, expect, it } from 'vitest';
import { attentionText, checkRows, countRowsWithErrors, type DraftRow, emptyRow, fillRows, isBlankRow, rowErrorsFromServer } from './rows';

const DEFAULTS = { building_id: '2', start_date: '2026-03-02' };
const row = (patch: Partial<DraftRow> = {}): DraftRow => ({ ...emptyRow(DEFAULTS), ...patch });

describe('blank rows', () => {
  it('ignores the pre-filled school and start date', () => {
    expect(isBlankRow(row())).toBe(true);
    expect(isBlankRow(row({ building_id: '3', start_date: '2026-01-01' }))).toBe(true);
    expect(isBlankRow(row({ last_name: ' x ' }))).toBe(false);
    expect(isBlankRow(row({ grade_levels: ['K'] }))).toBe(false);
  });
});

describe('checkRows', () => {
  it('skips blank rows and sends the rest in order, remembering which row is which', () => {
    const a = row({ first_name: 'Ann', last_name: 'Lee' });
    const blank = row();
    const b = row({ first_name: 'Bo', last_name: 'Ng', email: ' bo@x.org ', position: 'Counselor', grade_levels: ['K'] });
    const check = checkRows([a, blank, b]);
    expect(check.errors).toEqual({});
    expect(check.formError).toBeNull();
    expect(check.sentKeys).toEqual([a.key, b.key]);
    expect(check.payload[1]).toEqual({
      first_name: 'Bo', last_name: 'Ng', email: 'bo@x.org', employee_id: null, position: 'Counselor', grade_levels: ['K'], subjects: [],
      building_id: 2, start_date: '2026-03-02', hire_date: null,
    });
  });

  it('asks for at least one educator when every row is blank', () => {
    expect(checkRows([row(), row()]).formError).toBe('Add at least one educator: fill in a first and last name.');
  });

  it('gives each row its own messages from the shared schema', () => {
    const r = row({ first_name: 'Cy', email: 'not-an-email', building_id: '', start_date: '' });
    const { errors } = checkRows([r]);
    expect(errors[r.key]).toEqual({
      last_name: 'Last name is required.',
      email: 'Enter a valid email address.',
      building_id: 'School is required.',
      start_date: 'Start date is required.',
    });
  });

  it('refuses the same email or employee ID twice in one batch, naming the earlier row', () => {
    const a = row({ first_name: 'A', last_name: 'A', email: 'same@x.org', employee_id: 'E1' });
    const b = row({ first_name: 'B', last_name: 'B', email: 'SAME@x.org ' });
    const c = row({ first_name: 'C', last_name: 'C', employee_id: 'e1' });
    const { errors } = checkRows([a, row(), b, c]);
    expect(errors[a.key]).toBeUndefined();
    expect(errors[b.key]).toEqual({ email: 'Row 1 has the same email. Each educator needs their own.' });
    expect(errors[c.key]).toEqual({ employee_id: 'Row 1 has the same employee ID. Each educator needs their own.' });
    expect(attentionText(countRowsWithErrors(errors))).toBe('2 rows need attention');
    expect(attentionText(1)).toBe('1 row needs attention');
  });
});

describe('rowErrorsFromServer', () => {
  it('maps staff.N.field onto the row that was sent N-th, and keeps the rest for the summary', () => {
    const mapped = rowErrorsFromServer(
      {
        'staff.1.email': ['An educator with this email already exists in your district.'],
        'staff.1.grade_levels.0': ['Choose grade levels from PK, K and 1–12.'],
        'staff.0.building_id': ['You can only add educators to your own schools.'],
        staff: ['Add at most 200 educators at a time.'],
        'staff.9.email': ['Out of range.'],
      },
      ['row-a', 'row-c'],
    );
    expect(mapped.rows).toEqual({
      'row-c': { email: 'An educator with this email already exists in your district.', grade_levels: 'Choose grade levels from PK, K and 1–12.' },
      'row-a': { building_id: 'You can only add educators to your own schools.' },
    });
    expect(mapped.other).toEqual(['Add at most 200 educators at a time.', 'Out of range.']);
  });
});

describe('fillRows', () => {
  const pasted = (name: string) => ({ ...emptyRow(DEFAULTS), first_name: name, last_name: 'X' });

  it('fills blank rows first, then adds rows at the end', () => {
    const kept = row({ first_name: 'Kept', last_name: 'K' });
    const blank1 = row();
    const blank2 = row();
    const { rows, filledKeys } = fillRows([blank1, kept, blank2], [pasted('P1'), pasted('P2'), pasted('P3')]);
    expect(rows.map((r) => r.first_name)).toEqual(['P1', 'Kept', 'P2', 'P3']);
    expect(filledKeys.slice(0, 2)).toEqual([blank1.key, blank2.key]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(4);
  });

  it('pasting into a row replaces that row and only fills blank rows after it', () => {
    const first = row();
    const target = row({ first_name: 'typed' });
    const kept = row({ first_name: 'Kept', last_name: 'K' });
    const { rows, filledKeys } = fillRows([first, target, kept], [pasted('P1'), pasted('P2')], target.key);
    expect(rows.map((r) => r.first_name)).toEqual(['', 'P1', 'Kept', 'P2']);
    expect(filledKeys[0]).toBe(target.key);
  });
});
