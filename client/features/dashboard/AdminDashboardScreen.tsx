import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { AdminDashboard, DashboardFigure } from '../../../common/schemas/adminOps';
import { adminNavigation } from '../../app/navigation';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { api, type ApiError } from '../../lib/api';
import { formatInteger, formatRelative } from '../../lib/format';
import { useAuthUser, useDateLocale, useInstantFormat } from '../../lib/session';
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

// GET /api/admin/dashboard: the provider's figures (needs `see all districts`).
const DASHBOARD_KEY = 'admin/dashboard';
function useAdminDashboard(enabled: boolean) {
  return useSWR<AdminDashboard, ApiError>(enabled ? DASHBOARD_KEY : null, (key: string) => api.get<AdminDashboard>(key));
}

/** A figure whose whole tile links to the list it counts. */
function Figure({ figure, hint }: { figure: DashboardFigure; hint?: string }) {
  const body = (
    <>
      <span className="admin-figure__count">{formatInteger(figure.count)}</span>
      <span className="admin-figure__label">{figure.label}</span>
      {hint && <span className="admin-figure__hint">{hint}</span>}
    </>
  );
  return (
    <li className={['admin-figure', figure.link && 'admin-figure--link'].filter(Boolean).join(' ')}>
      {figure.link ? <Link to={figure.link} className="admin-figure__link">{body}</Link> : body}
    </li>
  );
}

function FigureGroup({ id, title, figures }: { id: string; title: string; figures: { figure: DashboardFigure; hint?: string }[] }) {
  return (
    <section className="tile admin-figures" aria-labelledby={id}>
      <h2 id={id} className="tile__label">{title}</h2>
      <ul className="admin-figures__list">
        {figures.map(({ figure, hint }) => <Figure key={figure.key} figure={figure} hint={hint} />)}
      </ul>
    </section>
  );
}

function Figures({ data }: { data: AdminDashboard }) {
  const locale = useDateLocale();
  const when = useInstantFormat();
  const DAY_MS = 24 * 60 * 60 * 1000;
  return (
    <div className="stack stack--lg">
      <div className="tiles admin-figures-grid">
        <FigureGroup id="admin-by-status" title="Districts by status" figures={data.districts_by_status.map((figure) => ({ figure }))} />
        <FigureGroup id="admin-by-plan" title="Districts by plan" figures={data.districts_by_plan.map((figure) => ({ figure }))} />
        <FigureGroup
          id="admin-usage"
          title="Usage"
          figures={[
            { figure: { key: 'active7', label: 'Active users, last 7 days', count: data.active_users.last_7_days, link: data.active_users.link } },
            { figure: { key: 'active30', label: 'Active users, last 30 days', count: data.active_users.last_30_days, link: data.active_users.link } },
            {
              figure: { key: 'interactions', label: 'Interactions logged this week', count: data.interactions_this_week.count, link: data.interactions_this_week.link },
              hint: `Since ${when.date(data.interactions_this_week.since)}`,
            },
          ]}
        />
        <FigureGroup
          id="admin-errors"
          title="Errors, last 24 hours"
          figures={[{ figure: data.errors_last_24_hours.client }, { figure: data.errors_last_24_hours.server }]}
        />
      </div>
      <section className="tile admin-trials" aria-labelledby="admin-trials-title">
        <h2 id="admin-trials-title" className="tile__label">Trials ending in the next 14 days</h2>
        {data.trials_ending.length === 0 ? (
          <p className="muted">No trial ends in the next 14 days.</p>
        ) : (
          <ul className="admin-trials__list">
            {data.trials_ending.map((t) => {
              const days = Math.max(0, Math.ceil((new Date(t.trial_ends_at).getTime() - Date.now()) / DAY_MS));
              return (
                <li key={t.id} className="admin-trials__item">
                  <Link to={t.link} className="admin-trials__name">{t.name}</Link>
                  <span className="muted">{t.plan}</span>
                  <span className={days <= 3 ? 'badge badge--warning' : 'badge badge--neutral'}>
                    <time dateTime={t.trial_ends_at} title={when.dateTime(t.trial_ends_at)}>
                      {days === 0 ? 'Ends today' : `Ends ${formatRelative(t.trial_ends_at, locale)}`}
                    </time>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function AdminDashboardScreen(_props: ScreenProps) {
  const { user } = useAuthUser();
  const when = useInstantFormat();
  const seesDistricts = hasPermission(user?.security.permissions ?? [], PERMISSIONS.seeAllDistricts);
  const { data, error, mutate } = useAdminDashboard(seesDistricts);
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
                <time dateTime={user.last_login_at}>{when.dateTime(user.last_login_at)}</time>
              </p>
            )}
          </>
        }
      />
      {seesDistricts && (
        error && !data ? (
          <Alert tone="danger" title="The figures could not be loaded.">
            <p><Button variant="secondary" size="sm" onClick={() => void mutate()}>Try again</Button></p>
          </Alert>
        ) : data ? (
          <Figures data={data} />
        ) : (
          <LoadingBlock label="Loading the figures…" />
        )
      )}
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
