import './styles.css';
import './app/layouts/shell.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { preload, SWRConfig } from 'swr';
import { ToastProvider } from './components/Toasts';
import { createRouter } from './app/router';
import { AppErrorBoundary } from './app/AppErrorBoundary';
import { setSessionEndedHandler } from './lib/api';
import { initErrorReporting } from './lib/reportError';
import { authUserKey, endSession, fetchAuthUser, setAuthUser } from './lib/session';
import { loadScreen, screenAt } from './app/screens';

initErrorReporting();
const router = createRouter();

// Any 401 or 419 answer: forget everything cached for this session and go to the login page.
setSessionEndedHandler(() => {
  void endSession();
  if (window.location.pathname !== '/app/auth/login') void router.navigate('/app/auth/login');
});

/**
 * The first page's screen chunk and the signed-in user are already on their way (the HTML preloads
 * both): wait for them, at most FIRST_RENDER_WAIT_MS, so the first render shows the shell and the screen
 * together instead of a loading block that React then keeps on screen for at least 300 ms. Either one
 * failing is left to the screen to show, as on any later navigation.
 */
const FIRST_RENDER_WAIT_MS = 3000;

function firstPage(): Promise<unknown> {
  const screen = screenAt(window.location.pathname);
  // preload: the hook's own first request takes this answer instead of asking again.
  const user = (preload(authUserKey(), fetchAuthUser) as Promise<Awaited<ReturnType<typeof fetchAuthUser>>>).then(setAuthUser);
  const ready = Promise.allSettled([user, screen ? loadScreen(screen) : null]);
  return Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
}

void firstPage().then(() => {
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first page in slices of a few milliseconds, so a slow phone stays
  // responsive (no long task) while the shell and the screen render.
  startTransition(() => root.render(
    <StrictMode>
      <AppErrorBoundary>
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </SWRConfig>
      </AppErrorBoundary>
    </StrictMode>,
  ));
});
