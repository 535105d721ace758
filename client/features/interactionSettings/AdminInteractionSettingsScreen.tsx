import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useAuthUser } from '../../lib/session';
import { defaultTypesApi } from './api';
import { InteractionSettings } from './components/InteractionSettings';

/** /admin/settings/interaction: the provider's default types; any provider login reads, `manage articles` changes. */
export default function AdminInteractionSettingsScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  if (!user) return <LoadingBlock />;
  const canManage = hasPermission(user.security.permissions, PERMISSIONS.manageArticles);
  return (
    <div className="stack stack--lg its-page">
      <PageHeader
        title={route.title}
        description={<p>The default interaction types and custom fields every new district starts with.</p>}
      />
      <Alert tone="info" title="Changes apply to new districts only">
        <p>
          A district gets a copy of the active default types and their active custom fields when it is created. Changing the
          defaults here does not change the copies districts already have: each district edits its own in its Interaction settings.
          {canManage ? ' Staff who manage articles can change the defaults.' : ' Only staff who manage articles can change the defaults.'}
        </p>
      </Alert>
      <InteractionSettings api={defaultTypesApi} canManage={canManage} fieldsAvailable />
    </div>
  );
}
