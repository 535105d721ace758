// "Export all district data" (issue 32): district administrators start a full export (a zip of every kind of
// record as CSV and JSON, written in the background), follow its progress (the list is polled while one is being
// written), and download it while it is kept (7 days; the expiry on their own clock). Failures show their message.
import { useId, useState } from 'react';
import { plural } from '../../../../common/plural';
import type { DistrictExport } from '../../../../common/schemas/districtExport';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { LoadingBlock } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { formatInteger } from '../../../lib/format';
import { messageOf } from '../../../lib/formErrors';
import { useInstantFormat } from '../../../lib/session';
import { startDistrictExport, useDistrictExports } from '../api';

const megabytes = (bytes: number) => (bytes < 100_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`);

function ExportRow({ item, latest, impersonating }: { item: DistrictExport; latest: boolean; impersonating: boolean }) {
  const when = useInstantFormat();
  const who = item.requested_by ? ` by ${item.requested_by.name}` : '';
  const started = `Started ${when.dateTime(item.created_at)}${who}`;
  if (item.status === 'queued' || item.status === 'running') {
    const progress = `${formatInteger(item.kinds_done)} of ${plural(item.kinds_total, 'kind', 'kinds')} of records written (${plural(item.rows_done, 'row', 'rows')})`;
    return (
      <li className="ei-export stack stack--sm">
        <p className="ei-export__title"><span className="badge badge--info">{item.status === 'queued' ? 'Waiting to start' : 'Writing'}</span> {started}</p>
        <div
          className="ei-export__bar"
          role="progressbar"
          aria-label="Export progress"
          aria-valuemin={0}
          aria-valuemax={item.kinds_total}
          aria-valuenow={item.kinds_done}
          aria-valuetext={progress}
        >
          <span style={{ width: `${Math.round((item.kinds_done * 100) / Math.max(1, item.kinds_total))}%` }} />
        </div>
        <p className="muted" aria-live="polite">{progress}. We will email you when it is ready.</p>
      </li>
    );
  }
  if (item.status === 'failed') {
    return (
      <li className="ei-export stack stack--sm">
        <p className="ei-export__title"><span className="badge badge--danger">Failed</span> {started}</p>
        <p className="muted">{item.error ?? 'The export failed. Start a new one.'}</p>
      </li>
    );
  }
  return (
    <li className="ei-export stack stack--sm">
      <p className="ei-export__title">
        <span className={`badge badge--${item.expired ? 'neutral' : 'success'}`}>{item.expired ? 'Expired' : 'Ready'}</span> {started}
      </p>
      {item.download_url && !impersonating ? (
        <div className="cluster">
          <a className={`btn btn--${latest ? 'primary' : 'secondary'} btn--md`} href={item.download_url} download>
            <span className="btn__label">Download{item.size_bytes ? ` (${megabytes(item.size_bytes)})` : ''}</span>
          </a>
          {item.expires_at && <span className="muted">Available until {when.dateTime(item.expires_at)}</span>}
        </div>
      ) : !item.download_url ? (
        <p className="muted">This export has expired{item.expires_at ? ` (${when.dateTime(item.expires_at)})` : ''}. Start a new one.</p>
      ) : null}
    </li>
  );
}

export function DistrictExportCard({ impersonating }: { impersonating: boolean }) {
  const titleId = useId();
  const exports = useDistrictExports(true);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const items = exports.data?.data ?? [];
  const writing = items.some((e) => e.status === 'queued' || e.status === 'running');

  async function start() {
    setBusy(true);
    try {
      await startDistrictExport();
      toast.success('Export started. We will email you when it is ready.');
    } catch (err) {
      toast.error(messageOf(err, 'The export could not be started. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">Export all district data</h2>
      <p>
        One zip file with every kind of record your district keeps in Coachwell (schools, educators, users, groups, caseloads,
        interactions, activities, coaching cycles, skills, observations, action steps, requests, imports, billing and the audit log),
        each as a CSV and a JSON file, and a README describing every file and column. It is kept for 7 days and only district
        administrators can download it.
      </p>
      <p className="muted">
        Private notes are not included: they belong to their authors, and each person’s own export holds theirs. Nor are observation
        drafts or the words of coaching requests, and while “Shared notes visible to administrators” is off, shared notes are exported empty.
      </p>
      {impersonating && (
        <Alert tone="info" title="Not while impersonating">
          <p>Coachwell staff cannot start or download a district’s full export. The district’s administrators can.</p>
        </Alert>
      )}
      <div className="cluster">
        <Button onClick={() => void start()} busy={busy} disabled={writing || impersonating}>Start export</Button>
        {writing && <span className="muted">An export is being written.</span>}
      </div>
      {exports.error && !exports.data ? (
        <LoadError what="exports" onRetry={() => void exports.mutate()} />
      ) : !exports.data ? (
        <LoadingBlock label="Loading exports…" />
      ) : items.length === 0 ? null : (
        <ul className="item-list stack stack--sm" aria-label="Recent exports">
          {items.map((item, i) => <ExportRow key={item.id} item={item} latest={i === 0} impersonating={impersonating} />)}
        </ul>
      )}
    </section>
  );
}
