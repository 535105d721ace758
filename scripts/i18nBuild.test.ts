// The build's compiled messages (scripts/i18nBuild.ts, issue 33/35): the build finds in the source text exactly the
// messages the catalogue check's Babel walk finds, and a compiled message formats as its ICU text does.
import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messageFormat } from '../common/i18n/messages';
import { compileCatalog, compileDeclarations, compileMessage, declaredMessages, messageSourceFiles, splitCatalog, wrapDynamicImports, type ImportGraph } from './i18nBuild';
import { CLIENT_DIR, clientSourceFiles, sourceMessages } from './i18nSource';

describe('the build reads every message declaration', () => {
  it('finds in each client file the messages the catalogue check finds, in order', () => {
    expect(messageSourceFiles(CLIENT_DIR)).toEqual(clientSourceFiles());
    const differing: string[] = [];
    for (const file of clientSourceFiles()) {
      const source = fs.readFileSync(file, 'utf8');
      const byBabel = sourceMessages([file]).messages.map((m) => `${m.id} ${m.defaultMessage}`);
      const byBuild = declaredMessages(source).map((m) => `${m.id} ${m.defaultMessage}`);
      if (byBabel.join('\n') !== byBuild.join('\n')) differing.push(path.relative(CLIENT_DIR, file));
      // Every file compiles (a declaration the build cannot read fails the build).
      compileDeclarations(source, file);
    }
    expect(differing).toEqual([]);
  });

  it('compiles a declaration in place, without its description, keeping the line count', () => {
    const source = [
      "const m = defineMessages({",
      "  a: { id: 'x.a', defaultMessage: 'Plain text' },",
      "  b: { id: 'x.b', defaultMessage: '{count, plural, one {# educator} other {# educators}}', description: 'a \\'count\\'' },",
      "  c: { id: 'x.c', defaultMessage: \"It's {name}\" },",
      "});",
    ].join('\n');
    const compiled = compileDeclarations(source, 'x.ts');
    expect(compiled.split('\n')).toHaveLength(5);
    expect(compiled).not.toContain('description');
    expect(compiled).toContain('{ id: "x.a", defaultMessage: "Plain text" }');
    expect(compiled).toContain(`{ id: "x.b", defaultMessage: ${JSON.stringify(compileMessage('{count, plural, one {# educator} other {# educators}}', 'en'))} }`);
    expect(() => compileDeclarations("const x = { defaultMessage: text };", 'y.ts')).toThrow(/y\.ts: 1 defaultMessage declarations but 0/);
  });
});

describe('a compiled message', () => {
  const cases: [string, Record<string, string | number | ((chunks: string[]) => string)>][] = [
    ['Educators', {}],
    ["Don't miss {name}'s cycle", { name: 'Ana' }],
    ['{count, plural, one {# educador} other {# educadores}}', { count: 1200 }],
    ['{amount, number, ::currency/USD} el {day, date, medium}', { amount: 950.5, day: Date.UTC(2026, 10, 29) }],
    ['<b>{n}</b> sesiones', { n: 3, b: (chunks) => `[${chunks.join('')}]` }],
    ["'{'literal'}' y ''", {}],
  ];
  it.each(cases)('formats as its text does: %s', (text, values) => {
    const compiled = compileCatalog({ 'x.y': text }, 'es')['x.y']!;
    const fromText = new IntlMessageFormat(text, 'es-US').format(values);
    expect(messageFormat('es', { 'x.y': compiled }, { id: 'x.y', defaultMessage: 'unused' }).format(values)).toEqual(fromText);
    // Plain text stays a string; anything else is an AST (the browser has no parser).
    expect(typeof compiled === 'string').toBe(!/[{}<']/.test(text));
  });
});

describe('the catalogue in parts', () => {
  // main → shell (static) ⇢ screen (dynamic) → item (static) ⇢ dialog (dynamic); the login page ⇢ its texts.
  const graph: ImportGraph = {
    'client/main.tsx': { imports: [{ path: 'client/shell.tsx', kind: 'import-statement' }] },
    'client/shell.tsx': { imports: [{ path: 'client/screen.tsx', kind: 'dynamic-import', original: './screen' }] },
    'client/screen.tsx': { imports: [{ path: 'client/item.tsx', kind: 'import-statement' }, { path: 'client/shell.tsx', kind: 'import-statement' }, { path: 'client/dialog.tsx', kind: 'dynamic-import', original: './dialog' }] },
    'client/item.tsx': { imports: [] },
    'client/dialog.tsx': { imports: [{ path: 'client/item.tsx', kind: 'import-statement' }] },
    'client/plain.tsx': { imports: [] },
    'client/loginPage.ts': { imports: [{ path: 'client/plain.tsx', kind: 'dynamic-import', original: './plain' }] },
  };
  const ids: Record<string, string[]> = {
    'client/shell.tsx': ['app.title'], 'client/screen.tsx': ['staff.title'], 'client/item.tsx': ['ui.more'], 'client/dialog.tsx': ['staff.dialog'],
  };
  const split = splitCatalog(graph, (file) => ids[file] ?? [], { main: 'client/main.tsx', exclude: 'client/loginPage.ts' });

  it('puts what every page loads in the main part and each dynamic import\'s own messages in its part', () => {
    expect([...split.main]).toEqual(['app.title']);
    expect([...split.parts.get('client/screen.tsx')!].sort()).toEqual(['staff.title', 'ui.more']);
    // A dialog's part holds all its code's messages beyond main's, even those its screen's part holds too.
    expect([...split.parts.get('client/dialog.tsx')!].sort()).toEqual(['staff.dialog', 'ui.more']);
    expect(split.parts.get('client/plain.tsx')!.size).toBe(0);
    // Only imports whose part has messages are wrapped; the login page's own import needs none.
    expect(split.rewrites).toEqual(new Map([
      ['client/shell.tsx', new Map([['./screen', 'client/screen.tsx']])],
      ['client/screen.tsx', new Map([['./dialog', 'client/dialog.tsx']])],
    ]));
  });

  it('refuses a login-page import that would need the i18n module', () => {
    const withMessages = (file: string) => (file === 'client/plain.tsx' ? ['ui.plain'] : ids[file] ?? []);
    expect(() => splitCatalog(graph, withMessages, { main: 'client/main.tsx', exclude: 'client/loginPage.ts' })).toThrow(/loginPage\.ts imports \.\/plain/);
  });

  it('wraps each such dynamic import where it is written, and nothing in comments', () => {
    const source = [
      "// lazyPart('X', () => import('./dialog'))",
      "const Dialog = lazyPart('Dialog', () => import('./dialog').then((m) => m.Dialog));",
      "const other = () => import('./other');",
    ].join('\n');
    const out = wrapDynamicImports(source, new Map([['./dialog', 'client/dialog.tsx']]), (t, l) => `part:${l}:${t}`, ['es'], '/x/load.ts');
    expect(out.split('\n')).toEqual([
      "import { withCatalog as __withCatalog } from \"/x/load.ts\"; // lazyPart('X', () => import('./dialog'))",
      "const Dialog = lazyPart('Dialog', () => __withCatalog(import('./dialog'), { es: () => import(\"part:es:client/dialog.tsx\") }).then((m) => m.Dialog));",
      "const other = () => import('./other');",
    ]);
    expect(wrapDynamicImports(source, new Map(), () => '', ['es'], '/x/load.ts')).toBe(source);
  });
});
