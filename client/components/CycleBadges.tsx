// Coaching cycle badges and the compact cycle item, shared by the coaching workspace, an educator's
// page and a coach's page: the due state and status always in words (never colour alone).
import type { CycleSummary } from '../../common/schemas/cycles';
import { CYCLE_DUE_LABELS, CYCLE_OUTCOME_LABELS, type CycleStatus } from '../../common/cycleValues';
import { Link } from 'react-router-dom';
import { formatDay, localDateAsDate } from '../lib/dates';
import './cycles.css';
import { formatDate } from '../lib/format';
import { defineMessages, t, tText } from '../lib/i18n';
import { useDateLocale } from '../lib/session';

const m = defineMessages({
  overdueSince: { id: 'ui.cycle.overdueSince', defaultMessage: 'Overdue since {day}' },
  dueSoon: { id: 'ui.cycle.dueSoon', defaultMessage: 'Due soon: {day}' },
  stageDue: { id: 'ui.cycle.stageDue', defaultMessage: 'Stage due {day}' },
  // A cycle's own status words: in Spanish they agree with "el ciclo" (Completado), unlike the generic status words.
  status: { id: 'ui.cycle.status', defaultMessage: '{status, select, planned {Planned} active {Active} completed {Completed} other {Cancelled}}' },
  coach: { id: 'ui.cycle.coach', defaultMessage: 'Coach: {name}' },
  stage: { id: 'ui.cycle.stage', defaultMessage: ' · Stage: {name}' },
  started: { id: 'ui.cycle.started', defaultMessage: 'Started {day}' },
});

const DUE_TONE = { overdue: 'danger', 'due-soon': 'warning', 'on-track': 'success' } as const;

/** The due state as words (never colour alone): "Overdue since …", "Due soon: …", "On track". */
export function DueBadge({ cycle }: { cycle: Pick<CycleSummary, 'due' | 'stage_due_on'> }) {
  const locale = useDateLocale();
  if (!cycle.due) return null;
  const date = cycle.stage_due_on ? localDateAsDate(cycle.stage_due_on) : null;
  const day = date ? formatDate(date, locale, 'MMM d') : '';
  const text = cycle.due === 'overdue' ? t(m.overdueSince, { day }) : cycle.due === 'due-soon' ? t(m.dueSoon, { day }) : tText(CYCLE_DUE_LABELS['on-track']);
  return (
    <span className={`badge badge--${DUE_TONE[cycle.due]} cyc-due`} title={cycle.due === 'on-track' && day ? t(m.stageDue, { day }) : undefined}>
      {cycle.due === 'overdue' && <span aria-hidden="true">! </span>}
      {text}
    </span>
  );
}

/** A cycle's status as a word ("Planned", "Completed"), wherever cycle statuses are shown. */
export function cycleStatusLabel(status: CycleStatus): string {
  return t(m.status, { status });
}

/** Status (and the outcome of a completed cycle) as a badge. */
export function StatusBadge({ cycle }: { cycle: Pick<CycleSummary, 'status' | 'outcome'> }) {
  if (cycle.status === 'completed') {
    return <span className="badge badge--info">{cycle.outcome ? tText(CYCLE_OUTCOME_LABELS[cycle.outcome]) : cycleStatusLabel('completed')}</span>;
  }
  const tone = cycle.status === 'cancelled' ? 'neutral' : cycle.status === 'planned' ? 'primary' : 'neutral';
  return <span className={`badge badge--${tone}`}>{cycleStatusLabel(cycle.status)}</span>;
}

export const educatorNames = (cycle: Pick<CycleSummary, 'educators'>) => cycle.educators.map((e) => e.name).join(', ');

/**
 * One cycle in a compact list (an educator's page, a coach's page): title (a link to the cycle in the
 * coaching workspace for those who may open it), educators or coach, stage, status and due state in words.
 */
export function CycleItem({ cycle, href, show }: { cycle: CycleSummary; href: string | null; show: 'educators' | 'coach' }) {
  return (
    <li className="ruled-item cycle-item">
      <p className="cycle-item__title">{href ? <Link to={href}>{cycle.title}</Link> : cycle.title}</p>
      <p className="cycle-item__meta">
        {show === 'coach' ? t(m.coach, { name: cycle.coach.name }) : educatorNames(cycle)}
        {cycle.stage && t(m.stage, { name: cycle.stage.name })}
        {' · '}{t(m.started, { day: formatDay(cycle.start_date) })}
      </p>
      <div className="cycle-item__badges">
        <StatusBadge cycle={cycle} />
        <DueBadge cycle={cycle} />
      </div>
    </li>
  );
}
