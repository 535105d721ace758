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
import { defineMessages, t } from '../../lib/i18n';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { zonedDay } from '../../lib/zonedTime';
import { useTrial } from './api';
import './trial.css';

const BILLING = '/app/settings/billing';

const m = defineMessages({
  yourAdmin: { id: 'trial.yourAdmin', defaultMessage: 'your district administrator' },
  orList: { id: 'trial.orList', defaultMessage: '{names} or {last}', description: 'Whom to ask: "Avery Admin, Blake Admin or Morgan Admin"' },
  ended: { id: 'trial.ended', defaultMessage: 'Your free trial ended on {day}.' },
  readOnly: { id: 'trial.readOnly', defaultMessage: 'Coachwell is read-only: you can still read and export everything, but nothing can be added or changed.' },
  buy: { id: 'trial.buy', defaultMessage: 'Buy a plan to carry on where you left off.' },
  ask: { id: 'trial.ask', defaultMessage: 'Ask {names} to buy a plan.' },
  goToBilling: { id: 'trial.goToBilling', defaultMessage: 'Go to Billing' },
  ending: { id: 'trial.ending', defaultMessage: 'Your free trial ends on {day} ({days, plural, one {# day} other {# days}} left).' },
  after: { id: 'trial.after', defaultMessage: 'After that Coachwell becomes read-only until your district buys a plan.' },
});

/** "Avery Admin", "Avery Admin or Blake Admin", "Avery Admin, Blake Admin or Morgan Admin". */
export function namesToAsk(ask: TrialState['ask']): string {
  const names = ask.map((p) => p.name);
  if (names.length === 0) return t(m.yourAdmin);
  if (names.length === 1) return names[0]!;
  return t(m.orList, { names: names.slice(0, -1).join(', '), last: names[names.length - 1]! });
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
          <p id="trial-banner-title" className="trial-banner__title">{t(m.ended, { day })}</p>
          <p className="trial-banner__body">
            {t(m.readOnly)}{' '}
            {canBuy ? t(m.buy) : t(m.ask, { names: namesToAsk(data.ask) })}
          </p>
        </div>
        {canBuy && <ButtonLink className="trial-banner__action" size="sm" to={BILLING}>{t(m.goToBilling)}</ButtonLink>}
      </section>
    );
  }

  if (!canBuy || data.days_left === null || data.days_left > TRIAL_NOTICE_DAYS) return null;
  return (
    <section className="trial-banner trial-banner--ending" role="status" aria-labelledby="trial-banner-title">
      <ClockIcon />
      <div className="trial-banner__content">
        <p id="trial-banner-title" className="trial-banner__title">{t(m.ending, { day, days: data.days_left })}</p>
        <p className="trial-banner__body">{t(m.after)}</p>
      </div>
      <ButtonLink className="trial-banner__action" variant="secondary" size="sm" to={BILLING}>{t(m.goToBilling)}</ButtonLink>
    </section>
  );
}
