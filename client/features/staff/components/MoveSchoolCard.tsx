// "Move to another school" (district admins): choose the school and the effective date, confirm, and
// the current history row closes the day before while a new one opens on that date.
import type { Locale } from 'date-fns';
import { useState } from 'react';
import { moveStaffSchema, type StaffDetail } from '../../../../common/schemas/staff';
import { Button } from '../../../components/Button';
import { FormError, SelectField, TextField } from '../../../components/Field';
import { ConfirmDialog } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import type { SchoolOption } from '../access';
import { moveStaff } from '../api';
import { dayBefore, formatDay } from '../../../lib/dates';
import { useToday } from '../../../lib/session';
import { Card } from './StaffParts';

type Props = { staff: StaffDetail; schools: SchoolOption[]; schoolsLoading: boolean; locale?: Locale };

export function MoveSchoolCard({ staff, schools, schoolsLoading, locale }: Props) {
  const toast = useToast();
  const today = useToday();
  const form = useFormErrors({ building_id: '', effective_date: today });
  const [confirming, setConfirming] = useState<{ building_id: number; effective_date: string } | null>(null);
  const options = schools.filter((s) => s.id !== staff.building?.id).map((s) => ({ value: String(s.id), label: s.name }));
  const target = confirming ? schools.find((s) => s.id === confirming.building_id) : undefined;

  const review = form.onSubmit(() => {
    const data = form.check(moveStaffSchema, {
      building_id: form.values.building_id ? Number(form.values.building_id) : undefined,
      effective_date: form.values.effective_date || undefined,
    });
    if (data) setConfirming(data);
  });

  const move = async () => {
    if (!confirming) return;
    const input = confirming;
    const ok = await form.run(async () => {
      const updated = await moveStaff(staff.id, input);
      toast.success(`${updated.name} moves to ${updated.building?.name ?? target?.name ?? 'the new school'} on ${formatDay(input.effective_date, locale)}.`, 'School changed');
      form.setValues({ building_id: '', effective_date: today });
    });
    setConfirming(null);
    if (!ok) form.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <Card
      id="staff-move"
      title="Move to another school"
      intro={
        staff.building
          ? `${staff.first_name} is at ${staff.building.name} now. The effective date is their first day at the new school; their time at the current one ends the day before.`
          : `${staff.first_name} has no current school. The effective date is their first day at the new school.`
      }
    >
      <form ref={form.formRef} className="form" noValidate onSubmit={review}>
        <FormError error={form.formError} />
        <div className="grid-2">
          <SelectField
            label="New school"
            required
            placeholder={schoolsLoading ? 'Loading schools…' : 'Choose a school…'}
            options={options}
            {...form.field('building_id')}
          />
          <TextField label="Effective date" type="date" required {...form.field('effective_date')} />
        </div>
        <div className="form-actions">
          <Button type="submit" variant="secondary" busy={form.busy}>
            Move educator
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={`Move ${staff.name} to ${target?.name ?? 'another school'}?`}
        message={
          confirming && (
            <p>
              {staff.building ? (
                <>
                  Their time at <strong>{staff.building.name}</strong> ends on <strong>{formatDay(dayBefore(confirming.effective_date), locale)}</strong>, and{' '}
                </>
              ) : null}
              <strong>{target?.name}</strong> starts on <strong>{formatDay(confirming.effective_date, locale)}</strong>. Both dates show in their school history.
            </p>
          )
        }
        confirmLabel="Move educator"
        busy={form.busy}
        onConfirm={() => void move()}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
