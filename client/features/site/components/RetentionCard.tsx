// Site settings: the district's retention setting (issue 32, item 4), "delete coaching records older than N school
// years", saved through PUT /api/district with the profile as stored; what the next nightly run removes is read from
// GET /api/district/retention-preview for the value chosen, before it is saved. Turning it on, or shortening it,
// asks first.
import { type ReactNode, useState } from 'react';
import { RETENTION_KINDS, RETENTION_MAX_YEARS, RETENTION_MIN_YEARS, type RetentionCounts } from '../../../../common/retention';
import type { DistrictProfile } from '../../../../common/schemas/site';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { FormError, SelectField } from '../../../components/Field';
import { LoadError } from '../../../components/LoadError';
import { ConfirmDialog } from '../../../components/Modal';
import { LoadingBlock } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { formatDate } from '../../../lib/format';
import { useSubmitState } from '../../../lib/forms';
import { defineMessages, type MessageDescriptor, t, tRich } from '../../../lib/i18n';
import { useDateLocale, useInstantFormat } from '../../../lib/session';
import { dayAsDate } from '../../../lib/zonedTime';
import { revalidateRetention, type RetentionPreview, updateDistrict, useDistrict, useRetentionPreview } from '../api';
import { monthName } from './options';

const m = defineMessages({
  never: { id: 'site.retention.never', defaultMessage: 'Never (keep every record)' },
  olderThan: { id: 'site.retention.olderThan', defaultMessage: 'Older than {years, plural, one {# school year} other {# school years}}' },
  interactions: { id: 'site.retention.kind.interactions', defaultMessage: '{count, plural, one {# interaction} other {# interactions}}' },
  activities: { id: 'site.retention.kind.activities', defaultMessage: '{count, plural, one {# logged time entry} other {# logged time entries}}' },
  observations: { id: 'site.retention.kind.observations', defaultMessage: '{count, plural, one {# observation} other {# observations}}' },
  calibrationSessions: { id: 'site.retention.kind.calibrationSessions', defaultMessage: '{count, plural, one {# calibration session} other {# calibration sessions}}' },
  cycles: { id: 'site.retention.kind.cycles', defaultMessage: '{count, plural, one {# coaching cycle} other {# coaching cycles}}' },
  cycleNotes: { id: 'site.retention.kind.cycleNotes', defaultMessage: '{count, plural, one {# cycle note} other {# cycle notes}}' },
  skillRatings: { id: 'site.retention.kind.skillRatings', defaultMessage: '{count, plural, one {# skill rating} other {# skill ratings}}' },
  selfRatings: { id: 'site.retention.kind.selfRatings', defaultMessage: '{count, plural, one {# self-assessment rating} other {# self-assessment ratings}}' },
  actionSteps: { id: 'site.retention.kind.actionSteps', defaultMessage: '{count, plural, one {# closed action step} other {# closed action steps}}' },
  coachingRequests: { id: 'site.retention.kind.coachingRequests', defaultMessage: '{count, plural, one {# closed coaching request} other {# closed coaching requests}}' },
  listLast: { id: 'site.retention.listLast', defaultMessage: '{first} and {last}', description: 'The last two of a list of counts; {first} may itself be a comma-separated list.' },
  nothingDeleted: { id: 'site.retention.nothingDeleted', defaultMessage: 'Nothing is deleted: coaching records are kept until you delete them or the district is closed.' },
  nextRunDeletes: { id: 'site.retention.nextRunDeletes', defaultMessage: 'The next run on <b>{day}</b> deletes <b>{counts}</b>, every one dated before {cutoff}.' },
  nextRunNothing: { id: 'site.retention.nextRunNothing', defaultMessage: 'The next run on <b>{day}</b> deletes nothing: no coaching record is dated before {cutoff}.' },
  lastRunDeleted: { id: 'site.retention.lastRunDeleted', defaultMessage: 'Last run: {when}, deleted {counts} (records before {cutoff}).' },
  lastRunNothing: { id: 'site.retention.lastRunNothing', defaultMessage: 'Last run: {when}, nothing to delete (records before {cutoff}).' },
  savedOff: { id: 'site.retention.savedOff', defaultMessage: 'Data retention is off: coaching records are kept.' },
  savedOn: { id: 'site.retention.savedOn', defaultMessage: 'Coaching records older than {years, plural, one {# school year} other {# school years}} will be deleted every night.' },
  deleteLabel: { id: 'site.retention.deleteLabel', defaultMessage: 'Delete coaching records' },
  deleteHint: { id: 'site.retention.deleteHint', defaultMessage: 'A school year starts on {month} 1. The run starts at 2:00 every night, district time.' },
  previewLoadError: { id: 'site.retention.previewLoadError', defaultMessage: 'An error occurred while fetching what the next run deletes. Please try again later.' },
  counting: { id: 'site.retention.counting', defaultMessage: 'Counting what the next run deletes…' },
  save: { id: 'site.retention.save', defaultMessage: 'Save retention' },
  confirmTitle: { id: 'site.retention.confirmTitle', defaultMessage: 'Delete coaching records older than {years, plural, one {# school year} other {# school years}}?' },
  confirmBody: { id: 'site.retention.confirmBody', defaultMessage: 'Deleted records cannot be restored, and reports will count only what is left. Export what you need to keep first.' },
  confirmLabel: { id: 'site.retention.confirmLabel', defaultMessage: 'Turn on deletion' },
  title: { id: 'site.retention.title', defaultMessage: 'Data retention' },
  introManage: { id: 'site.retention.introManage', defaultMessage: 'How long Coachwell keeps your coaching records: interactions with their notes, logged time, observations, skill ratings, closed cycles, action steps and requests. Older ones are deleted for good every night; educators, schools and settings stay.' },
  introRead: { id: 'site.retention.introRead', defaultMessage: 'How long Coachwell keeps your coaching records. Only district administrators can change this setting.' },
  settingLoadError: { id: 'site.retention.settingLoadError', defaultMessage: 'An error occurred while fetching the retention setting. Please try again later.' },
  loading: { id: 'site.retention.loading', defaultMessage: 'Loading the retention setting…' },
  records: { id: 'site.retention.records', defaultMessage: 'Coaching records' },
  keptUntilDeleted: { id: 'site.retention.keptUntilDeleted', defaultMessage: 'Kept until they are deleted.' },
  deletedOnce: { id: 'site.retention.deletedOnce', defaultMessage: 'Deleted once older than {years, plural, one {# school year} other {# school years}} (now: records before {day}).' },
});

