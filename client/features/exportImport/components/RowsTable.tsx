// One import's rows: row number, the person (first cells), the outcome and each error with its column.
import { Link } from 'react-router-dom';
import type { ImportRowItem } from '../../../../common/schemas/imports';
import { Table } from '../../../components/Table';
import { defineMessages, t, tText } from '../../../lib/i18n';
import { OutcomeBadge } from './ImportStatus';

const m = defineMessages({
  empty: { id: 'exportImport.rows.empty', defaultMessage: '(empty)' },
  noRows: { id: 'exportImport.rows.noRows', defaultMessage: 'No rows to show.' },
  row: { id: 'exportImport.rows.row', defaultMessage: 'Row' },
  values: { id: 'exportImport.rows.values', defaultMessage: 'Values' },
  outcome: { id: 'exportImport.rows.outcome', defaultMessage: 'Outcome' },
  errors: { id: 'exportImport.rows.errors', defaultMessage: 'Errors' },
});

/** The few cells that say who the row is: names and email when mapped, else the first three. */
function who(row: ImportRowItem, mapping: Record<string, string>): string {
  const byField = (field: string) => Object.entries(mapping).find(([, f]) => f === field)?.[0];
  const parts = ['first_name', 'last_name', 'name', 'email'].map(byField).filter((h): h is string => !!h).map((h) => row.values[h]).filter(Boolean);
  return (parts.length ? parts : Object.values(row.values).slice(0, 3)).join(' · ') || t(m.empty);
}

export function RowsTable({ rows, mapping, caption, linkRecords }: { rows: ImportRowItem[]; mapping: Record<string, string>; caption: string; linkRecords?: string }) {
  return (
    <Table
      caption={caption}
      className="ei-rows-table"
      rows={rows}
      rowKey={(r) => r.row_number}
      empty={t(m.noRows)}
      columns={[
        { key: 'row', header: t(m.row), className: 'num', render: (r) => r.row_number },
        {
          key: 'who',
          header: t(m.values),
          render: (r) => (linkRecords && r.record_id && r.outcome !== 'error'
            ? <Link to={`${linkRecords}${r.record_id}`}>{who(r, mapping)}</Link>
            : <span className="ei-who">{who(r, mapping)}</span>),
        },
        { key: 'outcome', header: t(m.outcome), render: (r) => <OutcomeBadge outcome={r.outcome} /> },
        {
          key: 'errors',
          header: t(m.errors),
          render: (r) => (r.errors.length ? (
            <ul className="ei-errors">
              {r.errors.map((e, i) => (
                <li key={i}>{e.column && <strong>{e.column}: </strong>}{tText(e.message)}</li>
              ))}
            </ul>
          ) : <span className="muted">—</span>),
        },
      ]}
    />
  );
}
