import cookieParser from 'cookie-parser';
import express, { type RequestHandler } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { CLIENT_ERROR_MAX_BYTES, SESSION_IDLE_TIMEOUT_MS } from '../common/constants';
import type { Deps } from './deps';
import { loadAuth } from './identity/context';
import { refuseWritesAfterTrial } from './access/trial';
import { csrfProtection, SAFE_METHODS } from './http/csrf';
import { reportUnsubscribeRoutes } from './features/reports/subscriptionRoutes';
import { inOneLayer } from './http/inOneLayer';
import { apiNotFound, errorMiddleware, HttpError } from './http/errors';
import { DatabaseSessionStore, touchSessionAtMostEveryMinute } from './identity/sessions';
import { healthRoutes } from './features/health/routes';
import { CALENDAR_UPLOAD_PATH, calendarFileBody } from './features/calendar/upload';
import { opsErrorRecorder } from './lib/opsLog';
import { openApiRoutes } from './openapi/routes';
import { FEATURE_ROUTES } from './routes';
import { staticRoutes } from './static';

export const SESSION_COOKIE = 'coachwell_session';
/** The single sign-on callback's path under /api (common/ssoValues.ts SSO_CALLBACK_PATH). */
const SSO_CALLBACK_ROUTE = '/auth/sso/callback';
/** The JSON body limit of the API (the client-error reporter's is smaller). */
export const API_BODY_LIMIT_BYTES = 100 * 1024;
/** Paths that take a file upload and limit its size themselves (server/features/imports/upload.ts). */
const UPLOAD_PATH = /^\/(import\/staff|admin\/district\/\d+\/user-import)\/?$/;

/**
 * Refuses a declared Content-Length over the limit with 413 before a byte of the body is read, and
 * closes the connection (finding 16): the body parser would otherwise wait for the whole promised
 * body before answering, holding the socket for as long as the client likes.
 */
function refuseDeclaredOversize(limitBytes: number): RequestHandler {
  return (req, _res, next) => {
    // A path with its own parser (the calendar file upload) has read its body already.
    if (req.body !== undefined) return next();
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limitBytes) {
      return next(new HttpError(413, 'The request is too large.', 'payload_too_large', undefined, { Connection: 'close' }));
    }
    next();
  };
}

/** Builds the Express app without listening, so tests drive it through supertest. */
export function createApp(deps: Deps): express.Express {
  const { config, db } = deps;
  const secure = config.env === 'production';
  const app = express();
  app.disable('x-powered-by');
  // qs parsing: bracket arrays and filters (`building_id[]=3`, `filter[status]=active`) per DESIGN §3.
  app.set('query parser', 'extended');
  if (process.env.TRUST_PROXY) app.set('trust proxy', trustProxySetting(process.env.TRUST_PROXY));

  const sentryOrigin = config.sentryDsn ? new URL(config.sentryDsn).origin : null;
  app.use(helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // React sets a few dynamic positions (tooltips, popovers) through style attributes.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(sentryOrigin ? [sentryOrigin] : [])],
        fontSrc: ["'self'"],
        // The installable app (issue 31): its manifest and service worker, same origin only.
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  }));

  const api = express.Router();
  const sessionStore = new DatabaseSessionStore(db);
  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: sessionStore,
    resave: false,
    saveUninitialized: false,
    // Idle timeout: the expiry moves SESSION_IDLE_TIMEOUT_MS ahead at most once a minute (below),
    // not on every request.
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_IDLE_TIMEOUT_MS, path: '/' },
  });
  const jsonBody = express.json({ limit: API_BODY_LIMIT_BYTES });
  const cookies = cookieParser();
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // The health check reads no body, cookie or session (load balancers call it often).
  api.use(healthRoutes(deps));
  // The API reference (GET /api/openapi.json, the viewer at /api/docs): documents only, for anyone.
  api.use(openApiRoutes());
  // The report emails' one-click unsubscribe link: mail clients POST it without cookies or CSRF headers
  // (RFC 8058); the token in the path is its only credential.
  api.use(reportUnsubscribeRoutes(deps));
  // The client-error reporter takes small bodies only; the first parser to run wins.
  api.use('/client-error', refuseDeclaredOversize(CLIENT_ERROR_MAX_BYTES), express.json({ limit: CLIENT_ERROR_MAX_BYTES }));
  // The calendar import's .ics file (text, up to 2 MiB) is the one body that is not JSON.
  api.use(CALENDAR_UPLOAD_PATH, calendarFileBody);
  // What every other API request passes through, in one router layer (http/inOneLayer.ts):
  // File uploads (the staff import, up to 10 MB) check their own size as they read the body.
  const refuseOversize = refuseDeclaredOversize(API_BODY_LIMIT_BYTES);
  api.use(inOneLayer(
    (req, res, next) => (req.method === 'POST' && UPLOAD_PATH.test(req.path) ? next() : refuseOversize(req, res, next)),
    // The JSON parser only when there is a body (type-is's test: a Transfer-Encoding or a Content-Length).
    (req, res, next) => (req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined ? jsonBody(req, res, next) : next()),
    // No secret here: cookie-parser would check the session cookie's signature a second time (express-session
    // checks it). The CSRF check signs guest tokens with req.secret, set below.
    cookies,
    // A read without a session cookie has no session to load and, for a guest, nothing to store
    // (guests' CSRF tokens live in a signed cookie), so express-session is skipped: req.session stays
    // undefined. Requests that change things always get one (sign-in regenerates it), and so does the single
    // sign-on callback, a GET that signs in (features/sso/signInRoutes.ts).
    (req, res, next) => (SAFE_METHODS.has(req.method) && !req.headers.cookie?.includes(`${SESSION_COOKIE}=`) && req.path !== SSO_CALLBACK_ROUTE
      ? next() : sessionMiddleware(req, res, next)),
    (req, res, next) => {
      (req as express.Request).secret = config.sessionSecret;
      touchSessionAtMostEveryMinute(req, res, next);
    },
    csrfProtection(secure),
    loadAuth(db, sessionStore),
    // A district whose trial has ended is read-only: its writes answer 402 (access/trial.ts), before any router.
    refuseWritesAfterTrial,
  ));
  for (const routes of FEATURE_ROUTES) api.use(routes(deps));
  api.use(apiNotFound);

  app.use('/api', api);
  app.use(staticRoutes(config.publicDir, config.sentryDsn, SESSION_COOKIE, { staffSso: config.sso.providerStaff !== null }));
  app.use(errorMiddleware((err) => deps.log(err), opsErrorRecorder(db, deps.log)));
  return app;
}

/**
 * TRUST_PROXY as Express's `trust proxy` setting: a number is how many proxies stand in front (1: one
 * load balancer), `true` trusts every hop, anything else is a list of addresses, subnets or names
 * (`loopback, uniquelocal`). A plain string "1" would otherwise be read as the address 0.0.0.1.
 */
export function trustProxySetting(value: string): boolean | number | string {
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}
