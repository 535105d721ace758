// One page of observations: a table on wide screens, a card per row on phones (the shared table--stack
// style). The first cell (the educator, or the form on an educator's own list) opens the observation; a
// draft's "Resume" opens the capture where it was left.
import { Link } from 'react-router-dom';
import { useInstantFormat } from '../../../lib/session';
import type { ObservationSummary } from '../api';
import { tallyText } from '../capture';
import { ObservationStatusBadges as StatusBadges } from '../../../components/ObservationItem';
import { TableHead } from '../../../components/Table';

export function ObservationTable({ rows, own, selfId }: { rows: ObservationSummary[]; own: boolean; selfId: number }) {
  const when = useInstantFormat();
  return (
    <div className="table-wrap">
      <table className="table table--stack obs-table">
        <caption className="sr-only">Observations, newest first</caption>
        <TableHead columns={[own ? 'Form' : 'Educator', 'Observed', !own && 'Form', 'Observer', 'School', 'Look-fors', 'Status']} />
        <tbody>
          {rows.map((o) => {
            const resume = o.status === 'draft' && o.observer.id === selfId;
            return (
              <tr key={o.id}>
                <th scope="row">
                  <Link to={resume ? `/app/observations/${o.id}/edit` : `/app/observations/${o.id}`}>{own ? o.form.name : o.educator.name}</Link>
                </th>
                <td data-label="Observed">{when.dateTime(o.observed_at)}</td>
                {!own && <td data-label="Form">{o.form.name}</td>}
                <td data-label="Observer">{o.observer.id === selfId ? 'You' : o.observer.name}</td>
                <td data-label="School">{o.school?.name ?? <span className="muted">None</span>}</td>
                <td data-label="Look-fors">{tallyText(o.look_fors) ?? <span className="muted">None</span>}</td>
                <td data-label="Status">
                  <span className="obs-status">
                    <StatusBadges observation={o} />
                    {resume && <Link to={`/app/observations/${o.id}/edit`} className="text-sm">Resume<span className="sr-only"> the draft of {o.educator.name}</span></Link>}
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
