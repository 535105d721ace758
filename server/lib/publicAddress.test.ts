// Single sign-on's requests reach only public addresses unless SSO_ALLOW_HTTP=1 (lib/publicAddress.ts).
import { describe, expect, it } from 'vitest';
import { checkConnection } from '../features/sso/connectionsCheck';
import { isPrivateAddress, PrivateAddressRefused, refusePrivateHost } from './publicAddress';

describe('public addresses only', () => {
  it('knows loopback, private, link-local, shared and reserved networks, IPv4-mapped ones too', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '142.250.72.14', '172.32.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });

  it('refuses a host that is, or resolves to, a private address; lets a public one through', async () => {
    await expect(refusePrivateHost(new URL('https://127.0.0.1:8443/x'))).rejects.toBeInstanceOf(PrivateAddressRefused);
    await expect(refusePrivateHost(new URL('https://[::1]/x'))).rejects.toBeInstanceOf(PrivateAddressRefused);
    const resolvesTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address }));
    await expect(refusePrivateHost(new URL('https://idp.example/x'), resolvesTo('93.184.216.34', '10.0.0.5'))).rejects.toBeInstanceOf(PrivateAddressRefused);
    await expect(refusePrivateHost(new URL('https://idp.example/x'), resolvesTo('93.184.216.34'))).resolves.toBeUndefined();
  });

  it('"Test connection" says so in words, without a request, when SSO_ALLOW_HTTP is off', async () => {
    for (const issuer of ['https://169.254.169.254', 'https://localhost:9']) {
      const check = await checkConnection({ issuer, clientId: 'id', clientSecret: 'secret-never-shown', allowHttp: false, timeoutSeconds: 2 });
      const host = new URL(issuer).host;
      expect(check).toEqual({ ok: false, message: `${host} is on a private network, which Coachwell does not reach. Enter the provider's public issuer address.` });
    }
  });
});
