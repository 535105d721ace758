// The relying parties of single sign-on (issue 30): one openid-client Configuration per connection, built
// from the provider's discovery document, which is kept per issuer for an hour. The provider's signing
// keys (JWKS) live inside each Configuration (openid-client keeps them for 5 minutes and fetches them again
// when a token names a key id it does not hold, once its copy is a minute old); when a token's key is not
// found all the same, `forget` drops the connection's Configuration and the issuer's discovery, and the callback
// starts the sign-in once more (signInRoutes.ts), which fetches both afresh.
// We write no token handling: discovery, PKCE, the code exchange and every ID token check are openid-client's.
import * as client from 'openid-client';
import { publicOnlyFetch, type FetchLike } from '../../lib/publicAddress';

export const DISCOVERY_TTL_MS = 60 * 60_000;

/** What the relying party needs of a connection row. */
export interface RelyingPartyConnection {
  id: number;
  kind: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  /** The secret itself, for the provider's own connection only (from the environment, PROVIDER_SSO_CLIENT_SECRET). */
  client_secret?: string;
  updated_at: string;
}

export class IssuerNotAllowed extends Error {
  constructor(issuer: string) {
    super(`The issuer ${issuer} is not https (plain http is accepted only with SSO_ALLOW_HTTP=1, never in production).`);
    this.name = 'IssuerNotAllowed';
  }
}

export interface RelyingPartyOptions {
  allowHttp: boolean;
  /** Opens a sealed client secret (server/lib/secretBox.ts). */
  open: (sealed: string) => string;
  now?: () => number;
  /** The fetch for the provider's addresses; unset: publicOnlyFetch, or plain fetch with allowHttp (lib/publicAddress.ts). */
  fetch?: FetchLike;
}

export class RelyingParties {
  private readonly discovered = new Map<string, { metadata: client.ServerMetadata; at: number }>();
  private readonly configs = new Map<number, { key: string; config: client.Configuration; at: number }>();
  private readonly now: () => number;
  private readonly fetch: FetchLike | undefined;

  constructor(private readonly options: RelyingPartyOptions) {
    this.now = options.now ?? Date.now;
    this.fetch = options.fetch ?? (options.allowHttp ? undefined : publicOnlyFetch);
  }

  /** The connection's Configuration: cached while the connection is unchanged and its discovery is fresh. */
  async configurationFor(connection: RelyingPartyConnection): Promise<client.Configuration> {
    const key = `${connection.updated_at}|${connection.issuer}|${connection.client_id}`;
    const kept = this.configs.get(connection.id);
    if (kept && kept.key === key && this.now() - kept.at < DISCOVERY_TTL_MS) return kept.config;
    const insecure = new URL(connection.issuer).protocol === 'http:';
    if (insecure && !this.options.allowHttp) throw new IssuerNotAllowed(connection.issuer);
    const metadata = await this.metadataOf(connection.issuer, insecure);
    const secret = connection.client_secret ?? this.options.open(connection.client_secret_sealed);
    // Client authentication the provider offers: HTTP Basic when it can (Clever asks for it), else the form.
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const auth = methods.includes('client_secret_basic') ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret);
    const config = new client.Configuration(metadata, connection.client_id, undefined, auth);
    if (insecure) client.allowInsecureRequests(config);
    // Without SSO_ALLOW_HTTP (production), the token and key addresses must be public too (lib/publicAddress.ts).
    if (this.fetch) config[client.customFetch] = this.fetch;
    // ID tokens from the token endpoint are checked against the provider's JWKS too, not only by TLS.
    client.enableNonRepudiationChecks(config);
    this.configs.set(connection.id, { key, config, at: this.now() });
    return config;
  }

  /** Drops what is kept for a connection (its signing key was not found, or it changed). */
  forget(connectionId: number, issuer?: string): void {
    this.configs.delete(connectionId);
    if (issuer) this.discovered.delete(issuer);
  }

  private async metadataOf(issuer: string, insecure: boolean): Promise<client.ServerMetadata> {
    const kept = this.discovered.get(issuer);
    if (kept && this.now() - kept.at < DISCOVERY_TTL_MS) return kept.metadata;
    // discovery() checks that the document names this very issuer; the client id here is a placeholder.
    const found = await client.discovery(new URL(issuer), 'discovery', undefined, undefined, {
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      ...(this.fetch ? { [client.customFetch]: this.fetch } : {}),
    });
    const metadata = { ...found.serverMetadata() } as client.ServerMetadata;
    this.discovered.set(issuer, { metadata, at: this.now() });
    return metadata;
  }
}
