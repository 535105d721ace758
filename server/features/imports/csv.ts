// Reading and writing CSV the way spreadsheets do. Reading: UTF-8 with or without a BOM, UTF-16 with a
// BOM, Windows-1252 (what Excel's "CSV" saves on Windows) when the bytes are not UTF-8; comma, semicolon
// or tab, detected from the header row; quoted cells with newlines (csv-parse). Writing: UTF-8 with a
// BOM, CRLF, every cell quoted, and formula injection neutralised (server/lib/csv.ts).
import { parse } from 'csv-parse/sync';
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

export interface ParsedCsv {
  headers: string[];
  /** Data rows with their row number as a spreadsheet shows it (the header is row 1); blank rows left out. */
  rows: { rowNumber: number; cells: string[] }[];
  delimiter: string;
  encoding: DecodedText['encoding'];
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

/** Parses a CSV file's text; refuses (422) unreadable files, a missing header and more than IMPORT_MAX_ROWS rows. */
export function parseCsv(bytes: Uint8Array, fileName = '', maxRows = IMPORT_MAX_ROWS): ParsedCsv {
  const { text, encoding } = decodeText(bytes);
  const delimiter = detectDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      // One more than allowed (plus the header), to tell "too many" from "exactly the limit".
      to: maxRows + 2,
    }) as string[][];
  } catch (err) {
    throw validationError({ file: [csvErrorMessage(err, fileName)] });
  }
  const isBlank = (r: string[]) => r.every((c) => c.trim() === '');
  const headerIndex = records.findIndex((r) => !isBlank(r));
  if (headerIndex === -1) throw validationError({ file: [IMPORT_MESSAGES.noHeader] });
  const seen = new Map<string, number>();
  const headers = records[headerIndex]!.map((h, i) => {
    const name = h.trim() || `Column ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
  const rows: ParsedCsv['rows'] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const r = records[i]!;
    if (isBlank(r)) continue;
    rows.push({ rowNumber: i + 1, cells: r });
  }
  if (rows.length > maxRows) throw new HttpError(413, IMPORT_MESSAGES.tooManyRows, 'payload_too_large');
  if (!rows.length) throw validationError({ file: [IMPORT_MESSAGES.empty] });
  return { headers, rows, delimiter, encoding };
}

// Writing CSV (exports, failed rows) lives in server/lib/csv.ts, shared with the reports.
