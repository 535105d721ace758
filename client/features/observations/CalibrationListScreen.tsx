// /app/observations/calibration — observer calibration (issue 28, item 5): the calibration sessions the caller
// may read (a lesson that two or more observers observe with the same form), "New calibration session", and one
// form's agreement over time and by pair of observers across its sessions, for the lessons of a date range (in the
// URL: form_id, preset, from, to). Plan feature observation-forms.
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { hasFeature } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
import { Button } from '../../components/Button';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { EducatorCombobox } from '../../components/EducatorCombobox';
import { EmptyState } from '../../components/EmptyState';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { FormModal } from '../../components/FormModal';
import { PlusIcon } from '../../components/Icons';
import { LoadError } from '../../components/LoadError';
import { NavTabs } from '../../components/NavTabs';
import { PageHeader } from '../../components/PageHeader';
import { PlanUpgradeNotice } from '../../components/PlanUpgradeNotice';
import { LoadingBlock } from '../../components/Spinner';
import { Table } from '../../components/Table';
import { useToast } from '../../components/Toasts';
import { useSubmitState } from '../../lib/forms';
import { useAuthUser, useDateLocale, useInstantFormat, useToday } from '../../lib/session';
import { browserTimeZone } from '../../lib/dates';
import { formatDate } from '../../lib/format';
import { dayAsDate, roundedNow, zonedToUtc } from '../../lib/zonedTime';
import { useObservationForms } from './api';
import { type CalibrationSessionSummary, calibrationApi, useCalibrationSessions } from './calibrationApi';
import { AgreementOverTime } from './components/CalibrationTables';
import { presetRange, RANGE_LABELS, RANGE_PRESETS, stateFromSearch } from './observationQuery';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  observations: { id: 'observations.observations', defaultMessage: 'Observations' },
  calIntro: { id: 'observations.calIntro', defaultMessage: 'Two or more observers observe the same lesson with the same form; here you see where they answer alike, item by item, pair by pair and month by month.' },
  newSession: { id: 'observations.newSession', defaultMessage: 'New calibration session' },
  sessionsTabs: { id: 'observations.sessionsTabs', defaultMessage: 'Calibration sessions' },
  openSessions: { id: 'observations.openSessions', defaultMessage: 'Open sessions' },
  archivedTab: { id: 'observations.archivedTab', defaultMessage: 'Archived' },
  loadSessionsError: { id: 'observations.loadSessionsError', defaultMessage: 'An error occurred while fetching the calibration sessions. Please try again later.' },
  loadingSessions: { id: 'observations.loadingSessions', defaultMessage: 'Loading the sessions…' },
  noArchived: { id: 'observations.noArchived', defaultMessage: 'No archived sessions' },
  noSessions: { id: 'observations.noSessions', defaultMessage: 'No calibration sessions yet' },
  archivedText: { id: 'observations.archivedText', defaultMessage: 'Sessions you archive are kept here; their agreement still counts over time.' },
  emptyText: { id: 'observations.calEmptyText', defaultMessage: 'Set one up for a lesson two or more of you will see: each observer records their own observation of it.' },
  archivedCaption: { id: 'observations.archivedCaption', defaultMessage: 'Archived calibration sessions' },
  colSession: { id: 'observations.colSession', defaultMessage: 'Session' },
  colLesson: { id: 'observations.colLesson', defaultMessage: 'Lesson' },
  colEducator: { id: 'observations.colEducator', defaultMessage: 'Educator' },
  colForm: { id: 'observations.colForm', defaultMessage: 'Form' },
  colObservedBy: { id: 'observations.colObservedBy', defaultMessage: 'Observed by' },
  noOneYet: { id: 'observations.noOneYet', defaultMessage: 'No one yet' },
  colYou: { id: 'observations.colYou', defaultMessage: 'You' },
  observedMine: { id: 'observations.observedMine', defaultMessage: 'Observed' },
  draftMine: { id: 'observations.draftMine', defaultMessage: 'Draft' },
  notYet: { id: 'observations.notYet', defaultMessage: 'Not yet' },
  anyDay: { id: 'observations.anyDay', defaultMessage: 'Any day' },
  today: { id: 'observations.today', defaultMessage: 'today' },
  overTime: { id: 'observations.overTime', defaultMessage: 'Agreement over time' },
  overTimeText: { id: 'observations.overTimeText', defaultMessage: 'Every session of one form, archived ones too: how often two observers gave the same answer, month by month and pair by pair.' },
  form: { id: 'observations.form', defaultMessage: 'Form' },
  archivedName: { id: 'observations.archivedName', defaultMessage: '{name} (archived)' },
  chooseForm: { id: 'observations.chooseFormPlaceholder', defaultMessage: 'Choose a form…' },
  loadingForms: { id: 'observations.loadingForms', defaultMessage: 'Loading the forms…' },
  lessons: { id: 'observations.lessons', defaultMessage: 'Lessons: {range}' },
  setUpToast: { id: 'observations.setUpToast', defaultMessage: '{title} is set up. Each observer records their own observation of the lesson.' },
  setUpSession: { id: 'observations.setUpSession', defaultMessage: 'Set up session' },
  title: { id: 'observations.title', defaultMessage: 'Title' },
  titleHint: { id: 'observations.titleHint', defaultMessage: 'For example: “Grade 7 math, period 2”.' },
  educator: { id: 'observations.educator', defaultMessage: 'Educator' },
  change: { id: 'observations.change', defaultMessage: 'Change' },
  educatorHidden: { id: 'observations.educatorHidden', defaultMessage: 'educator' },
  day: { id: 'observations.day', defaultMessage: 'Day' },
  time: { id: 'observations.time', defaultMessage: 'Time' },
  notes: { id: 'observations.notes', defaultMessage: 'Notes' },
  notesHint: { id: 'observations.calNotesHint', defaultMessage: 'What to look for, and who is coming: two or more observers make a session.' },
});

