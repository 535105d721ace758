// Pieces the View and Edit Educator screens share: the route's id, section cards, the header line
// and the load-failure state.
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { StaffDetail } from '../../../../common/schemas/staff';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { PageHeader } from '../../../components/PageHeader';
import { StatusBadge } from './StatusBadge';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  educator: { id: 'staff.educator', defaultMessage: 'Educator' },
  positionAt: { id: 'staff.positionAt', defaultMessage: '{position} at {school}' },
  title: { id: 'staff.title', defaultMessage: 'Educators' },
  loadOneFailed: { id: 'staff.loadOneFailed', defaultMessage: 'We couldn’t load this educator' },
  tryAgain: { id: 'staff.tryAgain', defaultMessage: 'Try again' },
});

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
          {staff.building
            ? t(m.positionAt, { position: staff.position ? tText(staff.position) : t(m.educator), school: staff.building.name })
            : staff.position ? tText(staff.position) : t(m.educator)}
        </span>
      )}
    </p>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="stack staff-page">
      <PageHeader title={t(m.educator)} breadcrumbs={[{ label: t(m.title), to: '/app/staff' }, { label: t(m.educator) }]} />
      <Alert tone="danger" title={t(m.loadOneFailed)}>
        <p>{message}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t(m.tryAgain)}
        </Button>
      </Alert>
    </div>
  );
}

