import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { csrfMismatch } from './errors';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const XSRF_COOKIE = 'XSRF-TOKEN';
const GUEST_PREFIX = 'g';

/*
 * Two kinds of token, one contract for the client (read XSRF-TOKEN, echo it in X-XSRF-TOKEN with
 * X-Requested-With, else 419):
 * - a signed-in session keeps its token in the session (new on every login), so it ends with it;
 * - a guest gets a signed double-submit token `g.<nonce>.<hmac(secret, nonce)>` that lives only in
 *   the cookie, so guests never need a stored session (finding 9). The signature binds it to the
 *   server's secret: a value an attacker plants in the cookie is refused.
 */

function guestSignature(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`xsrf-guest:${nonce}`).digest('base64url');
}

function newGuestToken(secret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${GUEST_PREFIX}.${nonce}.${guestSignature(secret, nonce)}`;
}

function isGuestToken(secret: string, token: string | undefined): boolean {
  if (!token) return false;
  const [prefix, nonce, signature, extra] = token.split('.');
  if (prefix !== GUEST_PREFIX || !nonce || !signature || extra !== undefined) return false;
  return sameToken(signature, guestSignature(secret, nonce));
}

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** cookie-parser is given the session secret (server/app.ts) and exposes it as `req.secret`. */
function secretOf(req: Request): string {
  if (!req.secret) throw new Error('cookie-parser must be set up with the session secret before CSRF protection.');
  return req.secret;
}

const signedIn = (req: Request) => Boolean(req.session?.userId);

/**
 * Mirrors the right token in the readable XSRF-TOKEN cookie: the session's own token when signed in
 * (created, or replaced when `fresh`), else a signed guest token (kept unless `fresh`).
 */
export function issueCsrfToken(req: Request, res: Response, secure: boolean, fresh = false): void {
  const current = req.cookies?.[XSRF_COOKIE] as string | undefined;
  let token: string;
  if (signedIn(req)) {
    if (fresh || !req.session.csrfToken) req.session.csrfToken = randomBytes(32).toString('base64url');
    token = req.session.csrfToken;
  } else {
    const secret = secretOf(req);
    token = !fresh && isGuestToken(secret, current) ? current! : newGuestToken(secret);
  }
  if (current !== token) {
    res.cookie(XSRF_COOKIE, token, { sameSite: 'lax', secure, httpOnly: false, path: '/' });
    if (req.cookies) req.cookies[XSRF_COOKIE] = token;
  }
}

/**
 * Laravel-style CSRF: state-changing calls must carry `X-Requested-With: XMLHttpRequest` and the
 * token in `X-XSRF-TOKEN`; otherwise 419 and nothing changes.
 */
export function csrfProtection(secure: boolean): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      issueCsrfToken(req, res, secure);
      return next();
    }
    const header = req.get('x-xsrf-token');
    const tokenOk = signedIn(req)
      ? sameToken(header, req.session.csrfToken)
      : isGuestToken(secretOf(req), header) && sameToken(header, req.cookies?.[XSRF_COOKIE]);
    if (req.get('x-requested-with') !== 'XMLHttpRequest' || !tokenOk) return next(csrfMismatch());
    next();
  };
}
