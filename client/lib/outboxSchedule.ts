// When the outbox is sent (issue 31), in the shell for the signed-in person: on start, on the \`online\` event and every
// minute while online and something waits. The sending itself (outboxSync.ts, with the SWR revalidations it needs)
// loads only when there is something to send, so it is not part of every screen's first paint.
import { useEffect } from 'react';
import { listWrites, mergeLastChance, setOutboxUser } from './outbox';

/**
 * The sending code, loaded when something waits to be sent and preloaded once the browser is idle after sign-in, so
 * a form saving without a signal finds it even where no service worker keeps the app's files. (A one-click complete,
 * on every list of interactions, imports it statically: a chunk fetched at the click would fail offline.)
 */
export const loadOutboxSync = () => import('./outboxSync');

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

async function sendIfWaiting(userId: number, fresh: boolean): Promise<void> {
  const rows = await listWrites(userId);
  if (!rows.some((r) => r.state === 'waiting' || r.state === 'sending')) return;
  const sync = await loadOutboxSync();
  if (fresh) sync.resetBackoff();
  await sync.syncNow(userId);
}

export function useOutboxSync(userId: number | undefined): void {
  useEffect(() => {
    setOutboxUser(userId);
    if (userId === undefined || typeof window === 'undefined' || typeof indexedDB === 'undefined') return;
    const kick = () => void sendIfWaiting(userId, true).catch(() => undefined);
    // An observation's draft kept in localStorage as its tab closed without a signal joins the outbox first.
    void mergeLastChance(userId).catch(() => undefined).then(kick);
    const preload = () => void loadOutboxSync().catch(() => undefined);
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(preload, { timeout: 5000 }) : window.setTimeout(preload, 2000);
    window.addEventListener('online', kick);
    // Every minute too: a copy left by a form that was still open elsewhere at start (its tab since closed) joins then.
    const timer = setInterval(() => {
      void mergeLastChance(userId).catch(() => undefined).then(() => {
        if (online()) void sendIfWaiting(userId, false).catch(() => undefined);
      });
    }, 60_000);
    return () => {
      setOutboxUser(undefined);
      window.removeEventListener('online', kick);
      clearInterval(timer);
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [userId]);
}
