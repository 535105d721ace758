// One chunk for the app shell's shared code (issue 35).
//
// esbuild splits code by the set of entry points that reach it, and every lazily loaded screen is an entry point.
// A module the shell (client/main.tsx) needs that some screens also import lands in a chunk of its own for each
// different set of screens: the shell's first paint downloaded its code in about forty requests of 1–3 KiB. On a
// phone's network each request waits a round trip, and six at a time over HTTP/1.1, so the requests, not the bytes,
// set the first paint (Lighthouse: about a second of the largest paint).
//
// The fix keeps esbuild and its splitting: every module of the shell's static closure is made reachable from every
// lazily loaded module of ours, through one module (`coachwell-shell`, bare imports of them) that main.tsx and each
// of them import. Their set of entry points is then the same (the shell and all of ours), so esbuild puts them in one
// chunk. The shell loads all of it anyway, so the first paint downloads no byte more for it; tree shaking still drops
// what nobody uses (esbuild assigns files to chunks by reachability, and keeps only the code something uses).
import fs from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';

export const SHELL_MODULE = 'coachwell-shell';
/**
 * Our modules at least this share of the lazy entries reach join the shell. Measured on 2026-11-30: at 0.1 the
 * signed-in first paints load 20–28 files instead of 23–34 for about 1–3 KiB more each; lower shares cost more
 * KiB than they save requests (0.05: 5–7 KiB more for two or three files fewer).
 */
const COMMON_SHARE = 0.1;
const NAMESPACE = 'coachwell-shell';

export interface ShellChunk {
  /** The shell's modules (absolute paths): the JavaScript of main's static closure, and our common modules. */
  modules: string[];
  /** The lazily loaded modules (absolute paths: ours under client/, and packages imported on demand): each imports the shell module. */
  lazyEntries: Set<string>;
  /**
   * A feature's own shared chunk: feature folder → the modules (absolute paths) that two or more of its lazily loaded
   * screens use and no other feature does. Each of the feature's lazy entries imports them all (`coachwell-group:…`).
   */
  groups: Map<string, string[]>;
  /** Shell modules (absolute paths) before which the shell's evaluation yields to the browser (`coachwell-shell-yield`). */
  yieldsBefore: Set<string>;
}

/** An output file and every output it imports statically, all the way down. */
export function staticClosure(outputs: esbuild.Metafile['outputs'], output: string, seen = new Set<string>()): Set<string> {
  if (seen.has(output)) return seen;
  seen.add(output);
  for (const i of outputs[output]!.imports) if (i.kind === 'import-statement' && outputs[i.path]) staticClosure(outputs, i.path, seen);
  return seen;
}

/**
 * From a bundle's metafile (a pass that writes nothing): the inputs of the main entry's output and of the chunks it
 * imports statically, with our modules at least `commonShare` of the lazy entries reach; and the source files of the
 * entry points esbuild made for dynamic imports under client/ (the build's own entries, `entryPoints`, excepted).
 */
