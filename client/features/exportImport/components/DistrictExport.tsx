// "Export all district data" (issue 32): district administrators start a full export (a zip of every kind of
// record as CSV and JSON, written in the background), follow its progress (the list is polled while one is being
// written), and download it while it is kept (7 days; the expiry on their own clock). Failures show their message.
import { ProgressBar } from '../../../components/ProgressBar';
import { useId, useState } from 'react';
import type { DistrictExport } from '../../../../common/schemas/districtExport';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { LoadingBlock } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { defineMessages, t, tText } from '../../../lib/i18n';
import { messageOf } from '../../../lib/formErrors';
import { useInstantFormat } from '../../../lib/session';
import { startDistrictExport, useDistrictExports } from '../api';

const m = defineMessages({
  started: { id: 'exportImport.district.started', defaultMessage: 'Started {when}' },
  startedBy: { id: 'exportImport.district.startedBy', defaultMessage: 'Started {when} by {name}' },
  progress: { id: 'exportImport.district.progress', defaultMessage: '{done, number} of {total, plural, one {# kind} other {# kinds}} of records written ({rows, plural, one {# row} other {# rows}})' },
  progressEmail: { id: 'exportImport.district.progressEmail', defaultMessage: '{progress}. We will email you when it is ready.' },
  waiting: { id: 'exportImport.district.waiting', defaultMessage: 'Waiting to start' },
  writing: { id: 'exportImport.district.writing', defaultMessage: 'Writing' },
  progressLabel: { id: 'exportImport.district.progressLabel', defaultMessage: 'Export progress' },
  failed: { id: 'exportImport.district.failed', defaultMessage: 'Failed' },
  failedBody: { id: 'exportImport.district.failedBody', defaultMessage: 'The export failed. Start a new one.' },
  expired: { id: 'exportImport.district.expired', defaultMessage: 'Expired' },
  ready: { id: 'exportImport.district.ready', defaultMessage: 'Ready' },
  download: { id: 'exportImport.district.download', defaultMessage: 'Download' },
  downloadSize: { id: 'exportImport.district.downloadSize', defaultMessage: 'Download ({size})' },
  availableUntil: { id: 'exportImport.district.availableUntil', defaultMessage: 'Available until {when}' },
  expiredOn: { id: 'exportImport.district.expiredOn', defaultMessage: 'This export has expired ({when}). Start a new one.' },
  expiredBody: { id: 'exportImport.district.expiredBody', defaultMessage: 'This export has expired. Start a new one.' },
  startedToast: { id: 'exportImport.district.startedToast', defaultMessage: 'Export started. We will email you when it is ready.' },
  startFailed: { id: 'exportImport.district.startFailed', defaultMessage: 'The export could not be started. Please try again.' },
  title: { id: 'exportImport.district.title', defaultMessage: 'Export all district data' },
  intro: { id: 'exportImport.district.intro', defaultMessage: 'One zip file with every kind of record your district keeps in Coachwell (schools, educators, users, groups, caseloads, interactions, activities, coaching cycles, skills, observations, action steps, requests, imports, billing and the audit log), each as a CSV and a JSON file, and a README describing every file and column. It is kept for 7 days and only district administrators can download it.' },
  leftOut: { id: 'exportImport.district.leftOut', defaultMessage: 'Private notes are not included: they belong to their authors, and each person’s own export holds theirs. Nor are observation drafts or the words of coaching requests, and while “Shared notes visible to administrators” is off, shared notes are exported empty.' },
  impersonating: { id: 'exportImport.district.impersonating', defaultMessage: 'Not while impersonating' },
  impersonatingBody: { id: 'exportImport.district.impersonatingBody', defaultMessage: 'Coachwell staff cannot start or download a district’s full export. The district’s administrators can.' },
  start: { id: 'exportImport.district.start', defaultMessage: 'Start export' },
  beingWritten: { id: 'exportImport.district.beingWritten', defaultMessage: 'An export is being written.' },
  exportsLoadError: { id: 'exportImport.district.exportsLoadError', defaultMessage: 'An error occurred while fetching exports. Please try again later.' },
  loading: { id: 'exportImport.district.loading', defaultMessage: 'Loading exports…' },
  recent: { id: 'exportImport.district.recent', defaultMessage: 'Recent exports' },
});

