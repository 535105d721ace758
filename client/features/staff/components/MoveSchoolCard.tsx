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
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  theNewSchool: { id: 'staff.theNewSchool', defaultMessage: 'the new school' },
  moved: { id: 'staff.moved', defaultMessage: '{name} moves to {school} on {date}.' },
  schoolChanged: { id: 'staff.schoolChanged', defaultMessage: 'School changed' },
  moveTitle: { id: 'staff.moveTitle', defaultMessage: 'Move to another school' },
  moveIntro: { id: 'staff.moveIntro', defaultMessage: '{name} is at {school} now. The effective date is their first day at the new school; their time at the current one ends the day before.' },
  moveIntroNone: { id: 'staff.moveIntroNone', defaultMessage: '{name} has no current school. The effective date is their first day at the new school.' },
  newSchool: { id: 'staff.newSchool', defaultMessage: 'New school' },
  loadingSchools: { id: 'staff.loadingSchools', defaultMessage: 'Loading schools…' },
  chooseSchool: { id: 'staff.chooseSchool', defaultMessage: 'Choose a school…' },
  effectiveDate: { id: 'staff.effectiveDate', defaultMessage: 'Effective date' },
  move: { id: 'staff.move', defaultMessage: 'Move educator' },
  anotherSchool: { id: 'staff.anotherSchool', defaultMessage: 'another school' },
  moveConfirm: { id: 'staff.moveConfirm', defaultMessage: 'Move {name} to {school}?' },
  moveEnds: { id: 'staff.moveEnds', defaultMessage: 'Their time at <b>{from}</b> ends on <b>{end}</b>, and <b>{to}</b> starts on <b>{start}</b>. Both dates show in their school history.' },
  moveStarts: { id: 'staff.moveStarts', defaultMessage: '<b>{to}</b> starts on <b>{start}</b>. Both dates show in their school history.' },
});

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
      toast.success(t(m.moved, { name: updated.name, school: updated.building?.name ?? target?.name ?? t(m.theNewSchool), date: formatDay(input.effective_date, locale) }), t(m.schoolChanged));
      form.setValues({ building_id: '', effective_date: today });
    });
    setConfirming(null);
    if (!ok) form.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <Card
      id="staff-move"
      title={t(m.moveTitle)}
      intro={
        staff.building
          ? t(m.moveIntro, { name: staff.first_name, school: staff.building.name })
          : t(m.moveIntroNone, { name: staff.first_name })
      }
    >
      <form ref={form.formRef} className="form" noValidate onSubmit={review}>
        <FormError error={form.formError} />
        <div className="grid-2">
          <SelectField
            label={t(m.newSchool)}
            required
            placeholder={schoolsLoading ? t(m.loadingSchools) : t(m.chooseSchool)}
            options={options}
            {...form.field('building_id')}
          />
          <TextField label={t(m.effectiveDate)} type="date" required {...form.field('effective_date')} />
        </div>
        <div className="form-actions">
          <Button type="submit" variant="secondary" busy={form.busy}>
            {t(m.move)}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t(m.moveConfirm, { name: staff.name, school: target?.name ?? t(m.anotherSchool) })}
        message={
          confirming && (
            <p>
              {staff.building
                ? tRich(m.moveEnds, {
                    b: (chunks) => <strong>{chunks}</strong>, from: staff.building.name, end: formatDay(dayBefore(confirming.effective_date), locale),
                    to: target?.name ?? '', start: formatDay(confirming.effective_date, locale),
                  })
                : tRich(m.moveStarts, { b: (chunks) => <strong>{chunks}</strong>, to: target?.name ?? '', start: formatDay(confirming.effective_date, locale) })}
            </p>
          )
        }
        confirmLabel={t(m.move)}
        busy={form.busy}
        onConfirm={() => void move()}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
