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
      z.refine((v) => v >= assignment.start_date, `End date must be on or after the start date (${formatDay(assignment.start_date, locale)}).`),
    ),
  });

  const submit = form.onSubmit(async () => {
    const data = form.check(schema, form.values);
    if (!data) return;
    await form.run(async () => {
      await endAssignment(coachId, assignment.id, data);
      toast.success(`${assignment.staff.name}'s assignment ends on ${formatDay(data.end_date, locale)}.`);
      onClose();
    });
  });

  return (
    <FormModal
      size="sm"
      title={`End ${assignment.staff.name}'s assignment`}
      onClose={onClose}
      form={{ busy: form.busy, formRef: form.formRef }}
      formId="coaches-end-form"
      onSubmit={submit}
      submitLabel="End assignment"
    >
      <p className="muted">
        On this caseload since {formatDay(assignment.start_date, locale)}. The assignment moves to the past caseload after its last day.
      </p>
      <FormError error={form.formError} />
      <TextField label="End date" type="date" required min={assignment.start_date} hint="Their last day on this caseload." {...form.field('end_date')} />
    </FormModal>
  );
}