const rangeOptions = () => RANGE_PRESETS.map((p) => ({ value: p, label: t(RANGE_LABELS[p]) }));

export default function CalibrationListScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  const [params] = useSearchParams();
  const archived = params.get('status') === 'archived';
  const [creating, setCreating] = useState(false);
  const gated = !!user && !hasFeature(user.district?.features ?? [], 'observation-forms');
  const sessions = useCalibrationSessions(archived ? 'archived' : 'active');
  const when = useInstantFormat();
  const breadcrumbs = [{ label: t(m.observations), to: '/app/observations' }, { label: routeTitle(route) }];
  const intro = <p>{t(m.calIntro)}</p>;

  if (!user) return <LoadingBlock />;
  if (gated) {
    return (
      <div className="stack stack--lg obs-page">
        <PageHeader title={routeTitle(route)} breadcrumbs={breadcrumbs} description={intro} />
        <section className="card"><PlanUpgradeNotice feature="observation-forms" /></section>
      </div>
    );
  }
  const newButton = <Button onClick={() => setCreating(true)}><PlusIcon /> {t(m.newSession)}</Button>;
  const rows = sessions.data?.data ?? [];
  return (
    <div className="stack stack--lg obs-page">
      <PageHeader title={routeTitle(route)} breadcrumbs={breadcrumbs} description={intro} actions={newButton} />
      <NavTabs label={t(m.sessionsTabs)} tabs={[
        { key: 'open', to: '/app/observations/calibration', label: t(m.openSessions), current: !archived },
        { key: 'archived', to: '/app/observations/calibration?status=archived', label: t(m.archivedTab), current: archived },
      ]} />
      {sessions.error && !sessions.data ? <LoadError message={t(m.loadSessionsError)} onRetry={() => void sessions.mutate()} />
        : !sessions.data ? <LoadingBlock label={t(m.loadingSessions)} />
          : rows.length === 0 ? (
            <EmptyState title={archived ? t(m.noArchived) : t(m.noSessions)} action={archived ? undefined : newButton}>
              <p>{archived ? t(m.archivedText) : t(m.emptyText)}</p>
            </EmptyState>
          ) : (
            <Table<CalibrationSessionSummary>
              caption={archived ? t(m.archivedCaption) : t(m.sessionsTabs)} captionHidden stackOnPhone rows={rows} rowKey={(s) => s.id}
              columns={[
                { key: 'title', header: t(m.colSession), render: (s) => <Link to={`/app/observations/calibration/${s.id}`}>{s.title}</Link> },
                { key: 'when', header: t(m.colLesson), render: (s) => when.dateTime(s.observed_at) },
                { key: 'educator', header: t(m.colEducator), render: (s) => s.educator.name },
                { key: 'form', header: t(m.colForm), render: (s) => s.form.name },
                { key: 'observers', header: t(m.colObservedBy), render: (s) => (s.observers.length ? s.observers.map((o) => o.name).join(', ') : t(m.noOneYet)) },
                { key: 'mine', header: t(m.colYou), render: (s) => (s.my_observation ? (s.my_observation.status === 'completed' ? t(m.observedMine) : t(m.draftMine)) : t(m.notYet)) },
              ]}
            />
          )}
      <AgreementOverTimeCard preferred={rows[0]?.form.id ?? null} />
      {creating && <NewSessionDialog onClose={() => setCreating(false)} />}
    </div>
  );
}

/**
 * One form's agreement over time: the forms to choose from (by default the newest session's form, else the
 * first) and the lessons' dates (the observations list's ranges), both kept in the URL.
 */
