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

/**
 * A server message found in the code: its English with each `${…}` of a template written `{0}`, `{1}`, …, and
 * `samples`, the texts it can answer as far as the code shows them (a `plural(n, 'row', 'rows')` gives "1 row" and
 * "2 rows", either branch of a condition, a local constant's value; any other value is "Xq").
 */
export interface ServerText {
  text: string;
  samples: string[];
  file: string;
  line: number;
}

/** What stands for a value the code does not show (a name, a number). */
export const SAMPLE_VALUE = 'Xq';
const MAX_SAMPLES = 16;

type Declarations = Map<string, { start: number; init: AstNode }[]>;

/** Every variable declared in a file with its initial value, in the order written. */
function declarationsOf(ast: AstNode): Declarations {
  const found: Declarations = new Map();
  walk(ast, (node) => {
    if (node.type === 'VariableDeclarator' && (node.id as AstNode).type === 'Identifier' && node.init) {
      const name = (node.id as AstNode).name as string;
      found.set(name, [...(found.get(name) ?? []), { start: node.start as number, init: node.init as AstNode }]);
    }
  });
  return found;
}

/** The value of the last declaration of `name` written before `node` (a loose lookup: scopes are not followed). */
function declared(declarations: Declarations, name: string, node: AstNode): AstNode | undefined {
  return (declarations.get(name) ?? []).filter((d) => d.start < (node.start as number)).at(-1)?.init;
}

function samplesOf(node: AstNode | null | undefined, declarations: Declarations, depth = 0): string[] {
  if (!node || depth > 6) return [SAMPLE_VALUE];
  const literal = stringOf(node);
  if (literal !== null) return [literal];
  switch (node.type) {
    case 'TemplateLiteral': {
      const quasis = (node.quasis as AstNode[]).map((q) => (q.value as { cooked: string }).cooked);
      let texts = [quasis[0]!];
      (node.expressions as AstNode[]).forEach((expression, i) => {
        const values = samplesOf(expression, declarations, depth + 1);
        texts = texts.flatMap((t) => values.map((v) => `${t}${v}${quasis[i + 1]}`)).slice(0, MAX_SAMPLES);
      });
      return texts;
    }
    case 'ConditionalExpression':
      return [...samplesOf(node.consequent as AstNode, declarations, depth + 1), ...samplesOf(node.alternate as AstNode, declarations, depth + 1)].slice(0, MAX_SAMPLES);
    case 'CallExpression': {
      const called = node.callee as AstNode;
      const args = (node.arguments as AstNode[]).map(stringOf);
      if (called.type === 'Identifier' && (called.name === 'plural' || called.name === 'pluralWord') && args[1] != null && args[2] != null) {
        return called.name === 'plural' ? [`1 ${args[1]}`, `2 ${args[2]}`] : [args[1], args[2]];
      }
      return [SAMPLE_VALUE];
    }
    case 'Identifier': {
      const init = declared(declarations, node.name as string, node);
      return init && ['TemplateLiteral', 'ConditionalExpression', 'CallExpression'].includes(init.type)
        ? samplesOf(init, declarations, depth + 1) : [SAMPLE_VALUE];
    }
    default:
      return [SAMPLE_VALUE];
  }
}

