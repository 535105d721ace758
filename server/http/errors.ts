import type { ErrorRequestHandler, RequestHandler } from 'express';
import * as Sentry from '../lib/sentry';
import { requestLocale } from '../i18n/locale';
import { translate, translateFieldErrors } from '../i18n/translate';

export type FieldErrors = Record<string, string[]>;

/** The one error type handlers throw; the error middleware turns it into `{ message, code, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly errors?: FieldErrors,
    /** Extra response headers, e.g. Retry-After on 429 and 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message = 'The request could not be read.') => new HttpError(400, message, 'bad_request');
export const unauthenticated = () => new HttpError(401, 'You need to sign in to continue.', 'unauthenticated');
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message, 'forbidden');
export const notFound = (message = 'We could not find that.') => new HttpError(404, message, 'not_found');
export const conflict = (message: string) => new HttpError(409, message, 'conflict');
export const csrfMismatch = () =>
  new HttpError(419, 'Your session has expired. Please refresh the page and sign in again.', 'csrf_token_mismatch');
export const tooManyRequests = (retryAfterSeconds = 60) =>
  new HttpError(429, 'Too many attempts. Please wait a minute and try again.', 'rate_limited', undefined, { 'Retry-After': String(retryAfterSeconds) });
export const serviceBusy = (retryAfterSeconds = 2) =>
  new HttpError(503, 'Coachwell is busy right now. Please try again in a moment.', 'busy', undefined, { 'Retry-After': String(retryAfterSeconds) });

export function validationError(errors: FieldErrors, message?: string): HttpError {
  const first = Object.values(errors)[0]?.[0];
  return new HttpError(422, message ?? first ?? 'The given data was invalid.', 'validation_failed', errors);
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `No API endpoint ${req.method} ${req.originalUrl.split('?')[0]}.`, 'not_found'));
};

/**
 * What a client mistake that a library (body-parser, serve-static, the router) raised answers:
 * keyed by body-parser's `type` first, then by status. Anything 4xx not listed keeps its status.
 */
const CLIENT_ERRORS_BY_TYPE: Record<string, { message: string; code: string }> = {
  'charset.unsupported': { message: 'The request body must be UTF-8 encoded JSON.', code: 'unsupported_media_type' },
  'encoding.unsupported': { message: 'The request body uses a content encoding we do not accept.', code: 'unsupported_media_type' },
  'entity.too.large': { message: 'The request is too large.', code: 'payload_too_large' },
  'parameters.too.many': { message: 'The request is too large.', code: 'payload_too_large' },
};
const CLIENT_ERRORS_BY_STATUS: Record<number, { message: string; code: string }> = {
  400: { message: 'The request could not be read.', code: 'bad_request' },
  403: { message: 'You do not have permission to do that.', code: 'forbidden' },
  404: { message: 'We could not find that.', code: 'not_found' },
  405: { message: 'That method is not allowed here.', code: 'method_not_allowed' },
  408: { message: 'The request took too long to arrive.', code: 'request_timeout' },
  412: { message: 'A precondition of the request failed.', code: 'precondition_failed' },
  413: { message: 'The request is too large.', code: 'payload_too_large' },
  415: { message: 'The request body has a type we do not accept.', code: 'unsupported_media_type' },
  416: { message: 'The requested range cannot be served.', code: 'range_not_satisfiable' },
};

/** A status a library attached to its error (http-errors sets both `status` and `statusCode`). */
function statusOf(err: unknown): number | null {
  if (!err || typeof err !== 'object') return null;
  const { status, statusCode } = err as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : null;
  return value !== null && Number.isInteger(value) && value >= 400 && value <= 599 ? value : null;
}

/**
 * A database too busy to take the write now, nothing written: SQLite's "another connection holds the
 * lock" after the driver's bounded retries (db/connection.ts), or a PostgreSQL transaction that still
 * conflicted after its retries (TRANSACTION_CONFLICT, db/postgres.ts), or such a conflict outside one
 * (serialization failure 40001, deadlock 40P01).
 */
function isDatabaseBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED'
    || code === 'TRANSACTION_CONFLICT' || code === '40001' || code === '40P01');
}

