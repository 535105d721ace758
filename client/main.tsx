import './styles.css';
import './app/layouts/shell.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preload, SWRConfig } from 'swr';
import { ToastProvider } from './components/Toasts';
import { AppRouter, AppRoutes, navigateTo } from './app/router';
import { AppErrorBoundary } from './app/AppErrorBoundary';
import { setSessionEndedHandler } from './lib/api';
import { initErrorReporting } from './lib/reportError';
import { authUserKey, endSession, fetchAuthUser, setAuthUser } from './lib/session';
import { loadScreen, screenAt } from './app/screens';
import type { AuthUser } from '../common/authUser';
import { currentLocale, setLocale, tText } from './lib/i18n';
import { setFormTextTranslator } from './lib/formErrors';
import { languageDecided, loadCatalog, pageLocale, rememberLocale } from './i18n/load';
import { warmIntlWhileWaiting } from './app/warmIntl';

initErrorReporting();

// Any 401 or 419 answer: forget everything cached for this session and go to the login page.
setSessionEndedHandler(() => {
  void endSession();
  if (window.location.pathname !== '/app/auth/login') navigateTo('/app/auth/login');
});

/**
 * The first page's screen chunk and the signed-in user are already on their way (the HTML preloads
 * both): wait for them, at most FIRST_RENDER_WAIT_MS, so the first render shows the shell and the screen
 * together instead of a loading block that React then keeps on screen for at least 300 ms. Either one
 * failing is left to the screen to show, as on any later navigation.
 */
const FIRST_RENDER_WAIT_MS = 3000;

function firstPage(): { ready: Promise<unknown>; language: Promise<void> } {
  const screen = screenAt(window.location.pathname);
  // preload: the hook's own first request takes this answer instead of asking again.
  const fetched = preload(authUserKey(), fetchAuthUser) as Promise<Awaited<ReturnType<typeof fetchAuthUser>>>;
  const user = fetched.then(setAuthUser);
  const ready = Promise.allSettled([user, screen ? loadScreen(screen) : null]);
  warmIntlWhileWaiting(pageLocale());
  return {
    ready: Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]),
    language: startLanguage(fetched),
  };
}

/**
 * The interface's language before the first render (issue 33): the page's guess (server/static.ts put it on <html
 * lang>) starts loading at once; the signed-in person's own language, when it differs, replaces it. Nothing renders
 * before it is set, because messages are formatted as they render; a catalogue that cannot load leaves English.
 * Chunks loading meanwhile (the first screen) wait for it too, to bring their own part of the catalogue
 * (client/i18n/load.ts withCatalog): it is decided whatever happens.
 */
async function startLanguage(user: Promise<AuthUser | null>): Promise<void> {
  try {
    const guess = pageLocale();
    const early = loadCatalog(guess).catch(() => null);
    const person = await user.catch(() => null);
    const locale = person?.locale ?? guess;
    const catalog = locale === guess ? await early : await loadCatalog(locale).catch(() => null);
    setLocale(catalog ? locale : 'en', catalog ?? undefined);
    if (person && catalog) rememberLocale(locale);
  } finally {
    languageDecided(currentLocale());
  }
}

// Form errors' own texts and the shared schemas' messages in the interface's language (issue 33).
setFormTextTranslator(tText);

const first = firstPage();
void Promise.all([first.ready, first.language]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first page in slices of a few milliseconds, so a slow phone stays
  // responsive (no long task) while the shell and the screen render.
  startTransition(() => root.render(
    <StrictMode>
      <AppErrorBoundary>
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
          <ToastProvider>
            <AppRouter>
              <AppRoutes />
            </AppRouter>
          </ToastProvider>
        </SWRConfig>
      </AppErrorBoundary>
    </StrictMode>,
  ));
});
