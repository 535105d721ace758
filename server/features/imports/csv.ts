// Reading and writing CSV the way spreadsheets do. Reading: UTF-8 with or without a BOM, UTF-16 with a
// BOM, Windows-1252 (what Excel's "CSV" saves on Windows) when the bytes are not UTF-8; comma, semicolon
// or tab, detected from the header row; quoted cells with newlines (csv-parse). Writing: UTF-8 with a
// BOM, CRLF, every cell quoted, and formula injection neutralised (server/lib/csv.ts).
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '../../../common/schemas/imports';
import { HttpError, validationError } from '../../http/errors';

export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

/** Bytes to text: a BOM decides; else UTF-8 when the bytes are valid UTF-8, else Windows-1252. */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/**
 * The file as UTF-8 bytes for the parser, and its start as text (for the delimiter), as decodeText reads
 * it. A UTF-8 file (the common case) is used as it is, checked by isUtf8: decoding 10 MB to a string and
 * encoding it again held the event loop for tens of milliseconds.
 */
function asUtf8(bytes: Uint8Array): { utf8: Buffer; head: string; encoding: DecodedText['encoding'] } {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  if ((hasBom || !(bytes[0] === 0xff && bytes[1] === 0xfe) && !(bytes[0] === 0xfe && bytes[1] === 0xff)) && isUtf8(body)) {
    const utf8 = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    return { utf8, head: new TextDecoder('utf-8').decode(utf8.subarray(0, 64 * 1024)), encoding: 'utf-8' };
  }
  const { text, encoding } = decodeText(bytes);
  return { utf8: Buffer.from(text), head: text.slice(0, 64 * 1024), encoding };
}

/** The delimiter of the header row (outside quotes): the most frequent of comma, semicolon and tab. */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

export interface CsvRow {
  /** The row number as a spreadsheet shows it (the header is row 1). */
  rowNumber: number;
  cells: string[];
}

export interface CsvTable {
  headers: string[];
  /** Data rows (blank rows left out), read from the text as they are iterated: iterate once. */
  rows: AsyncIterable<CsvRow>;
  delimiter: string;
  encoding: DecodedText['encoding'];
}

export interface ParsedCsv extends Omit<CsvTable, 'rows'> {
  rows: CsvRow[];
}

/** What csv-parse's error codes mean, in words. */
function csvErrorMessage(err: unknown, fileName: string): string {
  const e = err as { code?: string; lines?: number; message?: string };
  const where = e.lines ? ` (near line ${e.lines})` : '';
  const name = fileName ? `${fileName} ` : 'The file ';
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `${name}has a quoted value that is never closed${where}. Check for a stray double quote (").`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `${name}has a double quote (") in the middle of a value${where}. Put the whole value in quotes and double the quote inside it ("").`;
    default:
      return `${name}could not be read as CSV${where}.`;
  }
}

/** A turn of the event loop: other requests' I/O and timers run (promises and stream ticks alone never let them). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The text's records, parsed 64 KiB at a time (csv-parse's stream): a 50 000-row file's records never all
 * at once. The event loop turns before each 64 KiB (issue 25): without it, reading a file and writing its
 * rows was one chain of promises that held every other request for seconds.
 */
async function* csvRecords(bytes: Buffer, delimiter: string, fileName: string): AsyncGenerator<string[]> {
  async function* chunks() {
    for (let at = 0; at < bytes.length; at += 64 * 1024) {
      await nextTurn();
      yield bytes.subarray(at, at + 64 * 1024);
    }
  }
  const parser = Readable.from(chunks(), { objectMode: false }).pipe(parse({ delimiter, relax_column_count: true, skip_empty_lines: false }));
  try {
    for await (const record of parser) yield record as string[];
  } catch (err) {
    throw validationError({ file: [csvErrorMessage(err, fileName)] });
  }
}

/**
 * Reads a CSV file's header at once and its rows as they are iterated, so that an upload is written
 * row by row rather than parsed whole (a 50 000-row file parsed at once took ~60 MB). Refuses at once
 * (422) a file with no header; while the rows are iterated, unreadable text (422), more than `maxRows`
 * rows (413) and no data row at all (422): the caller writes inside a transaction that these roll back.
 */
export async function readCsv(bytes: Uint8Array, fileName = '', maxRows = IMPORT_MAX_ROWS): Promise<CsvTable> {
  const { utf8, head, encoding } = asUtf8(bytes);
  const delimiter = detectDelimiter(head);
  const records = csvRecords(utf8, delimiter, fileName);
  const isBlank = (r: string[]) => r.every((c) => c.trim() === '');
  let index = 0;
  let header: string[] | undefined;
  while (!header) {
    const next = await records.next();
    if (next.done) throw validationError({ file: [IMPORT_MESSAGES.noHeader] });
    index += 1;
    if (!isBlank(next.value)) header = next.value;
  }
  const seen = new Map<string, number>();
  const headers = header.map((h, i) => {
    const name = h.trim() || `Column ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
  async function* rows(): AsyncGenerator<CsvRow> {
    let count = 0;
    for await (const cells of records) {
      index += 1;
      if (isBlank(cells)) continue;
      count += 1;
      if (count > maxRows) throw new HttpError(413, IMPORT_MESSAGES.tooManyRows, 'payload_too_large');
      yield { rowNumber: index, cells };
    }
    if (!count) throw validationError({ file: [IMPORT_MESSAGES.empty] });
  }
  return { headers, rows: rows(), delimiter, encoding };
}

/** The whole file at once (OneRoster's files, which are joined to one another): readCsv's rows in an array. */
export async function parseCsv(bytes: Uint8Array, fileName = '', maxRows = IMPORT_MAX_ROWS): Promise<ParsedCsv> {
  const table = await readCsv(bytes, fileName, maxRows);
  const rows: CsvRow[] = [];
  for await (const row of table.rows) rows.push(row);
  return { ...table, rows };
}

// Writing CSV (exports, failed rows) lives in server/lib/csv.ts, shared with the reports.
