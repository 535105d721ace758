// npm run build: the SPA and the server, both with esbuild.
// - Client: each feature's stylesheet on its own (hashed), then the JavaScript (ESM, code splitting,
//   hashed, minified, source maps, metafile). The interface's messages are compiled to ICU ASTs and the Spanish
//   catalogue is split by the code that needs it (clientSourcePlugin, scripts/i18nBuild.ts; a first pass that writes
//   nothing gives the import graph). Every screen module listed in client/app/screens.ts gets
//   `await loadStyles([its feature's stylesheets])` prepended, so its chunk resolves only once its CSS
//   has loaded (no unstyled flash; only the shell/base CSS is global); any other module's
//   `import './x.css'` becomes `await loadStyles(['x-HASH.css'])` the same way. Two entries: main (the
//   SPA) and login (client/app/loginPage.ts, the pre-rendered login page's script). Writes
//   dist/public/index.html (main stylesheet, entry script, modulepreload of the entry's imports), the login
//   page of each area rendered at build time from AuthLayout + LoginScreen (dist/public/pages/*.html, see
//   writeLoginPages), dist/public/preload.json (route path → the screen's chunks and stylesheets, and the
//   pre-rendered pages, for server/static.ts), the web app manifest and its icons (client/manifest.webmanifest,
//   client/icons), the service worker dist/public/sw.js (client/sw/sw.ts with Workbox and this build's precache
//   list, see buildServiceWorker) and precompressed .br and .gz copies of the text assets;
//   dist/meta.json is the JavaScript metafile (npm run bench reads it).
// - Server: server/main.ts bundled into dist/server.js (packages stay in node_modules) with a source
//   map, so `npm start` runs compiled JavaScript instead of compiling TypeScript at every start.
//   Each worker thread's module (server/lib/workerTask.ts: every *.worker.ts under server/) is bundled
//   beside it as dist/<name>.js.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { FIRST_READS } from '../client/app/firstReads';
import { NOT_FOUND_ROUTE, ROUTES } from '../client/app/routeTable';
import { SHELL_URL } from '../client/sw/offlineReads';
import { LOCALES, type Locale } from '../common/locales';
import { SHELL_IMPORT, type ShellChunk, sharedImports, shellChunk, shellChunkPlugin } from './shellChunk';
import { type CatalogSplit, compileCatalog, compileDeclarations, declaredMessages, splitCatalog, wrapDynamicImports } from './i18nBuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const OUT = path.join(DIST, 'public');
/** The stylesheet loader the build adds to every screen with a stylesheet (client-source plugin). */
const STYLE_LOADER = path.join(ROOT, 'client/lib/styles.ts');
export const SERVER_OUT = path.join(DIST, 'server.js');

export interface PreloadEntry {
  path: string;
  /** Screen chunk and its static imports, minus what index.html preloads already. */
  js: string[];
  css: string[];
  /** The signed-in area whose empty shell (PreloadManifest.shells) a signed-in visit gets painted first. */
  shell?: ShellVariant;
  /** The screen's catalogue part in each language that has one (issue 33), preloaded with a page in that language. */
  catalogs?: Partial<Record<Locale, string[]>>;
  /** The API read its largest paint waits for, with the route's `:params` (client/app/firstReads.ts). */
  firstRead?: string;
}
export type ShellVariant = 'app' | 'admin';
/** A page rendered at build time (the login page of each area), served instead of index.html at its path. */
export interface PrerenderedPage {
  path: string;
  area: 'app' | 'admin';
  /** File in dist/public/pages: the page as a plain visit shows it. */
  file: string;
  /** The same page with the "Sign in to continue to the page you asked for." notice (a safe ?redirect=). */
  redirectFile: string;
  /** The two files in each language (issue 33); `file` and `redirectFile` are the English ones. */
  localized?: Partial<Record<Locale, { file: string; redirectFile: string }>>;
}
export interface PreloadManifest {
  routes: PreloadEntry[];
  notFound: PreloadEntry;
  pages: PrerenderedPage[];
  /** Each signed-in area's empty shell (client/app/prerender.tsx renderShell), the markup inside #root. */
  shells: Record<ShellVariant, string>;
  /** The shells in each language (issue 33); `shells` is the English. */
  localizedShells?: Partial<Record<Locale, Record<ShellVariant, string>>>;
  /** Each language's catalogue chunk and its imports (issue 33), preloaded with a page in that language. */
  catalogs?: Partial<Record<Locale, string[]>>;
}

