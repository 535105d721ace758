// Sentry on the server, loaded only when a DSN is configured: importing @sentry/node costs about
// 0.7 s of start-up, most of the cold-start budget. Until initSentry has run, captureException is a no-op
// (as Sentry's own is without init).
type SentryNode = typeof import('@sentry/node');

let sentry: SentryNode | null = null;

export async function initSentry(dsn: string, environment: string): Promise<void> {
  const mod = await import('@sentry/node');
  mod.init({ dsn, environment, sendDefaultPii: false, beforeSend: withoutRequestSecrets });
  sentry = mod;
}

export function captureException(error: unknown): void {
  sentry?.captureException(error);
}

/**
 * What an error report may carry of its request: never the body (a password, a connection's client secret), the
 * cookies (the session) or the query string (a one-time token). The URL's path and the method stay.
 */
export function withoutRequestSecrets<E extends { request?: { data?: unknown; cookies?: unknown; query_string?: unknown; headers?: Record<string, string> } }>(event: E): E {
  if (event.request) {
    delete event.request.data;
    delete event.request.cookies;
    delete event.request.query_string;
    if (event.request.headers) {
      const { cookie: _cookie, Cookie: _Cookie, authorization: _auth, ...headers } = event.request.headers;
      event.request.headers = headers;
    }
  }
  return event;
}
