import { Link } from 'react-router-dom';
import type { CaseloadEntry } from '../../../../common/schemas/coaches';
import { Button } from '../../../components/Button';
import { Table, type TableColumn } from '../../../components/Table';
import { useDateLocale } from '../../../lib/session';
import { daysInclusive, formatDay } from '../../../lib/dates';
import { plural } from '../../../../common/plural';

const none = (label: string) => <span className="muted">—<span className="sr-only">{label}</span></span>;

function educatorColumns(): TableColumn<CaseloadEntry>[] {
  return [
    {
      key: 'educator',
      header: 'Educator',
      render: (a) => <Link className="coaches-caseload__name" to={`/app/staff/${a.staff.id}`}>{a.staff.name}</Link>,
    },
    { key: 'school', header: 'School', render: (a) => a.staff.building?.name ?? none('no current school') },
    { key: 'position', header: 'Position', render: (a) => a.staff.position ?? none('not set') },
  ];
}

/** The open assignments: since when, ending when (if set), and End for people who manage coaches. */
export function CaseloadTable({ caption, rows, today, onEnd }: { caption: string; rows: CaseloadEntry[]; today: string; onEnd?: (a: CaseloadEntry) => void }) {
  const locale = useDateLocale();
  const columns = educatorColumns();
  columns.push({
    key: 'since',
    header: 'Since',
    className: 'nowrap',
    render: (a) => (
      <>
        {a.start_date > today ? (
          <>
            <span className="badge badge--info">Starts</span> {formatDay(a.start_date, locale)}
          </>
        ) : (
          <time dateTime={a.start_date}>{formatDay(a.start_date, locale)}</time>
        )}
        {a.end_date && (
          <span className="coaches-caseload__until muted text-sm">
            until <time dateTime={a.end_date}>{formatDay(a.end_date, locale)}</time>
          </span>
        )}
      </>
    ),
  });
  if (onEnd) {
    columns.push({
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'table__actions',
      render: (a) => (
        <Button size="sm" variant="ghost" onClick={() => onEnd(a)} aria-label={`End ${a.staff.name}'s assignment`}>
          End
        </Button>
      ),
    });
  }
  return <Table caption={caption} captionHidden columns={columns} rows={rows} rowKey={(a) => a.id} empty="No educators on this caseload yet." />;
}

/** Ended assignments with their inclusive date ranges, newest first. */
export function HistoryTable({ caption, rows }: { caption: string; rows: CaseloadEntry[] }) {
  const locale = useDateLocale();
  const columns = educatorColumns();
  columns.push({
    key: 'dates',
    header: 'Dates',
    className: 'nowrap',
    render: (a) => {
      const days = daysInclusive(a.start_date, a.end_date!);
      return (
        <>
          <time dateTime={a.start_date}>{formatDay(a.start_date, locale)}</time>
          {' – '}
          <time dateTime={a.end_date!}>{formatDay(a.end_date!, locale)}</time>
          <span className="sr-only"> ({plural(days, 'day', 'days')})</span>
        </>
      );
    },
  });
  return <Table caption={caption} captionHidden columns={columns} rows={rows} rowKey={(a) => a.id} empty="No past assignments." />;
}
