// The Observations card of View Educator (issue 28): this educator's observations the reader may read, newest
// first (GET /api/observation filtered by the educator: a coach or principal reads those of their scope and their
// own drafts; the educator on their own profile reads only what was shared with them, with "Read and
// acknowledge" on those they have not acknowledged yet).
import { Link } from 'react-router-dom';
import { hasPermission, PERMISSIONS } from '../../../../common/permissions';
import type { AuthUser } from '../../../../common/authUser';
import type { StaffDetail } from '../../../../common/schemas/staff';
import { Alert } from '../../../components/Alert';
import { ObservationItem } from '../../../components/ObservationItem';
import { LoadingBlock } from '../../../components/Spinner';
import { useObservations } from '../../../lib/observations';
import { Card } from './StaffParts';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  yourObservations: { id: 'staff.yourObservations', defaultMessage: 'Your observations' },
  observations: { id: 'staff.observations', defaultMessage: 'Observations' },
  obsFailed: { id: 'staff.obsFailed', defaultMessage: 'We could not load the observations.' },
  loadingObs: { id: 'staff.loadingObs', defaultMessage: 'Loading observations…' },
  noObsOwn: { id: 'staff.noObsOwn', defaultMessage: 'Nothing shared with you yet. When an observer shares an observation of your classroom, it appears here.' },
  noObsOther: { id: 'staff.noObsOther', defaultMessage: 'No observations of this educator yet.' },
  obsCount: { id: 'staff.obsCount', defaultMessage: '{total, plural, one {# observation} other {# observations}}' },
  obsCountLatest: { id: 'staff.obsCountLatest', defaultMessage: '{total, plural, one {# observation} other {# observations}}, the latest {shown} shown' },
  seeAllObs: { id: 'staff.seeAllObs', defaultMessage: 'See all {total, plural, one {# observation} other {# observations}}' },
});

const SHOWN = 5;

export function ObservationsSection({ staff, user }: { staff: StaffDetail; user: AuthUser }) {
  const observes = hasPermission(user.security.permissions, PERMISSIONS.seeActivity);
  const own = staff.user_id !== null && staff.user_id === user.id;
  const { data, error } = useObservations({ staff_id: [staff.id] }, 1, SHOWN);
  // Someone who neither observes nor is this educator has no observations to read (the API answers 403).
  if (error?.status === 403) return null;
  const rows = data?.data ?? [];
  const total = data?.meta.total ?? 0;
  const all = observes ? `/app/observations?educator=${staff.id}` : '/app/observations';

  return (
    // "New observation" is the Coaching card's, beside "Log interaction".
    <Card id="staff-observations" title={own ? t(m.yourObservations) : t(m.observations)} className="staff-observations">
      {error && !data ? (
        <Alert tone="danger" title={t(m.obsFailed)}><p>{error.message}</p></Alert>
      ) : !data ? (
        <LoadingBlock label={t(m.loadingObs)} />
      ) : rows.length === 0 ? (
        <p className="muted">
          {own && !observes ? t(m.noObsOwn) : t(m.noObsOther)}
        </p>
      ) : (
        <div className="stack stack--sm">
          <p className="muted text-sm">{rows.length < total ? t(m.obsCountLatest, { total, shown: rows.length }) : t(m.obsCount, { total })}</p>
          <ul className="item-list stack stack--sm obs-entries">
            {rows.map((o) => <ObservationItem key={o.id} observation={o} selfId={user.id} educator={own && !observes} withEducator={false} />)}
          </ul>
          {rows.length < total && <Link to={all} className="text-sm">{t(m.seeAllObs, { total })}</Link>}
        </div>
      )}
    </Card>
  );
}
