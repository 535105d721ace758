// Pieces the View and Edit Educator screens share: the route's id, section cards, the header line
// and the load-failure state.
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { StaffDetail } from '../../../../common/schemas/staff';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { PageHeader } from '../../../components/PageHeader';
import { StatusBadge } from './StaffTable';

/** The educator id of the route, or null when it cannot be one (→ not found without asking). */
export function useStaffId(): number | null {
  const { id } = useParams();
  return id && /^\d{1,12}$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

export function Card({ id, title, intro, action, children, className }: {
  id: string;
  title: string;
  intro?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={['card', 'staff-card', className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <header className="card__header">
        <h2 className="card__title" id={id}>
          {title}
        </h2>
        {action}
      </header>
      {intro && <p className="muted staff-card__intro">{intro}</p>}
      {children}
    </section>
  );
}

export function StaffHeaderMeta({ staff }: { staff: StaffDetail }) {
  return (
    <p className="staff-meta">
      <StatusBadge status={staff.status} />
      {(staff.position || staff.building) && (
        <span>
          {staff.position ?? 'Educator'}
          {staff.building && <> at {staff.building.name}</>}
        </span>
      )}
    </p>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="stack staff-page">
      <PageHeader title="Educator" breadcrumbs={[{ label: 'Educators', to: '/app/staff' }, { label: 'Educator' }]} />
      <Alert tone="danger" title="We couldn’t load this educator">
        <p>{message}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    </div>
  );
}

