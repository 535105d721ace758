// npm run dev: rebuilds the client on change (the same build as npm run build, unminified and without
// precompression) and restarts the server on change (tsx watch runs the TypeScript sources).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildClient } from './build';

const ROOT = path.resolve(import.meta.dirname, '..');

let running: Promise<void> | null = null;
let again = false;
async function rebuild() {
  if (running) {
    again = true;
    return;
  }
  running = buildClient({ dev: true }).then(
    () => console.log('[client] rebuilt'),
    (error: unknown) => console.log(`[client] build failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  await running;
  running = null;
  if (again) {
    again = false;
    await rebuild();
  }
}

await rebuild();
let timer: NodeJS.Timeout | undefined;
const watchers = ['client', 'common'].map((dir) => fs.watch(path.join(ROOT, dir), { recursive: true }, () => {
  clearTimeout(timer);
  timer = setTimeout(() => void rebuild(), 100);
}));

const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['watch', '--clear-screen=false', '--exclude', 'client/**', 'server/main.ts'], { cwd: ROOT, stdio: 'inherit' });
const stop = () => {
  for (const w of watchers) w.close();
  server.kill('SIGTERM');
  server.once('exit', () => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
