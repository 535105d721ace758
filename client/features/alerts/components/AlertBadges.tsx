// Level and state of an alert as badges: words, not colour alone.
import type { AlertAudience, AlertLevel, AlertState } from '../../../../common/schemas/alerts';
import { defineMessages, t } from '../../../lib/i18n';

// The words of common/schemas/alerts.ts's ALERT_LEVEL_LABELS, ALERT_STATE_LABELS and ALERT_AUDIENCE_LABELS as messages
// (short words like "Current" mean other things elsewhere, and Spanish gives an alert its gender).
const levels = defineMessages({
  info: { id: 'alerts.level.info', defaultMessage: 'Info' },
  warning: { id: 'alerts.level.warning', defaultMessage: 'Warning' },
  critical: { id: 'alerts.level.critical', defaultMessage: 'Critical' },
});
const states = defineMessages({
  scheduled: { id: 'alerts.state.scheduled', defaultMessage: 'Scheduled' },
  current: { id: 'alerts.state.current', defaultMessage: 'Current' },
  ended: { id: 'alerts.state.ended', defaultMessage: 'Ended' },
});
const audiences = defineMessages({
  everyone: { id: 'alerts.audience.everyone', defaultMessage: 'Everyone' },
  plan: { id: 'alerts.audience.plan', defaultMessage: 'Plans' },
  districts: { id: 'alerts.audience.districts', defaultMessage: 'Chosen districts' },
  roles: { id: 'alerts.audience.roles', defaultMessage: 'Chosen roles' },
});

export const levelLabel = (level: AlertLevel): string => t(levels[level]);
export const stateLabel = (state: AlertState): string => t(states[state]);
export const audienceLabel = (audience: AlertAudience): string => t(audiences[audience]);

const LEVEL_TONE: Record<AlertLevel, string> = { info: 'info', warning: 'warning', critical: 'danger' };
const STATE_TONE: Record<AlertState, string> = { scheduled: 'primary', current: 'success', ended: 'neutral' };

export function LevelBadge({ level }: { level: AlertLevel }) {
  return <span className={`badge badge--${LEVEL_TONE[level]}`}>{levelLabel(level)}</span>;
}

export function StateBadge({ state }: { state: AlertState }) {
  return <span className={`badge badge--${STATE_TONE[state]}`}>{stateLabel(state)}</span>;
}
