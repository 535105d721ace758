// The coach's queue of coaching requests on the dashboard (issue 29, item 4): the requests they hold now (their
// educators', or their school's educators' without a coach, or passed on to them), each with the educator's
// words and times, and two commands: Accept (pick a day and time: the session is scheduled) or Pass on (to
// another coach or the school's other coaches, with a note). A coach with an empty queue reads that it is
// empty; anyone else (principals, administrators) sees the panel only while they hold a request.
import { useState } from 'react';
import { WAITING_STATUSES } from '../../../../common/coachingRequestValues';
import { hasRole } from '../../../../common/permissions';
import type { AuthUser } from '../../../../common/authUser';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { CoachingRequestItem } from '../../../components/CoachingRequestItem';
import { LoadError } from '../../../components/LoadError';
import { type CoachingRequest, useCoachingRequests } from '../../../lib/coachingRequests';
import { lazyPart } from '../../../lib/lazyPart';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  title: { id: 'dashboard.requests.title', defaultMessage: 'Coaching requests' },
  waiting: { id: 'dashboard.requests.waiting', defaultMessage: '{count, plural, one {# request is} other {# requests are}} waiting for you. Accept one to schedule the session, or pass it on with a note.' },
  none: { id: 'dashboard.requests.none', defaultMessage: 'No coaching requests are waiting for you. When an educator asks for coaching, their request shows here.' },
  loadingIntro: { id: 'dashboard.requests.loadingIntro', defaultMessage: 'Requests from educators who asked for coaching.' },
  loadError: { id: 'dashboard.requests.loadError', defaultMessage: 'An error occurred while fetching your coaching requests. Please try again later.' },
  acceptLabel: { id: 'dashboard.requests.acceptLabel', defaultMessage: "Accept {name}'s request" },
  accept: { id: 'dashboard.requests.accept', defaultMessage: 'Accept' },
  passLabel: { id: 'dashboard.requests.passLabel', defaultMessage: "Pass on {name}'s request" },
  pass: { id: 'dashboard.requests.pass', defaultMessage: 'Pass on' },
});

const AcceptDialog = lazyPart('AcceptRequestDialog', () => import('./CoachingRequestDialogs').then((mod) => mod.AcceptRequestDialog));
const PassDialog = lazyPart('PassRequestDialog', () => import('./CoachingRequestDialogs').then((mod) => mod.PassRequestDialog));

/** The requests waiting for this person (the panel's one read; the dashboard waits for it too). */
export function useRequestQueue(enabled = true) {
  return useCoachingRequests({ queue: true, status: [...WAITING_STATUSES] }, { enabled });
}

export function CoachingRequestsPanel({ user }: { user: AuthUser }) {
  const coach = hasRole(user.security.roles, 'coach');
  const { data, error, mutate } = useRequestQueue();
  const [accepting, setAccepting] = useState<CoachingRequest | null>(null);
  const [passing, setPassing] = useState<CoachingRequest | null>(null);
  const items = data?.data ?? [];
  if (!coach && items.length === 0) return null;
  return (
    <div id="coaching-requests">
      <Card
        titleId="coaching-requests-title"
        title={t(m.title)}
        intro={data ? (items.length ? t(m.waiting, { count: data.meta.total })
          : t(m.none)) : t(m.loadingIntro)}
      >
        {error && !data ? <LoadError message={t(m.loadError)} onRetry={() => void mutate()} />
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
                      <Button size="sm" onClick={() => setAccepting(r)} aria-label={t(m.acceptLabel, { name: r.staff.name })}>{t(m.accept)}</Button>
                      <Button size="sm" variant="secondary" onClick={() => setPassing(r)} aria-label={t(m.passLabel, { name: r.staff.name })}>{t(m.pass)}</Button>
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
