// The PDFs off the event loop (issue 32): pdfkit lays out a page and subsets the DejaVu fonts in 130–280 ms of CPU once
// warm (about 600 ms the first time in a process), every millisecond of it holding the event loop that answers every
// district. So the deletion certificate (features/adminDistricts/certificatePdf.ts) and the quotes and invoices
// (features/billing/pdf.ts) are rendered in one kept worker thread (lib/workerTask.ts `keptWorker`), whose module is
// server/pdf.worker.ts: it imports both features' renderers, as the files at the top of server/ may. Each feature calls
// its renderer through `renderPdf` with the renderer's own arguments (structured-cloned: plain data), and gets the same
// bytes its renderer makes.
//
// Kept rather than one thread per PDF: a fresh thread loads pdfkit and parses the fonts again (from source, tsx compiles
// the modules in it, one to two seconds), once per PDF a person downloads and once per purge, in every test that seeds
// the demo. The worker ends after ten idle minutes and is started again by the next PDF.
import path from 'node:path';
import { keptWorker } from './workerTask';

/** The renderers of server/pdf.worker.ts. */
export type PdfKind = 'certificate' | 'quote' | 'invoice';
export interface PdfJob { kind: PdfKind; args: unknown[] }

/** The 503 past the PDF worker's queue (a quote's or invoice's download; a purge's certificate waits for the hourly job). */
export const PDF_WORKER_BUSY_MESSAGE = 'The server is making other PDFs right now. Try again in a few seconds.';

const pdfWorker = keptWorker<PdfJob, Uint8Array>(path.join(import.meta.dirname, '..', 'pdf.worker.ts'), {
  // A PDF is one or two pages: seconds only on a machine far too busy, or a bug.
  timeoutMs: 30_000,
  maxOldGenerationSizeMb: 256,
  idleMs: 10 * 60_000,
  queueMax: 32,
  busyMessage: PDF_WORKER_BUSY_MESSAGE,
});

/** The PDF of `kind` rendered in the worker from its renderer's arguments. */
export async function renderPdf(kind: PdfKind, args: unknown[]): Promise<Buffer> {
  const bytes = await pdfWorker.run({ kind, args });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Ends the PDF worker (a server closing: main.ts). */
export function stopPdfWorker(): Promise<void> {
  return pdfWorker.stop();
}

/** Whether the PDF worker's thread is running (tests). */
export const pdfWorkerRunning = (): boolean => pdfWorker.running();
