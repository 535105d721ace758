import { Component, type ReactNode } from 'react';
import { reportError } from '../lib/reportError';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  title: { id: 'app.error.title', defaultMessage: 'Something went wrong' },
  body: { id: 'app.error.body', defaultMessage: 'An unexpected error stopped Coachwell. It has been reported to our team.' },
  reload: { id: 'app.error.reload', defaultMessage: 'Reload Coachwell' },
});

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
          <h1>{t(m.title)}</h1>
          <p>{t(m.body)}</p>
          <p><a href="/">{t(m.reload)}</a></p>
        </div>
      </main>
    );
  }
}
