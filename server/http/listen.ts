import http from 'node:http';
import type express from 'express';
import type { Config } from '../config';

/**
 * The HTTP server main.ts listens with (finding 16): header, whole-request and keep-alive timeouts a
 * real client never hits but a slow attacker does, so drip-fed headers or bodies cannot hold
 * sockets. Node checks them every `connectionsCheckingInterval`, kept well under the header timeout.
 */
export function createHttpServer(app: express.Express, config: Pick<Config, 'http'>): http.Server {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = config.http;
  const server = http.createServer({
    headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
    requestTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(headersTimeoutMs / 4))),
  }, app);
  server.keepAliveTimeout = keepAliveTimeoutMs;
  return server;
}
