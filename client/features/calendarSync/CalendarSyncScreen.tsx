import { Link } from 'react-router-dom';
import { CALENDAR_MESSAGES } from '../../../common/schemas/calendar';
import type { ScreenProps } from '../../app/routeTable';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useAuthUser } from '../../lib/session';
import { FeedCard } from './components/FeedCard';
import { ImportCard } from './components/ImportCard';

/** /app/activity/calendar-sync: the personal subscription feed and the .ics import (plan feature `calendar-sync`). */
export default function CalendarSyncScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  if (!user) return <LoadingBlock />;
  const hasPlan = user.district?.features.includes('calendar-sync') ?? false;
  return (
    <div className="stack stack--lg calsync-page">
      <PageHeader
        title={route.title}
        breadcrumbs={[{ label: 'Activity', to: '/app/activity' }, { label: route.title }]}
        description={<p>See your coaching in the calendar you already use, and bring in meetings you scheduled there.</p>}
      />
      {hasPlan ? (
        <>
          <FeedCard />
          <ImportCard timeZone={user.timezone || user.district?.timezone || 'UTC'} />
        </>
      ) : (
        <EmptyState title="Available on the Professional plan">
          <p>{CALENDAR_MESSAGES.planRequired}</p>
          <p><Link to="/pricing">Compare plans</Link></p>
        </EmptyState>
      )}
    </div>
  );
}
