// The educators table: sortable Name and School headers (aria-sort), status as a text badge; below 760 px
// each row becomes a card (the shared table--stack style), so the page never scrolls sideways.
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { StaffListItem } from '../../../../common/schemas/staff';
import { SortHeader, sortDirection } from '../../../components/SortHeader';
import { TableFrame } from '../../../components/Table';
import { formatGrades } from '../grades';
import { StatusBadge } from './StatusBadge';
import type { StaffSort } from '../staffQuery';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  none: { id: 'staff.none', defaultMessage: 'None' },
  colName: { id: 'staff.colName', defaultMessage: 'Name' },
  colSchool: { id: 'staff.colSchool', defaultMessage: 'School' },
  colPosition: { id: 'staff.colPosition', defaultMessage: 'Position' },
  colGrades: { id: 'staff.colGrades', defaultMessage: 'Grades' },
  colSubjects: { id: 'staff.colSubjects', defaultMessage: 'Subjects' },
  colCoach: { id: 'staff.colCoach', defaultMessage: 'Coach' },
  colStatus: { id: 'staff.colStatus', defaultMessage: 'Status' },
});

function None() {
  return <span className="muted">—<span className="sr-only">{t(m.none)}</span></span>;
}
const NONE = <None />;

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
          <SortHeader label={t(m.colName)} column="last_name" sort={sort} onSort={onSort} direction={sortDirection(sort, 'last_name') ?? sortDirection(sort, 'first_name')} className="staff-table__name" />
          <SortHeader label={t(m.colSchool)} column="building" sort={sort} onSort={onSort} />
          <th scope="col">{t(m.colPosition)}</th>
          <th scope="col">{t(m.colGrades)}</th>
          <th scope="col">{t(m.colSubjects)}</th>
          <th scope="col">{t(m.colCoach)}</th>
          <th scope="col">{t(m.colStatus)}</th>
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
            <td data-label={t(m.colSchool)}>{s.building?.name ?? NONE}</td>
            <td data-label={t(m.colPosition)}>{s.position ? tText(s.position) : NONE}</td>
            <td className="nowrap" data-label={t(m.colGrades)}>{s.grade_levels.length ? formatGrades(s.grade_levels) : NONE}</td>
            <td data-label={t(m.colSubjects)}>{s.subjects.length ? s.subjects.map(tText).join(', ') : NONE}</td>
            <td data-label={t(m.colCoach)}>{s.coach?.name ?? NONE}</td>
            <td data-label={t(m.colStatus)}>
              <StatusBadge status={s.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
});
