// Requests to addresses a district administrator typed (single sign-on's issuer, and the token and key addresses
// its discovery document names) go only to the public internet: the server's own loopback, private and link-local
// networks (cloud metadata at 169.254.169.254 among them) are refused, so a connection cannot be used to probe them.
// The check is made on the connection itself (DNS rebinding): `publicOnlyFetch` sends each request with node:http(s)
// and a `lookup` of its own, so the one resolution the socket makes is the one checked, every address it answers,
// and a private answer is refused before anything connects; the socket then goes only to those checked addresses.
// Nothing resolves the name a second time, so a name whose answer changes (public for a check, private for the
// connection) reaches no private address. An IP literal is checked before connecting; a kept-alive socket was checked
// when it opened. SSO_ALLOW_HTTP=1 (tests, never production) turns it off; tests may pass their own resolver and
// private-address rule to createPublicOnlyFetch to run this very path against a loopback server.
import dns from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';

const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(address, prefix, 'ipv4');
// ::/96 holds :: and ::1 and the old IPv4-compatible addresses (never routed).
for (const [address, prefix] of [['::', 96], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address, in any spelling. */
function embeddedIpv4(ip: string): string | null {
  let canonical: string;
  try {
    canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  // The URL parser writes it in hexadecimal groups, with at most one '::'.
  const [head = '', tail] = canonical.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const groups = [...before, ...Array<string>(tail === undefined ? 0 : 8 - before.length - after.length).fill('0'), ...after].map((g) => parseInt(g, 16));
  if (groups.length !== 8) return null;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!mapped && !nat64) return null;
  return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
}

/** Whether an IP address is on a loopback, private, link-local, shared or reserved network. */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 0) return true;
  if (family === 4) return PRIVATE.check(ip, 'ipv4');
  // A zone (fe80::1%eth0) belongs only to link-local addresses.
  if (ip.includes('%')) return true;
  const inner = embeddedIpv4(ip);
  if (inner) return PRIVATE.check(inner, 'ipv4');
  return PRIVATE.check(ip, 'ipv6');
}

/** Refused because the host is on a private network; `cause.code` is what the callers' messages read. */
export class PrivateAddressRefused extends TypeError {
  constructor(host: string) {
    super(`${host} is on a private network`, { cause: { code: 'EPRIVATE', message: `${host} is on a private network` } });
  }
}

/** Resolves a host name: every address it has (dns.lookup with `all` by default). */
export type Resolver = (host: string) => Promise<{ address: string }[]>;
/** The fetch openid-client's customFetch calls (url as a string, fetch's options). */
export type FetchLike = (url: string, options?: FetchOptions) => Promise<Response>;
/** fetch's options, the body as openid-client may give it (a Uint8Array among the rest). */
export type FetchOptions = Omit<RequestInit, 'body'> & { body?: RequestInit['body'] | Uint8Array };

export interface PublicOnlyOptions {
  /** How names resolve (tests: a resolver whose answer changes). Default: the system's, every address. */
  resolve?: Resolver;
  /** Which addresses are refused (tests: a loopback address standing for a public one). Default: isPrivateAddress. */
  isPrivate?: (ip: string) => boolean;
}

const systemResolver: Resolver = (host) => dns.lookup(host, { all: true, verbatim: true });

// Ports fetch itself refuses (the WHATWG fetch standard's "bad port" list); kept so "Test connection" says the same.
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113,
  115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556,
  563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667,
  6668, 6669, 6679, 6697, 10080,
]);
/** The largest answer read (discovery documents and key sets are a few kilobytes). */
export const MAX_ANSWER_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 20;

const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });
const notFound = (host: string) => Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host });

/**
 * A `lookup` for the socket (net.connect's option): resolves the name once, refuses when any address it answers is
 * private (PrivateAddressRefused), and hands the socket exactly the addresses it checked, as a list when the socket
 * asks for `all` (Node's default, trying each address) or the first one otherwise.
 */
