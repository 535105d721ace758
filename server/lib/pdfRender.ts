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
import { type KeptMemory, keptWorker } from './workerTask';

/** The renderers of server/pdf.worker.ts. */
export type PdfKind = 'certificate' | 'quote' | 'invoice';
export interface PdfJob { kind: PdfKind; args: unknown[] }

/** The 503 past the PDF worker's queue (a quote's or invoice's download; a purge's certificate waits for the hourly job). */
export const PDF_WORKER_BUSY_MESSAGE = 'The server is making other PDFs right now. Try again in a few seconds.';

/**
 * The worker's limits. Measured (docs/benchmarks.md, issue 32): its heap holds 24–33 MB after 1, 20 or 100 certificates
 * or invoices (no growth from PDF to PDF) and 34 MB after a certificate of 2 000 rows; the fonts' buffers (7–27 MB) are
 * outside the heap. A thread past these is stopped by V8 (the PDF under way fails with TaskStopped('memory')) and the
 * next PDF starts a new one.
 */
export const PDF_WORKER_LIMITS = {
  // A PDF is one or two pages: seconds only on a machine far too busy, or a bug.
  timeoutMs: 30_000,
  maxOldGenerationSizeMb: 96,
  maxYoungGenerationSizeMb: 16,
  idleMs: 10 * 60_000,
  queueMax: 32,
  busyMessage: PDF_WORKER_BUSY_MESSAGE,
} as const;

const PDF_WORKER_ENTRY = path.join(import.meta.dirname, '..', 'pdf.worker.ts');
const pdfWorker = keptWorker<PdfJob, Uint8Array>(PDF_WORKER_ENTRY, PDF_WORKER_LIMITS);

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

/** The PDF worker's heap after its last PDF and how many it made (the bench; null when not running). */
export const pdfWorkerMemory = (): KeptMemory | null => pdfWorker.memory();
