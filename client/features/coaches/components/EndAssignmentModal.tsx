import * as z from 'zod/mini';
import type { CaseloadEntry } from '../../../../common/schemas/coaches';
import { endAssignmentSchema } from '../../../../common/schemas/coaches';
import { FormError, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { useDateLocale } from '../../../lib/session';
import { endAssignment } from '../api';
import { formatDay } from '../../../lib/dates';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  endBeforeStart: { id: 'coaches.endBeforeStart', defaultMessage: 'End date must be on or after the start date ({date}).' },
  ends: { id: 'coaches.ends', defaultMessage: '{name}\'s assignment ends on {date}.' },
  endTitle: { id: 'coaches.endTitle', defaultMessage: 'End {name}\'s assignment' },
  endSubmit: { id: 'coaches.endSubmit', defaultMessage: 'End assignment' },
  since: { id: 'coaches.since', defaultMessage: 'On this caseload since {date}. The assignment moves to the past caseload after its last day.' },
  endDate: { id: 'coaches.endDate', defaultMessage: 'End date' },
  endHint: { id: 'coaches.endHint', defaultMessage: 'Their last day on this caseload.' },
});

/** Ends one assignment: the educator leaves the caseload after the end date, kept as history. */
export function EndAssignmentModal({ coachId, assignment, today, onClose }: {
  coachId: number; assignment: CaseloadEntry; today: string; onClose: () => void;
}) {
  const toast = useToast();
  const locale = useDateLocale();
  const initial = assignment.start_date > today ? assignment.start_date : today;
  const form = useFormErrors({ end_date: assignment.end_date ?? initial });
  // The server's rules, plus the one it checks against the stored start date.
  const schema = z.object({
    end_date: endAssignmentSchema.shape.end_date.check(
      z.refine((v) => v >= assignment.start_date, t(m.endBeforeStart, { date: formatDay(assignment.start_date, locale) })),
    ),
  });

  const submit = form.onSubmit(async () => {
    const data = form.check(schema, form.values);
    if (!data) return;
    await form.run(async () => {
      await endAssignment(coachId, assignment.id, data);
      toast.success(t(m.ends, { name: assignment.staff.name, date: formatDay(data.end_date, locale) }));
      onClose();
    });
  });

  return (
    <FormModal
      size="sm"
      title={t(m.endTitle, { name: assignment.staff.name })}
      onClose={onClose}
      form={{ busy: form.busy, formRef: form.formRef }}
      formId="coaches-end-form"
      onSubmit={submit}
      submitLabel={t(m.endSubmit)}
    >
      <p className="muted">
        {t(m.since, { date: formatDay(assignment.start_date, locale) })}
      </p>
      <FormError error={form.formError} />
      <TextField label={t(m.endDate)} type="date" required min={assignment.start_date} hint={t(m.endHint)} {...form.field('end_date')} />
    </FormModal>
  );
}
