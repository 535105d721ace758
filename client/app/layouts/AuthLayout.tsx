import { Link, Outlet, useLocation } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { defineMessages, t } from '../../lib/i18n';
import { layoutMessages as lm } from './messages';

const m = defineMessages({
  districtSignIn: { id: 'app.auth.districtSignIn', defaultMessage: 'District sign in' },
  aboutCoachwell: { id: 'app.auth.aboutCoachwell', defaultMessage: 'About Coachwell' },
});

export function AuthLayout() {
  const isAdmin = useLocation().pathname.startsWith('/admin');
  return (
    <div className={`auth-layout${isAdmin ? ' auth-layout--admin' : ''}`}>
      <a className="skip-link" href="#main">{t(lm.skipToContent)}</a>
      <header className="auth-layout__brand">
        <Logo to="/" />
        {isAdmin && <span className="admin-tag">{t(lm.coachwellStaff)}</span>}
      </header>
      <main id="main" tabIndex={-1} className="auth-layout__card card">
        <Outlet />
      </main>
      <footer className="auth-layout__footer">
        <Link to="/policy">{t(lm.privacyAndTerms)}</Link>
        {isAdmin ? <Link to="/app/auth/login">{t(m.districtSignIn)}</Link> : <Link to="/">{t(m.aboutCoachwell)}</Link>}
      </footer>
    </div>
  );
}
