import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { csrfMismatch } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** Gives the session a CSRF token (new on every login) and mirrors it in the readable XSRF-TOKEN cookie. */
export function issueCsrfToken(req: Request, res: Response, secure: boolean, fresh = false): void {
  if (fresh || !req.session.csrfToken) req.session.csrfToken = randomBytes(32).toString('base64url');
  if (req.cookies?.[XSRF_COOKIE] !== req.session.csrfToken) {
    res.cookie(XSRF_COOKIE, req.session.csrfToken, { sameSite: 'lax', secure, httpOnly: false, path: '/' });
  }
}

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Laravel-style CSRF: state-changing calls must carry `X-Requested-With: XMLHttpRequest` and the
 * session's token in `X-XSRF-TOKEN`; otherwise 419 and nothing changes.
 */
export function csrfProtection(secure: boolean): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      issueCsrfToken(req, res, secure);
      return next();
    }
    const ok = req.get('x-requested-with') === 'XMLHttpRequest' && sameToken(req.get('x-xsrf-token'), req.session.csrfToken);
    if (!ok) return next(csrfMismatch());
    next();
  };
}
