import type { DistrictProfile } from '../../../../common/schemas/site';
import { US_STATES } from '../../../../common/constants';
import { districtProfileSchema } from '../../../../common/schemas/site';
import { Button } from '../../../components/Button';
import { useState } from 'react';
import { CheckboxField, FormError, SelectField, TextField } from '../../../components/Field';
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
      <dt>Shared interaction notes</dt>
      <dd>{district.shared_notes_visible_to_admins ? SHARED_NOTES_ON : SHARED_NOTES_OFF}</dd>
      <dt>Who has read about me</dt>
      <dd>{district.educator_read_log_visible ? READ_LOG_ON : READ_LOG_OFF}</dd>
    </dl>
  );
}

const SHARED_NOTES_ON = 'Visible to everyone who can see the interaction, administrators included.';
const SHARED_NOTES_OFF = 'Visible only to the coach, the person who logged the interaction and the educators who took part.';
const READ_LOG_ON = 'Educators see who opened the records about them (person, role and day).';
const READ_LOG_OFF = 'Turned off for educators; reads are still recorded and kept two years.';

export function DistrictProfileForm({ district }: { district: DistrictProfile }) {
  const toast = useToast();
  const form = useFormErrors({
    name: district.name,
    timezone: district.timezone,
    school_year_start_month: String(district.school_year_start_month),
  });
  const [sharedNotes, setSharedNotes] = useState(district.shared_notes_visible_to_admins);
  const [readLog, setReadLog] = useState(district.educator_read_log_visible);

  const submit = form.onSubmit(async () => {
    const data = form.check(districtProfileSchema, {
      ...form.values, school_year_start_month: Number(form.values.school_year_start_month), shared_notes_visible_to_admins: sharedNotes,
      educator_read_log_visible: readLog,
    });
    if (!data) return;
    await form.run(async () => {
      const saved = await updateDistrict(data);
      form.setValues({ name: saved.name, timezone: saved.timezone, school_year_start_month: String(saved.school_year_start_month) });
      setSharedNotes(saved.shared_notes_visible_to_admins);
      setReadLog(saved.educator_read_log_visible);
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
      <fieldset className="site-profile__privacy">
        <legend className="site-profile__legend">Privacy</legend>
        <CheckboxField
          label="Shared notes visible to administrators"
          name="shared_notes_visible_to_admins"
          checked={sharedNotes}
          onChange={setSharedNotes}
          error={form.errors.shared_notes_visible_to_admins}
          hint={'On: everyone who can see an interaction (principals and district administrators included) reads its shared notes, next steps and text answers. '
            + 'Off: only the coach, the person who logged it and the educators who took part read them; others still see dates, times, types and counts for reports. '
            + 'Private notes are only ever shown to the person who wrote them.'}
        />
        <CheckboxField
          label="Educators see who has read about them"
          name="educator_read_log_visible"
          checked={readLog}
          onChange={setReadLog}
          error={form.errors.educator_read_log_visible}
          hint={'On: each educator sees, under Who has read about me, who opened their observations, coaching sessions, skill ratings, '
            + 'action steps and cycles, with the person\'s role and the day, never what they read. '
            + 'Off: the page tells educators it is turned off. Reads are recorded either way and kept two years.'}
        />
      </fieldset>
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
