// Single sign-on's requests reach only public addresses unless SSO_ALLOW_HTTP=1 (lib/publicAddress.ts), checked on
// the resolution the connection itself makes (DNS rebinding). Loopback servers stand in: 127.0.0.1 for a public
// address and 127.0.0.2 for a private one, through an injected resolver and private-address rule.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkConnection } from '../features/sso/connectionsCheck';
import { startTestProvider } from '../testing/oidcProvider';
import { checkedLookup, createPublicOnlyFetch, isPrivateAddress, PrivateAddressRefused, publicOnlyFetch } from './publicAddress';

const PUBLIC = '127.0.0.1';
const PRIVATE = '127.0.0.2';
/** The rule the tests inject: only 127.0.0.1 counts as public. */
const onlyLoopbackOneIsPublic = (ip: string) => ip !== PUBLIC;

describe('private addresses', () => {
  it('knows loopback, private, link-local, shared and reserved networks, IPv4-mapped ones in any spelling too', () => {
    for (const ip of [
      '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1',
      '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:a9fe:a9fe', '::FFFF:192.168.0.1', '64:ff9b::10.0.0.1', '64:ff9b::1', '::127.0.0.1', 'fe80::1%eth0', 'not-an-ip',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '142.250.72.14', '172.32.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::8.8.8.8']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

describe('the checked connection (DNS rebinding)', () => {
  let port: number;
  let publicServer: http.Server;
  let privateServer: http.Server;
  const seen = { public: 0, private: 0, publicConnections: 0, privateConnections: 0, lastLocalAddress: '' };

  /** A resolver that answers each call with the next answer (the last one again after that), counting its calls. */
  function changingResolver(...answers: string[][]) {
    const resolver = async (host: string) => {
      resolver.calls.push(host);
      return answers[Math.min(resolver.calls.length - 1, answers.length - 1)]!.map((address) => ({ address }));
    };
    resolver.calls = [] as string[];
    return resolver;
  }

  beforeAll(async () => {
    publicServer = http.createServer(async (req, res) => {
      seen.public += 1;
      seen.lastLocalAddress = req.socket.localAddress ?? '';
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (req.url === '/to-private') {
        res.writeHead(302, { location: `http://${PRIVATE}:${port}/`, connection: 'close' });
        res.end();
        return;
      }
      if (req.url === '/to-public') {
        res.writeHead(303, { location: '/echo', connection: 'close' });
        res.end();
        return;
      }
      if (req.url === '/never') return;
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close', 'set-cookie': ['a=1', 'b=2'] });
      res.end(JSON.stringify({
        server: 'public', method: req.method, path: req.url, host: req.headers.host, type: req.headers['content-type'] ?? null,
        accept: req.headers.accept, body: Buffer.concat(chunks).toString('utf8'),
      }));
    });
    publicServer.on('connection', () => { seen.publicConnections += 1; });
    await new Promise<void>((resolve) => publicServer.listen(0, PUBLIC, resolve));
    port = (publicServer.address() as AddressInfo).port;
    privateServer = http.createServer((_req, res) => {
      seen.private += 1;
      res.end('the private network');
    });
    privateServer.on('connection', () => { seen.privateConnections += 1; });
    await new Promise<void>((resolve) => privateServer.listen(port, PRIVATE, resolve));
  });
  afterAll(async () => {
    publicServer.closeAllConnections();
    privateServer.closeAllConnections();
    await new Promise((resolve) => publicServer.close(resolve));
    await new Promise((resolve) => privateServer.close(resolve));
  });
  beforeEach(() => {
    Object.assign(seen, { public: 0, private: 0, publicConnections: 0, privateConnections: 0, lastLocalAddress: '' });
  });

  it('a name answering a public address, then a private one, never reaches the private one: one resolution per connection, the socket on the checked address', async () => {
    const resolver = changingResolver([PUBLIC], [PRIVATE]);
    const pinned = createPublicOnlyFetch({ resolve: resolver, isPrivate: onlyLoopbackOneIsPublic });
    const first = await pinned(`http://idp.rebind.test:${port}/first`, { redirect: 'manual' });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ server: 'public', path: '/first', host: `idp.rebind.test:${port}` });
    expect(seen.lastLocalAddress).toBe(PUBLIC);
    expect(resolver.calls).toEqual(['idp.rebind.test']);
    // The server closed that connection; the next one resolves again (once), gets the private answer and is refused.
    const second = await pinned(`http://idp.rebind.test:${port}/second`, { redirect: 'manual' }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(PrivateAddressRefused);
    expect((second as PrivateAddressRefused).message).toBe(`idp.rebind.test:${port} is on a private network`);
    expect((second as { cause: { code: string } }).cause.code).toBe('EPRIVATE');
    expect(resolver.calls).toEqual(['idp.rebind.test', 'idp.rebind.test']);
    expect(seen).toMatchObject({ public: 1, publicConnections: 1, private: 0, privateConnections: 0 });
  });

  it('refuses before any connection when any address of the answer is private', async () => {
    const mixed = createPublicOnlyFetch({ resolve: changingResolver([PUBLIC, PRIVATE]), isPrivate: onlyLoopbackOneIsPublic });
    await expect(mixed(`http://idp.mixed.test:${port}/`, { redirect: 'manual' })).rejects.toBeInstanceOf(PrivateAddressRefused);
    // The real rule: a public address next to a private one is refused too, without connecting anywhere.
    const real = createPublicOnlyFetch({ resolve: changingResolver(['93.184.216.34', '10.0.0.5']) });
    await expect(real('https://idp.example/x', { redirect: 'manual' })).rejects.toBeInstanceOf(PrivateAddressRefused);
    const metadata = createPublicOnlyFetch({ resolve: changingResolver(['169.254.169.254']) });
    await expect(metadata('http://metadata.example/latest/meta-data/', { redirect: 'manual' })).rejects.toThrow('metadata.example is on a private network');
    expect(seen).toMatchObject({ publicConnections: 0, privateConnections: 0 });
  });

  it('refuses IPv4-mapped IPv6 answers and literals', async () => {
    const mapped = createPublicOnlyFetch({ resolve: changingResolver(['::ffff:169.254.169.254']) });
    await expect(mapped('https://idp.example/x', { redirect: 'manual' })).rejects.toBeInstanceOf(PrivateAddressRefused);
    const resolver = changingResolver(['8.8.8.8']);
    const literal = createPublicOnlyFetch({ resolve: resolver });
    for (const url of [`http://[::ffff:127.0.0.1]:${port}/`, `http://[::ffff:7f00:2]:${port}/`, `http://[0:0:0:0:0:ffff:a00:1]/`]) {
      await expect(literal(url, { redirect: 'manual' }), url).rejects.toBeInstanceOf(PrivateAddressRefused);
    }
    expect(resolver.calls).toEqual([]);
    expect(seen).toMatchObject({ publicConnections: 0, privateConnections: 0 });
  });

  it('checks a literal IP host without resolving it: the allowed one is reached, the private one is refused unconnected', async () => {
    const resolver = changingResolver([PRIVATE]);
    const pinned = createPublicOnlyFetch({ resolve: resolver, isPrivate: onlyLoopbackOneIsPublic });
    const reached = await pinned(`http://${PUBLIC}:${port}/literal`, { redirect: 'manual' });
    expect(await reached.json()).toMatchObject({ server: 'public', path: '/literal' });
    await expect(pinned(`http://${PRIVATE}:${port}/`, { redirect: 'manual' })).rejects.toBeInstanceOf(PrivateAddressRefused);
    // The production rule and publicOnlyFetch itself: loopback literals refused.
    await expect(publicOnlyFetch('https://127.0.0.1:8443/x', { redirect: 'manual' })).rejects.toThrow('127.0.0.1:8443 is on a private network');
    await expect(publicOnlyFetch('https://[::1]/x', { redirect: 'manual' })).rejects.toThrow('[::1] is on a private network');
    expect(resolver.calls).toEqual([]);
    expect(seen).toMatchObject({ public: 1, privateConnections: 0 });
  });

  it('hands the socket the checked addresses whether it asks for all of them or one', async () => {
    const lookup = checkedLookup('idp.example', 443, async () => [{ address: '8.8.8.8' }, { address: '2001:4860:4860::8888' }]);
    const answer = (options: object) => new Promise<unknown[]>((resolve) => { lookup('idp.example', options, (...args) => resolve(args)); });
    expect(await answer({ all: true })).toEqual([null, [{ address: '8.8.8.8', family: 4 }, { address: '2001:4860:4860::8888', family: 6 }]]);
    expect(await answer({})).toEqual([null, '8.8.8.8', 4]);
    expect(await answer({ family: 6 })).toEqual([null, '2001:4860:4860::8888', 6]);
    const refused = checkedLookup('idp.example', 443, async () => [{ address: '8.8.8.8' }, { address: '::ffff:10.0.0.1' }]);
    const [error] = await new Promise<unknown[]>((resolve) => { refused('idp.example', { all: true }, (...args) => resolve(args)); });
    expect(error).toBeInstanceOf(PrivateAddressRefused);
  });

  it('does what openid-client asks of fetch: method, headers, a form body, the answer\'s headers', async () => {
    const pinned = createPublicOnlyFetch({ resolve: changingResolver([PUBLIC]), isPrivate: onlyLoopbackOneIsPublic });
    const res = await pinned(`http://idp.form.test:${port}/token?x=1`, {
      method: 'POST', headers: { accept: 'application/json', authorization: 'Basic abc' }, body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c d' }), redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`http://idp.form.test:${port}/token?x=1`);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await res.json()).toEqual({
      server: 'public', method: 'POST', path: '/token?x=1', host: `idp.form.test:${port}`, accept: 'application/json',
      type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'grant_type=authorization_code&code=c+d',
    });
  });

  it('answers a redirect as it is with redirect: manual; follows one only through the same check', async () => {
    const pinned = createPublicOnlyFetch({ resolve: changingResolver([PUBLIC]), isPrivate: onlyLoopbackOneIsPublic });
    const manual = await pinned(`http://idp.redirect.test:${port}/to-private`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe(`http://${PRIVATE}:${port}/`);
    await expect(pinned(`http://idp.redirect.test:${port}/to-private`)).rejects.toBeInstanceOf(PrivateAddressRefused);
    await expect(pinned(`http://idp.redirect.test:${port}/to-private`, { redirect: 'error' })).rejects.toThrow('fetch failed');
    const followed = await pinned(`http://idp.redirect.test:${port}/to-public`, { method: 'POST', body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(await followed.json()).toMatchObject({ method: 'GET', path: '/echo', body: '', type: null });
    expect(seen.private).toBe(0);
  });

  it('rejects with the AbortSignal\'s reason, as fetch does (openid-client reads a timeout from it)', async () => {
    const pinned = createPublicOnlyFetch({ resolve: changingResolver([PUBLIC]), isPrivate: onlyLoopbackOneIsPublic });
    const controller = new AbortController();
    const pending = pinned(`http://idp.slow.test:${port}/never`, { redirect: 'manual', signal: controller.signal });
    await expect.poll(() => seen.public, { timeout: 20_000 }).toBe(1);
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    await expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
    const aborted = new AbortController();
    aborted.abort();
    await expect(pinned(`http://idp.slow.test:${port}/`, { signal: aborted.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('fails as fetch fails: a refused connection and an unknown name keep their codes in `cause`', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, PUBLIC, resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const pinned = createPublicOnlyFetch({ resolve: changingResolver([PUBLIC]), isPrivate: onlyLoopbackOneIsPublic });
    await expect(pinned(`http://idp.closed.test:${closedPort}/`)).rejects.toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
    const nowhere = createPublicOnlyFetch({ resolve: async () => { throw Object.assign(new Error('getaddrinfo ENOTFOUND idp.nowhere.test'), { code: 'ENOTFOUND' }); } });
    await expect(nowhere('https://idp.nowhere.test/')).rejects.toMatchObject({ message: 'fetch failed', cause: { code: 'ENOTFOUND' } });
  });
});

describe('"Test connection" through the checked path', () => {
  it('says so in words, without a request, when SSO_ALLOW_HTTP is off', async () => {
    for (const issuer of ['https://169.254.169.254', 'https://localhost:9']) {
      const check = await checkConnection({ issuer, clientId: 'id', clientSecret: 'secret-never-shown', allowHttp: false, timeoutSeconds: 2 });
      const host = new URL(issuer).host;
      expect(check).toEqual({ ok: false, message: `${host} is on a private network, which Coachwell does not reach. Enter the provider's public issuer address.` });
    }
    // A public address on a port fetch refuses, refused before connecting, in the same words fetch's refusal gets.
    const badPort = await checkConnection({ issuer: 'https://8.8.8.8:25', clientId: 'id', clientSecret: 'x', allowHttp: false, timeoutSeconds: 2 });
    expect(badPort).toEqual({ ok: false, message: '8.8.8.8:25 could not be reached: its port is one that web requests may not use. Check the issuer\'s address.' });
  });

  it('runs discovery and the client check against a real provider through it (the provider\'s loopback address allowed by the test\'s rule)', async () => {
    const op = await startTestProvider({ redirectUri: 'http://coachwell.test/api/auth/sso/callback', accounts: [] });
    try {
      const host = new URL(op.issuer).host;
      const asked: string[] = [];
      const pinned = createPublicOnlyFetch({ isPrivate: (ip) => { asked.push(ip); return ip !== PUBLIC; } });
      const ok = await checkConnection({ issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, allowHttp: true, fetch: pinned });
      expect(ok).toEqual({ ok: true, message: `Connected: ${host} answers as an OpenID issuer and did not refuse the client id. The first sign-in confirms the rest.` });
      const refused = await checkConnection({ issuer: op.issuer, clientId: op.clientId, clientSecret: 'not-the-secret', allowHttp: true, fetch: pinned });
      expect(refused.message).toBe(`${host} is an OpenID issuer, but it refused the client id or secret (invalid_client). Copy both again from the provider's console.`);
      expect(asked.length).toBeGreaterThanOrEqual(4);
      expect(new Set(asked)).toEqual(new Set([PUBLIC]));
      // The production rule refuses the same provider.
      const real = await checkConnection({ issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, allowHttp: true, fetch: createPublicOnlyFetch() });
      expect(real.message).toBe(`${host} is on a private network, which Coachwell does not reach. Enter the provider's public issuer address.`);
      expect(op.hits.get('/.well-known/openid-configuration')).toBe(2);
    } finally {
      await op.close();
    }
  });
});
