import type { CoachListItem } from '../../../../common/schemas/coaches';

const LABELS: Record<CoachListItem['status'], { label: string; tone: string }> = {
  active: { label: 'Active', tone: 'success' },
  invited: { label: 'Invited', tone: 'info' },
  disabled: { label: 'Deactivated', tone: 'neutral' },
};

export function CoachStatus({ status }: { status: CoachListItem['status'] }) {
  const { label, tone } = LABELS[status];
  return <span className={`badge badge--${tone}`}>{label}</span>;
}

export function schoolList(buildings: { name: string }[]): string {
  return buildings.length ? buildings.map((b) => b.name).join(', ') : 'No schools assigned';
}
