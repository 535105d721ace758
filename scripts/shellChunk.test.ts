// One chunk for the shell's shared code (issue 35, scripts/shellChunk.ts): on a tiny app bundled here, and on the
// real build npm test made (dist/meta.json).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { SHELL_IMPORT, sharedImports, shellChunk, shellChunkPlugin, staticClosure, YIELD_SOURCE, yieldPoints } from './shellChunk';

const ROOT = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-shell-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// The shell uses a and b; each screen some of them, and screen s3 also c, which s1 shares.
const files: Record<string, string> = {
  'client/main.ts': `import { a } from './a'; import { b } from './b'; console.log(a, b, () => import('./s1'), () => import('./s2'), () => import('./s3'));`,
  'client/a.ts': `export const a = 'a'.repeat(3);`,
  'client/b.ts': `export const b = 'b'.repeat(3);`,
  'client/c.ts': `export const c = 'c'.repeat(3);`,
  'client/s1.ts': `import { a } from './a'; import { c } from './c'; export default a + c;`,
  'client/s2.ts': `import { b } from './b'; export default b;`,
  'client/s3.ts': `import { a } from './a'; import { b } from './b'; export default a + b;`,
};
for (const [name, source] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), source);
}
const options: esbuild.BuildOptions = {
  absWorkingDir: dir, entryPoints: { main: 'client/main.ts' }, outdir: path.join(dir, 'out'), bundle: true, splitting: true,
  format: 'esm', write: false, metafile: true, logLevel: 'silent', chunkNames: 'chunks/[name]-[hash]',
};

/** The output files the main entry loads before it runs (itself and its static imports). */
function mainClosure(metafile: esbuild.Metafile, main = 'client/main.ts'): string[] {
  const outputs = metafile.outputs;
  return [...staticClosure(outputs, Object.keys(outputs).find((o) => outputs[o]!.entryPoint === main)!)];
}

