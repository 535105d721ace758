// The trial banner (issue 14, "Plans and trials"), in the app shell's banner slot above every screen,
// beside the alerts banner (DashboardLayout loads both lazily, after the shell renders; nothing on the
// sign-in pages). A trial that has ended: a prominent banner (role="alert", announced once when the app
// loads) saying Coachwell is read-only, with a link to Billing for people who manage billing, otherwise
// whom to ask. A trial ending within TRIAL_NOTICE_DAYS: a quieter notice (role="status") for people who
// manage billing only. Nothing for active districts. The state is in words and an icon, never colour alone.
import { TRIAL_NOTICE_DAYS } from '../../../common/constants';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { TrialState } from '../../../common/schemas/billing';
import { ButtonLink } from '../../components/Button';
import { formatDay } from '../../lib/dates';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { zonedDay } from '../../lib/zonedTime';
import { useTrial } from './api';
import './trial.css';
import { plural } from '../../../common/plural';

const BILLING = '/app/settings/billing';

/** "Avery Admin", "Avery Admin or Blake Admin", "Avery Admin, Blake Admin or Morgan Admin". */
export function namesToAsk(ask: TrialState['ask']): string {
  const names = ask.map((p) => p.name);
  if (names.length === 0) return 'your district administrator';
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

function ClockIcon() {
  return (
    <svg className="trial-banner__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"
      fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

export default function TrialBanner() {
  const { user } = useAuthUser();
  const { data } = useTrial();
  const locale = useDateLocale();
  if (!user?.district || !data || data.status !== 'trial' || !data.trial_ends_at) return null;
  const canBuy = hasPermission(user.security.permissions, PERMISSIONS.manageBilling);
  const day = formatDay(zonedDay(data.trial_ends_at, user.district.timezone || 'UTC'), locale);

  if (data.read_only) {
    return (
      <section className="trial-banner trial-banner--ended" role="alert" aria-labelledby="trial-banner-title">
        <ClockIcon />
        <div className="trial-banner__content">
          <p id="trial-banner-title" className="trial-banner__title">Your free trial ended on {day}.</p>
          <p className="trial-banner__body">
            Coachwell is read-only: you can still read and export everything, but nothing can be added or changed.{' '}
            {canBuy
              ? <>Buy a plan to carry on where you left off.</>
              : <>Ask {namesToAsk(data.ask)} to buy a plan.</>}
          </p>
        </div>
        {canBuy && <ButtonLink className="trial-banner__action" size="sm" to={BILLING}>Go to Billing</ButtonLink>}
      </section>
    );
  }

  if (!canBuy || data.days_left === null || data.days_left > TRIAL_NOTICE_DAYS) return null;
  const left = plural(data.days_left, 'day', 'days');
  return (
    <section className="trial-banner trial-banner--ending" role="status" aria-labelledby="trial-banner-title">
      <ClockIcon />
      <div className="trial-banner__content">
        <p id="trial-banner-title" className="trial-banner__title">Your free trial ends on {day} ({left} left).</p>
        <p className="trial-banner__body">After that Coachwell becomes read-only until your district buys a plan.</p>
      </div>
      <ButtonLink className="trial-banner__action" variant="secondary" size="sm" to={BILLING}>Go to Billing</ButtonLink>
    </section>
  );
}
