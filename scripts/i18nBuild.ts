// The interface's messages as the browser gets them (issue 33, issue 35's JavaScript budget): compiled at build time.
// FormatJS's documented way to a smaller bundle (https://formatjs.github.io/docs/guides/performance, "Pre-compile
// messages to AST" and "Remove the parser"): every message the client bundle holds, the English in the code and the
// Spanish catalogues, is parsed here into intl-messageformat's AST, and `@formatjs/icu-messageformat-parser` resolves
// to its `no-parser` entry, so the ICU parser never reaches a browser. A message that is plain text (no `{`, `}`, `<`
// or `'`: the text is its own AST's one literal) stays a string, which common/i18n/messages.ts turns into that literal
// without parsing. Translators' `description`s are left out of the bundle.
//
// Runs inside `npm start`'s build, so it uses runtime dependencies only: the messages are found in the source text
// (every declaration is one `{ id: '…', defaultMessage: '…'(, description: '…') }` of string literals, as the
// catalogue check requires); scripts/i18nBuild.test.ts checks that this finds exactly what the check's Babel walk
// finds (scripts/i18nSource.ts).
import fs from 'node:fs';
import path from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { FORMAT_LOCALES, isPlainMessage } from '../common/i18n/messages';
import type { Locale } from '../common/locales';

/** A message as the bundle holds it: plain text, or the AST of an ICU message. */
export type CompiledMessage = string | MessageFormatElement[];

/** An ICU message compiled for `locale` (the parse intl-messageformat would do at run time, with the same locale). */
export function compileMessage(text: string, locale: Locale): CompiledMessage {
  if (isPlainMessage(text)) return text;
  return parse(text, { locale: new Intl.Locale(FORMAT_LOCALES[locale]) });
}

const LITERAL = String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"`;
/** One message declaration: `{ id: '…', defaultMessage: '…', description: '…' }` (description optional). */
const DECLARATION = new RegExp(String.raw`\{\s*id:\s*(${LITERAL}),\s*defaultMessage:\s*(${LITERAL})(?:,\s*description:\s*(?:${LITERAL}))?\s*,?\s*\}`, 'g');

/** A JavaScript string literal's value (single or double quotes, the escapes the source uses). */
function literalValue(literal: string): string {
  const quote = literal[0]!;
  const body = literal.slice(1, -1).replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_, e: string) => {
    if (e[0] === 'u') return String.fromCodePoint(parseInt(e.replace(/[u{}]/g, ''), 16));
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', 0: '\0' } as Record<string, string>)[e] ?? e;
  });
  if (quote !== '\'' && quote !== '"') throw new Error(`Not a string literal: ${literal}`);
  return body;
}

export interface FoundMessage {
  id: string;
  defaultMessage: string;
}

/** Whether a match at `index` is in a line comment or a block comment's `*` line (an example in a comment is no declaration). */
function inComment(source: string, index: number): boolean {
  const line = source.slice(source.lastIndexOf('\n', index - 1) + 1, index);
  return line.includes('//') || /^\s*(\/\*|\*)/.test(line);
}

/** The messages declared in a source file's text, in order. */
export function declaredMessages(source: string): FoundMessage[] {
  return [...source.matchAll(DECLARATION)].filter((m) => !inComment(source, m.index))
    .map((m) => ({ id: literalValue(m[1]!), defaultMessage: literalValue(m[2]!) }));
}

/**
 * The source with each message declaration compiled: `{ id: "…", defaultMessage: <AST or plain text> }`, without its
 * description. Line breaks inside a declaration are kept, so the source map's lines stay true. Throws when the file
 * declares a message this cannot read (a `defaultMessage` outside the one-declaration shape).
 */
export function compileDeclarations(source: string, file: string): string {
  let count = 0;
  const compiled = source.replace(DECLARATION, (whole: string, id: string, english: string, index: number) => {
    if (inComment(source, index)) return whole;
    count += 1;
    const lines = '\n'.repeat(whole.split('\n').length - 1);
    return `{ id: ${JSON.stringify(literalValue(id))}, defaultMessage: ${JSON.stringify(compileMessage(literalValue(english), 'en'))}${lines} }`;
  });
  const declared = [...source.matchAll(/\bdefaultMessage\s*:/g)].filter((m) => !inComment(source, m.index)).length;
  if (declared !== count) {
    throw new Error(`${file}: ${declared} defaultMessage declarations but ${count} read as { id: '…', defaultMessage: '…' } of string literals.`);
  }
  return compiled;
}

