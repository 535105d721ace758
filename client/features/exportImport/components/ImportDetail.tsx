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
import { useInstantFormat } from '../../../lib/session';
import { failedRowsUrl, type ImportApi, useImport, useImportRows } from '../api';
import { FORMAT_LABELS, ImportStatusBadge, OUTCOME_LABELS } from './ImportStatus';
import { RowsTable } from './RowsTable';

const OUTCOME_FILTERS = [{ value: 'all', label: 'All rows' }, ...ROW_OUTCOMES.map((o) => ({ value: o, label: OUTCOME_LABELS[o] }))];

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
        <Alert tone={status === 403 ? 'warning' : 'danger'} title={status === 403 ? 'Not available' : 'Import not found'}>
          <p>{id === null ? 'We could not find that import.' : imp.error?.message}</p>
        </Alert>
      </div>
    );
  }
  if (!imp.data) return <LoadingBlock label="Loading the import…" />;
  const i = imp.data;
  const c = i.counts;

  return (
    <div className="stack stack--lg ei-page">
      <PageHeader
        title={title}
        breadcrumbs={breadcrumbs}
        description={<p>{i.file_name}</p>}
        actions={c.errors > 0 && <a className="btn btn--secondary btn--md" href={failedRowsUrl(api, i.id)} download><span className="btn__label">Download failed rows</span></a>}
      />
      <section className="card stack" aria-label="Summary">
        <dl className="dl ei-summary">
          <dt>Status</dt><dd><ImportStatusBadge status={i.status} /></dd>
          <dt>File</dt><dd>{i.file_name} ({FORMAT_LABELS[i.format]})</dd>
          <dt>By</dt><dd>{i.created_by?.name ?? '—'}</dd>
          <dt>Uploaded</dt><dd>{when.dateTime(i.created_at)}</dd>
          {i.finished_at && <><dt>Finished</dt><dd>{when.dateTime(i.finished_at)}</dd></>}
          <dt>Mode</dt><dd>{i.mode === 'full-sync' ? 'Full sync (educators missing from the file deactivated)' : 'Add and update'}{i.options.skip_invalid ? '; invalid rows skipped' : ''}{i.options.create_missing_schools ? '; missing schools created' : ''}</dd>
        </dl>
        {i.failure && <Alert tone={i.status === 'interrupted' ? 'warning' : 'danger'} title={i.status === 'interrupted' ? 'Interrupted' : 'Failed'}><p>{i.failure}</p></Alert>}
        <dl className="ei-counts" aria-label="Counts">
          <div><dt>Rows</dt><dd>{formatInteger(c.total)}</dd></div>
          <div><dt>{i.status === 'pending' ? 'Would be new' : 'New'}</dt><dd>{formatInteger(c.created)}</dd></div>
          <div><dt>Updated</dt><dd>{formatInteger(c.updated)}</dd></div>
          <div><dt>Unchanged</dt><dd>{formatInteger(c.unchanged)}</dd></div>
          <div className={c.errors ? 'ei-counts--bad' : undefined}><dt>With errors</dt><dd>{formatInteger(c.errors)}</dd></div>
          {c.skipped > 0 && <div><dt>Not staff, left out</dt><dd>{formatInteger(c.skipped)}</dd></div>}
          {i.mode === 'full-sync' && <div><dt>Deactivated</dt><dd>{formatInteger(c.deactivated)}</dd></div>}
        </dl>
      </section>
      <section className="stack" aria-label="Rows">
        <div className="ei-filter">
          <SelectField name="outcome" label="Show" value={outcome} onChange={(v) => setFilter({ outcome: v, page: null })} options={OUTCOME_FILTERS} />
        </div>
        {rows.error && !rows.data ? (
          <LoadError what="the rows" onRetry={() => void rows.mutate()} />
        ) : !rows.data ? (
          <LoadingBlock label="Loading rows…" />
        ) : (
          <>
            <RowsTable rows={rows.data.data} mapping={i.mapping} caption={`${outcome === 'all' ? 'Rows' : `${OUTCOME_LABELS[outcome]} rows`} (${formatInteger(rows.data.meta.total)})`} linkRecords={recordLink} />
            <Pager page={rows.data.meta.page} lastPage={rows.data.meta.last_page} onChange={(p) => setFilter({ page: String(p) })} />
          </>
        )}
      </section>
    </div>
  );
}
