import { hasFeature } from '../../../common/permissions';
import { firstPlanWith } from '../../../common/plans';
import type { ScreenProps } from '../../app/routeTable';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { PlanUpgradeNotice } from '../../components/PlanUpgradeNotice';
import { LoadingBlock } from '../../components/Spinner';
import { defineMessages, t } from '../../lib/i18n';
import { useAuthUser } from '../../lib/session';
import { FeedCard } from './components/FeedCard';
import { ImportCard } from './components/ImportCard';

const m = defineMessages({
  activity: { id: 'calendarSync.breadcrumbActivity', defaultMessage: 'Activity' },
  description: { id: 'calendarSync.description', defaultMessage: 'See your coaching in the calendar you already use, and bring in meetings you scheduled there.' },
  availableOn: { id: 'calendarSync.availableOn', defaultMessage: 'Available on the {plan} plan' },
});

/** /app/activity/calendar-sync: the personal subscription feed and the .ics import (plan feature `calendar-sync`). */
export default function CalendarSyncScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  if (!user) return <LoadingBlock />;
  const hasPlan = hasFeature(user.district?.features ?? [], 'calendar-sync');
  return (
    <div className="stack stack--lg calsync-page">
      <PageHeader
        title={route.title}
        breadcrumbs={[{ label: t(m.activity), to: '/app/activity' }, { label: route.title }]}
        description={<p>{t(m.description)}</p>}
      />
      {hasPlan ? (
        <>
          <FeedCard />
          <ImportCard timeZone={user.timezone || user.district?.timezone || 'UTC'} />
        </>
      ) : (
        <EmptyState title={t(m.availableOn, { plan: firstPlanWith('calendar-sync').name })}>
          <PlanUpgradeNotice feature="calendar-sync" />
        </EmptyState>
      )}
    </div>
  );
}
