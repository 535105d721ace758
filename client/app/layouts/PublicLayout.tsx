import { Link, NavLink, Outlet } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { useAuthUser, useToday } from '../../lib/session';
import { homePathFor } from '../routeTable';

/** This year on the visitor's clock (their profile's, else the browser's). */
function Year() {
  return <>{useToday().slice(0, 4)}</>;
}

export function PublicLayout() {
  const { user } = useAuthUser();
  return (
    <div className="public-page">
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="public-header">
        <Logo to="/" />
        <nav aria-label="Main" className="public-nav">
          <ul>
            <li><NavLink to="/pricing">Pricing</NavLink></li>
            <li><NavLink to="/policy">Privacy &amp; terms</NavLink></li>
            {user ? (
              <li><ButtonLink to={homePathFor(user)} size="sm">Go to dashboard</ButtonLink></li>
            ) : (
              <>
                <li><NavLink to="/app/auth/login">Sign in</NavLink></li>
                <li><ButtonLink to="/register" size="sm">Start free trial</ButtonLink></li>
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
            <p>Instructional coaching for US school districts: plan it, log it, and show it works.</p>
          </div>
          <div>
            <h2>Product</h2>
            <ul>
              <li><Link to="/pricing">Pricing</Link></li>
              <li><Link to="/register">Start a free trial</Link></li>
              <li><Link to="/app/auth/login">Sign in</Link></li>
            </ul>
          </div>
          <div>
            <h2>Trust</h2>
            <ul>
              <li><Link to="/policy#privacy">Privacy policy</Link></li>
              <li><Link to="/policy#ferpa">FERPA</Link></li>
              <li><Link to="/policy#terms">Terms of service</Link></li>
            </ul>
          </div>
          <div>
            <h2>Coachwell staff</h2>
            <ul>
              <li><Link to="/admin/auth/login">Staff sign in</Link></li>
            </ul>
          </div>
        </div>
        <p>© <Year /> Coachwell. District data stays the district's.</p>
      </footer>
    </div>
  );
}