const url = (file: string) => `/${path.relative(OUT, path.resolve(ROOT, file)).split(path.sep).join('/')}`;

/**
 * Screen key → source file (relative to ROOT), read from client/app/screens.ts, whose importers are one
 * line each: `'key': () => import('../features/x/YScreen'),`.
 */
export function screenSources(): Map<string, string> {
  const text = fs.readFileSync(path.join(ROOT, 'client/app/screens.ts'), 'utf8');
  const screens = new Map<string, string>();
  for (const m of text.matchAll(/^\s*'?([\w-]+)'?\s*:\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/gm)) {
    const base = path.resolve(ROOT, 'client/app', m[2]!);
    const file = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => fs.existsSync(f));
    if (!file) throw new Error(`screens.ts: no source for ${m[1]} (${m[2]})`);
    screens.set(m[1]!, path.relative(ROOT, file).split(path.sep).join('/'));
  }
  if (screens.size === 0) throw new Error('screens.ts: no screen importers found (expected `\'key\': () => import(\'…\'),` lines).');
  return screens;
}

/** The stylesheets a screen owns: the .css files in its feature folder. */
function featureStyles(screenFile: string): string[] {
  const dir = path.join(ROOT, path.dirname(screenFile));
  return fs.readdirSync(dir).filter((f) => f.endsWith('.css')).sort().map((f) => path.relative(ROOT, path.join(dir, f)).split(path.sep).join('/'));
}

export function buildOptions(dev = false): esbuild.BuildOptions {
  return {
    absWorkingDir: ROOT,
    // login: the pre-rendered login page's enhancement script (client/app/loginPage.ts), its own entry so
    // a first visit to the login page loads neither React nor the router.
    entryPoints: { main: 'client/main.tsx', login: 'client/app/loginPage.ts' },
    outdir: path.join(OUT, 'assets'),
    publicPath: '/assets',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
    minify: !dev,
    sourcemap: true,
    metafile: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'linked',
    logLevel: 'warning',
    // The shell module's bare imports (scripts/shellChunk.ts) of packages marked "sideEffects": false (date-fns,
    // @formatjs) are dropped by esbuild, with a warning each: those modules reach the shell chunk through main's
    // own imports anyway, so the 58 warnings said nothing and buried the rest of the build's output.
    logOverride: { 'ignored-bare-import': 'silent' },
  };
}

/** Builds every feature stylesheet; answers source file → public URL. */
async function buildStyles(screens: Map<string, string>, dev: boolean): Promise<Map<string, string>> {
  const sources = [...new Set([...screens.values()].flatMap(featureStyles))];
  if (sources.length === 0) return new Map();
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: sources,
    outdir: path.join(OUT, 'assets'),
    outbase: 'client',
    entryNames: 'css/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    publicPath: '/assets',
    bundle: true,
    minify: !dev,
    sourcemap: true,
    metafile: true,
    target: ['chrome111', 'firefox111', 'safari16.4'],
    logLevel: 'warning',
  });
  const urls = new Map<string, string>();
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (output.entryPoint && file.endsWith('.css')) urls.set(output.entryPoint, url(file));
  }
  return urls;
}

/**
 * React Router's bundle as esbuild can tree-shake it (issue 35): its `React.createContext`, `forwardRef` and `memo` calls
 * marked pure and its `X.displayName = "X";` statements left out (a name for React's developer tools). Otherwise esbuild
 * must keep every component the package defines, and all they use, whatever the app imports: `Form` and `useSubmit`,
 * `ScrollRestoration`, the data router's routes; about 2.5 KiB gzipped of every signed-in first paint. A change in the
 * package's output that these patterns miss costs those bytes again, nothing else.
 */
