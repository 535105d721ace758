import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../common/authUser';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import { TRIAL_NOTICE_DAYS } from '../../../common/constants';
import { appNavigation, isEducator } from '../../app/navigation';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { browserTimeZone, formatDay } from '../../lib/dates';
import { formatRelative } from '../../lib/format';
import { useAuthUser, useDateLocale, useInstantFormat } from '../../lib/session';
import { zonedDay, zonedParts } from '../../lib/zonedTime';
import { ActivityPanels } from './components/ActivityPanels';
import { CoachingRequestsPanel, useRequestQueue } from './components/CoachingRequestsPanel';
import { EducatorHome } from './components/EducatorHome';
import { PulsePanel } from './components/PulsePanel';
import { FollowThroughPanel } from './components/FollowThroughPanel';
import { SetupChecklist } from './components/SetupChecklist';
import { useSetupChecklist } from './api';
import { defineMessages, t, type MessageDescriptor } from '../../lib/i18n';
import { stateName } from '../../lib/usStates';
import '../../components/chips.css';

const DAY_MS = 24 * 60 * 60 * 1000;

const m = defineMessages({
  descEducators: { id: 'dashboard.desc.educators', defaultMessage: 'Look up educators, their schools and the coaching each one has received.' },
  descCoaches: { id: 'dashboard.desc.coaches', defaultMessage: 'See your coaching team, who each coach supports and their recent work.' },
  descCoaching: { id: 'dashboard.desc.coaching', defaultMessage: 'Plan coaching cycles and map the skills educators are working on.' },
  descActivity: { id: 'dashboard.desc.activity', defaultMessage: 'Review recent coaching interactions and keep coaching calendars in sync.' },
  descObservations: { id: 'dashboard.desc.observations', defaultMessage: 'Capture walkthroughs and observations against your look-fors, and share them with educators.' },
  descReports: { id: 'dashboard.desc.reports', defaultMessage: 'Track engagement with coaching-cycle, teacher-level and team reports.' },
  descStaffRequests: { id: 'dashboard.desc.staffRequests', defaultMessage: 'Approve requests to add educators to a school or move them between schools.' },
  descSite: { id: 'dashboard.desc.site', defaultMessage: 'Your district’s profile, schools, privacy of notes and coaching targets.' },
  descInteraction: { id: 'dashboard.desc.interaction', defaultMessage: 'The kinds of interactions coaches log, their usual length and their own fields.' },
  descForms: { id: 'dashboard.desc.forms', defaultMessage: 'The walkthrough and observation forms your observers use, item by item.' },
  descCycles: { id: 'dashboard.desc.cycles', defaultMessage: 'The stages a coaching cycle moves through and the goal templates coaches start from.' },
  descExport: { id: 'dashboard.desc.export', defaultMessage: 'Download educators, users, interactions and skill ratings; import your roster.' },
  descUsers: { id: 'dashboard.desc.users', defaultMessage: 'Invite coaches and leaders and choose what each person can see and do.' },
  descBilling: { id: 'dashboard.desc.billing', defaultMessage: 'See your plan, invoices and quotes, and keep billing details up to date.' },
  descSso: { id: 'dashboard.desc.sso', defaultMessage: 'Let your people sign in with their Google, Microsoft, Clever or ClassLink school accounts.' },
  descSupport: { id: 'dashboard.desc.support', defaultMessage: 'Find answers in the Coachwell help articles, searched by what you need to do.' },
  descProfile: { id: 'dashboard.desc.profile', defaultMessage: 'Your schools, coaches, cycles, skills and every coaching session you took part in.' },
  descActionSteps: { id: 'dashboard.desc.actionSteps', defaultMessage: 'What you and your coach agreed to try: mark a step done with how it went, or add your own.' },
  descSelf: { id: 'dashboard.desc.self', defaultMessage: 'Rate yourself on your district’s teaching skills; your coach sees it beside their ratings.' },
  descAsk: { id: 'dashboard.desc.ask', defaultMessage: 'Ask your coach for support with something in your classroom, and see where each request stands.' },
  descReadLog: { id: 'dashboard.desc.readLog', defaultMessage: 'Who opened records about you, and when: people and days, never what they read.' },
  morning: { id: 'dashboard.morning', defaultMessage: 'Good morning' },
  afternoon: { id: 'dashboard.afternoon', defaultMessage: 'Good afternoon' },
  evening: { id: 'dashboard.evening', defaultMessage: 'Good evening' },
  suspended: { id: 'dashboard.suspended', defaultMessage: "Your district's account is suspended" },
  suspendedText: { id: 'dashboard.suspendedText', defaultMessage: 'Coaching records are kept safe, but some features are unavailable. Contact Coachwell support to restore access.' },
  trialLeft: { id: 'dashboard.trialLeft', defaultMessage: '{count, plural, one {# day} other {# days}} left in your free trial' },
  trying: { id: 'dashboard.trying', defaultMessage: 'You are trying the {plan} plan until {ends}.' },
  choosePlan: { id: 'dashboard.choosePlan', defaultMessage: 'Choose a plan' },
  adminChooses: { id: 'dashboard.adminChooses', defaultMessage: 'Your district administrator can choose a plan at any time.' },
  accountSettings: { id: 'dashboard.accountSettings', defaultMessage: 'Account settings' },
  accountSettingsDesc: { id: 'dashboard.accountSettingsDesc', defaultMessage: 'Change your name, email, password and how dates are shown.' },
  greeting: { id: 'dashboard.greeting', defaultMessage: '{greeting}, {name}' },
  planBadge: { id: 'dashboard.planBadge', defaultMessage: '{plan} plan' },
  welcome: { id: 'dashboard.welcome', defaultMessage: 'Welcome to Coachwell.' },
  whereToGo: { id: 'dashboard.whereToGo', defaultMessage: 'Where to go' },
  yourDistrict: { id: 'dashboard.yourDistrict', defaultMessage: 'Your district' },
  district: { id: 'dashboard.district', defaultMessage: 'District' },
  state: { id: 'dashboard.state', defaultMessage: 'State' },
  plan: { id: 'dashboard.plan', defaultMessage: 'Plan' },
  planTrial: { id: 'dashboard.planTrial', defaultMessage: '{plan} (free trial)' },
  yourAccount: { id: 'dashboard.yourAccount', defaultMessage: 'Your account' },
  signedInAs: { id: 'dashboard.signedInAs', defaultMessage: 'Signed in as' },
  buildings: { id: 'dashboard.buildings', defaultMessage: '{count, plural, one {Your building} other {Your buildings}}' },
  lastSignIn: { id: 'dashboard.lastSignIn', defaultMessage: 'Last sign-in' },
  firstSignIn: { id: 'dashboard.firstSignIn', defaultMessage: 'This is your first sign-in.' },
});

