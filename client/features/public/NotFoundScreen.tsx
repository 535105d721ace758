import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import type { ScreenProps } from '../../app/routeTable';
import { defineMessages, t, tRich } from '../../lib/i18n';

const m = defineMessages({
  code: { id: 'public.notFound.code', defaultMessage: 'Error 404' },
  title: { id: 'public.notFound.title', defaultMessage: "We couldn't find that page" },
  text: {
    id: 'public.notFound.text',
    defaultMessage: 'There is no page at {path}. It may have moved, or the link may contain a typo.',
    description: 'path: the address asked for, as code',
  },
  home: { id: 'public.notFound.home', defaultMessage: 'Go to the home page' },
  dashboard: { id: 'public.notFound.dashboard', defaultMessage: 'Go to your dashboard' },
});

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
        <p className="error-page-code">{t(m.code)}</p>
        <h1 className="error-page-title">{t(m.title)}</h1>
        <p className="error-page-text">
          {tRich(m.text, { path: <code className="error-page-path">{requested}</code> })}
        </p>
        <div className="error-page-actions">
          <ButtonLink to="/">{t(m.home)}</ButtonLink>
          <ButtonLink to="/app" variant="secondary">
            {t(m.dashboard)}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
