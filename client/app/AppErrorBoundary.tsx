import { Component, type ReactNode } from 'react';
import { reportError } from '../lib/reportError';

/**
 * The outermost boundary: reports an uncaught interface error, then rethrows it (outside React's
 * render) so the browser's own error handling still sees it, and shows a calm fallback.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    void reportError(error).finally(() => {
      setTimeout(() => {
        throw error;
      });
    });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" className="auth-layout">
        <div className="card stack" role="alert">
          <h1>Something went wrong</h1>
          <p>An unexpected error stopped Coachwell. It has been reported to our team.</p>
          <p><a href="/">Reload Coachwell</a></p>
        </div>
      </main>
    );
  }
}
