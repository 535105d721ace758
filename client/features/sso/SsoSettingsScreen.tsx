// /app/settings/single-sign-on: the district's sign-in connections (issue 30). District administrators (`manage
// settings`) on a plan with single sign-on add Google, Microsoft Entra ID, Clever, ClassLink or any OpenID Connect
// provider, copy the redirect address into the provider's console, test the connection and choose whether passwords
// still work. The secret is never shown.
import { useState } from 'react';
import { hasFeature, hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { SsoConnection } from '../../../common/schemas/sso';
import { SSO_CALLBACK_PATH, SSO_KIND_LABELS } from '../../../common/ssoValues';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { CopyField } from '../../components/CopyField';
import { ConfirmDialog } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { PlanFeatureCard } from '../../components/PlanUpgradeNotice';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { ConnectionSummary } from '../../components/ssoConnections/ConnectionSummary';
import { messageOf } from '../../lib/formErrors';
import { defineMessages, t, tText } from '../../lib/i18n';
import { lazyPart } from '../../lib/lazyPart';
import { useAuthUser } from '../../lib/session';
import { deleteSsoConnection, testSsoConnection, useSsoConnections } from './api';

const ConnectionDialog = lazyPart('sso-connection-dialog', () => import('./components/ConnectionDialog').then((mod) => mod.ConnectionDialog));

const m = defineMessages({
  redirectTitle: { id: 'sso.redirect.title', defaultMessage: 'Redirect address' },
  redirectIntro: { id: 'sso.redirect.intro', defaultMessage: 'Every provider\'s console asks where to send people back after they sign in: paste this address there (it may be called the redirect URI or callback URL).' },
  redirectCopied: { id: 'sso.redirect.copied', defaultMessage: 'Redirect address copied to the clipboard.' },
  testPassed: { id: 'sso.connections.testPassed', defaultMessage: '{provider}: test passed' },
  testFailed: { id: 'sso.connections.testFailed', defaultMessage: '{provider}: test failed' },
  notTested: { id: 'sso.connections.notTested', defaultMessage: 'The connection could not be tested.' },
  didNotRun: { id: 'sso.connections.didNotRun', defaultMessage: 'The test did not run' },
  removedBody: { id: 'sso.connections.removedBody', defaultMessage: 'People can no longer sign in with {provider}.' },
  removed: { id: 'sso.connections.removed', defaultMessage: 'Connection removed' },
  notRemoved: { id: 'sso.connections.notRemoved', defaultMessage: 'The connection was not removed' },
  title: { id: 'sso.connections.title', defaultMessage: 'Connections' },
  intro: { id: 'sso.connections.intro', defaultMessage: 'Each connection lets people sign in with their school account from that provider.' },
  add: { id: 'sso.connections.add', defaultMessage: 'Add a connection' },
  none: { id: 'sso.connections.none', defaultMessage: 'No connections yet. Add one for the provider your district\'s accounts live at: Google, Microsoft, Clever or ClassLink.' },
  testLabel: { id: 'sso.connections.testLabel', defaultMessage: 'Test connection to {provider}' },
  test: { id: 'sso.connections.test', defaultMessage: 'Test connection' },
  changeLabel: { id: 'sso.connections.changeLabel', defaultMessage: 'Change the {provider} connection' },
  change: { id: 'sso.connections.change', defaultMessage: 'Change' },
  removeLabel: { id: 'sso.connections.removeLabel', defaultMessage: 'Remove the {provider} connection' },
  remove: { id: 'sso.connections.remove', defaultMessage: 'Remove' },
  removeTitle: { id: 'sso.connections.removeTitle', defaultMessage: 'Remove the {provider} connection?' },
  removeBody: { id: 'sso.connections.removeBody', defaultMessage: 'People can no longer sign in with {provider}. Their links to it are removed; they sign in with a password or another connection.' },
  removeBodyPasswordsOff: { id: 'sso.connections.removeBodyPasswordsOff', defaultMessage: 'People can no longer sign in with {provider}. Their links to it are removed; they sign in with a password (password sign-in comes back on unless another connection keeps it off) or another connection.' },
  removeConfirm: { id: 'sso.connections.removeConfirm', defaultMessage: 'Remove connection' },
  description: { id: 'sso.description', defaultMessage: 'Let your people sign in with the school accounts they already have: Google, Microsoft, Clever or ClassLink.' },
  planTitle: { id: 'sso.plan.title', defaultMessage: 'Single sign-on' },
  planItem1: { id: 'sso.plan.item1', defaultMessage: 'sign in with Google Workspace, Microsoft 365 (Entra ID), Clever or ClassLink, or any OpenID Connect provider;' },
  planItem2: { id: 'sso.plan.item2', defaultMessage: 'allow only your district\'s email domains, and turn passwords off once everyone is connected;' },
  planItem3: { id: 'sso.plan.item3', defaultMessage: 'create educators\' logins at their first sign-in, if you choose.' },
  passwordsOff: { id: 'sso.passwordsOff', defaultMessage: 'Password sign-in is off' },
  passwordsOffBody: { id: 'sso.passwordsOffBody', defaultMessage: '{providers} turned it off: everyone in the district signs in with their school account only, including people who have not used it yet. District administrators keep their password as a break-glass.' },
  and: { id: 'sso.and', defaultMessage: '{first} and {second}' },
  connectionsLoadError: { id: 'sso.connectionsLoadError', defaultMessage: 'An error occurred while fetching the sign-in connections. Please try again later.' },
  loading: { id: 'sso.loading', defaultMessage: 'Loading the sign-in connections…' },
});


function RedirectAddress({ url }: { url: string }) {
  return (
    <Card
      titleId="sso-redirect-title"
      title={t(m.redirectTitle)}
      intro={t(m.redirectIntro)}
    >
      <CopyField label={t(m.redirectTitle)} value={url} copiedMessage={t(m.redirectCopied)} />
    </Card>
  );
}

function Connections({ connections, onEdit, onAdd }: { connections: SsoConnection[]; onEdit: (c: SsoConnection) => void; onAdd: () => void }) {
  const toast = useToast();
  const [testing, setTesting] = useState<number | null>(null);
  const [removing, setRemoving] = useState<SsoConnection | null>(null);
  const [busy, setBusy] = useState(false);

  const test = async (connection: SsoConnection) => {
    setTesting(connection.id);
    try {
      const tested = await testSsoConnection(connection.id);
      const result = tested.last_test;
      const provider = tText(connection.kind_label);
      if (result?.ok) toast.success(tText(result.message), t(m.testPassed, { provider }));
      else toast.error(result?.message ? tText(result.message) : t(m.notTested), t(m.testFailed, { provider }));
    } catch (err) {
      toast.error(messageOf(err), t(m.didNotRun));
    } finally {
      setTesting(null);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteSsoConnection(removing.id);
      toast.success(t(m.removedBody, { provider: tText(removing.kind_label) }), t(m.removed));
      setRemoving(null);
    } catch (err) {
      toast.error(messageOf(err), t(m.notRemoved));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      titleId="sso-connections-title"
      title={t(m.title)}
      intro={t(m.intro)}
      action={connections.length < 5 ? <Button onClick={onAdd}>{t(m.add)}</Button> : undefined}
    >
      {connections.length === 0 ? (
        <p className="muted">{t(m.none)}</p>
      ) : (
        <ul className="settings-list">
          {connections.map((c) => (
            <li key={c.id} className="settings-list__item">
              <div className="settings-row">
                <ConnectionSummary connection={c} />
                <div className="settings-row__actions">
                  <Button variant="secondary" size="sm" busy={testing === c.id} onClick={() => void test(c)} aria-label={t(m.testLabel, { provider: tText(c.kind_label) })}>
                    {t(m.test)}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => onEdit(c)} aria-label={t(m.changeLabel, { provider: tText(c.kind_label) })}>{t(m.change)}</Button>
                  <Button variant="ghost" size="sm" className="settings-row__danger" onClick={() => setRemoving(c)} aria-label={t(m.removeLabel, { provider: tText(c.kind_label) })}>
                    {t(m.remove)}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t(m.removeTitle, { provider: tText(removing.kind_label) }) : ''}
        message={<p>
          {t(removing && !removing.password_login ? m.removeBodyPasswordsOff : m.removeBody, { provider: removing ? tText(removing.kind_label) : '' })}
        </p>}
        confirmLabel={t(m.removeConfirm)}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

export default function SsoSettingsScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  const allowed = !!user && hasPermission(user.security.permissions, PERMISSIONS.manageSettings) && hasFeature(user.district?.features ?? [], 'sso');
  const { data, error, mutate } = useSsoConnections(allowed);
  const [editing, setEditing] = useState<SsoConnection | 'new' | null>(null);
  if (!user) return <LoadingBlock />;
  const header = (
    <PageHeader
      title={route.title}
      description={<p>{t(m.description)}</p>}
    />
  );
  if (!hasFeature(user.district?.features ?? [], 'sso')) {
    return (
      <div className="stack stack--lg sso-page">
        {header}
        <PlanFeatureCard feature="sso" title={t(m.planTitle)} planName={user.district?.plan.name ?? null} items={[
          t(m.planItem1), t(m.planItem2), t(m.planItem3),
        ]} />
      </div>
    );
  }
  const connections = data?.data ?? [];
  const redirect = connections[0]?.redirect_uri ?? `${window.location.origin}${SSO_CALLBACK_PATH}`;
  const passwordsOff = connections.filter((c) => !c.password_login);
  return (
    <div className="stack stack--lg sso-page">
      {header}
      {passwordsOff.length > 0 && (
        <Alert tone="warning" title={t(m.passwordsOff)}>
          {t(m.passwordsOffBody, {
            providers: passwordsOff.map((c) => tText(SSO_KIND_LABELS[c.kind])).reduce((first, second) => t(m.and, { first, second })),
          })}
        </Alert>
      )}
      <RedirectAddress url={redirect} />
      {error && !data ? (
        <LoadError message={t(m.connectionsLoadError)} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock label={t(m.loading)} />
      ) : (
        <Connections connections={connections} onEdit={(c) => setEditing(c)} onAdd={() => setEditing('new')} />
      )}
      {editing !== null && (
        <ConnectionDialog
          connection={editing === 'new' ? null : editing}
          takenKinds={connections.filter((c) => editing === 'new' || c.id !== editing.id).map((c) => c.kind)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
