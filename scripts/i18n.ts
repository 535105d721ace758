// npm run i18n: what is left to translate (issue 33). Lists the components with English literals
// (scripts/i18nSource.ts) and the messages without Spanish. `--update-untranslated` rewrites client/i18n/untranslated.json
// to the files that still hold English (run it after translating a file; the catalogue check fails until it is).
import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_DIR, clientSourceFiles, englishLiterals, ROOT_DIR, sourceMessages } from './i18nSource';

const files = clientSourceFiles();
const literals = files.flatMap(englishLiterals);
const byFile = new Map<string, number>();
for (const l of literals) byFile.set(l.file, (byFile.get(l.file) ?? 0) + 1);
const { messages } = sourceMessages(files);
const esDir = path.join(CLIENT_DIR, 'i18n/es');
const spanish = new Set(fs.readdirSync(esDir).filter((f) => f.endsWith('.json'))
  .flatMap((f) => Object.keys(JSON.parse(fs.readFileSync(path.join(esDir, f), 'utf8')) as object)));
const missing = messages.filter((m) => !spanish.has(m.id));

if (process.argv.includes('--update-untranslated')) {
  fs.writeFileSync(path.join(CLIENT_DIR, 'i18n/untranslated.json'), `${JSON.stringify([...byFile.keys()].sort(), null, 2)}\n`);
}
const verbose = process.argv.includes('--verbose');
for (const [file, count] of [...byFile].sort((a, b) => b[1] - a[1])) {
  console.log(`${String(count).padStart(4)}  ${file}`);
  if (verbose) for (const l of literals.filter((x) => x.file === file)) console.log(`        ${l.line}: ${l.text.slice(0, 100)}`);
}
console.log(`\n${literals.length} English literals in ${byFile.size} of ${files.length} files; ${messages.length} messages, ${missing.length} without Spanish.`);
for (const m of missing) console.log(`  no Spanish: ${m.id} (${m.file}:${m.line})`);
void ROOT_DIR;
