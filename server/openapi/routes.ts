// The API reference: GET /api/openapi.json (the generated OpenAPI 3.1 document, server/openapi/document.ts)
// and /api/docs, Swagger UI (swagger-ui-dist from npm) served by us as static files under our CSP: our own
// page and start-up script (no inline script or style), the viewer's bundle and stylesheet from the
// package. Mounted by app.ts before the session layer: it documents, it reveals no data, so anyone may
// read it and no cookie or session is touched.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router } from 'express';
import { openApiJson } from './document';

const requireHere = createRequire(import.meta.url);
const VIEWER_DIR = path.dirname(requireHere.resolve('swagger-ui-dist/package.json'));
/** The only files of the package we serve (the bundle carries its own presets; no source maps). */
const VIEWER_FILES = new Set(['swagger-ui-bundle.js', 'swagger-ui.css']);

export const API_DOCS_TITLE = 'Coachwell API reference';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${API_DOCS_TITLE}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/reference.css">
</head>
<body>
<header class="reference-header">
<h1>${API_DOCS_TITLE}</h1>
<p>Generated from the code. The document itself: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
</header>
<main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

// Swagger UI in the layout without its top bar (our header names the page). "Try it out" is off: a call
// from here would act with the reader's own session. No validator badge (it would load an image from
// another site, which our CSP refuses anyway).
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'none',
  filter: true,
  tryItOutEnabled: false,
  supportedSubmitMethods: [],
  validatorUrl: null,
  layout: 'BaseLayout',
});
`;

const STYLE = `body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c2b2b; }
.reference-header { padding: 1rem 1.25rem 0.25rem; max-width: 1460px; margin: 0 auto; box-sizing: border-box; }
.reference-header h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
.reference-header p { margin: 0; color: #4a5a5a; }
.reference-header a { color: #0b6e6e; }
.swagger-ui .wrapper { padding: 0 1.25rem; box-sizing: border-box; }
/* Calls are not tried from here, so there is nothing to authorize. */
.swagger-ui .scheme-container { display: none; }
/* No operation has links: the empty column only takes room. */
.swagger-ui .response-col_links { display: none; }
/* The viewer's version badges and document link, darker for contrast (axe: color-contrast). */
.swagger-ui .info .title small { background-color: #4a5a5a; }
.swagger-ui .info .title small.version-stamp { background-color: #2f6b12; }
.swagger-ui .info .url { color: #0b6e6e; }
/* On a phone an area's description goes below its name instead of a narrow column beside it. */
@media (max-width: 760px) {
  .reference-header, .swagger-ui .wrapper { padding-left: 0.75rem; padding-right: 0.75rem; }
  .swagger-ui .opblock-tag { flex-wrap: wrap; }
  .swagger-ui .opblock-tag small { order: 3; flex: 1 0 100%; padding: 0 0 0.5rem; }
}
`;

export function openApiRoutes(): Router {
  const router = Router();
  const assetCache = 'public, max-age=3600';

  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(openApiJson());
  });

  // The viewer's page and files: middleware, not API routes (the reference documents the API itself).
  const docs = Router({ strict: true });
  docs.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.replace(/^\//, '');
    if (name === '') return res.type('html').send(PAGE);
    if (name === 'start.js') return res.set('Cache-Control', assetCache).type('application/javascript').send(START);
    if (name === 'reference.css') return res.set('Cache-Control', assetCache).type('text/css').send(STYLE);
    if (VIEWER_FILES.has(name)) return res.sendFile(path.join(VIEWER_DIR, name), { headers: { 'Cache-Control': assetCache } });
    next();
  });
  router.use('/docs', docs);
  return router;
}
