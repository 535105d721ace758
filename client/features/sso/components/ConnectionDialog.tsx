// Add or change a sign-in connection. The kind's preset fills the issuer (Google, Clever, ClassLink); Microsoft asks
// for the district's tenant; "other" asks for the issuer. The secret is never shown: changing a connection leaves it
// unless a new one is typed. Turning password sign-in off says what it means before it is saved.
import { useId } from 'react';
import type { SsoConnection } from '../../../../common/schemas/sso';
import {
  microsoftIssuer, microsoftTenantOf, SSO_ISSUER_PRESETS, SSO_KIND_LABELS, SSO_KINDS, type SsoKind,
} from '../../../../common/ssoValues';
import { Alert } from '../../../components/Alert';
import { CheckboxField, FieldErrors, SelectField, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { createSsoConnection, type SsoConnectionPayload, updateSsoConnection } from '../api';

const KIND_OPTIONS = SSO_KINDS.map((kind) => ({ value: kind, label: SSO_KIND_LABELS[kind] }));

/** Where each kind's client id and secret come from. */
const CONSOLE_HINTS: Record<SsoKind, string> = {
  google: 'Google Cloud console → APIs & Services → Credentials → an OAuth client ID of type "Web application".',
  microsoft: 'Microsoft Entra admin center → App registrations → your app: the Application (client) ID, and a secret under Certificates & secrets.',
  clever: 'Clever dashboard → your district app → Settings: the client ID and client secret.',
  classlink: 'ClassLink Management Console → Single sign-on → OpenID Connect: the client ID and secret of your app.',
  oidc: "Your provider's console: the client (application) registered for Coachwell.",
};

export const PASSWORD_OFF_WARNING =
  "With password sign-in off, everyone in the district signs in with their school account only, including people who have not used it yet (their first sign-in links it). Passwords stop working, except that district administrators keep theirs as a break-glass.";

function splitDomains(text: string): string[] {
  return text.split(/[\s,;]+/).map((d) => d.trim()).filter((d) => d !== '');
}

export function ConnectionDialog({ connection, takenKinds, onClose }: {
  /** The connection to change; null adds one. */
  connection: SsoConnection | null;
  /** Kinds the district already has (one connection per kind). */
  takenKinds: readonly SsoKind[];
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const firstFree = SSO_KINDS.find((k) => !takenKinds.includes(k)) ?? 'oidc';
  const form = useFormErrors({
    kind: connection?.kind ?? firstFree,
    tenant: connection?.kind === 'microsoft' ? microsoftTenantOf(connection.issuer) ?? '' : '',
    issuer: connection?.kind === 'oidc' ? connection.issuer : '',
    client_id: connection?.client_id ?? '',
    client_secret: '',
    domains: connection?.domains.join(', ') ?? '',
    password_login: connection === null || connection.password_login ? '1' : '',
    create_users: connection?.create_users ? '1' : '',
  });
  const kind = form.values.kind as SsoKind;
  const preset = SSO_ISSUER_PRESETS[kind];
  // A stored issuer of a preset kind that differs from the preset (edited through the API) is kept as it is.
  const keptIssuer = connection && connection.kind === kind && kind !== 'microsoft' && kind !== 'oidc' ? connection.issuer : null;

  function issuer(): string {
    if (kind === 'microsoft') return form.values.tenant.trim() ? microsoftIssuer(form.values.tenant) : '';
    if (kind === 'oidc') return form.values.issuer.trim();
    return keptIssuer ?? preset ?? '';
  }

  const submit = form.onSubmit(async () => {
    const payload: SsoConnectionPayload = {
      issuer: issuer(),
      client_id: form.values.client_id,
      domains: splitDomains(form.values.domains),
      password_login: form.values.password_login === '1',
      create_users: form.values.create_users === '1',
    };
    if (form.values.client_secret !== '' || connection === null) payload.client_secret = form.values.client_secret;
    const ok = await form.run(async () => {
      if (connection) {
        await updateSsoConnection(connection.id, payload);
      } else {
        await createSsoConnection({ ...payload, kind });
      }
    });
    if (ok) {
      toast.success(connection ? 'Test it again to check the new settings.' : 'Paste the redirect address into the provider\'s console if you have not yet, then test it.',
        connection ? `${SSO_KIND_LABELS[kind]} connection saved` : `${SSO_KIND_LABELS[kind]} connection added`);
      onClose();
    }
  });

  const passwordOff = form.values.password_login !== '1';
  const issuerErrors = form.errors.issuer;
  return (
    <FormModal
      title={connection ? `Change the ${SSO_KIND_LABELS[connection.kind]} connection` : 'Add a sign-in connection'}
      onClose={onClose}
      form={{ busy: form.busy, formRef: form.formRef, formError: form.formError ?? undefined }}
      formId={formId}
      onSubmit={submit}
      submitLabel={connection ? 'Save connection' : 'Add connection'}
      size="md"
    >
      {connection ? (
        <p className="sso-dialog__kind"><strong>Provider:</strong> {SSO_KIND_LABELS[connection.kind]}</p>
      ) : (
        <SelectField
          label="Provider"
          required
          options={KIND_OPTIONS.map((o) => ({ ...o, disabled: takenKinds.includes(o.value) }))}
          hint="One connection per provider. Other OpenID Connect providers work too."
          {...form.field('kind')}
        />
      )}
      {kind === 'microsoft' ? (
        <TextField
          label="Tenant"
          required
          hint="Your Microsoft Entra directory (tenant) ID, or your district's primary domain, like riverbend.org."
          {...form.field('tenant')}
          error={issuerErrors}
        />
      ) : kind === 'oidc' ? (
        <TextField
          label="Issuer"
          required
          type="url"
          hint="The provider's issuer address; its discovery document is at /.well-known/openid-configuration below it."
          {...form.field('issuer')}
        />
      ) : (
        <div className="sso-dialog__issuer">
          <p className="field__label">Issuer</p>
          <p className="sso-facts__code">{keptIssuer ?? preset}</p>
          {issuerErrors && <FieldErrors id={`${formId}-issuer-error`} errors={Array.isArray(issuerErrors) ? issuerErrors : [issuerErrors]} />}
        </div>
      )}
      <TextField label="Client ID" required hint={CONSOLE_HINTS[kind]} autoComplete="off" {...form.field('client_id')} />
      <TextField
        label="Client secret"
        required={connection === null}
        type="password"
        autoComplete="new-password"
        hint={connection ? 'Stored encrypted and never shown. Leave it empty to keep the stored secret; type a new one to replace it.' : 'Stored encrypted and never shown again.'}
        {...form.field('client_secret')}
      />
      <TextField
        label="Email domains"
        required
        hint="The domains of your people's school email addresses, separated by commas, like riverbend.org, staff.riverbend.org. Someone signs in only with an address in one of them."
        {...form.field('domains')}
      />
      <CheckboxField
        label="Keep password sign-in on"
        hint="On: people may sign in with their password or their school account."
        {...form.checkbox('password_login')}
      />
      {passwordOff && <Alert tone="warning" title="Password sign-in will be off">{PASSWORD_OFF_WARNING}</Alert>}
      <CheckboxField
        label="Create an educator login at someone's first sign-in"
        hint="Off: a person needs a login in Users before they can sign in. On: anyone with an address in your domains gets an educator login the first time."
        {...form.checkbox('create_users')}
      />
    </FormModal>
  );
}
