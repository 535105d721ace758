// Reads, from the server's source text, every audit action (and subject type) it writes: the `action` of
// each recordAudit call and the action argument of each local wrapper (a function with a parameter named
// `action` that passes it on). The project's TypeScript has no AST API, so this reads brackets, quotes and
// conditionals itself, and reports an expression it cannot read (`value: null`) rather than skip it.
import fs from 'node:fs';
import path from 'node:path';

export function serverSourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'testing' ? [] : serverSourceFiles(p);
    return e.name.endsWith('.ts') && !/\.test\.ts$|\.fixture\.ts$/.test(e.name) ? [p] : [];
  });
}

/** The text from `start` (just after an opening paren) to its matching close, split at top-level commas. */
function splitArgs(text: string, start: number, angle: boolean): string[] {
  const parts: string[] = [];
  const opens = angle ? '([{<' : '([{';
  const closes = angle ? ')]}>' : ')]}';
  let depth = 0;
  let cur = '';
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      cur += ch;
      if (ch === '\\') cur += text[++i] ?? '';
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '\'' || ch === '"' || ch === '`') {
      quote = ch;
      cur += ch;
      continue;
    }
    if (opens.includes(ch)) depth++;
    else if (closes.includes(ch) && !(ch === '>' && text[i - 1] === '=')) {
      if (depth === 0 && ch === ')') {
        parts.push(cur.trim());
        return parts;
      }
      depth--;
    } else if (ch === ',' && depth === 0) {
      parts.push(cur.trim());
      cur = '';
      continue;
    }
    cur += ch;
  }
  throw new Error('unbalanced brackets');
}

/** Splits `a ? b : c` at its top-level `?` and `:` into [b, c], else null. */
function conditional(expr: string): [string, string] | null {
  let depth = 0;
  let quote: string | null = null;
  let question = -1;
  let nested = 0;
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '\'' || ch === '"' || ch === '`') quote = ch;
    else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (depth === 0 && ch === '?' && expr[i + 1] !== '.' && expr[i + 1] !== '?' && expr[i - 1] !== '?') {
      if (question < 0) question = i;
      else nested++;
    } else if (depth === 0 && ch === ':' && question >= 0) {
      if (nested > 0) nested--;
      else return [expr.slice(question + 1, i).trim(), expr.slice(i + 1).trim()];
    }
  }
  return null;
}

export interface AuditSourceValue {
  file: string;
  /** A value written, or null when the expression could not be read. */
  value: string | null;
  expression: string;
}

/**
 * The values `key` ('action' or 'subjectType') takes in the files' audit rows. `templates` reads a template
 * literal, or another expression this reader cannot follow (its source text → the values it takes); an
 * unknown one is unreadable.
 */
export function auditValuesIn(files: string[], key: 'action' | 'subjectType', templates: Record<string, string[]> = {}): AuditSourceValue[] {
  const found: AuditSourceValue[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes('recordAudit(') || text.includes('export async function recordAudit(')) continue;
    const constants = new Map([...text.matchAll(/const\s+([A-Z_]+)\s*=\s*'([^']*)'/g)].map((m) => [m[1]!, m[2]!]));
    const read = (expr: string): (string | null)[] => {
      const e = expr.trim().replace(/^\((.*)\)$/s, '$1').trim();
      const literal = /^'([^'\\]*)'$/.exec(e) ?? /^"([^"\\]*)"$/.exec(e);
      if (literal) return [literal[1]!];
      if (/^`[^`]*`$/.test(e)) return templates[e] ?? [null];
      if (constants.has(e)) return [constants.get(e)!];
      const branches = conditional(e);
      if (branches) return [...read(branches[0]), ...read(branches[1])];
      return templates[e] ?? [null];
    };
    const add = (expr: string) => {
      for (const value of read(expr)) found.push({ file, value, expression: expr });
    };
    // Local wrappers: a function or arrow function with a parameter named `key`.
    const wrappers = new Map<string, number>();
    for (const m of text.matchAll(/(?:function\s+(\w+)\s*(?:<[^>]*>)?\(|(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?\()/g)) {
      let params: string[];
      try {
        params = splitArgs(text, m.index + m[0].length, true);
      } catch {
        continue;
      }
      const at = params.findIndex((p) => p === key || new RegExp(`^${key}\\s*[?:]`).test(p));
      if (at >= 0) wrappers.set((m[1] ?? m[2])!, at);
    }
    for (const m of text.matchAll(/\brecordAudit\(/g)) {
      const entry = splitArgs(text, m.index + m[0].length, false)[2] ?? '';
      const props = entry.startsWith('{') ? splitArgs(`${entry.slice(1, -1)})`, 0, false) : [];
      const prop = props.find((p) => new RegExp(`^${key}\\b`).test(p));
      if (!prop) {
        if (key === 'action') found.push({ file, value: null, expression: entry });
        continue;
      }
      // `{ action }`: the wrapper's parameter, read at the wrapper's calls below.
      if (prop === key) {
        if (wrappers.size === 0) found.push({ file, value: null, expression: entry });
        continue;
      }
      add(prop.replace(new RegExp(`^${key}\\s*:\\s*`), ''));
    }
    for (const [name, at] of wrappers) {
      for (const m of text.matchAll(new RegExp(`(?<![\\w.])${name}\\(`, 'g'))) {
        if (/(?:function|const|let)\s+$/.test(text.slice(Math.max(0, m.index - 20), m.index))) continue;
        add(splitArgs(text, m.index + m[0].length, false)[at] ?? '');
      }
    }
  }
  return found;
}
