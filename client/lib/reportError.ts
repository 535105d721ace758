// Reports uncaught interface errors: to Sentry when a DSN is configured, else to the app's own
// client-error log (POST /api/client-error). Each error is reported once.
import { api } from './api';

type SentryLike = { captureException: (e: unknown) => void };
let sentry: Promise<SentryLike | null> | null = null;
const reported = new WeakSet<object>();

export function sentryDsn(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content ?? '';
}

/** Loads and starts Sentry only when a DSN is set, keeping it out of the first download otherwise. */
export function initErrorReporting(): void {
  const dsn = sentryDsn();
  if (!dsn) return;
  sentry = import('@sentry/react').then((Sentry) => {
    Sentry.init({ dsn });
    return Sentry;
  }, () => null);
}

export async function reportError(error: unknown): Promise<void> {
  if (error && typeof error === 'object') {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const client = sentry ? await sentry : null;
  if (client) {
    client.captureException(error);
    return;
  }
  const err = error instanceof Error ? error : new Error(String(error));
  try {
    await api.post('client-error', {
      message: `${err.name}: ${err.message}`.slice(0, 2000),
      stack: err.stack?.slice(0, 10_000) ?? null,
      url: window.location.href.slice(0, 2000),
    });
  } catch {
    // Reporting must never break the page further.
  }
}
