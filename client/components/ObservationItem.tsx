// Observations (issue 28) in compact lists outside the observations screens: the educator's home (what was
// shared with them, to read and acknowledge) and an educator's profile (their observations the reader may
// read). Also the status badges every observation screen shows.
import { Link } from 'react-router-dom';
import { type ObservationSummary, tallyText } from '../lib/observations';
import { useOutbox } from '../lib/outbox';
import { asQueued } from '../lib/outboxView';
import { useInstantFormat } from '../lib/session';
import { StateBadge } from './outbox/StateBadge';
import { ButtonLink } from './Button';
import './observationItem.css';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  draft: { id: 'observations.draft', defaultMessage: 'Draft' },
  acknowledged: { id: 'observations.acknowledged', defaultMessage: 'Acknowledged' },
  toAcknowledge: { id: 'observations.toAcknowledge', defaultMessage: 'To acknowledge' },
  shared: { id: 'observations.shared', defaultMessage: 'Shared' },
  completed: { id: 'observations.completed', defaultMessage: 'Completed' },
  you: { id: 'observations.you', defaultMessage: 'you' },
  observedBy: { id: 'observations.observedBy', defaultMessage: 'observed by {observer}' },
  readAndAcknowledge: { id: 'observations.readAndAcknowledge', defaultMessage: 'Read and acknowledge' },
  theFormOf: { id: 'observations.theFormOf', defaultMessage: 'the {form} of {date}' },
});

/**
 * An observation's state as badges: Draft, or Completed with Shared and Acknowledged once they happen. The
 * observed educator (`educator`) reads "To acknowledge" until they have, instead of "Shared".
 */
export function ObservationStatusBadges({ observation, educator = false }: {
  observation: Pick<ObservationSummary, 'status' | 'shared' | 'acknowledged_at'>;
  educator?: boolean;
}) {
  if (observation.status === 'draft') return <span className="badge badge--warning">{t(m.draft)}</span>;
  return (
    <span className="obs-badges">
      {observation.acknowledged_at ? <span className="badge badge--success">{t(m.acknowledged)}</span>
        : educator && observation.shared ? <span className="badge badge--warning">{t(m.toAcknowledge)}</span>
          : observation.shared ? <span className="badge badge--info">{t(m.shared)}</span>
            : <span className="badge badge--neutral">{t(m.completed)}</span>}
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
export function ObservationItem({ observation: given, selfId, educator = false, withEducator = !educator }: {
  observation: ObservationSummary;
  selfId: number;
  /** The reader is the observed educator. */
  educator?: boolean;
  /** The educator's name before the form's (not on a list of one educator's observations). */
  withEducator?: boolean;
}) {
  const when = useInstantFormat();
  // Edited by its observer without a signal (issue 31): shown as they saved it, marked until it syncs.
  const { record: o, write } = asQueued(given, useOutbox(), { update: 'observation.update' });
  const href = observationHref(o, selfId);
  const tally = tallyText(o.look_fors);
  const observer = o.observer.id === selfId ? t(m.you) : o.observer.name;
  const toAcknowledge = educator && o.status === 'completed' && o.shared !== null && !o.acknowledged_at;
  return (
    <li className="boxed-item obs-entry">
      <div className="obs-entry__body">
        <Link to={href} className="obs-entry__title">{withEducator ? `${o.educator.name} · ${o.form.name}` : o.form.name}</Link>
        <p className="obs-entry__meta">
          <time dateTime={o.observed_at}>{when.dateTime(o.observed_at)}</time>
          <span> · {t(m.observedBy, { observer })}</span>
          {tally && <span> · {tally}</span>}
        </p>
      </div>
      <div className="obs-entry__state">
        <ObservationStatusBadges observation={o} educator={educator} />
        {write && <StateBadge record={write} />}
        {toAcknowledge && (
          <ButtonLink to={href} size="sm" variant="secondary">
            {t(m.readAndAcknowledge)}<span className="sr-only"> {t(m.theFormOf, { form: o.form.name, date: when.date(o.observed_at) })}</span>
          </ButtonLink>
        )}
      </div>
    </li>
  );
}
