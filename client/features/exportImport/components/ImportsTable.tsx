// Past staff imports: file, who, when, status and counts, each linking to its page.
import type { Locale } from 'date-fns';
import { Link } from 'react-router-dom';
import type { ImportSummary } from '../../../../common/schemas/imports';
import { Table } from '../../../components/Table';
import { formatInteger } from '../../../lib/format';
import { useInstantFormat } from '../../../lib/session';
import { rowCount } from '../importWords';
import { FORMAT_LABELS, ImportStatusBadge } from './ImportStatus';

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
          header: 'File',
          render: (i) => (
            <span className="ei-file">
              <Link to={screen(i.id)}>{i.file_name}</Link>
              <span className="muted text-sm">{FORMAT_LABELS[i.format]}{i.mode === 'full-sync' ? ' · full sync' : ''}</span>
            </span>
          ),
        },
        { key: 'by', header: 'By', render: (i) => (i.created_by ? i.created_by.name : '—') },
        { key: 'when', header: 'Uploaded', render: (i) => <span className="nowrap">{when.dateTime(i.created_at)}</span> },
        { key: 'status', header: 'Status', render: (i) => <ImportStatusBadge status={i.status} /> },
        {
          key: 'counts',
          header: 'Rows',
          render: (i) => (
            <span className="text-sm">
              {rowCount(i.counts.total)}
              {i.status === 'completed' && ` · ${formatInteger(i.counts.created)} new · ${formatInteger(i.counts.updated)} updated`}
              {i.counts.errors > 0 && ` · ${formatInteger(i.counts.errors)} with errors`}
            </span>
          ),
        },
      ]}
    />
  );
}
