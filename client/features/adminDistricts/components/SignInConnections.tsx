// The District view's sign-in connections (issue 30): read-only, with "Test connection". Only the district changes
// its connections (a connection is a way into the district; not even an impersonated session may change one).
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { LoadingBlock } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { ConnectionSummary } from '../../../components/ssoConnections/ConnectionSummary';
import { messageOf } from '../../../lib/formErrors';
import { testDistrictSsoConnection, useDistrictSsoConnections } from '../api';

export function SignInConnections({ districtId, hasPlan }: { districtId: number; hasPlan: boolean }) {
  const { data, error, mutate } = useDistrictSsoConnections(districtId);
  const toast = useToast();
  const [testing, setTesting] = useState<number | null>(null);

  const test = async (id: number, label: string) => {
    setTesting(id);
    try {
      const tested = await testDistrictSsoConnection(districtId, id);
      if (tested.last_test?.ok) toast.success(tested.last_test.message, `${label}: test passed`);
      else toast.error(tested.last_test?.message ?? 'The connection could not be tested.', `${label}: test failed`);
    } catch (err) {
      toast.error(messageOf(err), 'The test did not run');
    } finally {
      setTesting(null);
    }
  };

  return (
    <section className="card adm-section" aria-labelledby="adm-sso-heading">
      <h2 className="card__title adm-card-title" id="adm-sso-heading">Sign-in connections</h2>
      <p className="muted text-sm">
        How the district's people sign in with their school accounts. Only the district's administrators change these, under
        Single sign-on in their settings.{!hasPlan && ' Its plan does not include single sign-on: its administrators cannot add or change connections.'}
      </p>
      {error && !data ? (
        <LoadError what="the sign-in connections" onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock label="Loading the sign-in connections…" />
      ) : data.data.length === 0 ? (
        <p>No sign-in connections: everyone signs in with a password.</p>
      ) : (
        <ul className="settings-list">
          {data.data.map((c) => (
            <li key={c.id} className="settings-list__item">
              <div className="settings-row">
                <ConnectionSummary connection={c} />
                <div className="settings-row__actions">
                  <Button variant="secondary" size="sm" busy={testing === c.id} onClick={() => void test(c.id, c.kind_label)} aria-label={`Test connection to ${c.kind_label}`}>
                    Test connection
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
