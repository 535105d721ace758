// A coaching request (issue 29, item 4) in a compact list: the educator's Ask for coaching screen and the coach's
// dashboard queue. Its topic, who asked and when, where it stands (waiting with whom, passed on, the session's
// day and time, withdrawn), the educator's words and times when the reader may read them, the coaches' pass
// note, and the reader's commands (`actions`).
import type { ReactNode } from 'react';
import { COACHING_REQUEST_STATUS_LABELS, type CoachingRequestStatus } from '../../common/coachingRequestValues';
import type { CoachingRequest } from '../lib/coachingRequests';
import { useInstantFormat } from '../lib/session';
import { defineMessages, t, tRich, tText } from '../lib/i18n';
import './coachingRequestItem.css';

const m = defineMessages({
  aCoach: { id: 'coachingRequests.aCoach', defaultMessage: 'a coach' },
  anotherCoach: { id: 'coachingRequests.anotherCoach', defaultMessage: 'another coach' },
  yourCoaches: { id: 'coachingRequests.yourCoaches', defaultMessage: 'your coaches' },
  theCoach: { id: 'coachingRequests.theCoach', defaultMessage: 'the coach' },
  sessionWith: { id: 'coachingRequests.sessionWith', defaultMessage: 'Session with {coach} on <time>{when}</time>' },
  acceptedBy: { id: 'coachingRequests.acceptedBy', defaultMessage: 'Accepted by {coach}' },
  withdrawnOn: { id: 'coachingRequests.withdrawnOn', defaultMessage: 'Withdrawn on <time>{when}</time>' },
  withdrawn: { id: 'coachingRequests.withdrawn', defaultMessage: 'Withdrawn' },
  passedOn: { id: 'coachingRequests.passedOn', defaultMessage: 'Passed on by {coach} to {holders}' },
  withHolders: { id: 'coachingRequests.withHolders', defaultMessage: 'With {holders}' },
  asked: { id: 'coachingRequests.asked', defaultMessage: 'Asked <time>{when}</time>' },
  timesThatSuit: { id: 'coachingRequests.timesThatSuitLabel', defaultMessage: 'Times that suit:' },
  noteFrom: { id: 'coachingRequests.noteFrom', defaultMessage: 'Note from {coach}:' },
});

const TONES: Record<CoachingRequestStatus, string> = { open: 'warning', passed: 'info', accepted: 'success', withdrawn: 'neutral' };

export function CoachingRequestBadge({ status }: { status: CoachingRequestStatus }) {
  return <span className={`badge badge--${TONES[status]}`}>{tText(COACHING_REQUEST_STATUS_LABELS[status])}</span>;
}

const names = (people: { name: string }[]) => people.map((p) => p.name).join(', ');

/** Where it stands, in words (the educator reads who has it; a coach reads the same). */
function standing(r: CoachingRequest, dateTime: (iso: string) => string): ReactNode {
  if (r.status === 'accepted') {
    const coach = r.accepted_by?.name ?? t(m.aCoach);
    if (!r.session) return t(m.acceptedBy, { coach });
    const startsAt = r.session.starts_at;
    return tRich(m.sessionWith, { coach, time: (chunks) => <time dateTime={startsAt}>{chunks}</time>, when: dateTime(startsAt) });
  }
  if (r.status === 'withdrawn') {
    const at = r.withdrawn_at;
    return at ? tRich(m.withdrawnOn, { time: (chunks) => <time dateTime={at}>{chunks}</time>, when: dateTime(at) }) : t(m.withdrawn);
  }
  if (r.status === 'passed') return t(m.passedOn, { coach: r.passed_by?.name ?? t(m.aCoach), holders: names(r.holders) || t(m.anotherCoach) });
  return t(m.withHolders, { holders: names(r.holders) || t(m.yourCoaches) });
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
        {tRich(m.asked, { time: (chunks) => <time dateTime={r.requested_at}>{chunks}</time>, when: when.dateTime(r.requested_at) })} · {standing(r, when.dateTime)}
      </p>
      {r.message !== null && <p className="cr-entry__message">{r.message}</p>}
      {r.preferred_times && <p className="cr-entry__detail"><span className="cr-entry__label">{t(m.timesThatSuit)}</span> {r.preferred_times}</p>}
      {r.pass_note && <p className="cr-entry__detail"><span className="cr-entry__label">{t(m.noteFrom, { coach: r.passed_by?.name ?? t(m.theCoach) })}</span> {r.pass_note}</p>}
      {actions && <div className="cr-entry__actions">{actions}</div>}
    </li>
  );
}