function AgreementOverTimeCard({ preferred }: { preferred: number | null }) {
  const forms = useObservationForms('all');
  const [params, setParams] = useSearchParams();
  const today = useToday();
  const locale = useDateLocale();
  const list = forms.data?.data ?? [];
  const asked = Number(params.get('form_id')) || null;
  const formId = list.some((f) => f.id === asked) ? asked : list.some((f) => f.id === preferred) ? preferred : (list.find((f) => !f.builtin) ?? list[0])?.id ?? null;
  const dates = stateFromSearch(params);
  const range = presetRange(dates, today);
  const day = (d: string) => formatDate(dayAsDate(d), locale, 'PP');
  const rangeText = range.from || range.to ? `${range.from ? day(range.from) : t(m.anyDay)} – ${range.to ? day(range.to) : t(m.today)}` : t(RANGE_LABELS.any);
  const setParam = (values: Record<string, string | null>) => setParams((p) => {
    const next = new URLSearchParams(p);
    for (const [key, value] of Object.entries(values)) { if (value) next.set(key, value); else next.delete(key); }
    return next;
  }, { replace: true });
  const titleId = useId();
  const rangeId = useId();
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">{t(m.overTime)}</h2>
      <p className="muted text-sm">{t(m.overTimeText)}</p>
      <div className="cal-controls">
        <SelectField label={t(m.form)} name="agreement_form" value={formId ? String(formId) : ''}
          options={list.map((f) => ({ value: String(f.id), label: f.archived_at ? t(m.archivedName, { name: f.name }) : f.name }))}
          placeholder={forms.data ? t(m.chooseForm) : t(m.loadingForms)}
          onChange={(v) => setParam({ form_id: v })} />
        <DateRangeFilter value={dates} presets={rangeOptions()} custom="custom" describedBy={rangeId}
          onChange={(r) => setParam({ preset: r.preset === 'any' ? null : r.preset, from: r.from, to: r.to })} />
      </div>
      <p id={rangeId} className="muted text-sm">{t(m.lessons, { range: rangeText })}</p>
      {formId && <AgreementOverTime formId={formId} range={range} />}
    </section>
  );
}

function NewSessionDialog({ onClose }: { onClose: () => void }) {
  const { user } = useAuthUser();
  const today = useToday();
  const toast = useToast();
  const navigate = useNavigate();
  const formId = useId();
  const timeZone = user?.timezone || browserTimeZone();
  const forms = useObservationForms('active');
  const [title, setTitle] = useState('');
  const [form, setForm] = useState('');
  const [educator, setEducator] = useState<{ id: number; name: string } | null>(null);
  const [day, setDay] = useState(today);
  const [time, setTime] = useState(() => roundedNow(timeZone, 15).time);
  const [notes, setNotes] = useState('');
  const state = useSubmitState(() => ['title', 'form_id', 'staff_id', 'observed_at', 'notes']);
  const list = forms.data?.data ?? [];
  const chosenForm = form || String((list.find((f) => !f.builtin) ?? list[0])?.id ?? '');

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    await state.run(async () => {
      const session = await calibrationApi.create({
        title: title.trim(), form_id: Number(chosenForm), staff_id: educator?.id ?? 0,
        observed_at: zonedToUtc(day, time, timeZone) ?? '', notes: notes.trim() || null,
      });
      toast.success(t(m.setUpToast, { title: session.title }));
      onClose();
      navigate(`/app/observations/calibration/${session.id}`);
    });
  }

  return (
    <FormModal title={t(m.newSession)} onClose={onClose} formId={formId} form={{ busy: state.busy, formRef: state.formRef, formError: state.formError }}
      onSubmit={(e) => void submit(e)} submitLabel={t(m.setUpSession)}>
      <TextField label={t(m.title)} name="title" required value={title} onChange={setTitle} error={state.errors.title}
        hint={t(m.titleHint)} />
      <SelectField label={t(m.form)} name="form_id" required value={chosenForm} options={list.map((f) => ({ value: String(f.id), label: f.name }))}
        placeholder={forms.data ? t(m.chooseForm) : t(m.loadingForms)} onChange={setForm} error={state.errors.form_id} />
      {educator ? (
        <div className="obs-educator">
          <p className="obs-educator__label">{t(m.educator)}</p>
          <p className="obs-educator__name">{educator.name}</p>
          <Button variant="ghost" size="sm" onClick={() => setEducator(null)}>{t(m.change)}<span className="sr-only"> {t(m.educatorHidden)}</span></Button>
        </div>
      ) : (
        <EducatorCombobox label={t(m.educator)} required activeOnly chosen={[]} error={state.errors.staff_id} onPick={(e) => setEducator({ id: e.id, name: e.name })} />
      )}
      <div className="obs-when">
        <TextField label={t(m.day)} name="day" type="date" required value={day} onChange={setDay} error={state.errors.observed_at} />
        <TextField label={t(m.time)} name="time" type="time" required value={time} onChange={setTime} />
      </div>
      <TextAreaField label={t(m.notes)} name="notes" value={notes} onChange={setNotes} error={state.errors.notes}
        hint={t(m.notesHint)} />
    </FormModal>
  );
}
