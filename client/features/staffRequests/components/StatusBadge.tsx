import type { StaffRequestStatus } from '../../../../common/schemas/staffRequests';
import { defineMessages, type MessageDescriptor, t } from '../../../lib/i18n';

const m = defineMessages({
  statusPending: { id: 'staffRequests.statusPending', defaultMessage: 'Pending' },
  statusApproved: { id: 'staffRequests.statusApproved', defaultMessage: 'Approved' },
  statusDenied: { id: 'staffRequests.statusDenied', defaultMessage: 'Denied' },
});

const LOOK: Record<StaffRequestStatus, { label: MessageDescriptor; tone: string; icon: string }> = {
  pending: { label: m.statusPending, tone: 'warning', icon: '◷' },
  approved: { label: m.statusApproved, tone: 'success', icon: '✓' },
  denied: { label: m.statusDenied, tone: 'danger', icon: '✕' },
};

/** The request's status in words (and a shape), never by colour alone. */
export function StatusBadge({ status }: { status: StaffRequestStatus }) {
  const look = LOOK[status];
  return (
    <span className={`badge badge--${look.tone} staffRequests-status`}>
      <span aria-hidden="true">{look.icon}</span>
      {t(look.label)}
    </span>
  );
}
