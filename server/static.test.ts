import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, firstReadFor, matchRoute, staticRoutes } from './static';

// A built client in miniature: what scripts/build.ts writes into dist/public.
let publicDir: string;
let app: express.Express;
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

beforeAll(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-static-'));
  fs.mkdirSync(path.join(publicDir, 'assets/chunks'), { recursive: true });
  fs.mkdirSync(path.join(publicDir, 'assets/css'), { recursive: true });
  const main = path.join(publicDir, 'assets/main-ABC.js');
  fs.writeFileSync(main, SCRIPT);
  fs.writeFileSync(`${main}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${main}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(publicDir, 'assets/small-ABC.js'), 'export {};\n');
  fs.writeFileSync(path.join(publicDir, 'index.html'), '<html lang="en"><head><meta name="sentry-dsn" content="">\n    <!-- route-preload -->\n</head><body><div id="root"></div></body></html>');
  const entry = (p: string, name: string, shell?: 'app' | 'admin') => ({ path: p, js: [`/assets/chunks/${name}-1.js`, '/assets/chunks/chunk-shared.js'], css: [`/assets/css/${name}-1.css`], shell });
  fs.writeFileSync(path.join(publicDir, 'preload.json'), JSON.stringify({
    routes: [{ ...entry('/app/staff', 'StaffList', 'app'), catalogs: { es: ['/assets/chunks/StaffList-es-1.js'] } }, entry('/app/staff/create', 'StaffCreate', 'app'), { ...entry('/app/staff/:id', 'StaffView', 'app'), firstRead: '/api/staff/:id' }, entry('/app/auth/login', 'Login'), entry('/admin/districts', 'Districts', 'admin'), entry('/pricing', 'Pricing')],
    notFound: entry('*', 'NotFound'),
    shells: { app: '<div class="app-shell">app frame</div>', admin: '<div class="admin-shell">admin frame</div>' },
    localizedShells: {
      en: { app: '<div class="app-shell">app frame</div>', admin: '<div class="admin-shell">admin frame</div>' },
      es: { app: '<div class="app-shell">marco app</div>', admin: '<div class="admin-shell">marco admin</div>' },
    },
    catalogs: { es: ['/assets/chunks/es-1.js'] },
    pages: [{
      path: '/admin/auth/login', area: 'admin', file: 'pages/login-admin.html', redirectFile: 'pages/login-admin-redirect.html',
      localized: { es: { file: 'pages/login-admin.es.html', redirectFile: 'pages/login-admin-redirect.es.html' } },
    }],
  }));
  fs.mkdirSync(path.join(publicDir, 'pages'));
  fs.writeFileSync(path.join(publicDir, 'pages/login-admin.html'), `<html><head><meta name="sentry-dsn" content=""></head><body>${'Staff sign in. '.repeat(200)}</body></html>`);
  fs.writeFileSync(path.join(publicDir, 'pages/login-admin.es.html'), '<html lang="es"><head></head><body>Acceso del personal.</body></html>');
  fs.writeFileSync(path.join(publicDir, 'pages/login-admin-redirect.es.html'), '<html lang="es"><head></head><body>Acceso del personal. Continúe.</body></html>');
  fs.writeFileSync(path.join(publicDir, 'pages/login-admin-redirect.html'), '<html><head><meta name="sentry-dsn" content=""></head><body>Staff sign in. Sign in to continue to the page you asked for.</body></html>');
  app = express();
  app.use(staticRoutes(publicDir, null, 'test_session'));
});
afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }));

describe('built assets', () => {
  it('serves brotli when the browser takes it, with the script type, Vary and immutable caching', async () => {
    const res = await request(app).get('/assets/main-ABC.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe(SCRIPT);
  });

  it('serves gzip when brotli is not accepted', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await request(app).get('/assets/main-ABC.js').set('Accept-Encoding', accept);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.text).toBe(SCRIPT);
    }
  });

  it('serves the plain file, still varying on Accept-Encoding, when no encoding is accepted', async () => {
    const res = await request(app).get('/assets/main-ABC.js').set('Accept-Encoding', 'identity');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.text).toBe(SCRIPT);
  });

  it('serves a file too small to compress as it is', async () => {
    const res = await request(app).get('/assets/small-ABC.js').set('Accept-Encoding', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe('export {};\n');
  });

  it('leaves a missing asset (404) and a path leaving the folder (403) to the error middleware', async () => {
    for (const [url, status] of [['/assets/missing-XYZ.js', 404], ['/assets/chunks/nope.css', 404], ['/assets/..%2f..%2fpackage.json', 403], ['/assets/..%2findex.html', 403]] as const) {
      const res = await request(app).get(url).set('Accept-Encoding', 'br, gzip');
      expect(res.status, url).toBe(status);
      expect(res.text, url).not.toContain('<div id="root">');
    }
  });
});

describe('the page for a route', () => {
  const tags = (name: string) => [
    // The session probe every screen starts with, fetched alongside the scripts (the client's fetch reuses it).
    '<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials">',
    `<link rel="stylesheet" href="/assets/css/${name}-1.css">`,
    `<link rel="modulepreload" href="/assets/chunks/${name}-1.js">`,
    '<link rel="modulepreload" href="/assets/chunks/chunk-shared.js">',
  ];

  it.each([
    ['/app/staff', 'StaffList'],
    ['/app/staff/create', 'StaffCreate'],
    ['/app/staff/42', 'StaffView'],
    ['/app/auth/login', 'Login'],
    ['/no/such/page', 'NotFound'],
  ])('%s links its screen stylesheet and preloads its chunks', async (url, name) => {
    const res = await request(app).get(url);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    for (const tag of tags(name)) expect(res.text).toContain(tag);
    expect(res.text).not.toContain('<!-- route-preload -->');
  });

  it("paints a signed-in area's empty shell when the visit carries a session cookie, never for a guest or a public page", async () => {
    const signedIn = (url: string) => request(app).get(url).set('Cookie', 'other=1; test_session=s%3Aabc');
    for (const [url, frame] of [['/app/staff', '<div id="root"><div class="app-shell">app frame</div></div>'], ['/app/staff/42', '<div id="root"><div class="app-shell">app frame</div></div>'], ['/admin/districts', '<div id="root"><div class="admin-shell">admin frame</div></div>']]) {
      const res = await signedIn(url!).set('Accept-Encoding', 'br');
      expect(res.status).toBe(200);
      expect(res.text).toContain(frame);
      expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
      const guest = await request(app).get(url!);
      expect(guest.text).toContain('<div id="root"></div>');
      expect(guest.text).not.toContain('frame');
      expect(guest.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    }
    for (const url of ['/pricing', '/app/auth/login', '/no/such/page']) {
      const res = await signedIn(url);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    }
  });

  it("names a signed-in screen's first read in a Link preload header (issue 35): only with a session, only an id", async () => {
    const signedIn = (url: string) => request(app).get(url).set('Cookie', 'test_session=s%3Aabc');
    const profile = await signedIn('/app/staff/42');
    expect(profile.status).toBe(200);
    expect(profile.headers.link).toBe('</api/staff/42>; rel=preload; as=fetch; crossorigin=use-credentials');
    // The page's body is the same for every educator: it stays one cached page.
    expect((await signedIn('/app/staff/7')).text).toBe(profile.text);
    expect((await request(app).get('/app/staff/42')).headers.link).toBeUndefined();
    expect((await signedIn('/app/staff/create')).headers.link).toBeUndefined();
    expect((await signedIn('/app/staff/4%3E2')).headers.link).toBeUndefined();
    expect((await signedIn('/app/staff')).headers.link).toBeUndefined();
  });

  it('is in the visitor\'s language (issue 33): the language cookie, else Accept-Language; Spanish preloads its catalogue and the screen\'s part of it', async () => {
    const english = await request(app).get('/app/staff').set('Accept-Language', 'fr, en;q=0.8');
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).not.toContain('es-1.js');
    const spanish = await request(app).get('/app/staff').set('Accept-Language', 'es-PR');
    expect(spanish.text).toContain('<html lang="es">');
    expect(spanish.text).toContain('<link rel="modulepreload" href="/assets/chunks/es-1.js">');
    expect(spanish.text).toContain('<link rel="modulepreload" href="/assets/chunks/StaffList-es-1.js">');
    // Another screen preloads only the catalogue every page needs.
    const other = await request(app).get('/app/staff/7').set('Accept-Language', 'es-PR');
    expect(other.text).toContain('<link rel="modulepreload" href="/assets/chunks/es-1.js">');
    expect(other.text).not.toContain('StaffList-es-1.js');
    const chosen = await request(app).get('/app/staff').set('Accept-Language', 'es-PR').set('Cookie', 'cw_lang=en; test_session=s%3Aabc');
    expect(chosen.text).toContain('<html lang="en">');
    expect(chosen.text).toContain('app frame');
    const shell = await request(app).get('/app/staff').set('Cookie', 'cw_lang=es; test_session=s%3Aabc');
    expect(shell.text).toContain('<div id="root"><div class="app-shell">marco app</div></div>');
    expect(shell.text).toContain('<html lang="es">');
  });
});

describe('the login page rendered at build time', () => {
  const NOTICE = 'Sign in to continue to the page you asked for.';

  it('is served at its path, compressed when the browser takes it, never cached', async () => {
    const res = await request(app).get('/admin/auth/login').set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(res.headers['cache-control']).toBe('no-cache');
    // supertest decodes it, as the assets' brotli test above relies on.
    const html = res.text;
    expect(html).toContain('Staff sign in.');
    expect(html).not.toContain(NOTICE);
    expect(html).not.toContain('<div id="root">');
  });

  it('is served in the visitor\'s language (issue 33)', async () => {
    expect((await request(app).get('/admin/auth/login').set('Accept-Language', 'es')).text).toContain('Acceso del personal.');
    expect((await request(app).get('/admin/auth/login?redirect=%2Fadmin').set('Cookie', 'cw_lang=es')).text).toContain('Continúe.');
    expect((await request(app).get('/admin/auth/login').set('Accept-Language', 'es').set('Cookie', 'cw_lang=en')).text).toContain('Staff sign in.');
  });

  it('shows the notice only for a safe ?redirect= of its own area', async () => {
    for (const [query, notice] of [
      ['?redirect=%2Fadmin%2Flogs', true],
      ['?redirect=/admin&redirect=//evil.example', true],
      ['?redirect=%2Fapp%2Fstaff', false],
      ['?redirect=%2F%2Fevil.example%2Fadmin', false],
      ['?redirect=%2Fadmin%2Fauth%2Flogin', false],
      ['?redirect[x]=%2Fadmin', false],
      ['', false],
    ] as const) {
      const res = await request(app).get(`/admin/auth/login${query}`);
      expect(res.status, query).toBe(200);
      expect(res.text.includes(NOTICE), query).toBe(notice);
    }
  });

  it('answers the form sent natively (before its script ran) by showing the page again, body unread', async () => {
    const res = await request(app).post('/admin/auth/login?redirect=%2Fadmin').type('form').send({ email: 'a@b.example', password: 'secret' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin/auth/login?redirect=%2Fadmin');
    // Other paths still refuse a POST (the error middleware's 404).
    expect((await request(app).post('/app/staff').send({})).status).toBe(404);
  });
});

describe('helpers', () => {
  it('orders accepted encodings by preference', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=1, br;q=0.5')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('br;q=0')).toEqual([]);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });

  it("fills a first read's address with the route's ids, and nothing else", () => {
    const entry = { path: '/app/staff/:id/cycles/:cycle', firstRead: '/api/staff/:id/cycle/:cycle' };
    expect(firstReadFor(entry, '/app/staff/7/cycles/12')).toBe('/api/staff/7/cycle/12');
    expect(firstReadFor(entry, '/app/staff/7/cycles/x')).toBeNull();
    expect(firstReadFor(entry, '/app/staff/7/cycles')).toBeNull();
    expect(firstReadFor({ path: '/app/staff/:id' }, '/app/staff/7')).toBeNull();
  });

  it('prefers static path segments over parameters', () => {
    const routes = [{ path: '/app/staff/:id' }, { path: '/app/staff/create' }, { path: '/app/staff/:id/edit' }];
    expect(matchRoute(routes, '/app/staff/create')).toBe(routes[1]);
    expect(matchRoute(routes, '/app/staff/7')).toBe(routes[0]);
    expect(matchRoute(routes, '/app/staff/7/edit/')).toBe(routes[2]);
    expect(matchRoute(routes, '/app/staff/7/view')).toBeUndefined();
  });
});
