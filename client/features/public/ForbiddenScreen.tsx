import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/Button';
import type { ScreenProps } from '../../app/routeTable';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  code: { id: 'public.forbidden.code', defaultMessage: 'Error 403' },
  title: { id: 'public.forbidden.title', defaultMessage: "You don't have access to this page" },
  text: {
    id: 'public.forbidden.text',
    defaultMessage: 'Your role in Coachwell doesn’t include this page. Access is set by your district, so if you need it for your work, ask your district administrator to update your role or permissions.',
  },
  dashboard: { id: 'public.forbidden.dashboard', defaultMessage: 'Go to your dashboard' },
  back: { id: 'public.forbidden.back', defaultMessage: 'Go back' },
});

/** True when react-router has an earlier entry in this tab's history to go back to. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export default function ForbiddenScreen(_props: ScreenProps) {
  const navigate = useNavigate();
  const goBack = () => {
    if (canGoBack()) void navigate(-1);
    else void navigate('/');
  };

  return (
    <div className="container error-page-shell">
      <div className="error-page-card">
        <span className="error-page-icon" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
            <rect x="11" y="21" width="26" height="20" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path
              d="M16 21v-5a8 8 0 0 1 16 0v5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
            <path d="M24 29v5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </span>
        <p className="error-page-code">{t(m.code)}</p>
        <h1 className="error-page-title">{t(m.title)}</h1>
        <p className="error-page-text">{t(m.text)}</p>
        <div className="error-page-actions">
          <ButtonLink to="/app">{t(m.dashboard)}</ButtonLink>
          <Button variant="secondary" onClick={goBack}>
            {t(m.back)}
          </Button>
        </div>
      </div>
    </div>
  );
}
