// A real OpenID provider for tests (issue 30): oidc-provider on 127.0.0.1 at a random port, one client
// registered per call, accounts the test defines, and a tiny interaction of our own instead of the dev
// screens: a page with one button per account (for Chromium), or `signInAs` set beforehand, which
// finishes the interaction at once (for supertest). Close it in afterEach/afterAll: `await op.close()`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader, type JWK } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestProviderOptions {
  /** Our app's callback, `${appUrl}/api/auth/sso/callback`. */
  redirectUri: string;
  accounts: TestAccount[];
  clientId?: string;
  clientSecret?: string;
  /** Seconds an authorization code lives (the provider's default is 60). */
  codeTtl?: number;
  /** Where the provider may send the browser after its end-session page. */
  postLogoutRedirectUris?: string[];
  /** The loopback port to listen on (default: any free one); a browser test that must name the issuer before the provider starts picks one. */
  port?: number;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts by subject; change one (an email change at the provider) between sign-ins. */
  accounts: Map<string, TestAccount>;
  /** The account the next interaction signs in without a page (supertest); null shows the account page. */
  signInAs: string | null;
  /** Rewrites the next ID token the token endpoint answers, re-signed with `key` (default: the provider's own key). */
  tamperNextIdToken(change: (claims: Record<string, unknown>) => Record<string, unknown>, key?: 'own' | 'foreign'): void;
  /** Publishes a new signing key (new kid) and signs with it from now on. */
  rotateKeys(): Promise<void>;
  /** How often each path was asked for (discovery and JWKS fetches are counted here). */
  hits: Map<string, number>;
  /** Why the token endpoint refused each refused request, in the provider's own words (its `error_detail`, never answered). */
  tokenRefusals: string[];
  /** Milliseconds the provider spent answering each token request, in wall time and in this process's CPU (the benchmark subtracts them). */
  tokenMs: number[];
  tokenCpuMs: number[];
  /**
   * Follows an authorization address through the provider as a browser would (cookies kept), signing in
   * `signInAs`, and answers the address the provider sends back to our callback.
   */
  complete(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

async function signingKey(): Promise<{ privateJwk: JWK; kid: string }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const kid = `test-${Math.random().toString(36).slice(2, 10)}`;
  return { privateJwk: { ...privateJwk, kid, alg: 'RS256', use: 'sig' }, kid };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? 'coachwell-test';
  const clientSecret = options.clientSecret ?? 'test-client-secret-9f8e7d6c5b4a';
  const accounts = new Map(options.accounts.map((a) => [a.sub, { ...a }]));
  let keys = [await signingKey()];
  const foreign = await signingKey();
  const hits = new Map<string, number>();
  const tokenRefusals: string[] = [];
  const tokenMs: number[] = [];
  const tokenCpuMs: number[] = [];
  let tamper: { change: (claims: Record<string, unknown>) => Record<string, unknown>; key: 'own' | 'foreign' } | null = null;

  const build = () => {
    const provider = new Provider(issuer, {
      clients: [{
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      }],
      // The newest key signs; older ones stay published.
      jwks: { keys: [...keys].reverse().map((k) => k.privateJwk) as never },
      cookies: { keys: ['test-provider-cookie-key'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // The scope's claims go into the ID token itself, as Google's and Microsoft's do.
      conformIdTokenClaims: false,
      findAccount: async (_ctx, sub) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ sub, email: account.email, email_verified: account.email_verified, name: account.name ?? account.email }) };
      },
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      pkce: { required: () => true },
      ttl: { AuthorizationCode: options.codeTtl ?? 60, Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 600, IdToken: 600 },
      renderError: async (ctx, out) => {
        ctx.type = 'html';
        ctx.body = `<!doctype html><title>Provider error</title><p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p>`;
      },
    });
    provider.proxy = false;
    provider.on('grant.error', (_ctx, error: { error?: string; error_detail?: string }) => {
      tokenRefusals.push(`${error.error ?? 'error'}: ${error.error_detail ?? ''}`);
    });
    provider.use(async (ctx, next) => {
      hits.set(ctx.path, (hits.get(ctx.path) ?? 0) + 1);
      const started = performance.now();
      const cpu = process.cpuUsage();
      await next();
      if (ctx.path === '/token') {
        tokenMs.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        tokenCpuMs.push((used.user + used.system) / 1000);
      }
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path === '/token' && tamper && body && typeof body === 'object' && typeof body.id_token === 'string') {
        const { change, key } = tamper;
        tamper = null;
        const claims = change(decodeJwt(body.id_token) as Record<string, unknown>);
        const header = decodeProtectedHeader(body.id_token);
        const signer = key === 'own' ? keys[keys.length - 1] : { ...foreign, kid: String(header.kid) };
        const { importJWK } = await import('jose');
        body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: signer.kid }).sign(await importJWK(signer.privateJwk, 'RS256'));
      }
    });
    return provider;
  };
  let provider = build();

  async function finish(req: http.IncomingMessage, res: http.ServerResponse, accountId: string) {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      provider.callback()(req, res);
      return;
    }
    (async () => {
      if (match[2] && req.method === 'POST') {
        const account = (await formBody(req)).get('account') ?? '';
        if (!accounts.has(account)) throw new Error(`unknown test account ${account}`);
        return finish(req, res, account);
      }
      if (fixture.signInAs) return finish(req, res, fixture.signInAs);
      await provider.interactionDetails(req, res);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="en"><head><title>Test provider sign-in</title></head><body><main>
<h1>Test provider: choose an account</h1>
<form method="post" action="/interaction/${escapeHtml(match[1])}/login">
${[...accounts.values()].map((a) => `<button type="submit" name="account" value="${escapeHtml(a.sub)}">Sign in as ${escapeHtml(a.email)}</button>`).join('\n')}
</form></main></body></html>`);
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  const fixture: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs: options.accounts[0]?.sub ?? null,
    hits,
    tokenRefusals,
    tokenMs,
    tokenCpuMs,
    tamperNextIdToken(change, key = 'own') {
      tamper = { change, key };
    },
    async rotateKeys() {
      keys = [...keys, await signingKey()];
      provider = build();
    },
    async complete(authorizationUrl) {
      const jar = new Map<string, string>();
      let next = new URL(authorizationUrl);
      for (let i = 0; i < 10; i += 1) {
        if (next.href.startsWith(options.redirectUri)) return next;
        const answer = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const line of answer.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair.indexOf('=');
          jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
        }
        const location = answer.headers.get('location');
        if (!location) throw new Error(`the provider stopped at ${next.pathname} with ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
        await answer.arrayBuffer().catch(() => undefined);
        next = new URL(location, next);
      }
      throw new Error('the provider redirected too often');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fixture;
}
