import type { DistrictProfile } from '../../../../common/schemas/site';
import { districtProfileSchema } from '../../../../common/schemas/site';
import { Button } from '../../../components/Button';
import { useState } from 'react';
import { CheckboxField, FormError, SelectField, TextField } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { currentLocale, defineMessages, t } from '../../../lib/i18n';
import { stateName } from '../../../lib/usStates';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../../common/locales';
import { rememberLocale } from '../../../i18n/load';
import { revalidateAuthUser } from '../../../lib/session';
import type { AuthUser } from '../../../../common/authUser';
import { updateDistrict } from '../api';
import { monthName, monthOptions, timezoneLabel, timezoneOptions } from './options';

const m = defineMessages({
  trial: { id: 'site.profile.trial', defaultMessage: 'Trial' },
  suspended: { id: 'site.profile.suspended', defaultMessage: 'Suspended' },
  districtName: { id: 'site.profile.districtName', defaultMessage: 'District name' },
  state: { id: 'site.profile.state', defaultMessage: 'State' },
  timezone: { id: 'site.profile.timezone', defaultMessage: 'Timezone' },
  timezoneHint: { id: 'site.profile.timezoneHint', defaultMessage: 'Used for schedules, reminders and reports.' },
  yearStart: { id: 'site.profile.yearStart', defaultMessage: 'School year starts in' },
  yearStartHint: { id: 'site.profile.yearStartHint', defaultMessage: 'Reports and caseloads follow this school year.' },
  plan: { id: 'site.profile.plan', defaultMessage: 'Plan' },
  sharedNotes: { id: 'site.profile.sharedNotes', defaultMessage: 'Shared interaction notes' },
  readLog: { id: 'site.profile.readLog', defaultMessage: 'Who has read about me' },
  sharedNotesOn: { id: 'site.profile.sharedNotesOn', defaultMessage: 'Visible to everyone who can see the interaction, administrators included.' },
  sharedNotesOff: { id: 'site.profile.sharedNotesOff', defaultMessage: 'Visible only to the coach, the person who logged the interaction and the educators who took part.' },
  readLogOn: { id: 'site.profile.readLogOn', defaultMessage: 'Educators see who opened the records about them (person, role and day).' },
  readLogOff: { id: 'site.profile.readLogOff', defaultMessage: 'Turned off for educators; reads are still recorded and kept two years.' },
  saved: { id: 'site.profile.saved', defaultMessage: 'The district profile has been saved.' },
  privacy: { id: 'site.profile.privacy', defaultMessage: 'Privacy' },
  sharedNotesLabel: { id: 'site.profile.sharedNotesLabel', defaultMessage: 'Shared notes visible to administrators' },
  sharedNotesHint: {
    id: 'site.profile.sharedNotesHint',
    defaultMessage: 'On: everyone who can see an interaction (principals and district administrators included) reads its shared notes, next steps and text answers. Off: only the coach, the person who logged it and the educators who took part read them; others still see dates, times, types and counts for reports. Private notes are only ever shown to the person who wrote them.',
  },
  readLogLabel: { id: 'site.profile.readLogLabel', defaultMessage: 'Educators see who has read about them' },
  readLogHint: {
    id: 'site.profile.readLogHint',
    defaultMessage: 'On: each educator sees, under Who has read about me, who opened their observations, coaching sessions, skill ratings, action steps and cycles, with the person\'s role and the day, never what they read. Off: the page tells educators it is turned off. Reads are recorded either way and kept two years.',
  },
  save: { id: 'site.profile.save', defaultMessage: 'Save profile' },
  language: { id: 'site.profile.language', defaultMessage: 'Language' },
  languageHint: { id: 'site.profile.languageHint', defaultMessage: 'The language of everyone in the district who has not chosen their own in Account settings.' },
});

function PlanLine({ district }: { district: DistrictProfile }) {
  return (
    <>
      {district.plan.name}
      {district.status === 'trial' && <span className="badge badge--info site-profile__badge">{t(m.trial)}</span>}
      {district.status === 'suspended' && <span className="badge badge--danger site-profile__badge">{t(m.suspended)}</span>}
    </>
  );
}