export function shellChunk(metafile: esbuild.Metafile, root: string, entryPoints: Record<string, string>, commonShare = COMMON_SHARE): ShellChunk {
  const main = entryPoints.main!;
  // The build's other entries (the login page's script) load on their own, never after the shell.
  const ownEntries = new Set(Object.values(entryPoints));
  const outputs = metafile.outputs;
  const mainOutput = Object.keys(outputs).find((k) => outputs[k]!.entryPoint === main);
  if (!mainOutput) throw new Error(`no output for ${main} in the metafile`);
  const closure = staticClosure(outputs, mainOutput);
  const isCode = (input: string) => /\.(tsx?|mjs|cjs|js)$/.test(input) && !input.includes(':');
  const inputsOf = (outputsReached: Set<string>) => new Set([...outputsReached].flatMap((o) => Object.keys(outputs[o]!.inputs)));
  // main.tsx itself stays the entry: its side effects (the render) are not the shell's to share.
  const modules = new Set([...inputsOf(closure)].filter((input) => isCode(input) && input !== main));
  const lazyEntries = new Set<string>();
  const reachedBy = new Map<string, number>();
  const entryInputs = new Map<string, Set<string>>();
  let lazyCount = 0;
  for (const [output, meta] of Object.entries(outputs)) {
    if (!output.endsWith('.js') || !meta.entryPoint || ownEntries.has(meta.entryPoint)) continue;
    // A package the app imports on demand (Sentry, a date-fns locale) loads after the shell too. It shares the
    // shell's modules (React, date-fns): unless it imports the shell as well, esbuild splits those shared modules
    // out of the shell chunk into requests of their own on every first paint.
    if (meta.entryPoint.startsWith('node_modules/')) {
      lazyEntries.add(path.join(root, meta.entryPoint));
      continue;
    }
    if (!meta.entryPoint.startsWith('client/') || !/\.tsx?$/.test(meta.entryPoint)) continue;
    lazyEntries.add(path.join(root, meta.entryPoint));
    lazyCount++;
    const inputs = inputsOf(staticClosure(outputs, output));
    entryInputs.set(meta.entryPoint, inputs);
    for (const input of inputs) reachedBy.set(input, (reachedBy.get(input) ?? 0) + 1);
  }
  // Our own modules many screens use (the page header, fields, the lookups…) join the shell too, when they bring no
  // package the shell does not load already (a schema would bring zod): a little more JavaScript for a screen that
  // does not use them, against a request each for one that does.
  // What the shell has is judged by main's static imports, not by the shell's output: a file that gives the output
  // no byte (react-router-dom's index, a re-export of react-router) is still one the shell loads.
  const shellReaches = new Set<string>();
  const reach = (input: string) => {
    if (shellReaches.has(input)) return;
    shellReaches.add(input);
    for (const i of metafile.inputs[input]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) reach(i.path);
  };
  reach(main);
  const bringsNoPackage = (input: string, seen = new Set<string>()): boolean => {
    if (seen.has(input) || shellReaches.has(input) || modules.has(input)) return true;
    seen.add(input);
    if (input.startsWith('node_modules/')) return false;
    return (metafile.inputs[input]?.imports ?? []).every((i) => i.kind !== 'import-statement' || i.external || bringsNoPackage(i.path, seen));
  };
  const ownModule = (input: string) => isCode(input) && !input.startsWith('node_modules/') && !lazyEntries.has(path.join(root, input));
  for (const [input, count] of reachedBy) {
    if (ownModule(input) && count >= lazyCount * commonShare && bringsNoPackage(input)) modules.add(input);
  }
  // Then per feature: what two or more of one feature's screens share, and no other feature uses, would come in one
  // chunk per set of its screens (the reports: the charts, the report API, the formats, the subscriptions' API, each
  // a request); imported by all of the feature's screens, it comes in one.
  const featureOf = (input: string) => /^client\/features\/([^/]+)\//.exec(input)?.[1];
  const reachers = new Map<string, Set<string>>();
  for (const [entry, inputs] of entryInputs) {
    const feature = featureOf(entry);
    for (const input of inputs) {
      if (!ownModule(input) || modules.has(input)) continue;
      let set = reachers.get(input);
      if (!set) reachers.set(input, set = new Set());
      set.add(feature ?? `!${entry}`);
      if (feature) set.add(`${feature}:${entry}`);
    }
  }
  const groups = new Map<string, string[]>();
  for (const [input, set] of reachers) {
    const features = [...set].filter((k) => !k.includes(':'));
    const screens = set.size - features.length;
    if (features.length !== 1 || features[0]!.startsWith('!') || screens < 2 || !bringsNoPackage(input)) continue;
    const list = groups.get(features[0]!) ?? [];
    groups.set(features[0]!, [...list, path.join(root, input)]);
  }
  const sorted = [...modules].sort();
  return { modules: sorted.map((m) => path.join(root, m)), lazyEntries, groups, yieldsBefore: yieldPoints(metafile, sorted, root) };
}

/** A shell module that brings at least this much source (with what it imports first) is evaluated in a task of its own. */
const BIG_MODULE_BYTES = 100_000;

