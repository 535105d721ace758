// What a first visit downloads, read from the build (dist/meta.json, dist/public/index.html, preload.json): the
// JavaScript of the login page, of an SPA screen and of each signed-in first paint, and the login page's CSS, with
// their gzip and brotli sizes. npm run bench checks them against the budgets; `npx tsx scripts/firstVisitSizes.ts`
// prints the signed-in pages' figures alone (after npm run build).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Metafile } from 'esbuild';
import type { PreloadManifest } from './build';
import { LOCALES, type Locale } from '../common/locales';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The signed-in pages issue 35 measures, as routes of client/app/routeTable.ts. */
export const SIGNED_IN_PAGES = [
  '/app', '/app/activity', '/app/staff', '/app/staff/:id', '/app/coaching',
  '/app/reports', '/app/reports/coaching-cycles', '/app/reports/teacher-level', '/app/reports/coaching-team', '/app/reports/comparison',
  '/app/reports/walkthroughs', '/app/observations', '/app/observations/new',
];

export interface JsTotal {
  files: string[];
  gzipBytes: number;
  brotliBytes: number;
}

function readMeta(): Metafile['outputs'] {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/meta.json'), 'utf8')) as Metafile).outputs;
}

/** The output files given and everything they import statically, with their gzip and brotli sizes. */
function withStaticImports(outputs: Metafile['outputs'], roots: string[]): JsTotal {
  const needed = new Set<string>();
  const visit = (file: string) => {
    if (needed.has(file)) return;
    needed.add(file);
    for (const imp of outputs[file]!.imports) if (imp.kind === 'import-statement' && outputs[imp.path]) visit(imp.path);
  };
  roots.forEach(visit);
  let gzipBytes = 0;
  let brotliBytes = 0;
  for (const f of needed) {
    const data = fs.readFileSync(path.join(ROOT, f));
    gzipBytes += zlib.gzipSync(data, { level: 9 }).length;
    brotliBytes += zlib.brotliCompressSync(data).length;
  }
  return { files: [...needed], gzipBytes, brotliBytes };
}

/** Every JS file a first visit to an SPA screen downloads: main, its static imports, the screen's chunk and its imports. */
export function firstVisitJs(screenSuffix: string): JsTotal {
  const outputs = readMeta();
  const byEntry = (suffix: string) => Object.keys(outputs).find((f) => f.endsWith('.js') && outputs[f]!.entryPoint?.endsWith(suffix));
  return withStaticImports(outputs, [byEntry('client/main.tsx')!, byEntry(screenSuffix)!]);
}

/** The page the server sends for a path: a page rendered at build time (the login pages) or index.html. */
function servedPage(routePath: string): string {
  const publicDir = path.join(ROOT, 'dist/public');
  const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, 'preload.json'), 'utf8')) as { pages?: { path: string; file: string }[] };
  const page = manifest.pages?.find((p) => p.path === routePath);
  return fs.readFileSync(path.join(publicDir, page ? page.file : 'index.html'), 'utf8');
}

/**
 * Every JS file a first visit to a page rendered at build time downloads: the scripts and module
 * preloads its HTML names, and their static imports (dynamic imports wait for a use: the schema on
 * the form's first focus, the SPA for a visitor already signed in).
 */
export function pageJs(routePath: string): JsTotal {
  const html = servedPage(routePath);
  const hrefs = [...html.matchAll(/<script type="module" src="([^"]+)">|<link rel="modulepreload" href="([^"]+)">/g)].map((m) => (m[1] ?? m[2])!);
  return withStaticImports(readMeta(), hrefs.map((href) => `dist/public${href}`));
}

/**
 * Every JS file a signed-in first visit to a route downloads before its screen paints: what index.html
 * loads and preloads (the entry and its static imports), the route's chunks as preload.json lists them
 * (server/static.ts preloads them with the page), and their static imports; in a language other than English,
 * also that language's catalogue and the screen's own part of it (preload.json `catalogs`, preloaded with a page
 * in that language). Dynamic imports (dialogs, editors, lazy parts, their catalogue parts) wait for a use.
 */
export function signedInPageJs(route: string, locale: Locale = 'en'): JsTotal {
  const publicDir = path.join(ROOT, 'dist/public');
  const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, 'preload.json'), 'utf8')) as PreloadManifest;
  const entry = manifest.routes.find((r) => r.path === route);
  if (!entry) throw new Error(`preload.json has no route ${route}`);
  const html = fs.readFileSync(path.join(publicDir, 'index.html'), 'utf8');
  const hrefs = [...html.matchAll(/<script type="module" src="([^"]+)">|<link rel="modulepreload" href="([^"]+)">/g)].map((m) => (m[1] ?? m[2])!);
  const catalogs = [...manifest.catalogs?.[locale] ?? [], ...entry.catalogs?.[locale] ?? []];
  return withStaticImports(readMeta(), [...hrefs, ...entry.js, ...catalogs].map((href) => `dist/public${href}`));
}

/** The stylesheets the page served at a path links (the login page: its own; else index.html's and the route's), gzipped. */
export function firstVisitCss(routePath: string): { bytes: number; gzipBytes: number; files: number } {
  const publicDir = path.join(ROOT, 'dist/public');
  const html = servedPage(routePath);
  const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, 'preload.json'), 'utf8')) as { routes: { path: string; css: string[] }[]; pages?: { path: string }[] };
  const prerendered = manifest.pages?.some((p) => p.path === routePath);
  const hrefs = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!)
    .concat(prerendered ? [] : (manifest.routes.find((r) => r.path === routePath)?.css ?? []));
  let bytes = 0;
  let gzipBytes = 0;
  for (const href of hrefs) {
    const data = fs.readFileSync(path.join(publicDir, href));
    bytes += data.length;
    gzipBytes += zlib.gzipSync(data, { level: 9 }).length;
  }
  return { bytes, gzipBytes, files: hrefs.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  for (const page of SIGNED_IN_PAGES) {
    for (const locale of LOCALES) {
      const js = signedInPageJs(page, locale);
      console.log(`${page} (${locale}): ${kib(js.gzipBytes)} gzipped in ${js.files.length} files`);
    }
  }
}
