// Level and state of an alert as badges: words, not colour alone.
import { ALERT_LEVEL_LABELS, ALERT_STATE_LABELS, type AlertLevel, type AlertState } from '../../../../common/schemas/alerts';

const LEVEL_TONE: Record<AlertLevel, string> = { info: 'info', warning: 'warning', critical: 'danger' };
const STATE_TONE: Record<AlertState, string> = { scheduled: 'primary', current: 'success', ended: 'neutral' };

export function LevelBadge({ level }: { level: AlertLevel }) {
  return <span className={`badge badge--${LEVEL_TONE[level]}`}>{ALERT_LEVEL_LABELS[level]}</span>;
}

export function StateBadge({ state }: { state: AlertState }) {
  return <span className={`badge badge--${STATE_TONE[state]}`}>{ALERT_STATE_LABELS[state]}</span>;
}
