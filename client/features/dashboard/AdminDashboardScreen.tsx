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
import { defineMessages, type MessageDescriptor, t } from '../../lib/i18n';

const m = defineMessages({
  districts: { id: 'dashboard.admin.districts', defaultMessage: 'Browse customer districts, their plans, trials and user imports.' },
  users: { id: 'dashboard.admin.users', defaultMessage: 'Find any user, check their access and sign in as them to help.' },
  activity: { id: 'dashboard.admin.activity', defaultMessage: 'Audit recent actions by Coachwell staff and district users.' },
  alerts: { id: 'dashboard.admin.alerts', defaultMessage: 'Publish and schedule notices that district users see in the app.' },
  knowledgeBase: { id: 'dashboard.admin.knowledgeBase', defaultMessage: 'Write and update the support articles districts read.' },
  logs: { id: 'dashboard.admin.logs', defaultMessage: 'Inspect server logs and errors reported from browsers.' },
  settings: { id: 'dashboard.admin.settings', defaultMessage: 'Manage Coachwell staff accounts and default interaction settings.' },
  byStatus: { id: 'dashboard.admin.byStatus', defaultMessage: 'Districts by status' },
  byPlan: { id: 'dashboard.admin.byPlan', defaultMessage: 'Districts by plan' },
  usage: { id: 'dashboard.admin.usage', defaultMessage: 'Usage' },
  active7: { id: 'dashboard.admin.active7', defaultMessage: 'Active users, last 7 days' },
  active30: { id: 'dashboard.admin.active30', defaultMessage: 'Active users, last 30 days' },
  interactions: { id: 'dashboard.admin.interactions', defaultMessage: 'Interactions logged this week' },
  since: { id: 'dashboard.admin.since', defaultMessage: 'Since {date}' },
  errors: { id: 'dashboard.admin.errors', defaultMessage: 'Errors, last 24 hours' },
  trials: { id: 'dashboard.admin.trials', defaultMessage: 'Trials ending in the next 14 days' },
  noTrials: { id: 'dashboard.admin.noTrials', defaultMessage: 'No trial ends in the next 14 days.' },
  endsToday: { id: 'dashboard.admin.endsToday', defaultMessage: 'Ends today' },
  ends: { id: 'dashboard.admin.ends', defaultMessage: 'Ends {when}' },
  title: { id: 'dashboard.admin.title', defaultMessage: 'Coachwell admin' },
  greeting: { id: 'dashboard.admin.greeting', defaultMessage: '{greeting}, {name}.' },
  lastSignIn: { id: 'dashboard.admin.lastSignIn', defaultMessage: 'Last sign-in:' },
  loadFailed: { id: 'dashboard.admin.loadFailed', defaultMessage: 'The figures could not be loaded.' },
  tryAgain: { id: 'dashboard.admin.tryAgain', defaultMessage: 'Try again' },
  loading: { id: 'dashboard.admin.loading', defaultMessage: 'Loading the figures…' },
  whereToGo: { id: 'dashboard.admin.whereToGo', defaultMessage: 'Where to go' },
  noAreas: { id: 'dashboard.admin.noAreas', defaultMessage: 'Your account has no admin areas yet. Ask a Coachwell administrator for access.' },
});

/** What each area of the admin menu is for, by its address (the menu's labels are in the person's language). */
const ADMIN_DESCRIPTIONS: Record<string, MessageDescriptor> = {
  '/admin/districts': m.districts,
  '/admin/users': m.users,
  '/admin/activity': m.activity,
  '/admin/alerts': m.alerts,
  '/admin/knowledge-base': m.knowledgeBase,
  '/admin/logs': m.logs,
  '/admin/settings': m.settings,
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
        <FigureGroup id="admin-by-status" title={t(m.byStatus)} figures={data.districts_by_status.map((figure) => ({ figure }))} />
        <FigureGroup id="admin-by-plan" title={t(m.byPlan)} figures={data.districts_by_plan.map((figure) => ({ figure }))} />
        <FigureGroup
          id="admin-usage"
          title={t(m.usage)}
          figures={[
            { figure: { key: 'active7', label: t(m.active7), count: data.active_users.last_7_days, link: data.active_users.link } },
            { figure: { key: 'active30', label: t(m.active30), count: data.active_users.last_30_days, link: data.active_users.link } },
            {
              figure: { key: 'interactions', label: t(m.interactions), count: data.interactions_this_week.count, link: data.interactions_this_week.link },
              hint: t(m.since, { date: when.date(data.interactions_this_week.since) }),
            },
          ]}
        />
        <FigureGroup
          id="admin-errors"
          title={t(m.errors)}
          figures={[{ figure: data.errors_last_24_hours.client }, { figure: data.errors_last_24_hours.server }]}
        />
      </div>
      <section className="tile admin-trials" aria-labelledby="admin-trials-title">
        <h2 id="admin-trials-title" className="tile__label">{t(m.trials)}</h2>
        {data.trials_ending.length === 0 ? (
          <p className="muted">{t(m.noTrials)}</p>
        ) : (
          <ul className="admin-trials__list">
            {data.trials_ending.map((trial) => {
              const days = Math.max(0, Math.ceil((new Date(trial.trial_ends_at).getTime() - Date.now()) / DAY_MS));
              return (
                <li key={trial.id} className="admin-trials__item">
                  <Link to={trial.link} className="admin-trials__name">{trial.name}</Link>
                  <span className="muted">{trial.plan}</span>
                  <span className={days <= 3 ? 'badge badge--warning' : 'badge badge--neutral'}>
                    <time dateTime={trial.trial_ends_at} title={when.dateTime(trial.trial_ends_at)}>
                      {days === 0 ? t(m.endsToday) : t(m.ends, { when: formatRelative(trial.trial_ends_at, locale) })}
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
    .map((item) => {
      const description = ADMIN_DESCRIPTIONS[item.to];
      return { to: item.to, label: item.label, description: description ? t(description) : '' };
    });

  return (
    <div className="stack stack--lg">
      <PageHeader
        title={t(m.title)}
        description={
          <>
            <p className="dashboard-greeting">
              {t(m.greeting, { greeting: timeOfDayGreeting(user.timezone), name: firstName(user.name) })}
            </p>
            {user.last_login_at && (
              <p className="muted text-sm">
                {t(m.lastSignIn)}{' '}
                <time dateTime={user.last_login_at}>{when.dateTime(user.last_login_at)}</time>
              </p>
            )}
          </>
        }
      />
      {seesDistricts && (
        error && !data ? (
          <Alert tone="danger" title={t(m.loadFailed)}>
            <p><Button variant="secondary" size="sm" onClick={() => void mutate()}>{t(m.tryAgain)}</Button></p>
          </Alert>
        ) : data ? (
          <Figures data={data} />
        ) : (
          <LoadingBlock label={t(m.loading)} />
        )
      )}
      <section className="stack" aria-labelledby="admin-dashboard-where">
        <h2 id="admin-dashboard-where" className="dashboard-section-title">{t(m.whereToGo)}</h2>
        {destinations.length > 0 ? (
          <DestinationCards items={destinations} headingId="admin-dashboard-where" />
        ) : (
          <p className="muted">{t(m.noAreas)}</p>
        )}
      </section>
    </div>
  );
}