export function treeShakableReactRouter(source: string): string {
  return source
    .replace(/= (React\d*\.(?:createContext|forwardRef|memo)\()/g, '= /* @__PURE__ */ $1')
    .replace(/^[ \t]*[\w$]+\.displayName = "[^"\n]*";[ \t]*$/gm, '')
    // The package's exports give every bundler its development build, which differs from dist/production only in this
    // flag (its warnings in the console, and their code, in every person's browser).
    .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;');
}

/**
 * React DOM's client as an ES module (issue 35). Its CommonJS file is one module function that esbuild wraps and calls
 * when first imported: V8 parsed that 625 KB function whole on the main thread then, about 160 ms at Lighthouse's 4x
 * slower CPU in one task. As module code its top level is compiled with the chunk, like the rest of the shell. The
 * file's three `require`s become default imports (the CommonJS exports object, as `require` gave) and its three
 * `exports.x =` become exports; `react-dom/client` re-exports it. A change in the package's output that these
 * patterns miss fails the build (reactDomClientAsModule throws), never the page.
 */
export function reactDomClientAsModule(source: string): string {
  const requires = /^var Scheduler = require\("scheduler"\),\n {2}React = require\("react"\),\n {2}ReactDOM = require\("react-dom"\);$/m;
  if (!requires.test(source)) throw new Error('react-dom-client.production.js: its requires are not the ones reactDomClientAsModule knows');
  const names: string[] = [];
  const body = source
    .replace(requires, 'import Scheduler from "scheduler";\nimport React from "react";\nimport ReactDOM from "react-dom";')
    .replace(/^exports\.(\w+) = /gm, (_, name: string) => {
      names.push(name);
      return `const __export_${name} = `;
    });
  if (names.join() !== 'createRoot,hydrateRoot,version' || /\b(?:exports|module|require)\b[.(]/.test(body)) {
    throw new Error('react-dom-client.production.js: its exports are not the ones reactDomClientAsModule knows');
  }
  return `${body}\nexport { ${names.map((n) => `__export_${n} as ${n}`).join(', ')} };\n`;
}

/** The build's plugin that gives the bundle React DOM's client as module code (reactDomClientAsModule). */
export function reactDomClientPlugin(): esbuild.Plugin {
  return {
    name: 'react-dom-client-as-module',
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]react-dom[\\/]client\.js$/ }, () => ({ contents: 'export * from "./cjs/react-dom-client.production.js";', loader: 'js' }));
      b.onLoad({ filter: /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/ }, (args) => ({ contents: reactDomClientAsModule(fs.readFileSync(args.path, 'utf8')), loader: 'js' }));
    },
  };
}

/**
 * The client's own source as the bundle gets it:
 * - each screen module that owns stylesheets gets `await loadStyles([...])` prepended (same line: source maps stay true);
 * - the interface's messages are compiled (scripts/i18nBuild.ts, issue 33): the English declared in client/ and the
 *   catalogues client/i18n/<locale>/*.json become intl-messageformat's AST (plain text stays text), and
 *   `@formatjs/icu-messageformat-parser` resolves to its `no-parser` entry, so no ICU parser reaches the browser.
 */
