import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import express, { type Request, type RequestHandler, Router } from 'express';
import { safeRedirect } from '../common/authPaths';
import { escapeHtml } from './lib/mailer';
import type { Locale } from '../common/locales';
import { guestLocale } from './i18n/locale';

/** dist/public/preload.json, written by scripts/build.ts: each route's screen chunks and stylesheets. */
interface PreloadEntry {
  path: string;
  js: string[];
  css: string[];
  /** The signed-in area whose empty shell a signed-in visit paints first. */
  shell?: 'app' | 'admin';
  /** The screen's own catalogue part in each language (its messages beyond the main catalogue's). */
  catalogs?: Partial<Record<Locale, string[]>>;
  /** The API read the screen's largest paint waits for, with the route's `:params` (see firstReadFor). */
  firstRead?: string;
}
/** A page rendered at build time (each area's login page), served at its path instead of index.html. */
interface PrerenderedPage {
  path: string;
  area: 'app' | 'admin';
  file: string;
  /** The page with the "continue to the page you asked for" notice, for a safe ?redirect=. */
  redirectFile: string;
  /** Both files in each language (issue 33); `file` and `redirectFile` are the English ones. */
  localized?: Partial<Record<Locale, { file: string; redirectFile: string }>>;
}
interface PreloadManifest {
  routes: PreloadEntry[];
  notFound: PreloadEntry;
  pages?: PrerenderedPage[];
  /** Each signed-in area's empty shell (top bar, sidebar, main region), the markup inside #root. */
  shells?: Record<'app' | 'admin', string>;
  /** The shells in each language (issue 33). */
  localizedShells?: Partial<Record<Locale, Record<'app' | 'admin', string>>>;
  /** Each language's catalogue chunks, preloaded with a page in that language. */
  catalogs?: Partial<Record<Locale, string[]>>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The encodings the client accepts, best first, among those the build writes (brotli, gzip). */
export function acceptedEncodings(header: string | undefined): Array<'br' | 'gzip'> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*');
  return (['br', 'gzip'] as const)
    .map((enc) => ({ enc, q: accepted.get(enc) ?? wildcard ?? 0 }))
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((e) => e.enc);
}

/**
 * Serves name.br or name.gz (written at build time) in place of name when the client accepts that
 * encoding, with the original's Content-Type, `Vary: Accept-Encoding` and the given caching. Anything
 * else falls through to express.static.
 */
