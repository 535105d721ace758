// One page of observations: a table on wide screens, a card per row on phones (the shared table--stack
// style). The first cell (the educator, or the form on an educator's own list) opens the observation; a
// draft's "Resume" opens the capture where it was left. An observation edited without a signal shows as its
// observer saved it, marked "Waiting to sync" until it syncs (issue 31).
import { Link } from 'react-router-dom';
import { StateBadge } from '../../../components/outbox/StateBadge';
import { useOutbox } from '../../../lib/outbox';
import { asQueued } from '../../../lib/outboxView';
import { useInstantFormat } from '../../../lib/session';
import type { ObservationSummary } from '../api';
import { tallyText } from '../capture';
import { ObservationStatusBadges as StatusBadges } from '../../../components/ObservationItem';
import { TableHead } from '../../../components/Table';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  caption: { id: 'observations.caption', defaultMessage: 'Observations, newest first' },
  colForm: { id: 'observations.colForm', defaultMessage: 'Form' },
  colEducator: { id: 'observations.colEducator', defaultMessage: 'Educator' },
  colObserved: { id: 'observations.colObserved', defaultMessage: 'Observed' },
  colObserver: { id: 'observations.colObserver', defaultMessage: 'Observer' },
  colSchool: { id: 'observations.colSchool', defaultMessage: 'School' },
  colLookFors: { id: 'observations.colLookFors', defaultMessage: 'Look-fors' },
  colStatus: { id: 'observations.colStatus', defaultMessage: 'Status' },
  youCap: { id: 'observations.youCap', defaultMessage: 'You' },
  none: { id: 'observations.none', defaultMessage: 'None' },
  resume: { id: 'observations.resume', defaultMessage: 'Resume' },
  theDraftOf: { id: 'observations.theDraftOf', defaultMessage: 'the draft of {name}' },
});

export function ObservationTable({ rows, own, selfId }: { rows: ObservationSummary[]; own: boolean; selfId: number }) {
  const when = useInstantFormat();
  const outbox = useOutbox();
  return (
    <div className="table-wrap">
      <table className="table table--stack obs-table">
        <caption className="sr-only">{t(m.caption)}</caption>
        <TableHead columns={[own ? t(m.colForm) : t(m.colEducator), t(m.colObserved), !own && t(m.colForm), t(m.colObserver), t(m.colSchool), t(m.colLookFors), t(m.colStatus)]} />
        <tbody>
          {rows.map((given) => {
            const { record: o, write } = asQueued(given, outbox, { update: 'observation.update' });
            const resume = o.status === 'draft' && o.observer.id === selfId;
            return (
              <tr key={o.id} className={write ? 'obs-row--queued' : undefined}>
                <th scope="row">
                  <Link to={resume ? `/app/observations/${o.id}/edit` : `/app/observations/${o.id}`}>{own ? o.form.name : o.educator.name}</Link>
                </th>
                <td data-label={t(m.colObserved)}>{when.dateTime(o.observed_at)}</td>
                {!own && <td data-label={t(m.colForm)}>{o.form.name}</td>}
                <td data-label={t(m.colObserver)}>{o.observer.id === selfId ? t(m.youCap) : o.observer.name}</td>
                <td data-label={t(m.colSchool)}>{o.school?.name ?? <span className="muted">{t(m.none)}</span>}</td>
                <td data-label={t(m.colLookFors)}>{tallyText(o.look_fors) ?? <span className="muted">{t(m.none)}</span>}</td>
                <td data-label={t(m.colStatus)}>
                  <span className="obs-status">
                    <StatusBadges observation={o} />
                    {write && <StateBadge record={write} />}
                    {resume && <Link to={`/app/observations/${o.id}/edit`} className="text-sm">{t(m.resume)}<span className="sr-only"> {t(m.theDraftOf, { name: o.educator.name })}</span></Link>}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
