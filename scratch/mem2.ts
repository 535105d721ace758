import fs from 'node:fs';
import { parse } from 'csv-parse';
const mb = (n: number) => Math.round(n / 2 ** 20);
const show = (label: string) => { const m = process.memoryUsage(); console.log(label, 'rss', mb(m.rss), 'heap', mb(m.heapUsed), 'total', mb(m.heapTotal), 'ext', mb(m.external + m.arrayBuffers), 'max', Math.round(process.resourceUsage().maxRSS / 1024)); };
show('start');
const bytes = fs.readFileSync('/tmp/bench50k.csv');
const text = new TextDecoder().decode(bytes);
show('read');
function* rowsOf(text: string) {
  const parser = parse({ delimiter: ',', relax_column_count: true, skip_empty_lines: false });
  const out: string[][] = [];
  parser.on('data', (r: string[]) => out.push(r));
  let err: unknown;
  parser.on('error', (e) => (err = e));
  const CH = 64 * 1024;
  for (let i = 0; i < text.length; i += CH) {
    parser.write(text.slice(i, i + CH));
    if (err) throw err;
    while (out.length) yield out.shift()!;
  }
  parser.end();
  if (err) throw err;
  while (out.length) yield out.shift()!;
}
let n = 0; let chunk: string[] = [];
for (const r of rowsOf(text)) { chunk.push(JSON.stringify(r)); n++; if (chunk.length === 500) chunk = []; }
show('streamed');
console.log(n);
