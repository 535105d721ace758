import { Link } from 'react-router-dom';
import { type ReactNode, useId, useMemo, useState } from 'react';
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
import { defineMessages, t, tRich, tText } from '../../../lib/i18n';
import { TableHead } from '../../../components/Table';

const m = defineMessages({
  allDay: { id: 'calendarSync.import.allDay', defaultMessage: '{day} · all day' },
  timed: { id: 'calendarSync.import.timed', defaultMessage: '{start} · {minutes} min' },
  summary: { id: 'calendarSync.import.summary', defaultMessage: 'Imported {total, plural, one {# event} other {# events}}: {created, number} new, {updated, number} updated.' },
  summaryMoved: { id: 'calendarSync.import.summaryMoved', defaultMessage: 'Imported {total, plural, one {# event} other {# events}}: {created, number} new, {updated, number} updated, {moved, number} changed kind.' },
  fromRequired: { id: 'calendarSync.import.fromRequired', defaultMessage: 'From is required (YYYY-MM-DD).' },
  toRequired: { id: 'calendarSync.import.toRequired', defaultMessage: 'To is required (YYYY-MM-DD).' },
  untitled: { id: 'calendarSync.import.untitled', defaultMessage: 'Untitled event' },
  eventError: { id: 'calendarSync.import.eventError', defaultMessage: '{event}: {message}' },
  title: { id: 'calendarSync.import.title', defaultMessage: 'Import from a calendar file' },
  intro: { id: 'calendarSync.import.intro', defaultMessage: 'Bring meetings you scheduled elsewhere into Coachwell. In Google Calendar, choose <b>Settings</b> › <b>Import & export</b> › <b>Export</b> (unzip the download); in Outlook, save or share the calendar as an <b>.ics</b> file. Importing the same file again updates what you imported before instead of adding it twice. Event descriptions are never imported.' },
  file: { id: 'calendarSync.import.file', defaultMessage: 'Calendar file (.ics)' },
  fileHint: { id: 'calendarSync.import.fileHint', defaultMessage: 'Up to {size, number} MB.' },
  from: { id: 'calendarSync.import.from', defaultMessage: 'From' },
  to: { id: 'calendarSync.import.to', defaultMessage: 'To' },
  preview: { id: 'calendarSync.import.preview', defaultMessage: 'Preview events' },
  finished: { id: 'calendarSync.import.finished', defaultMessage: 'Import finished' },
  seeThem: { id: 'calendarSync.import.seeThem', defaultMessage: '{summary} <link>See them in Activity</link>.' },
  countNamed: { id: 'calendarSync.import.countNamed', defaultMessage: '“{calendar}”: {count, plural, one {# event} other {# events}} from {from} to {to}, {selected, number} selected.' },
  count: { id: 'calendarSync.import.count', defaultMessage: '{count, plural, one {# event} other {# events}} from {from} to {to}, {selected, number} selected.' },
  selectAll: { id: 'calendarSync.import.selectAll', defaultMessage: 'Select all' },
  caption: { id: 'calendarSync.import.caption', defaultMessage: 'Events in the file: choose which to import and as what' },
  colImport: { id: 'calendarSync.import.colImport', defaultMessage: 'Import' },
  colEvent: { id: 'calendarSync.import.colEvent', defaultMessage: 'Event' },
  colWhen: { id: 'calendarSync.import.colWhen', defaultMessage: 'When' },
  colImportAs: { id: 'calendarSync.import.colImportAs', defaultMessage: 'Import as' },
  repeats: { id: 'calendarSync.import.repeats', defaultMessage: 'Repeats' },
  importedInteraction: { id: 'calendarSync.import.importedInteraction', defaultMessage: 'Imported as an interaction' },
  importedTime: { id: 'calendarSync.import.importedTime', defaultMessage: 'Imported as time' },
  importAs: { id: 'calendarSync.import.importAs', defaultMessage: 'Import “{event}” as' },
  interaction: { id: 'calendarSync.import.interaction', defaultMessage: 'Interaction' },
  loggedTime: { id: 'calendarSync.import.loggedTime', defaultMessage: 'Logged time' },
  cannot: { id: 'calendarSync.import.cannot', defaultMessage: 'Can’t be imported' },
  choose: { id: 'calendarSync.import.choose', defaultMessage: 'Choose events to import' },
  importN: { id: 'calendarSync.import.importN', defaultMessage: 'Import {count, plural, one {# event} other {# events}}' },
});

const b = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

interface RowChoice {
  selected: boolean;
  /** `interaction:<type id>` or `activity:<category>`. */
  as: string;
}

