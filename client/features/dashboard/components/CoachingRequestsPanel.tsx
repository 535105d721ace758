// The coach's queue of coaching requests on the dashboard (issue 29, item 4): the requests they hold now (their
// educators', or their school's educators' without a coach, or passed on to them), each with the educator's
// words and times, and two commands: Accept (pick a day and time: the session is scheduled) or Pass on (to
// another coach or the school's other coaches, with a note). A coach with an empty queue reads that it is
// empty; anyone else (principals, administrators) sees the panel only while they hold a request.
import { useState } from 'react';
import { WAITING_STATUSES } from '../../../../common/coachingRequestValues';
import { hasRole } from '../../../../common/permissions';
import type { AuthUser } from '../../../../common/authUser';
import { plural } from '../../../../common/plural';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { CoachingRequestItem } from '../../../components/CoachingRequestItem';
import { LoadError } from '../../../components/LoadError';
import { type CoachingRequest, useCoachingRequests } from '../../../lib/coachingRequests';
import { lazyPart } from '../../../lib/lazyPart';

const AcceptDialog = lazyPart('AcceptRequestDialog', () => import('./CoachingRequestDialogs').then((m) => m.AcceptRequestDialog));
const PassDialog = lazyPart('PassRequestDialog', () => import('./CoachingRequestDialogs').then((m) => m.PassRequestDialog));

export function CoachingRequestsPanel({ user }: { user: AuthUser }) {
  const coach = hasRole(user.security.roles, 'coach');
  const { data, error, mutate } = useCoachingRequests({ queue: true, status: [...WAITING_STATUSES] });
  const [accepting, setAccepting] = useState<CoachingRequest | null>(null);
  const [passing, setPassing] = useState<CoachingRequest | null>(null);
  const items = data?.data ?? [];
  if (!coach && items.length === 0) return null;
  return (
    <div id="coaching-requests">
      <Card
        titleId="coaching-requests-title"
        title="Coaching requests"
        intro={data ? (items.length ? `${plural(data.meta.total, 'request is', 'requests are')} waiting for you. Accept one to schedule the session, or pass it on with a note.`
          : 'No coaching requests are waiting for you. When an educator asks for coaching, their request shows here.') : 'Requests from educators who asked for coaching.'}
      >
        {error && !data ? <LoadError what="your coaching requests" onRetry={() => void mutate()} />
          // Until the queue arrives, a request's worth of space, so the pulse below moves as little as it can.
          : !data ? <div className="boxed-item cr-entry cr-entry--skeleton" aria-hidden="true" />
          : items.length > 0 && (
            <ul className="item-list stack stack--sm cr-entries" aria-labelledby="coaching-requests-title">
              {items.map((r) => (
                <CoachingRequestItem
                  key={r.id}
                  request={r}
                  withEducator
                  actions={(
                    <>
                      <Button size="sm" onClick={() => setAccepting(r)} aria-label={`Accept ${r.staff.name}'s request`}>Accept</Button>
                      <Button size="sm" variant="secondary" onClick={() => setPassing(r)} aria-label={`Pass on ${r.staff.name}'s request`}>Pass on</Button>
                    </>
                  )}
                />
              ))}
            </ul>
          )}
      </Card>
      {accepting && <AcceptDialog request={accepting} onClose={() => setAccepting(null)} />}
      {passing && <PassDialog request={passing} selfId={user.id} onClose={() => setPassing(null)} />}
    </div>
  );
}
