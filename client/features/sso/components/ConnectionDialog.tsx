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
import { defineMessages, type MessageDescriptor, t, tRich, tText } from '../../../lib/i18n';
import { createSsoConnection, type SsoConnectionPayload, updateSsoConnection } from '../api';

const m = defineMessages({
  hintGoogle: { id: 'sso.dialog.hintGoogle', defaultMessage: 'Google Cloud console → APIs & Services → Credentials → an OAuth client ID of type "Web application".' },
  hintMicrosoft: { id: 'sso.dialog.hintMicrosoft', defaultMessage: 'Microsoft Entra admin center → App registrations → your app: the Application (client) ID, and a secret under Certificates & secrets.' },
  hintClever: { id: 'sso.dialog.hintClever', defaultMessage: 'Clever dashboard → your district app → Settings: the client ID and client secret.' },
  hintClassLink: { id: 'sso.dialog.hintClassLink', defaultMessage: 'ClassLink Management Console → Single sign-on → OpenID Connect: the client ID and secret of your app.' },
  hintOidc: { id: 'sso.dialog.hintOidc', defaultMessage: 'Your provider\'s console: the client (application) registered for Coachwell.' },
  passwordOffWarning: { id: 'sso.dialog.passwordOffWarning', defaultMessage: 'With password sign-in off, everyone in the district signs in with their school account only, including people who have not used it yet (their first sign-in links it). Passwords stop working, except that district administrators keep theirs as a break-glass.' },
  savedBody: { id: 'sso.dialog.savedBody', defaultMessage: 'Test it again to check the new settings.' },
  addedBody: { id: 'sso.dialog.addedBody', defaultMessage: 'Paste the redirect address into the provider\'s console if you have not yet, then test it.' },
  saved: { id: 'sso.dialog.saved', defaultMessage: '{provider} connection saved' },
  added: { id: 'sso.dialog.added', defaultMessage: '{provider} connection added' },
  changeTitle: { id: 'sso.dialog.changeTitle', defaultMessage: 'Change the {provider} connection' },
  addTitle: { id: 'sso.dialog.addTitle', defaultMessage: 'Add a sign-in connection' },
  save: { id: 'sso.dialog.save', defaultMessage: 'Save connection' },
  add: { id: 'sso.dialog.add', defaultMessage: 'Add connection' },
  providerIs: { id: 'sso.dialog.providerIs', defaultMessage: '<b>Provider:</b> {provider}' },
  provider: { id: 'sso.dialog.provider', defaultMessage: 'Provider' },
  providerHint: { id: 'sso.dialog.providerHint', defaultMessage: 'One connection per provider. Other OpenID Connect providers work too.' },
  tenant: { id: 'sso.dialog.tenant', defaultMessage: 'Tenant' },
  tenantHint: { id: 'sso.dialog.tenantHint', defaultMessage: 'Your Microsoft Entra directory (tenant) ID, or your district\'s primary domain, like riverbend.org.' },
  issuer: { id: 'sso.dialog.issuer', defaultMessage: 'Issuer' },
  issuerHint: { id: 'sso.dialog.issuerHint', defaultMessage: 'The provider\'s issuer address; its discovery document is at /.well-known/openid-configuration below it.' },
  clientId: { id: 'sso.dialog.clientId', defaultMessage: 'Client ID' },
  secret: { id: 'sso.dialog.secret', defaultMessage: 'Client secret' },
  secretHintChange: { id: 'sso.dialog.secretHintChange', defaultMessage: 'Stored encrypted and never shown. Leave it empty to keep the stored secret; type a new one to replace it.' },
  secretHintNew: { id: 'sso.dialog.secretHintNew', defaultMessage: 'Stored encrypted and never shown again.' },
  domains: { id: 'sso.dialog.domains', defaultMessage: 'Email domains' },
  domainsHint: { id: 'sso.dialog.domainsHint', defaultMessage: 'The domains of your people\'s school email addresses, separated by commas, like riverbend.org, staff.riverbend.org. Someone signs in only with an address in one of them.' },
  keepPassword: { id: 'sso.dialog.keepPassword', defaultMessage: 'Keep password sign-in on' },
  keepPasswordHint: { id: 'sso.dialog.keepPasswordHint', defaultMessage: 'On: people may sign in with their password or their school account.' },
  passwordWillBeOff: { id: 'sso.dialog.passwordWillBeOff', defaultMessage: 'Password sign-in will be off' },
  createUsers: { id: 'sso.dialog.createUsers', defaultMessage: 'Create an educator login at someone\'s first sign-in' },
  createUsersHint: { id: 'sso.dialog.createUsersHint', defaultMessage: 'Off: a person needs a login in Users before they can sign in. On: anyone with an address in your domains gets an educator login the first time.' },
});