/** Plain text for people who may read but not change the profile. */
export function DistrictProfileView({ district }: { district: DistrictProfile }) {
  return (
    <dl className="dl site-profile__dl">
      <dt>{t(m.districtName)}</dt>
      <dd>{district.name}</dd>
      <dt>{t(m.state)}</dt>
      <dd>{stateName(district.state)}</dd>
      <dt>{t(m.timezone)}</dt>
      <dd>{timezoneLabel(district.timezone)}</dd>
      <dt>{t(m.yearStart)}</dt>
      <dd>{monthName(district.school_year_start_month)}</dd>
      <dt>{t(m.language)}</dt>
      <dd lang={district.language}>{LOCALE_NAMES[district.language]}</dd>
      <dt>{t(m.plan)}</dt>
      <dd><PlanLine district={district} /></dd>
      <dt>{t(m.sharedNotes)}</dt>
      <dd>{district.shared_notes_visible_to_admins ? t(m.sharedNotesOn) : t(m.sharedNotesOff)}</dd>
      <dt>{t(m.readLog)}</dt>
      <dd>{district.educator_read_log_visible ? t(m.readLogOn) : t(m.readLogOff)}</dd>
    </dl>
  );
}

export function DistrictProfileForm({ district }: { district: DistrictProfile }) {
  const toast = useToast();
  const form = useFormErrors({
    name: district.name,
    timezone: district.timezone,
    school_year_start_month: String(district.school_year_start_month),
    language: district.language,
  });
  const [sharedNotes, setSharedNotes] = useState(district.shared_notes_visible_to_admins);
  const [readLog, setReadLog] = useState(district.educator_read_log_visible);

  const submit = form.onSubmit(async () => {
    const data = form.check(districtProfileSchema, {
      ...form.values, school_year_start_month: Number(form.values.school_year_start_month), shared_notes_visible_to_admins: sharedNotes,
      language: form.values.language as Locale,
      educator_read_log_visible: readLog,
    });
    if (!data) return;
    await form.run(async () => {
      const saved = await updateDistrict(data);
      form.setValues({ name: saved.name, timezone: saved.timezone, school_year_start_month: String(saved.school_year_start_month), language: saved.language });
      setSharedNotes(saved.shared_notes_visible_to_admins);
      setReadLog(saved.educator_read_log_visible);
      toast.success(t(m.saved));
      // The district's language is this person's too when they have not chosen their own: show it now.
      const user = (await revalidateAuthUser()) as AuthUser | null | undefined;
      if (user && user.locale !== currentLocale()) {
        rememberLocale(user.locale);
        window.location.reload();
      }
    });
  });

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
      <FormError error={form.formError} />
      <TextField label={t(m.districtName)} autoComplete="organization" required maxLength={120} {...form.field('name')} />
      <div className="grid-2">
        <SelectField
          label={t(m.timezone)}
          hint={t(m.timezoneHint)}
          options={timezoneOptions(district.timezone)}
          required
          {...form.field('timezone')}
        />
        <SelectField
          label={t(m.yearStart)}
          hint={t(m.yearStartHint)}
          options={monthOptions()}
          required
          {...form.field('school_year_start_month')}
        />
      </div>
      <SelectField
        label={t(m.language)}
        hint={t(m.languageHint)}
        options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
        required
        {...form.field('language')}
      />
      <fieldset className="site-profile__privacy">
        <legend className="site-profile__legend">{t(m.privacy)}</legend>
        <CheckboxField
          label={t(m.sharedNotesLabel)}
          name="shared_notes_visible_to_admins"
          checked={sharedNotes}
          onChange={setSharedNotes}
          error={form.errors.shared_notes_visible_to_admins}
          hint={t(m.sharedNotesHint)}
        />
        <CheckboxField
          label={t(m.readLogLabel)}
          name="educator_read_log_visible"
          checked={readLog}
          onChange={setReadLog}
          error={form.errors.educator_read_log_visible}
          hint={t(m.readLogHint)}
        />
      </fieldset>
      <dl className="dl site-profile__dl site-profile__dl--static">
        <dt>{t(m.state)}</dt>
        <dd>{stateName(district.state)}</dd>
        <dt>{t(m.plan)}</dt>
        <dd><PlanLine district={district} /></dd>
      </dl>
      <div className="form-actions">
        <Button type="submit" busy={form.busy}>{t(m.save)}</Button>
      </div>
    </form>
  );
}
