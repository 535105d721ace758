import type { DistrictProfile } from '../../../../common/schemas/site';
import { US_STATES } from '../../../../common/constants';
import { districtProfileSchema } from '../../../../common/schemas/site';
import { Button } from '../../../components/Button';
import { FormError, SelectField, TextField } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { updateDistrict } from '../api';
import { MONTH_OPTIONS, monthName, timezoneLabel, timezoneOptions } from './options';

function PlanLine({ district }: { district: DistrictProfile }) {
  return (
    <>
      {district.plan.name}
      {district.status === 'trial' && <span className="badge badge--info site-profile__badge">Trial</span>}
      {district.status === 'suspended' && <span className="badge badge--danger site-profile__badge">Suspended</span>}
    </>
  );
}

/** Plain text for people who may read but not change the profile. */
export function DistrictProfileView({ district }: { district: DistrictProfile }) {
  return (
    <dl className="dl site-profile__dl">
      <dt>District name</dt>
      <dd>{district.name}</dd>
      <dt>State</dt>
      <dd>{US_STATES[district.state] ?? district.state}</dd>
      <dt>Timezone</dt>
      <dd>{timezoneLabel(district.timezone)}</dd>
      <dt>School year starts in</dt>
      <dd>{monthName(district.school_year_start_month)}</dd>
      <dt>Plan</dt>
      <dd><PlanLine district={district} /></dd>
    </dl>
  );
}

export function DistrictProfileForm({ district }: { district: DistrictProfile }) {
  const toast = useToast();
  const form = useFormErrors({
    name: district.name,
    timezone: district.timezone,
    school_year_start_month: String(district.school_year_start_month),
  });

  const submit = form.onSubmit(async () => {
    const data = form.check(districtProfileSchema, { ...form.values, school_year_start_month: Number(form.values.school_year_start_month) });
    if (!data) return;
    await form.run(async () => {
      const saved = await updateDistrict(data);
      form.setValues({ name: saved.name, timezone: saved.timezone, school_year_start_month: String(saved.school_year_start_month) });
      toast.success('The district profile has been saved.');
    });
  });

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
      <FormError error={form.formError} />
      <TextField label="District name" autoComplete="organization" required maxLength={120} {...form.field('name')} />
      <div className="grid-2">
        <SelectField
          label="Timezone"
          hint="Used for schedules, reminders and reports."
          options={timezoneOptions(district.timezone)}
          required
          {...form.field('timezone')}
        />
        <SelectField
          label="School year starts in"
          hint="Reports and caseloads follow this school year."
          options={MONTH_OPTIONS}
          required
          {...form.field('school_year_start_month')}
        />
      </div>
      <dl className="dl site-profile__dl site-profile__dl--static">
        <dt>State</dt>
        <dd>{US_STATES[district.state] ?? district.state}</dd>
        <dt>Plan</dt>
        <dd><PlanLine district={district} /></dd>
      </dl>
      <div className="form-actions">
        <Button type="submit" busy={form.busy}>Save profile</Button>
      </div>
    </form>
  );
}
