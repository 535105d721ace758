import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Logo } from '../components/Logo';
import { ChunkLoadError } from '../lib/chunk';
import { reportError } from '../lib/reportError';
import { defineMessages, t, tRich } from '../lib/i18n';

const m = defineMessages({
  title: { id: 'app.routeError.title', defaultMessage: 'Something went wrong' },
  body: { id: 'app.routeError.body', defaultMessage: 'An unexpected error stopped this page. It has been reported to our team.' },
  chunkTitle: { id: 'app.routeError.chunkTitle', defaultMessage: 'This screen could not be loaded' },
  chunkBody: { id: 'app.routeError.chunkBody', defaultMessage: 'The <b>{chunk}</b> screen failed to load (reason: <b>{reason}</b>). This usually means Coachwell was just updated or the connection dropped.' },
  address: { id: 'app.routeError.address', defaultMessage: 'Address: <code>{address}</code>' },
  reload: { id: 'app.routeError.reload', defaultMessage: 'Reload the page' },
  home: { id: 'app.routeError.home', defaultMessage: 'Go to the home page' },
});

/**
 * The router's error element: reports the error, then explains it and offers a way on. Inside a
 * layout it renders into the layout's <main>; `standalone` (the root's) brings its own page.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    void reportError(error);
  }, [error]);

  let title = t(m.title);
  let body: React.ReactNode = t(m.body);
  if (error instanceof ChunkLoadError) {
    title = t(m.chunkTitle);
    body = (
      <>
        <p>{tRich(m.chunkBody, { b: (chunks) => <strong>{chunks}</strong>, chunk: error.chunk, reason: error.reason })}</p>
        <p className="chunk-error__address">
          {tRich(m.address, { code: (chunks) => <code>{chunks}</code>, address: error.address })}
        </p>
      </>
    );
  } else if (isRouteErrorResponse(error)) {
    title = `${error.status} ${error.statusText}`;
  }

  const content = (
    <div className="card stack route-error">
      {standalone && <Logo to="/" />}
      <Alert tone="danger" title={title}>
        {body}
      </Alert>
      <div className="cluster">
        <Button onClick={() => window.location.reload()}>{t(m.reload)}</Button>
        <a href="/">{t(m.home)}</a>
      </div>
    </div>
  );
  if (!standalone) return content;
  return (
    <main id="main" className="auth-layout" tabIndex={-1}>
      {content}
    </main>
  );
}
