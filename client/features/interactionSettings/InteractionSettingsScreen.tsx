import { hasFeature, hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { defineMessages, t } from '../../lib/i18n';
import { useAuthUser } from '../../lib/session';
import { districtTypesApi } from './api';
import { InteractionSettings } from './components/InteractionSettings';
import { CustomFieldsPlanNote } from './components/PlanNote';

const m = defineMessages({
  description: { id: 'interactionSettings.description', defaultMessage: 'The kinds of interaction coaches log, their colours, default durations and custom fields.' },
});

/** /app/settings/interaction: every district login reads; `manage settings` changes. */
export default function InteractionSettingsScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  if (!user) return <LoadingBlock />;
  const canManage = hasPermission(user.security.permissions, PERMISSIONS.manageSettings);
  const fieldsAvailable = hasFeature(user.district?.features ?? [], 'custom-fields');
  return (
    <div className="stack stack--lg its-page">
      <PageHeader
        title={route.title}
        description={<p>{t(m.description)}</p>}
      />
      <InteractionSettings
        api={districtTypesApi}
        canManage={canManage}
        fieldsAvailable={fieldsAvailable}
        planNote={
          <CustomFieldsPlanNote planName={user.district?.plan.name ?? null} />
        }
      />
    </div>
  );
}
