// One CSV writer for every download (security finding 7 of issue 25): the skill map had a writer of its
// own that quoted a cell only when it held a quote, comma or line break. Every download now goes through
// server/lib/csv.ts (streamCsv for the exports and failed rows, sendCsv for the reports and the skill map);
// this test fails on a route that writes CSV by itself, and checks the writer's cells.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvDocument, csvLine } from './csv';

const SERVER = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the one CSV writer', () => {
  it('no server file but server/lib/csv.ts sets a CSV content type or writes its own quoting', () => {
    const offenders = sources(SERVER)
      .filter((file) => path.relative(SERVER, file) !== path.join('lib', 'csv.ts'))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        // A CSV content type, or doubling quotes inside a cell (what a CSV writer does).
        return /['"`]text\/csv/.test(text) || /replace\(\/"\/g,\s*['"`]""['"`]\)/.test(text);
      })
      .map((file) => path.relative(SERVER, file));
    expect(offenders).toEqual([]);
  });

  it('quotes every cell, doubles quotes, defuses formulas, writes empty cells for null, CRLF and a BOM', () => {
    expect(csvLine(['Zed;=1+2', '=1+2', '-3', 12, null, 'say "hi"', 'a,b\nc'])).toBe('"Zed;=1+2","\'=1+2","\'-3","12","","say ""hi""","a,b\nc"\r\n');
    expect(csvDocument(['A'], [['x']])).toBe('\uFEFF"A"\r\n"x"\r\n');
  });
});
