import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import type { ScreenProps } from '../../app/routeTable';

/** The placeholder every route shows until its own issue builds the screen. */
export default function NotAvailableYetScreen({ route }: ScreenProps) {
  const home = route.area === 'admin' ? '/admin' : route.area === 'app' ? '/app' : '/';
  return (
    <div className="stack">
      <PageHeader title={route.title} />
      <EmptyState title="This screen is not available yet">
        <p>
          {route.title} is part of Coachwell and is being built. Everything you can already use is on your{' '}
          <Link to={home}>dashboard</Link>.
        </p>
      </EmptyState>
    </div>
  );
}
