// The educator's home: observations an observer shared with them (issue 28), those still to acknowledge first
// (each with "Read and acknowledge", which opens it where the reflection is written), then the latest
// acknowledged ones. GET /api/observation answers an educator only what was shared with them.
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../../common/authUser';
import { plural } from '../../../../common/plural';
import { Alert } from '../../../components/Alert';
import { ObservationItem } from '../../../components/ObservationItem';
import { LoadingBlock } from '../../../components/Spinner';
import { useObservations } from '../../../lib/observations';

const TO_ACKNOWLEDGE = 5;
const ACKNOWLEDGED = 3;

export function SharedObservations({ user }: { user: AuthUser }) {
  const open = useObservations({ acknowledged: 'no' }, 1, TO_ACKNOWLEDGE);
  const done = useObservations({ acknowledged: 'yes' }, 1, ACKNOWLEDGED);
  const waiting = open.data?.meta.total ?? 0;
  const total = waiting + (done.data?.meta.total ?? 0);
  const failed = (open.error && !open.data) || (done.error && !done.data);
  const rows = [...(open.data?.data ?? []), ...(done.data?.data ?? [])];

  return (
    <section className="card stack stack--sm dashboard-activity" aria-labelledby="dashboard-observations">
      <div className="cluster cluster--between">
        <h2 id="dashboard-observations" className="card__title dashboard-card-heading">
          Observations shared with you{waiting > 0 && <span className="badge badge--warning">{plural(waiting, 'to acknowledge', 'to acknowledge')}</span>}
        </h2>
        {total > 0 && <Link to="/app/observations" className="text-sm">All your observations</Link>}
      </div>
      {failed ? (
        <Alert tone="danger" title="We could not load your observations."><p>{(open.error ?? done.error)?.message}</p></Alert>
      ) : !open.data || !done.data ? (
        <LoadingBlock label="Loading…" />
      ) : rows.length === 0 ? (
        <p className="muted">Nothing shared with you yet. When an observer shares an observation of your classroom, it appears here and you get an email.</p>
      ) : (
        <>
          {waiting > 0 && <p className="muted text-sm">Read what your observer saw, then acknowledge it, with a reflection if you like.</p>}
          <ul className="item-list stack stack--sm obs-entries">
            {rows.map((o) => <ObservationItem key={o.id} observation={o} selfId={user.id} educator />)}
          </ul>
          {waiting > TO_ACKNOWLEDGE && <Link to="/app/observations?acknowledged=no" className="text-sm">See all {plural(waiting, 'observation', 'observations')} to acknowledge</Link>}
        </>
      )}
    </section>
  );
}
