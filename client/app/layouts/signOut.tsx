// The user menu's "Sign out" (both areas). In the app area it also clears what this device keeps for the person
// (issue 31): their cached API answers (clearDeviceData, client/lib/offline.ts) and their outbox (clearOutbox,
// client/lib/outbox.ts), after a warning when writes are still waiting to sync or a completed observation's unsaved
// edit is kept on the device (a `held` copy, never sent). Signed out while offline, the
// server is not reached, but the device is cleared all the same: an explicit sign-out always clears (a session
// that merely ended keeps the outbox for the same person's next sign-in); the server's session is ended before
// the next request made with a signal (client/lib/pendingSignOut.ts).
import { type ReactNode, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import type { AuthUser } from '../../../common/authUser';
import { ApiError } from '../../lib/api';
import { lazyPart, usePreloadWhenIdle } from '../../lib/lazyPart';
import { clearDeviceData } from '../../lib/offline';
import { markSignOutPending } from '../../lib/pendingSignOut';
import { logout, setAuthUser } from '../../lib/session';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  title: { id: 'app.signOut.title', defaultMessage: 'Sign out?' },
  waiting: { id: 'app.signOut.waiting', defaultMessage: 'You have {count, plural, one {# change} other {# changes}} waiting to sync. Signing out now discards them.' },
  held: { id: 'app.signOut.held', defaultMessage: 'You have {held, plural, one {# unsaved edit of a completed observation} other {# unsaved edits of completed observations}} kept on this device only. Signing out now discards {held, plural, one {it} other {them}}.' },
  waitingAndHeld: { id: 'app.signOut.waitingAndHeld', defaultMessage: 'You have {count, plural, one {# change} other {# changes}} waiting to sync and {held, plural, one {# unsaved edit of a completed observation} other {# unsaved edits of completed observations}} kept on this device only. Signing out now discards them.' },
  signOut: { id: 'app.signOut.confirm', defaultMessage: 'Sign out' },
});

// Its own chunk (kept out of every first paint), fetched once the browser is idle so it is there without a signal.
const ConfirmDialog = lazyPart('ConfirmDialog', () => import('../../components/Modal').then((m) => m.ConfirmDialog));

/**
 * Sign-out for the user menu: `start` signs out, or first asks (the dialog, to render where the menu's closing
 * does not unmount it; it is portalled to the body, outside the top bar's landmark) when writes wait to sync.
 */
export function useSignOut({ user, variant, loginPath }: { user: AuthUser; variant: 'app' | 'admin'; loginPath: string }): { start: () => void; dialog: ReactNode } {
  const navigate = useNavigate();
  usePreloadWhenIdle(ConfirmDialog);
  const [waiting, setWaiting] = useState<{ count: number; held: number } | null>(null);
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    let providerSignOut: string | null = null;
    try {
      providerSignOut = await logout();
    } catch (err) {
      // No signal: the server is told before the next request (client/lib/pendingSignOut.ts).
      if (err instanceof ApiError && err.status === 0) markSignOutPending();
    } finally {
      if (variant === 'app') {
        const { clearOutbox } = await import('../../lib/outbox');
        await Promise.all([clearDeviceData(user.id), clearOutbox(user.id)]).catch(() => undefined);
      }
      await setAuthUser(null);
      // Signed in with a school account: on to the provider's own sign-out, which comes back to the login page.
      if (providerSignOut) window.location.assign(providerSignOut);
      else navigate(loginPath);
    }
  }

  async function start() {
    const found = variant === 'app'
      ? await import('../../lib/outbox').then(async (o) => ({ count: await o.pendingCount(user.id), held: o.heldCount(user.id) })).catch(() => null)
      : null;
    if (found && (found.count > 0 || found.held > 0)) setWaiting(found);
    else await signOut();
  }

  const message = !waiting ? '' : waiting.held === 0 ? t(m.waiting, { count: waiting.count })
    : waiting.count === 0 ? t(m.held, { held: waiting.held }) : t(m.waitingAndHeld, waiting);
  const dialog = waiting && typeof document !== 'undefined' ? createPortal(
    <ConfirmDialog
      open
      title={t(m.title)}
      message={message}
      confirmLabel={t(m.signOut)}
      danger
      busy={busy}
      onConfirm={() => void signOut()}
      onCancel={() => setWaiting(null)}
    />,
    document.body,
  ) : null;
  return { start: () => void start(), dialog };
}
