// One row of the Add Educators form: every field of a new educator with its own inline errors.
import type { ClipboardEvent } from 'react';
import { GRADE_LEVELS, POSITIONS, STAFF_EMAIL_MAX, STAFF_EMPLOYEE_ID_MAX, STAFF_NAME_MAX, SUBJECTS } from '../../../../common/staffValues';
import { SelectField, TextField } from '../../../components/Field';
import type { SchoolOption } from '../access';
import { formatGrades, gradeLabel } from '../grades';
import type { DraftRow, DraftValues, RowErrors, RowField } from '../rows';
import { ChoiceDropdown } from '../../../components/ChoiceDropdown';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  rowN: { id: 'staff.rowN', defaultMessage: 'Row {row}' },
  needsAttention: { id: 'staff.needsAttention', defaultMessage: 'Needs attention' },
  removeRowN: { id: 'staff.removeRowN', defaultMessage: 'Remove row {row}' },
  remove: { id: 'staff.remove', defaultMessage: 'Remove' },
  firstName: { id: 'staff.firstName', defaultMessage: 'First name' },
  lastName: { id: 'staff.lastName', defaultMessage: 'Last name' },
  email: { id: 'staff.email', defaultMessage: 'Email' },
  employeeId: { id: 'staff.employeeId', defaultMessage: 'Employee ID' },
  colPosition: { id: 'staff.colPosition', defaultMessage: 'Position' },
  notSet: { id: 'staff.notSet', defaultMessage: 'Not set' },
  colSchool: { id: 'staff.colSchool', defaultMessage: 'School' },
  choose: { id: 'staff.choose', defaultMessage: 'Choose…' },
  startDate: { id: 'staff.startDate', defaultMessage: 'Start date' },
  colGrades: { id: 'staff.colGrades', defaultMessage: 'Grades' },
  none: { id: 'staff.none', defaultMessage: 'None' },
  colSubjects: { id: 'staff.colSubjects', defaultMessage: 'Subjects' },
  hireDate: { id: 'staff.hireDate', defaultMessage: 'Hire date' },
});

export const rowFieldId = (rowKey: string, field: RowField) => `${rowKey}-${field}`;

const gradeChoices = () => GRADE_LEVELS.map((g) => ({ value: g, label: gradeLabel(g) }));
const subjectChoices = () => SUBJECTS.map((s) => ({ value: s, label: tText(s) }));
const positionOptions = () => POSITIONS.map((p) => ({ value: p, label: tText(p) }));

type Props = {
  row: DraftRow;
  index: number;
  errors: RowErrors | undefined;
  schools: SchoolOption[];
  onChange: (key: string, patch: Partial<DraftValues>) => void;
  onRemove: (key: string) => void;
  /** A block of spreadsheet cells pasted into one of this row's text fields. */
  onPasteBlock: (key: string, text: string) => void;
};

export function StaffRowFields({ row, index, errors = {}, schools, onChange, onRemove, onPasteBlock }: Props) {
  const n = index + 1;
  const id = (field: RowField) => rowFieldId(row.key, field);
  const text = (field: 'first_name' | 'last_name' | 'email' | 'employee_id') => ({
    id: id(field),
    name: `staff[${index}][${field}]`,
    value: row[field],
    onChange: (value: string) => onChange(row.key, { [field]: value }),
    error: errors[field],
    onPaste: (e: ClipboardEvent<HTMLInputElement>) => {
      const data = e.clipboardData.getData('text/plain');
      if (/[\t\n\r]/.test(data.trim())) {
        e.preventDefault();
        onPasteBlock(row.key, data);
      }
    },
  });
  const invalid = Object.values(errors).some(Boolean);

  return (
    <fieldset className={['staff-row', invalid && 'staff-row--invalid'].filter(Boolean).join(' ')} id={row.key}>
      <legend className="sr-only">{t(m.rowN, { row: n })}</legend>
      <div className="staff-row__header" aria-hidden="true">
        <span className="staff-row__number">{t(m.rowN, { row: n })}</span>
        {invalid && <span className="badge badge--danger">{t(m.needsAttention)}</span>}
      </div>
      <button type="button" id={`remove-${row.key}`} className="staff-row__remove icon-btn" aria-label={t(m.removeRowN, { row: n })} onClick={() => onRemove(row.key)}>
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="staff-row__remove-text" aria-hidden="true">{t(m.remove)}</span>
      </button>
      <div className="staff-row__grid">
        <TextField label={t(m.firstName)} required autoComplete="off" maxLength={STAFF_NAME_MAX} {...text('first_name')} />
        <TextField label={t(m.lastName)} required autoComplete="off" maxLength={STAFF_NAME_MAX} {...text('last_name')} />
        <TextField label={t(m.email)} type="email" inputMode="email" autoComplete="off" spellCheck={false} maxLength={STAFF_EMAIL_MAX} {...text('email')} />
        <TextField label={t(m.employeeId)} autoComplete="off" spellCheck={false} maxLength={STAFF_EMPLOYEE_ID_MAX} {...text('employee_id')} />
        <SelectField
          id={id('position')}
          label={t(m.colPosition)}
          name={`staff[${index}][position]`}
          value={row.position}
          onChange={(v) => onChange(row.key, { position: v })}
          placeholder={t(m.notSet)}
          options={positionOptions()}
          error={errors.position}
        />
        <SelectField
          id={id('building_id')}
          label={t(m.colSchool)}
          required
          name={`staff[${index}][building_id]`}
          value={row.building_id}
          onChange={(v) => onChange(row.key, { building_id: v })}
          placeholder={schools.length === 1 ? undefined : t(m.choose)}
          options={schools.map((s) => ({ value: String(s.id), label: s.name }))}
          error={errors.building_id}
        />
        <TextField
          id={id('start_date')}
          label={t(m.startDate)}
          required
          type="date"
          name={`staff[${index}][start_date]`}
          value={row.start_date}
          onChange={(v) => onChange(row.key, { start_date: v })}
          error={errors.start_date}
        />
        <ChoiceDropdown
          id={id('grade_levels')}
          legend={t(m.colGrades)}
          name={`staff[${index}][grade_levels]`}
          summary={formatGrades(row.grade_levels) || t(m.none)}
          options={gradeChoices()}
          value={row.grade_levels}
          onChange={(v) => onChange(row.key, { grade_levels: v })}
          error={errors.grade_levels}
        />
        <ChoiceDropdown
          id={id('subjects')}
          legend={t(m.colSubjects)}
          name={`staff[${index}][subjects]`}
          summary={row.subjects.length ? row.subjects.map(tText).join(', ') : t(m.none)}
          options={subjectChoices()}
          value={row.subjects}
          onChange={(v) => onChange(row.key, { subjects: v })}
          error={errors.subjects}
        />
        <TextField
          id={id('hire_date')}
          label={t(m.hireDate)}
          type="date"
          name={`staff[${index}][hire_date]`}
          value={row.hire_date}
          onChange={(v) => onChange(row.key, { hire_date: v })}
          error={errors.hire_date}
        />
      </div>
    </fieldset>
  );
}