/** What each destination of the menu is for, by its address (the menu's labels are in the person's language). */
const APP_DESCRIPTIONS: Record<string, MessageDescriptor> = {
  '/app/coaches': m.descCoaches,
  '/app/coaching': m.descCoaching,
  '/app/activity': m.descActivity,
  '/app/observations': m.descObservations,
  '/app/reports': m.descReports,
  '/app/settings/building-history-requests': m.descStaffRequests,
  '/app/settings/site': m.descSite,
  '/app/settings/interaction': m.descInteraction,
  '/app/settings/observation-forms': m.descForms,
  '/app/settings/coaching-cycle': m.descCycles,
  '/app/settings/single-sign-on': m.descSso,
  '/app/settings/export-import': m.descExport,
  '/app/settings/user': m.descUsers,
  '/app/settings/billing': m.descBilling,
  '/app/support': m.descSupport,
  '/app/action-steps': m.descActionSteps,
  '/app/self-assessment': m.descSelf,
  '/app/coaching-requests': m.descAsk,
  '/app/read-log': m.descReadLog,
};

/** A destination's description in the person's language ('' for one without). */
function appDescription(to: string, educator: boolean): string {
  if (to === '/app/staff') return t(educator ? m.descProfile : m.descEducators);
  const message = APP_DESCRIPTIONS[to];
  return message ? t(message) : '';
}

