import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { prepareDatabase } from '../bootstrap';
import { loadConfig } from '../config';
import { RateLimiter } from '../http/rateLimit';
import { createMemoryMailer } from '../lib/mailer';
import { csrfHeaders, guestAgent, loginAs } from '../testing/app';
import { buildUser } from '../testing/factories';

const sentry = vi.hoisted(() => ({ captureException: vi.fn() }));
vi.mock('@sentry/node', () => sentry);

// A built client to serve: index.html and one hashed asset.
const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-public-'));
fs.mkdirSync(path.join(publicDir, 'assets'));
fs.writeFileSync(path.join(publicDir, 'index.html'), '<!doctype html><meta name="sentry-dsn" content=""><title>Coachwell</title>');
fs.writeFileSync(path.join(publicDir, 'assets', 'app-abc123.js'), 'console.log(1);');
afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }));

async function createServingApp() {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseFile: ':memory:', publicDir, appUrl: 'http://coachwell.test' };
  const { db } = await prepareDatabase(config);
  const logged: unknown[] = [];
  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: (...a) => logged.push(a) });
  return { app, db, logged };
}

let t: Awaited<ReturnType<typeof createServingApp>>;
beforeEach(async () => {
  t = await createServingApp();
  sentry.captureException.mockClear();
});

/** A library's 4xx was logged as one line (no stack trace) and never reported. */
function expectQuietClientError() {
  expect(sentry.captureException).not.toHaveBeenCalled();
  for (const entry of t.logged.flat()) {
    expect(typeof entry).toBe('string');
    expect(entry as string).not.toMatch(/\n\s+at /);
  }
}

describe('finding 5: bodies the parser cannot decode are 415, before any 500', () => {
  it.each([
    ['application/json; charset=iso-8859-1', undefined, 'The request body must be UTF-8 encoded JSON.'],
    ['application/json; charset=klingon', undefined, 'The request body must be UTF-8 encoded JSON.'],
    ['application/json', 'compress', 'The request body uses a content encoding we do not accept.'],
    ['application/json', 'br-nope', 'The request body uses a content encoding we do not accept.'],
  ])('Content-Type %s, Content-Encoding %s → 415', async (type, encoding, message) => {
    let req = request(t.app).post('/api/auth/login').set('Content-Type', type);
    if (encoding) req = req.set('Content-Encoding', encoding);
    const res = await req.send('{"email":"a@b.org"}');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message, code: 'unsupported_media_type' });
    expectQuietClientError();
  });
});

describe('finding 5: the static server\'s 4xx stay 4xx', () => {
  it('a missing asset is 404', async () => {
    const res = await request(t.app).get('/assets/nonexistent.js');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'We could not find that.', code: 'not_found' });
    expect(res.headers['cache-control']).toBe('no-store'); // not the asset's year-long immutable caching
    expectQuietClientError();
  });

  it('an encoded path trick is 403', async () => {
    const res = await request(t.app).get('/assets/..%2f..%2fpackage.json');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'You do not have permission to do that.', code: 'forbidden' });
    expectQuietClientError();
  });
});

