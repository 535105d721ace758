import { Component, type ReactNode, useEffect } from 'react';
import { type Location, useLocation } from 'react-router-dom';
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
 * The route error screen: reports the error (once: reportError keeps the errors it has sent), then explains it and
 * offers a way on. Inside a layout it renders into the layout's <main>; `standalone` (the root's) brings its own page.
 */
export function RouteError({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
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

interface BoundaryProps {
  location: Location;
  standalone: boolean;
  children: ReactNode;
}

interface BoundaryState {
  /** What was thrown while rendering at `location` (boxed: anything can be thrown, `undefined` too). */
  caught: { error: unknown } | null;
  location: Location;
}

/** Catches what its children throw while rendering and shows RouteError instead, until the location changes. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { caught: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  // Any navigation (another page, or the same page's filters) renders the children again: the error was this page's.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { caught: null, location: props.location };
  }

  render() {
    const { caught } = this.state;
    return caught ? <RouteError error={caught.error} standalone={this.props.standalone} /> : this.props.children;
  }
}

/**
 * A route's error boundary (client/app/router.tsx puts one around each screen and one around the whole app): what
 * React Router's data mode did with `errorElement`, kept in its declarative mode (issue 35). A screen that throws
 * while rendering (a chunk that cannot load, a bug) shows RouteError in its layout; the next navigation tries again.
 */
export function RouteErrorBoundary({ standalone = false, children }: { standalone?: boolean; children: ReactNode }) {
  const location = useLocation();
  return <Boundary location={location} standalone={standalone}>{children}</Boundary>;
}
