import { Link, NavLink, Outlet } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { useAuthUser, useToday } from '../../lib/session';
import { homePathFor } from '../routeTable';
import { defineMessages, t } from '../../lib/i18n';
import { layoutMessages as lm } from './messages';

const m = defineMessages({
  main: { id: 'app.public.main', defaultMessage: 'Main' },
  goToDashboard: { id: 'app.public.goToDashboard', defaultMessage: 'Go to dashboard' },
  startFreeTrial: { id: 'app.public.startFreeTrial', defaultMessage: 'Start free trial' },
  tagline: { id: 'app.public.tagline', defaultMessage: 'Instructional coaching for US school districts: plan it, log it, and show it works.' },
  product: { id: 'app.public.product', defaultMessage: 'Product' },
  startAFreeTrial: { id: 'app.public.startAFreeTrial', defaultMessage: 'Start a free trial' },
  trust: { id: 'app.public.trust', defaultMessage: 'Trust' },
  privacyPolicy: { id: 'app.public.privacyPolicy', defaultMessage: 'Privacy policy' },
  ferpa: { id: 'app.public.ferpa', defaultMessage: 'FERPA' },
  termsOfService: { id: 'app.public.termsOfService', defaultMessage: 'Terms of service' },
  staffSignIn: { id: 'app.public.staffSignIn', defaultMessage: 'Staff sign in' },
  copyright: { id: 'app.public.copyright', defaultMessage: '© {year} Coachwell. District data stays the district\'s.' },
});

export function PublicLayout() {
  const { user } = useAuthUser();
  // This year on the visitor's clock (their profile's, else the browser's).
  const year = useToday().slice(0, 4);
  return (
    <div className="public-page">
      <a className="skip-link" href="#main">{t(lm.skipToContent)}</a>
      <header className="public-header">
        <Logo to="/" />
        <nav aria-label={t(m.main)} className="public-nav">
          <ul>
            <li><NavLink to="/pricing">{t(lm.pricing)}</NavLink></li>
            <li><NavLink to="/policy">{t(lm.privacyAndTerms)}</NavLink></li>
            {user ? (
              <li><ButtonLink to={homePathFor(user)} size="sm">{t(m.goToDashboard)}</ButtonLink></li>
            ) : (
              <>
                <li><NavLink to="/app/auth/login">{t(lm.signIn)}</NavLink></li>
                <li><ButtonLink to="/register" size="sm">{t(m.startFreeTrial)}</ButtonLink></li>
              </>
            )}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="public-main">
        <Outlet />
      </main>
      <footer className="public-footer">
        <div className="public-footer__grid">
          <div>
            <Logo to="/" size="sm" />
            <p>{t(m.tagline)}</p>
          </div>
          <div>
            <h2>{t(m.product)}</h2>
            <ul>
              <li><Link to="/pricing">{t(lm.pricing)}</Link></li>
              <li><Link to="/register">{t(m.startAFreeTrial)}</Link></li>
              <li><Link to="/app/auth/login">{t(lm.signIn)}</Link></li>
            </ul>
          </div>
          <div>
            <h2>{t(m.trust)}</h2>
            <ul>
              <li><Link to="/policy#privacy">{t(m.privacyPolicy)}</Link></li>
              <li><Link to="/policy#ferpa">{t(m.ferpa)}</Link></li>
              <li><Link to="/policy#terms">{t(m.termsOfService)}</Link></li>
            </ul>
          </div>
          <div>
            <h2>{t(lm.coachwellStaff)}</h2>
            <ul>
              <li><Link to="/admin/auth/login">{t(m.staffSignIn)}</Link></li>
            </ul>
          </div>
        </div>
        <p>{t(m.copyright, { year })}</p>
      </footer>
    </div>
  );
}
