import type { CycleSummary } from '../../../../../common/schemas/cycles';
import { CYCLE_DUE_LABELS, CYCLE_OUTCOME_LABELS, CYCLE_STATUS_LABELS } from '../../../../../common/schemas/cycles';
import { localDateAsDate } from '../../../../lib/dates';
import { formatDate } from '../../../../lib/format';

const DUE_TONE = { overdue: 'danger', 'due-soon': 'warning', 'on-track': 'success' } as const;

/** The due state as words (never colour alone): "Overdue since …", "Due soon: …", "On track". */
export function DueBadge({ cycle }: { cycle: Pick<CycleSummary, 'due' | 'stage_due_on'> }) {
  if (!cycle.due) return null;
  const date = cycle.stage_due_on ? localDateAsDate(cycle.stage_due_on) : null;
  const day = date ? formatDate(date, undefined, 'MMM d') : '';
  const text = cycle.due === 'overdue' ? `Overdue since ${day}` : cycle.due === 'due-soon' ? `Due soon: ${day}` : CYCLE_DUE_LABELS['on-track'];
  return (
    <span className={`badge badge--${DUE_TONE[cycle.due]} cyc-due`} title={cycle.due === 'on-track' && day ? `Stage due ${day}` : undefined}>
      {cycle.due === 'overdue' && <span aria-hidden="true">! </span>}
      {text}
    </span>
  );
}

/** Status (and the outcome of a completed cycle) as a badge. */
export function StatusBadge({ cycle }: { cycle: Pick<CycleSummary, 'status' | 'outcome'> }) {
  if (cycle.status === 'completed') {
    return <span className="badge badge--info">{cycle.outcome ? CYCLE_OUTCOME_LABELS[cycle.outcome] : 'Completed'}</span>;
  }
  const tone = cycle.status === 'cancelled' ? 'neutral' : cycle.status === 'planned' ? 'primary' : 'neutral';
  return <span className={`badge badge--${tone}`}>{CYCLE_STATUS_LABELS[cycle.status]}</span>;
}

export const educatorNames = (cycle: Pick<CycleSummary, 'educators'>) => cycle.educators.map((e) => e.name).join(', ');
