// Follow-through on a coach's and a principal's dashboard (issue 29): the action steps of the educators they
// can see, by educator — open, overdue, done, and how many of those were done on time — most overdue first,
// from GET /api/action-step/follow-through. Each name opens the educator's page, where steps are set and
// followed. Left out when nobody in reach has a step.
import { Link } from 'react-router-dom';
import { Card } from '../../../components/Card';
import { LoadError } from '../../../components/LoadError';
import { useFollowThrough } from '../../../lib/actionSteps';
import '../../../components/actionSteps/actionSteps.css';
import { TableHead } from '../../../components/Table';
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  loadError: { id: 'dashboard.follow.loadError', defaultMessage: "An error occurred while fetching the action steps' follow-through. Please try again later." },
  title: { id: 'dashboard.follow.title', defaultMessage: 'Follow-through' },
  intro: { id: 'dashboard.follow.intro', defaultMessage: 'Action steps of your educators: {overdue, plural, one {# step is} other {# steps are}} overdue; {onTime} of {done, plural, one {# done step was} other {# done steps were}} done on time.' },
  caption: { id: 'dashboard.follow.caption', defaultMessage: 'Action steps by educator, most overdue first' },
  educator: { id: 'dashboard.follow.educator', defaultMessage: 'Educator' },
  open: { id: 'dashboard.follow.open', defaultMessage: 'Open' },
  overdue: { id: 'dashboard.follow.overdue', defaultMessage: 'Overdue' },
  done: { id: 'dashboard.follow.done', defaultMessage: 'Done' },
  onTime: { id: 'dashboard.follow.onTime', defaultMessage: 'On time' },
  overdueCount: { id: 'dashboard.follow.overdueCount', defaultMessage: '{count} overdue' },
  ofDone: { id: 'dashboard.follow.ofDone', defaultMessage: '{onTime} of {done}' },
  noneDone: { id: 'dashboard.follow.noneDone', defaultMessage: 'None done' },
  more: { id: 'dashboard.follow.more', defaultMessage: 'And {count, plural, one {# more educator} other {# more educators}}. <link>All action steps</link>' },
});

/** Educators listed; the rest are counted under the table. */
const SHOWN = 8;

export function FollowThroughPanel() {
  const { data, error, mutate } = useFollowThrough();
  if (error && !data) return <LoadError message={t(m.loadError)} onRetry={() => void mutate()} />;
  if (!data || data.data.length === 0) return null;
  const rows = data.data.slice(0, SHOWN);
  const overdue = data.data.reduce((n, r) => n + r.overdue, 0);
  const done = data.data.reduce((n, r) => n + r.done, 0);
  const onTime = data.data.reduce((n, r) => n + r.done_on_time, 0);
  return (
    <Card
      titleId="follow-through-title"
      title={t(m.title)}
      intro={t(m.intro, { overdue, onTime, done })}
    >
      <div className="table-wrap">
        <table className="table table--stack">
          <caption className="sr-only">{t(m.caption)}</caption>
          <TableHead columns={[t(m.educator), t(m.open), t(m.overdue), t(m.done), t(m.onTime)]} />
          <tbody>
            {rows.map((r) => (
              <tr key={r.educator.id}>
                <th scope="row"><Link to={`/app/staff/${r.educator.id}`}>{r.educator.name}</Link></th>
                <td data-label={t(m.open)}>{r.open}</td>
                <td data-label={t(m.overdue)}>{r.overdue > 0 ? <span className="badge badge--danger">{t(m.overdueCount, { count: r.overdue })}</span> : 0}</td>
                <td data-label={t(m.done)}>{r.done}</td>
                <td data-label={t(m.onTime)}>{r.done ? t(m.ofDone, { onTime: r.done_on_time, done: r.done }) : <span className="muted">{t(m.noneDone)}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.data.length > rows.length && (
        <p className="muted text-sm follow-through__more">
          {tRich(m.more, { count: data.data.length - rows.length, link: (chunks) => <Link to="/app/action-steps">{chunks}</Link> })}
        </p>
      )}
    </Card>
  );
}
