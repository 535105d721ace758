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
import { plural } from '../../../common/plural';

const STATE_OPTIONS = Object.entries(US_STATES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** The state's zones first (main one first), then the other US zones. */
function zoneOptions(state: string, current: string) {
  const own: string[] = [...timeZonesOfState(state)];
  const options = timezoneOptions(current);
  return [...own.map((z) => options.find((o) => o.value === z)!).filter(Boolean), ...options.filter((o) => !own.includes(o.value))];
}

/** Asks when the state keeps two clocks, else says where the default came from. */
function zoneHint(state: string): string {
  const zones = timeZonesOfState(state);
  const name = US_STATES[state];
  if (!name) return 'Choose your state first; the timezone follows it.';
  if (zones.length > 1) return `${name} has ${plural(zones.length, 'time zone', 'time zones')}: ${zones.map(timezoneLabel).join(' or ')}. Which one do your schools keep?`;
  return `Set from ${name}. Every date and report of your district uses it.`;
}

const INCLUDED = [
  'Invite your coaches, principals and educators',
  'Record coaching cycles and interactions in one place',
  'See engagement reports for every school',
];

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
      await register(data);
      navigate(redirect ?? '/app', { replace: true });
    });
  });

  return (
    <div className="auth-register">
      <section className="card auth-register__card" aria-labelledby="register-title">
        <header className="auth-register__header">
          <p className="auth-register__eyebrow">{TRIAL_DAYS}-day free trial</p>
          <h1 id="register-title" className="auth-register__title">Start your free trial</h1>
          <p className="auth-register__lede">
            Try the Essentials plan free for {TRIAL_DAYS} days. No credit card needed; you decide whether to
            subscribe when the trial ends.
          </p>
          <ul className="auth-register__included">
            {INCLUDED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </header>

        <Form form={form} onSubmit={submit} submitLabel="Create district">
          <fieldset className="auth-fieldset">
            <legend className="auth-fieldset__legend">Your district</legend>
            <div className="grid-2">
              <TextField label="District name" autoComplete="organization" required {...form.field('district_name')} />
              <SelectField
                label="State"
                options={STATE_OPTIONS}
                placeholder="Choose a state…"
                required
                {...form.field('state')}
                onChange={(state) => {
                  form.set('state', state);
                  form.set('timezone', state in US_STATES ? defaultTimeZoneOfState(state) : '');
                }}
              />
              <SelectField
                label="Timezone"
                options={zoneOptions(form.values.state, form.values.timezone)}
                placeholder={form.values.timezone ? undefined : 'Follows the state'}
                hint={zoneHint(form.values.state)}
                {...form.field('timezone')}
              />
            </div>
          </fieldset>
          <fieldset className="auth-fieldset">
            <legend className="auth-fieldset__legend">Your account</legend>
            <div className="grid-2">
              <TextField label="Your name" autoComplete="name" required {...form.field('name')} />
              <TextField
                label="Work email"
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
            By creating a district you agree to our <Link to="/policy">terms and privacy policy</Link>.
          </p>
        </Form>

        <p className="auth-register__signin text-sm">
          Already using Coachwell?{' '}
          <Link to={redirect ? `/app/auth/login?redirect=${encodeURIComponent(redirect)}` : '/app/auth/login'}>Sign in</Link>
        </p>
      </section>
    </div>
  );
}
