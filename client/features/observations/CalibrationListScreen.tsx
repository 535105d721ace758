// /app/observations/calibration — observer calibration (issue 28, item 5): the calibration sessions the caller
// may read (a lesson that two or more observers observe with the same form), "New calibration session", and one
// form's agreement over time and by pair of observers across its sessions, for the lessons of a date range (in the
// URL: form_id, preset, from, to). Plan feature observation-forms.
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { hasFeature } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
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

const RANGE_OPTIONS = RANGE_PRESETS.map((p) => ({ value: p, label: RANGE_LABELS[p] }));

export default function CalibrationListScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  const [params] = useSearchParams();
  const archived = params.get('status') === 'archived';
  const [creating, setCreating] = useState(false);
  const gated = !!user && !hasFeature(user.district?.features ?? [], 'observation-forms');
  const sessions = useCalibrationSessions(archived ? 'archived' : 'active');
  const when = useInstantFormat();
  const breadcrumbs = [{ label: 'Observations', to: '/app/observations' }, { label: route.title }];
  const intro = <p>Two or more observers observe the same lesson with the same form; here you see where they answer alike, item by item, pair by pair and month by month.</p>;

  if (!user) return <LoadingBlock />;
  if (gated) {
    return (
      <div className="stack stack--lg obs-page">
        <PageHeader title={route.title} breadcrumbs={breadcrumbs} description={intro} />
        <section className="card"><PlanUpgradeNotice feature="observation-forms" /></section>
      </div>
    );
  }
  const newButton = <Button onClick={() => setCreating(true)}><PlusIcon /> New calibration session</Button>;
  const rows = sessions.data?.data ?? [];
  return (
    <div className="stack stack--lg obs-page">
      <PageHeader title={route.title} breadcrumbs={breadcrumbs} description={intro} actions={newButton} />
      <NavTabs label="Calibration sessions" tabs={[
        { key: 'open', to: '/app/observations/calibration', label: 'Open sessions', current: !archived },
        { key: 'archived', to: '/app/observations/calibration?status=archived', label: 'Archived', current: archived },
      ]} />
      {sessions.error && !sessions.data ? <LoadError what="the calibration sessions" onRetry={() => void sessions.mutate()} />
        : !sessions.data ? <LoadingBlock label="Loading the sessions…" />
          : rows.length === 0 ? (
            <EmptyState title={archived ? 'No archived sessions' : 'No calibration sessions yet'} action={archived ? undefined : newButton}>
              <p>{archived ? 'Sessions you archive are kept here; their agreement still counts over time.'
                : 'Set one up for a lesson two or more of you will see: each observer records their own observation of it.'}</p>
            </EmptyState>
          ) : (
            <Table<CalibrationSessionSummary>
              caption={archived ? 'Archived calibration sessions' : 'Calibration sessions'} captionHidden stackOnPhone rows={rows} rowKey={(s) => s.id}
              columns={[
                { key: 'title', header: 'Session', render: (s) => <Link to={`/app/observations/calibration/${s.id}`}>{s.title}</Link> },
                { key: 'when', header: 'Lesson', render: (s) => when.dateTime(s.observed_at) },
                { key: 'educator', header: 'Educator', render: (s) => s.educator.name },
                { key: 'form', header: 'Form', render: (s) => s.form.name },
                { key: 'observers', header: 'Observed by', render: (s) => (s.observers.length ? s.observers.map((o) => o.name).join(', ') : 'No one yet') },
                { key: 'mine', header: 'You', render: (s) => (s.my_observation ? (s.my_observation.status === 'completed' ? 'Observed' : 'Draft') : 'Not yet') },
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
  const rangeText = range.from || range.to ? `${range.from ? day(range.from) : 'Any day'} – ${range.to ? day(range.to) : 'today'}` : RANGE_LABELS.any;
  const setParam = (values: Record<string, string | null>) => setParams((p) => {
    const next = new URLSearchParams(p);
    for (const [key, value] of Object.entries(values)) { if (value) next.set(key, value); else next.delete(key); }
    return next;
  }, { replace: true });
  const titleId = useId();
  const rangeId = useId();
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">Agreement over time</h2>
      <p className="muted text-sm">Every session of one form, archived ones too: how often two observers gave the same answer, month by month and pair by pair.</p>
      <div className="cal-controls">
        <SelectField label="Form" name="agreement_form" value={formId ? String(formId) : ''}
          options={list.map((f) => ({ value: String(f.id), label: f.archived_at ? `${f.name} (archived)` : f.name }))}
          placeholder={forms.data ? 'Choose a form…' : 'Loading the forms…'}
          onChange={(v) => setParam({ form_id: v })} />
        <DateRangeFilter value={dates} presets={RANGE_OPTIONS} custom="custom" describedBy={rangeId}
          onChange={(r) => setParam({ preset: r.preset === 'any' ? null : r.preset, from: r.from, to: r.to })} />
      </div>
      <p id={rangeId} className="muted text-sm">Lessons: {rangeText}</p>
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
      toast.success(`${session.title} is set up. Each observer records their own observation of the lesson.`);
      onClose();
      navigate(`/app/observations/calibration/${session.id}`);
    });
  }

  return (
    <FormModal title="New calibration session" onClose={onClose} formId={formId} form={{ busy: state.busy, formRef: state.formRef, formError: state.formError }}
      onSubmit={(e) => void submit(e)} submitLabel="Set up session">
      <TextField label="Title" name="title" required value={title} onChange={setTitle} error={state.errors.title}
        hint="For example: “Grade 7 math, period 2”." />
      <SelectField label="Form" name="form_id" required value={chosenForm} options={list.map((f) => ({ value: String(f.id), label: f.name }))}
        placeholder={forms.data ? 'Choose a form…' : 'Loading the forms…'} onChange={setForm} error={state.errors.form_id} />
      {educator ? (
        <div className="obs-educator">
          <p className="obs-educator__label">Educator</p>
          <p className="obs-educator__name">{educator.name}</p>
          <Button variant="ghost" size="sm" onClick={() => setEducator(null)}>Change<span className="sr-only"> educator</span></Button>
        </div>
      ) : (
        <EducatorCombobox label="Educator" required activeOnly chosen={[]} error={state.errors.staff_id} onPick={(e) => setEducator({ id: e.id, name: e.name })} />
      )}
      <div className="obs-when">
        <TextField label="Day" name="day" type="date" required value={day} onChange={setDay} error={state.errors.observed_at} />
        <TextField label="Time" name="time" type="time" required value={time} onChange={setTime} />
      </div>
      <TextAreaField label="Notes" name="notes" value={notes} onChange={setNotes} error={state.errors.notes}
        hint="What to look for, and who is coming: two or more observers make a session." />
    </FormModal>
  );
}
