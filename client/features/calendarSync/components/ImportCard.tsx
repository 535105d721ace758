import { Link } from 'react-router-dom';
import { useId, useMemo, useState } from 'react';
import {
  CALENDAR_FILE_MAX_BYTES, CALENDAR_MESSAGES, type CalendarImportPayload, type CalendarImportResult, type CalendarPreview, type CalendarPreviewEvent,
} from '../../../../common/schemas/calendar';
import { ACTIVITY_CATEGORIES, ACTIVITY_CATEGORY_KEYS } from '../../../../common/schemas/interactions';
import { Card } from '../../../components/Card';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FieldErrors, FormError, TextField } from '../../../components/Field';
import { ApiError } from '../../../lib/api';
import { messageOf } from '../../../lib/formErrors';
import { formatDay, todayIn, utcToLocalDate } from '../../../lib/dates';
import { formatDate } from '../../../lib/format';
import { useDateLocale } from '../../../lib/session';
import { addDays, wallClock } from '../../../lib/zonedTime';
import { isTimeZone } from '../../../../common/zone';
import type { Locale } from 'date-fns';
import { importCalendarEvents, previewCalendarFile } from '../api';
import { plural } from '../../../../common/plural';
import { TableHead } from '../../../components/Table';

interface RowChoice {
  selected: boolean;
  /** `interaction:<type id>` or `activity:<category>`. */
  as: string;
}

/** An event's start on the person's clock ("Tue, Nov 3, 9:00 AM · 45 min"); an all-day event's day as the file names it. */
function when(event: CalendarPreviewEvent, timeZone: string, locale: Locale | undefined): string {
  if (event.all_day) return `${formatDay(utcToLocalDate(event.starts_at, 'UTC'), locale)} · all day`;
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  return `${formatDate(wallClock(event.starts_at, zone), locale, 'EEE, MMM d, p')} · ${event.duration_minutes} min`;
}

function resultSummary(result: CalendarImportResult): string {
  const parts = [`${result.created} new`, `${result.updated} updated`];
  if (result.moved > 0) parts.push(`${result.moved} changed kind`);
  const total = result.created + result.updated + result.moved;
  return `Imported ${plural(total, 'event', 'events')}: ${parts.join(', ')}.`;
}

