// Starting a cycle: optionally from a goal template (fills title and goal), the educators (searched among
// those the caller may see), dates, planned or active, and for district-wide users the coach.
import { useEffect, useRef, useState } from 'react';
import type { Cycle } from '../../../common/schemas/cycles';
import { EducatorCombobox } from '../EducatorCombobox';
import { RequiredMark, SelectField, TextAreaField, TextField } from '../Field';
import { FormModal } from '../FormModal';
import { useToast } from '../Toasts';
import { ApiError } from '../../lib/api';
import { cycleApi, useGoalTemplates } from '../../lib/cycles';
import { todayIn } from '../../lib/dates';
import { useFocusFirstInvalid } from '../../lib/forms';
import { useCoaches } from '../../lib/lookups';
import { defineMessages, t } from '../../lib/i18n';
import '../chips.css';
import './newCycleDialog.css';

const m = defineMessages({
  started: { id: 'cycles.started', defaultMessage: '{title} has been started.' },
  title: { id: 'cycles.newTitle', defaultMessage: 'New coaching cycle' },
  submit: { id: 'cycles.submit', defaultMessage: 'Start cycle' },
  template: { id: 'cycles.template', defaultMessage: 'Start from a goal template' },
  noTemplate: { id: 'cycles.noTemplate', defaultMessage: 'No template' },
  templateHint: { id: 'cycles.templateHint', defaultMessage: 'Fills in the title and goal; you can change both.' },
  titleLabel: { id: 'cycles.titleLabel', defaultMessage: 'Title' },
  goal: { id: 'cycles.goal', defaultMessage: 'Goal' },
  goalHint: { id: 'cycles.goalHint', defaultMessage: 'What will change for students, and how you will both know.' },
  educators: { id: 'cycles.educators', defaultMessage: 'Educators' },
  chosen: { id: 'cycles.chosen', defaultMessage: 'Chosen educators' },
  remove: { id: 'cycles.remove', defaultMessage: 'Remove {name}' },
  start: { id: 'cycles.startDate', defaultMessage: 'Start date' },
  end: { id: 'cycles.endDate', defaultMessage: 'Target end date' },
  status: { id: 'cycles.status', defaultMessage: 'Status' },
  active: { id: 'cycles.statusActive', defaultMessage: 'Active: under way' },
  planned: { id: 'cycles.statusPlanned', defaultMessage: 'Planned: starts later' },
  coach: { id: 'cycles.coach', defaultMessage: 'Coach' },
  me: { id: 'cycles.me', defaultMessage: 'Me' },
});

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (cycle: Cycle) => void;
  timeZone: string;
  /** District-wide users may start a cycle for another coach. */
  canChooseCoach: boolean;
  userId: number;
  /** Educators to start with (a cycle started from an educator's page). */
  initialEducators?: { id: number; name: string }[];
}

export function NewCycleDialog({ open, onClose, onCreated, timeZone, canChooseCoach, userId, initialEducators = [] }: Props) {
  const toast = useToast();
  const templates = useGoalTemplates(open);
  const coaches = useCoaches(open && canChooseCoach);
  const [templateId, setTemplateId] = useState('');
  const [title, setTitle] = useState('');
  const [goal, setGoal] = useState('');
  const [educators, setEducators] = useState<{ id: number; name: string }[]>(initialEducators);
  const [start, setStart] = useState(todayIn(timeZone));
  const [end, setEnd] = useState('');
  const [status, setStatus] = useState<'active' | 'planned'>('active');
  const [coachId, setCoachId] = useState(String(userId));
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstInvalid(formRef);

  useEffect(() => {
    if (!open) return;
    setTemplateId(''); setTitle(''); setGoal(''); setEducators(initialEducators);
    setStart(todayIn(timeZone)); setEnd(''); setStatus('active'); setCoachId(String(userId)); setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const activeTemplates = (templates.data?.data ?? []).filter((tpl) => !tpl.archived);
  const chooseTemplate = (value: string) => {
    setTemplateId(value);
    const tpl = activeTemplates.find((x) => String(x.id) === value);
    if (tpl) { setTitle(tpl.title); setGoal(tpl.goal); }
  };
  const fieldError = (name: string) => error?.errors?.[name] ?? (name === 'staff_ids' ? error?.errors?.['staff_ids.0'] : undefined);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const cycle = await cycleApi.create({
        title, goal, staff_ids: educators.map((x) => x.id), start_date: start, target_end_date: end || null, status,
        coach_id: canChooseCoach ? Number(coachId) : null,
      });
      toast.success(t(m.started, { title: cycle.title }));
      onCreated(cycle);
    } catch (err) {
      setError(err instanceof ApiError ? err : null);
      // The submit button was disabled while busy, so focus fell to <body>: take it to the first invalid field.
      focusFirstError();
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open={open}
      onClose={onClose}
      size="lg"
      title={t(m.title)}
      form={{ busy, formRef, formError: error && error.status !== 422 ? error.message : null }}
      formId="cyc-new-form"
      formClassName="form stack"
      onSubmit={submit}
      submitLabel={t(m.submit)}
    >
      {activeTemplates.length > 0 && (
        <SelectField label={t(m.template)} name="template" value={templateId} onChange={chooseTemplate}
          placeholder={t(m.noTemplate)} options={activeTemplates.map((tpl) => ({ value: String(tpl.id), label: tpl.title }))}
          hint={t(m.templateHint)} />
      )}
      <TextField label={t(m.titleLabel)} name="title" value={title} onChange={setTitle} required maxLength={120} error={fieldError('title')} />
      <TextAreaField label={t(m.goal)} name="goal" value={goal} onChange={setGoal} rows={3} error={fieldError('goal')}
        hint={t(m.goalHint)} />
      <fieldset className="cyc-educators">
        <legend className="field__label">{t(m.educators)}<RequiredMark /></legend>
        {educators.length > 0 && (
          <ul className="chips" aria-label={t(m.chosen)}>
            {educators.map((x) => (
              <li key={x.id} className="chip">
                <span className="chip__label">{x.name}</span>
                <button type="button" className="chip__remove" aria-label={t(m.remove, { name: x.name })}
                  onClick={() => setEducators(educators.filter((y) => y.id !== x.id))}><span aria-hidden="true">×</span></button>
              </li>
            ))}
          </ul>
        )}
        <EducatorCombobox chosen={educators} enabled={open} error={fieldError('staff_ids')}
          onPick={(x) => setEducators((list) => [...list, x])} />
      </fieldset>
      <div className="grid-2">
        <TextField label={t(m.start)} name="start_date" type="date" value={start} onChange={setStart} required error={fieldError('start_date')} />
        <TextField label={t(m.end)} name="target_end_date" type="date" value={end} onChange={setEnd} error={fieldError('target_end_date')} />
      </div>
      <div className="grid-2">
        <SelectField label={t(m.status)} name="status" value={status} onChange={(v) => setStatus(v as 'active' | 'planned')}
          options={[{ value: 'active', label: t(m.active) }, { value: 'planned', label: t(m.planned) }]} />
        {canChooseCoach && (
          <SelectField label={t(m.coach)} name="coach_id" value={coachId} onChange={setCoachId} error={fieldError('coach_id')}
            options={[
              { value: String(userId), label: t(m.me) },
              ...(coaches.data?.data ?? []).filter((c) => c.id !== userId && c.status === 'active').map((c) => ({ value: String(c.id), label: c.name })),
            ]} />
        )}
      </div>
    </FormModal>
  );
}
