import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { AuthUser } from '../../../common/authUser';
import { Button } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { OutboxButton } from '../../components/outbox/OutboxButton';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { useOutboxSync } from '../../lib/outboxSchedule';
import { unimpersonate, useAuthUser } from '../../lib/session';
import type { NavItem, NavSettings } from '../navigation';
import { useSignOut } from './signOut';
import { defineMessages, t, tRich } from '../../lib/i18n';
import { layoutMessages } from './messages';

const m = defineMessages({
  impersonation: { id: 'app.shell.impersonation', defaultMessage: 'Impersonation' },
  impersonating: { id: 'app.shell.impersonating', defaultMessage: '<b>Impersonating:</b> you are acting as {name} ({email}). Everything you do is recorded under your own name, {impersonator}.' },
  impersonatingIn: { id: 'app.shell.impersonatingIn', defaultMessage: '<b>Impersonating:</b> you are acting as {name} ({email}) in {district}. Everything you do is recorded under your own name, {impersonator}.' },
  stopImpersonating: { id: 'app.shell.stopImpersonating', defaultMessage: 'Stop impersonating' },
  accountSettings: { id: 'app.shell.accountSettings', defaultMessage: 'Account settings' },
  signOut: { id: 'app.shell.signOut', defaultMessage: 'Sign out' },
  openMenu: { id: 'app.shell.openMenu', defaultMessage: 'Open menu' },
  closeMenu: { id: 'app.shell.closeMenu', defaultMessage: 'Close menu' },
  primary: { id: 'app.shell.primary', defaultMessage: 'Primary' },
  providerAdmin: { id: 'app.shell.providerAdmin', defaultMessage: '<long>Provider\u00a0</long>admin' },
});

function ImpersonationBanner({ user }: { user: AuthUser }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function stop() {
    setBusy(true);
    try {
      await unimpersonate();
      navigate('/admin');
    } catch (err) {
      toast.error((err as Error).message);
      setBusy(false);
    }
  }
  return (
    <div className="impersonation-banner" role="region" aria-label={t(m.impersonation)}>
      <p>
        {tRich(user.district ? m.impersonatingIn : m.impersonating, {
          b: (chunks) => <strong>{chunks}</strong>,
          name: user.name, email: user.email, district: user.district?.name ?? '', impersonator: user.impersonator?.name ?? '',
        })}
      </p>
      <Button variant="secondary" size="sm" busy={busy} onClick={stop}>{t(m.stopImpersonating)}</Button>
    </div>
  );
}

function UserMenu({ user, variant, settingsPath, loginPath }: { user: AuthUser; variant: 'app' | 'admin'; settingsPath: string; loginPath: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const signOut = useSignOut({ user, variant, loginPath });
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={ref}>
      <button type="button" className="user-menu__button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span className="disc disc--strong user-menu__avatar" aria-hidden="true">{initials(user.name)}</span>
        <span className="user-menu__name">{user.name}</span>
      </button>
      {open && (
        <ul id={id} className="user-menu__list">
          <li className="user-menu__email">{user.email}</li>
          <li><Link to={settingsPath} onClick={() => setOpen(false)}>{t(m.accountSettings)}</Link></li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                signOut.start();
              }}
            >
              {t(m.signOut)}
            </button>
          </li>
        </ul>
      )}
      {signOut.dialog}
    </div>
  );
}

export function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((p) => p[0]!.toUpperCase()).join('');
}

/**
 * The shell's frame: top bar, sidebar and main region, with whatever the signed-in user fills them with.
 * The build also renders it empty (client/app/prerender.tsx): the page a signed-in visit paints before
 * the app's scripts have run, which the first render then replaces in place.
 */
export function ShellFrame(props: {
  variant: 'app' | 'admin';
  navOpen?: boolean;
  onToggleNav?: () => void;
  before?: ReactNode;
  context?: ReactNode;
  actions?: ReactNode;
  nav?: ReactNode;
  children?: ReactNode;
}) {
  const { navOpen = false } = props;
  const home = props.variant === 'admin' ? '/admin' : '/app';
  return (
    <div className={`${props.variant === 'admin' ? 'admin-shell' : 'app-shell'}${navOpen ? ' app-shell--nav-open' : ''}`}>
      <a className="skip-link" href="#main">{t(layoutMessages.skipToContent)}</a>
      {props.before}
      <header className="app-topbar">
        {/* Disabled in the frame painted before the scripts run: a tap there would be lost. */}
        <button type="button" className="app-nav-toggle" aria-expanded={navOpen} aria-controls="app-nav" onClick={props.onToggleNav} disabled={!props.onToggleNav}>
          <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {navOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          <span className="sr-only">{t(navOpen ? m.closeMenu : m.openMenu)}</span>
        </button>
        <Logo to={home} className="app-topbar__brand" size="sm" />
        <p className="app-topbar__title shell-context">{props.context}</p>
        <div className="app-topbar__actions">{props.actions}</div>
      </header>
      <aside className="app-sidebar" id="app-nav">
        <div className="app-sidebar__brand">
          <Logo to={home} />
        </div>
        <nav className="app-nav" aria-label={t(m.primary)}>
          <ul>{props.nav}</ul>
        </nav>
        <div className="app-sidebar__footer">
          <p>{props.context}</p>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="app-main">
        <div className="app-main__inner">{props.children}</div>
      </main>
    </div>
  );
}

/** The signed-in shell of both areas: sidebar navigation, top bar with the user menu, main region. */
export function ShellLayout(props: {
  variant: 'app' | 'admin';
  navigation: (permissions: string[], features: readonly string[], settings: NavSettings) => NavItem[];
  contextLabel: (user: AuthUser) => string;
  settingsPath: string;
  loginPath: string;
  /** Shown at the top of the main region, above every screen (the app area's alert banner). */
  banner?: ReactNode;
}) {
  const { user, isLoading } = useAuthUser();
  const [navOpen, setNavOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setNavOpen(false), [pathname]);
  // The outbox (issue 31): the signed-in person's writes made without a signal sync now, on reconnect and each minute.
  useOutboxSync(user && props.variant === 'app' ? user.id : undefined);

  if (isLoading) return <LoadingBlock fullScreen />;
  // Route guards below redirect a guest; render just the outlet so they can.
  if (!user) return <Outlet />;

  const items = props.navigation(user.security.permissions, user.district?.features ?? [], user.district);
  return (
    <ShellFrame
      variant={props.variant}
      navOpen={navOpen}
      onToggleNav={() => setNavOpen(!navOpen)}
      before={user.impersonating && <ImpersonationBanner user={user} />}
      context={props.contextLabel(user)}
      actions={(
        <>
          {props.variant === 'app' && <OutboxButton />}
          {props.variant === 'admin' && <span className="admin-tag">{tRich(m.providerAdmin, { long: (chunks) => <span className="admin-tag__long">{chunks}</span> })}</span>}
          <UserMenu user={user} variant={props.variant} settingsPath={props.settingsPath} loginPath={props.loginPath} />
        </>
      )}
      nav={items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end}>{item.label}</NavLink>
        </li>
      ))}
    >
      {props.banner}
      <Outlet />
    </ShellFrame>
  );
}
