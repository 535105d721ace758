// Past staff imports: file, who, when, status and counts, each linking to its page.
import type { Locale } from 'date-fns';
import { Link } from 'react-router-dom';
import type { ImportSummary } from '../../../../common/schemas/imports';
import { Table } from '../../../components/Table';
import { defineMessages, t } from '../../../lib/i18n';
import { useInstantFormat } from '../../../lib/session';
import { rowCount } from '../importWords';
import { FORMAT_LABELS, ImportStatusBadge } from './ImportStatus';

const m = defineMessages({
  file: { id: 'exportImport.imports.file', defaultMessage: 'File' },
  fullSync: { id: 'exportImport.imports.fullSync', defaultMessage: 'full sync' },
  by: { id: 'exportImport.imports.by', defaultMessage: 'By' },
  uploaded: { id: 'exportImport.imports.uploaded', defaultMessage: 'Uploaded' },
  status: { id: 'exportImport.imports.status', defaultMessage: 'Status' },
  rows: { id: 'exportImport.imports.rows', defaultMessage: 'Rows' },
  newUpdated: { id: 'exportImport.imports.newUpdated', defaultMessage: '{created, number} new · {updated, number} updated' },
  withErrors: { id: 'exportImport.imports.withErrors', defaultMessage: '{errors, number} with errors' },
});

export function ImportsTable({ imports, locale, screen, caption }: { imports: ImportSummary[]; locale?: Locale; screen: (id: number) => string; caption: string }) {
  const when = useInstantFormat();
  return (
    <Table
      caption={caption}
      captionHidden
      className="ei-imports-table"
      rows={imports}
      rowKey={(i) => i.id}
      columns={[
        {
          key: 'file',
          header: t(m.file),
          render: (i) => (
            <span className="ei-file">
              <Link to={screen(i.id)}>{i.file_name}</Link>
              <span className="muted text-sm">{FORMAT_LABELS[i.format]}{i.mode === 'full-sync' ? ` · ${t(m.fullSync)}` : ''}</span>
            </span>
          ),
        },
        { key: 'by', header: t(m.by), render: (i) => (i.created_by ? i.created_by.name : '—') },
        { key: 'when', header: t(m.uploaded), render: (i) => <span className="nowrap">{when.dateTime(i.created_at)}</span> },
        { key: 'status', header: t(m.status), render: (i) => <ImportStatusBadge status={i.status} /> },
        {
          key: 'counts',
          header: t(m.rows),
          render: (i) => (
            <span className="text-sm">
              {rowCount(i.counts.total)}
              {i.status === 'completed' && ` · ${t(m.newUpdated, { created: i.counts.created, updated: i.counts.updated })}`}
              {i.counts.errors > 0 && ` · ${t(m.withErrors, { errors: i.counts.errors })}`}
            </span>
          ),
        },
      ]}
    />
  );
}
