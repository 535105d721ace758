// /app/staff/{id}/edit — Edit Educator: every profile field, moving to another school (district admins)
// and deactivating / reactivating.
import { Link } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { canEditStaff, staffAccess, useSchoolOptions } from './access';
import { useStaff } from './api';
import { MoveSchoolCard } from './components/MoveSchoolCard';
import { StaffNotFound } from './components/StaffNotFound';
import { Card, LoadFailed, StaffHeaderMeta, useStaffId } from './components/StaffParts';
import { StaffProfileForm } from './components/StaffProfileForm';
import { StatusCard } from './components/StatusCard';

export default function StaffEditScreen(_props: ScreenProps) {
  const id = useStaffId();
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const access = staffAccess(user);
  const { data: staff, error, mutate } = useStaff(id);
  const { schools, isLoading: schoolsLoading } = useSchoolOptions(access.canMove ? 'district' : null);

  if (id === null || error?.status === 404 || error?.status === 403) return <StaffNotFound />;
  if (error && !staff) return <LoadFailed message={error.message} onRetry={() => void mutate()} />;
  if (!staff || !user) return <LoadingBlock label="Loading educator…" />;

  const crumbs = [
    { label: 'Educators', to: '/app/staff' },
    { label: staff.name, to: `/app/staff/${staff.id}` },
    { label: 'Edit' },
  ];

  if (!canEditStaff(user, staff)) {
    return (
      <div className="stack staff-page">
        <PageHeader title={`Edit ${staff.name}`} breadcrumbs={crumbs} />
        <EmptyState
          title="You can’t edit this educator"
          action={<ButtonLink to={`/app/staff/${staff.id}`} variant="secondary">View {staff.first_name}’s profile</ButtonLink>}
        >
          <p>
            {access.addScope === 'building'
              ? 'Principals can edit educators at their own schools. Ask a district administrator for changes at other schools.'
              : 'Editing educators is for district administrators and principals.'}
          </p>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="stack staff-page staff-edit">
      <PageHeader
        title={`Edit ${staff.name}`}
        breadcrumbs={crumbs}
        description={<StaffHeaderMeta staff={staff} />}
        actions={
          <ButtonLink to={`/app/staff/${staff.id}`} variant="secondary">
            View profile
          </ButtonLink>
        }
      />
      <Card id="staff-edit-profile" title="Profile" intro="Name, contact details and what they teach.">
        <StaffProfileForm key={staff.id} staff={staff} />
      </Card>
      {access.canMove && staff.status === 'active' && (
        <MoveSchoolCard staff={staff} schools={schools} schoolsLoading={schoolsLoading} locale={locale} />
      )}
      {!access.canMove && (
        <Card id="staff-move-info" title="Changing schools">
          <p className="muted">
            Moving an educator to another school is done by a district administrator. Principals can ask for a move
            under <Link to="/app/settings/building-history-requests">School staff requests</Link>.
          </p>
        </Card>
      )}
      <StatusCard staff={staff} />
    </div>
  );
}
