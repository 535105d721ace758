// npm start: builds the client and the server when missing or older than their sources (through
// scripts/build.ts), then runs the bundled server, dist/server.js, in THIS process with source maps on.
// One process from npm to the server: a signal sent to `npm start` reaches the server, and a server
// that cannot start makes `npm start` fail. Plain JavaScript so nothing is compiled at start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'dist', 'server.js');
const INDEX = path.join(ROOT, 'dist', 'public', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when a build output is missing or older than a source it is built from. */
export function isStale() {
  if (!fs.existsSync(SERVER) || !fs.existsSync(INDEX)) return true;
  const built = Math.min(fs.statSync(SERVER).mtimeMs, fs.statSync(INDEX).mtimeMs);
  const sources = ['client', 'common', 'server', 'db'].map((d) => newestMtime(path.join(ROOT, d)));
  // scripts/i18nBuild.ts: the build's message compiling and catalogue parts (issue 33).
  for (const file of ['package-lock.json', 'scripts/build.ts', 'scripts/i18nBuild.ts']) sources.push(fs.statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  return sources.some((m) => m > built);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (isStale()) {
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
    const result = spawnSync(tsx, [path.join(ROOT, 'scripts', 'build.ts')], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('The build failed; not starting.');
      process.exit(result.status ?? 1);
    }
  }
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(SERVER).href);
}