/**
 * Where the error middleware reports what the admin Logs keep (server/lib/opsLog.ts): every 500, and
 * the refusals that are security events (419 CSRF, 429 rate limits), and the 503s of a busy database
 * (kept apart from the 500s: the request did nothing and may be sent again). Must never throw.
 */
export interface ErrorRecorder {
  /** Stores the 500; answers its request id. */
  serverError(req: Parameters<RequestHandler>[0], err: unknown): string;
  refused(req: Parameters<RequestHandler>[0], kind: 'csrf-refused' | 'rate-limited' | 'database-busy', err: HttpError): void;
}

/**
 * The one error middleware: HttpError as `{ message, code, errors? }`; every 4xx a library raised
 * stays that 4xx (logged as one line, never reported to Sentry); a busy database is 503 with
 * Retry-After; anything else is a 500, logged with its stack and reported.
 */
export function errorMiddleware(log: (err: unknown) => void, recorder?: ErrorRecorder): ErrorRequestHandler {
  return (err, req, res, next) => {
    // The client went away (express's 'Request aborted' from a file send): nobody to answer, nothing broke.
    if ((err as NodeJS.ErrnoException | undefined)?.code === 'ECONNABORTED') {
      if (!res.writableEnded && !res.headersSent) res.end();
      return;
    }
    if (res.headersSent) {
      // Failed after the answer began (a streamed CSV export): too late for an error answer, but still a
      // server error to log, keep for the admin Logs and report. Closing the connection, as Express's own
      // handler would, is what tells the client its download is incomplete.
      // A client that went away mid-answer (a closed socket, EPIPE or ECONNRESET on a write) is not one.
      const code = (err as NodeJS.ErrnoException | undefined)?.code;
      const clientGone = res.destroyed || req.socket.destroyed || code === 'EPIPE' || code === 'ECONNRESET'
        || (err as NodeJS.ErrnoException | undefined)?.syscall === 'write';
      if (!clientGone) {
        log(err);
        recorder?.serverError(req, err);
        Sentry.captureException(err);
      }
      req.socket.destroy();
      return;
    }
    // Headers a library set for the answer it meant to send (an asset's type, caching, validators)
    // must not describe the error instead.
    for (const name of ['Content-Type', 'Content-Encoding', 'ETag', 'Last-Modified', 'Accept-Ranges']) res.removeHeader(name);
    res.set('Cache-Control', 'no-store');
    if (err instanceof HttpError) {
      if (err.headers) res.set(err.headers);
      if (recorder && (err.status === 419 || err.status === 429)) recorder.refused(req, err.status === 419 ? 'csrf-refused' : 'rate-limited', err);
      // In the person's language (issue 33); English answers the messages exactly as written.
      const locale = requestLocale(req);
      res.status(err.status).json({
        message: translate(locale, err.message), code: err.code, ...(err.errors ? { errors: translateFieldErrors(locale, err.errors) } : {}),
      });
      return;
    }
    if (isDatabaseBusy(err)) {
      log(`503 ${req.method} ${req.originalUrl.split('?')[0]}: database busy (${(err as Error).message})`);
      const busy = serviceBusy();
      recorder?.refused(req, 'database-busy', busy);
      res.set(busy.headers).status(503).json({ message: translate(requestLocale(req), busy.message), code: busy.code });
      return;
    }
    const status = statusOf(err);
    if (status !== null && status < 500) {
      const type = typeof err?.type === 'string' ? err.type : '';
      const known = CLIENT_ERRORS_BY_TYPE[type] ?? CLIENT_ERRORS_BY_STATUS[status] ?? { message: 'The request could not be handled.', code: 'client_error' };
      log(`${status} ${req.method} ${req.originalUrl.split('?')[0].slice(0, 200)}: ${type || String(err?.message ?? err).split('\n')[0]}`);
      // A client that sent a body we refused without reading it gets the connection closed.
      if (status === 413 || status === 415) res.set('Connection', 'close');
      res.status(status).json({ message: translate(requestLocale(req), known.message), code: known.code });
      return;
    }
    log(err);
    // Stored for the admin Logs whether or not Sentry is configured, and reported to Sentry too.
    if (recorder) res.set('X-Request-Id', recorder.serverError(req, err));
    Sentry.captureException(err);
    res.status(500).json({ message: translate(requestLocale(req), 'Something went wrong on our side. Please try again.'), code: 'server_error' });
  };
}
