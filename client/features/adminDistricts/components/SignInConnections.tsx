// The District view's sign-in connections (issue 30): read-only, with "Test connection". Only the district changes
// its connections (a connection is a way into the district; not even an impersonated session may change one).
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { LoadingBlock } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { ConnectionSummary } from '../../../components/ssoConnections/ConnectionSummary';
import { messageOf } from '../../../lib/formErrors';
import { defineMessages, t } from '../../../lib/i18n';
import { testDistrictSsoConnection, useDistrictSsoConnections } from '../api';

const m = defineMessages({
  couldNotTest: { id: 'adminDistricts.sso.couldNotTest', defaultMessage: 'The connection could not be tested.' },
  passed: { id: 'adminDistricts.sso.passed', defaultMessage: '{label}: test passed' },
  failed: { id: 'adminDistricts.sso.failed', defaultMessage: '{label}: test failed' },
  didNotRun: { id: 'adminDistricts.sso.didNotRun', defaultMessage: 'The test did not run' },
  title: { id: 'adminDistricts.sso.title', defaultMessage: 'Sign-in connections' },
  intro: { id: 'adminDistricts.sso.intro', defaultMessage: "How the district's people sign in with their school accounts. Only the district's administrators change these, under Single sign-on in their settings." },
  introNoPlan: { id: 'adminDistricts.sso.introNoPlan', defaultMessage: "How the district's people sign in with their school accounts. Only the district's administrators change these, under Single sign-on in their settings. Its plan does not include single sign-on: its administrators cannot add or change connections." },
  loadError: { id: 'adminDistricts.sso.loadError', defaultMessage: 'An error occurred while fetching the sign-in connections. Please try again later.' },
  loading: { id: 'adminDistricts.sso.loading', defaultMessage: 'Loading the sign-in connections…' },
  none: { id: 'adminDistricts.sso.none', defaultMessage: 'No sign-in connections: everyone signs in with a password.' },
  testLabel: { id: 'adminDistricts.sso.testLabel', defaultMessage: 'Test connection to {label}' },
  test: { id: 'adminDistricts.sso.test', defaultMessage: 'Test connection' },
});

export function SignInConnections({ districtId, hasPlan }: { districtId: number; hasPlan: boolean }) {
  const { data, error, mutate } = useDistrictSsoConnections(districtId);
  const toast = useToast();
  const [testing, setTesting] = useState<number | null>(null);

  const test = async (id: number, label: string) => {
    setTesting(id);
    try {
      const tested = await testDistrictSsoConnection(districtId, id);
      if (tested.last_test?.ok) toast.success(tested.last_test.message, t(m.passed, { label }));
      else toast.error(tested.last_test?.message ?? t(m.couldNotTest), t(m.failed, { label }));
    } catch (err) {
      toast.error(messageOf(err), t(m.didNotRun));
    } finally {
      setTesting(null);
    }
  };

  return (
    <section className="card adm-section" aria-labelledby="adm-sso-heading">
      <h2 className="card__title adm-card-title" id="adm-sso-heading">{t(m.title)}</h2>
      <p className="muted text-sm">{t(hasPlan ? m.intro : m.introNoPlan)}</p>
      {error && !data ? (
        <LoadError message={t(m.loadError)} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock label={t(m.loading)} />
      ) : data.data.length === 0 ? (
        <p>{t(m.none)}</p>
      ) : (
        <ul className="settings-list">
          {data.data.map((c) => (
            <li key={c.id} className="settings-list__item">
              <div className="settings-row">
                <ConnectionSummary connection={c} />
                <div className="settings-row__actions">
                  <Button variant="secondary" size="sm" busy={testing === c.id} onClick={() => void test(c.id, c.kind_label)} aria-label={t(m.testLabel, { label: c.kind_label })}>
                    {t(m.test)}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
