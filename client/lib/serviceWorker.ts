// Registers the service worker (/sw.js, scope /; client/sw/sw.ts) with workbox-window: loaded lazily by the app
// area's signed-in shell (client/app/layouts/DeviceStatus.tsx), so the login page's script never carries it
// (issue 31). Tells the worker whose answers it keeps, and reports a new build's worker waiting to take over:
// the shell offers "A new version is ready" and reloads once the new worker controls the page.
import { Workbox } from 'workbox-window';
import { tellWorker } from './offline';

let workbox: Workbox | null = null;
let updateReady = false;
const listeners = new Set<() => void>();

function setUpdateReady(): void {
  updateReady = true;
  listeners.forEach((listener) => listener());
}

/** Looks for a new build once an hour while the app stays open (a visit's navigation looks too). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Registers the worker once per page (later calls only answer it) and names the signed-in person to it. */
export async function startServiceWorker(userId: number | null): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  if (!workbox) {
    // After the page has loaded and the browser is idle: installing the worker downloads the build's files,
    // which must not compete with the first screen's own.
    if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
    await new Promise((resolve) => ('requestIdleCallback' in window ? window.requestIdleCallback(resolve, { timeout: 3000 }) : setTimeout(resolve, 500)));
    if (workbox) return startServiceWorker(userId);
    workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', setUpdateReady);
    await workbox.register();
    setInterval(() => void workbox?.update(), UPDATE_CHECK_MS);
  }
  // The person (null while impersonating: provider staff keep nothing of a district's on their device).
  await navigator.serviceWorker.ready;
  await tellWorker({ type: 'coachwell-user', userId });
}

export function isUpdateReady(): boolean {
  return updateReady;
}

export function onUpdateReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The waiting worker takes over; the page reloads once it controls it (so every chunk is the new build's). */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
