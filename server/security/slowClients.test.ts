import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { prepareDatabase } from '../bootstrap';
import { loadConfig } from '../config';
import { createHttpServer } from '../http/listen';
import { RateLimiter } from '../http/rateLimit';
import { createMemoryMailer } from '../lib/mailer';
import { createTestApp, csrfHeaders, guestAgent } from '../testing/app';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A real listening server (random port) built the way server/main.ts builds it. */
async function listening(env: Record<string, string> = {}) {
  const config = { ...loadConfig({ NODE_ENV: 'test', ...env }), databaseFile: ':memory:', publicDir: '/nonexistent' };
  const { db } = await prepareDatabase(config);
  const app = createApp({ db, config, mailer: createMemoryMailer(), limiter: new RateLimiter(db, false), log: () => {} });
  const server = createHttpServer(app, config);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { config, port: (server.address() as AddressInfo).port };
}

/** Opens a raw connection, writes `chunks`, then goes quiet; resolves with all the server sent once it closes or answers. */
function rawExchange(port: number, chunks: string[], until: 'close' | 'response'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => {
      received += d.toString('latin1');
      if (until === 'response' && /\r\n\r\n/.test(received)) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.on('connect', () => { for (const chunk of chunks) socket.write(chunk); });
  });
}

describe('finding 16: a declared Content-Length over the limit is refused before the body is read', () => {
  it('413 with the usual body (supertest)', async () => {
    const t = await createTestApp();
    const guest = await guestAgent(t.app);
    const res = await guest.post('/api/auth/login').set(csrfHeaders(guest)).send({ email: 'a@b.org', password: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'The request is too large.', code: 'payload_too_large' });
  });

  it('413 for the small client-error limit too', async () => {
    const t = await createTestApp();
    const res = await request(t.app).post('/api/client-error').set('Content-Type', 'application/json').send(`{"message":"${'x'.repeat(20_000)}"}`);
    expect(res.status).toBe(413);
  });

  it('a client that promises 100 MB and sends 2 KB gets 413 at once, not a socket held open', async () => {
    const { port } = await listening();
    const head = 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n';
    const answer = await rawExchange(port, [head, `{"email":"${'a'.repeat(2048)}`], 'response');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
  }, 10_000);
});

describe('finding 16: slow headers and slow bodies are cut off by configured timeouts', () => {
  const env = { HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600', HTTP_KEEP_ALIVE_TIMEOUT_MS: '200' };

  it('the timeouts come from the configuration (production defaults a real client never hits)', async () => {
    expect(loadConfig({}).http).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000 });
    expect(loadConfig(env).http).toEqual({ headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 200 });
  });

  it('headers that never finish get 408 and the socket is closed', async () => {
    const { port } = await listening(env);
    const answer = await rawExchange(port, ['GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: '], 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 10_000);

  it('a body that stops arriving gets 408 and the socket is closed', async () => {
    const { port } = await listening(env);
    const head = 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const answer = await rawExchange(port, [head, '{"email":"a@b.org",'], 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 10_000);

  it('an idle keep-alive connection is closed', async () => {
    const { port } = await listening(env);
    const answer = await rawExchange(port, ['GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'], 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  }, 10_000);

  it('an ordinary request still succeeds', async () => {
    const { port } = await listening(env);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
