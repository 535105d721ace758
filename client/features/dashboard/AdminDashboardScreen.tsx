import { adminNavigation } from '../../app/navigation';
import type { ScreenProps } from '../../app/routeTable';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { type Destination, DestinationCards, firstName, timeOfDayGreeting } from './DashboardScreen';

const ADMIN_DESCRIPTIONS: Record<string, string> = {
  Districts: 'Browse customer districts, their plans, trials and user imports.',
  Users: 'Find any user, check their access and sign in as them to help.',
  Activity: 'Audit recent actions by Coachwell staff and district users.',
  Alerts: 'Publish and schedule notices that district users see in the app.',
  'Knowledge base': 'Write and update the support articles districts read.',
  Logs: 'Inspect server logs and errors reported from browsers.',
  Settings: 'Manage Coachwell staff accounts and default interaction settings.',
};

export default function AdminDashboardScreen(_props: ScreenProps) {
  const { user } = useAuthUser();
  const locale = useDateLocale();
  if (!user) return <LoadingBlock />;

  const destinations: Destination[] = adminNavigation(user.security.permissions)
    .filter((item) => item.to !== '/admin')
    .map((item) => ({ to: item.to, label: item.label, description: ADMIN_DESCRIPTIONS[item.label] ?? '' }));

  return (
    <div className="stack stack--lg">
      <PageHeader
        title="Coachwell admin"
        description={
          <>
            <p className="dashboard-greeting">
              {timeOfDayGreeting(user.timezone)}, {firstName(user.name)}.
            </p>
            {user.last_login_at && (
              <p className="muted text-sm">
                Last sign-in:{' '}
                <time dateTime={user.last_login_at}>{formatDateTime(user.last_login_at, locale)}</time>
              </p>
            )}
          </>
        }
      />
      <section className="stack" aria-labelledby="admin-dashboard-where">
        <h2 id="admin-dashboard-where" className="dashboard-section-title">Where to go</h2>
        {destinations.length > 0 ? (
          <DestinationCards items={destinations} headingId="admin-dashboard-where" />
        ) : (
          <p className="muted">Your account has no admin areas yet. Ask a Coachwell administrator for access.</p>
        )}
      </section>
    </div>
  );
}
