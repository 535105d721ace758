import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useAuthUser } from '../../lib/session';
import { useDistrict } from './api';
import { DistrictProfileForm, DistrictProfileView } from './components/DistrictProfileCard';
import { CoachingTargetsCard } from './components/CoachingTargetsCard';
import { SchoolsCard } from './components/SchoolsCard';
import { RetentionCard } from './components/RetentionCard';

function ProfileCard({ canManage }: { canManage: boolean }) {
  const { data: district, error, mutate } = useDistrict();
  return (
    <Card
      className="site-card"
      titleId="site-profile-title"
      title="District profile"
      intro={canManage
        ? 'How your district appears in Coachwell, its local time and when its school year begins.'
        : 'How your district appears in Coachwell. Only district administrators can change it.'}
    >
      {error && !district ? (
        <LoadError what="the district profile" onRetry={() => void mutate()} />
      ) : !district ? (
        <LoadingBlock label="Loading the district profile…" />
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
        description={<p>Your district's profile, coaching targets, schools and how long coaching records are kept.</p>}
      />
      <ProfileCard canManage={canManage} />
      <CoachingTargetsCard canManage={canManage} />
      <SchoolsCard canManage={canManage} />
      {/* Coachwell staff signed in as an administrator read it: the server refuses their change (a setting that deletes). */}
      <RetentionCard canManage={canManage && !user.impersonating} />
    </div>
  );
}
