import { Link, Outlet, useLocation } from 'react-router-dom';
import { Logo } from '../../components/Logo';

export function AuthLayout() {
  const isAdmin = useLocation().pathname.startsWith('/admin');
  return (
    <div className={`auth-layout${isAdmin ? ' auth-layout--admin' : ''}`}>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="auth-layout__brand">
        <Logo to="/" />
        {isAdmin && <span className="admin-tag">Coachwell staff</span>}
      </header>
      <main id="main" tabIndex={-1} className="auth-layout__card card">
        <Outlet />
      </main>
      <footer className="auth-layout__footer">
        <Link to="/policy">Privacy &amp; terms</Link>
        {isAdmin ? <Link to="/app/auth/login">District sign in</Link> : <Link to="/">About Coachwell</Link>}
      </footer>
    </div>
  );
}
