// The server's catalogue check (issue 33): every message an email or PDF declares with defineServerMessages has its
// Spanish in server/i18n/es/<area>.json (the id's first part), with the same placeholders, and nothing there is unused.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { argumentsOf, ROOT_DIR, sourceMessages } from '../../scripts/i18nSource';

const SERVER_DIR = path.join(ROOT_DIR, 'server');
const ES_DIR = path.join(SERVER_DIR, 'i18n/es');

function serverSourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  walk(SERVER_DIR);
  return files.sort();
}

const { messages, problems } = sourceMessages(serverSourceFiles(), 'defineServerMessages');


describe('the server messages (emails and PDFs)', () => {
  const catalogues = new Map(fs.readdirSync(ES_DIR).filter((f) => f.endsWith('.json')).sort()
    .map((f) => [f.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(ES_DIR, f), 'utf8')) as Record<string, string>]));

  it('are declared as literals with ids <area>.<name>, each id once, parsing as ICU', () => {
    expect(problems).toEqual([]);
    expect(messages.length).toBeGreaterThan(20);
    const byId = new Map<string, string>();
    const wrong: string[] = [];
    for (const m of messages) {
      if (!/^[a-z][A-Za-z0-9]*\.[A-Za-z0-9_.]+$/.test(m.id)) wrong.push(`${m.file}:${m.line}: id ${m.id} is not <area>.<name>`);
      if (byId.has(m.id)) wrong.push(`${m.file}:${m.line}: id ${m.id} declared twice`);
      byId.set(m.id, m.defaultMessage);
      try { parse(m.defaultMessage); } catch { wrong.push(`${m.file}:${m.line}: ${m.id} does not parse`); }
    }
    expect(wrong).toEqual([]);
  });

  it('each have Spanish in server/i18n/es/<area>.json with the same placeholders, and nothing there is unused', () => {
    const missing: string[] = [];
    const mismatched: string[] = [];
    for (const m of messages) {
      const area = m.id.split('.')[0]!;
      const spanish = catalogues.get(area)?.[m.id];
      if (spanish === undefined) { missing.push(`${m.id} (${m.file}:${m.line}) → server/i18n/es/${area}.json`); continue; }
      let args: string[] | null = null;
      try { args = argumentsOf(spanish); } catch { mismatched.push(`${m.id}: the Spanish does not parse`); }
      if (args && args.join() !== argumentsOf(m.defaultMessage).join()) mismatched.push(`${m.id}: placeholders ${args.join()} ≠ ${argumentsOf(m.defaultMessage).join()}`);
    }
    const ids = new Set(messages.map((m) => m.id));
    const unused = [...catalogues].flatMap(([name, catalogue]) => Object.keys(catalogue)
      .filter((id) => !ids.has(id) || id.split('.')[0] !== name).map((id) => `${name}.json: ${id}`));
    expect(missing).toEqual([]);
    expect(mismatched).toEqual([]);
    expect(unused).toEqual([]);
  });

  it('are each loaded (server/i18n/es/index.ts imports every file)', () => {
    const index = fs.readFileSync(path.join(ES_DIR, 'index.ts'), 'utf8');
    expect([...catalogues.keys()].filter((name) => !index.includes(`from './${name}.json'`))).toEqual([]);
  });
});