/** The error helpers of server/http/errors.ts, and the argument each takes its message in. */
const ERROR_CALLS: Record<string, number[]> = {
  HttpError: [1], badRequest: [0], forbidden: [0], notFound: [0], conflict: [0], validationError: [0, 1],
  // The imports' row errors: `err(field, message)` (server/features/imports/*Plan.ts).
  err: [1],
};
/** Text of a message: words, or a template's fixed parts with words. */
const MESSAGE_LIKE = /\p{L}{2,}/u;
/** A sentence a person reads, among a schema file's literals: a capital (or placeholder) first, final punctuation. */
const SENTENCE = /^(?:[A-Z¿«"'(]|\{\d+\})[\s\S]*\s[\s\S]*[.?!)]$/;

/** A literal's text, or a template's with `{0}`, `{1}` for its expressions. */
function templateText(node: AstNode): string | null {
  const literal = stringOf(node);
  if (literal !== null) return literal;
  if (node.type !== 'TemplateLiteral') return null;
  return (node.quasis as AstNode[]).map((q, i) => `${i > 0 ? `{${i - 1}}` : ''}${(q.value as { cooked: string }).cooked}`).join('');
}

/**
 * The messages server code answers in its errors (issue 33's check, server/i18n/serverTexts.test.ts): every literal or
 * template reachable in the message arguments of HttpError, badRequest, forbidden, notFound, conflict and
 * validationError (either branch of a condition, the arrays of a field-error object), the module constants such an
 * argument names (`BAD_CREDENTIALS`, `M.nameTaken` of a `const M = {…}` in the same file), and the field-error lists a
 * function fills (`errors.name = ['…']`, `errors[key] = [...]`), and every `message:` of an object literal (a result a
 * route answers, as a connection test's). Messages that only arrive through a variable from
 * another module are collected where they are declared (common/schemas: `schemaTexts`).
 */
export function serverErrorTexts(files: string[]): ServerText[] {
  const found: ServerText[] = [];
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    if (!/HttpError\(|badRequest\(|forbidden\(|notFound\(|conflict\(|validationError\(|errors\.|err\(|message:/.test(source)) continue;
    const ast = parse(file);
    // Module constants: `const NAME = '…'` and `const NAME = { key: '…' }`.
    const constants = new Map<string, AstNode>();
    for (const statement of (ast.program as AstNode).body as AstNode[]) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration as AstNode | null : statement;
      if (declaration?.type !== 'VariableDeclaration') continue;
      for (const d of declaration.declarations as AstNode[]) {
        const id = d.id as AstNode;
        if (id.type === 'Identifier' && d.init) constants.set(id.name as string, d.init as AstNode);
      }
    }
    const declarations = declarationsOf(ast);
    const seen = new Set<AstNode>();
    const collect = (node: unknown, depth = 0): void => {
      const n = node as AstNode | null | undefined;
      if (!n || seen.has(n) || depth > 6) return;
      seen.add(n);
      const text = templateText(n);
      if (text !== null) {
        if (MESSAGE_LIKE.test(text.replace(/\{\d+\}/g, ''))) found.push({ text, samples: samplesOf(n, declarations), file: relative(file), line: lineOf(n) });
        return;
      }
      switch (n.type) {
        case 'ConditionalExpression': collect(n.consequent, depth + 1); collect(n.alternate, depth + 1); return;
        case 'LogicalExpression': collect(n.left, depth + 1); collect(n.right, depth + 1); return;
        case 'ArrayExpression': for (const e of n.elements as AstNode[]) collect(e, depth + 1); return;
        case 'ObjectExpression': for (const p of n.properties as AstNode[]) if (p.type === 'ObjectProperty') collect(p.value, depth + 1); return;
        case 'TSAsExpression': case 'TSSatisfiesExpression': case 'ParenthesizedExpression': collect(n.expression, depth + 1); return;
        case 'Identifier': { const c = constants.get(n.name as string); if (c) collect(c, depth + 1); return; }
        case 'MemberExpression': {
          const object = n.object as AstNode;
          const property = n.property as AstNode;
          const c = object.type === 'Identifier' ? constants.get(object.name as string) : undefined;
          if (c?.type === 'ObjectExpression' && property.type === 'Identifier' && !n.computed) {
            const p = (c.properties as AstNode[]).find((x) => x.type === 'ObjectProperty' && keyName(x) === property.name);
            if (p) collect(p.value, depth + 1);
          } else if (c?.type === 'ObjectExpression' && n.computed) {
            // MESSAGES[key]: any of them.
            collect(c, depth + 1);
          }
          return;
        }
        default:
      }
    };
    walk(ast, (node) => {
      if (node.type === 'CallExpression' || node.type === 'NewExpression') {
        const called = node.callee as AstNode;
        const name = called.type === 'Identifier' ? called.name as string : null;
        const positions = name ? ERROR_CALLS[name] : undefined;
        if (positions) for (const i of positions) collect((node.arguments as AstNode[])[i]);
      }
      // { ok: false, message: '…' }: a result a route answers or keeps (a connection test, a custom field's value).
      if (node.type === 'ObjectProperty' && keyName(node) === 'message') collect(node.value);
      // errors.name = ['…'] / errors[key] = [...]
      if (node.type === 'AssignmentExpression') {
        const left = node.left as AstNode;
        if (left.type === 'MemberExpression' && (left.object as AstNode).type === 'Identifier'
          && /errors$/i.test((left.object as AstNode).name as string)) collect(node.right);
      }
    });
  }
  return found;
}

/** Every sentence-like literal or template in these files (the shared schemas and their message constants). */
export function schemaTexts(files: string[]): ServerText[] {
  const found: ServerText[] = [];
  for (const file of files) {
    const ast = parse(file);
    const declarations = declarationsOf(ast);
    walk(ast, (node, parent) => {
      if (parent?.type === 'TemplateLiteral' || parent?.type === 'ImportDeclaration' || parent?.type === 'ExportNamedDeclaration'
        || parent?.type === 'ExportAllDeclaration' || parent?.type === 'TSLiteralType') return;
      // A message declared by id (defineServerMessages: checked by server/i18n/catalog.test.ts) is not a text of its own.
      if (parent?.type === 'ObjectProperty' && parent.value === node && ['defaultMessage', 'description'].includes(keyName(parent) ?? '')) return;
      const text = templateText(node);
      if (text !== null && SENTENCE.test(text) && MESSAGE_LIKE.test(text.replace(/\{\d+\}/g, ''))) {
        found.push({ text, samples: samplesOf(node, declarations), file: relative(file), line: lineOf(node) });
      }
    });
  }
  return found;
}

/** The `.ts` files of a folder of the repository, tests left out. */
export function sourceFilesUnder(dir: string): string[] {
  const files: string[] = [];
  const visit = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  visit(path.join(ROOT_DIR, dir));
  return files.sort();
}

/**
 * The field names the shared schemas build messages with: the literal first argument of every call to a function whose
 * first parameter is `label` (fields.ts `text('First name')`, `required('Email')`, a schema file's own such helper).
 * Their Spanish is what a `{label}` placeholder is filled with (common/i18n/text.ts).
 */
export function labelArguments(files: string[]): ServerText[] {
  const asts = files.map((file) => ({ file, ast: parse(file) }));
  const helpers = new Set<string>();
  for (const { ast } of asts) {
    walk(ast, (node) => {
      let name: string | null = null;
      let params: AstNode[] | null = null;
      if (node.type === 'FunctionDeclaration' && node.id) { name = (node.id as AstNode).name as string; params = node.params as AstNode[]; }
      if (node.type === 'VariableDeclarator' && (node.id as AstNode).type === 'Identifier'
        && ['ArrowFunctionExpression', 'FunctionExpression'].includes((node.init as AstNode | null)?.type ?? '')) {
        name = (node.id as AstNode).name as string;
        params = (node.init as AstNode).params as AstNode[];
      }
      const first = params?.[0];
      const paramName = first?.type === 'Identifier' ? first.name : first?.type === 'AssignmentPattern' ? (first.left as AstNode).name : null;
      if (name && paramName === 'label') helpers.add(name);
    });
  }
  const found: ServerText[] = [];
  for (const { file, ast } of asts) {
    walk(ast, (node) => {
      if (node.type !== 'CallExpression') return;
      const called = node.callee as AstNode;
      if (called.type !== 'Identifier' || !helpers.has(called.name as string)) return;
      const label = stringOf((node.arguments as AstNode[])[0]);
      if (label !== null) found.push({ text: label, samples: [label], file: relative(file), line: lineOf(node) });
    });
  }
  return found;
}
