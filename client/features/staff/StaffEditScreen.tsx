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
import { defineMessages, t, tRich } from '../../lib/i18n';

const m = defineMessages({
  loadingOne: { id: 'staff.loadingOne', defaultMessage: 'Loading educator…' },
  title: { id: 'staff.title', defaultMessage: 'Educators' },
  editCrumb: { id: 'staff.editCrumb', defaultMessage: 'Edit' },
  editTitle: { id: 'staff.editTitle', defaultMessage: 'Edit {name}' },
  cantEdit: { id: 'staff.cantEdit', defaultMessage: 'You can’t edit this educator' },
  viewNamed: { id: 'staff.viewNamed', defaultMessage: 'View {name}’s profile' },
  cantEditPrincipal: { id: 'staff.cantEditPrincipal', defaultMessage: 'Principals can edit educators at their own schools. Ask a district administrator for changes at other schools.' },
  cantEditOther: { id: 'staff.cantEditOther', defaultMessage: 'Editing educators is for district administrators and principals.' },
  viewProfile: { id: 'staff.viewProfile', defaultMessage: 'View profile' },
  profile: { id: 'staff.profile', defaultMessage: 'Profile' },
  profileIntro: { id: 'staff.profileIntro', defaultMessage: 'Name, contact details and what they teach.' },
  changingSchools: { id: 'staff.changingSchools', defaultMessage: 'Changing schools' },
  changingSchoolsBody: { id: 'staff.changingSchoolsBody', defaultMessage: 'Moving an educator to another school is done by a district administrator. Principals can ask for a move under <link>School staff requests</link>.' },
});

export default function StaffEditScreen(_props: ScreenProps) {
  const id = useStaffId();
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const access = staffAccess(user);
  const { data: staff, error, mutate } = useStaff(id);
  const { schools, isLoading: schoolsLoading } = useSchoolOptions(access.canMove ? 'district' : null);

  if (id === null || error?.status === 404 || error?.status === 403) return <StaffNotFound />;
  if (error && !staff) return <LoadFailed message={error.message} onRetry={() => void mutate()} />;
  if (!staff || !user) return <LoadingBlock label={t(m.loadingOne)} />;

  const crumbs = [
    { label: t(m.title), to: '/app/staff' },
    { label: staff.name, to: `/app/staff/${staff.id}` },
    { label: t(m.editCrumb) },
  ];

  if (!canEditStaff(user, staff)) {
    return (
      <div className="stack staff-page">
        <PageHeader title={t(m.editTitle, { name: staff.name })} breadcrumbs={crumbs} />
        <EmptyState
          title={t(m.cantEdit)}
          action={<ButtonLink to={`/app/staff/${staff.id}`} variant="secondary">{t(m.viewNamed, { name: staff.first_name })}</ButtonLink>}
        >
          <p>
            {access.addScope === 'building'
              ? t(m.cantEditPrincipal)
              : t(m.cantEditOther)}
          </p>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="stack staff-page staff-edit">
      <PageHeader
        title={t(m.editTitle, { name: staff.name })}
        breadcrumbs={crumbs}
        description={<StaffHeaderMeta staff={staff} />}
        actions={
          <ButtonLink to={`/app/staff/${staff.id}`} variant="secondary">
            {t(m.viewProfile)}
          </ButtonLink>
        }
      />
      <Card id="staff-edit-profile" title={t(m.profile)} intro={t(m.profileIntro)}>
        <StaffProfileForm key={staff.id} staff={staff} />
      </Card>
      {access.canMove && staff.status === 'active' && (
        <MoveSchoolCard staff={staff} schools={schools} schoolsLoading={schoolsLoading} locale={locale} />
      )}
      {!access.canMove && (
        <Card id="staff-move-info" title={t(m.changingSchools)}>
          <p className="muted">
            {tRich(m.changingSchoolsBody, { link: (chunks) => <Link to="/app/settings/building-history-requests">{chunks}</Link> })}
          </p>
        </Card>
      )}
      <StatusCard staff={staff} />
    </div>
  );
}
