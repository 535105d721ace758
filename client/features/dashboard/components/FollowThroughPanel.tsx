// Follow-through on a coach's and a principal's dashboard (issue 29): the action steps of the educators they
// can see, by educator — open, overdue, done, and how many of those were done on time — most overdue first,
// from GET /api/action-step/follow-through. Each name opens the educator's page, where steps are set and
// followed. Left out when nobody in reach has a step.
import { Link } from 'react-router-dom';
import { plural } from '../../../../common/plural';
import { Card } from '../../../components/Card';
import { LoadError } from '../../../components/LoadError';
import { useFollowThrough } from '../../../lib/actionSteps';
import '../../../components/actionSteps/actionSteps.css';
import { TableHead } from '../../../components/Table';

/** Educators listed; the rest are counted under the table. */
const SHOWN = 8;

export function FollowThroughPanel() {
  const { data, error, mutate } = useFollowThrough();
  if (error && !data) return <LoadError what="the action steps' follow-through" onRetry={() => void mutate()} />;
  if (!data || data.data.length === 0) return null;
  const rows = data.data.slice(0, SHOWN);
  const overdue = data.data.reduce((n, r) => n + r.overdue, 0);
  const done = data.data.reduce((n, r) => n + r.done, 0);
  const onTime = data.data.reduce((n, r) => n + r.done_on_time, 0);
  return (
    <Card
      titleId="follow-through-title"
      title="Follow-through"
      intro={`Action steps of your educators: ${plural(overdue, 'step is', 'steps are')} overdue; ${onTime} of ${plural(done, 'done step was', 'done steps were')} done on time.`}
    >
      <div className="table-wrap">
        <table className="table table--stack">
          <caption className="sr-only">Action steps by educator, most overdue first</caption>
          <TableHead columns={['Educator', 'Open', 'Overdue', 'Done', 'On time']} />
          <tbody>
            {rows.map((r) => (
              <tr key={r.educator.id}>
                <th scope="row"><Link to={`/app/staff/${r.educator.id}`}>{r.educator.name}</Link></th>
                <td data-label="Open">{r.open}</td>
                <td data-label="Overdue">{r.overdue > 0 ? <span className="badge badge--danger">{r.overdue} overdue</span> : 0}</td>
                <td data-label="Done">{r.done}</td>
                <td data-label="On time">{r.done ? `${r.done_on_time} of ${r.done}` : <span className="muted">None done</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.data.length > rows.length && (
        <p className="muted text-sm follow-through__more">
          And {plural(data.data.length - rows.length, 'more educator', 'more educators')}. <Link to="/app/action-steps">All action steps</Link>
        </p>
      )}
    </Card>
  );
}
