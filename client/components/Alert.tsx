import type { ReactNode } from 'react';
import { defineMessages, t } from '../lib/i18n';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

/** What a screen reader hears before the alert (its tone in words). */
const PREFIX = defineMessages({
  info: { id: 'ui.alert.info', defaultMessage: 'Note:' },
  success: { id: 'ui.alert.success', defaultMessage: 'Success:' },
  warning: { id: 'ui.alert.warning', defaultMessage: 'Warning:' },
  danger: { id: 'ui.alert.danger', defaultMessage: 'Error:' },
});

/** Distinct shapes per tone so meaning never depends on colour. */
function AlertIcon({ tone }: { tone: AlertTone }) {
  const common = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  return (
    <svg className="alert__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {tone === 'info' && (
        <>
          <circle cx="12" cy="12" r="9.5" {...common} />
          <path d="M12 11v6M12 7.5v.01" {...common} />
        </>
      )}
      {tone === 'success' && (
        <>
          <circle cx="12" cy="12" r="9.5" {...common} />
          <path d="M7.5 12.5l3 3 6-6.5" {...common} />
        </>
      )}
      {tone === 'warning' && (
        <>
          <path d="M12 3.5L2.5 20h19z" {...common} />
          <path d="M12 10v4.5M12 17.3v.01" {...common} />
        </>
      )}
      {tone === 'danger' && (
        <>
          <path d="M8 2.8h8L21.2 8v8L16 21.2H8L2.8 16V8z" {...common} />
          <path d="M9 9l6 6M15 9l-6 6" {...common} />
        </>
      )}
    </svg>
  );
}

export type AlertProps = {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** Inline message box. Danger alerts are announced immediately (role="alert"). */
export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  return (
    <div
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
      role={tone === 'danger' ? 'alert' : undefined}
    >
      <AlertIcon tone={tone} />
      <div className="alert__content">
        {title ? (
          <p className="alert__title">
            <span className="sr-only">{t(PREFIX[tone])} </span>
            {title}
          </p>
        ) : (
          <span className="sr-only">{t(PREFIX[tone])} </span>
        )}
        {children && <div className="alert__body">{children}</div>}
      </div>
    </div>
  );
}
