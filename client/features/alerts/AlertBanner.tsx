// The banner of current alerts, shown at the top of every app screen for district users. Loaded lazily by
// the app layout after the shell has rendered (one SWR request, nothing on the sign-in pages). Critical
// alerts are announced at once (role="alert") and cannot be dismissed; info and warning are polite
// (role="status") and have a dismiss button that the server remembers for the person. The body's HTML
// comes only from the server's renderMarkdown (common/markdown.ts: raw HTML off, unsafe links dropped).
import { useState } from 'react';
import type { CurrentAlert } from '../../../common/schemas/alerts';
import { useToast } from '../../components/Toasts';
import { defineMessages, t } from '../../lib/i18n';
import { dismissAlert, useCurrentAlerts } from './api';
import './banner.css';

const m = defineMessages({
  info: { id: 'alerts.banner.info', defaultMessage: 'Announcement:' },
  warning: { id: 'alerts.banner.warning', defaultMessage: 'Warning:' },
  critical: { id: 'alerts.banner.critical', defaultMessage: 'Critical:' },
  dismiss: { id: 'alerts.banner.dismiss', defaultMessage: 'Dismiss “{title}”' },
  announcements: { id: 'alerts.banner.announcements', defaultMessage: 'Announcements' },
});

function LevelIcon({ level }: { level: CurrentAlert['level'] }) {
  const common = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  return (
    <svg className="alert-banner__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {level === 'info' && (<><circle cx="12" cy="12" r="9.5" {...common} /><path d="M12 11v6M12 7.5v.01" {...common} /></>)}
      {level === 'warning' && (<><path d="M12 3.5L2.5 20h19z" {...common} /><path d="M12 10v4.5M12 17.3v.01" {...common} /></>)}
      {level === 'critical' && (<><path d="M8 2.8h8L21.2 8v8L16 21.2H8L2.8 16V8z" {...common} /><path d="M12 7.5v5.5M12 16.5v.01" {...common} /></>)}
    </svg>
  );
}

function AlertItem({ alert }: { alert: CurrentAlert }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function dismiss() {
    setBusy(true);
    try {
      await dismissAlert(alert.id);
    } catch (err) {
      toast.error((err as Error).message);
      setBusy(false);
    }
  }
  return (
    <div className={`alert-banner alert-banner--${alert.level}`} role={alert.level === 'critical' ? 'alert' : 'status'} data-alert-id={alert.id}>
      <LevelIcon level={alert.level} />
      <div className="alert-banner__content">
        <p className="alert-banner__title">
          <span className="sr-only">{t(m[alert.level])} </span>
          {alert.title}
        </p>
        {alert.html && <div className="alert-banner__body" dangerouslySetInnerHTML={{ __html: alert.html }} />}
      </div>
      {alert.dismissible && (
        <button type="button" className="alert-banner__dismiss" onClick={() => void dismiss()} disabled={busy}>
          <span aria-hidden="true">×</span>
          <span className="sr-only">{t(m.dismiss, { title: alert.title })}</span>
        </button>
      )}
    </div>
  );
}

export default function AlertBanner() {
  const { data } = useCurrentAlerts();
  if (!data || data.data.length === 0) return null;
  return (
    <section className="alert-banners" aria-label={t(m.announcements)}>
      {data.data.map((alert) => <AlertItem key={alert.id} alert={alert} />)}
    </section>
  );
}
