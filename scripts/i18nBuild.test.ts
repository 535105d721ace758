// The build's compiled messages (scripts/i18nBuild.ts, issue 33/35): the build finds in the source text exactly the
// messages the catalogue check's Babel walk finds, and a compiled message formats as its ICU text does.
import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messageFormat } from '../common/i18n/messages';
import { compileCatalog, compileDeclarations, compileMessage, declaredMessages, messageSourceFiles } from './i18nBuild';
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
