import type { ReactNode } from 'react';

export type EmptyStateProps = {
  title: ReactNode;
  children?: ReactNode;
  /** Usually a Button or ButtonLink that gets the user started. */
  action?: ReactNode;
  /** Decorative icon or illustration (hidden from assistive technology). */
  icon?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
};

export function EmptyState({ title, children, action, icon, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className={['empty-state', className].filter(Boolean).join(' ')}>
      <div className="empty-state__icon" aria-hidden="true">
        {icon ?? (
          <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
            <rect x="8" y="12" width="32" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="M8 22h10l3 4h6l3-4h10" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
          </svg>
        )}
      </div>
      <Heading className="empty-state__title">{title}</Heading>
      {children && <div className="empty-state__body">{children}</div>}
      {action && <div className="empty-state__action">{action}</div>}
    </section>
  );
}
