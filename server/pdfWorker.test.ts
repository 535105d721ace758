// The PDFs off the event loop (issue 32; lib/pdfRender.ts, server/pdf.worker.ts): the worker answers the document the
// renderer makes on the main thread (the same text, in English and Spanish), one kept thread serving PDF after PDF.
// Quotes and invoices come from it through their routes: billing/quotePdf.test.ts and i18n/emails.test.ts read them.
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { type CertificateFacts, certificatePdfInWorker, deletionCertificatePdf } from './features/adminDistricts/certificatePdf';
import { HttpError } from './http/errors';
import { translate } from './i18n/translate';
import { PDF_WORKER_BUSY_MESSAGE, PDF_WORKER_LIMITS, pdfWorkerMemory, pdfWorkerRunning } from './lib/pdfRender';
import { TaskStopped } from './lib/workerTask';

const textOf = async (pdf: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;

const FACTS: CertificateFacts = {
  certificateNumber: 'DDC-20261130-0A1B2C3D', districtId: 41, districtName: 'Riverside Ünified «School» District', timezone: 'America/Denver',
  scheduledAt: '2026-10-30T15:00:00.000Z', scheduledBy: 'Pat Provider', purgedAt: '2026-11-30T17:04:00.000Z', purgedBy: 'Pat Provider',
  counts: [{ kind: 'schools', label: 'Schools', count: 12 }, { kind: 'interactions', label: 'Interactions with their participants, custom fields, groups and skills', count: 1_204_551 }],
  filesDeleted: 2,
};

describe('the PDF worker', () => {
  it('answers the certificate the renderer makes, in each language, from one kept thread', async () => {
    for (const locale of ['en', 'es'] as const) {
      const facts = { ...FACTS, locale };
      const [inWorker, onThread] = await Promise.all([certificatePdfInWorker(facts), deletionCertificatePdf(facts)]);
      expect(Buffer.isBuffer(inWorker)).toBe(true);
      expect(inWorker.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await textOf(inWorker);
      expect(text).toBe(await textOf(onThread));
      expect(text).toContain('Riverside Ünified «School» District');
      expect(text).toContain('1,204,551');
      expect(pdfWorkerRunning()).toBe(true);
    }
  });

  it('past 32 PDFs waiting, answers 503 at once with its own message, in English and Spanish; those waiting still render', async () => {
    const waiting = Array.from({ length: 32 }, () => certificatePdfInWorker(FACTS));
    const busy = await certificatePdfInWorker(FACTS).catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(HttpError);
    expect(busy).toMatchObject({ status: 503, code: 'busy', headers: { 'Retry-After': '5' } });
    expect((busy as HttpError).message).toBe('The server is making other PDFs right now. Try again in a few seconds.');
    expect(PDF_WORKER_BUSY_MESSAGE).toBe((busy as HttpError).message);
    expect(translate('es', PDF_WORKER_BUSY_MESSAGE)).toBe('El servidor está generando otros PDF en este momento. Vuelva a intentarlo en unos segundos.');
    const pdfs = await Promise.all(waiting);
    expect(pdfs.map((pdf) => pdf.subarray(0, 5).toString())).toEqual(Array(32).fill('%PDF-'));
    // And the next one after them.
    expect((await certificatePdfInWorker(FACTS)).subarray(0, 5).toString()).toBe('%PDF-');
  }, 180_000);

  it('a thread past its heap limit is stopped, not the process; the next PDF starts another thread and renders', async () => {
    expect(PDF_WORKER_LIMITS.maxOldGenerationSizeMb).toBe(96);
    expect((await certificatePdfInWorker(FACTS)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfWorkerMemory()).toMatchObject({ tasks: expect.any(Number), heapUsedMb: expect.any(Number) });
    expect(pdfWorkerMemory()!.heapUsedMb).toBeLessThan(PDF_WORKER_LIMITS.maxOldGenerationSizeMb);
    // Three million counts (small objects, about 200 MB once the worker has read them): past its 96 MB while it reads them.
    const counts = Array.from({ length: 3_000_000 }, (_, i) => ({ kind: 'schools', label: `Kind ${i}`, count: i }));
    const stopped = await certificatePdfInWorker({ ...FACTS, counts }).catch((err: unknown) => err);
    expect(stopped).toEqual(new TaskStopped('memory'));
    expect(pdfWorkerRunning()).toBe(false);
    const next = await certificatePdfInWorker(FACTS);
    expect(await textOf(next)).toContain('Riverside Ünified «School» District');
    // A new thread: its first PDF.
    expect(pdfWorkerMemory()).toMatchObject({ tasks: 1 });
  }, 180_000);
});