const megabytes = (bytes: number) => (bytes < 100_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`);

function ExportRow({ item, latest, impersonating }: { item: DistrictExport; latest: boolean; impersonating: boolean }) {
  const when = useInstantFormat();
  const started = item.requested_by
    ? t(m.startedBy, { when: when.dateTime(item.created_at), name: item.requested_by.name })
    : t(m.started, { when: when.dateTime(item.created_at) });
  if (item.status === 'queued' || item.status === 'running') {
    const progress = t(m.progress, { done: item.kinds_done, total: item.kinds_total, rows: item.rows_done });
    return (
      <li className="ei-export stack stack--sm">
        <p className="ei-export__title"><span className="badge badge--info">{item.status === 'queued' ? t(m.waiting) : t(m.writing)}</span> {started}</p>
        <ProgressBar
          className="ei-export__bar" label={t(m.progressLabel)}
          done={item.kinds_done} total={item.kinds_total} valueText={progress}
        />
        <p className="muted" aria-live="polite">{t(m.progressEmail, { progress })}</p>
      </li>
    );
  }
  if (item.status === 'failed') {
    return (
      <li className="ei-export stack stack--sm">
        <p className="ei-export__title"><span className="badge badge--danger">{t(m.failed)}</span> {started}</p>
        <p className="muted">{item.error ? tText(item.error) : t(m.failedBody)}</p>
      </li>
    );
  }
  return (
    <li className="ei-export stack stack--sm">
      <p className="ei-export__title">
        <span className={`badge badge--${item.expired ? 'neutral' : 'success'}`}>{item.expired ? t(m.expired) : t(m.ready)}</span> {started}
      </p>
      {item.download_url && !impersonating ? (
        <div className="cluster">
          <a className={`btn btn--${latest ? 'primary' : 'secondary'} btn--md`} href={item.download_url} download>
            <span className="btn__label">{item.size_bytes ? t(m.downloadSize, { size: megabytes(item.size_bytes) }) : t(m.download)}</span>
          </a>
          {item.expires_at && <span className="muted">{t(m.availableUntil, { when: when.dateTime(item.expires_at) })}</span>}
        </div>
      ) : !item.download_url ? (
        <p className="muted">{item.expires_at ? t(m.expiredOn, { when: when.dateTime(item.expires_at) }) : t(m.expiredBody)}</p>
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
      toast.success(t(m.startedToast));
    } catch (err) {
      toast.error(messageOf(err, t(m.startFailed)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">{t(m.title)}</h2>
      <p>{t(m.intro)}</p>
      <p className="muted">{t(m.leftOut)}</p>
      {impersonating && (
        <Alert tone="info" title={t(m.impersonating)}>
          <p>{t(m.impersonatingBody)}</p>
        </Alert>
      )}
      <div className="cluster">
        <Button onClick={() => void start()} busy={busy} disabled={writing || impersonating}>{t(m.start)}</Button>
        {writing && <span className="muted">{t(m.beingWritten)}</span>}
      </div>
      {exports.error && !exports.data ? (
        <LoadError message={t(m.exportsLoadError)} onRetry={() => void exports.mutate()} />
      ) : !exports.data ? (
        <LoadingBlock label={t(m.loading)} />
      ) : items.length === 0 ? null : (
        <ul className="item-list stack stack--sm" aria-label={t(m.recent)}>
          {items.map((item, i) => <ExportRow key={item.id} item={item} latest={i === 0} impersonating={impersonating} />)}
        </ul>
      )}
    </section>
  );
}