describe('finding 5: sweep of malformed inputs, none answers 5xx', () => {
  // [label, method, path, { headers?, body?, raw? }, expected status]
  type Case = [string, 'get' | 'post' | 'put', string, { headers?: Record<string, string>; body?: unknown; raw?: string }, number];
  const cases: Case[] = [
    ['bad percent-encoding in an API path', 'get', '/api/staff/%E0%A4%A', {}, 400],
    ['bad percent-encoding in an SPA path', 'get', '/app/%E0%A4%A', {}, 200],
    ['bad percent-encoding in an asset path', 'get', '/assets/%E0%A4%A.js', {}, 400],
    ['bad percent-encoding in a query string', 'get', '/api/staff?search=%E0%A4%A', {}, 200],
    ['a lone % in a query string', 'get', '/api/staff?search=%', {}, 200],
    ['a URL over Node\'s header limit', 'get', `/api/staff?${'filter[position][]=x&'.repeat(1500)}`, {}, 431],
    ['many query parameters', 'get', `/api/staff?${Array.from({ length: 1200 }, (_, i) => `p${i}=1`).join('&')}`, {}, 200],
    ['a long array in a filter', 'get', `/api/staff?${'filter[position][]=x&'.repeat(300)}`, {}, 422],
    ['deeply nested query', 'get', `/api/staff?filter${'[a]'.repeat(40)}=1`, {}, 422],
    ['array where a string is expected (query)', 'get', '/api/staff?search[]=a&search[]=b', {}, 422],
    ['object where a string is expected (query)', 'get', '/api/building?status[x]=1', {}, 422],
    ['array for sort', 'get', '/api/staff?sort[]=last_name', {}, 422],
    ['__proto__ in a query string', 'get', '/api/staff?__proto__[x]=1&constructor[prototype][y]=2', {}, 200],
    ['array in a JSON body where a string is expected', 'put', '/api/district', { body: { name: ['x'], timezone: ['y'] } }, 422],
    ['__proto__ in a JSON body', 'post', '/api/building', { raw: '{"__proto__":{"admin":true},"name":"Annex"}' }, 201],
    ['constructor.prototype in a JSON body', 'post', '/api/building', { raw: '{"constructor":{"prototype":{"x":1}},"name":"Annex 2"}' }, 201],
    ['JSON null body', 'post', '/api/building', { raw: 'null' }, 400],
    ['JSON string body', 'post', '/api/building', { raw: '"name"' }, 400],
    ['malformed JSON', 'post', '/api/building', { raw: '{"name":' }, 400],
    ['a number where an array is expected', 'post', '/api/staff', { body: { staff: 5 } }, 422],
    ['text/plain body', 'post', '/api/building', { headers: { 'Content-Type': 'text/plain' }, raw: 'name=x' }, 422],
    ['form body', 'post', '/api/building', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, raw: 'name=x' }, 422],
    ['gzip header on a plain body', 'post', '/api/building', { headers: { 'Content-Encoding': 'gzip' }, raw: '{"name":"x"}' }, 400],
    ['a charset iconv knows but the body is not', 'post', '/api/building', { headers: { 'Content-Type': 'application/json; charset=utf-16' }, raw: '{}' }, 400],
    ['an unknown charset', 'post', '/api/building', { headers: { 'Content-Type': 'application/json; charset=ebcdic-42' }, raw: '{}' }, 415],
    ['a Range header beyond an asset', 'get', '/assets/app-abc123.js', { headers: { Range: 'bytes=999999-' } }, 416],
    ['an If-Match that fails on an asset', 'get', '/assets/app-abc123.js', { headers: { 'If-Match': '"nope"' } }, 412],
    ['a missing asset', 'get', '/assets/nonexistent.css', {}, 404],
    ['a POST to an asset', 'post', '/assets/app-abc123.js', {}, 405],
    ['a dot-dot asset path', 'get', '/assets/..%2f..%2fpackage.json', {}, 403],
    ['a dot-dot SPA path', 'get', '/..%2f..%2fpackage.json', {}, 200],
    ['a NUL byte in a path', 'get', '/assets/a%00b.js', {}, 400],
    ['a huge id', 'get', '/api/staff/99999999999999999999999', {}, 404],
    ['a negative id', 'get', '/api/building/-1', {}, 404],
    ['id with dots', 'get', '/api/building/..%2f..%2f', {}, 404],
  ];

  it.each(cases)('%s', async (_label, method, path, opts, expected) => {
    const admin = await buildUser(t.db);
    const agent = await loginAs(t.app, admin);
    let req = agent[method](path);
    if (method !== 'get') req = req.set(csrfHeaders(agent));
    if (opts.raw !== undefined) req = req.set('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(opts.headers ?? {})) req = req.set(name, value);
    const res = await (opts.raw !== undefined ? req.send(opts.raw) : opts.body !== undefined ? req.send(opts.body as object) : req);
    expect(res.status).toBe(expected);
    // 431 comes from Node's parser and 405 from serve-static itself, before any middleware.
    if (expected >= 400 && expected !== 431 && expected !== 405) {
      expect(res.body).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String) }));
    }
    if (opts.raw?.includes('__proto__') || path.includes('__proto__')) {
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    }
    expect(sentry.captureException).not.toHaveBeenCalled();
  });

  it('guests get the same 4xx before the CSRF check', async () => {
    const guest = await guestAgent(t.app);
    const res = await guest.post('/api/auth/login').set('Content-Type', 'application/json; charset=latin1').send('{}');
    expect(res.status).toBe(415);
  });
});
