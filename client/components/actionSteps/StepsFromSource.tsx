// The action steps set from one record (an observation, a coaching cycle) with "+ Action step" for the people
// who set steps (issue 29, item 2): the record's page lists what was set from it, each with its state in words,
// and the button opens the step form with the source named (and the record's next steps as the detail).
import { useId, useState } from 'react';
import { actionStepDue } from '../../../common/actionStepValues';
import type { ActionStepSource } from '../../../common/schemas/actionSteps';
import { formatDay } from '../../lib/dates';
import { useActionSteps } from '../../lib/actionSteps';
import { lazyPart } from '../../lib/lazyPart';
import { useDateLocale, useToday } from '../../lib/session';
import { defineMessages, t } from '../../lib/i18n';
import { Button } from '../Button';
import { StepBadge } from './ActionStepItem';
import './actionSteps.css';

const m = defineMessages({
  actionSteps: { id: 'actionSteps.actionSteps', defaultMessage: 'Action steps' },
  setFromHere: { id: 'actionSteps.setFromHere', defaultMessage: 'Set from here' },
  setFromHereLong: { id: 'actionSteps.setFromHereLong', defaultMessage: 'Action steps set from here' },
  open: { id: 'actionSteps.open', defaultMessage: 'Open' },
  openDue: { id: 'actionSteps.openDue', defaultMessage: 'Open, due {day}' },
  addButton: { id: 'actionSteps.addButton', defaultMessage: '+ Action step' },
});

const StepFormDialog = lazyPart('StepFormDialog', () => import('./StepDialogs').then((m) => m.StepFormDialog));

interface FromSource {
  source: { type: Exclude<ActionStepSource, 'own'>; id: number };
  /** The record's own next steps, offered as the new step's detail. */
  detail?: string | null;
}

/**
 * A record's "Action steps" section (a cycle's panel, an interaction's detail in Activity): for each educator of
 * the record (named when there are several), the steps set from it and "+ Action step".
 */
export function StepsFromSourceSection({ headingId, headingClassName, people, source, detail }: FromSource & {
  headingId: string;
  headingClassName: string;
  people: readonly { id: number; name: string }[];
}) {
  return (
    <section aria-labelledby={headingId} className="stack stack--sm">
      <h3 id={headingId} className={headingClassName}>{t(m.actionSteps)}</h3>
      {people.map((p) => (
        <div key={p.id} className="stack stack--sm">
          {people.length > 1 && <p className="text-sm"><strong>{p.name}</strong></p>}
          <StepsFromSource staff={p} source={source} detail={detail} subhead={t(m.setFromHere)} />
        </div>
      ))}
    </section>
  );
}

/** `subhead` names the list: "Set from here" under an "Action steps" heading (StepsFromSourceSection). */
export function StepsFromSource({ staff, source, detail, subhead }: FromSource & {
  staff: { id: number; name: string };
  subhead?: string;
}) {
  const subheadId = useId();
  const today = useToday();
  const locale = useDateLocale();
  const [setting, setSetting] = useState(false);
  const { data } = useActionSteps({ staff_id: [staff.id] });
  const steps = (data?.data ?? []).filter((s) => s.source?.type === source.type && s.source.id === source.id);
  return (
    <div className="stack stack--sm steps-from-source">
      {steps.length > 0 && <p id={subheadId} className="steps-subhead">{subhead ?? t(m.setFromHereLong)}</p>}
      {steps.length > 0 && (
        <ul className="steps-from-source__list" aria-labelledby={subheadId}>
          {steps.map((s) => (
            <li key={s.id}><span className="steps-from-source__title">{s.title}</span> <StepBadge step={s} today={today} locale={locale} />
              {s.status === 'open' && !actionStepDue(s, today) && <span className="muted"> {s.due_on ? t(m.openDue, { day: formatDay(s.due_on, locale) }) : t(m.open)}</span>}
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="secondary" size="sm" onClick={() => setSetting(true)}>{t(m.addButton)}</Button>
      </div>
      {setting && (
        <StepFormDialog staff={staff} source={source} own={false} initial={detail ? { detail: detail.slice(0, 2000) } : undefined} onClose={() => setSetting(false)} />
      )}
    </div>
  );
}