function precompressed(root: string, options: { maxAge: string; immutable: boolean }): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const type = CONTENT_TYPES[path.extname(relative)];
    if (!type || relative.includes('\0') || relative.split(/[\\/]/).includes('..')) return next();
    const file = path.join(root, relative);
    const variants = acceptedEncodings(req.headers['accept-encoding']);
    const encoding = variants.find((enc) => fs.existsSync(`${file}.${enc === 'br' ? 'br' : 'gz'}`));
    if (!encoding && !fs.existsSync(`${file}.gz`)) return next();
    res.vary('Accept-Encoding');
    if (!encoding) return next();
    res.set({ 'Content-Type': type, 'Content-Encoding': encoding });
    res.sendFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`, { maxAge: options.maxAge, immutable: options.immutable }, (err) => {
      // A browser that navigated away mid-download is not an error of ours.
      if (err && (err as NodeJS.ErrnoException).code !== 'ECONNABORTED') next(err);
    });
  };
}

/** The route table's entry for a path: static segments outrank `:params`, `*`-less, like react-router. */
export function matchRoute<T extends { path: string }>(routes: T[], pathname: string): T | undefined {
  const parts = pathname.split('/').filter(Boolean);
  let best: { route: T; score: number } | undefined;
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    let score = 0;
    const ok = pattern.every((seg, i) => {
      if (seg.startsWith(':')) {
        score += 3;
        return true;
      }
      score += 10;
      return seg.toLowerCase() === parts[i]!.toLowerCase();
    });
    if (ok && (!best || score > best.score)) best = { route, score };
  }
  return best?.route;
}

/**
 * The first read's address for this visit (preload.json `firstRead`, client/app/firstReads.ts): the route's `:params`
 * taken from the path. Only ids (digits) are put in an address; anything else gets no preload.
 */
export function firstReadFor(entry: { path: string; firstRead?: string }, pathname: string): string | null {
  if (!entry.firstRead) return null;
  const pattern = entry.path.split('/').filter(Boolean);
  const parts = pathname.split('/').filter(Boolean);
  if (pattern.length !== parts.length) return null;
  const params = new Map<string, string>();
  for (const [i, seg] of pattern.entries()) if (seg.startsWith(':')) params.set(seg, parts[i]!);
  if ([...params.values()].some((value) => !/^\d{1,12}$/.test(value))) return null;
  return entry.firstRead.replace(/:\w+/g, (name) => params.get(name) ?? name);
}

function preloadTags(entry: PreloadEntry, catalog: string[] = []): string {
  return [
    // Every screen first asks who is signed in: start that request with the page, not after the scripts.
    '<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials">',
    ...entry.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...entry.js.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ...catalog.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
  ].join('\n    ');
}

/** A page's HTML and its brotli and gzip forms (made once per page, on first use). */
interface PageBody {
  html: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function pageBody(html: string): PageBody {
  const raw = Buffer.from(html);
  return {
    html: raw,
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip: zlib.gzipSync(raw, { level: 9 }),
  };
}

/** `?redirect=` as the SPA reads it (URLSearchParams.get: the first value). */
function redirectParam(req: Request): string | null {
  const value = (req.query as Record<string, unknown>).redirect;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : null;
}

/**
 * Serves the built SPA: hashed assets cached for a year as immutable (brotli or gzip built at build
 * time when the browser takes them), the login pages rendered at build time at their paths, and
 * index.html (never cached) for every other GET so deep links work in history mode, with the route's
 * screen chunks preloaded and its stylesheet linked. Pages go brotli- or gzip-compressed when accepted.
 */
export function staticRoutes(publicDir: string, sentryDsn: string | null, sessionCookie?: string, options: { staffSso?: boolean } = {}): Router {
  const router = Router();
  const indexFile = path.join(publicDir, 'index.html');
  const assetsDir = path.join(publicDir, 'assets');
  router.use('/assets', precompressed(assetsDir, { maxAge: '1y', immutable: true }));
  // fallthrough: false — a missing asset is a 404 (a path leaving the folder 403, a bad one 400) through
  // the error middleware, never the SPA's page.
  router.use('/assets', express.static(assetsDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  // The service worker (issue 31): never taken from the HTTP cache, so a new build's worker is found on the
  // next visit, and allowed to control the whole origin (scope /). Before the precompressed copies below.
  // A middleware, not a route: the OpenAPI guard lists routes, and this is a file, not part of the API.
  router.use('/sw.js', (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') return next();
    res.set({ 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/' });
    res.sendFile(path.join(publicDir, 'sw.js'), { cacheControl: false }, (err) => {
      if (err && (err as NodeJS.ErrnoException).code !== 'ECONNABORTED') next(err);
    });
  });
  router.use(precompressed(publicDir, { maxAge: '1h', immutable: false }));
  router.use(express.static(publicDir, { index: false, maxAge: '1h' }));

  // The DSN goes in a meta tag: the CSP forbids inline scripts.
  const withDsn = (html: string) => html.replace('<meta name="sentry-dsn" content="">', `<meta name="sentry-dsn" content="${escapeHtml(sentryDsn ?? '')}">`);
  let indexHtml: string | null = null;
  let builtAt = 0;
  let manifest: PreloadManifest | null = null;
  // Keyed by prerendered file, or by the language and the route's path (with `shell:` when it paints the shell).
  const pages = new Map<string, PageBody>();
  const sendIndex: RequestHandler = (req, res, next) => {
    const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
    // Read again after a rebuild (npm run dev): the hashed file names have changed.
    if (stat && (indexHtml === null || stat.mtimeMs !== builtAt)) {
      builtAt = stat.mtimeMs;
      pages.clear();
      indexHtml = withDsn(fs.readFileSync(indexFile, 'utf8'));
      const manifestFile = path.join(publicDir, 'preload.json');
      manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as PreloadManifest) : null;
    }
    // A login page that must show something of the visit's own (a single sign-on refusal, `?sso=`, or a district's
    // sign-in buttons, `?district=`) is the SPA's LoginScreen, not the page rendered at build time; so is the staff
    // sign-in page when this server has Coachwell staff's own connection (PROVIDER_SSO_*: its button).
    const ssoVisit = req.method === 'GET' && (req.query.sso !== undefined || req.query.district !== undefined
      || (options.staffSso === true && req.path.replace(/\/$/, '') === '/admin/auth/login'));
    const prerendered = manifest?.pages && !ssoVisit ? matchRoute(manifest.pages, req.path) : undefined;
    // The login form sent natively (before its script ran): its body is not read; the page is shown again.
    if (prerendered && req.method === 'POST') {
      const query = req.originalUrl.indexOf('?');
      res.redirect(303, `${prerendered.path}${query === -1 ? '' : req.originalUrl.slice(query)}`);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!stat || indexHtml === null) {
      res.status(503).type('text/plain').send('The client is not built yet. Run `npm run build` (npm start does it for you).');
      return;
    }
    let page: PageBody | undefined;
    // The visitor's language (issue 33): the language cookie the app writes once it knows the person, else the
    // browser's. The page is in it from the first paint (<html lang>, the login page, the shell) and its catalogue
    // loads with the page.
    const locale = guestLocale(req);
    if (prerendered) {
      const files = prerendered.localized?.[locale] ?? prerendered;
      const file = safeRedirect(redirectParam(req), prerendered.area) ? files.redirectFile : files.file;
      page = pages.get(file);
      if (page === undefined) {
        page = pageBody(withDsn(fs.readFileSync(path.join(publicDir, file), 'utf8')));
        pages.set(file, page);
      }
    } else {
      const entry = manifest ? (matchRoute(manifest.routes, req.path) ?? manifest.notFound) : null;
      // A signed-in area's page, asked for with a session cookie: the page paints that area's empty shell
      // at once, and the app's first render replaces it in place (a stale cookie shows it briefly before
      // the login page). Without a cookie the page stays empty, as the guard sends a guest to sign in.
      const shells = manifest?.localizedShells?.[locale] ?? manifest?.shells;
      const shell = entry?.shell && sessionCookie && req.headers.cookie?.includes(`${sessionCookie}=`) ? shells?.[entry.shell] : undefined;
      // A signed-in visit's first read starts with the page (a header: the page's body stays the same for every id).
      const firstRead = shell && entry ? firstReadFor(entry, req.path) : null;
      if (firstRead) res.append('Link', `<${firstRead}>; rel=preload; as=fetch; crossorigin=use-credentials`);
      const key = `${locale}:${entry && shell ? `shell:${entry.path}` : entry?.path ?? ''}`;
      page = pages.get(key);
      if (page === undefined) {
        const localized = indexHtml.replace('<html lang="en">', `<html lang="${locale}">`);
        const html = entry ? localized.replace('<!-- route-preload -->', preloadTags(entry, [...manifest?.catalogs?.[locale] ?? [], ...entry.catalogs?.[locale] ?? []])) : localized;
        page = pageBody(shell ? html.replace('<div id="root"></div>', `<div id="root">${shell}</div>`) : html);
        pages.set(key, page);
      }
    }
    const encoding = acceptedEncodings(req.headers['accept-encoding'])[0];
    res.set('Cache-Control', 'no-cache').type('html').vary('Accept-Encoding').vary('Accept-Language').vary('Cookie');
    // (Cookie: the language cookie and, on a signed-in area's page, the session's presence choose the page.)
    if (encoding) res.set('Content-Encoding', encoding);
    res.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
  };
  router.use(sendIndex);
  return router;
}
