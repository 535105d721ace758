import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { defineMessages, t } from '../../lib/i18n';
import { useAuthUser } from '../../lib/session';
import { defaultTypesApi } from './api';
import { InteractionSettings } from './components/InteractionSettings';

const m = defineMessages({
  description: { id: 'interactionSettings.admin.description', defaultMessage: 'The default interaction types and custom fields every new district starts with.' },
  newOnly: { id: 'interactionSettings.admin.newOnly', defaultMessage: 'Changes apply to new districts only' },
  newOnlyBody: { id: 'interactionSettings.admin.newOnlyBody', defaultMessage: 'A district gets a copy of the active default types and their active custom fields when it is created. Changing the defaults here does not change the copies districts already have: each district edits its own in its Interaction settings.' },
  canManage: { id: 'interactionSettings.admin.canManage', defaultMessage: 'Staff who manage articles can change the defaults.' },
  cannotManage: { id: 'interactionSettings.admin.cannotManage', defaultMessage: 'Only staff who manage articles can change the defaults.' },
});

/** /admin/settings/interaction: the provider's default types; any provider login reads, `manage articles` changes. */
export default function AdminInteractionSettingsScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  if (!user) return <LoadingBlock />;
  const canManage = hasPermission(user.security.permissions, PERMISSIONS.manageArticles);
  return (
    <div className="stack stack--lg its-page">
      <PageHeader
        title={route.title}
        description={<p>{t(m.description)}</p>}
      />
      <Alert tone="info" title={t(m.newOnly)}>
        <p>
          {t(m.newOnlyBody)} {canManage ? t(m.canManage) : t(m.cannotManage)}
        </p>
      </Alert>
      <InteractionSettings api={defaultTypesApi} canManage={canManage} fieldsAvailable />
    </div>
  );
}