/**
 * Where the shell's evaluation yields to the browser (issue 35). Evaluating the shell chunk (React DOM, the router, SWR
 * and our shell: about 418 KB) was one task of about 200 ms at Lighthouse's 4x slower CPU, all of it past its first
 * 50 ms counted as blocking time. The shell module imports its modules in order, and each import evaluates what it
 * needs first (depth first). A `coachwell-shell-yield` module goes before and after each big one (React DOM's client,
 * about 625 KB of source; our guard, which brings most of the shell): it waits for a message it posts itself (a task
 * of its own), its top-level await holding the rest of the chunk, and main.tsx, until then. So the evaluation runs in
 * several tasks, and the browser may paint or answer between them.
 */
export function yieldPoints(metafile: esbuild.Metafile, sorted: string[], root: string): Set<string> {
  const seen = new Set<string>();
  const sizeOf = (input: string): number => {
    if (seen.has(input)) return 0;
    seen.add(input);
    let bytes = metafile.inputs[input]?.bytes ?? 0;
    for (const i of metafile.inputs[input]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) bytes += sizeOf(i.path);
    return bytes;
  };
  const points = new Set<string>();
  let afterBig = false;
  sorted.forEach((input, k) => {
    const big = sizeOf(input) >= BIG_MODULE_BYTES;
    if (k > 0 && (big || afterBig)) points.add(path.join(root, input));
    afterBig = big;
  });
  return points;
}

/** The line prepended to main.tsx and to each lazily loaded module of ours. */
export const SHELL_IMPORT = `import ${JSON.stringify(SHELL_MODULE)}; `;
const GROUP_PREFIX = `${SHELL_MODULE}-group:`;
const YIELD_PREFIX = `${SHELL_MODULE}-yield:`;
/** A yield module: the rest of the shell's evaluation waits for a task of its own. */
export const YIELD_SOURCE = 'await new Promise((resolve) => { const channel = new MessageChannel(); channel.port1.onmessage = () => { channel.port1.close(); resolve(); }; channel.port2.postMessage(null); });';

/** What the build prepends to a module (absolute path): the shell's import, and its feature's group's. */
export function sharedImports(shell: ShellChunk, file: string, root: string): string {
  if (!shell.lazyEntries.has(file)) return '';
  const feature = /^client\/features\/([^/]+)\//.exec(path.relative(root, file).split(path.sep).join('/'))?.[1];
  return SHELL_IMPORT + (feature && shell.groups.has(feature) ? `import ${JSON.stringify(GROUP_PREFIX + feature)}; ` : '');
}

/** Resolves and loads `coachwell-shell`: a bare import of each shell module. */
export function shellChunkPlugin(shell: ShellChunk): esbuild.Plugin {
  return {
    name: 'shell-chunk',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${SHELL_MODULE}$`) }, () => ({ path: SHELL_MODULE, namespace: NAMESPACE }));
      b.onLoad({ filter: /[\\/]node_modules[\\/].*\.m?js$/ }, (args) => shell.lazyEntries.has(args.path)
        ? { contents: SHELL_IMPORT + fs.readFileSync(args.path, 'utf8'), loader: 'js', resolveDir: path.dirname(args.path) }
        : undefined);
      b.onResolve({ filter: new RegExp(`^${GROUP_PREFIX}`) }, (args) => ({ path: args.path, namespace: NAMESPACE }));
      b.onResolve({ filter: new RegExp(`^${YIELD_PREFIX}`) }, (args) => ({ path: args.path, namespace: NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        // A message to itself, not a timer: a background tab's timers wait up to a second.
        if (args.path.startsWith(YIELD_PREFIX)) return { contents: YIELD_SOURCE, loader: 'js' };
        const shellModule = args.path === SHELL_MODULE;
        const files = shellModule ? shell.modules : shell.groups.get(args.path.slice(GROUP_PREFIX.length)) ?? [];
        let yields = 0;
        const lines = files.flatMap((file) => [
          ...(shellModule && shell.yieldsBefore.has(file) ? [`import ${JSON.stringify(`${YIELD_PREFIX}${++yields}`)};`] : []),
          `import ${JSON.stringify(file)};`,
        ]);
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(files[0] ?? '.') };
      });
    },
  };
}
