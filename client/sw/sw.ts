// The service worker at /sw.js (scope /), built by scripts/build.ts (buildServiceWorker) with esbuild: issue 31.
// - Precache (workbox-precaching): this build's app shell (index.html), every JavaScript chunk and stylesheet,
//   the favicon, the web app manifest and its icons; `self.__WB_MANIFEST` is replaced at build time by the
//   list (hashed names carry no revision). A new build's worker installs beside the old one and waits until
//   the page says to take over ({ type: 'SKIP_WAITING' }, the shell's "A new version is ready" bar).
// - Pages under /app: the network first, the precached shell when there is none (an offline cold start).
// - Offline reads: the API GETs of the screens a coach opens in a classroom (OFFLINE_READS), network first
//   (10 s at most), the last 200 answer as fallback, in a cache per person, `coachwell-api-<userId>`; an answer served from
//   it carries `X-Coachwell-Cached-At` (when it was stored). The person is the one the page names after
//   sign-in ({ type: 'coachwell-user', userId }), kept in the cache `coachwell-device` so a cold start knows
//   them. Not knowing the person (signed out, a sign-in or impersonation under way, another person's
//   answer), the worker neither stores nor serves any API answer.
// - Sign-out ({ type: 'coachwell-sign-out', userId }, answered on the message's port once done): the
//   person's API cache is deleted and the device forgets them.
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { API_CACHE_PREFIX, CACHED_AT_HEADER, DEVICE_CACHE, isOfflineRead, SHELL_URL, type WorkerMessage } from './offlineReads';

// The few service worker globals used here (the project's TypeScript library is the DOM's, not WebWorker's).
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
  ports: readonly MessagePort[];
}
declare const self: {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
};

setCacheNameDetails({ prefix: 'coachwell' });
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open pages at once, so the visit that installed it already keeps its answers.
clientsClaim();

const USER_KEY = '/__coachwell/device-user';

// The person whose answers the worker keeps: undefined until read from the device cache.
let userId: number | null | undefined;

async function currentUser(): Promise<number | null> {
  if (userId === undefined) {
    const saved = await (await caches.open(DEVICE_CACHE)).match(USER_KEY);
    const read = saved ? ((await saved.json()) as { userId?: unknown }).userId : null;
    // (a sign-in or sign-out may have set it meanwhile)
    if (userId === undefined) userId = typeof read === 'number' ? read : null;
  }
  return userId;
}

async function setUser(id: number | null): Promise<void> {
  userId = id;
  const cache = await caches.open(DEVICE_CACHE);
  if (id === null) await cache.delete(USER_KEY);
  else await cache.put(USER_KEY, new Response(JSON.stringify({ userId: id }), { headers: { 'Content-Type': 'application/json' } }));
}

self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | { type?: unknown } | null;
  if (!message || typeof message !== 'object') return;
  if (message.type === 'SKIP_WAITING') {
    event.waitUntil(self.skipWaiting());
  } else if (message.type === 'coachwell-user' && 'userId' in message) {
    event.waitUntil(setUser(typeof message.userId === 'number' ? message.userId : null));
  } else if (message.type === 'coachwell-sign-out' && 'userId' in message && typeof message.userId === 'number') {
    const id = message.userId;
    event.waitUntil((async () => {
      if ((await currentUser()) === id || userId === null) await setUser(null);
      await caches.delete(`${API_CACHE_PREFIX}${id}`);
      event.ports[0]?.postMessage({ type: 'coachwell-signed-out', userId: id });
    })());
  }
});

// Signing in, out, or as someone else (every /api/auth/ request but reading the signed-in user): the device
// forgets who it serves until the page names the person again, so no answer lands in the wrong person's cache.
// This listener runs before Workbox's and answers nothing itself.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/api/auth/')) return;
  if (event.request.method === 'GET' && url.pathname === '/api/auth/user') return;
  event.waitUntil(setUser(null));
});

/** Stores only the person's own 200 answers, stamped with when they were stored. */
function personalCache(id: number): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ request, response }) => {
      if (response.status !== 200 || response.type !== 'basic' || userId !== id) return null;
      if (new URL(request.url).pathname === '/api/auth/user') {
        // Someone else is signed in on this browser now: forget the person, store nothing.
        const who = (await response.clone().json().catch(() => null)) as { id?: unknown; impersonating?: unknown } | null;
        if (who?.id !== id || who.impersonating) {
          await setUser(null);
          return null;
        }
      }
      const headers = new Headers(response.headers);
      headers.set(CACHED_AT_HEADER, new Date().toISOString());
      return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
    },
  };
}

const strategies = new Map<number, NetworkFirst>();
function strategyFor(id: number): NetworkFirst {
  let strategy = strategies.get(id);
  if (!strategy) {
    // A network that answers nothing for 10 s (a classroom's Wi-Fi that comes and goes) counts as none: the
    // stored answer is shown, marked, and the late one still updates the cache.
    strategy = new NetworkFirst({ cacheName: `${API_CACHE_PREFIX}${id}`, networkTimeoutSeconds: 10, plugins: [personalCache(id)], matchOptions: { ignoreVary: true } });
    strategies.set(id, strategy);
  }
  return strategy;
}

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isOfflineRead(url.pathname),
  async (options) => {
    const id = await currentUser();
    // A 401 from the signed-in user's address: the session is over; a cold start then opens the login page.
    if (id === null) return fetch(options.request);
    const response = await strategyFor(id).handle(options);
    if (response.status === 401 && new URL(options.request.url).pathname === '/api/auth/user') await setUser(null);
    return response;
  },
  'GET',
);

registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && /^\/app(\/|$)/.test(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache(SHELL_URL);
      if (shell) return shell;
      throw error;
    }
  },
);
