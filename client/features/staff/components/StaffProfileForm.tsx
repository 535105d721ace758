// The Edit Educator profile form: every field of PUT /api/staff/{id}, checked with the shared schema
// first, server 422 messages shown next to their fields.
import { useState } from 'react';
import { GRADE_LEVELS, POSITIONS, STAFF_EMAIL_MAX, STAFF_EMPLOYEE_ID_MAX, STAFF_NAME_MAX, type StaffDetail, SUBJECTS, updateStaffSchema } from '../../../../common/schemas/staff';
import { Button } from '../../../components/Button';
import { CheckboxGroup } from '../../../components/CheckboxGroup';
import { FormError, SelectField, TextField } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { updateStaff } from '../api';
import { gradeLabel } from '../grades';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  gradePreK: { id: 'staff.gradePreK', defaultMessage: 'Pre-K' },
  saved: { id: 'staff.saved', defaultMessage: '{name}’s profile has been saved.' },
  changesSaved: { id: 'staff.changesSaved', defaultMessage: 'Changes saved' },
  firstName: { id: 'staff.firstName', defaultMessage: 'First name' },
  lastName: { id: 'staff.lastName', defaultMessage: 'Last name' },
  email: { id: 'staff.email', defaultMessage: 'Email' },
  employeeId: { id: 'staff.employeeId', defaultMessage: 'Employee ID' },
  colPosition: { id: 'staff.colPosition', defaultMessage: 'Position' },
  notSet: { id: 'staff.notSet', defaultMessage: 'Not set' },
  hireDate: { id: 'staff.hireDate', defaultMessage: 'Hire date' },
  colGrades: { id: 'staff.colGrades', defaultMessage: 'Grades' },
  gradesHint: { id: 'staff.gradesHint', defaultMessage: 'Choose every grade they teach. {preK} is before Kindergarten (K).' },
  colSubjects: { id: 'staff.colSubjects', defaultMessage: 'Subjects' },
  saveChanges: { id: 'staff.saveChanges', defaultMessage: 'Save changes' },
  noUnsaved: { id: 'staff.noUnsaved', defaultMessage: 'No unsaved changes' },
});

const gradeChoices = () => GRADE_LEVELS.map((g) => ({ value: g, label: g === 'PK' ? t(m.gradePreK) : g }));
const subjectChoices = () => SUBJECTS.map((s) => ({ value: s, label: tText(s) }));

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The form's text values of an educator's profile (what it started with, and again after a save). */
function profileValues(s: StaffDetail) {
  return {
    first_name: s.first_name,
    last_name: s.last_name,
    email: s.email ?? '',
    employee_id: s.employee_id ?? '',
    position: s.position ?? '',
    hire_date: s.hire_date ?? '',
  };
}

export function StaffProfileForm({ staff }: { staff: StaffDetail }) {
  const toast = useToast();
  const initial = profileValues(staff);
  const form = useFormErrors(initial, ['grade_levels', 'subjects']);
  const [grades, setGrades] = useState<string[]>(staff.grade_levels);
  const [subjects, setSubjects] = useState<string[]>(staff.subjects);
  const [saved, setSaved] = useState({ values: initial, grades: staff.grade_levels, subjects: staff.subjects });

  const dirty =
    Object.entries(form.values).some(([k, v]) => saved.values[k as keyof typeof initial] !== v) ||
    !sameList(grades, saved.grades) ||
    !sameList(subjects, saved.subjects);

  const submit = form.onSubmit(async () => {
    const v = form.values;
    const data = form.check(updateStaffSchema, {
      first_name: v.first_name,
      last_name: v.last_name,
      email: v.email.trim() || null,
      employee_id: v.employee_id.trim() || null,
      position: v.position || null,
      hire_date: v.hire_date || null,
      grade_levels: grades,
      subjects,
    });
    if (!data) return;
    await form.run(async () => {
      const updated = await updateStaff(staff.id, data);
      const values = profileValues(updated);
      form.setValues(values);
      setGrades(updated.grade_levels);
      setSubjects(updated.subjects);
      setSaved({ values, grades: updated.grade_levels, subjects: updated.subjects });
      toast.success(t(m.saved, { name: updated.name }), t(m.changesSaved));
    });
  });

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
      <FormError error={form.formError} />
      <div className="grid-2">
        <TextField label={t(m.firstName)} required autoComplete="off" maxLength={STAFF_NAME_MAX} {...form.field('first_name')} />
        <TextField label={t(m.lastName)} required autoComplete="off" maxLength={STAFF_NAME_MAX} {...form.field('last_name')} />
        <TextField label={t(m.email)} type="email" inputMode="email" autoComplete="off" spellCheck={false} maxLength={STAFF_EMAIL_MAX} {...form.field('email')} />
        <TextField label={t(m.employeeId)} autoComplete="off" spellCheck={false} maxLength={STAFF_EMPLOYEE_ID_MAX} {...form.field('employee_id')} />
        <SelectField label={t(m.colPosition)} placeholder={t(m.notSet)} options={POSITIONS.map((p) => ({ value: p, label: tText(p) }))} {...form.field('position')} />
        <TextField label={t(m.hireDate)} type="date" {...form.field('hire_date')} />
      </div>
      <CheckboxGroup
        legend={t(m.colGrades)}
        name="grade_levels"
        hint={t(m.gradesHint, { preK: gradeLabel('PK') })}
        options={gradeChoices()}
        value={grades}
        onChange={setGrades}
        error={form.errors.grade_levels}
        columns="narrow"
      />
      <CheckboxGroup legend={t(m.colSubjects)} name="subjects" options={subjectChoices()} value={subjects} onChange={setSubjects} error={form.errors.subjects} />
      <div className="form-actions">
        <Button type="submit" busy={form.busy}>
          {t(m.saveChanges)}
        </Button>
        {!dirty && !form.busy && <span className="muted text-sm staff-saved-note">{t(m.noUnsaved)}</span>}
      </div>
    </form>
  );
}