function clientSourcePlugin(styleUrls: Map<string, string>, screens: Map<string, string>, split: CatalogSplit, shell: ShellChunk): esbuild.Plugin {
  const byFile = new Map([...screens.values()].map((file) => [path.join(ROOT, file), featureStyles(file).map((css) => styleUrls.get(css)!)]));
  const loader = JSON.stringify(STYLE_LOADER);
  const clientDir = path.join(ROOT, 'client') + path.sep;
  const catalogs = path.join(ROOT, 'client', 'i18n');
  /** The language of a catalogue file client/i18n/<locale>/<name>.json. */
  const catalogLocale = (file: string) => {
    const [locale, name, ...rest] = path.relative(catalogs, file).split(path.sep);
    return name && rest.length === 0 && (LOCALES as readonly string[]).includes(locale!) ? locale as Locale : undefined;
  };
  // Each language's catalogue in parts (scripts/i18nBuild.ts splitCatalog): client/i18n/<locale>/index.ts becomes the
  // part of the main entry's messages (and the server texts), and each dynamic import of code with messages of its own
  // loads that code's part with it.
  const locales = LOCALES.filter((l) => fs.existsSync(path.join(catalogs, l, 'index.ts')));
  const translations = new Map(locales.map((locale) => [locale, Object.assign({}, ...fs.readdirSync(path.join(catalogs, locale))
    .filter((f) => f.endsWith('.json')).sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(catalogs, locale, f), 'utf8')) as Record<string, string>)) as Record<string, string>]));
  const partJson = (locale: Locale, ids: Set<string>) => {
    const all = translations.get(locale)!;
    return JSON.stringify(compileCatalog(Object.fromEntries([...ids].filter((id) => id in all).sort().map((id) => [id, all[id]!])), locale));
  };
  const loadModule = path.join(ROOT, 'client/i18n/load.ts');
  const mainFile = path.join(ROOT, 'client/main.tsx');
  const PART = 'i18n-part';
  return {
    name: 'client-source',
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ }, (args) => ({ contents: treeShakableReactRouter(fs.readFileSync(args.path, 'utf8')), loader: 'js' }));
      b.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, (args) =>
        b.resolve('@formatjs/icu-messageformat-parser/no-parser.js', { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer }));
      // `i18n-part:<locale>:<module>`: the messages of a dynamically imported module, in a language.
      b.onResolve({ filter: new RegExp(`^${PART}:`) }, (args) => ({ path: args.path.slice(PART.length + 1), namespace: PART }));
      b.onLoad({ filter: /.*/, namespace: PART }, (args) => {
        const [locale, target] = [args.path.slice(0, args.path.indexOf(':')) as Locale, args.path.slice(args.path.indexOf(':') + 1)];
        return { contents: partJson(locale, split.parts.get(target)!), loader: 'json' };
      });
      b.onLoad({ filter: /[\\/]i18n[\\/]\w+[\\/]index\.ts$/ }, (args) => {
        const locale = locales.find((l) => args.path === path.join(catalogs, l, 'index.ts'));
        if (!locale) return undefined;
        const texts = JSON.stringify(path.join(ROOT, 'common/i18n', locale, 'index.ts'));
        return { contents: `import texts from ${texts}; export default { messages: ${partJson(locale, split.main)}, texts };`, loader: 'ts', resolveDir: path.dirname(args.path) };
      });
      // A catalogue file imported on its own (only index.ts does, replaced above) is compiled too: the bundle cannot parse.
      b.onLoad({ filter: /\.json$/ }, (args) => {
        const locale = catalogLocale(args.path);
        if (!locale) return undefined;
        const messages = JSON.parse(fs.readFileSync(args.path, 'utf8')) as Record<string, string>;
        return { contents: JSON.stringify(compileCatalog(messages, locale)), loader: 'json' };
      });
      b.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (!args.path.startsWith(clientDir)) return undefined;
        const hrefs = byFile.get(args.path);
        let source = fs.readFileSync(args.path, 'utf8');
        const messages = source.includes('defaultMessage');
        const dynamic = split.rewrites.get(path.relative(ROOT, args.path).split(path.sep).join('/'));
        const shared = args.path === mainFile ? SHELL_IMPORT : sharedImports(shell, args.path, ROOT);
        if (!hrefs?.length && !messages && !dynamic && !shared) return undefined;
        if (messages) source = compileDeclarations(source, path.relative(ROOT, args.path));
        if (dynamic) source = wrapDynamicImports(source, dynamic, (target, locale) => `${PART}:${locale}:${target}`, locales, loadModule);
        if (hrefs?.length) source = `import { loadStyles as __loadStyles } from ${loader}; await __loadStyles(${JSON.stringify(hrefs)}); ${source}`;
        source = shared + source; // scripts/shellChunk.ts
        return { contents: source, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

export interface ClientBuild {
  metafile: esbuild.Metafile;
  styleUrls: Map<string, string>;
  screens: Map<string, string>;
}

/**
 * Which messages each catalogue part holds (scripts/i18nBuild.ts splitCatalog), from the client's import graph: a
 * first bundling pass that writes nothing (no minifying, no source maps) for esbuild's metafile.
 */
async function catalogSplit(dev: boolean): Promise<{ split: CatalogSplit; shell: ShellChunk }> {
  const graph = await esbuild.build({ ...buildOptions(dev), write: false, minify: false, sourcemap: false, logLevel: 'silent' });
  const cache = new Map<string, string[]>();
  const idsOf = (file: string) => {
    if (!file.startsWith('client/') || !/\.tsx?$/.test(file)) return [];
    let ids = cache.get(file);
    if (!ids) cache.set(file, ids = declaredMessages(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((m) => m.id));
    return ids;
  };
  const shell = shellChunk(graph.metafile!, ROOT, buildOptions(dev).entryPoints as Record<string, string>);
  // The stylesheet loader is imported by the screens only in the real pass (clientSourcePlugin adds it): it joins the
  // shell here, or it would be a request of its own on every screen's first paint.
  if (!shell.modules.includes(STYLE_LOADER)) shell.modules.push(STYLE_LOADER);
  return {
    split: splitCatalog(graph.metafile!.inputs, idsOf, { main: 'client/main.tsx', exclude: 'client/app/loginPage.ts' }),
    shell,
  };
}

/** The client's JavaScript options with the client-source plugin (stylesheets, compiled messages, catalogue parts). */
export async function clientBuildOptions(dev = false): Promise<{ options: esbuild.BuildOptions; styleUrls: Map<string, string>; screens: Map<string, string> }> {
  const screens = screenSources();
  const [styleUrls, { split, shell }] = await Promise.all([buildStyles(screens, dev), catalogSplit(dev)]);
  return { options: { ...buildOptions(dev), plugins: [reactDomClientPlugin(), clientSourcePlugin(styleUrls, screens, split, shell), shellChunkPlugin(shell)] }, styleUrls, screens };
}

export async function buildClient({ dev = false } = {}): Promise<void> {
  // npm run dev keeps the previous files: a page loaded before the rebuild may still ask for them.
  if (!dev) fs.rmSync(OUT, { recursive: true, force: true });
  const { options, styleUrls, screens } = await clientBuildOptions(dev);
  const result = await esbuild.build(options);
  const build = { metafile: result.metafile!, styleUrls, screens };
  const { pages, shells, localizedShells } = await writeLoginPages(build);
  writeIndex(build, pages, shells, localizedShells);
  await buildServiceWorker(dev);
  if (!dev) await compressAssets(OUT);
}

/** What the service worker precaches: a URL, and its content's hash unless the name carries one already. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/**
 * The build's precache manifest, read from dist/public as it now is: every JavaScript chunk and stylesheet
 * under /assets (their names carry esbuild's content hash: no revision), the app shell (index.html), the
 * favicon, the web app manifest and its icons (revision: an MD5 of the content, so a new build re-fetches
 * only what changed). Left out: source maps, the .LEGAL.txt files, the precompressed copies, the login pages
 * (a person signed out needs the network to sign in), the help pictures and preload.json (the server's).
 */
export function precacheManifest(out = OUT): PrecacheEntry[] {
  const entries: PrecacheEntry[] = [];
  const revision = (file: string) => crypto.createHash('md5').update(fs.readFileSync(file)).digest('hex');
  const assets = path.join(out, 'assets');
  for (const e of fs.readdirSync(assets, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !/\.(js|css|woff2?|png|svg)$/.test(e.name)) continue;
    entries.push({ url: `/${path.relative(out, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`, revision: null });
  }
  const revisioned = [SHELL_URL, '/favicon.svg', '/manifest.webmanifest', ...fs.readdirSync(path.join(out, 'icons')).filter((f) => f.endsWith('.png')).map((f) => `/icons/${f}`)];
  for (const url of revisioned) entries.push({ url, revision: revision(path.join(out, url.slice(1))) });
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/**
 * dist/public/sw.js (served at /sw.js, scope /): client/sw/sw.ts and the Workbox modules it imports, bundled
 * with esbuild, with this build's precache manifest put in place of `self.__WB_MANIFEST` (Workbox's
 * injectManifest convention, done here by esbuild's define: workbox-build would bring Rollup, Babel and
 * Terser into the runtime dependencies, as `npm start` builds).
 */
export async function buildServiceWorker(dev = false): Promise<void> {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['client/sw/sw.ts'],
    outfile: path.join(OUT, 'sw.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
    minify: !dev,
    sourcemap: true,
    define: {
      'self.__WB_MANIFEST': JSON.stringify(precacheManifest()),
      'process.env.NODE_ENV': '"production"',
    },
    legalComments: 'none',
    logLevel: 'warning',
  });
}

function staticImports(outputs: esbuild.Metafile['outputs'], from: string, into: Set<string>): Set<string> {
  if (into.has(from)) return into;
  into.add(from);
  for (const imp of outputs[from]!.imports) if (imp.kind === 'import-statement' && outputs[imp.path]) staticImports(outputs, imp.path, into);
  return into;
}

const LOGIN_SCREEN = 'login';

/**
 * Renders each area's login page at build time (client/app/prerender.tsx, bundled for Node and run here:
 * the same AuthLayout and LoginScreen the SPA shows) into dist/public/pages/, with the shell's and the
 * auth feature's stylesheets, the enhancement script (the `login` entry) and its chunks preloaded, and
 * the SPA's entry named in <meta name="app-entry"> for a visitor who turns out to be signed in.
 */
export async function writeLoginPages({ metafile, styleUrls, screens }: ClientBuild): Promise<{ pages: PrerenderedPage[]; shells: Record<ShellVariant, string>; localizedShells: Record<Locale, Record<ShellVariant, string>> }> {
  const outputs = metafile.outputs;
  const files = Object.keys(outputs);
  const entry = (source: string) => files.find((f) => f.endsWith('.js') && outputs[f]!.entryPoint === source);
  const mainJs = entry('client/main.tsx');
  const loginJs = entry('client/app/loginPage.ts');
  if (!mainJs || !loginJs) throw new Error('esbuild produced no main or login entry.');
  const mainCss = outputs[mainJs]!.cssBundle;
  const loginSource = screens.get(LOGIN_SCREEN);
  if (!loginSource) throw new Error('screens.ts has no login screen.');

  const bundled = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['client/app/prerender.tsx'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    outfile: path.join(DIST, 'prerender.mjs'),
    logLevel: 'warning',
  });
  const renderer = path.join(DIST, 'prerender.mjs');
  fs.mkdirSync(DIST, { recursive: true });
  fs.writeFileSync(renderer, bundled.outputFiles[0]!.contents);
  // A query per build: npm run dev renders again in the same process after a change.
  const { renderIn, renderLogin, renderShell } = (await import(`${pathToFileURL(renderer).href}?build=${Date.now()}`)) as typeof import('../client/app/prerender');

  const template = fs.readFileSync(path.join(ROOT, 'client', 'index.html'), 'utf8');
  const head = [
    mainCss ? `<link rel="stylesheet" href="${url(mainCss)}">` : '',
    ...featureStyles(loginSource).map((css) => `<link rel="stylesheet" href="${styleUrls.get(css)!}">`),
    `<meta name="app-entry" content="${url(mainJs)}">`,
    `<script type="module" src="${url(loginJs)}"></script>`,
    ...[...staticImports(outputs, loginJs, new Set())].filter((f) => f !== loginJs).map((f) => `<link rel="modulepreload" href="${url(f)}">`),
    // The script first asks who is signed in: start that request with the page.
    '<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials">',
  ].filter(Boolean).join('\n    ');
  const pagesDir = path.join(OUT, 'pages');
  fs.mkdirSync(pagesDir, { recursive: true });
  const pages: PrerenderedPage[] = [];
  const shells = {} as Record<Locale, Record<ShellVariant, string>>;
  // Each page and shell once per language (issue 33): English under the plain names, others with `.<locale>`.
  for (const locale of LOCALES) {
    renderIn(locale);
    const suffix = locale === 'en' ? '' : `.${locale}`;
    shells[locale] = { app: renderShell('app'), admin: renderShell('admin') };
    for (const def of ROUTES.filter((r) => r.screen === LOGIN_SCREEN)) {
      const area = def.area === 'admin-auth' ? 'admin' : 'app';
      const write = (name: string, search: string) => {
        const page = renderLogin(def.path, search);
        // method="post": a form sent before the script has run must not put the password in the URL (the
        // server answers such a POST by showing the page again).
        if (!page.html.includes('<form class="form" ')) throw new Error('The login screen rendered no <form class="form">.');
        const body = page.html.replace('<form class="form" ', '<form class="form" method="post" ');
        const html = template
          .replace('<html lang="en">', `<html lang="${locale}">`)
          .replace('<!-- assets -->', head)
          .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
          .replace('<div id="root"></div>', `<div id="root" data-login-area="${area}">${body}</div>`);
        fs.writeFileSync(path.join(pagesDir, name), html);
        return `pages/${name}`;
      };
      const files = { file: write(`login-${area}${suffix}.html`, ''), redirectFile: write(`login-${area}-redirect${suffix}.html`, `?redirect=${encodeURIComponent(`/${area}`)}`) };
      const page = pages.find((p) => p.path === def.path);
      if (!page) pages.push({ path: def.path, area, ...files, localized: { [locale]: files } });
      else page.localized = { ...page.localized, [locale]: files };
    }
  }
  renderIn('en');
  return { pages, shells: shells.en, localizedShells: shells };
}

export function writeIndex(
  { metafile, styleUrls, screens }: ClientBuild, pages: PrerenderedPage[] = [], shells: Record<ShellVariant, string> = { app: '', admin: '' },
  localizedShells: Partial<Record<Locale, Record<ShellVariant, string>>> = {},
): void {
  const outputs = metafile.outputs;
  const files = Object.keys(outputs);
  const mainJs = files.find((f) => outputs[f]!.entryPoint === 'client/main.tsx');
  if (!mainJs) throw new Error('esbuild produced no main entry.');
  const mainCss = outputs[mainJs]!.cssBundle;
  const shared = staticImports(outputs, mainJs, new Set());
  const tags = [
    mainCss ? `<link rel="stylesheet" href="${url(mainCss)}">` : '',
    // The route's stylesheets (render-blocking), the user and the screen's chunks first: the shell paints
    // once the stylesheets are in, and the screen is the page's largest paint.
    '<!-- route-preload -->',
    `<script type="module" src="${url(mainJs)}"></script>`,
    ...[...shared].filter((f) => f !== mainJs).map((f) => `<link rel="modulepreload" href="${url(f)}">`),
  ].filter(Boolean).join('\n    ');
  // Route → the screen's chunk, its static imports and its stylesheets.
  const chunkOf = new Map(files.filter((f) => f.endsWith('.js') && outputs[f]!.entryPoint).map((f) => [outputs[f]!.entryPoint!, f]));
  const entryFor = (def: { path: string; screen: string; area?: string }): PreloadEntry => {
    const source = screens.get(def.screen);
    const chunk = source ? chunkOf.get(source) : undefined;
    if (!source || !chunk) throw new Error(`No chunk for screen ${def.screen} (route ${def.path}).`);
    // The screen's catalogue parts (scripts/i18nBuild.ts splitCatalog): the chunk holding `i18n-part:<locale>:<screen>`.
    const catalogs = Object.fromEntries(LOCALES.flatMap((locale) => {
      const part = files.find((f) => f.endsWith('.js') && `i18n-part:${locale}:${source}` in outputs[f]!.inputs);
      return part ? [[locale, [...staticImports(outputs, part, new Set())].filter((f) => !shared.has(f)).map(url)]] : [];
    }));
    return {
      path: def.path,
      js: [...staticImports(outputs, chunk, new Set())].filter((f) => !shared.has(f)).map(url),
      css: featureStyles(source).map((css) => styleUrls.get(css)!),
      ...(def.area === 'app' || def.area === 'admin' ? { shell: def.area } : {}),
      ...(Object.keys(catalogs).length ? { catalogs } : {}),
      ...(FIRST_READS[def.path] ? { firstRead: FIRST_READS[def.path] } : {}),
    };
  };
  // Each language's catalogue (client/i18n/<locale>/index.ts, a chunk of its own): preloaded with a page in it.
  const catalogs: Partial<Record<Locale, string[]>> = {};
  for (const locale of LOCALES) {
    const chunk = files.find((f) => f.endsWith('.js') && Object.keys(outputs[f]!.inputs).includes(`client/i18n/${locale}/index.ts`));
    if (chunk) catalogs[locale] = [...staticImports(outputs, chunk, new Set())].filter((f) => !shared.has(f)).map(url);
  }
  const manifest: PreloadManifest = { routes: ROUTES.map(entryFor), notFound: entryFor(NOT_FOUND_ROUTE), pages, shells, localizedShells, catalogs };
  fs.writeFileSync(path.join(OUT, 'preload.json'), JSON.stringify(manifest));
  // The help articles' pictures (client/help/*.png, made by `npm run help-images`), served at /help/….
  const helpImages = path.join(ROOT, 'client', 'help');
  if (fs.existsSync(helpImages)) fs.cpSync(helpImages, path.join(OUT, 'help'), { recursive: true });
  // index.html last: the server reads it again when it changes (npm run dev), then preload.json.
  const template = fs.readFileSync(path.join(ROOT, 'client', 'index.html'), 'utf8');
  fs.writeFileSync(path.join(OUT, 'index.html'), template.replace('<!-- assets -->', tags));
  fs.copyFileSync(path.join(ROOT, 'client', 'favicon.svg'), path.join(OUT, 'favicon.svg'));
  // The installable app (issue 31): the web app manifest and its icons (made by scripts/makeIcons.sh).
  fs.copyFileSync(path.join(ROOT, 'client', 'manifest.webmanifest'), path.join(OUT, 'manifest.webmanifest'));
  fs.cpSync(path.join(ROOT, 'client', 'icons'), path.join(OUT, 'icons'), { recursive: true });

  fs.mkdirSync(DIST, { recursive: true });
  fs.writeFileSync(path.join(DIST, 'meta.json'), JSON.stringify(metafile));
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes name.br (brotli, quality 10: quality 11 is 4× slower for 2% less) and name.gz (gzip -9)
 * beside every text asset of 1 KiB or more, in parallel on libuv's thread pool.
 */
export async function compressAssets(dir: string): Promise<void> {
  const files = fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(js|css|svg|json|txt)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  await Promise.all(files.map(async (file) => {
    const data = await fs.promises.readFile(file);
    if (data.length < 1024) return;
    const [br, gz] = await Promise.all([
      brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      gzip(data, { level: 9 }),
    ]);
    await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
  }));
}

/** `import.meta.dirname` in a bundled server file means the directory of its source, not of dist/. */
const sourceDirnamePlugin: esbuild.Plugin = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/, namespace: 'file' }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = fs.readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const fromDist = path.relative(DIST, path.dirname(args.path)).split(path.sep).join('/');
      const expr = `decodeURIComponent(new URL(${JSON.stringify(`${fromDist}/`)}, import.meta.url).pathname).replace(/\\/$/, '')`;
      return { contents: source.replaceAll('import.meta.dirname', `(${expr})`), loader: 'ts' };
    });
  },
};

