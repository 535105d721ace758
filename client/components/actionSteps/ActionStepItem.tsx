// One action step in a list (issue 29, item 2), shared by the educator's Action steps screen and View
// Educator's section: title, due state or status in words (never colour alone), who set it and from what,
// the detail, and once done the day and the educator's note. The commands the step allows the reader
// (`can_complete`, `can_edit`, `can_manage`) are buttons under it.
import type { Locale } from 'date-fns';
import { actionStepDue } from '../../../common/actionStepValues';
import type { ActionStep } from '../../../common/schemas/actionSteps';
import { formatDay } from '../../lib/dates';
import { Button } from '../Button';
import { defineMessages, t } from '../../lib/i18n';
import './actionSteps.css';

const m = defineMessages({
  doneOn: { id: 'actionSteps.doneOn', defaultMessage: 'Done {day}' },
  dropped: { id: 'actionSteps.dropped', defaultMessage: 'Dropped' },
  overdueSince: { id: 'actionSteps.overdueSince', defaultMessage: 'Overdue since {day}' },
  dueToday: { id: 'actionSteps.dueToday', defaultMessage: 'Due today' },
  dueOn: { id: 'actionSteps.dueOn', defaultMessage: 'Due {day}' },
  yourOwn: { id: 'actionSteps.yourOwn', defaultMessage: 'Your own' },
  theirOwn: { id: 'actionSteps.theirOwn', defaultMessage: '{name}\'s own' },
  setByYou: { id: 'actionSteps.setByYou', defaultMessage: 'Set by you' },
  setBy: { id: 'actionSteps.setBy', defaultMessage: 'Set by {name}' },
  set: { id: 'actionSteps.set', defaultMessage: 'Set' },
  byFrom: { id: 'actionSteps.byFrom', defaultMessage: '{by} {source, select, interaction {from an interaction} observation {from an observation} cycle {from a coaching cycle} other {}}', description: '"Set by Casey Coach from an observation"' },
  noDueDate: { id: 'actionSteps.noDueDate', defaultMessage: 'No due date' },
  yourNote: { id: 'actionSteps.yourNote', defaultMessage: 'Your note' },
  theirNote: { id: 'actionSteps.theirNote', defaultMessage: '{name}\'s note' },
  markDone: { id: 'actionSteps.markDone', defaultMessage: 'Mark done' },
  edit: { id: 'actionSteps.edit', defaultMessage: 'Edit' },
  reopen: { id: 'actionSteps.reopen', defaultMessage: 'Reopen' },
  drop: { id: 'actionSteps.drop', defaultMessage: 'Drop' },
});

/** The step's title after a button's word, for screen readers ("Mark done: Try turn-and-talk"). */
const Hidden = ({ title }: { title: string }) => <span className="sr-only">: {title}</span>;

export type StepCommand = 'complete' | 'edit' | 'reopen' | 'drop';

/** The step's state as one badge: overdue, due soon, done or dropped; an open step due later or undated has none. */
export function StepBadge({ step, today, locale }: { step: ActionStep; today: string; locale?: Locale }) {
  if (step.status === 'done') return <span className="badge badge--success">{t(m.doneOn, { day: formatDay(step.done_on, locale) })}</span>;
  if (step.status === 'dropped') return <span className="badge badge--neutral">{t(m.dropped)}</span>;
  const due = actionStepDue(step, today);
  if (due === 'overdue') return <span className="badge badge--danger"><span aria-hidden="true">! </span>{t(m.overdueSince, { day: formatDay(step.due_on, locale) })}</span>;
  if (due === 'due-soon') return <span className="badge badge--warning">{step.due_on === today ? t(m.dueToday) : t(m.dueOn, { day: formatDay(step.due_on, locale) })}</span>;
  return null;
}

/** "Set by Casey Coach from an observation", "Your own", "Jordan's own". */
function origin(step: ActionStep, selfId: number): string {
  if (step.source?.type === 'own') return step.set_by?.id === selfId ? t(m.yourOwn) : t(m.theirOwn, { name: step.educator.name });
  const by = step.set_by ? (step.set_by.id === selfId ? t(m.setByYou) : t(m.setBy, { name: step.set_by.name })) : t(m.set);
  return step.source ? t(m.byFrom, { by, source: step.source.type }) : by;
}

export function ActionStepItem({ step, today, locale, selfId, own = false, withEducator = false, busy, onCommand }: {
  step: ActionStep;
  today: string;
  locale?: Locale;
  selfId: number;
  /** The reader is the step's educator. */
  own?: boolean;
  withEducator?: boolean;
  /** The command running now on this step, if any. */
  busy?: StepCommand | null;
  onCommand: (command: StepCommand, step: ActionStep) => void;
}) {
  const open = step.status === 'open';
  const showDue = open && step.due_on && !actionStepDue(step, today);
  return (
    <li className={`ruled-item step-item step-item--${step.status}`}>
      <div className="cluster cluster--between step-item__head">
        <p className="step-item__title">{step.title}</p>
        <StepBadge step={step} today={today} locale={locale} />
      </div>
      <p className="step-item__meta">
        {withEducator && <>{step.educator.name} · </>}
        {origin(step, selfId)}
        {showDue && <> · {t(m.dueOn, { day: formatDay(step.due_on, locale) })}</>}
        {open && !step.due_on && <> · {t(m.noDueDate)}</>}
      </p>
      {step.detail && <p className="step-item__detail">{step.detail}</p>}
      {step.note && (
        <div className="step-item__note">
          <p className="step-item__note-label">{own ? t(m.yourNote) : t(m.theirNote, { name: step.educator.name })}</p>
          <p>{step.note}</p>
        </div>
      )}
      {(step.can_complete || step.can_edit || step.can_manage) && (
        <div className="step-item__actions">
          {step.can_complete && (
            <Button size="sm" variant="secondary" onClick={() => onCommand('complete', step)}>{t(m.markDone)}<Hidden title={step.title} /></Button>
          )}
          {step.can_edit && (
            <Button size="sm" variant="ghost" onClick={() => onCommand('edit', step)}>{t(m.edit)}<Hidden title={step.title} /></Button>
          )}
          {step.can_manage && !open && (
            <Button size="sm" variant="ghost" busy={busy === 'reopen'} onClick={() => onCommand('reopen', step)}>{t(m.reopen)}<Hidden title={step.title} /></Button>
          )}
          {step.can_manage && open && (
            <Button size="sm" variant="ghost" onClick={() => onCommand('drop', step)}>{t(m.drop)}<Hidden title={step.title} /></Button>
          )}
        </div>
      )}
    </li>
  );
}
