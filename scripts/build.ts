// Builds the SPA with esbuild: ESM with code splitting, hashed names, minified, source maps and a
// metafile; writes dist/public/index.html pointing at the hashed entry files.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist', 'public');
const SOURCES = ['client', 'common'].map((d) => path.join(ROOT, d));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when dist/public/index.html is missing or older than any client or common source. */
export function isStale(): boolean {
  const index = path.join(OUT, 'index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  return SOURCES.some((dir) => newestMtime(dir) > built) || fs.statSync(path.join(ROOT, 'package-lock.json')).mtimeMs > built;
}

export function buildOptions(): esbuild.BuildOptions {
  return {
    absWorkingDir: ROOT,
    entryPoints: { main: 'client/main.tsx' },
    outdir: path.join(OUT, 'assets'),
    publicPath: '/assets',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
    minify: true,
    sourcemap: true,
    metafile: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'linked',
    logLevel: 'warning',
  };
}

export async function build(): Promise<void> {
  fs.rmSync(OUT, { recursive: true, force: true });
  const result = await esbuild.build(buildOptions());
  writeIndex(result.metafile!);
}

export function writeIndex(metafile: esbuild.Metafile): void {
  const outputs = Object.entries(metafile.outputs);
  const mainJs = outputs.find(([, o]) => o.entryPoint === 'client/main.tsx')?.[0];
  const mainCss = outputs.find(([file, o]) => file.endsWith('.css') && o.entryPoint === undefined && /main-[A-Z0-9]+\.css$/.test(file))?.[0]
    ?? outputs.find(([file]) => /assets\/main-[A-Z0-9]+\.css$/.test(file))?.[0];
  if (!mainJs) throw new Error('esbuild produced no main entry.');
  const url = (file: string) => `/${path.relative(OUT, path.resolve(ROOT, file)).split(path.sep).join('/')}`;
  const tags = [
    mainCss ? `<link rel="stylesheet" href="${url(mainCss)}">` : '',
    `<script type="module" src="${url(mainJs)}"></script>`,
  ].filter(Boolean).join('\n    ');
  const template = fs.readFileSync(path.join(ROOT, 'client', 'index.html'), 'utf8');
  fs.writeFileSync(path.join(OUT, 'index.html'), template.replace('<!-- assets -->', tags));
  fs.copyFileSync(path.join(ROOT, 'client', 'favicon.svg'), path.join(OUT, 'favicon.svg'));
  fs.writeFileSync(path.join(ROOT, 'dist', 'meta.json'), JSON.stringify(metafile));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ifStale = process.argv.includes('--if-stale');
  if (ifStale && !isStale()) {
    console.log('Client build is up to date.');
  } else {
    const started = Date.now();
    await build();
    console.log(`Built the client into dist/public in ${Date.now() - started} ms.`);
  }
}