export function ImportCard({ timeZone }: { timeZone: string }) {
  const id = useId();
  const today = todayIn(timeZone);
  const [file, setFile] = useState<File | null>(null);
  const locale = useDateLocale();
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(addDays(today, 30));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [preview, setPreview] = useState<CalendarPreview | null>(null);
  const [choices, setChoices] = useState<Record<string, RowChoice>>({});
  const [result, setResult] = useState<CalendarImportResult | null>(null);

  const defaultChoice = (event: CalendarPreviewEvent, data: CalendarPreview): RowChoice => ({
    selected: false,
    as: event.imported?.kind === 'activity' ? 'activity:meeting' : data.interaction_types[0] ? `interaction:${data.interaction_types[0].id}` : 'activity:meeting',
  });

  const runPreview = async (keepChoices = false) => {
    const local: Record<string, string | undefined> = {};
    if (!file) local.file = CALENDAR_MESSAGES.fileEmpty;
    else if (file.size > CALENDAR_FILE_MAX_BYTES) local.file = CALENDAR_MESSAGES.fileTooBig;
    if (!from) local.from = 'From is required (YYYY-MM-DD).';
    if (!to) local.to = 'To is required (YYYY-MM-DD).';
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length > 0 || !file) return;
    setBusy('preview');
    try {
      const data = await previewCalendarFile(file, from, to);
      setPreview(data);
      setChoices((old) => Object.fromEntries(data.events.map((e) => [e.key, keepChoices && old[e.key] ? { ...old[e.key]!, selected: false } : defaultChoice(e, data)])));
    } catch (err) {
      setPreview(null);
      if (err instanceof ApiError && err.status === 422) {
        setErrors({ file: err.field('file'), from: err.field('from'), to: err.field('to') });
      } else {
        setFormError([messageOf(err)]);
      }
    } finally {
      setBusy(null);
    }
  };

  const importable = useMemo(() => preview?.events.filter((e) => e.importable) ?? [], [preview]);
  const selected = importable.filter((e) => choices[e.key]?.selected);
  const allSelected = importable.length > 0 && selected.length === importable.length;

  const setChoice = (key: string, change: Partial<RowChoice>) => setChoices((c) => ({ ...c, [key]: { ...c[key]!, ...change } }));
  const selectAll = (on: boolean) => setChoices((c) => {
    const next = { ...c };
    for (const e of importable) next[e.key] = { ...next[e.key]!, selected: on };
    return next;
  });

  const runImport = async () => {
    if (!preview || selected.length === 0) return;
    const events: CalendarImportPayload['events'] = selected.map((e) => {
      const [kind, value] = choices[e.key]!.as.split(':') as [string, string];
      const base = { key: e.key, summary: e.summary, starts_at: e.starts_at, duration_minutes: e.duration_minutes };
      return kind === 'interaction' ? { ...base, as: 'interaction' as const, interaction_type_id: Number(value) } : { ...base, as: 'activity' as const, category: value };
    });
    setBusy('import');
    setFormError(null);
    try {
      const answer = await importCalendarEvents({ events });
      setResult(answer);
      await runPreview(true);
    } catch (err) {
      const list = err instanceof ApiError && err.status === 422
        ? Object.entries(err.errors).map(([field, messages]) => {
          const row = /^events\.(\d+)\./.exec(field);
          const event = row ? selected[Number(row[1])] : undefined;
          return event ? `${event.summary || 'Untitled event'}: ${messages[0]}` : messages[0]!;
        })
        : [messageOf(err)];
      setFormError(list);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      className="calsync-card"
      titleId="calsync-import-title"
      title="Import from a calendar file"
      intro={<>
        Bring meetings you scheduled elsewhere into Coachwell. In Google Calendar, choose <strong>Settings</strong> ›{' '}
        <strong>Import &amp; export</strong> › <strong>Export</strong> (unzip the download); in Outlook, save or share the
        calendar as an <strong>.ics</strong> file. Importing the same file again updates what you imported before instead
        of adding it twice. Event descriptions are never imported.
      </>}
    >
      <form
        className="form calsync-import-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setResult(null);
          void runPreview();
        }}
      >
        <div className={['field', errors.file && 'field--invalid'].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor={`${id}-file`}>Calendar file (.ics)</label>
          <p className="field__hint" id={`${id}-file-hint`}>Up to {CALENDAR_FILE_MAX_BYTES / 1024 / 1024} MB.</p>
          <input
            id={`${id}-file`}
            className="field__control calsync-file"
            type="file"
            accept=".ics,text/calendar"
            aria-describedby={[`${id}-file-hint`, errors.file && `${id}-file-error`].filter(Boolean).join(' ')}
            aria-invalid={errors.file ? true : undefined}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setPreview(null);
              setResult(null);
            }}
          />
          <FieldErrors id={`${id}-file-error`} errors={errors.file ? [errors.file] : []} />
        </div>
        <div className="grid-2">
          <TextField label="From" name="from" type="date" value={from} onChange={setFrom} error={errors.from} required />
          <TextField label="To" name="to" type="date" value={to} onChange={setTo} error={errors.to} required />
        </div>
        <div className="form-actions">
          <Button type="submit" variant={preview ? 'secondary' : 'primary'} busy={busy === 'preview'}>Preview events</Button>
        </div>
      </form>

      <FormError error={formError} />
      {result && (
        <Alert tone="success" title="Import finished">
          <p>
            {resultSummary(result)} <Link to="/app/activity">See them in Activity</Link>.
          </p>
        </Alert>
      )}

      {preview && (
        <div className="stack">
          <div className="cluster cluster--between calsync-preview__bar">
            <p className="text-sm muted calsync-preview__count" aria-live="polite">
              {preview.calendar_name ? <>“{preview.calendar_name}”: </> : null}
              {plural(preview.events.length, 'event', 'events')} from {preview.from} to {preview.to}, {selected.length} selected.
            </p>
            {importable.length > 0 && (
              <label className="calsync-check">
                <input type="checkbox" checked={allSelected} onChange={(e) => selectAll(e.currentTarget.checked)} />
                <span>Select all</span>
              </label>
            )}
          </div>
          <div className="table-wrap">
            <table className="table calsync-table">
              <caption className="sr-only">Events in the file: choose which to import and as what</caption>
              <TableHead columns={[{ label: 'Import', hidden: true }, 'Event', 'When', 'Import as']} />
              <tbody>
                {preview.events.map((event) => {
                  const choice = choices[event.key];
                  const label = event.summary || 'Untitled event';
                  const rowId = `${id}-${event.key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
                  return (
                    <tr key={event.key} className={event.importable ? undefined : 'calsync-row--off'}>
                      <td className="calsync-table__check">
                        <input
                          type="checkbox"
                          id={`${rowId}-check`}
                          aria-labelledby={`${rowId}-title`}
                          checked={Boolean(choice?.selected)}
                          disabled={!event.importable}
                          onChange={(e) => setChoice(event.key, { selected: e.currentTarget.checked })}
                        />
                      </td>
                      <td>
                        <label htmlFor={`${rowId}-check`} id={`${rowId}-title`} className="calsync-table__title">{label}</label>
                        <span className="calsync-table__badges">
                          {event.recurring && <span className="badge badge--neutral">Repeats</span>}
                          {event.imported && <span className="badge badge--info">Imported as {event.imported.kind === 'interaction' ? 'an interaction' : 'time'}</span>}
                          {!event.importable && <span className="text-sm muted">{event.reason}</span>}
                        </span>
                      </td>
                      <td className="calsync-table__when">{when(event, timeZone, locale)}</td>
                      <td>
                        {event.importable && choice ? (
                          <select
                            className="field__control field__control--select calsync-table__select"
                            aria-label={`Import “${label}” as`}
                            value={choice.as}
                            onChange={(e) => setChoice(event.key, { as: e.currentTarget.value, selected: true })}
                          >
                            <optgroup label="Interaction">
                              {preview.interaction_types.map((t) => <option key={t.id} value={`interaction:${t.id}`}>{t.name}</option>)}
                            </optgroup>
                            <optgroup label="Logged time">
                              {ACTIVITY_CATEGORY_KEYS.map((c) => <option key={c} value={`activity:${c}`}>{ACTIVITY_CATEGORIES[c]}</option>)}
                            </optgroup>
                          </select>
                        ) : (
                          <span className="muted text-sm">Can’t be imported</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="form-actions">
            <Button onClick={() => void runImport()} disabled={selected.length === 0} busy={busy === 'import'}>
              {selected.length === 0 ? 'Choose events to import' : `Import ${plural(selected.length, 'event', 'events')}`}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
