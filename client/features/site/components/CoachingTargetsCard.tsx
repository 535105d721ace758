// Site settings: the district's coaching targets (dosage goals the reports and the dashboard pulse
// measure against). Saved through PUT /api/district with the profile as stored, so an unsaved edit of
// the profile card is never sent from here.
import { Fragment } from 'react';
import * as z from 'zod/mini';
import { coachingTargetsSchema, type CoachingTargets } from '../../../../common/schemas/reports';
import type { DistrictProfile } from '../../../../common/schemas/site';
import { LoadError } from '../../../components/LoadError';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { FormError, TextField } from '../../../components/Field';
import { LoadingBlock } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { defineMessages, t } from '../../../lib/i18n';
import { updateDistrict, useDistrict } from '../api';
import { mutate } from 'swr';

const PER_MONTH = 'coaching_targets.interactions_per_educator_per_month';
const PER_SEMESTER = 'coaching_targets.cycles_per_new_teacher_per_semester';

/** The same rules as the server, keyed by the names its 422 answers use. */
const targetsFormSchema = z.object({
  [PER_MONTH]: coachingTargetsSchema.shape.interactions_per_educator_per_month,
  [PER_SEMESTER]: coachingTargetsSchema.shape.cycles_per_new_teacher_per_semester,
});

const m = defineMessages({
  perMonth: { id: 'site.targets.perMonth', defaultMessage: 'Interactions per educator per month' },
  perSemester: { id: 'site.targets.perSemester', defaultMessage: 'Coaching cycles per new teacher per semester' },
  perMonthHint: { id: 'site.targets.perMonthHint', defaultMessage: 'Completed interactions each educator should take part in every month. Leave empty for no target.' },
  perSemesterHint: { id: 'site.targets.perSemesterHint', defaultMessage: 'Coaching cycles each new teacher (hired in the last year) should have every semester. Leave empty for no target.' },
  noTarget: { id: 'site.targets.noTarget', defaultMessage: 'No target' },
  atLeast: { id: 'site.targets.atLeast', defaultMessage: 'At least {value}' },
  saved: { id: 'site.targets.saved', defaultMessage: 'The coaching targets have been saved.' },
  perMonthPlaceholder: { id: 'site.targets.perMonthPlaceholder', defaultMessage: 'e.g. 2' },
  perSemesterPlaceholder: { id: 'site.targets.perSemesterPlaceholder', defaultMessage: 'e.g. 1' },
  save: { id: 'site.targets.save', defaultMessage: 'Save targets' },
  title: { id: 'site.targets.title', defaultMessage: 'Coaching targets' },
  introManage: { id: 'site.targets.introManage', defaultMessage: 'Your district\'s own goals for how much coaching each educator receives. Reports and the dashboard show progress against them. Each target is a number from 0.1 to 100.' },
  introRead: { id: 'site.targets.introRead', defaultMessage: 'Your district\'s goals for how much coaching each educator receives. Only district administrators can change them.' },
  loadError: { id: 'site.targets.loadError', defaultMessage: 'An error occurred while fetching the coaching targets. Please try again later.' },
  loading: { id: 'site.targets.loading', defaultMessage: 'Loading the coaching targets…' },
});

const shown = (value: number | null) => (value === null ? '' : String(value));

function describe(targets: CoachingTargets): { label: string; value: string }[] {
  return [
    {
      label: t(m.perMonth),
      value: targets.interactions_per_educator_per_month === null ? t(m.noTarget) : t(m.atLeast, { value: targets.interactions_per_educator_per_month }),
    },
    {
      label: t(m.perSemester),
      value: targets.cycles_per_new_teacher_per_semester === null ? t(m.noTarget) : t(m.atLeast, { value: targets.cycles_per_new_teacher_per_semester }),
    },
  ];
}

function TargetsForm({ district }: { district: DistrictProfile }) {
  const toast = useToast();
  const form = useFormErrors({
    [PER_MONTH]: shown(district.coaching_targets.interactions_per_educator_per_month),
    [PER_SEMESTER]: shown(district.coaching_targets.cycles_per_new_teacher_per_semester),
  });

  const submit = form.onSubmit(async () => {
    const values = { [PER_MONTH]: form.values[PER_MONTH]!.trim(), [PER_SEMESTER]: form.values[PER_SEMESTER]!.trim() };
    const data = form.check(targetsFormSchema, values);
    if (!data) return;
    await form.run(async () => {
      const saved = await updateDistrict({
        name: district.name,
        timezone: district.timezone,
        school_year_start_month: district.school_year_start_month,
        coaching_targets: {
          interactions_per_educator_per_month: data[PER_MONTH],
          cycles_per_new_teacher_per_semester: data[PER_SEMESTER],
        },
      });
      form.setValues({
        [PER_MONTH]: shown(saved.coaching_targets.interactions_per_educator_per_month),
        [PER_SEMESTER]: shown(saved.coaching_targets.cycles_per_new_teacher_per_semester),
      });
      // Report figures and the dashboard pulse measure against the targets: fetch them again.
      void mutate((key) => (typeof key === 'string' ? key : Array.isArray(key) ? String(key[0]) : '').startsWith('report'));
      toast.success(t(m.saved));
    });
  });

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
      <FormError error={form.formError} />
      <div className="grid-2">
        <TextField
          label={t(m.perMonth)}
          hint={t(m.perMonthHint)}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t(m.perMonthPlaceholder)}
          {...form.field(PER_MONTH)}
        />
        <TextField
          label={t(m.perSemester)}
          hint={t(m.perSemesterHint)}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t(m.perSemesterPlaceholder)}
          {...form.field(PER_SEMESTER)}
        />
      </div>
      <div className="form-actions">
        <Button type="submit" busy={form.busy}>{t(m.save)}</Button>
      </div>
    </form>
  );
}

export function CoachingTargetsCard({ canManage }: { canManage: boolean }) {
  const { data: district, error, mutate } = useDistrict();
  return (
    <Card
      className="site-card"
      titleId="site-targets-title"
      title={t(m.title)}
      intro={canManage ? t(m.introManage) : t(m.introRead)}
    >
      {error && !district ? (
        <LoadError message={t(m.loadError)} onRetry={() => void mutate()} />
      ) : !district ? (
        <LoadingBlock label={t(m.loading)} />
      ) : canManage ? (
        <TargetsForm key={district.id} district={district} />
      ) : (
        <dl className="dl site-profile__dl">
          {describe(district.coaching_targets).map((row) => (
            <Fragment key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </Card>
  );
}
