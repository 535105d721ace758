import type { StaffRequestStatus } from '../../../../common/schemas/staffRequests';

const LOOK: Record<StaffRequestStatus, { label: string; tone: string; icon: string }> = {
  pending: { label: 'Pending', tone: 'warning', icon: '◷' },
  approved: { label: 'Approved', tone: 'success', icon: '✓' },
  denied: { label: 'Denied', tone: 'danger', icon: '✕' },
};

/** The request's status in words (and a shape), never by colour alone. */
export function StatusBadge({ status }: { status: StaffRequestStatus }) {
  const look = LOOK[status];
  return (
    <span className={`badge badge--${look.tone} staffRequests-status`}>
      <span aria-hidden="true">{look.icon}</span>
      {look.label}
    </span>
  );
}