export function checkedLookup(
  where: string, port: number, resolve: Resolver = systemResolver, isPrivate: (ip: string) => boolean = isPrivateAddress,
): (hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => void {
  return (hostname, options, callback) => {
    resolve(hostname).then((found) => {
      const addresses = found.map(({ address }) => ({ address, family: net.isIP(address) }));
      if (addresses.length === 0) throw notFound(hostname);
      if (addresses.some((a) => a.family === 0 || isPrivate(a.address))) throw new PrivateAddressRefused(where);
      if (BAD_PORTS.has(port)) throw new Error('bad port');
      const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
      const usable = family ? addresses.filter((a) => a.family === family) : addresses;
      if (usable.length === 0) throw notFound(hostname);
      return usable;
    }).then(
      (usable) => (options.all ? callback(null, usable) : callback(null, usable[0]!.address, usable[0]!.family)),
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  const options = { maxOutputLength: MAX_ANSWER_BYTES };
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip': case 'x-gzip': return zlib.gunzipSync(body, options);
    case 'deflate': return zlib.inflateSync(body, options);
    case 'br': return zlib.brotliDecompressSync(body, options);
    default: return body;
  }
}

/**
 * A fetch whose connections reach only public addresses, checked on the socket's own resolution (see the top of
 * this file). It does what openid-client asks of fetch: any method, headers and body, `redirect` ('manual' answers
 * a redirect as it is; 'follow' follows it through this same check; 'error' refuses it) and an AbortSignal
 * (rejecting with its reason, as fetch does). Failures reject as fetch's do: TypeError('fetch failed') with the
 * network error as `cause`, or PrivateAddressRefused itself.
 */
export function createPublicOnlyFetch(options: PublicOnlyOptions = {}): FetchLike {
  const resolve = options.resolve ?? systemResolver;
  const isPrivate = options.isPrivate ?? isPrivateAddress;
  // Our own pools: no socket opened elsewhere, unchecked, is ever reused for these requests.
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: 5000, scheduling: 'lifo' }),
    'https:': new https.Agent({ keepAlive: true, timeout: 5000, scheduling: 'lifo' }),
  };

  async function send(url: URL, init: FetchOptions, hops: number): Promise<Response> {
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fetchFailed(new Error('unknown scheme'));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    if (net.isIP(host)) {
      // No lookup happens for a literal address: checked here, before connecting.
      if (isPrivate(host)) throw new PrivateAddressRefused(url.host);
      if (BAD_PORTS.has(port)) throw fetchFailed(new Error('bad port'));
    }
    // fetch's own rules for the method, headers and body (a form's content type, a string's bytes).
    const normalized = new Request(url.href, { method: init.method, headers: init.headers, body: init.body as BodyInit | null | undefined, duplex: 'half' } as RequestInit);
    const method = normalized.method;
    const body = normalized.body ? Buffer.from(await normalized.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    normalized.headers.forEach((value, name) => { headers[name] = value; });
    headers.accept ??= '*/*';
    if (body) headers['content-length'] = String(body.length);

    const response = await new Promise<Response>((answer, fail) => {
      const req = (url.protocol === 'https:' ? https : http).request({
        protocol: url.protocol, hostname: host, port, path: `${url.pathname}${url.search}`, method, headers,
        agent: agents[url.protocol as 'http:' | 'https:'], lookup: checkedLookup(url.host, port, resolve, isPrivate),
      });
      const onAbort = () => {
        fail(signal!.reason);
        req.destroy();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      const failed = (err: unknown) => {
        settle();
        fail(err instanceof PrivateAddressRefused ? err : fetchFailed(err));
      };
      req.on('error', failed);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) res.destroy(Object.assign(new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`), { code: 'ETOOLARGE' }));
          else chunks.push(chunk);
        });
        res.on('error', failed);
        res.on('close', () => failed(new Error('terminated')));
        res.on('end', () => {
          settle();
          try {
            const status = res.statusCode ?? 0;
            const answerHeaders = new Headers();
            for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) answerHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
            const empty = method === 'HEAD' || [101, 204, 205, 304].includes(status);
            const made = new Response(empty ? null : new Uint8Array(decoded(Buffer.concat(chunks), res.headers['content-encoding'])), {
              status, statusText: res.statusMessage ?? '', headers: answerHeaders,
            });
            Object.defineProperty(made, 'url', { value: url.href });
            answer(made);
          } catch (err) {
            fail(fetchFailed(err));
          }
        });
      });
      req.end(body);
    });

    const location = response.headers.get('location');
    if (![301, 302, 303, 307, 308].includes(response.status) || location === null) return response;
    const mode = init.redirect ?? 'follow';
    if (mode === 'manual') return response;
    if (mode === 'error') throw fetchFailed(new Error('unexpected redirect'));
    if (hops >= MAX_REDIRECTS) throw fetchFailed(new Error('redirect count exceeded'));
    const next = new URL(location, url);
    const follow: FetchOptions = { ...init };
    const nextHeaders = new Headers(init.headers);
    if (response.status === 303 ? method !== 'HEAD' : [301, 302].includes(response.status) && method === 'POST') {
      follow.method = 'GET';
      follow.body = undefined;
      for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) nextHeaders.delete(name);
    }
    if (next.origin !== url.origin) for (const name of ['authorization', 'cookie', 'proxy-authorization']) nextHeaders.delete(name);
    follow.headers = nextHeaders;
    await response.arrayBuffer().catch(() => undefined);
    return send(next, follow, hops + 1);
  }

  return (url, init = {}) => send(new URL(url), init, 0);
}

/** fetch reaching only public addresses (openid-client's customFetch in production). */
export const publicOnlyFetch: FetchLike = createPublicOnlyFetch();
