import type { Locale } from 'date-fns';
import { Link } from 'react-router-dom';
import type { StaffRequest } from '../../../../common/schemas/staffRequests';
import { Button } from '../../../components/Button';
import { ReadMore } from '../../../components/ReadMore';
import type { StaffRequestAccess } from './access';
import { formatDay } from '../../../lib/dates';
import { useInstantFormat } from '../../../lib/session';
import { StatusBadge } from './StatusBadge';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  formerUser: { id: 'staffRequests.formerUser', defaultMessage: 'a former user' },
  noCurrentSchool: { id: 'staffRequests.noCurrentSchool', defaultMessage: 'No current school' },
  to: { id: 'staffRequests.to', defaultMessage: ' to ' },
  startDate: { id: 'staffRequests.startDate', defaultMessage: 'Start date' },
  requested: { id: 'staffRequests.requested', defaultMessage: 'Requested' },
  factApproved: { id: 'staffRequests.factApproved', defaultMessage: 'Approved' },
  factDenied: { id: 'staffRequests.factDenied', defaultMessage: 'Denied' },
  noteFrom: { id: 'staffRequests.noteFrom', defaultMessage: 'Note from the requester' },
  reasonDenying: { id: 'staffRequests.reasonDenying', defaultMessage: 'Reason for denying' },
  colleagueDecides: { id: 'staffRequests.colleagueDecides', defaultMessage: 'Another district administrator decides your own requests.' },
  approve: { id: 'staffRequests.approve', defaultMessage: 'Approve' },
  deny: { id: 'staffRequests.deny', defaultMessage: 'Deny' },
  withdraw: { id: 'staffRequests.withdraw', defaultMessage: 'Withdraw' },
  forName: { id: 'staffRequests.forName', defaultMessage: ' request for {name}' },
});

export interface RequestActions {
  onApprove: (request: StaffRequest) => void;
  onDeny: (request: StaffRequest) => void;
  onWithdraw: (request: StaffRequest) => void;
}

function Person({ person }: { person: { name: string } | null }) {
  return person ? <>{person.name}</> : <span className="muted">{t(m.formerUser)}</span>;
}

/** One request: who, from which school to which, when, the note, the decision and the actions. */
export function RequestCard({ request, access, locale, actions }: { request: StaffRequest; access: StaffRequestAccess; locale?: Locale; actions: RequestActions }) {
  const r = request;
  const when = useInstantFormat();
  const name = r.staff.name;
  const decide = access.canDecide(r);
  const withdraw = access.canWithdraw(r);
  return (
    <li className={`card staffRequests-card staffRequests-card--${r.status}`}>
      <div className="cluster cluster--between staffRequests-card__head">
        <h2 className="staffRequests-card__title">
          <Link to={`/app/staff/${r.staff.id}`}>{name}</Link>
        </h2>
        <StatusBadge status={r.status} />
      </div>

      <p className="staffRequests-move">
        <span className="staffRequests-move__from">{r.from_building ? r.from_building.name : t(m.noCurrentSchool)}</span>
        <span className="staffRequests-move__arrow" aria-hidden="true">→</span>
        <span className="sr-only">{t(m.to)}</span>
        <strong className="staffRequests-move__to">{r.building.name}</strong>
      </p>

      <dl className="staffRequests-facts">
        <div className="staffRequests-facts__item">
          <dt>{t(m.startDate)}</dt>
          <dd>{formatDay(r.start_date, locale)}</dd>
        </div>
        <div className="staffRequests-facts__item">
          <dt>{t(m.requested)}</dt>
          <dd>
            <Person person={r.requested_by} /> · <time dateTime={r.requested_at}>{when.dateTime(r.requested_at)}</time>
          </dd>
        </div>
        {r.status !== 'pending' && (
          <div className="staffRequests-facts__item">
            <dt>{r.status === 'approved' ? t(m.factApproved) : t(m.factDenied)}</dt>
            <dd>
              <Person person={r.decided_by} />
              {r.decided_at && (
                <>
                  {' · '}
                  <time dateTime={r.decided_at}>{when.dateTime(r.decided_at)}</time>
                </>
              )}
            </dd>
          </div>
        )}
      </dl>

      {r.note && (
        <div className="staffRequests-text">
          <p className="staffRequests-text__label">{t(m.noteFrom)}</p>
          <ReadMore text={r.note} />
        </div>
      )}
      {r.decision_reason && (
        <div className="staffRequests-text staffRequests-text--reason">
          <p className="staffRequests-text__label">{t(m.reasonDenying)}</p>
          <ReadMore text={r.decision_reason} />
        </div>
      )}

      {(decide || withdraw || access.awaitsColleague(r)) && (
        <div className="cluster cluster--end staffRequests-card__actions">
          {access.awaitsColleague(r) && <p className="text-sm muted staffRequests-card__hint">{t(m.colleagueDecides)}</p>}
          {decide && (
            <>
              <Button size="sm" onClick={() => actions.onApprove(r)}>
                {t(m.approve)}<span className="sr-only">{t(m.forName, { name })}</span>
              </Button>
              <Button size="sm" variant="secondary" onClick={() => actions.onDeny(r)}>
                {t(m.deny)}<span className="sr-only">{t(m.forName, { name })}</span>
              </Button>
            </>
          )}
          {withdraw && (
            <Button size="sm" variant="secondary" onClick={() => actions.onWithdraw(r)}>
              {t(m.withdraw)}<span className="sr-only">{t(m.forName, { name })}</span>
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
