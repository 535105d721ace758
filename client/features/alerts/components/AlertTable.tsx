// The alerts list: a table on wide screens, a card per alert on phones (cells keep their column name).
import type { Locale } from 'date-fns';
import type { AdminAlert } from '../../../../common/schemas/alerts';
import { Button } from '../../../components/Button';
import { todayIn } from '../../../lib/dates';
import { formatDate, formatInteger } from '../../../lib/format';
import { defineMessages, t, tRich } from '../../../lib/i18n';
import { wallClock } from '../../../lib/zonedTime';
import { LevelBadge, StateBadge } from './AlertBadges';
import { TableHead } from '../../../components/Table';

const m = defineMessages({
  everyone: { id: 'alerts.audience.everyone', defaultMessage: 'Everyone' },
  plans: { id: 'alerts.table.plans', defaultMessage: '{count, plural, one {Plan} other {Plans}}: {names}' },
  districts: { id: 'alerts.table.districts', defaultMessage: '{count, plural, one {District} other {Districts}}: {names}' },
  roles: { id: 'alerts.table.roles', defaultMessage: '{count, plural, one {Role} other {Roles}}: {names}' },
  plansMore: { id: 'alerts.table.plansMore', defaultMessage: 'Plans: {names} and {more} more' },
  districtsMore: { id: 'alerts.table.districtsMore', defaultMessage: 'Districts: {names} and {more} more' },
  rolesMore: { id: 'alerts.table.rolesMore', defaultMessage: 'Roles: {names} and {more} more' },
  caption: { id: 'alerts.table.caption', defaultMessage: 'Alerts' },
  alert: { id: 'alerts.table.alert', defaultMessage: 'Alert' },
  levelAndState: { id: 'alerts.table.levelAndState', defaultMessage: 'Level and state' },
  audience: { id: 'alerts.table.audience', defaultMessage: 'Audience' },
  shown: { id: 'alerts.table.shown', defaultMessage: 'Shown' },
  dismissed: { id: 'alerts.table.dismissed', defaultMessage: 'Dismissed' },
  actions: { id: 'alerts.table.actions', defaultMessage: 'Actions' },
  level: { id: 'alerts.level', defaultMessage: 'Level' },
  from: { id: 'alerts.table.from', defaultMessage: 'From {when}' },
  until: { id: 'alerts.table.until', defaultMessage: 'Until {when}' },
  noEnd: { id: 'alerts.table.noEnd', defaultMessage: 'No end' },
  edit: { id: 'alerts.table.edit', defaultMessage: 'Edit<sr> “{title}”</sr>' },
  delete: { id: 'alerts.table.delete', defaultMessage: 'Delete<sr> “{title}”</sr>' },
});

export function audienceSummary(alert: Pick<AdminAlert, 'audience' | 'audience_values'>): string {
  if (alert.audience === 'everyone') return t(m.everyone);
  const labels = alert.audience_values.map((v) => v.label);
  const names = labels.slice(0, 3).join(', ');
  if (labels.length > 3) {
    const more = alert.audience === 'plan' ? m.plansMore : alert.audience === 'districts' ? m.districtsMore : m.rolesMore;
    return t(more, { names, more: labels.length - 3 });
  }
  const kind = alert.audience === 'plan' ? m.plans : alert.audience === 'districts' ? m.districts : m.roles;
  return t(kind, { count: labels.length, names });
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
        <caption className="sr-only">{t(m.caption)}</caption>
        <TableHead columns={[t(m.alert), t(m.levelAndState), t(m.audience), t(m.shown), { label: t(m.dismissed), className: 'num' }, { label: t(m.actions), hidden: true }]} />
        <tbody>
          {alerts.map((a) => (
            <tr key={a.id}>
              <th scope="row" className="alerts-table__title">{a.title}</th>
              <Cell label={t(m.level)} className="alerts-table__badges"><LevelBadge level={a.level} /> <StateBadge state={a.state} /></Cell>
              <Cell label={t(m.audience)} className="alerts-table__audience">{audienceSummary(a)}</Cell>
              <Cell label={t(m.shown)} className="alerts-table__when">
                <span>{t(m.from, { when: when(a.starts_at) })}</span>
                <span className="muted">{a.ends_at ? t(m.until, { when: when(a.ends_at) }) : t(m.noEnd)}</span>
              </Cell>
              <Cell label={t(m.dismissed)} className="num">{a.level === 'critical' ? '—' : formatInteger(a.dismissals)}</Cell>
              <Cell label={t(m.actions)} className="alerts-table__actions">
                <Button variant="secondary" size="sm" onClick={() => onEdit(a)}>
                  {tRich(m.edit, { title: a.title, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
                </Button>
                <Button variant="ghost" size="sm" className="alerts-table__delete" onClick={() => onDelete(a)}>
                  {tRich(m.delete, { title: a.title, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
                </Button>
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