const KIND_MESSAGES: Record<(typeof RETENTION_KINDS)[number], MessageDescriptor> = {
  interactions: m.interactions,
  activities: m.activities,
  observations: m.observations,
  calibration_sessions: m.calibrationSessions,
  cycles: m.cycles,
  cycle_notes: m.cycleNotes,
  skill_ratings: m.skillRatings,
  self_ratings: m.selfRatings,
  action_steps: m.actionSteps,
  coaching_requests: m.coachingRequests,
};

const OFF = 'off';
const options = () => [
  { value: OFF, label: t(m.never) },
  ...Array.from({ length: RETENTION_MAX_YEARS - RETENTION_MIN_YEARS + 1 }, (_, i) => {
    const n = RETENTION_MIN_YEARS + i;
    return { value: String(n), label: t(m.olderThan, { years: n }) };
  }),
];

/** "1,204 interactions, 310 observations and 12 skill ratings", only the kinds with something; null when nothing. */
export function countsText(counts: RetentionCounts): string | null {
  const parts = RETENTION_KINDS.filter((k) => counts[k] > 0).map((k) => t(KIND_MESSAGES[k], { count: counts[k] }));
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0]! : t(m.listLast, { first: parts.slice(0, -1).join(', '), last: parts.at(-1)! });
}

const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

function useDay() {
  const locale = useDateLocale();
  return (day: string) => formatDate(dayAsDate(day), locale);
}

/** The preview of one value in words. */
function PreviewText({ preview }: { preview: RetentionPreview }) {
  const day = useDay();
  if (preview.years === null || !preview.counts || !preview.cutoff_day) {
    return <p className="muted">{t(m.nothingDeleted)}</p>;
  }
  const counts = countsText(preview.counts);
  return (
    <p>
      {counts
        ? tRich(m.nextRunDeletes, { b: bold, day: day(preview.next_run_on), counts, cutoff: day(preview.cutoff_day) })
        : tRich(m.nextRunNothing, { b: bold, day: day(preview.next_run_on), cutoff: day(preview.cutoff_day) })}
    </p>
  );
}

