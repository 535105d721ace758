// One log entry in a dialog: message, stack (scrollable), user agent, user, district, URL or path, status.
import { SECURITY_EVENT_LABELS, type LogKind } from '../../../../common/schemas/adminOps';
import { Alert } from '../../../components/Alert';
import { Modal } from '../../../components/Modal';
import { LoadingBlock } from '../../../components/Spinner';
import { defineMessages, t, tText } from '../../../lib/i18n';
import { useInstantFormat } from '../../../lib/session';
import { useLogEntry } from '../api';

const m = defineMessages({
  clientError: { id: 'adminOps.logDetail.clientError', defaultMessage: 'Client error' },
  serverError: { id: 'adminOps.logDetail.serverError', defaultMessage: 'Server error' },
  securityEvent: { id: 'adminOps.logDetail.securityEvent', defaultMessage: 'Security event' },
  titleWithId: { id: 'adminOps.logDetail.titleWithId', defaultMessage: '{kind} #{id}' },
  loadError: { id: 'adminOps.logDetail.loadError', defaultMessage: 'This entry could not be loaded.' },
  pruned: { id: 'adminOps.logDetail.pruned', defaultMessage: 'It may have been pruned after the retention period.' },
  loading: { id: 'adminOps.logDetail.loading', defaultMessage: 'Loading the entry…' },
  when: { id: 'adminOps.logs.when', defaultMessage: 'When' },
  kind: { id: 'adminOps.logs.kind', defaultMessage: 'Kind' },
  status: { id: 'adminOps.logDetail.status', defaultMessage: 'Status' },
  url: { id: 'adminOps.logs.url', defaultMessage: 'URL' },
  path: { id: 'adminOps.logs.path', defaultMessage: 'Path' },
  user: { id: 'adminOps.logs.user', defaultMessage: 'User' },
  userNameEmail: { id: 'adminOps.logDetail.userNameEmail', defaultMessage: '{name} ({email})' },
  tried: { id: 'adminOps.logDetail.tried', defaultMessage: '{email} (tried)' },
  notSignedIn: { id: 'adminOps.logs.notSignedIn', defaultMessage: 'Not signed in' },
  district: { id: 'adminOps.district', defaultMessage: 'District' },
  ipAddress: { id: 'adminOps.logDetail.ipAddress', defaultMessage: 'IP address' },
  userAgent: { id: 'adminOps.logDetail.userAgent', defaultMessage: 'User agent' },
  requestId: { id: 'adminOps.logDetail.requestId', defaultMessage: 'Request ID' },
  stack: { id: 'adminOps.logDetail.stack', defaultMessage: 'Stack' },
  noStack: { id: 'adminOps.logDetail.noStack', defaultMessage: 'No stack was recorded.' },
});

const KIND_TITLES = () => ({ client: t(m.clientError), server: t(m.serverError), security: t(m.securityEvent) }) satisfies Record<LogKind, string>;

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
    <Modal open={id !== null} title={id ? t(m.titleWithId, { kind: KIND_TITLES()[kind], id }) : KIND_TITLES()[kind]} onClose={onClose} size="lg" className="log-detail">
      {error ? (
        <Alert tone="danger" title={t(m.loadError)}>
          <p>{error.status === 404 ? t(m.pruned) : error.message}</p>
        </Alert>
      ) : !data ? (
        <LoadingBlock label={t(m.loading)} />
      ) : (
        <div className="stack">
          <p className="log-detail__message">{data.message}</p>
          <dl className="log-detail__list">
            <Row label={t(m.when)}>{when.dateTime(data.at)} <span className="muted">({data.at})</span></Row>
            {data.security_kind && <Row label={t(m.kind)}>{tText(SECURITY_EVENT_LABELS[data.security_kind])}</Row>}
            {data.status !== null && <Row label={t(m.status)}>{data.status}</Row>}
            <Row label={kind === 'client' ? t(m.url) : t(m.path)}>{data.method ? `${data.method} ` : ''}{data.url ?? '—'}</Row>
            <Row label={t(m.user)}>{data.user ? t(m.userNameEmail, { name: data.user.name, email: data.user.email }) : data.email ? t(m.tried, { email: data.email }) : t(m.notSignedIn)}</Row>
            <Row label={t(m.district)}>{data.district?.name ?? '—'}</Row>
            {data.ip && <Row label={t(m.ipAddress)}>{data.ip}</Row>}
            <Row label={t(m.userAgent)}>{data.user_agent ?? '—'}</Row>
            {data.request_id && <Row label={t(m.requestId)}><code>{data.request_id}</code></Row>}
            {data.details && Object.entries(data.details).map(([key, value]) => (
              <Row key={key} label={key.replace(/_/g, ' ')}>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</Row>
            ))}
          </dl>
          {kind !== 'security' && (
            <section className="stack stack--sm" aria-labelledby="log-detail-stack">
              <h3 id="log-detail-stack" className="log-detail__heading">{t(m.stack)}</h3>
              {data.stack ? (
                <pre className="log-detail__stack" tabIndex={0} aria-labelledby="log-detail-stack">{data.stack}</pre>
              ) : (
                <p className="muted">{t(m.noStack)}</p>
              )}
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
