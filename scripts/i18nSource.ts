// Reads the interface's messages out of the client's code (issue 33), for the catalogue checks (client/i18n/catalog.test.ts,
// server/i18n/catalog.test.ts) and
// `npm run i18n` (scripts/i18n.ts): every `defineMessages({ key: { id, defaultMessage } })` call, and every English
// literal a person would read that is not a message (JSX text, and the text attributes in TEXT_ATTRIBUTES).
// Node only: it reads files with Babel's parser (TypeScript 7 has no parser API for JavaScript).
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseSource } from '@babel/parser';
import { parse as parseIcu, TYPE } from '@formatjs/icu-messageformat-parser';

export const ROOT_DIR = path.resolve(import.meta.dirname, '..');
export const CLIENT_DIR = path.join(ROOT_DIR, 'client');

/** Attributes whose string value a person reads or hears. */
export const TEXT_ATTRIBUTES = new Set([
  'aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt',
  'label', 'hint', 'description', 'emptyText', 'emptyTitle', 'emptyMessage', 'heading', 'subtitle', 'confirmLabel',
  'submitLabel', 'cancelLabel', 'actionLabel', 'busyLabel',
]);

export interface SourceMessage {
  id: string;
  defaultMessage: string;
  file: string;
  line: number;
}

export interface EnglishLiteral {
  file: string;
  line: number;
  text: string;
}

/** The client's source files a person's text can live in (tests and e2e left out). */
export function clientSourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'e2e' && entry.name !== 'node_modules') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(full);
      }
    }
  };
  walk(CLIENT_DIR);
  return files.sort();
}

const relative = (file: string) => path.relative(ROOT_DIR, file).split(path.sep).join('/');

// A loose walk of Babel's AST: every node is an object with a `type`.
type AstNode = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };

function parse(file: string): AstNode {
  return parseSource(fs.readFileSync(file, 'utf8'), {
    sourceType: 'module', plugins: file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'],
  }) as unknown as AstNode;
}

function walk(node: unknown, visit: (node: AstNode, parent: AstNode | null) => void, parent: AstNode | null = null): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, parent);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as AstNode).type !== 'string') return;
  const current = node as AstNode;
  visit(current, parent);
  for (const [key, value] of Object.entries(current)) {
    if (key !== 'loc' && key !== 'extra' && value && typeof value === 'object') walk(value, visit, current);
  }
}

const lineOf = (node: AstNode) => node.loc?.start.line ?? 0;

function stringOf(node: unknown): string | null {
  const n = node as AstNode | null | undefined;
  if (!n) return null;
  if (n.type === 'StringLiteral') return n.value as string;
  if (n.type === 'TemplateLiteral' && (n.expressions as unknown[]).length === 0) {
    return ((n.quasis as AstNode[])[0]!.value as { cooked: string }).cooked;
  }
  return null;
}

const keyName = (prop: AstNode) => {
  const key = prop.key as AstNode;
  return key.type === 'Identifier' ? key.name as string : stringOf(key);
};

/**
 * Every message declared with defineMessages in these files (or `callee`: the server's defineServerMessages); a
 * declaration that is not literal is an error.
 */
export function sourceMessages(files: string[], callee = 'defineMessages'): { messages: SourceMessage[]; problems: string[] } {
  const messages: SourceMessage[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(`${callee}(`)) continue;
    walk(parse(file), (node) => {
      if (node.type !== 'CallExpression') return;
      const called = node.callee as AstNode;
      if (called.type !== 'Identifier' || called.name !== callee) return;
      const arg = (node.arguments as AstNode[])[0];
      if (!arg || arg.type !== 'ObjectExpression') {
        problems.push(`${relative(file)}:${lineOf(node)}: ${callee} takes an object literal.`);
        return;
      }
      for (const prop of arg.properties as AstNode[]) {
        const value = prop.value as AstNode | undefined;
        if (prop.type !== 'ObjectProperty' || value?.type !== 'ObjectExpression') {
          problems.push(`${relative(file)}:${lineOf(prop)}: each message is { id: '…', defaultMessage: '…' }.`);
          continue;
        }
        const field = (name: string) => (value.properties as AstNode[]).find((p) => p.type === 'ObjectProperty' && keyName(p) === name)?.value;
        const id = stringOf(field('id'));
        const defaultMessage = stringOf(field('defaultMessage'));
        if (id === null || defaultMessage === null) {
          problems.push(`${relative(file)}:${lineOf(prop)}: a message's id and defaultMessage are string literals.`);
          continue;
        }
        messages.push({ id, defaultMessage, file: relative(file), line: lineOf(prop) });
      }
    });
  }
  return { messages, problems };
}

/** Text with a word of two letters or more: what a person reads (punctuation, symbols and numbers alone are not). */
const WORDY = /\p{L}{2,}/u;

/**
 * The strings an expression shows as it is: a literal, either branch of `a ? 'x' : 'y'`, the right of `a && 'x'` or
 * `a ?? 'x'`, and the fixed parts of a template (`${n} educators`).
 */
function shownStrings(node: unknown): string[] {
  const n = node as AstNode | null | undefined;
  if (!n) return [];
  const literal = stringOf(n);
  if (literal !== null) return [literal];
  if (n.type === 'ConditionalExpression') return [...shownStrings(n.consequent), ...shownStrings(n.alternate)];
  if (n.type === 'LogicalExpression') return shownStrings(n.right);
  if (n.type === 'TemplateLiteral') return (n.quasis as AstNode[]).map((q) => (q.value as { cooked: string }).cooked);
  return [];
}

/** English left in JSX: text between tags, `{'text'}` children, and string values of TEXT_ATTRIBUTES. */
export function englishLiterals(file: string): EnglishLiteral[] {
  if (!file.endsWith('.tsx')) return [];
  const found: EnglishLiteral[] = [];
  const add = (node: AstNode, text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (WORDY.test(clean)) found.push({ file: relative(file), line: lineOf(node), text: clean });
  };
  walk(parse(file), (node, parent) => {
    if (node.type === 'JSXText') add(node, node.value as string);
    if (node.type === 'JSXAttribute') {
      const name = node.name as AstNode;
      const attr = name.type === 'JSXIdentifier' ? name.name as string : '';
      const value = node.value as AstNode | null;
      if (TEXT_ATTRIBUTES.has(attr) && value) {
        if (value.type === 'JSXExpressionContainer') for (const text of shownStrings(value.expression)) add(value, text);
        else if (stringOf(value) !== null) add(value, stringOf(value)!);
      }
    }
    if (node.type === 'JSXExpressionContainer' && (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment')) {
      for (const text of shownStrings(node.expression)) add(node, text);
    }
  });
  return found;
}

/** The argument and tag names of an ICU message: what a translation must keep (both catalogue checks). */
export function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: ReturnType<typeof parseIcu>) => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      names.add(`${el.type === TYPE.tag ? '<' : ''}${el.value}`);
      if (el.type === TYPE.tag) visit(el.children);
      if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) visit(option.value);
    }
  };
  visit(parseIcu(message));
  return [...names].sort();
}