const kindOptions = () => SSO_KINDS.map((kind) => ({ value: kind, label: tText(SSO_KIND_LABELS[kind]) }));

/** Where each kind's client id and secret come from. */
const CONSOLE_HINTS: Record<SsoKind, MessageDescriptor> = {
  google: m.hintGoogle,
  microsoft: m.hintMicrosoft,
  clever: m.hintClever,
  classlink: m.hintClassLink,
  oidc: m.hintOidc,
};

/** What turning password sign-in off means, in the person's language. */
export const passwordOffWarning = () => t(m.passwordOffWarning);

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
      const provider = tText(SSO_KIND_LABELS[kind]);
      toast.success(connection ? t(m.savedBody) : t(m.addedBody), connection ? t(m.saved, { provider }) : t(m.added, { provider }));
      onClose();
    }
  });

  const passwordOff = form.values.password_login !== '1';
  const issuerErrors = form.errors.issuer;
  return (
    <FormModal
      title={connection ? t(m.changeTitle, { provider: tText(SSO_KIND_LABELS[connection.kind]) }) : t(m.addTitle)}
      onClose={onClose}
      form={{ busy: form.busy, formRef: form.formRef, formError: form.formError ?? undefined }}
      formId={formId}
      onSubmit={submit}
      submitLabel={connection ? t(m.save) : t(m.add)}
      size="md"
    >
      {connection ? (
        <p className="sso-dialog__kind">{tRich(m.providerIs, { b: (chunks) => <strong>{chunks}</strong>, provider: tText(SSO_KIND_LABELS[connection.kind]) })}</p>
      ) : (
        <SelectField
          label={t(m.provider)}
          required
          options={kindOptions().map((o) => ({ ...o, disabled: takenKinds.includes(o.value) }))}
          hint={t(m.providerHint)}
          {...form.field('kind')}
        />
      )}
      {kind === 'microsoft' ? (
        <TextField
          label={t(m.tenant)}
          required
          hint={t(m.tenantHint)}
          {...form.field('tenant')}
          error={issuerErrors}
        />
      ) : kind === 'oidc' ? (
        <TextField
          label={t(m.issuer)}
          required
          type="url"
          hint={t(m.issuerHint)}
          {...form.field('issuer')}
        />
      ) : (
        <div className="sso-dialog__issuer">
          <p className="field__label">{t(m.issuer)}</p>
          <p className="sso-facts__code">{keptIssuer ?? preset}</p>
          {issuerErrors && <FieldErrors id={`${formId}-issuer-error`} errors={Array.isArray(issuerErrors) ? issuerErrors : [issuerErrors]} />}
        </div>
      )}
      <TextField label={t(m.clientId)} required hint={t(CONSOLE_HINTS[kind])} autoComplete="off" {...form.field('client_id')} />
      <TextField
        label={t(m.secret)}
        required={connection === null}
        type="password"
        autoComplete="new-password"
        hint={connection ? t(m.secretHintChange) : t(m.secretHintNew)}
        {...form.field('client_secret')}
      />
      <TextField
        label={t(m.domains)}
        required
        hint={t(m.domainsHint)}
        {...form.field('domains')}
      />
      <CheckboxField
        label={t(m.keepPassword)}
        hint={t(m.keepPasswordHint)}
        {...form.checkbox('password_login')}
      />
      {passwordOff && <Alert tone="warning" title={t(m.passwordWillBeOff)}>{passwordOffWarning()}</Alert>}
      <CheckboxField
        label={t(m.createUsers)}
        hint={t(m.createUsersHint)}
        {...form.checkbox('create_users')}
      />
    </FormModal>
  );
}