/** A catalogue (id → ICU message in `locale`) compiled. */
export function compileCatalog(messages: Record<string, string>, locale: Locale): Record<string, CompiledMessage> {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text, locale)]));
}

/** The client's source files that may declare messages (tests left out). */
export function messageSourceFiles(clientDir: string): string[] {
  return fs.readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !f.split(path.sep).includes('e2e'))
    .map((f) => path.join(clientDir, f)).sort();
}

/** esbuild's metafile `inputs`: each source file (relative to the working directory) and what it imports. */
export type ImportGraph = Record<string, { imports: { path: string; kind: string; original?: string }[] }>;

/**
 * Which catalogue part each message's translation ships in (issue 35's budget: a Spanish page downloads the Spanish of
 * the code it loads, not of the whole interface):
 * - `main`: the messages declared by the main entry's code and its static imports (what index.html loads), in the
 *   catalogue loaded before the first render (client/i18n/load.ts loadCatalog);
 * - `parts`: for each module the client's code imports dynamically (a screen, a dialog, a lazy part), the messages its
 *   own static imports declare beyond main's, loaded with it (client/i18n/load.ts withCatalog);
 * - `rewrites`: in each file, the dynamic imports (as written) the build wraps with withCatalog.
 * A dynamic import from the login page's own code (`exclude`, which must not load the i18n module) may not need a part.
 */
export interface CatalogSplit {
  main: Set<string>;
  parts: Map<string, Set<string>>;
  rewrites: Map<string, Map<string, string>>;
}

export function splitCatalog(inputs: ImportGraph, idsOf: (file: string) => string[], entries: { main: string; exclude: string }): CatalogSplit {
  const closure = (file: string, into = new Set<string>()): Set<string> => {
    if (into.has(file)) return into;
    into.add(file);
    for (const imp of inputs[file]?.imports ?? []) if (imp.kind === 'import-statement') closure(imp.path, into);
    return into;
  };
  const idsIn = (files: Set<string>) => new Set([...files].flatMap(idsOf));
  const main = idsIn(closure(entries.main));
  const excluded = closure(entries.exclude);
  const parts = new Map<string, Set<string>>();
  const rewrites = new Map<string, Map<string, string>>();
  for (const [file, input] of Object.entries(inputs)) {
    if (!file.startsWith('client/')) continue;
    for (const imp of input.imports) {
      if (imp.kind !== 'dynamic-import' || !imp.original || !imp.path.startsWith('client/')) continue;
      let part = parts.get(imp.path);
      if (!part) {
        part = new Set([...idsIn(closure(imp.path))].filter((id) => !main.has(id)));
        parts.set(imp.path, part);
      }
      if (part.size === 0) continue;
      if (excluded.has(file)) throw new Error(`${file} imports ${imp.original}, whose messages would need the i18n module in the login page.`);
      if (!rewrites.has(file)) rewrites.set(file, new Map());
      rewrites.get(file)!.set(imp.original, imp.path);
    }
  }
  return { main, parts, rewrites };
}

const DYNAMIC_IMPORT = /\bimport\(\s*(['"])([^'"\n]+)\1\s*\)/g;

/**
 * The source with each dynamic import of `targets` (as written → module) wrapped so its catalogue part loads with it:
 * `withCatalog(import('./X'), { es: () => import("<part module>") })` (client/i18n/load.ts).
 */
export function wrapDynamicImports(source: string, targets: Map<string, string>, partModule: (target: string, locale: Locale) => string, locales: Locale[], loadModule: string): string {
  let wrapped = 0;
  const out = source.replace(DYNAMIC_IMPORT, (whole: string, _quote: string, specifier: string, index: number) => {
    const target = targets.get(specifier);
    if (!target || inComment(source, index)) return whole;
    wrapped += 1;
    const loaders = locales.map((locale) => `${locale}: () => import(${JSON.stringify(partModule(target, locale))})`).join(', ');
    return `__withCatalog(${whole}, { ${loaders} })`;
  });
  return wrapped === 0 ? source : `import { withCatalog as __withCatalog } from ${JSON.stringify(loadModule)}; ${out}`;
}
