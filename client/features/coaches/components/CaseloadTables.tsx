import { Link } from 'react-router-dom';
import type { CaseloadEntry } from '../../../../common/schemas/coaches';
import { Button } from '../../../components/Button';
import { Table, type TableColumn } from '../../../components/Table';
import { useDateLocale } from '../../../lib/session';
import { daysInclusive, formatDay } from '../../../lib/dates';
import { defineMessages, t, tRich, tText } from '../../../lib/i18n';

const m = defineMessages({
  colEducator: { id: 'coaches.colEducator', defaultMessage: 'Educator' },
  colSchool: { id: 'coaches.colSchool', defaultMessage: 'School' },
  noCurrentSchool: { id: 'coaches.noCurrentSchool', defaultMessage: 'no current school' },
  colPosition: { id: 'coaches.colPosition', defaultMessage: 'Position' },
  notSet: { id: 'coaches.notSet', defaultMessage: 'not set' },
  colSince: { id: 'coaches.colSince', defaultMessage: 'Since' },
  starts: { id: 'coaches.starts', defaultMessage: 'Starts' },
  until: { id: 'coaches.until', defaultMessage: 'until <time>{date}</time>' },
  colActions: { id: 'coaches.colActions', defaultMessage: 'Actions' },
  endLabel: { id: 'coaches.endLabel', defaultMessage: 'End {name}\'s assignment' },
  end: { id: 'coaches.end', defaultMessage: 'End' },
  emptyCaseload: { id: 'coaches.emptyCaseload', defaultMessage: 'No educators on this caseload yet.' },
  colDates: { id: 'coaches.colDates', defaultMessage: 'Dates' },
  days: { id: 'coaches.days', defaultMessage: ' ({count, plural, one {# day} other {# days}})' },
  emptyPast: { id: 'coaches.emptyPast', defaultMessage: 'No past assignments.' },
});

const none = (label: string) => <span className="muted">—<span className="sr-only">{label}</span></span>;

function educatorColumns(): TableColumn<CaseloadEntry>[] {
  return [
    {
      key: 'educator',
      header: t(m.colEducator),
      render: (a) => <Link className="coaches-caseload__name" to={`/app/staff/${a.staff.id}`}>{a.staff.name}</Link>,
    },
    { key: 'school', header: t(m.colSchool), render: (a) => a.staff.building?.name ?? none(t(m.noCurrentSchool)) },
    { key: 'position', header: t(m.colPosition), render: (a) => (a.staff.position ? tText(a.staff.position) : none(t(m.notSet))) },
  ];
}

/** The open assignments: since when, ending when (if set), and End for people who manage coaches. */
export function CaseloadTable({ caption, rows, today, onEnd }: { caption: string; rows: CaseloadEntry[]; today: string; onEnd?: (a: CaseloadEntry) => void }) {
  const locale = useDateLocale();
  const columns = educatorColumns();
  columns.push({
    key: 'since',
    header: t(m.colSince),
    className: 'nowrap',
    render: (a) => (
      <>
        {a.start_date > today ? (
          <>
            <span className="badge badge--info">{t(m.starts)}</span> {formatDay(a.start_date, locale)}
          </>
        ) : (
          <time dateTime={a.start_date}>{formatDay(a.start_date, locale)}</time>
        )}
        {a.end_date && (
          <span className="coaches-caseload__until muted text-sm">
            {tRich(m.until, { date: formatDay(a.end_date, locale), time: (chunks) => <time dateTime={a.end_date!}>{chunks}</time> })}
          </span>
        )}
      </>
    ),
  });
  if (onEnd) {
    columns.push({
      key: 'actions',
      header: <span className="sr-only">{t(m.colActions)}</span>,
      className: 'table__actions',
      render: (a) => (
        <Button size="sm" variant="ghost" onClick={() => onEnd(a)} aria-label={t(m.endLabel, { name: a.staff.name })}>
          {t(m.end)}
        </Button>
      ),
    });
  }
  return <Table caption={caption} captionHidden columns={columns} rows={rows} rowKey={(a) => a.id} empty={t(m.emptyCaseload)} />;
}

/** Ended assignments with their inclusive date ranges, newest first. */
export function HistoryTable({ caption, rows }: { caption: string; rows: CaseloadEntry[] }) {
  const locale = useDateLocale();
  const columns = educatorColumns();
  columns.push({
    key: 'dates',
    header: t(m.colDates),
    className: 'nowrap',
    render: (a) => {
      const days = daysInclusive(a.start_date, a.end_date!);
      return (
        <>
          <time dateTime={a.start_date}>{formatDay(a.start_date, locale)}</time>
          {' – '}
          <time dateTime={a.end_date!}>{formatDay(a.end_date!, locale)}</time>
          <span className="sr-only">{t(m.days, { count: days })}</span>
        </>
      );
    },
  });
  return <Table caption={caption} captionHidden columns={columns} rows={rows} rowKey={(a) => a.id} empty={t(m.emptyPast)} />;
}
