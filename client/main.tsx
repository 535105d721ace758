import './styles.css';
import './app/layouts/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from './components/Toasts';
import { createRouter } from './app/router';
import { AppErrorBoundary } from './app/AppErrorBoundary';
import { setSessionEndedHandler } from './lib/api';
import { initErrorReporting } from './lib/reportError';
import { endSession } from './lib/session';

initErrorReporting();
const router = createRouter();

// Any 401 or 419 answer: forget everything cached for this session and go to the login page.
setSessionEndedHandler(() => {
  void endSession();
  if (window.location.pathname !== '/app/auth/login') void router.navigate('/app/auth/login');
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppErrorBoundary>
      <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SWRConfig>
    </AppErrorBoundary>
  </StrictMode>,
);
