// The dense Districts table: sortable headers (aria-sort), badges with words, numbers right-aligned; it
// scrolls sideways inside its own labelled region when it must, and becomes cards on phones. The creation
// date sorts through the Sort select (it is the name's tooltip). Counts and the last activity sort largest
// and latest first on a first click, the name and the trial's end in their natural order.
import type { Locale } from 'date-fns';
import { Link } from 'react-router-dom';
import type { AdminDistrictRow } from '../../../../common/schemas/adminDistricts';
import { SortHeader } from '../../../components/SortHeader';
import { TableFrame } from '../../../components/Table';
import { formatInteger, formatRelative } from '../../../lib/format';
import { defineMessages, t } from '../../../lib/i18n';
import { useInstantFormat } from '../../../lib/session';
import { DistrictStatusBadge, PlanBadge } from './Badges';

const m = defineMessages({
  none: { id: 'adminDistricts.table.none', defaultMessage: 'None' },
  caption: { id: 'adminDistricts.table.caption', defaultMessage: 'Districts' },
  district: { id: 'adminDistricts.table.district', defaultMessage: 'District' },
  plan: { id: 'adminDistricts.table.plan', defaultMessage: 'Plan' },
  status: { id: 'adminDistricts.table.status', defaultMessage: 'Status' },
  users: { id: 'adminDistricts.table.users', defaultMessage: 'Users' },
  schools: { id: 'adminDistricts.table.schools', defaultMessage: 'Schools' },
  educators: { id: 'adminDistricts.table.educators', defaultMessage: 'Educators' },
  lastActivity: { id: 'adminDistricts.table.lastActivity', defaultMessage: 'Last activity' },
  trialEnds: { id: 'adminDistricts.table.trialEnds', defaultMessage: 'Trial ends' },
  created: { id: 'adminDistricts.table.created', defaultMessage: 'Created {date}' },
  deletionOn: { id: 'adminDistricts.table.deletionOn', defaultMessage: 'Deletion on {date}' },
});

function None() {
  return <span className="muted">—<span className="sr-only">{t(m.none)}</span></span>;
}

type Props = { rows: AdminDistrictRow[]; sort: string; onSort: (sort: string) => void; locale?: Locale; busy?: boolean };

export function DistrictTable({ rows, sort, onSort, locale, busy }: Props) {
  const when = useInstantFormat();
  return (
    <TableFrame caption={t(m.caption)} captionHidden stackOnPhone busy={busy} className="adm-table" wrapClassName="adm-table-wrap">
      <thead>
        <tr>
          <SortHeader label={t(m.district)} column="name" sort={sort} onSort={onSort} />
          <th scope="col">{t(m.plan)}</th>
          <th scope="col">{t(m.status)}</th>
          <SortHeader label={t(m.users)} column="users" sort={sort} onSort={onSort} firstDescending className="num" />
          <th scope="col" className="num">{t(m.schools)}</th>
          <SortHeader label={t(m.educators)} column="educators" sort={sort} onSort={onSort} firstDescending className="num" />
          <SortHeader label={t(m.lastActivity)} column="last_activity" sort={sort} onSort={onSort} firstDescending />
          <SortHeader label={t(m.trialEnds)} column="trial_end" sort={sort} onSort={onSort} />
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => (
          <tr key={d.id}>
            <th scope="row" className="adm-table__name">
              <Link to={`/admin/districts/${d.id}`}>{d.name}</Link>
              <span className="adm-table__sub" title={t(m.created, { date: when.date(d.created_at) })}>{d.state} · {d.slug}</span>
            </th>
            <td data-label={t(m.plan)}><PlanBadge plan={d.plan} /></td>
            <td data-label={t(m.status)}>
              <DistrictStatusBadge status={d.status} />
              {d.deletion_due_at && <> <span className="badge badge--danger">{t(m.deletionOn, { date: when.date(d.deletion_due_at) })}</span></>}
            </td>
            <td className="num" data-label={t(m.users)}>{formatInteger(d.users)}</td>
            <td className="num" data-label={t(m.schools)}>{formatInteger(d.schools)}</td>
            <td className="num" data-label={t(m.educators)}>{formatInteger(d.educators)}</td>
            <td data-label={t(m.lastActivity)}>
              {d.last_activity_at ? <time dateTime={d.last_activity_at} title={when.dateTime(d.last_activity_at)}>{formatRelative(d.last_activity_at, locale)}</time> : <None />}
            </td>
            <td className="nowrap" data-label={t(m.trialEnds)}>{d.status === 'trial' && d.trial_ends_at ? <time dateTime={d.trial_ends_at}>{when.date(d.trial_ends_at)}</time> : <None />}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
