// The educators table: sortable Name and School headers (aria-sort), status as a text badge; below 760 px
// each row becomes a card (the shared table--stack style), so the page never scrolls sideways.
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { StaffListItem } from '../../../../common/schemas/staff';
import { formatGrades } from '../grades';
import { ariaSortFor, type StaffSort, toggleSort } from '../staffQuery';

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

function SortHeader({ label, column, sort, onSort, className }: {
  label: string;
  column: 'last_name' | 'building';
  sort: StaffSort;
  onSort: (sort: StaffSort) => void;
  className?: string;
}) {
  // The name column also shows a first-name sort as its own.
  const state = ariaSortFor(sort, column) ?? (column === 'last_name' ? ariaSortFor(sort, 'first_name') : undefined);
  return (
    <th scope="col" aria-sort={state} className={className}>
      <button type="button" className="staff-sort" onClick={() => onSort(toggleSort(sort, column))}>
        {label}
        <svg className="staff-sort__icon" viewBox="0 0 12 16" width="10" height="14" aria-hidden="true" focusable="false">
          <path d="M6 2l4 5H2z" className={state === 'ascending' ? 'is-on' : undefined} />
          <path d="M6 14l4-5H2z" className={state === 'descending' ? 'is-on' : undefined} />
        </svg>
      </button>
    </th>
  );
}

type Props = {
  rows: StaffListItem[];
  sort: StaffSort;
  onSort: (sort: StaffSort) => void;
  caption: string;
  busy?: boolean;
};

export const StaffTable = memo(function StaffTable({ rows, sort, onSort, caption, busy }: Props) {
  return (
    <div className={['table-wrap', 'staff-table-wrap', busy && 'is-busy'].filter(Boolean).join(' ')} role="region" aria-label={caption} tabIndex={0} aria-busy={busy || undefined}>
      <table className="table table--stack staff-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <SortHeader label="Name" column="last_name" sort={sort} onSort={onSort} className="staff-table__name" />
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
      </table>
    </div>
  );
});
