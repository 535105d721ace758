// The PDF worker's module (lib/pdfRender.ts): the deletion certificate, quotes and invoices rendered off the event loop,
// by the same functions as before, each answering its bytes in a buffer of their own (moved to the main thread, not
// copied). At the top of server/ because it imports two features' renderers, as routes.ts imports their routers.
import { deletionCertificatePdf } from './features/adminDistricts/certificatePdf';
import { invoicePdf, quotePdf } from './features/billing/pdf';
import type { PdfJob, PdfKind } from './lib/pdfRender';
import { serveKeptTask } from './lib/workerTask';

const RENDERERS: Record<PdfKind, (...args: never[]) => Promise<Buffer>> = {
  certificate: deletionCertificatePdf,
  quote: quotePdf,
  invoice: invoicePdf,
};

serveKeptTask(async (job: PdfJob) => {
  const render = RENDERERS[job.kind] as (...args: unknown[]) => Promise<Buffer>;
  return new Uint8Array(await render(...job.args));
});
