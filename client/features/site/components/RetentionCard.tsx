// Site settings: the district's retention setting (issue 32, item 4), "delete coaching records older than N school
// years", saved through PUT /api/district with the profile as stored; what the next nightly run removes is read from
// GET /api/district/retention-preview for the value chosen, before it is saved. Turning it on, or shortening it,
// asks first.
import { useState } from 'react';
import { RETENTION_KIND_WORDS, RETENTION_KINDS, RETENTION_MAX_YEARS, RETENTION_MIN_YEARS, type RetentionCounts } from '../../../../common/retention';
import type { DistrictProfile } from '../../../../common/schemas/site';
import { plural } from '../../../../common/plural';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { FormError, SelectField } from '../../../components/Field';
import { LoadError } from '../../../components/LoadError';
import { ConfirmDialog } from '../../../components/Modal';
import { LoadingBlock } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { formatDate } from '../../../lib/format';
import { useSubmitState } from '../../../lib/forms';
import { useDateLocale, useInstantFormat } from '../../../lib/session';
import { dayAsDate } from '../../../lib/zonedTime';
import { revalidateRetention, type RetentionPreview, updateDistrict, useDistrict, useRetentionPreview } from '../api';
import { monthName } from './options';

const OFF = 'off';
const OPTIONS = [
  { value: OFF, label: 'Never (keep every record)' },
  ...Array.from({ length: RETENTION_MAX_YEARS - RETENTION_MIN_YEARS + 1 }, (_, i) => {
    const n = RETENTION_MIN_YEARS + i;
    return { value: String(n), label: `Older than ${plural(n, 'school year', 'school years')}` };
  }),
];

/** "1,204 interactions, 310 observations and 12 skill ratings", only the kinds with something; null when nothing. */
export function countsText(counts: RetentionCounts): string | null {
  const parts = RETENTION_KINDS.filter((k) => counts[k] > 0).map((k) => plural(counts[k], ...RETENTION_KIND_WORDS[k]));
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function useDay() {
  const locale = useDateLocale();
  return (day: string) => formatDate(dayAsDate(day), locale);
}

/** The preview of one value in words. */
function PreviewText({ preview }: { preview: RetentionPreview }) {
  const day = useDay();
  if (preview.years === null || !preview.counts || !preview.cutoff_day) {
    return <p className="muted">Nothing is deleted: coaching records are kept until you delete them or the district is closed.</p>;
  }
  const counts = countsText(preview.counts);
  return (
    <p>
      {counts
        ? <>The next run on <strong>{day(preview.next_run_on)}</strong> deletes <strong>{counts}</strong>, every one dated before {day(preview.cutoff_day)}.</>
        : <>The next run on <strong>{day(preview.next_run_on)}</strong> deletes nothing: no coaching record is dated before {day(preview.cutoff_day)}.</>}
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
      Last run: {last.finished_at ? when.dateTime(last.finished_at) : day(last.night)}, {counts ? `deleted ${counts}` : 'nothing to delete'} (records before {day(last.cutoff_day)}).
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
    toast.success(years === null ? 'Data retention is off: coaching records are kept.' : `Coaching records older than ${plural(years, 'school year', 'school years')} will be deleted every night.`);
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
        label="Delete coaching records"
        hint={`A school year starts on ${monthName(district.school_year_start_month)} 1. The run starts at 2:00 every night, district time.`}
        options={OPTIONS}
        name="data_retention_years"
        value={choice}
        onChange={setChoice}
        error={state.errors.data_retention_years}
      />
      <div className="retention-preview" aria-live="polite" data-testid="retention-preview">
        {error && !preview ? (
          <LoadError what="what the next run deletes" onRetry={() => void mutate()} />
        ) : years === null ? (
          <p className="muted">Nothing is deleted: coaching records are kept until you delete them or the district is closed.</p>
        ) : !preview ? (
          <LoadingBlock label="Counting what the next run deletes…" />
        ) : (
          <PreviewText preview={preview} />
        )}
        {preview && <LastRun preview={preview} />}
      </div>
      <div className="form-actions">
        <Button type="submit" busy={state.busy && !confirming} disabled={!changed}>Save retention</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        busy={state.busy}
        title={`Delete coaching records older than ${plural(years ?? 0, 'school year', 'school years')}?`}
        message={(
          <div className="stack stack--sm">
            {preview ? <PreviewText preview={preview} /> : null}
            <p>Deleted records cannot be restored, and reports will count only what is left. Export what you need to keep first.</p>
            <FormError error={state.formError} />
          </div>
        )}
        confirmLabel="Turn on deletion"
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
      title="Data retention"
      intro={canManage
        ? 'How long Coachwell keeps your coaching records: interactions with their notes, logged time, observations, skill ratings, closed cycles, action steps and requests. Older ones are deleted for good every night; educators, schools and settings stay.'
        : 'How long Coachwell keeps your coaching records. Only district administrators can change this setting.'}
    >
      {error && !district ? (
        <LoadError what="the retention setting" onRetry={() => void mutate()} />
      ) : !district ? (
        <LoadingBlock label="Loading the retention setting…" />
      ) : canManage ? (
        <RetentionForm key={`${district.id}-${district.data_retention_years}`} district={district} />
      ) : (
        <dl className="dl site-profile__dl">
          <dt>Coaching records</dt>
          <dd>
            {district.data_retention_years === null || !district.retained_from
              ? 'Kept until they are deleted.'
              : `Deleted once older than ${plural(district.data_retention_years, 'school year', 'school years')} (now: records before ${day(district.retained_from)}).`}
          </dd>
        </dl>
      )}
    </Card>
  );
}
