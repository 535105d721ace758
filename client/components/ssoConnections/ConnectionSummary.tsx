// One single sign-on connection as a settings row's body (the district's Single sign-on screen and the admin
// District view): the kind by name (no logos), the issuer, the domains, password sign-in and creating logins, and
// the last "Test connection" in words.
import type { SsoConnection } from '../../../common/schemas/sso';
import { defineMessages, t, tText } from '../../lib/i18n';
import { useInstantFormat } from '../../lib/session';
import './ssoConnections.css';

const m = defineMessages({
  notTested: { id: 'sso.summary.notTested', defaultMessage: 'Not tested yet.' },
  passed: { id: 'sso.summary.passed', defaultMessage: 'Test passed' },
  failed: { id: 'sso.summary.failed', defaultMessage: 'Test failed' },
  at: { id: 'sso.summary.at', defaultMessage: '{when}:' },
  issuer: { id: 'sso.summary.issuer', defaultMessage: 'Issuer' },
  clientId: { id: 'sso.summary.clientId', defaultMessage: 'Client ID' },
  domains: { id: 'sso.summary.domains', defaultMessage: 'Email domains' },
  password: { id: 'sso.summary.password', defaultMessage: 'Password sign-in' },
  passwordOn: { id: 'sso.summary.passwordOn', defaultMessage: 'On' },
  passwordOff: { id: 'sso.summary.passwordOff', defaultMessage: 'Off: single sign-on only' },
  firstSignIn: { id: 'sso.summary.firstSignIn', defaultMessage: 'First sign-in of someone new' },
  creates: { id: 'sso.summary.creates', defaultMessage: 'Creates an educator login' },
  refused: { id: 'sso.summary.refused', defaultMessage: 'Refused: add the person in Users first' },
});

export function LastTest({ connection }: { connection: SsoConnection }) {
  const when = useInstantFormat();
  const test = connection.last_test;
  if (!test) return <p className="sso-test sso-test--none">{t(m.notTested)}</p>;
  return (
    <p className={`sso-test ${test.ok ? 'sso-test--ok' : 'sso-test--failed'}`}>
      <span className={`badge ${test.ok ? 'badge--success' : 'badge--danger'}`}>{test.ok ? t(m.passed) : t(m.failed)}</span>{' '}
      <span className="sso-test__when">{t(m.at, { when: when.dateTime(test.at) })}</span> {tText(test.message)}
    </p>
  );
}

export function ConnectionSummary({ connection, headingLevel = 3 }: { connection: SsoConnection; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="settings-row__main">
      <Heading className="settings-row__name">{tText(connection.kind_label)}</Heading>
      <dl className="dl sso-facts">
        <dt>{t(m.issuer)}</dt><dd className="sso-facts__code">{connection.issuer}</dd>
        <dt>{t(m.clientId)}</dt><dd className="sso-facts__code">{connection.client_id}</dd>
        <dt>{t(m.domains)}</dt><dd>{connection.domains.join(', ')}</dd>
        <dt>{t(m.password)}</dt><dd>{connection.password_login ? t(m.passwordOn) : t(m.passwordOff)}</dd>
        <dt>{t(m.firstSignIn)}</dt><dd>{connection.create_users ? t(m.creates) : t(m.refused)}</dd>
      </dl>
      <LastTest connection={connection} />
    </div>
  );
}
