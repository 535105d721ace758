// One import (staff, or the admin User CSV Import): summary, rows with outcomes and errors (filtered by
// outcome in the URL) and a download of the failed rows to fix and upload again.
import { useSearchParams } from 'react-router-dom';
import { ROW_OUTCOMES, type RowOutcome } from '../../../../common/schemas/imports';
import { LoadError } from '../../../components/LoadError';
import { Alert } from '../../../components/Alert';
import { SelectField } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { LoadingBlock } from '../../../components/Spinner';
import { formatInteger } from '../../../lib/format';
import { defineMessages, t } from '../../../lib/i18n';
import { useInstantFormat } from '../../../lib/session';
import { failedRowsUrl, type ImportApi, useImport, useImportRows } from '../api';
import { FORMAT_LABELS, ImportStatusBadge, outcomeLabel, outcomeRowsCaption } from './ImportStatus';
import { RowsTable } from './RowsTable';

const m = defineMessages({
  allRows: { id: 'exportImport.detail.allRows', defaultMessage: 'All rows' },
  notAvailable: { id: 'exportImport.detail.notAvailable', defaultMessage: 'Not available' },
  notFound: { id: 'exportImport.detail.notFound', defaultMessage: 'Import not found' },
  notFoundBody: { id: 'exportImport.detail.notFoundBody', defaultMessage: 'We could not find that import.' },
  loading: { id: 'exportImport.detail.loading', defaultMessage: 'Loading the import…' },
  downloadFailed: { id: 'exportImport.detail.downloadFailed', defaultMessage: 'Download failed rows' },
  summary: { id: 'exportImport.detail.summary', defaultMessage: 'Summary' },
  status: { id: 'exportImport.detail.status', defaultMessage: 'Status' },
  file: { id: 'exportImport.detail.file', defaultMessage: 'File' },
  by: { id: 'exportImport.detail.by', defaultMessage: 'By' },
  uploaded: { id: 'exportImport.detail.uploaded', defaultMessage: 'Uploaded' },
  finished: { id: 'exportImport.detail.finished', defaultMessage: 'Finished' },
  mode: { id: 'exportImport.detail.mode', defaultMessage: 'Mode' },
  fullSync: { id: 'exportImport.detail.fullSync', defaultMessage: 'Full sync (educators missing from the file deactivated)' },
  addUpdate: { id: 'exportImport.detail.addUpdate', defaultMessage: 'Add and update' },
  invalidSkipped: { id: 'exportImport.detail.invalidSkipped', defaultMessage: '; invalid rows skipped' },
  schoolsCreated: { id: 'exportImport.detail.schoolsCreated', defaultMessage: '; missing schools created' },
  interrupted: { id: 'exportImport.detail.interrupted', defaultMessage: 'Interrupted' },
  failed: { id: 'exportImport.detail.failed', defaultMessage: 'Failed' },
  counts: { id: 'exportImport.detail.counts', defaultMessage: 'Counts' },
  rows: { id: 'exportImport.detail.rows', defaultMessage: 'Rows' },
  wouldBeNew: { id: 'exportImport.detail.wouldBeNew', defaultMessage: 'Would be new' },
  new: { id: 'exportImport.detail.new', defaultMessage: 'New' },
  updated: { id: 'exportImport.detail.updated', defaultMessage: 'Updated' },
  unchanged: { id: 'exportImport.detail.unchanged', defaultMessage: 'Unchanged' },
  withErrors: { id: 'exportImport.detail.withErrors', defaultMessage: 'With errors' },
  notStaff: { id: 'exportImport.detail.notStaff', defaultMessage: 'Not staff, left out' },
  deactivated: { id: 'exportImport.detail.deactivated', defaultMessage: 'Deactivated' },
  show: { id: 'exportImport.detail.show', defaultMessage: 'Show' },
  rowsLoadError: { id: 'exportImport.detail.rowsLoadError', defaultMessage: 'An error occurred while fetching the rows. Please try again later.' },
  loadingRows: { id: 'exportImport.detail.loadingRows', defaultMessage: 'Loading rows…' },
  rowsCaption: { id: 'exportImport.detail.rowsCaption', defaultMessage: 'Rows ({count, number})' },
});

const outcomeFilters = () => [{ value: 'all', label: t(m.allRows) }, ...ROW_OUTCOMES.map((o) => ({ value: o, label: outcomeLabel(o) }))];

