// The educators table: sortable Name and School headers (aria-sort), status as a text badge; below 760 px
// each row becomes a card (the shared table--stack style), so the page never scrolls sideways.
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { StaffListItem } from '../../../../common/schemas/staff';
import { SortHeader, sortDirection } from '../../../components/SortHeader';
import { TableFrame } from '../../../components/Table';
import { formatGrades } from '../grades';
import type { StaffSort } from '../staffQuery';

export function StatusBadge({ status }: { status: StaffListItem['status'] }) {
  return status === 'active' ? (
    <span className="badge badge--success">
      <span className="staff-status-dot" aria-hidden="true" />
      Active
    </span>
  ) : (
    <span className="badge badge--neutral">
      <span className="staff-status-dot staff-status-dot--off" aria-hidden="true" />
      Inactive
    </span>
  );
}

const NONE = <span className="muted">—<span className="sr-only">None</span></span>;

type Props = {
  rows: StaffListItem[];
  sort: StaffSort;
  onSort: (sort: StaffSort) => void;
  caption: string;
  busy?: boolean;
};

export const StaffTable = memo(function StaffTable({ rows, sort, onSort, caption, busy }: Props) {
  return (
    <TableFrame caption={caption} captionHidden stackOnPhone busy={busy} className="staff-table" wrapClassName="staff-table-wrap">
      <thead>
        <tr>
          {/* The name column also shows a first-name sort as its own. */}
          <SortHeader label="Name" column="last_name" sort={sort} onSort={onSort} direction={sortDirection(sort, 'last_name') ?? sortDirection(sort, 'first_name')} className="staff-table__name" />
          <SortHeader label="School" column="building" sort={sort} onSort={onSort} />
          <th scope="col">Position</th>
          <th scope="col">Grades</th>
          <th scope="col">Subjects</th>
          <th scope="col">Coach</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr key={s.id}>
            <th scope="row" className="staff-table__name">
              <Link to={`/app/staff/${s.id}`} className="staff-table__link">
                {sort === 'first_name' || sort === '-first_name' ? s.name : `${s.last_name}, ${s.first_name}`}
              </Link>
            </th>
            <td data-label="School">{s.building?.name ?? NONE}</td>
            <td data-label="Position">{s.position ?? NONE}</td>
            <td className="nowrap" data-label="Grades">{s.grade_levels.length ? formatGrades(s.grade_levels) : NONE}</td>
            <td data-label="Subjects">{s.subjects.length ? s.subjects.join(', ') : NONE}</td>
            <td data-label="Coach">{s.coach?.name ?? NONE}</td>
            <td data-label="Status">
              <StatusBadge status={s.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
});
