import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Logo } from '../components/Logo';
import { ChunkLoadError } from '../lib/chunk';
import { reportError } from '../lib/reportError';

/**
 * The router's error element: reports the error, then explains it and offers a way on. Inside a
 * layout it renders into the layout's <main>; `standalone` (the root's) brings its own page.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    void reportError(error);
  }, [error]);

  let title = 'Something went wrong';
  let body: React.ReactNode = 'An unexpected error stopped this page. It has been reported to our team.';
  if (error instanceof ChunkLoadError) {
    title = 'This screen could not be loaded';
    body = (
      <>
        <p>
          The <strong>{error.chunk}</strong> screen failed to load (reason: <strong>{error.reason}</strong>). This usually
          means Coachwell was just updated or the connection dropped.
        </p>
        <p className="chunk-error__address">
          Address: <code>{error.address}</code>
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
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <a href="/">Go to the home page</a>
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
