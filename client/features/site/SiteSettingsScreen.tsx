import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { defineMessages, t } from '../../lib/i18n';
import { useAuthUser } from '../../lib/session';
import { useDistrict } from './api';
import { DistrictProfileForm, DistrictProfileView } from './components/DistrictProfileCard';
import { CoachingTargetsCard } from './components/CoachingTargetsCard';
import { SchoolsCard } from './components/SchoolsCard';
import { RetentionCard } from './components/RetentionCard';

const m = defineMessages({
  profileTitle: { id: 'site.profileTitle', defaultMessage: 'District profile' },
  profileIntroManage: { id: 'site.profileIntroManage', defaultMessage: 'How your district appears in Coachwell, its local time and when its school year begins.' },
  profileIntroRead: { id: 'site.profileIntroRead', defaultMessage: 'How your district appears in Coachwell. Only district administrators can change it.' },
  profileLoadError: { id: 'site.profileLoadError', defaultMessage: 'An error occurred while fetching the district profile. Please try again later.' },
  profileLoading: { id: 'site.profileLoading', defaultMessage: 'Loading the district profile…' },
  description: { id: 'site.description', defaultMessage: 'Your district\'s profile, coaching targets, schools and how long coaching records are kept.' },
});

function ProfileCard({ canManage }: { canManage: boolean }) {
  const { data: district, error, mutate } = useDistrict();
  return (
    <Card
      className="site-card"
      titleId="site-profile-title"
      title={t(m.profileTitle)}
      intro={canManage ? t(m.profileIntroManage) : t(m.profileIntroRead)}
    >
      {error && !district ? (
        <LoadError message={t(m.profileLoadError)} onRetry={() => void mutate()} />
      ) : !district ? (
        <LoadingBlock label={t(m.profileLoading)} />
      ) : canManage ? (
        <DistrictProfileForm key={district.id} district={district} />
      ) : (
        <DistrictProfileView district={district} />
      )}
    </Card>
  );
}

export default function SiteSettingsScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  if (!user) return <LoadingBlock />;
  const canManage = hasPermission(user.security.permissions, PERMISSIONS.manageSettings);
  return (
    <div className="stack stack--lg site-page">
      <PageHeader
        title={route.title}
        description={<p>{t(m.description)}</p>}
      />
      <ProfileCard canManage={canManage} />
      <CoachingTargetsCard canManage={canManage} />
      <SchoolsCard canManage={canManage} />
      {/* Coachwell staff signed in as an administrator read it: the server refuses their change (a setting that deletes). */}
      <RetentionCard canManage={canManage && !user.impersonating} />
    </div>
  );
}
