// DESIGN §2's import rules, checked on every .ts/.tsx file of server/, client/, common/, db/ and scripts/:
// - no feature imports another feature (server/features/a/** ↛ server/features/b/**, same on the client;
//   tests and fixtures included: shared code moves to a lib/, server/testing/ or common/);
// - the layers point one way: db ↛ server, client; common ↛ server, db, client, Node built-ins, DOM-only
//   code; client ↛ server, db; server ↛ client;
// - no import cycle among client files (type-only and dynamic imports count: they tie modules together
//   for the compiler and the bundler just the same).
// Every finding names file:line. The checker is a few pure functions tested on fake file sets below.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

export interface ImportRef {
  specifier: string;
  line: number;
}

const REGEX_BEFORE = new Set([...'(,=:[!&|?{};+-*%<>~^']);
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await']);

/**
 * The source with comments, string contents, template literals and regex literals blanked out (same length,
 * newlines kept), and the contents of each quoted string by the offset of its opening quote.
 */
function mask(source: string): { code: string; strings: Map<number, string> } {
  const out = source.split('');
  const strings = new Map<number, string>();
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  const previousSignificant = (at: number): { char: string; word: string } => {
    let k = at - 1;
    while (k >= 0 && /\s/.test(out[k]!)) k--;
    if (k < 0) return { char: '', word: '' };
    let start = k;
    while (start > 0 && /[\w$]/.test(out[start - 1]!)) start--;
    return { char: out[k]!, word: out.slice(start, k + 1).join('') };
  };
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      // Quoted strings end at their quote or, unterminated (an apostrophe in JSX text), at the line's end.
      let k = i + 1;
      while (k < n && source[k] !== c && source[k] !== '\n') k += source[k] === '\\' ? 2 : 1;
      strings.set(i, source.slice(i + 1, Math.min(k, n)));
      blank(i + 1, Math.min(k, n));
      i = k + 1;
    } else if (c === '`') {
      let k = i + 1;
      let depth = 0;
      while (k < n) {
        if (source[k] === '\\') k += 2;
        else if (depth === 0 && source[k] === '`') break;
        else if (source[k] === '$' && source[k + 1] === '{') {
          depth++;
          k += 2;
        } else {
          if (source[k] === '}' && depth > 0) depth--;
          k++;
        }
      }
      blank(i + 1, Math.min(k, n));
      i = k + 1;
    } else if (c === '/') {
      const prev = previousSignificant(i);
      const isRegex = prev.char === '' || REGEX_BEFORE.has(prev.char) || REGEX_AFTER_WORD.has(prev.word);
      if (!isRegex) {
        i++;
        continue;
      }
      let k = i + 1;
      let inClass = false;
      while (k < n && source[k] !== '\n') {
        if (source[k] === '\\') k += 2;
        else if (source[k] === '[') (inClass = true), k++;
        else if (source[k] === ']') (inClass = false), k++;
        else if (source[k] === '/' && !inClass) break;
        else k++;
      }
      blank(i + 1, Math.min(k, n));
      i = k + 1;
    } else {
      i++;
    }
  }
  return { code: out.join(''), strings };
}

