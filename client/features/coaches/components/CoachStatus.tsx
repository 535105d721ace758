import type { CoachListItem } from '../../../../common/schemas/coaches';
import { defineMessages, type MessageDescriptor, t } from '../../../lib/i18n';

const m = defineMessages({
  statusActive: { id: 'coaches.statusActive', defaultMessage: 'Active' },
  statusInvited: { id: 'coaches.statusInvited', defaultMessage: 'Invited' },
  statusDeactivated: { id: 'coaches.statusDeactivated', defaultMessage: 'Deactivated' },
  noSchools: { id: 'coaches.noSchools', defaultMessage: 'No schools assigned' },
});

const LABELS: Record<CoachListItem['status'], { label: MessageDescriptor; tone: string }> = {
  active: { label: m.statusActive, tone: 'success' },
  invited: { label: m.statusInvited, tone: 'info' },
  disabled: { label: m.statusDeactivated, tone: 'neutral' },
};

export function CoachStatus({ status }: { status: CoachListItem['status'] }) {
  const { label, tone } = LABELS[status];
  return <span className={`badge badge--${tone}`}>{t(label)}</span>;
}

export function schoolList(buildings: { name: string }[]): string {
  return buildings.length ? buildings.map((b) => b.name).join(', ') : t(m.noSchools);
}
