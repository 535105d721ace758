import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, Router } from 'express';
import { escapeHtml } from './lib/mailer';

/**
 * Serves the built SPA: hashed assets cached for a year as immutable, and index.html (never cached)
 * for every other GET so deep links work in history mode.
 */
export function staticRoutes(publicDir: string, sentryDsn: string | null): Router {
  const router = Router();
  const indexFile = path.join(publicDir, 'index.html');
  router.use('/assets', express.static(path.join(publicDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  router.use(express.static(publicDir, { index: false, maxAge: '1h' }));

  let indexHtml: string | null = null;
  const sendIndex: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (indexHtml === null) {
      if (!fs.existsSync(indexFile)) {
        res.status(503).type('text/plain').send('The client is not built yet. Run `npm run build` (npm start does it for you).');
        return;
      }
      // The DSN goes in a meta tag: the CSP forbids inline scripts.
      indexHtml = fs.readFileSync(indexFile, 'utf8').replace('<meta name="sentry-dsn" content="">', `<meta name="sentry-dsn" content="${escapeHtml(sentryDsn ?? '')}">`);
    }
    res.set('Cache-Control', 'no-cache').type('html').send(indexHtml);
  };
  router.use(sendIndex);
  return router;
}