describe('the shell chunk', () => {
  it('puts every module the shell loads in one chunk, and leaves what only screens use alone', async () => {
    const before = await esbuild.build(options);
    // esbuild alone: a and b each in a chunk of their own (the screens that share them differ).
    expect(mainClosure(before.metafile!)).toHaveLength(3);
    const shell = shellChunk(before.metafile!, dir, { main: 'client/main.ts' }, 1.01);
    expect(shell.modules).toEqual([path.join(dir, 'client/a.ts'), path.join(dir, 'client/b.ts')]);
    expect([...shell.lazyEntries].sort()).toEqual(['s1', 's2', 's3'].map((s) => path.join(dir, `client/${s}.ts`)));
    const prepend: esbuild.Plugin = {
      name: 'prepend',
      setup(b) {
        b.onLoad({ filter: /\.ts$/ }, (args) => (args.path.endsWith('main.ts') || shell.lazyEntries.has(args.path)
          ? { contents: SHELL_IMPORT + fs.readFileSync(args.path, 'utf8'), loader: 'ts' } : undefined));
      },
    };
    const after = await esbuild.build({ ...options, plugins: [prepend, shellChunkPlugin(shell)] });
    const closure = mainClosure(after.metafile!);
    expect(closure).toHaveLength(2);
    const shared = after.metafile!.outputs[closure.find((o) => !after.metafile!.outputs[o]!.entryPoint)!]!;
    expect(Object.keys(shared.inputs).sort()).toEqual(['client/a.ts', 'client/b.ts']);
    // c (s1's alone) is not in what the shell loads.
    expect(closure.some((o) => 'client/c.ts' in after.metafile!.outputs[o]!.inputs)).toBe(false);
  });

  it('takes a module most screens share into the shell only when it brings no package the shell lacks', () => {
    const metafile = {
      inputs: {
        'client/main.ts': { bytes: 1, imports: [] },
        'client/common.ts': { bytes: 1, imports: [] },
        'client/schema.ts': { bytes: 1, imports: [{ path: 'node_modules/zod/index.js', kind: 'import-statement' }] },
      },
      outputs: {
        'out/main.js': { bytes: 1, entryPoint: 'client/main.ts', imports: [], exports: [], inputs: { 'client/main.ts': { bytesInOutput: 1 } } },
        ...Object.fromEntries(['s1', 's2'].map((s) => [`out/${s}.js`, {
          bytes: 1, entryPoint: `client/${s}.ts`, exports: [], inputs: { [`client/${s}.ts`]: { bytesInOutput: 1 } },
          imports: [{ path: 'out/common.js', kind: 'import-statement' }],
        }])),
        'out/common.js': { bytes: 1, imports: [], exports: [], inputs: { 'client/common.ts': { bytesInOutput: 1 }, 'client/schema.ts': { bytesInOutput: 1 } } },
      },
    } as unknown as esbuild.Metafile;
    expect(shellChunk(metafile, '/r', { main: 'client/main.ts' }, 0.5).modules).toEqual(['/r/client/common.ts']);
    expect(shellChunk(metafile, '/r', { main: 'client/main.ts' }, 1.01).modules).toEqual([]);
  });

  it("gives a feature's screens one chunk for what they share and no other feature uses", async () => {
    const app: Record<string, string> = {
      'client/main.ts': `console.log(() => import('./features/r/r1'), () => import('./features/r/r2'), () => import('./features/r/r3'), () => import('./features/o/o1'));`,
      'client/features/r/x.ts': `export const x = 'x'.repeat(3);`,
      'client/features/r/y.ts': `export const y = 'y'.repeat(3);`,
      'client/features/r/z.ts': `export const z = 'z'.repeat(3);`,
      'client/w.ts': `export const w = 'w'.repeat(3);`,
      // r1 and r2 share x; r2 and r3 share y; r3 alone uses z; w is shared with another feature's screen.
      'client/features/r/r1.ts': `import { x } from './x'; import { w } from '../../w'; export default x + w;`,
      'client/features/r/r2.ts': `import { x } from './x'; import { y } from './y'; export default x + y;`,
      'client/features/r/r3.ts': `import { y } from './y'; import { z } from './z'; export default y + z;`,
      'client/features/o/o1.ts': `import { w } from '../../w'; export default w;`,
    };
    const appDir = fs.mkdtempSync(path.join(dir, 'groups-'));
    for (const [name, source] of Object.entries(app)) {
      fs.mkdirSync(path.dirname(path.join(appDir, name)), { recursive: true });
      fs.writeFileSync(path.join(appDir, name), source);
    }
    const appOptions = { ...options, absWorkingDir: appDir, outdir: path.join(appDir, 'out') };
    const before = await esbuild.build(appOptions);
    const shell = shellChunk(before.metafile!, appDir, { main: 'client/main.ts' }, 1.01);
    expect(shell.groups.get('r')?.sort()).toEqual(['x', 'y'].map((m) => path.join(appDir, `client/features/r/${m}.ts`)));
    expect(shell.groups.has('o')).toBe(false);
    const prepend: esbuild.Plugin = {
      name: 'prepend',
      setup(b) {
        b.onLoad({ filter: /\.ts$/ }, (args) => {
          const shared = args.path.endsWith('main.ts') ? SHELL_IMPORT : sharedImports(shell, args.path, appDir);
          return shared ? { contents: shared + fs.readFileSync(args.path, 'utf8'), loader: 'ts' } : undefined;
        });
      },
    };
    const after = await esbuild.build({ ...appOptions, plugins: [prepend, shellChunkPlugin(shell)] });
    const outputs = after.metafile!.outputs;
    const chunkOf = (input: string) => Object.keys(outputs).find((o) => o.endsWith('.js') && input in outputs[o]!.inputs)!;
    // x and y come in one chunk; z stays r3's own, w is not the feature's.
    expect(chunkOf('client/features/r/x.ts')).toBe(chunkOf('client/features/r/y.ts'));
    expect(chunkOf('client/features/r/z.ts')).toBe(Object.keys(outputs).find((o) => outputs[o]!.entryPoint === 'client/features/r/r3.ts'));
    expect(chunkOf('client/w.ts')).not.toBe(chunkOf('client/features/r/x.ts'));
  });

  it('the real build: the shell loads in a few files, and the login page loads none of it', () => {
    const outputs = (JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/meta.json'), 'utf8')) as esbuild.Metafile).outputs;
    const closure = mainClosure({ inputs: {}, outputs } as esbuild.Metafile, 'client/main.tsx');
    // Before the shell chunk, 40 files (most of 1–3 KiB); now the shell, React, date-fns's parts and a few shared
    // with the login page's script.
    expect(closure.length).toBeLessThanOrEqual(8);
    // A report comes in a few more: its screen, the reports' shared chunk and what it shares with other features.
    expect(mainClosure({ inputs: {}, outputs } as esbuild.Metafile, 'client/features/reports/ComparisonReportScreen.tsx').filter((o) => !closure.includes(o)).length)
      .toBeLessThanOrEqual(8);
    const login = Object.keys(outputs).find((o) => outputs[o]!.entryPoint === 'client/app/loginPage.ts')!;
    const loginImports = outputs[login]!.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
    const biggest = closure.reduce((a, b) => (outputs[a]!.bytes > outputs[b]!.bytes ? a : b));
    expect(loginImports).not.toContain(biggest);
  });

  it('yields before and after each big module of the shell, so its evaluation runs in several tasks', () => {
    const input = (bytes: number, ...imports: string[]) => ({ bytes, imports: imports.map((p) => ({ path: p, kind: 'import-statement' as const })) });
    // "guard" is small itself but brings "app" (big); "dom" is big; "app" comes later in the list, already evaluated.
    const metafile = { outputs: {}, inputs: {
      'client/a.ts': input(500), 'client/guard.ts': input(800, 'client/app.ts'), 'client/app.ts': input(150_000),
      'client/b.ts': input(500), 'node_modules/dom.js': input(600_000), 'node_modules/small.js': input(900),
    } } as unknown as esbuild.Metafile;
    const sorted = ['client/a.ts', 'client/app.ts', 'client/b.ts', 'client/guard.ts', 'node_modules/dom.js', 'node_modules/small.js'];
    // app (big, first to bring itself), b after it, dom (big), small after it; guard brings nothing new by then.
    expect([...yieldPoints(metafile, sorted, '/r')].sort()).toEqual(['/r/client/app.ts', '/r/client/b.ts', '/r/node_modules/dom.js', '/r/node_modules/small.js']);
    // Nothing big: no yield.
    expect(yieldPoints({ outputs: {}, inputs: { 'client/a.ts': input(10) } } as unknown as esbuild.Metafile, ['client/a.ts'], '/r').size).toBe(0);
  });

  it('a yield module holds what follows it until a task of its own, not a microtask', async () => {
    const g = globalThis as { __after?: boolean };
    g.__after = false;
    // The module's source as the build writes it, run as an async function's body (its top-level await).
    const run = new Function(`return (async () => { ${YIELD_SOURCE} globalThis.__after = true; })();`) as () => Promise<void>;
    const done = run();
    for (let k = 0; k < 20; k++) await Promise.resolve();
    expect(g.__after).toBe(false);
    await done;
    expect(g.__after).toBe(true);
    delete g.__after;
  });

  it('the real build: the shell chunk yields to the browser before and after React DOM', () => {
    const outputs = (JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/meta.json'), 'utf8')) as esbuild.Metafile).outputs;
    const closure = mainClosure({ inputs: {}, outputs } as esbuild.Metafile, 'client/main.tsx');
    const shell = closure.find((o) => outputs[o]!.inputs['node_modules/react-dom/cjs/react-dom-client.production.js'])!;
    const code = fs.readFileSync(path.join(ROOT, shell), 'utf8');
    // Each yield posts to its own channel's port2 (React's scheduler keeps its port in a variable): today four, before
    // and after our guard and before and after React DOM.
    expect(code.split('.port2.postMessage(null)').length - 1).toBeGreaterThanOrEqual(2);
    // React DOM as module code, not a CommonJS function called on first import (scripts/build.ts reactDomClientAsModule).
    expect(outputs[shell]!.inputs['node_modules/react-dom/client.js']).toBeDefined();
  });
});
