// The educator's home: observations an observer shared with them (issue 28), those still to acknowledge first
// (each with "Read and acknowledge", which opens it where the reflection is written), then the latest
// acknowledged ones. GET /api/observation answers an educator only what was shared with them.
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../../common/authUser';
import { Alert } from '../../../components/Alert';
import { ObservationItem } from '../../../components/ObservationItem';
import { LoadingBlock } from '../../../components/Spinner';
import { useObservations } from '../../../lib/observations';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  title: { id: 'dashboard.shared.title', defaultMessage: 'Observations shared with you' },
  toAcknowledge: { id: 'dashboard.shared.toAcknowledge', defaultMessage: '{count} to acknowledge' },
  all: { id: 'dashboard.shared.all', defaultMessage: 'All your observations' },
  loadFailed: { id: 'dashboard.shared.loadFailed', defaultMessage: 'We could not load your observations.' },
  loading: { id: 'dashboard.shared.loading', defaultMessage: 'Loading…' },
  none: { id: 'dashboard.shared.none', defaultMessage: 'Nothing shared with you yet. When an observer shares an observation of your classroom, it appears here and you get an email.' },
  read: { id: 'dashboard.shared.read', defaultMessage: 'Read what your observer saw, then acknowledge it, with a reflection if you like.' },
  seeAll: { id: 'dashboard.shared.seeAll', defaultMessage: 'See all {count, plural, one {# observation} other {# observations}} to acknowledge' },
});

const TO_ACKNOWLEDGE = 5;
const ACKNOWLEDGED = 3;

function useSharedObservations() {
  return [useObservations({ acknowledged: 'no' }, 1, TO_ACKNOWLEDGE), useObservations({ acknowledged: 'yes' }, 1, ACKNOWLEDGED)] as const;
}

/** Whether both of the card's reads have answered (or failed): the home waits for them to lay out once. */
export function useSharedObservationsAnswered(): boolean {
  return useSharedObservations().every((answer) => answer.data !== undefined || answer.error !== undefined);
}

export function SharedObservations({ user }: { user: AuthUser }) {
  const [open, done] = useSharedObservations();
  const waiting = open.data?.meta.total ?? 0;
  const total = waiting + (done.data?.meta.total ?? 0);
  const failed = (open.error && !open.data) || (done.error && !done.data);
  const rows = [...(open.data?.data ?? []), ...(done.data?.data ?? [])];

  return (
    <section className="card stack stack--sm dashboard-activity" aria-labelledby="dashboard-observations">
      <div className="cluster cluster--between">
        <h2 id="dashboard-observations" className="card__title dashboard-card-heading">
          {t(m.title)}{waiting > 0 && <span className="badge badge--warning">{t(m.toAcknowledge, { count: waiting })}</span>}
        </h2>
        {total > 0 && <Link to="/app/observations" className="text-sm">{t(m.all)}</Link>}
      </div>
      {failed ? (
        <Alert tone="danger" title={t(m.loadFailed)}><p>{(open.error ?? done.error)?.message}</p></Alert>
      ) : !open.data || !done.data ? (
        <LoadingBlock label={t(m.loading)} />
      ) : rows.length === 0 ? (
        <p className="muted">{t(m.none)}</p>
      ) : (
        <>
          {waiting > 0 && <p className="muted text-sm">{t(m.read)}</p>}
          <ul className="item-list stack stack--sm obs-entries">
            {rows.map((o) => <ObservationItem key={o.id} observation={o} selfId={user.id} educator />)}
          </ul>
          {waiting > TO_ACKNOWLEDGE && <Link to="/app/observations?acknowledged=no" className="text-sm">{t(m.seeAll, { count: waiting })}</Link>}
        </>
      )}
    </section>
  );
}
