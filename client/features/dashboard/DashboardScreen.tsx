import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../common/authUser';
import { US_STATES } from '../../../common/constants';
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
import { CoachingRequestsPanel } from './components/CoachingRequestsPanel';
import { EducatorHome } from './components/EducatorHome';
import { PulsePanel } from './components/PulsePanel';
import { FollowThroughPanel } from './components/FollowThroughPanel';
import { SetupChecklist } from './components/SetupChecklist';
import { useSetupChecklist } from './api';
import { plural } from '../../../common/plural';
import '../../components/chips.css';

const DAY_MS = 24 * 60 * 60 * 1000;

const APP_DESCRIPTIONS: Record<string, string> = {
  Educators: 'Look up educators, their schools and the coaching each one has received.',
  Coaches: 'See your coaching team, who each coach supports and their recent work.',
  Coaching: 'Plan coaching cycles and map the skills educators are working on.',
  Activity: 'Review recent coaching interactions and keep coaching calendars in sync.',
  Observations: 'Capture walkthroughs and observations against your look-fors, and share them with educators.',
  Reports: 'Track engagement with coaching-cycle, teacher-level and team reports.',
  'Staff requests': 'Approve requests to add educators to a school or move them between schools.',
  'Site settings': 'Your district’s profile, schools, privacy of notes and coaching targets.',
  'Interaction settings': 'The kinds of interactions coaches log, their usual length and their own fields.',
  'Observation forms': 'The walkthrough and observation forms your observers use, item by item.',
  'Cycle settings': 'The stages a coaching cycle moves through and the goal templates coaches start from.',
  'Export and import': 'Download educators, users, interactions and skill ratings; import your roster.',
  Users: 'Invite coaches and leaders and choose what each person can see and do.',
  Billing: 'See your plan, invoices and quotes, and keep billing details up to date.',
  Support: 'Find answers in the Coachwell help articles, searched by what you need to do.',
  'Your profile': 'Your schools, coaches, cycles, skills and every coaching session you took part in.',
  'Action steps': 'What you and your coach agreed to try: mark a step done with how it went, or add your own.',
  'Self-assessment': 'Rate yourself on your district’s teaching skills; your coach sees it beside their ratings.',
  'Ask for coaching': 'Ask your coach for support with something in your classroom, and see where each request stands.',
  'Who has read about me': 'Who opened records about you, and when: people and days, never what they read.',
};

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
  if (hour >= 5 && hour < 12) return 'Good morning';
  if (hour >= 12 && hour < 18) return 'Good afternoon';
  return 'Good evening';
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
      <Alert tone="warning" title="Your district's account is suspended">
        <p>Coaching records are kept safe, but some features are unavailable. Contact Coachwell support to restore access.</p>
      </Alert>
    );
  }
  if (district.status !== 'trial' || !district.trial_ends_at) return null;
  const daysLeft = Math.max(0, Math.ceil((new Date(district.trial_ends_at).getTime() - Date.now()) / DAY_MS));
  // The app's trial banner (features/trial) says it above every screen once the trial has ended, and
  // to people who manage billing in its last TRIAL_NOTICE_DAYS: the dashboard does not say it twice.
  if (daysLeft === 0 || (canBill && daysLeft <= TRIAL_NOTICE_DAYS)) return null;
  const ends = formatDay(zonedDay(district.trial_ends_at, district.timezone || 'UTC'), locale);
  const title = `${plural(daysLeft, 'day', 'days')} left in your free trial`;
  return (
    <Alert tone={daysLeft <= TRIAL_NOTICE_DAYS ? 'warning' : 'info'} title={title} className="dashboard-trial">
      <p>
        You are trying the {district.plan.name} plan until {ends}.{' '}
        {canBill ? (
          <Link to="/app/settings/billing">Choose a plan</Link>
        ) : (
          'Your district administrator can choose a plan at any time.'
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
  if (!user) return <LoadingBlock />;
  const waitForChecklist = managesSetup && !checklist.data && !checklist.error;
  // A person whose only role is educator (`see educators` reaches their own row) gets their own home.
  const educatorHome = !!user.district && isEducator(user.security.permissions);

  const district = user.district;
  const destinations: Destination[] = [
    ...appNavigation(user.security.permissions, district?.features ?? [], district)
      .filter((item) => item.to !== '/app')
      .map((item) => ({ to: item.to, label: item.label, description: APP_DESCRIPTIONS[item.label] ?? '' })),
    { to: '/app/settings', label: 'Account settings', description: 'Change your name, email, password and how dates are shown.' },
  ];

  return (
    <div className="stack stack--lg">
      <PageHeader
        title={`${timeOfDayGreeting(user.timezone)}, ${firstName(user.name)}`}
        description={
          district ? (
            <p className="dashboard-context">
              <span>{district.name}</span>
              <span className="badge badge--primary">{district.plan.name} plan</span>
            </p>
          ) : (
            <p>Welcome to Coachwell.</p>
          )
        }
      />

      {district && <TrialNotice district={district} canBill={hasPermission(user.security.permissions, 'manage billing')} />}

      {waitForChecklist ? (
        // A screen tall: what follows starts out of view instead of moving down when the sections arrive.
        <LoadingBlock fullScreen />
      ) : (
        <>
          {district && <SetupChecklist enabled={managesSetup} />}

          {educatorHome ? (
            <EducatorHome user={user} />
          ) : (
            <>
              {hasPermission(user.security.permissions, PERMISSIONS.seeActivity) && <CoachingRequestsPanel user={user} />}
              <PulsePanel user={user} />
              {/* A coach's and a principal's follow-through on their educators' action steps (issue 29). */}
              {['coach', 'building-admin'].some((role) => user.security.roles.includes(role)) && <FollowThroughPanel />}
              <ActivityPanels user={user} locale={locale} />
            </>
          )}
        </>
      )}

      <section className="stack" aria-labelledby="dashboard-where">
        <h2 id="dashboard-where" className="dashboard-section-title">Where to go</h2>
        <DestinationCards items={destinations} headingId="dashboard-where" />
      </section>

      <div className="grid-2">
        {district && (
          <section className="card" aria-labelledby="dashboard-district">
            <h2 id="dashboard-district" className="card__title dashboard-card-heading">Your district</h2>
            <dl className="dl">
              <dt>District</dt>
              <dd>{district.name}</dd>
              <dt>State</dt>
              <dd>{US_STATES[district.state] ?? district.state}</dd>
              <dt>Plan</dt>
              <dd>{district.plan.name}{district.status === 'trial' ? ' (free trial)' : ''}</dd>
            </dl>
          </section>
        )}
        <section className="card" aria-labelledby="dashboard-you">
          <h2 id="dashboard-you" className="card__title dashboard-card-heading">Your account</h2>
          <dl className="dl">
            <dt>Signed in as</dt>
            <dd>{user.email}</dd>
            {user.buildings.length > 0 && (
              <>
                <dt>{user.buildings.length === 1 ? 'Your building' : 'Your buildings'}</dt>
                <dd>
                  <ul className="chips dashboard-buildings">
                    {user.buildings.map((b) => (
                      <li key={b.id}>{b.name}</li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
            <dt>Last sign-in</dt>
            <dd>
              {user.last_login_at ? (
                <>
                  <time dateTime={user.last_login_at}>{when.dateTime(user.last_login_at)}</time>{' '}
                  <span className="muted">({formatRelative(user.last_login_at, locale)})</span>
                </>
              ) : (
                'This is your first sign-in.'
              )}
            </dd>
          </dl>
        </section>
      </div>
    </div>
  );
}
