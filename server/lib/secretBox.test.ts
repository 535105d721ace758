// The client secrets of single sign-on connections sealed at rest (issue 30): AES-256-GCM with SSO_SECRET_KEY; a key
// derived from SESSION_SECRET outside production, with a warning; production without a key refuses to seal.
import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { DERIVED_KEY_WARNING, makeSecretBox, SecretBoxRefused, SecretBoxUnavailable, secretBoxFor } from './secretBox';

const KEY = crypto.randomBytes(32).toString('base64');
const SECRET = 'GOCSPX-very-secret-client-secret';

describe('secret box', () => {
  it('without SSO_SECRET_KEY outside production derives a key from SESSION_SECRET and warns once', async () => {
    // A fresh copy of the module: the warning is once per process, and another file in this worker may have said it.
    vi.resetModules();
    const { secretBoxFor } = await import('./secretBox');
    const warnings: string[] = [];
    const config = loadConfig({ NODE_ENV: 'development', SESSION_SECRET: 'one' });
    const box = secretBoxFor(config, (m) => warnings.push(m));
    expect(box.ready).toBe(true);
    const sealed = box.seal(SECRET);
    expect(box.open(sealed)).toBe(SECRET);
    secretBoxFor(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'two' }), (m) => warnings.push(m)).seal('x');
    expect(warnings).toEqual([DERIVED_KEY_WARNING]);
    expect(warnings[0]).toContain('SSO_SECRET_KEY is not set');
    // Another SESSION_SECRET derives another key.
    expect(() => secretBoxFor(loadConfig({ NODE_ENV: 'development', SESSION_SECRET: 'three' })).open(sealed)).toThrow(/sealed with another SSO_SECRET_KEY/);
  });

  it('seals with SSO_SECRET_KEY: the text holds no part of the secret, differs each time and opens to the secret', () => {
    const box = secretBoxFor(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's', SSO_SECRET_KEY: KEY }));
    const a = box.seal(SECRET);
    const b = box.seal(SECRET);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret');
    expect(Buffer.from(a.split('.')[3], 'base64url').toString('utf8')).not.toContain('secret');
    expect(box.open(a)).toBe(SECRET);
    expect(box.open(b)).toBe(SECRET);
    expect(box.open(box.seal(''))).toBe('');
    expect(box.open(box.seal('ünïcode ✓'))).toBe('ünïcode ✓');
  });

  it('refuses a changed, cut or foreign sealed text, and a text sealed with another key, without naming the secret', () => {
    const box = makeSecretBox(Buffer.from(KEY, 'base64'));
    const sealed = box.seal(SECRET);
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    for (const bad of [
      [v, iv, tag, flipped.toString('base64url')].join('.'),
      [v, iv, tag].join('.'),
      ['v2', iv, tag, body].join('.'),
      [v, iv, Buffer.alloc(16).toString('base64url'), body].join('.'),
      'plain text',
      '',
    ]) {
      expect(() => box.open(bad)).toThrow(SecretBoxRefused);
    }
    const other = makeSecretBox(crypto.randomBytes(32));
    let error: unknown;
    try { other.open(sealed); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(SecretBoxRefused);
    expect(String((error as Error).message)).not.toContain(SECRET);
    expect((error as Error).message).toBe('A sealed single sign-on secret could not be opened: it was sealed with another SSO_SECRET_KEY or has been changed. Enter the client secret again.');
  });

  it('in production without SSO_SECRET_KEY the app still starts, and sealing or opening refuses with a clear message', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's' });
    expect(config.sso.secretKey).toBeNull();
    const warnings: string[] = [];
    const box = secretBoxFor(config, (m) => warnings.push(m));
    expect(box.ready).toBe(false);
    expect(() => box.seal(SECRET)).toThrow(SecretBoxUnavailable);
    expect(() => box.seal(SECRET)).toThrow('Single sign-on secrets cannot be stored: set SSO_SECRET_KEY (32 random bytes in base64, e.g. `openssl rand -base64 32`) and restart.');
    expect(() => box.open('v1.a.b.c')).toThrow(SecretBoxUnavailable);
    expect(warnings).toEqual([]);
  });
});

describe('single sign-on settings', () => {
  it('SSO_SECRET_KEY must be 32 bytes in base64', () => {
    expect(loadConfig({ NODE_ENV: 'test', SSO_SECRET_KEY: KEY }).sso.secretKey).toEqual(Buffer.from(KEY, 'base64'));
    expect(loadConfig({ NODE_ENV: 'test', SSO_SECRET_KEY: '' }).sso.secretKey).toBeNull();
    for (const bad of ['short', crypto.randomBytes(16).toString('base64'), crypto.randomBytes(48).toString('base64'), 'not base64 at all!']) {
      expect(() => loadConfig({ NODE_ENV: 'test', SSO_SECRET_KEY: bad })).toThrow('SSO_SECRET_KEY must be 32 random bytes in base64 (make one with: openssl rand -base64 32).');
    }
  });

  it('SSO_ALLOW_HTTP=1 allows plain-http issuers outside production only', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sso.allowHttp).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', SSO_ALLOW_HTTP: '1' }).sso.allowHttp).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SSO_ALLOW_HTTP: 'yes' }).sso.allowHttp).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's', SSO_ALLOW_HTTP: '1' }).sso.allowHttp).toBe(false);
  });
});
