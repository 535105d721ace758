// An educator's status as a text badge (the educators table and an educator's page). Its own module: the table's code
// (a memo component esbuild cannot drop) stays out of the profile's first paint (issue 35).
import type { StaffListItem } from '../../../../common/schemas/staff';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  statusActive: { id: 'staff.statusActive', defaultMessage: 'Active' },
  statusInactive: { id: 'staff.statusInactive', defaultMessage: 'Inactive' },
});

export function StatusBadge({ status }: { status: StaffListItem['status'] }) {
  return status === 'active' ? (
    <span className="badge badge--success">
      <span className="staff-status-dot" aria-hidden="true" />
      {t(m.statusActive)}
    </span>
  ) : (
    <span className="badge badge--neutral">
      <span className="staff-status-dot staff-status-dot--off" aria-hidden="true" />
      {t(m.statusInactive)}
    </span>
  );
}
