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
import { lazyPart } from '../../lib/lazyPart';
import { useAuthUser } from '../../lib/session';
import { deleteSsoConnection, testSsoConnection, useSsoConnections } from './api';

const ConnectionDialog = lazyPart('sso-connection-dialog', () => import('./components/ConnectionDialog').then((m) => m.ConnectionDialog));


function RedirectAddress({ url }: { url: string }) {
  return (
    <Card
      titleId="sso-redirect-title"
      title="Redirect address"
      intro="Every provider's console asks where to send people back after they sign in: paste this address there (it may be called the redirect URI or callback URL)."
    >
      <CopyField label="Redirect address" value={url} copiedMessage="Redirect address copied to the clipboard." />
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
      if (result?.ok) toast.success(result.message, `${connection.kind_label}: test passed`);
      else toast.error(result?.message ?? 'The connection could not be tested.', `${connection.kind_label}: test failed`);
    } catch (err) {
      toast.error(messageOf(err), 'The test did not run');
    } finally {
      setTesting(null);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteSsoConnection(removing.id);
      toast.success(`People can no longer sign in with ${removing.kind_label}.`, 'Connection removed');
      setRemoving(null);
    } catch (err) {
      toast.error(messageOf(err), 'The connection was not removed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      titleId="sso-connections-title"
      title="Connections"
      intro="Each connection lets people sign in with their school account from that provider."
      action={connections.length < 5 ? <Button onClick={onAdd}>Add a connection</Button> : undefined}
    >
      {connections.length === 0 ? (
        <p className="muted">No connections yet. Add one for the provider your district's accounts live at: Google, Microsoft, Clever or ClassLink.</p>
      ) : (
        <ul className="settings-list">
          {connections.map((c) => (
            <li key={c.id} className="settings-list__item">
              <div className="settings-row">
                <ConnectionSummary connection={c} />
                <div className="settings-row__actions">
                  <Button variant="secondary" size="sm" busy={testing === c.id} onClick={() => void test(c)} aria-label={`Test connection to ${c.kind_label}`}>
                    Test connection
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => onEdit(c)} aria-label={`Change the ${c.kind_label} connection`}>Change</Button>
                  <Button variant="ghost" size="sm" className="settings-row__danger" onClick={() => setRemoving(c)} aria-label={`Remove the ${c.kind_label} connection`}>
                    Remove
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove the ${removing.kind_label} connection?` : ''}
        message={<p>
          People can no longer sign in with {removing?.kind_label}. Their links to it are removed; they sign in with a password
          {removing && !removing.password_login ? ' (password sign-in comes back on unless another connection keeps it off)' : ''} or another connection.
        </p>}
        confirmLabel="Remove connection"
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
      description={<p>Let your people sign in with the school accounts they already have: Google, Microsoft, Clever or ClassLink.</p>}
    />
  );
  if (!hasFeature(user.district?.features ?? [], 'sso')) {
    return (
      <div className="stack stack--lg sso-page">
        {header}
        <PlanFeatureCard feature="sso" title="Single sign-on" planName={user.district?.plan.name ?? null} items={[
          'sign in with Google Workspace, Microsoft 365 (Entra ID), Clever or ClassLink, or any OpenID Connect provider;',
          'allow only your district\'s email domains, and turn passwords off once everyone is connected;',
          'create educators\' logins at their first sign-in, if you choose.',
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
        <Alert tone="warning" title="Password sign-in is off">
          {passwordsOff.map((c) => SSO_KIND_LABELS[c.kind]).join(' and ')} turned it off: everyone in the district signs in with their
          school account only, including people who have not used it yet. District administrators keep their password as a break-glass.
        </Alert>
      )}
      <RedirectAddress url={redirect} />
      {error && !data ? (
        <LoadError what="the sign-in connections" onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock label="Loading the sign-in connections…" />
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
