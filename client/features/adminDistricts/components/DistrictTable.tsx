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
import { useInstantFormat } from '../../../lib/session';
import { DistrictStatusBadge, PlanBadge } from './Badges';

const NONE = <span className="muted">—<span className="sr-only">None</span></span>;

type Props = { rows: AdminDistrictRow[]; sort: string; onSort: (sort: string) => void; locale?: Locale; busy?: boolean };

export function DistrictTable({ rows, sort, onSort, locale, busy }: Props) {
  const when = useInstantFormat();
  return (
    <TableFrame caption="Districts" captionHidden stackOnPhone busy={busy} className="adm-table" wrapClassName="adm-table-wrap">
      <thead>
        <tr>
          <SortHeader label="District" column="name" sort={sort} onSort={onSort} />
          <th scope="col">Plan</th>
          <th scope="col">Status</th>
          <SortHeader label="Users" column="users" sort={sort} onSort={onSort} firstDescending className="num" />
          <th scope="col" className="num">Schools</th>
          <SortHeader label="Educators" column="educators" sort={sort} onSort={onSort} firstDescending className="num" />
          <SortHeader label="Last activity" column="last_activity" sort={sort} onSort={onSort} firstDescending />
          <SortHeader label="Trial ends" column="trial_end" sort={sort} onSort={onSort} />
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => (
          <tr key={d.id}>
            <th scope="row" className="adm-table__name">
              <Link to={`/admin/districts/${d.id}`}>{d.name}</Link>
              <span className="adm-table__sub" title={`Created ${when.date(d.created_at)}`}>{d.state} · {d.slug}</span>
            </th>
            <td data-label="Plan"><PlanBadge plan={d.plan} /></td>
            <td data-label="Status">
              <DistrictStatusBadge status={d.status} />
              {d.deletion_due_at && <> <span className="badge badge--danger">Deletion on {when.date(d.deletion_due_at)}</span></>}
            </td>
            <td className="num" data-label="Users">{formatInteger(d.users)}</td>
            <td className="num" data-label="Schools">{formatInteger(d.schools)}</td>
            <td className="num" data-label="Educators">{formatInteger(d.educators)}</td>
            <td className="nowrap" data-label="Last activity">
              {d.last_activity_at ? <time dateTime={d.last_activity_at} title={when.dateTime(d.last_activity_at)}>{formatRelative(d.last_activity_at, locale)}</time> : NONE}
            </td>
            <td className="nowrap" data-label="Trial ends">{d.status === 'trial' && d.trial_ends_at ? <time dateTime={d.trial_ends_at}>{when.date(d.trial_ends_at)}</time> : NONE}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