export function ImportDetail({ api, id, title, breadcrumbs, recordLink }: {
  api: ImportApi; id: number | null; title: string; breadcrumbs: { label: string; to?: string }[]; recordLink?: string;
}) {
  const when = useInstantFormat();
  const [search, setSearch] = useSearchParams();
  const outcome = (ROW_OUTCOMES as readonly string[]).includes(search.get('outcome') ?? '') ? (search.get('outcome') as RowOutcome) : 'all';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const imp = useImport(api, id);
  const rows = useImportRows(api, imp.data ? id : null, outcome, page);
  const setFilter = (patch: Record<string, string | null>) => setSearch((cur) => {
    const next = new URLSearchParams(cur);
    for (const [k, v] of Object.entries(patch)) if (v === null || v === 'all' || v === '1') next.delete(k); else next.set(k, v);
    return next;
  });

  if (id === null || imp.error) {
    const status = imp.error?.status;
    return (
      <div className="stack stack--lg ei-page">
        <PageHeader title={title} breadcrumbs={breadcrumbs} />
        <Alert tone={status === 403 ? 'warning' : 'danger'} title={status === 403 ? t(m.notAvailable) : t(m.notFound)}>
          <p>{id === null ? t(m.notFoundBody) : imp.error?.message}</p>
        </Alert>
      </div>
    );
  }
  if (!imp.data) return <LoadingBlock label={t(m.loading)} />;
  const i = imp.data;
  const c = i.counts;

  return (
    <div className="stack stack--lg ei-page">
      <PageHeader
        title={title}
        breadcrumbs={breadcrumbs}
        description={<p>{i.file_name}</p>}
        actions={c.errors > 0 && <a className="btn btn--secondary btn--md" href={failedRowsUrl(api, i.id)} download><span className="btn__label">{t(m.downloadFailed)}</span></a>}
      />
      <section className="card stack" aria-label={t(m.summary)}>
        <dl className="dl ei-summary">
          <dt>{t(m.status)}</dt><dd><ImportStatusBadge status={i.status} /></dd>
          <dt>{t(m.file)}</dt><dd>{i.file_name} ({FORMAT_LABELS[i.format]})</dd>
          <dt>{t(m.by)}</dt><dd>{i.created_by?.name ?? '—'}</dd>
          <dt>{t(m.uploaded)}</dt><dd>{when.dateTime(i.created_at)}</dd>
          {i.finished_at && <><dt>{t(m.finished)}</dt><dd>{when.dateTime(i.finished_at)}</dd></>}
          <dt>{t(m.mode)}</dt><dd>{i.mode === 'full-sync' ? t(m.fullSync) : t(m.addUpdate)}{i.options.skip_invalid ? t(m.invalidSkipped) : ''}{i.options.create_missing_schools ? t(m.schoolsCreated) : ''}</dd>
        </dl>
        {i.failure && <Alert tone={i.status === 'interrupted' ? 'warning' : 'danger'} title={i.status === 'interrupted' ? t(m.interrupted) : t(m.failed)}><p>{i.failure}</p></Alert>}
        <dl className="ei-counts" aria-label={t(m.counts)}>
          <div><dt>{t(m.rows)}</dt><dd>{formatInteger(c.total)}</dd></div>
          <div><dt>{i.status === 'pending' ? t(m.wouldBeNew) : t(m.new)}</dt><dd>{formatInteger(c.created)}</dd></div>
          <div><dt>{t(m.updated)}</dt><dd>{formatInteger(c.updated)}</dd></div>
          <div><dt>{t(m.unchanged)}</dt><dd>{formatInteger(c.unchanged)}</dd></div>
          <div className={c.errors ? 'ei-counts--bad' : undefined}><dt>{t(m.withErrors)}</dt><dd>{formatInteger(c.errors)}</dd></div>
          {c.skipped > 0 && <div><dt>{t(m.notStaff)}</dt><dd>{formatInteger(c.skipped)}</dd></div>}
          {i.mode === 'full-sync' && <div><dt>{t(m.deactivated)}</dt><dd>{formatInteger(c.deactivated)}</dd></div>}
        </dl>
      </section>
      <section className="stack" aria-label={t(m.rows)}>
        <div className="ei-filter">
          <SelectField name="outcome" label={t(m.show)} value={outcome} onChange={(v) => setFilter({ outcome: v, page: null })} options={outcomeFilters()} />
        </div>
        {rows.error && !rows.data ? (
          <LoadError message={t(m.rowsLoadError)} onRetry={() => void rows.mutate()} />
        ) : !rows.data ? (
          <LoadingBlock label={t(m.loadingRows)} />
        ) : (
          <>
            <RowsTable rows={rows.data.data} mapping={i.mapping} caption={outcome === 'all' ? t(m.rowsCaption, { count: rows.data.meta.total }) : outcomeRowsCaption(outcome, rows.data.meta.total)} linkRecords={recordLink} />
            <Pager page={rows.data.meta.page} lastPage={rows.data.meta.last_page} onChange={(p) => setFilter({ page: String(p) })} />
          </>
        )}
      </section>
    </div>
  );
}
