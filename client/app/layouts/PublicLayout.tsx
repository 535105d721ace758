import { Link, NavLink, Outlet } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { useAuthUser } from '../../features/auth/api';
import { homePathFor } from '../routeTable';

export function PublicLayout() {
  const { user } = useAuthUser();
  return (
    <div className="public-page">
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="public-header">
        <div className="container public-header__inner">
          <Logo to="/" />
          <nav aria-label="Main" className="public-header__nav">
            <NavLink to="/pricing">Pricing</NavLink>
            <NavLink to="/policy">Privacy &amp; terms</NavLink>
            {user ? (
              <ButtonLink to={homePathFor(user)} size="sm">Go to dashboard</ButtonLink>
            ) : (
              <>
                <NavLink to="/app/auth/login">Sign in</NavLink>
                <ButtonLink to="/register" size="sm">Start free trial</ButtonLink>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="public-main">
        <Outlet />
      </main>
      <footer className="public-footer">
        <div className="container public-footer__inner">
          <p>© {new Date().getFullYear()} Coachwell. Instructional coaching for US school districts.</p>
          <nav aria-label="Footer" className="cluster">
            <Link to="/pricing">Pricing</Link>
            <Link to="/policy">Privacy policy</Link>
            <Link to="/policy#terms">Terms of service</Link>
            <Link to="/admin/auth/login">Coachwell staff</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
