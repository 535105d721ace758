// Observations (issue 28) in compact lists outside the observations screens: the educator's home (what was
// shared with them, to read and acknowledge) and an educator's profile (their observations the reader may
// read). Also the status badges every observation screen shows.
import { Link } from 'react-router-dom';
import { type ObservationSummary, tallyText } from '../lib/observations';
import { useInstantFormat } from '../lib/session';
import { ButtonLink } from './Button';
import './observationItem.css';

/**
 * An observation's state as badges: Draft, or Completed with Shared and Acknowledged once they happen. The
 * observed educator (`educator`) reads "To acknowledge" until they have, instead of "Shared".
 */
export function ObservationStatusBadges({ observation, educator = false }: {
  observation: Pick<ObservationSummary, 'status' | 'shared' | 'acknowledged_at'>;
  educator?: boolean;
}) {
  if (observation.status === 'draft') return <span className="badge badge--warning">Draft</span>;
  return (
    <span className="obs-badges">
      {observation.acknowledged_at ? <span className="badge badge--success">Acknowledged</span>
        : educator && observation.shared ? <span className="badge badge--warning">To acknowledge</span>
          : observation.shared ? <span className="badge badge--info">Shared</span>
            : <span className="badge badge--neutral">Completed</span>}
    </span>
  );
}

/** Where one observation opens: a draft of the reader's own resumes in the capture, any other reads. */
export const observationHref = (o: Pick<ObservationSummary, 'id' | 'status' | 'observer'>, selfId: number) =>
  (o.status === 'draft' && o.observer.id === selfId ? `/app/observations/${o.id}/edit` : `/app/observations/${o.id}`);

/**
 * One observation in a list: its title (the educator and the form, or the form alone) opens it, then
 * when, who observed and the look-fors seen, and its state. For the observed educator, one not yet
 * acknowledged has "Read and acknowledge".
 */
export function ObservationItem({ observation: o, selfId, educator = false, withEducator = !educator }: {
  observation: ObservationSummary;
  selfId: number;
  /** The reader is the observed educator. */
  educator?: boolean;
  /** The educator's name before the form's (not on a list of one educator's observations). */
  withEducator?: boolean;
}) {
  const when = useInstantFormat();
  const href = observationHref(o, selfId);
  const tally = tallyText(o.look_fors);
  const observer = o.observer.id === selfId ? 'you' : o.observer.name;
  const toAcknowledge = educator && o.status === 'completed' && o.shared !== null && !o.acknowledged_at;
  return (
    <li className="boxed-item obs-entry">
      <div className="obs-entry__body">
        <Link to={href} className="obs-entry__title">{withEducator ? `${o.educator.name} · ${o.form.name}` : o.form.name}</Link>
        <p className="obs-entry__meta">
          <time dateTime={o.observed_at}>{when.dateTime(o.observed_at)}</time>
          <span> · observed by {observer}</span>
          {tally && <span> · {tally}</span>}
        </p>
      </div>
      <div className="obs-entry__state">
        <ObservationStatusBadges observation={o} educator={educator} />
        {toAcknowledge && (
          <ButtonLink to={href} size="sm" variant="secondary">
            Read and acknowledge<span className="sr-only"> the {o.form.name} of {when.date(o.observed_at)}</span>
          </ButtonLink>
        )}
      </div>
    </li>
  );
}
