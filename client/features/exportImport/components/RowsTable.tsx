// One import's rows: row number, the person (first cells), the outcome and each error with its column.
import { Link } from 'react-router-dom';
import type { ImportRowItem } from '../../../../common/schemas/imports';
import { Table } from '../../../components/Table';
import { OutcomeBadge } from './ImportStatus';

/** The few cells that say who the row is: names and email when mapped, else the first three. */
function who(row: ImportRowItem, mapping: Record<string, string>): string {
  const byField = (field: string) => Object.entries(mapping).find(([, f]) => f === field)?.[0];
  const parts = ['first_name', 'last_name', 'name', 'email'].map(byField).filter((h): h is string => !!h).map((h) => row.values[h]).filter(Boolean);
  return (parts.length ? parts : Object.values(row.values).slice(0, 3)).join(' · ') || '(empty)';
}

export function RowsTable({ rows, mapping, caption, linkRecords }: { rows: ImportRowItem[]; mapping: Record<string, string>; caption: string; linkRecords?: string }) {
  return (
    <Table
      caption={caption}
      className="ei-rows-table"
      rows={rows}
      rowKey={(r) => r.row_number}
      empty="No rows to show."
      columns={[
        { key: 'row', header: 'Row', className: 'num', render: (r) => r.row_number },
        {
          key: 'who',
          header: 'Values',
          render: (r) => (linkRecords && r.record_id && r.outcome !== 'error'
            ? <Link to={`${linkRecords}${r.record_id}`}>{who(r, mapping)}</Link>
            : <span className="ei-who">{who(r, mapping)}</span>),
        },
        { key: 'outcome', header: 'Outcome', render: (r) => <OutcomeBadge outcome={r.outcome} /> },
        {
          key: 'errors',
          header: 'Errors',
          render: (r) => (r.errors.length ? (
            <ul className="ei-errors">
              {r.errors.map((e, i) => (
                <li key={i}>{e.column && <strong>{e.column}: </strong>}{e.message}</li>
              ))}
            </ul>
          ) : <span className="muted">—</span>),
        },
      ]}
    />
  );
}
