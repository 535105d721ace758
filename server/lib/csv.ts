// Writing CSV the way spreadsheets read it: UTF-8 with a BOM (so Excel picks UTF-8), CRLF line ends,
// every cell quoted with quotes doubled, and formula injection neutralised: a cell starting with
// = + - @ tab or CR gets a leading ' so no spreadsheet runs it. The one CSV writer of every download:
// the exports and failed rows (streamed), the reports (one table at a time) and the skill map.
import type { Response } from 'express';

/** The media type of every CSV download (the API reference names it too). */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: quoted, quotes doubled, and a leading ' before = + - @ tab or CR so no spreadsheet runs it. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const UTF8_BOM = '\uFEFF';

/**
 * Streams a CSV download: headers, the BOM and header row, then each page of rows as it is read,
 * waiting for the socket to drain, so a large district never sits in memory.
 */
export async function streamCsv(res: Response, fileName: string, header: readonly string[], pages: AsyncIterable<unknown[][]>): Promise<void> {
  res.status(200);
  res.set({
    'Content-Type': CSV_CONTENT_TYPE,
    'Content-Disposition': attachment(fileName),
  });
  const write = (chunk: string) => new Promise<void>((resolve) => {
    // A client already gone: its 'close' has fired and will not again, so waiting for it would hang.
    if (res.destroyed || res.writableEnded) return resolve();
    if (res.write(chunk)) return resolve();
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
  await write(UTF8_BOM + csvLine(header));
  for await (const page of pages) {
    if (res.destroyed) return;
    await write(page.map(csvLine).join(''));
  }
  res.end();
}

/** A whole CSV document (BOM, header, rows), for tables small enough to build at once. */
export function csvDocument(header: readonly unknown[], rows: readonly (readonly unknown[])[]): string {
  return UTF8_BOM + csvLine(header) + rows.map(csvLine).join('');
}

/** Sends a whole CSV document (csvDocument) as a download named `fileName`. */
export function sendCsv(res: Response, fileName: string, header: readonly unknown[], rows: readonly (readonly unknown[])[]): void {
  res.status(200).set({ 'Content-Type': CSV_CONTENT_TYPE, 'Content-Disposition': attachment(fileName) });
  res.send(csvDocument(header, rows));
}

/** The Content-Disposition of a download: the file name reduced to letters, digits, dot, dash and underscore. */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;
}