const IMPORT_FORMS = [
  /(?<![.\w$])from\s*(['"])/g, // import … from '…', export … from '…'
  /(?<![.\w$])import\s*(?:\(\s*)?(['"])/g, // import '…', import('…'), typeof import('…')
  /(?<![.\w$])require\s*\(\s*(['"])/g,
];

/** Every import, re-export, dynamic import and require of a module, with the line of its specifier. */
export function scanImports(source: string): ImportRef[] {
  const { code, strings } = mask(source);
  const lineStarts = [0];
  for (let k = 0; k < source.length; k++) if (source[k] === '\n') lineStarts.push(k + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const found = new Map<number, ImportRef>();
  for (const form of IMPORT_FORMS) {
    for (const match of code.matchAll(form)) {
      const quoteAt = match.index + match[0].length - 1;
      const specifier = strings.get(quoteAt);
      if (specifier !== undefined) found.set(quoteAt, { specifier, line: lineOf(quoteAt) });
    }
  }
  return [...found.entries()].sort((a, b) => a[0] - b[0]).map(([, ref]) => ref);
}

/** The repository path a relative specifier points at (an existing file when one matches), else null. */
export function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => files.has(c)) ?? base;
}

export type RuleId = 'server-features' | 'client-features' | 'db-layer' | 'common-layer' | 'client-layer' | 'server-layer';

export interface Violation {
  rule: RuleId;
  file: string;
  line: number;
  message: string;
}

const NODE_BUILTINS = new Set(builtinModules);
const isNodeBuiltin = (spec: string) => spec.startsWith('node:') || NODE_BUILTINS.has(spec) || NODE_BUILTINS.has(spec.split('/')[0]!);
/** Packages that only work with a DOM. */
const DOM_ONLY_PACKAGES = ['react-dom', 'react-router-dom', '@sentry/react', '@sentry/browser'];
const isDomOnly = (spec: string) => DOM_ONLY_PACKAGES.some((p) => spec === p || spec.startsWith(`${p}/`));
/** Globals that exist only in a browser, or only in Node, used in code (not in comments or strings). */
const DOM_GLOBALS = /(?<![.\w$])(window|document|navigator|localStorage|sessionStorage)\s*[.[]/g;
const NODE_GLOBALS = /(?<![.\w$])(process|Buffer|__dirname|__filename)\b(?!\s*:)/g;

const top = (file: string) => file.split('/')[0]!;
const featureOf = (file: string) => /^(server|client)\/features\/([^/]+)\//.exec(file);

/** Every rule above except cycles, for a set of files (repository path → source). */
export function checkLayers(sources: ReadonlyMap<string, string>, otherFiles: Iterable<string> = []): Violation[] {
  const files = new Set([...sources.keys(), ...otherFiles]);
  const violations: Violation[] = [];
  for (const [file, source] of sources) {
    const fromTop = top(file);
    const fromFeature = featureOf(file);
    const add = (rule: RuleId, line: number, message: string) => violations.push({ rule, file, line, message });
    for (const { specifier, line } of scanImports(source)) {
      const target = resolveImport(file, specifier, files);
      const toTop = target ? top(target) : null;
      if (fromFeature && target) {
        const toFeature = featureOf(target);
        if (toFeature && toFeature[1] === fromFeature[1] && toFeature[2] !== fromFeature[2]) {
          add(`${fromFeature[1]}-features` as RuleId, line, `feature "${fromFeature[2]}" imports feature "${toFeature[2]}": ${specifier}`);
        }
      }
      if (fromTop === 'db' && (toTop === 'server' || toTop === 'client')) add('db-layer', line, `db/ imports ${toTop}/: ${specifier}`);
      if (fromTop === 'client' && (toTop === 'server' || toTop === 'db')) add('client-layer', line, `client/ imports ${toTop}/: ${specifier}`);
      if (fromTop === 'server' && toTop === 'client') add('server-layer', line, `server/ imports client/: ${specifier}`);
      if (fromTop === 'common') {
        if (toTop === 'server' || toTop === 'db' || toTop === 'client') add('common-layer', line, `common/ imports ${toTop}/: ${specifier}`);
        else if (!target && isNodeBuiltin(specifier)) add('common-layer', line, `common/ imports a Node built-in: ${specifier}`);
        else if (!target && isDomOnly(specifier)) add('common-layer', line, `common/ imports DOM-only code: ${specifier}`);
      }
    }
    if (fromTop === 'common') {
      const { code } = mask(source);
      const lineAt = (offset: number) => code.slice(0, offset).split('\n').length;
      for (const m of code.matchAll(DOM_GLOBALS)) add('common-layer', lineAt(m.index), `common/ uses the DOM global ${m[1]}`);
      for (const m of code.matchAll(NODE_GLOBALS)) add('common-layer', lineAt(m.index), `common/ uses the Node global ${m[1]}`);
    }
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/**
 * Import cycles among the files under `root` (all import kinds): one cycle per strongly connected group,
 * each step as "file:line → ", ending where it started.
 */
export function findCycles(sources: ReadonlyMap<string, string>, root: string, otherFiles: Iterable<string> = []): string[] {
  const files = new Set([...sources.keys(), ...otherFiles]);
  const nodes = [...sources.keys()].filter((f) => f.startsWith(`${root}/`)).sort();
  const edges = new Map<string, { to: string; line: number }[]>();
  for (const file of nodes) {
    const out: { to: string; line: number }[] = [];
    for (const { specifier, line } of scanImports(sources.get(file)!)) {
      const target = resolveImport(file, specifier, files);
      if (target && sources.has(target) && target.startsWith(`${root}/`) && !out.some((e) => e.to === target)) out.push({ to: target, line });
    }
    edges.set(file, out);
  }
  // Tarjan's strongly connected components (iterative).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const out = edges.get(frame.node)!;
      if (frame.next < out.length) {
        const to = out[frame.next++]!.to;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = edges.get(frame.node)!.some((e) => e.to === frame.node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  // One shortest cycle through the first file of each group.
  const cycles = components.map((component) => {
    const inside = new Set(component);
    const first = component[0]!;
    const previous = new Map<string, { from: string; line: number }>();
    const queue = [first];
    let closing: { from: string; line: number } | null = null;
    while (queue.length > 0 && !closing) {
      const node = queue.shift()!;
      for (const { to, line } of edges.get(node)!) {
        if (!inside.has(to)) continue;
        if (to === first) {
          closing = { from: node, line };
          break;
        }
        if (!previous.has(to)) {
          previous.set(to, { from: node, line });
          queue.push(to);
        }
      }
    }
    const steps: string[] = [];
    let at = closing!;
    steps.unshift(`${at.from}:${at.line}`);
    while (at.from !== first) {
      at = previous.get(at.from)!;
      steps.unshift(`${at.from}:${at.line}`);
    }
    return `${component.length} files: ${steps.join(' → ')} → ${first}`;
  });
  return cycles.sort();
}

// ---------------------------------------------------------------------------------------------------

const ROOT = path.resolve(import.meta.dirname, '..');
const CHECKED = ['server', 'client', 'common', 'db', 'scripts'];

function readRepository(): { sources: Map<string, string>; others: string[] } {
  const sources = new Map<string, string>();
  const others: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(rel);
      } else if (/\.tsx?$/.test(entry.name)) {
        sources.set(rel, readFileSync(path.join(ROOT, rel), 'utf8'));
      } else {
        others.push(rel);
      }
    }
  };
  for (const dir of CHECKED) walk(dir);
  return { sources, others };
}

describe('DESIGN import rules hold in this repository', () => {
  const { sources, others } = readRepository();
  const violations = checkLayers(sources, others);
  const listed = (rule: RuleId) => violations.filter((v) => v.rule === rule).map((v) => `${v.file}:${v.line} ${v.message}`);

  it('reads the code it checks', () => {
    expect(sources.has('server/app.ts')).toBe(true);
    expect(sources.has('client/main.tsx')).toBe(true);
    expect([...sources.keys()].some((f) => f.startsWith('common/'))).toBe(true);
    expect([...sources.keys()].some((f) => f.startsWith('db/'))).toBe(true);
  });

  it('no client feature imports another client feature', () => {
    expect(listed('client-features')).toEqual([]);
  });

  it('no server feature imports another server feature (tests and fixtures included)', () => {
    expect(listed('server-features')).toEqual([]);
  });

  it('db/ imports neither server/ nor client/', () => {
    expect(listed('db-layer')).toEqual([]);
  });

  it('common/ imports no app code, Node or DOM', () => {
    expect(listed('common-layer')).toEqual([]);
  });

  it('client/ imports neither server/ nor db/, and server/ never imports client/', () => {
    expect([...listed('client-layer'), ...listed('server-layer')]).toEqual([]);
  });

  it('no import cycle among client files', () => {
    expect(findCycles(sources, 'client', others)).toEqual([]);
  });
});

describe('the import-rule checker', () => {
  const check = (files: Record<string, string>) =>
    checkLayers(new Map(Object.entries(files))).map((v) => `${v.rule} ${v.file}:${v.line} ${v.message}`);

  it('finds static, type-only, side-effect, re-exported, dynamic and required imports with their lines', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import './c.css';",
      'import {',
      '  d,',
      "} from './d';",
      "export { e } from './e';",
      "const f = () => import('./f');",
      "const g = require('./g');",
      "type H = typeof import('./h');",
    ].join('\n');
    expect(scanImports(source)).toEqual([
      { specifier: './a', line: 1 },
      { specifier: './b', line: 2 },
      { specifier: './c.css', line: 3 },
      { specifier: './d', line: 6 },
      { specifier: './e', line: 7 },
      { specifier: './f', line: 8 },
      { specifier: './g', line: 9 },
      { specifier: './h', line: 10 },
    ]);
  });

  it('ignores look-alikes in comments, strings, templates, regexes and JSX text', () => {
    const source = [
      "// import x from '../other/api';",
      "/* import('../other/api') */",
      "const s = \"import x from '../other/api'\";",
      "const t = `export * from '../other/api'`;",
      "const r = /from '(x)'/;",
      "const arr = Array.from('abc');",
      "const jsx = <p>Don't import from 'here'</p>;",
      "import { real } from './real';",
    ].join('\n');
    expect(scanImports(source)).toEqual([{ specifier: './real', line: 8 }]);
  });

  it('reports a feature importing another feature, tests and fixtures included', () => {
    expect(check({
      'client/features/staff/StaffScreen.tsx': "import { x } from '../../lib/api';\nimport { useGroups } from '../groups/api';\nimport { y } from './api';",
      'client/features/staff/api.ts': '',
      'client/features/groups/api.ts': '',
      'client/lib/api.ts': '',
      'server/features/users/users.test.ts': "import { buildDistrict } from '../../testing/factories';\nimport { buildAuth } from '../auth/auth.fixture';",
      'server/features/auth/auth.fixture.ts': '',
      'server/testing/factories.ts': "import { createUser } from '../features/auth/service';",
      'server/features/auth/service.ts': '',
    })).toEqual([
      'client-features client/features/staff/StaffScreen.tsx:2 feature "staff" imports feature "groups": ../groups/api',
      'server-features server/features/users/users.test.ts:2 feature "users" imports feature "auth": ../auth/auth.fixture',
    ]);
  });

  it('reports imports against the layers', () => {
    expect(check({
      'db/seeds/demo.ts': "import { hash } from '../../server/identity/passwords';",
      'common/schemas/x.ts': [
        "import { randomUUID } from 'node:crypto';",
        "import fs from 'fs';",
        "import { readFile } from 'fs/promises';",
        "import { createRoot } from 'react-dom/client';",
        "import type { Db } from '../../db/database';",
        "import * as z from 'zod/mini';",
        'export const here = window.location.href;',
        'export const env = process.env.NODE_ENV;',
        "export const words = 'the window. and process.env in a string';",
      ].join('\n'),
      'client/lib/x.ts': "import type { Staff } from '../../server/features/staff/queries';\nimport { db } from '../../db/connection';",
      'server/features/x/routes.ts': "import { ROUTES } from '../../../client/app/routeTable';",
    })).toEqual([
      'common-layer common/schemas/x.ts:1 common/ imports a Node built-in: node:crypto',
      'common-layer common/schemas/x.ts:2 common/ imports a Node built-in: fs',
      'common-layer common/schemas/x.ts:3 common/ imports a Node built-in: fs/promises',
      'common-layer common/schemas/x.ts:4 common/ imports DOM-only code: react-dom/client',
      'common-layer common/schemas/x.ts:5 common/ imports db/: ../../db/database',
      'common-layer common/schemas/x.ts:7 common/ uses the DOM global window',
      'common-layer common/schemas/x.ts:8 common/ uses the Node global process',
      'client-layer client/lib/x.ts:1 client/ imports server/: ../../server/features/staff/queries',
      'client-layer client/lib/x.ts:2 client/ imports db/: ../../db/connection',
      'db-layer db/seeds/demo.ts:1 db/ imports server/: ../../server/identity/passwords',
      'server-layer server/features/x/routes.ts:1 server/ imports client/: ../../../client/app/routeTable',
    ].sort((a, b) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!)));
  });

  it('reports an import cycle with the line of each step, type-only and dynamic imports included', () => {
    const files = new Map(Object.entries({
      'client/app/screens.ts': "import type { RouteDef } from './routeTable';\nconst s = { home: () => import('../features/home/HomeScreen') };",
      'client/app/routeTable.ts': "export const x = 1;",
      'client/features/home/HomeScreen.tsx': "import { x } from '../../app/routeTable';\n\nimport type { ScreenProps } from '../../app/screens';",
      'client/lib/a.ts': "import { b } from './b';",
      'client/lib/b.ts': "import { c } from './c';",
      'client/lib/c.ts': "import { d } from './d';",
      'client/lib/d.ts': '',
      'server/x.ts': "import { y } from './y';",
      'server/y.ts': "import { x } from './x';",
    }));
    expect(findCycles(files, 'client')).toEqual([
      '2 files: client/app/screens.ts:2 → client/features/home/HomeScreen.tsx:3 → client/app/screens.ts',
    ]);
    files.set('client/lib/d.ts', "import { a } from './a';");
    expect(findCycles(files, 'client')).toHaveLength(2);
    expect(findCycles(files, 'client')[1]).toBe('4 files: client/lib/a.ts:1 → client/lib/b.ts:1 → client/lib/c.ts:1 → client/lib/d.ts:1 → client/lib/a.ts');
  });
});
