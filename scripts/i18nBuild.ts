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
