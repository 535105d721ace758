import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  breadcrumb: { id: 'ui.pageHeader.breadcrumb', defaultMessage: 'Breadcrumb' },
});

export type Breadcrumb = { label: ReactNode; to?: string };

export type PageHeaderProps = {
  /** The page's single h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons/links aligned to the end of the header (wrap under the title on phones). */
  actions?: ReactNode;
  breadcrumbs?: Breadcrumb[];
  className?: string;
};

export function PageHeader({ title, description, actions, breadcrumbs, className }: PageHeaderProps) {
  return (
    <header className={['page-header', className].filter(Boolean).join(' ')}>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <nav className="breadcrumbs" aria-label={t(m.breadcrumb)}>
          <ol className="breadcrumbs__list">
            {breadcrumbs.map((crumb, i) => {
              const last = i === breadcrumbs.length - 1;
              return (
                <li key={i} className="breadcrumbs__item">
                  {crumb.to && !last ? (
                    <Link to={crumb.to}>{crumb.label}</Link>
                  ) : (
                    <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      )}
      <div className="page-header__row">
        <div className="page-header__text">
          <h1 className="page-header__title">{title}</h1>
          {description && <div className="page-header__description">{description}</div>}
        </div>
        {actions && <div className="page-header__actions">{actions}</div>}
      </div>
    </header>
  );
}
