// npm run dev: rebuilds the client on change (esbuild watch) and restarts the server on change (tsx watch).
import { spawn } from 'node:child_process';
import * as esbuild from 'esbuild';
import { buildOptions, writeIndex } from './build';

const ctx = await esbuild.context({
  ...buildOptions(),
  minify: false,
  plugins: [{
    name: 'write-index',
    setup(b) {
      b.onEnd((result) => {
        if (result.metafile) writeIndex(result.metafile);
        console.log(result.errors.length ? '[client] build failed' : '[client] rebuilt');
      });
    },
  }],
});
await ctx.watch();

const server = spawn('npx', ['tsx', 'watch', '--clear-screen=false', '--exclude', 'client/**', 'server/main.ts'], { stdio: 'inherit' });
const stop = async () => {
  server.kill('SIGTERM');
  await ctx.dispose();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
