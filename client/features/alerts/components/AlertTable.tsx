// The alerts list: a table on wide screens, a card per alert on phones (cells keep their column name).
import type { Locale } from 'date-fns';
import type { AdminAlert } from '../../../../common/schemas/alerts';
import { Button } from '../../../components/Button';
import { todayIn } from '../../../lib/dates';
import { formatDate, formatInteger } from '../../../lib/format';
import { wallClock } from '../../../lib/zonedTime';
import { LevelBadge, StateBadge } from './AlertBadges';
import { TableHead } from '../../../components/Table';

export function audienceSummary(alert: Pick<AdminAlert, 'audience' | 'audience_values'>): string {
  if (alert.audience === 'everyone') return 'Everyone';
  const labels = alert.audience_values.map((v) => v.label);
  const shown = labels.slice(0, 3).join(', ');
  const more = labels.length > 3 ? ` and ${labels.length - 3} more` : '';
  const kind = alert.audience === 'plan' ? (labels.length === 1 ? 'Plan' : 'Plans') : alert.audience === 'districts' ? (labels.length === 1 ? 'District' : 'Districts') : (labels.length === 1 ? 'Role' : 'Roles');
  return `${kind}: ${shown}${more}`;
}

type Props = {
  alerts: AdminAlert[];
  timeZone: string;
  locale?: Locale;
  onEdit: (alert: AdminAlert) => void;
  onDelete: (alert: AdminAlert) => void;
};

function Cell({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <td className={['alerts-table__cell', className].filter(Boolean).join(' ')} data-label={label}>
      <div className="alerts-table__value">{children}</div>
    </td>
  );
}

export function AlertTable({ alerts, timeZone, locale, onEdit, onDelete }: Props) {
  const thisYear = Number(todayIn(timeZone).slice(0, 4));
  // "Nov 22, 6:14 PM" this year, "Dec 2, 2027, 7:14 PM" otherwise: in the staff member's timezone.
  const when = (instant: string) => {
    const wall = wallClock(instant, timeZone);
    return formatDate(wall, locale, wall.getFullYear() === thisYear ? 'MMM d, p' : 'PP, p');
  };
  return (
    <div className="table-wrap alerts-table-wrap">
      <table className="table alerts-table">
        <caption className="sr-only">Alerts</caption>
        <TableHead columns={['Alert', 'Level and state', 'Audience', 'Shown', { label: 'Dismissed', className: 'num' }, { label: 'Actions', hidden: true }]} />
        <tbody>
          {alerts.map((a) => (
            <tr key={a.id}>
              <th scope="row" className="alerts-table__title">{a.title}</th>
              <Cell label="Level" className="alerts-table__badges"><LevelBadge level={a.level} /> <StateBadge state={a.state} /></Cell>
              <Cell label="Audience" className="alerts-table__audience">{audienceSummary(a)}</Cell>
              <Cell label="Shown" className="alerts-table__when">
                <span>From {when(a.starts_at)}</span>
                <span className="muted">{a.ends_at ? `Until ${when(a.ends_at)}` : 'No end'}</span>
              </Cell>
              <Cell label="Dismissed" className="num">{a.level === 'critical' ? '—' : formatInteger(a.dismissals)}</Cell>
              <Cell label="Actions" className="alerts-table__actions">
                <Button variant="secondary" size="sm" onClick={() => onEdit(a)}>
                  Edit<span className="sr-only"> “{a.title}”</span>
                </Button>
                <Button variant="ghost" size="sm" className="alerts-table__delete" onClick={() => onDelete(a)}>
                  Delete<span className="sr-only"> “{a.title}”</span>
                </Button>
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
