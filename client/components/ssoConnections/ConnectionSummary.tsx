// One single sign-on connection as a settings row's body (the district's Single sign-on screen and the admin
// District view): the kind by name (no logos), the issuer, the domains, password sign-in and creating logins, and
// the last "Test connection" in words.
import type { SsoConnection } from '../../../common/schemas/sso';
import { useInstantFormat } from '../../lib/session';
import './ssoConnections.css';

export function LastTest({ connection }: { connection: SsoConnection }) {
  const when = useInstantFormat();
  const test = connection.last_test;
  if (!test) return <p className="sso-test sso-test--none">Not tested yet.</p>;
  return (
    <p className={`sso-test ${test.ok ? 'sso-test--ok' : 'sso-test--failed'}`}>
      <span className={`badge ${test.ok ? 'badge--success' : 'badge--danger'}`}>{test.ok ? 'Test passed' : 'Test failed'}</span>{' '}
      <span className="sso-test__when">{when.dateTime(test.at)}:</span> {test.message}
    </p>
  );
}

export function ConnectionSummary({ connection, headingLevel = 3 }: { connection: SsoConnection; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="settings-row__main">
      <Heading className="settings-row__name">{connection.kind_label}</Heading>
      <dl className="dl sso-facts">
        <dt>Issuer</dt><dd className="sso-facts__code">{connection.issuer}</dd>
        <dt>Client ID</dt><dd className="sso-facts__code">{connection.client_id}</dd>
        <dt>Email domains</dt><dd>{connection.domains.join(', ')}</dd>
        <dt>Password sign-in</dt><dd>{connection.password_login ? 'On' : 'Off: single sign-on only'}</dd>
        <dt>First sign-in of someone new</dt><dd>{connection.create_users ? 'Creates an educator login' : 'Refused: add the person in Users first'}</dd>
      </dl>
      <LastTest connection={connection} />
    </div>
  );
}
