// The catalogue check (issue 33): every message of the code has its Spanish, nothing in the Spanish catalogue is
// unused, each translation takes the same placeholders and tags, the server's texts (common/i18n/es) the same `{name}`s, and no English
// literal is left in a component outside the files still listed in untranslated.json (a list that only shrinks: a
// file listed with nothing left to translate fails too, so the list stays true).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { argumentsOf, CLIENT_DIR, clientSourceFiles, englishLiterals, ROOT_DIR, sourceMessages } from '../../scripts/i18nSource';

const ES_DIR = path.join(CLIENT_DIR, 'i18n/es');
const files = clientSourceFiles();
const { messages, problems } = sourceMessages(files);

function esCatalogues(): Map<string, Record<string, string>> {
  const byFile = new Map<string, Record<string, string>>();
  for (const name of fs.readdirSync(ES_DIR).filter((f) => f.endsWith('.json')).sort()) {
    byFile.set(name.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(ES_DIR, name), 'utf8')) as Record<string, string>);
  }
  return byFile;
}


describe('the interface messages', () => {
  it('are declared as literals with ids <catalogue>.<name>, each id once', () => {
    expect(problems).toEqual([]);
    const byId = new Map<string, string>();
    const clashes: string[] = [];
    for (const m of messages) {
      if (!/^[a-z][A-Za-z0-9]*\.[A-Za-z0-9_.]+$/.test(m.id)) clashes.push(`${m.file}:${m.line}: id ${m.id} is not <catalogue>.<name>`);
      const seen = byId.get(m.id);
      if (seen !== undefined && seen !== m.defaultMessage) clashes.push(`${m.file}:${m.line}: id ${m.id} has two English texts`);
      byId.set(m.id, m.defaultMessage);
    }
    expect(clashes).toEqual([]);
  });

  it('parse as ICU messages in English', () => {
    const broken = messages.filter((m) => { try { parse(m.defaultMessage); return false; } catch { return true; } });
    expect(broken.map((m) => `${m.file}:${m.line} ${m.id}`)).toEqual([]);
  });

  it('each have a Spanish translation in the catalogue named by the id, with the same placeholders, and no more', () => {
    const catalogues = esCatalogues();
    const missing: string[] = [];
    const mismatched: string[] = [];
    const ids = new Set(messages.map((m) => m.id));
    for (const m of messages) {
      const catalogue = m.id.split('.')[0]!;
      const spanish = catalogues.get(catalogue)?.[m.id];
      if (spanish === undefined) {
        missing.push(`${m.id} (${m.file}:${m.line}) → client/i18n/es/${catalogue}.json`);
        continue;
      }
      let args: string[] | null = null;
      try { args = argumentsOf(spanish); } catch { mismatched.push(`${m.id}: the Spanish does not parse`); }
      if (args && args.join() !== argumentsOf(m.defaultMessage).join()) mismatched.push(`${m.id}: placeholders ${args.join()} ≠ ${argumentsOf(m.defaultMessage).join()}`);
    }
    const unused = [...catalogues].flatMap(([name, catalogue]) => Object.keys(catalogue)
      .filter((id) => !ids.has(id) || id.split('.')[0] !== name).map((id) => `${name}.json: ${id}`));
    expect(missing).toEqual([]);
    expect(mismatched).toEqual([]);
    expect(unused).toEqual([]);
  });

  it('load every Spanish catalogue file (client/i18n/es/index.ts imports each)', () => {
    const index = fs.readFileSync(path.join(ES_DIR, 'index.ts'), 'utf8');
    const notImported = [...esCatalogues().keys()].filter((name) => !index.includes(`from './${name}.json'`));
    expect(notImported).toEqual([]);
  });
});

describe('the server and shared texts in Spanish (common/i18n/es)', () => {
  const dir = path.join(ROOT_DIR, 'common/i18n/es');
  const names = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  it('keep each English text\'s {placeholders}, each English text in one file', () => {
    const seen = new Map<string, string>();
    const wrong: string[] = [];
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();
    for (const name of names) {
      const texts = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Record<string, string>;
      for (const [english, spanish] of Object.entries(texts)) {
        if (placeholders(english) !== placeholders(spanish) || !spanish.trim()) wrong.push(`${name}: ${english}`);
        if (seen.has(english)) wrong.push(`${name}: also in ${seen.get(english)}: ${english}`);
        seen.set(english, name);
      }
    }
    expect(wrong).toEqual([]);
  });
  it('are each loaded (common/i18n/es/index.ts imports every file)', () => {
    const index = fs.readFileSync(path.join(dir, 'index.ts'), 'utf8');
    expect(names.filter((name) => !index.includes(`from './${name}'`))).toEqual([]);
  });
});

describe('English left in components', () => {
  const listed = JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, 'i18n/untranslated.json'), 'utf8')) as string[];

  it('is none outside the files still listed in client/i18n/untranslated.json', () => {
    const pending = new Set(listed);
    const left = files.filter((f) => !pending.has(path.relative(ROOT_DIR, f).split(path.sep).join('/')))
      .flatMap(englishLiterals).map((l) => `${l.file}:${l.line}: ${l.text}`);
    expect(left).toEqual([]);
  });

  it('is still there in every listed file (a translated file leaves the list)', () => {
    const done = listed.filter((file) => !fs.existsSync(path.join(ROOT_DIR, file)) || englishLiterals(path.join(ROOT_DIR, file)).length === 0);
    expect(done).toEqual([]);
  });
});
