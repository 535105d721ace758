import type { ErrorRequestHandler, RequestHandler } from 'express';
import * as Sentry from '@sentry/node';

export type FieldErrors = Record<string, string[]>;

/** The one error type handlers throw; the error middleware turns it into `{ message, code, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly errors?: FieldErrors,
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
export const tooManyRequests = () => new HttpError(429, 'Too many attempts. Please wait a minute and try again.', 'rate_limited');

export function validationError(errors: FieldErrors, message?: string): HttpError {
  const first = Object.values(errors)[0]?.[0];
  return new HttpError(422, message ?? first ?? 'The given data was invalid.', 'validation_failed', errors);
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `No API endpoint ${req.method} ${req.originalUrl.split('?')[0]}.`, 'not_found'));
};

export function errorMiddleware(log: (err: unknown) => void): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof HttpError) {
      res.status(err.status).json({ message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
      return;
    }
    // body-parser errors: malformed JSON, too large.
    const status = typeof err?.status === 'number' ? err.status : 500;
    if (status === 413) {
      res.status(413).json({ message: 'The request is too large.', code: 'payload_too_large' });
      return;
    }
    if (status === 400) {
      res.status(400).json({ message: 'The request could not be read.', code: 'bad_request' });
      return;
    }
    log(err);
    Sentry.captureException(err);
    res.status(500).json({ message: 'Something went wrong on our side. Please try again.', code: 'server_error' });
  };
}