export interface Destination {
  to: string;
  label: string;
  description: string;
}

/** "Good morning" / "Good afternoon" / "Good evening" by the hour in the user's timezone. */
export function timeOfDayGreeting(timeZone?: string, now = new Date()): string {
  let hour = now.getHours();
  try {
    hour = zonedParts(now.getTime(), timeZone || browserTimeZone()).hour;
  } catch {
    // Unknown timezone: the device's own clock is close enough for a greeting.
  }
  if (hour >= 5 && hour < 12) return t(m.morning);
  if (hour >= 12 && hour < 18) return t(m.afternoon);
  return t(m.evening);
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** The "Where to go" grid: one card per destination, the whole card is the link. */
export function DestinationCards({ items, headingId }: { items: Destination[]; headingId: string }) {
  return (
    <ul className="dashboard-cards" aria-labelledby={headingId}>
      {items.map((item) => (
        <li key={item.to} className="tile dashboard-card">
          <h3 className="dashboard-card__title">
            <Link to={item.to} className="dashboard-card__link">
              {item.label}
            </Link>
          </h3>
          <p className="dashboard-card__text">{item.description}</p>
          <span className="dashboard-card__arrow" aria-hidden="true">→</span>
        </li>
      ))}
    </ul>
  );
}

function TrialNotice({ district, canBill }: { district: NonNullable<AuthUser['district']>; canBill: boolean }) {
  const locale = useDateLocale();
  if (district.status === 'suspended') {
    return (
      <Alert tone="warning" title={t(m.suspended)}>
        <p>{t(m.suspendedText)}</p>
      </Alert>
    );
  }
  if (district.status !== 'trial' || !district.trial_ends_at) return null;
  const daysLeft = Math.max(0, Math.ceil((new Date(district.trial_ends_at).getTime() - Date.now()) / DAY_MS));
  // The app's trial banner (features/trial) says it above every screen once the trial has ended, and
  // to people who manage billing in its last TRIAL_NOTICE_DAYS: the dashboard does not say it twice.
  if (daysLeft === 0 || (canBill && daysLeft <= TRIAL_NOTICE_DAYS)) return null;
  const ends = formatDay(zonedDay(district.trial_ends_at, district.timezone || 'UTC'), locale);
  const title = t(m.trialLeft, { count: daysLeft });
  return (
    <Alert tone={daysLeft <= TRIAL_NOTICE_DAYS ? 'warning' : 'info'} title={title} className="dashboard-trial">
      <p>
        {t(m.trying, { plan: district.plan.name, ends })}{' '}
        {canBill ? (
          <Link to="/app/settings/billing">{t(m.choosePlan)}</Link>
        ) : (
          t(m.adminChooses)
        )}
      </p>
    </Alert>
  );
}

export default function DashboardScreen(_props: ScreenProps) {
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const when = useInstantFormat();
  const managesSetup = !!user?.district && hasPermission(user.security.permissions, PERMISSIONS.manageSettings);
  // The setup checklist (a screen tall when it shows) is known before the sections under it paint, so
  // they never move down when it arrives (issue 35); SetupChecklist reads the same answer.
  const checklist = useSetupChecklist(managesSetup);
  // A person whose only role is educator (`see educators` reaches their own row) gets their own home.
  const educatorHome = !!user?.district && isEducator(user.security.permissions);
  // The coaching requests come first and are as tall as there are requests: the pulse and what follows wait for
  // them the same way, or they would paint in view and be pushed down when the queue arrives.
  const seesRequests = !!user && !educatorHome && hasPermission(user.security.permissions, PERMISSIONS.seeActivity);
  const requests = useRequestQueue(seesRequests);
  if (!user) return <LoadingBlock />;
  const waitForSections = (managesSetup && !checklist.data && !checklist.error) || (seesRequests && !requests.data && !requests.error);

  const district = user.district;
  const destinations: Destination[] = [
    ...appNavigation(user.security.permissions, district?.features ?? [], district)
      .filter((item) => item.to !== '/app')
      .map((item) => ({ to: item.to, label: item.label, description: appDescription(item.to, educatorHome) })),
    { to: '/app/settings', label: t(m.accountSettings), description: t(m.accountSettingsDesc) },
  ];

  return (
    <div className="stack stack--lg">
      <PageHeader
        title={t(m.greeting, { greeting: timeOfDayGreeting(user.timezone), name: firstName(user.name) })}
        description={
          district ? (
            <p className="dashboard-context">
              <span>{district.name}</span>
              <span className="badge badge--primary">{t(m.planBadge, { plan: district.plan.name })}</span>
            </p>
          ) : (
            <p>{t(m.welcome)}</p>
          )
        }
      />

      {district && <TrialNotice district={district} canBill={hasPermission(user.security.permissions, 'manage billing')} />}

      {/* A screen tall: what follows starts out of view instead of moving down when the sections arrive (the
          checklist, the coaching requests). */}
      {waitForSections && <LoadingBlock fullScreen />}
      {/* The sections are mounted, hidden, while the checklist and the requests load, so that their own reads
          (the pulse, follow-through, today's sessions) start at once instead of after those answers (issue 35). */}
      <div className="stack stack--lg" hidden={waitForSections}>
        {district && <SetupChecklist enabled={managesSetup} />}

        {educatorHome ? (
          <EducatorHome user={user} />
        ) : (
          <>
            {seesRequests && <CoachingRequestsPanel user={user} />}
            <PulsePanel user={user} />
            {/* A coach's and a principal's follow-through on their educators' action steps (issue 29). */}
            {['coach', 'building-admin'].some((role) => user.security.roles.includes(role)) && <FollowThroughPanel />}
            <ActivityPanels user={user} locale={locale} />
          </>
        )}
      </div>

      <section className="stack" aria-labelledby="dashboard-where">
        <h2 id="dashboard-where" className="dashboard-section-title">{t(m.whereToGo)}</h2>
        <DestinationCards items={destinations} headingId="dashboard-where" />
      </section>

      <div className="grid-2">
        {district && (
          <section className="card" aria-labelledby="dashboard-district">
            <h2 id="dashboard-district" className="card__title dashboard-card-heading">{t(m.yourDistrict)}</h2>
            <dl className="dl">
              <dt>{t(m.district)}</dt>
              <dd>{district.name}</dd>
              <dt>{t(m.state)}</dt>
              <dd>{stateName(district.state)}</dd>
              <dt>{t(m.plan)}</dt>
              <dd>{district.status === 'trial' ? t(m.planTrial, { plan: district.plan.name }) : district.plan.name}</dd>
            </dl>
          </section>
        )}
        <section className="card" aria-labelledby="dashboard-you">
          <h2 id="dashboard-you" className="card__title dashboard-card-heading">{t(m.yourAccount)}</h2>
          <dl className="dl">
            <dt>{t(m.signedInAs)}</dt>
            <dd>{user.email}</dd>
            {user.buildings.length > 0 && (
              <>
                <dt>{t(m.buildings, { count: user.buildings.length })}</dt>
                <dd>
                  <ul className="chips dashboard-buildings">
                    {user.buildings.map((b) => (
                      <li key={b.id}>{b.name}</li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
            <dt>{t(m.lastSignIn)}</dt>
            <dd>
              {user.last_login_at ? (
                <>
                  <time dateTime={user.last_login_at}>{when.dateTime(user.last_login_at)}</time>{' '}
                  <span className="muted">({formatRelative(user.last_login_at, locale)})</span>
                </>
              ) : (
                t(m.firstSignIn)
              )}
            </dd>
          </dl>
        </section>
      </div>
    </div>
  );
}