/** An event's start on the person's clock ("Tue, Nov 3, 9:00 AM · 45 min"); an all-day event's day as the file names it. */
function when(event: CalendarPreviewEvent, timeZone: string, locale: Locale | undefined): string {
  if (event.all_day) return t(m.allDay, { day: formatDay(utcToLocalDate(event.starts_at, 'UTC'), locale) });
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  return t(m.timed, { start: formatDate(wallClock(event.starts_at, zone), locale, 'EEE, MMM d, p'), minutes: String(event.duration_minutes) });
}

function resultSummary(result: CalendarImportResult): string {
  const total = result.created + result.updated + result.moved;
  return t(result.moved > 0 ? m.summaryMoved : m.summary, { total, created: result.created, updated: result.updated, moved: result.moved });
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
    if (!file) local.file = tText(CALENDAR_MESSAGES.fileEmpty);
    else if (file.size > CALENDAR_FILE_MAX_BYTES) local.file = tText(CALENDAR_MESSAGES.fileTooBig);
    if (!from) local.from = t(m.fromRequired);
    if (!to) local.to = t(m.toRequired);
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
          return event ? t(m.eventError, { event: event.summary || t(m.untitled), message: messages[0]! }) : messages[0]!;
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
      title={t(m.title)}
      intro={tRich(m.intro, { b })}
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
          <label className="field__label" htmlFor={`${id}-file`}>{t(m.file)}</label>
          <p className="field__hint" id={`${id}-file-hint`}>{t(m.fileHint, { size: CALENDAR_FILE_MAX_BYTES / 1024 / 1024 })}</p>
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
          <TextField label={t(m.from)} name="from" type="date" value={from} onChange={setFrom} error={errors.from} required />
          <TextField label={t(m.to)} name="to" type="date" value={to} onChange={setTo} error={errors.to} required />
        </div>
        <div className="form-actions">
          <Button type="submit" variant={preview ? 'secondary' : 'primary'} busy={busy === 'preview'}>{t(m.preview)}</Button>
        </div>
      </form>

      <FormError error={formError} />
      {result && (
        <Alert tone="success" title={t(m.finished)}>
          <p>
            {tRich(m.seeThem, { summary: resultSummary(result), link: (chunks) => <Link to="/app/activity">{chunks}</Link> })}
          </p>
        </Alert>
      )}

      {preview && (
        <div className="stack">
          <div className="cluster cluster--between calsync-preview__bar">
            <p className="text-sm muted calsync-preview__count" aria-live="polite">
              {preview.calendar_name
                ? t(m.countNamed, { calendar: preview.calendar_name, count: preview.events.length, from: preview.from, to: preview.to, selected: selected.length })
                : t(m.count, { count: preview.events.length, from: preview.from, to: preview.to, selected: selected.length })}
            </p>
            {importable.length > 0 && (
              <label className="calsync-check">
                <input type="checkbox" checked={allSelected} onChange={(e) => selectAll(e.currentTarget.checked)} />
                <span>{t(m.selectAll)}</span>
              </label>
            )}
          </div>
          <div className="table-wrap">
            <table className="table calsync-table">
              <caption className="sr-only">{t(m.caption)}</caption>
              <TableHead columns={[{ label: t(m.colImport), hidden: true }, t(m.colEvent), t(m.colWhen), t(m.colImportAs)]} />
              <tbody>
                {preview.events.map((event) => {
                  const choice = choices[event.key];
                  const label = event.summary || t(m.untitled);
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
                          {event.recurring && <span className="badge badge--neutral">{t(m.repeats)}</span>}
                          {event.imported && <span className="badge badge--info">{event.imported.kind === 'interaction' ? t(m.importedInteraction) : t(m.importedTime)}</span>}
                          {!event.importable && event.reason && <span className="text-sm muted">{tText(event.reason)}</span>}
                        </span>
                      </td>
                      <td className="calsync-table__when">{when(event, timeZone, locale)}</td>
                      <td>
                        {event.importable && choice ? (
                          <select
                            className="field__control field__control--select calsync-table__select"
                            aria-label={t(m.importAs, { event: label })}
                            value={choice.as}
                            onChange={(e) => setChoice(event.key, { as: e.currentTarget.value, selected: true })}
                          >
                            <optgroup label={t(m.interaction)}>
                              {preview.interaction_types.map((type) => <option key={type.id} value={`interaction:${type.id}`}>{type.name}</option>)}
                            </optgroup>
                            <optgroup label={t(m.loggedTime)}>
                              {ACTIVITY_CATEGORY_KEYS.map((c) => <option key={c} value={`activity:${c}`}>{tText(ACTIVITY_CATEGORIES[c])}</option>)}
                            </optgroup>
                          </select>
                        ) : (
                          <span className="muted text-sm">{t(m.cannot)}</span>
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
              {selected.length === 0 ? t(m.choose) : t(m.importN, { count: selected.length })}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
