import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { TRIAL_DAYS, US_STATES } from '../../../common/constants';
import { registerSchema } from '../../../common/schemas/auth';
import { defaultTimeZoneOfState, timeZonesOfState } from '../../../common/stateZones';
import { safeRedirect } from '../../app/Guard';
import type { ScreenProps } from '../../app/routeTable';
import { SelectField, TextField } from '../../components/Field';
import { Form } from '../../components/Form';
import { register } from './api';
import { useFormErrors } from '../../lib/forms';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { timezoneLabel, timezoneOptions } from '../../lib/timezones';
import { currentLocale, defineMessages, t, tRich } from '../../lib/i18n';
import { stateName, stateOptions } from '../../lib/usStates';

const m = defineMessages({
  zoneChooseState: { id: 'auth.register.zoneChooseState', defaultMessage: 'Choose your state first; the timezone follows it.' },
  zoneWhich: { id: 'auth.register.zoneWhich', defaultMessage: '{state} has {count, plural, one {# time zone} other {# time zones}}: {zones}. Which one do your schools keep?' },
  zoneOr: { id: 'auth.register.zoneOr', defaultMessage: '{first} or {second}' },
  zoneSet: { id: 'auth.register.zoneSet', defaultMessage: 'Set from {state}. Every date and report of your district uses it.' },
  included1: { id: 'auth.register.included1', defaultMessage: 'Invite your coaches, principals and educators' },
  included2: { id: 'auth.register.included2', defaultMessage: 'Record coaching cycles and interactions in one place' },
  included3: { id: 'auth.register.included3', defaultMessage: 'See engagement reports for every school' },
  eyebrow: { id: 'auth.register.eyebrow', defaultMessage: '{days}-day free trial' },
  title: { id: 'auth.register.title', defaultMessage: 'Start your free trial' },
  lede: { id: 'auth.register.lede', defaultMessage: 'Try the Essentials plan free for {days} days. No credit card needed; you decide whether to subscribe when the trial ends.' },
  submit: { id: 'auth.register.submit', defaultMessage: 'Create district' },
  yourDistrict: { id: 'auth.register.yourDistrict', defaultMessage: 'Your district' },
  districtName: { id: 'auth.register.districtName', defaultMessage: 'District name' },
  state: { id: 'auth.register.state', defaultMessage: 'State' },
  chooseState: { id: 'auth.register.chooseState', defaultMessage: 'Choose a state…' },
  timezone: { id: 'auth.register.timezone', defaultMessage: 'Timezone' },
  followsState: { id: 'auth.register.followsState', defaultMessage: 'Follows the state' },
  yourAccount: { id: 'auth.register.yourAccount', defaultMessage: 'Your account' },
  yourName: { id: 'auth.register.yourName', defaultMessage: 'Your name' },
  workEmail: { id: 'auth.register.workEmail', defaultMessage: 'Work email' },
  terms: { id: 'auth.register.terms', defaultMessage: 'By creating a district you agree to our <link>terms and privacy policy</link>.' },
  alreadyUsing: { id: 'auth.register.alreadyUsing', defaultMessage: 'Already using Coachwell?' },
  signIn: { id: 'auth.register.signIn', defaultMessage: 'Sign in' },
});

/** The state's zones first (main one first), then the other US zones. */
function zoneOptions(state: string, current: string) {
  const own: string[] = [...timeZonesOfState(state)];
  const options = timezoneOptions(current);
  return [...own.map((z) => options.find((o) => o.value === z)!).filter(Boolean), ...options.filter((o) => !own.includes(o.value))];
}

/** Asks when the state keeps two clocks, else says where the default came from. */
function zoneHint(state: string): string {
  const zones = timeZonesOfState(state);
  if (!(state in US_STATES)) return t(m.zoneChooseState);
  const name = stateName(state);
  if (zones.length > 1) {
    const labels = zones.map(timezoneLabel);
    const list = labels.slice(1).reduce((first, second) => t(m.zoneOr, { first, second }), labels[0]!);
    return t(m.zoneWhich, { state: name, count: zones.length, zones: list });
  }
  return t(m.zoneSet, { state: name });
}

const INCLUDED = [m.included1, m.included2, m.included3];

export default function RegisterScreen(_props: ScreenProps) {
  const navigate = useNavigate();
  // `?redirect=/app/…` (e.g. /pricing's "Request a quote"): where the new administrator lands.
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get('redirect'), 'app');
  const form = useFormErrors({
    district_name: '',
    state: '',
    timezone: '',
    name: '',
    email: '',
    password: '',
    password_confirmation: '',
  });

  const submit = form.onSubmit(async () => {
    const data = form.check(registerSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      // The district starts in the page's language (its defaults, and its people's until they choose their own).
      await register({ ...data, language: currentLocale() });
      navigate(redirect ?? '/app', { replace: true });
    });
  });

  return (
    <div className="auth-register">
      <section className="card auth-register__card" aria-labelledby="register-title">
        <header className="auth-register__header">
          <p className="auth-register__eyebrow">{t(m.eyebrow, { days: TRIAL_DAYS })}</p>
          <h1 id="register-title" className="auth-register__title">{t(m.title)}</h1>
          <p className="auth-register__lede">
            {t(m.lede, { days: TRIAL_DAYS })}
          </p>
          <ul className="auth-register__included">
            {INCLUDED.map((item) => (
              <li key={item.id}>{t(item)}</li>
            ))}
          </ul>
        </header>

        <Form form={form} onSubmit={submit} submitLabel={t(m.submit)}>
          <fieldset className="auth-fieldset">
            <legend className="auth-fieldset__legend">{t(m.yourDistrict)}</legend>
            <div className="grid-2">
              <TextField label={t(m.districtName)} autoComplete="organization" required {...form.field('district_name')} />
              <SelectField
                label={t(m.state)}
                options={stateOptions()}
                placeholder={t(m.chooseState)}
                required
                {...form.field('state')}
                onChange={(state) => {
                  form.set('state', state);
                  form.set('timezone', state in US_STATES ? defaultTimeZoneOfState(state) : '');
                }}
              />
              <SelectField
                label={t(m.timezone)}
                options={zoneOptions(form.values.state, form.values.timezone)}
                placeholder={form.values.timezone ? undefined : t(m.followsState)}
                hint={zoneHint(form.values.state)}
                {...form.field('timezone')}
              />
            </div>
          </fieldset>
          <fieldset className="auth-fieldset">
            <legend className="auth-fieldset__legend">{t(m.yourAccount)}</legend>
            <div className="grid-2">
              <TextField label={t(m.yourName)} autoComplete="name" required {...form.field('name')} />
              <TextField
                label={t(m.workEmail)}
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                {...form.field('email')}
              />
              <NewPasswordFields field={form.field} />
            </div>
          </fieldset>
          <p className="auth-register__terms text-sm muted">
            {tRich(m.terms, { link: (chunks) => <Link to="/policy">{chunks}</Link> })}
          </p>
        </Form>

        <p className="auth-register__signin text-sm">
          {t(m.alreadyUsing)}{' '}
          <Link to={redirect ? `/app/auth/login?redirect=${encodeURIComponent(redirect)}` : '/app/auth/login'}>{t(m.signIn)}</Link>
        </p>
      </section>
    </div>
  );
}
