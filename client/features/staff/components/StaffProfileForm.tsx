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

const GRADE_CHOICES = GRADE_LEVELS.map((g) => ({ value: g, label: g === 'PK' ? 'Pre-K' : g }));
const SUBJECT_CHOICES = SUBJECTS.map((s) => ({ value: s, label: s }));

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
      toast.success(`${updated.name}’s profile has been saved.`, 'Changes saved');
    });
  });

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
      <FormError error={form.formError} />
      <div className="grid-2">
        <TextField label="First name" required autoComplete="off" maxLength={STAFF_NAME_MAX} {...form.field('first_name')} />
        <TextField label="Last name" required autoComplete="off" maxLength={STAFF_NAME_MAX} {...form.field('last_name')} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="off" spellCheck={false} maxLength={STAFF_EMAIL_MAX} {...form.field('email')} />
        <TextField label="Employee ID" autoComplete="off" spellCheck={false} maxLength={STAFF_EMPLOYEE_ID_MAX} {...form.field('employee_id')} />
        <SelectField label="Position" placeholder="Not set" options={POSITIONS.map((p) => ({ value: p, label: p }))} {...form.field('position')} />
        <TextField label="Hire date" type="date" {...form.field('hire_date')} />
      </div>
      <CheckboxGroup
        legend="Grades"
        name="grade_levels"
        hint={`Choose every grade they teach. ${gradeLabel('PK')} is before Kindergarten (K).`}
        options={GRADE_CHOICES}
        value={grades}
        onChange={setGrades}
        error={form.errors.grade_levels}
        columns="narrow"
      />
      <CheckboxGroup legend="Subjects" name="subjects" options={SUBJECT_CHOICES} value={subjects} onChange={setSubjects} error={form.errors.subjects} />
      <div className="form-actions">
        <Button type="submit" busy={form.busy}>
          Save changes
        </Button>
        {!dirty && !form.busy && <span className="muted text-sm staff-saved-note">No unsaved changes</span>}
      </div>
    </form>
  );
}
