// "Test connection" (issue 30): OpenID discovery on a connection's issuer through openid-client, with a short
// timeout, and then, where the provider's token endpoint can tell, whether it refuses the client id and secret (a
// client-credentials request answered `invalid_client`). Every outcome is a sentence a district administrator can
// act on; the client secret is never in it.
import * as client from 'openid-client';
import { publicOnlyFetch, type FetchLike } from '../../lib/publicAddress';

export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

export interface CheckInput {
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowHttp: boolean;
  /** Seconds each request may take (discovery, then the client check). */
  timeoutSeconds?: number;
  /** The fetch for the provider's addresses; unset: publicOnlyFetch, or plain fetch with allowHttp (lib/publicAddress.ts). */
  fetch?: FetchLike;
}

const DISCOVERY_PATH = '/.well-known/openid-configuration';

function reachFailure(host: string, error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? '';
  if (code === 'EPRIVATE') return `${host} is on a private network, which Coachwell does not reach. Enter the provider's public issuer address.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${host} could not be reached: the name does not resolve. Check the issuer's spelling.`;
  if (cause?.message === 'bad port') return `${host} could not be reached: its port is one that web requests may not use. Check the issuer's address.`;
  if (code === 'ECONNREFUSED') return `${host} could not be reached: it refused the connection. Check the issuer's address and port.`;
  if (/CERT|SSL|TLS/i.test(code) || /certificate/i.test(cause?.message ?? '')) return `${host} could not be reached securely: its certificate or TLS answer was not accepted.`;
  return `${host} could not be reached. Check the issuer's address, and that this server may reach it.`;
}

/** Runs discovery (and the client check) and says what it found, in words. */
export async function checkConnection(input: CheckInput): Promise<ConnectionCheck> {
  const timeout = input.timeoutSeconds ?? 5;
  let url: URL;
  try {
    url = new URL(input.issuer);
  } catch {
    return { ok: false, message: 'The issuer is not a web address. Enter it as the provider gives it, like https://accounts.google.com.' };
  }
  if (url.protocol === 'http:' && !input.allowHttp) {
    return { ok: false, message: 'Plain http:// issuers are not allowed: the issuer must start with https://.' };
  }
  const host = url.host;
  const where = `${input.issuer}${DISCOVERY_PATH}`;
  const guarded = input.fetch ?? (input.allowHttp ? undefined : publicOnlyFetch);
  let config: client.Configuration;
  try {
    config = await client.discovery(url, input.clientId, input.clientSecret, undefined, {
      timeout,
      execute: url.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      // Without SSO_ALLOW_HTTP (production), the issuer and every address it names must be public.
      ...(guarded ? { [client.customFetch]: guarded } : {}),
    });
    if (guarded) config[client.customFetch] = guarded;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'OAUTH_TIMEOUT') return { ok: false, message: `${host} did not answer within ${timeout} seconds. Check the issuer's address, or try again later.` };
    if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON' || code === 'OAUTH_PARSE_ERROR' || code === 'OAUTH_INVALID_RESPONSE') {
      return { ok: false, message: `${host} answered, but it is not an OpenID issuer: there is no discovery document at ${where}. Check the issuer's address.` };
    }
    if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') {
      return { ok: false, message: `The discovery document at ${where} names a different issuer. Enter the issuer exactly as the provider gives it (for Microsoft, with your tenant).` };
    }
    if (code === 'OAUTH_HTTP_REQUEST_FORBIDDEN') return { ok: false, message: 'Plain http:// issuers are not allowed: the issuer must start with https://.' };
    if (error instanceof TypeError || (error as { name?: string }).name === 'TypeError') return { ok: false, message: reachFailure(host, error) };
    return { ok: false, message: `Discovery on ${host} failed: ${(error as Error).message ?? 'an unknown error'}.` };
  }
  const metadata = config.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
    return { ok: false, message: `${host}'s discovery document lacks a sign-in, token or keys address, so it cannot sign people in.` };
  }
  if (metadata.response_types_supported && !metadata.response_types_supported.includes('code')) {
    return { ok: false, message: `${host} does not offer the authorization code flow that Coachwell signs in with.` };
  }
  try {
    await client.clientCredentialsGrant(config);
  } catch (error) {
    if (error instanceof client.ResponseBodyError && error.error === 'invalid_client') {
      return { ok: false, message: `${host} is an OpenID issuer, but it refused the client id or secret (invalid_client). Copy both again from the provider's console.` };
    }
    // Anything else (the grant not offered to this client, a timeout) tells nothing about the client id: sign-in checks it.
  }
  return { ok: true, message: `Connected: ${host} answers as an OpenID issuer and did not refuse the client id. The first sign-in confirms the rest.` };
}