/**
 * The worker threads' modules (every *.worker.ts under server/, run by server/lib/workerTask.ts): each bundled beside
 * server.js as dist/<its name>.js, where the bundled server starts them.
 */
export function workerEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const file of fs.readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.worker.ts')) continue;
    const name = path.basename(file, '.ts');
    if (entries[name]) throw new Error(`Two worker modules are named ${name}.ts: worker names must be unique.`);
    entries[name] = `server/${file.split(path.sep).join('/')}`;
  }
  return entries;
}

export async function buildServer(): Promise<void> {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { [path.basename(SERVER_OUT, '.js')]: 'server/main.ts', ...workerEntries() },
    outdir: path.dirname(SERVER_OUT),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Pure-JavaScript packages are bundled too (one file to load instead of hundreds: date-fns, kysely
    // and express alone took ~0.5 s to import); the native SQLite binding and Sentry (loaded only with
    // a DSN) stay in node_modules, and so does pdfkit (it reads its font metrics from files beside it;
    // loaded on the first PDF).
    external: ['better-sqlite3', '@sentry/node', 'pdfkit'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [sourceDirnamePlugin],
  });
}

export async function build(): Promise<void> {
  await Promise.all([buildClient(), buildServer()]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await build();
  console.log(`Built the client into dist/public and the server into dist/server.js in ${Date.now() - started} ms.`);
  // The pre-rendering runs client modules in this process; one that leaves a handle open (a channel, a
  // timer) must not keep the build from ending (it once held `npm test` here for minutes).
  process.exit(0);
}
