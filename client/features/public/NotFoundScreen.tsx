import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import type { ScreenProps } from '../../app/routeTable';

export default function NotFoundScreen(_props: ScreenProps) {
  const { pathname, search } = useLocation();
  const requested = `${pathname}${search}`;

  return (
    <div className="container error-page-shell">
      <div className="error-page-card">
        <span className="error-page-icon" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
            <circle cx="21" cy="21" r="12" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="M30 30l9 9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            <path d="M17 21h8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </span>
        <p className="error-page-code">Error 404</p>
        <h1 className="error-page-title">We couldn't find that page</h1>
        <p className="error-page-text">
          There is no page at <code className="error-page-path">{requested}</code>. It may have moved, or the link
          may contain a typo.
        </p>
        <div className="error-page-actions">
          <ButtonLink to="/">Go to the home page</ButtonLink>
          <ButtonLink to="/app" variant="secondary">
            Go to your dashboard
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
