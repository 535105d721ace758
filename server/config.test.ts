import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('HOST (issue 25, item 10)', () => {
  it('unset or empty: null, and main.ts listens on every interface, as a server in a container must', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', HOST: ' ' }).host).toBeNull();
  });

  it('set: the one address main.ts listens on (tests start servers with 127.0.0.1)', () => {
    expect(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's', HOST: '::' }).host).toBe('::');
  });
});
