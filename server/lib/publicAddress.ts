// Requests to addresses a district administrator typed (single sign-on's issuer, and the token and key addresses
// its discovery document names) go only to the public internet: the server's own loopback, private and link-local
// networks (cloud metadata at 169.254.169.254 among them) are refused, so a connection cannot be used to probe them.
// The check resolves the host before each request; SSO_ALLOW_HTTP=1 (tests, never production) turns it off.
import dns from 'node:dns/promises';
import net from 'node:net';

const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

/** Whether an IP address is on a loopback, private, link-local, shared or reserved network. */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = net.isIP(ip);
  if (family === 0) return true;
  return PRIVATE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Refused because the host is on a private network; `cause.code` is what the callers' messages read. */
export class PrivateAddressRefused extends TypeError {
  constructor(host: string) {
    super(`${host} is on a private network`, { cause: { code: 'EPRIVATE', message: `${host} is on a private network` } });
  }
}

/** Throws PrivateAddressRefused when the URL's host is, or resolves to, a private address. */
export async function refusePrivateHost(url: URL, lookup: (host: string) => Promise<{ address: string }[]> = (host) => dns.lookup(host, { all: true })): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : (await lookup(host)).map((a) => a.address);
  if (addresses.some(isPrivateAddress)) throw new PrivateAddressRefused(url.host);
}

/** fetch, refusing private hosts first (openid-client's customFetch: its options are fetch's own). */
export async function publicOnlyFetch(url: string, options: object): Promise<Response> {
  await refusePrivateHost(new URL(url));
  return fetch(url, options as RequestInit);
}
