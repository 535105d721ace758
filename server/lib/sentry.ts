// Sentry on the server, loaded only when a DSN is configured: importing @sentry/node costs about
// 0.7 s of start-up, most of the cold-start budget. Until initSentry has run, captureException is a no-op
// (as Sentry's own is without init).
type SentryNode = typeof import('@sentry/node');

let sentry: SentryNode | null = null;

export async function initSentry(dsn: string, environment: string): Promise<void> {
  const mod = await import('@sentry/node');
  mod.init({ dsn, environment });
  sentry = mod;
}

export function captureException(error: unknown): void {
  sentry?.captureException(error);
}
