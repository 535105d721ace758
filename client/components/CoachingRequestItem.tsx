// A coaching request (issue 29, item 4) in a compact list: the educator's Ask for coaching screen and the coach's
// dashboard queue. Its topic, who asked and when, where it stands (waiting with whom, passed on, the session's
// day and time, withdrawn), the educator's words and times when the reader may read them, the coaches' pass
// note, and the reader's commands (`actions`).
import type { ReactNode } from 'react';
import { COACHING_REQUEST_STATUS_LABELS, type CoachingRequestStatus } from '../../common/coachingRequestValues';
import type { CoachingRequest } from '../lib/coachingRequests';
import { useInstantFormat } from '../lib/session';
import './coachingRequestItem.css';

const TONES: Record<CoachingRequestStatus, string> = { open: 'warning', passed: 'info', accepted: 'success', withdrawn: 'neutral' };

export function CoachingRequestBadge({ status }: { status: CoachingRequestStatus }) {
  return <span className={`badge badge--${TONES[status]}`}>{COACHING_REQUEST_STATUS_LABELS[status]}</span>;
}

const names = (people: { name: string }[]) => people.map((p) => p.name).join(', ');

/** Where it stands, in words (the educator reads who has it; a coach reads the same). */
function standing(r: CoachingRequest, dateTime: (iso: string) => string): ReactNode {
  if (r.status === 'accepted') {
    return r.session
      ? <>Session with {r.accepted_by?.name ?? 'a coach'} on <time dateTime={r.session.starts_at}>{dateTime(r.session.starts_at)}</time></>
      : <>Accepted by {r.accepted_by?.name ?? 'a coach'}</>;
  }
  if (r.status === 'withdrawn') return r.withdrawn_at ? <>Withdrawn on <time dateTime={r.withdrawn_at}>{dateTime(r.withdrawn_at)}</time></> : 'Withdrawn';
  if (r.status === 'passed') return <>Passed on by {r.passed_by?.name ?? 'a coach'} to {names(r.holders) || 'another coach'}</>;
  return <>With {names(r.holders) || 'your coaches'}</>;
}

export function CoachingRequestItem({ request: r, withEducator = false, actions }: {
  request: CoachingRequest;
  /** The educator's name before the topic (a coach's queue). */
  withEducator?: boolean;
  actions?: ReactNode;
}) {
  const when = useInstantFormat();
  const titleId = `coaching-request-${r.id}`;
  return (
    <li className="boxed-item cr-entry" aria-labelledby={titleId}>
      <div className="cluster cluster--between cr-entry__head">
        <h3 id={titleId} className="cr-entry__title">{withEducator ? `${r.staff.name}: ${r.topic}` : r.topic}</h3>
        <CoachingRequestBadge status={r.status} />
      </div>
      <p className="cr-entry__meta">
        Asked <time dateTime={r.requested_at}>{when.dateTime(r.requested_at)}</time> · {standing(r, when.dateTime)}
      </p>
      {r.message !== null && <p className="cr-entry__message">{r.message}</p>}
      {r.preferred_times && <p className="cr-entry__detail"><span className="cr-entry__label">Times that suit:</span> {r.preferred_times}</p>}
      {r.pass_note && <p className="cr-entry__detail"><span className="cr-entry__label">Note from {r.passed_by?.name ?? 'the coach'}:</span> {r.pass_note}</p>}
      {actions && <div className="cr-entry__actions">{actions}</div>}
    </li>
  );
}