function LastRun({ preview }: { preview: RetentionPreview }) {
  const day = useDay();
  const when = useInstantFormat();
  const last = preview.last_run;
  if (!last) return null;
  const counts = last.counts ? countsText(last.counts) : null;
  return (
    <p className="muted">
      {t(counts ? m.lastRunDeleted : m.lastRunNothing, {
        when: last.finished_at ? when.dateTime(last.finished_at) : day(last.night), counts: counts ?? '', cutoff: day(last.cutoff_day),
      })}
    </p>
  );
}

function RetentionForm({ district }: { district: DistrictProfile }) {
  const toast = useToast();
  const saved = district.data_retention_years;
  const [choice, setChoice] = useState(saved === null ? OFF : String(saved));
  const [confirming, setConfirming] = useState(false);
  const state = useSubmitState(() => ['data_retention_years']);
  const years = choice === OFF ? null : Number(choice);
  const { data: preview, error, mutate } = useRetentionPreview(true, years ?? undefined);
  const changed = years !== saved;
  // Turning it on, or keeping fewer years than now, deletes more at the next run: ask first.
  const deletesMore = years !== null && (saved === null || years < saved);

  const save = () => state.run(async () => {
    await updateDistrict({
      name: district.name, timezone: district.timezone, school_year_start_month: district.school_year_start_month, data_retention_years: years,
    });
    await revalidateRetention();
    setConfirming(false);
    toast.success(years === null ? t(m.savedOff) : t(m.savedOn, { years }));
  });

  const submit = state.onSubmit(async () => {
    if (!changed) return;
    if (deletesMore) setConfirming(true);
    else await save();
  });

  return (
    <form ref={state.formRef} className="form" noValidate onSubmit={submit}>
      <FormError error={state.formError} />
      <SelectField
        label={t(m.deleteLabel)}
        hint={t(m.deleteHint, { month: monthName(district.school_year_start_month) })}
        options={options()}
        name="data_retention_years"
        value={choice}
        onChange={setChoice}
        error={state.errors.data_retention_years}
      />
      <div className="retention-preview" aria-live="polite" data-testid="retention-preview">
        {error && !preview ? (
          <LoadError message={t(m.previewLoadError)} onRetry={() => void mutate()} />
        ) : years === null ? (
          <p className="muted">{t(m.nothingDeleted)}</p>
        ) : !preview ? (
          <LoadingBlock label={t(m.counting)} />
        ) : (
          <PreviewText preview={preview} />
        )}
        {preview && <LastRun preview={preview} />}
      </div>
      <div className="form-actions">
        <Button type="submit" busy={state.busy && !confirming} disabled={!changed}>{t(m.save)}</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        busy={state.busy}
        title={t(m.confirmTitle, { years: years ?? 0 })}
        message={(
          <div className="stack stack--sm">
            {preview ? <PreviewText preview={preview} /> : null}
            <p>{t(m.confirmBody)}</p>
            <FormError error={state.formError} />
          </div>
        )}
        confirmLabel={t(m.confirmLabel)}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}

export function RetentionCard({ canManage }: { canManage: boolean }) {
  const { data: district, error, mutate } = useDistrict();
  const day = useDay();
  return (
    <Card
      className="site-card"
      titleId="site-retention-title"
      title={t(m.title)}
      intro={canManage ? t(m.introManage) : t(m.introRead)}
    >
      {error && !district ? (
        <LoadError message={t(m.settingLoadError)} onRetry={() => void mutate()} />
      ) : !district ? (
        <LoadingBlock label={t(m.loading)} />
      ) : canManage ? (
        <RetentionForm key={`${district.id}-${district.data_retention_years}`} district={district} />
      ) : (
        <dl className="dl site-profile__dl">
          <dt>{t(m.records)}</dt>
          <dd>
            {district.data_retention_years === null || !district.retained_from
              ? t(m.keptUntilDeleted)
              : t(m.deletedOnce, { years: district.data_retention_years, day: day(district.retained_from) })}
          </dd>
        </dl>
      )}
    </Card>
  );
}
