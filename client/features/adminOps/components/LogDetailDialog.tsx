// One log entry in a dialog: message, stack (scrollable), user agent, user, district, URL or path, status.
import { SECURITY_EVENT_LABELS, type LogKind } from '../../../../common/schemas/adminOps';
import { Alert } from '../../../components/Alert';
import { Modal } from '../../../components/Modal';
import { LoadingBlock } from '../../../components/Spinner';
import { useInstantFormat } from '../../../lib/session';
import { useLogEntry } from '../api';

const KIND_TITLES: Record<LogKind, string> = { client: 'Client error', server: 'Server error', security: 'Security event' };

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="log-detail__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function LogDetailDialog({ kind, id, onClose }: { kind: LogKind; id: number | null; onClose: () => void }) {
  const { data, error } = useLogEntry(kind, id);
  const when = useInstantFormat();
  return (
    <Modal open={id !== null} title={`${KIND_TITLES[kind]}${id ? ` #${id}` : ''}`} onClose={onClose} size="lg" className="log-detail">
      {error ? (
        <Alert tone="danger" title="This entry could not be loaded.">
          <p>{error.status === 404 ? 'It may have been pruned after the retention period.' : error.message}</p>
        </Alert>
      ) : !data ? (
        <LoadingBlock label="Loading the entry…" />
      ) : (
        <div className="stack">
          <p className="log-detail__message">{data.message}</p>
          <dl className="log-detail__list">
            <Row label="When">{when.dateTime(data.at)} <span className="muted">({data.at})</span></Row>
            {data.security_kind && <Row label="Kind">{SECURITY_EVENT_LABELS[data.security_kind]}</Row>}
            {data.status !== null && <Row label="Status">{data.status}</Row>}
            <Row label={kind === 'client' ? 'URL' : 'Path'}>{data.method ? `${data.method} ` : ''}{data.url ?? '—'}</Row>
            <Row label="User">{data.user ? `${data.user.name} (${data.user.email})` : data.email ? `${data.email} (tried)` : 'Not signed in'}</Row>
            <Row label="District">{data.district?.name ?? '—'}</Row>
            {data.ip && <Row label="IP address">{data.ip}</Row>}
            <Row label="User agent">{data.user_agent ?? '—'}</Row>
            {data.request_id && <Row label="Request ID"><code>{data.request_id}</code></Row>}
            {data.details && Object.entries(data.details).map(([key, value]) => (
              <Row key={key} label={key.replace(/_/g, ' ')}>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</Row>
            ))}
          </dl>
          {kind !== 'security' && (
            <section className="stack stack--sm" aria-labelledby="log-detail-stack">
              <h3 id="log-detail-stack" className="log-detail__heading">Stack</h3>
              {data.stack ? (
                <pre className="log-detail__stack" tabIndex={0} aria-labelledby="log-detail-stack">{data.stack}</pre>
              ) : (
                <p className="muted">No stack was recorded.</p>
              )}
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
